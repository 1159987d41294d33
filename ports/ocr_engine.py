"""OcrEngine: text recognised in a raster image."""

from __future__ import annotations

from typing import Protocol

from pdfcore.models import OcrResult, RasterImage


class OcrEngine(Protocol):
    """Recognises words in an image.

    Contract:

    - ``name`` is the engine's registry name (``tesseract``, ``easyocr``, ``rapidocr``).
    - ``check()`` raises ``ocr_unavailable`` (with the install command in the recovery) when the
      engine cannot run here; it never downloads anything.
    - ``recognize`` returns words with boxes in the image's pixel coordinates (top-left origin)
      and confidences in [0, 1]; ``languages`` are Tesseract-style codes (``eng``, ``jpn``).
    - ``preferred_dpi`` is the render resolution the engine reads best at.
    - Not necessarily thread-safe: callers run one recognition at a time per engine.

    Errors that may escape: ``ocr_unavailable``, ``ocr_failed``.
    """

    name: str
    preferred_dpi: int

    def check(self) -> None: ...

    def recognize(self, image: RasterImage, *, languages: tuple[str, ...]) -> OcrResult: ...
