"""OcrEngine: text recognised in a raster image."""

from __future__ import annotations

from typing import Protocol

from pdfcore.models import OcrResult, RasterImage

#: The turns ``recognize`` accepts and ``detect_orientation`` answers: degrees clockwise.
TURNS = (0, 90, 180, 270)


class OcrEngine(Protocol):
    """Recognises words in an image.

    Contract:

    - ``name`` is the engine's registry name (``tesseract``, ``easyocr``, ``rapidocr``).
    - ``check()`` raises ``ocr_unavailable`` (with the install command in the recovery) when the
      engine cannot run here; it never downloads anything.
    - ``recognize`` returns words with boxes in pixel coordinates (top-left origin) and
      confidences in [0, 1]; ``languages`` are Tesseract-style codes (``eng``, ``jpn``). Each
      word carries the number of its line, and lines are numbered in reading order (columns one
      after the other, not row by row across them); ``text`` is the lines in that order.
    - ``turn`` (one of ``TURNS``) has the image turned clockwise by that many degrees before it
      is read, for a page whose text is turned; the boxes are then in the turned image's pixel
      coordinates (its width and height swap for 90 and 270). The caller's render is reused:
      the engine turns the pixels it was given.
    - ``detect_orientation`` answers the ``turn`` that sets the image's text upright, or None
      when the engine cannot tell (no orientation detection of its own, or too little text).
    - ``preferred_dpi`` is the render resolution the engine reads best at.
    - ``sure_confidence`` is the mean word confidence from which the engine's reading of a page
      is taken as read upright: engines score their words on scales of their own (text read
      upside down scores about 0.25 with Tesseract and EasyOCR, 0.6-0.75 with RapidOCR; text read
      right 0.85-1.0).
    - Not necessarily thread-safe: callers run one recognition at a time per engine, unless the
      engine has a ``parallelism`` attribute saying how many may run at once (optional, looked
      up with ``getattr``).

    Errors that may escape: ``ocr_unavailable``, ``ocr_failed``.
    """

    name: str
    preferred_dpi: int
    sure_confidence: float

    def check(self) -> None: ...

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...], turn: int = 0) -> OcrResult: ...

    def detect_orientation(self, image: RasterImage) -> int | None: ...
