"""An OcrEngine that "recognises" the words it was configured with (no engine, no model)."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from pdfcore.errors import OcrFailed, OcrUnavailable
from pdfcore.geometry import turn_box
from pdfcore.models import Box, OcrResult, OcrWord, RasterImage
from ports.ocr_engine import TURNS, OcrEngine

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: The confidence of words read sideways or upside down (a real engine reads them as noise).
MISREAD_CONFIDENCE = 0.2


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

        ``turned`` says the image shows the words turned clockwise by that many degrees: the words'
        boxes are given in the upright image (the image turned back). Recognised with the ``turn``
        that sets it upright, the words come back as given; with any other turn, in the boxes where
        that turn puts them, read as noise (``misread_confidence``: some engines score the letters
    they make of text upside down 0.6-0.75, others about 0.2). ``detects`` makes
        ``detect_orientation`` answer that turn (else it cannot tell: None). ``seconds`` is how long a
        recognition takes (a sleep, so that parallel calls can be observed). ``level_pieces`` makes a
        page read a quarter off come back as short level pieces (each word a line of its own, its box
        as wide as the turned box is tall), as EasyOCR reads it, instead of vertical lines. Every call is recorded
        in ``calls`` as ``(width, height, languages)`` and its turn in ``turns``.
    """

    name = "fake"
    preferred_dpi = 150
    sure_confidence = 0.8

    def __init__(
        self,
        words: Sequence[OcrWord] = (),
        *,
        languages: Sequence[str] = ("eng",),
        available: bool = True,
        fail: bool = False,
        turned: int = 0,
        detects: bool = False,
        seconds: float = 0.0,
        parallelism: int = 1,
        misread_confidence: float = MISREAD_CONFIDENCE,
        level_pieces: bool = False,
    ) -> None:
        self.words = tuple(words)
        self.languages = frozenset(languages)
        self.available = available
        self.fail = fail
        self.turned = turned
        self.detects = detects
        self.seconds = seconds
        self.parallelism = parallelism
        self.misread_confidence = misread_confidence
        self.level_pieces = level_pieces
        self.calls: list[tuple[int, int, tuple[str, ...]]] = []
        self.turns: list[int] = []
        self.detections = 0
        #: Most recognitions seen running at the same time.
        self.most_at_once = 0
        self._running = 0
        self._lock = threading.Lock()

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

    def detect_orientation(self, image: RasterImage) -> int | None:
        self.detections += 1
        return (-self.turned) % 360 if self.detects else None

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...], turn: int = 0) -> OcrResult:
        self.check(languages=languages)
        if turn not in TURNS:
            raise OcrFailed(f"The fake OCR engine cannot turn an image by {turn} degrees.")
        with self._lock:
            self.calls.append((image.width, image.height, tuple(languages)))
            self.turns.append(turn)
            self._running += 1
            self.most_at_once = max(self.most_at_once, self._running)
        try:
            if self.seconds:
                time.sleep(self.seconds)
        finally:
            with self._lock:
                self._running -= 1
        if self.fail or not image.png.startswith(_PNG_SIGNATURE):
            raise OcrFailed("The fake OCR engine could not read the image.")
        width, height = (image.height, image.width) if turn in (90, 270) else (image.width, image.height)
        # The upright image, and how far the image read is turned from it.
        off = (self.turned + turn) % 360
        up_w, up_h = (width, height) if off in (0, 180) else (height, width)
        words = []
        for w in self.words:
            if off:
                box, line = turn_box(w.bbox, off, up_w, up_h), w.line
                if self.level_pieces and off in (90, 270):  # each word a level line of its own
                    box, line = Box(box.x0, box.y0, box.x0 + box.height, box.y0 + box.width), 1000 + len(words)
                w = OcrWord(text=w.text, bbox=box, confidence=self.misread_confidence, line=line)
            clipped = _clipped(w, width, height)
            if clipped is not None:
                words.append(clipped)
        lines: dict[int, list[str]] = {}
        for word in words:
            lines.setdefault(word.line, []).append(word.text)
        text = "\n".join(" ".join(lines[n]) for n in sorted(lines))
        mean = sum(w.confidence for w in words) / len(words) if words else 0.0
        return OcrResult(engine=self.name, words=tuple(words), text=text, mean_confidence=mean)


def _clipped(word: OcrWord, width: int, height: int) -> OcrWord | None:
    b = word.bbox
    x0, y0 = min(max(b.x0, 0.0), width), min(max(b.y0, 0.0), height)
    x1, y1 = min(max(b.x1, 0.0), width), min(max(b.y1, 0.0), height)
    if x1 <= x0 or y1 <= y0:
        return None  # entirely outside this image
    return OcrWord(text=word.text, bbox=Box(x0, y0, x1, y1), confidence=word.confidence, line=word.line)
