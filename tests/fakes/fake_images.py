"""An ImageProcessor without an imaging library: PNG files pass through (their size read from
the header), other formats are refused; drawn marks are recorded and the PNG returned as is."""

from __future__ import annotations

import struct
from collections.abc import Sequence

from pdfcore.errors import ExtractionFailed, ResourceLimit
from pdfcore.models import Mark, PngImage
from ports.image_processor import ImageProcessor

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (``extraction_failed`` when it is not a PNG)."""
    if not data.startswith(PNG_SIGNATURE) or len(data) < 24 or data[12:16] != b"IHDR":
        raise ExtractionFailed("The fake image processor reads PNG files only.")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


class FakeImageProcessor(ImageProcessor):
    name = "fake"

    def __init__(self) -> None:
        self.drawn: list[tuple[Mark, ...]] = []

    def to_png(self, data: bytes, *, max_side: int, max_pixels: int) -> PngImage:
        width, height = png_size(data)
        if width * height > max_pixels:
            raise ResourceLimit(f"The image is {width}x{height} pixels, more than this server decodes.")
        if max(width, height) > max_side:
            raise ExtractionFailed("The fake image processor does not scale images.")
        return PngImage(png=data, width=width, height=height, source_size=(width, height))

    def draw(self, png: bytes, marks: Sequence[Mark]) -> PngImage:
        width, height = png_size(png)
        self.drawn.append(tuple(marks))
        return PngImage(png=png, width=width, height=height)
