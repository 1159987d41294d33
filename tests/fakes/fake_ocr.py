"""An OcrEngine that "recognises" the words it was configured with (no engine, no model)."""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.errors import OcrFailed, OcrUnavailable
from pdfcore.models import Box, OcrResult, OcrWord, RasterImage
from ports.ocr_engine import OcrEngine

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def words_from_lines(lines: Sequence[Sequence[tuple[str, Box]]], confidence: float = 0.95) -> tuple[OcrWord, ...]:
    """Words numbered by the line they sit on, in the order given."""
    return tuple(
        OcrWord(text=text, bbox=box, confidence=confidence, line=n)
        for n, line in enumerate(lines)
        for text, box in line
    )


class FakeOcrEngine(OcrEngine):
    """Returns ``words`` for every image (clipped to its size), like a real engine would.

    ``languages`` are the codes it pretends to read; ``available=False`` makes ``check`` and
    ``recognize`` raise ``ocr_unavailable``; ``fail=True`` makes ``recognize`` raise ``ocr_failed``.
    Every call is recorded in ``calls`` as ``(width, height, languages)``.
    """

    name = "fake"
    preferred_dpi = 150

    def __init__(
        self,
        words: Sequence[OcrWord] = (),
        *,
        languages: Sequence[str] = ("eng",),
        available: bool = True,
        fail: bool = False,
    ) -> None:
        self.words = tuple(words)
        self.languages = frozenset(languages)
        self.available = available
        self.fail = fail
        self.calls: list[tuple[int, int, tuple[str, ...]]] = []

    def check(self, *, languages: tuple[str, ...] = ()) -> None:
        if not self.available:
            raise OcrUnavailable("The fake OCR engine is switched off.", details={"engine": self.name})
        wanted = [code for item in languages for code in item.split("+") if code]
        unsupported = [code for code in wanted if code not in self.languages]
        if unsupported:
            raise OcrUnavailable(
                f"The fake OCR engine does not read {', '.join(unsupported)}; it reads {', '.join(sorted(self.languages))}.",
                details={"engine": self.name, "unsupported_languages": unsupported},
            )

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...]) -> OcrResult:
        self.check(languages=languages)
        self.calls.append((image.width, image.height, tuple(languages)))
        if self.fail or not image.png.startswith(_PNG_SIGNATURE):
            raise OcrFailed("The fake OCR engine could not read the image.")
        words = tuple(w for w in (_clipped(w, image.width, image.height) for w in self.words) if w is not None)
        lines: dict[int, list[str]] = {}
        for word in words:
            lines.setdefault(word.line, []).append(word.text)
        text = "\n".join(" ".join(lines[n]) for n in sorted(lines))
        mean = sum(w.confidence for w in words) / len(words) if words else 0.0
        return OcrResult(engine=self.name, words=words, text=text, mean_confidence=mean)


def _clipped(word: OcrWord, width: int, height: int) -> OcrWord | None:
    b = word.bbox
    x0, y0 = min(max(b.x0, 0.0), width), min(max(b.y0, 0.0), height)
    x1, y1 = min(max(b.x1, 0.0), width), min(max(b.y1, 0.0), height)
    if x1 <= x0 or y1 <= y0:
        return None  # entirely outside this image
    return OcrWord(text=word.text, bbox=Box(x0, y0, x1, y1), confidence=word.confidence, line=word.line)
