"""ImageProcessor: image files to PNG, and shapes drawn over a PNG."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pdfcore.models import Mark, PngImage


class ImageProcessor(Protocol):
    """Decodes and draws on raster images, so that no service touches pixels.

    Contract:

    - ``to_png(data, max_side=, max_pixels=)`` decodes an image file (PNG, JPEG, GIF, BMP,
      TIFF, WebP; its first frame) and returns it as PNG: RGBA when the image has an alpha
      band or a palette, else RGB; scaled down, aspect kept, so that its longer side is at most
      ``max_side`` pixels (never scaled up). ``PngImage.source_size`` is the decoded size.
    - An image of more than ``max_pixels`` pixels is refused with ``resource_limit`` before its
      pixels are decoded (decompression bombs); data that is not a decodable image raises
      ``extraction_failed``.
    - ``draw(png, marks)`` returns ``png`` (an RGB or RGBA PNG) with each :class:`Mark` drawn
      over it in order, blended by its opacity, as an RGB PNG of the same size.
    - Thread-safe; the imaging library is imported on first use.

    Errors that may escape: ``resource_limit``, ``extraction_failed``.
    """

    def to_png(self, data: bytes, *, max_side: int, max_pixels: int) -> PngImage: ...

    def draw(self, png: bytes, marks: Sequence[Mark]) -> PngImage: ...
