"""Engine adapters that crash or hang, to test process isolation (loaded by spec in workers)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Sequence

from pdfcore.models import DocumentFacts, DocumentSource, OcrResult, PageInfo, PageText, RasterImage


class CrashingExtractor:
    """Dies like a segfaulting engine when asked for page 13; otherwise returns one line per page."""

    def inspect(self, source: DocumentSource) -> DocumentFacts:
        return DocumentFacts(20, (), (), tuple(PageInfo(i, 612.0, 792.0) for i in range(20)))

    def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]:
        for i in pages:
            if i == 12:
                os.abort()
            if i == 13:
                time.sleep(3600)
            yield PageText(index=i, text=f"page {i + 1} in pid {os.getpid()}")


def loaded(*modules: str) -> list[bool]:
    """Which of these modules the worker running this has imported (called by spec)."""
    import sys

    return [m in sys.modules for m in modules]


class CrashingOcrEngine:
    """An OcrEngine that dies like a segfaulting engine on an image 13 pixels wide."""

    name = "crashing"
    preferred_dpi = 123
    sure_confidence = 0.5

    def check(self, *, languages: tuple[str, ...] = ()) -> None:
        pass

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...], turn: int = 0) -> OcrResult:
        if image.width == 13:
            os.abort()
        return OcrResult(engine=self.name, words=(), text=f"pid {os.getpid()}", mean_confidence=0.0)

    def detect_orientation(self, image: RasterImage) -> int | None:
        return None
