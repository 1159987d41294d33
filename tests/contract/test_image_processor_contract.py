"""The fake and the Pillow image processor against the same assertions (and what only a real
imaging library can show: scaling, other formats, drawn pixels)."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from adapters.pillow_images import PillowImageProcessor
from pdfcore.errors import ExtractionFailed, ResourceLimit
from pdfcore.models import Mark
from ports.image_processor import ImageProcessor
from tests.fakes.fake_images import FakeImageProcessor, png_size
from tests.fakes.fake_renderer import png_bytes


@pytest.fixture(params=["fake", "pillow"])
def images(request: pytest.FixtureRequest) -> ImageProcessor:
    return FakeImageProcessor() if request.param == "fake" else PillowImageProcessor()


def _header_only_png(width: int, height: int) -> bytes:
    """A PNG header declaring a size, with no pixels behind it (a decompression bomb's shape)."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


def test_a_png_comes_back_as_a_png_of_its_size(images: ImageProcessor) -> None:
    out = images.to_png(png_bytes(40, 30), max_side=1568, max_pixels=10_000)
    assert (out.width, out.height) == (40, 30) == png_size(out.png)
    assert out.source_size == (40, 30)


def test_data_that_is_no_image_is_extraction_failed(images: ImageProcessor) -> None:
    with pytest.raises(ExtractionFailed):
        images.to_png(b"this is not an image", max_side=1568, max_pixels=10_000)


def test_an_image_over_the_pixel_cap_is_refused_before_decoding(images: ImageProcessor) -> None:
    with pytest.raises(ResourceLimit):
        images.to_png(_header_only_png(5000, 5000), max_side=1568, max_pixels=1_000_000)


def test_drawing_keeps_the_size(images: ImageProcessor) -> None:
    marks = (
        Mark("line", ((2.0, 2.0), (30.0, 20.0), (38.0, 5.0)), (255, 140, 0, 110), 8),
        Mark("rectangle", ((5.0, 5.0), (15.0, 25.0)), (0, 200, 255, 110), 3),
        Mark("ellipse", ((10.0, 10.0), (20.0, 20.0)), (255, 0, 200, 110), 3),
    )
    out = images.draw(png_bytes(40, 30), marks)
    assert (out.width, out.height) == (40, 30) == png_size(out.png)


# -- what only a real imaging library shows --------------------------------------------------------


def test_large_images_are_scaled_to_the_longest_side() -> None:
    buf = io.BytesIO()
    Image.new("RGB", (3000, 1000), (10, 20, 30)).save(buf, format="JPEG")
    out = PillowImageProcessor().to_png(buf.getvalue(), max_side=1568, max_pixels=60_000_000)
    assert (out.width, out.height) == (1568, 523) and out.source_size == (3000, 1000)
    with Image.open(io.BytesIO(out.png)) as im:
        assert im.format == "PNG" and im.size == (1568, 523) and im.mode == "RGB"


def test_transparency_is_kept() -> None:
    buf = io.BytesIO()
    Image.new("RGBA", (20, 10), (255, 0, 0, 64)).save(buf, format="PNG")
    out = PillowImageProcessor().to_png(buf.getvalue(), max_side=1568, max_pixels=10_000)
    with Image.open(io.BytesIO(out.png)) as im:
        assert im.mode == "RGBA" and im.getpixel((3, 3)) == (255, 0, 0, 64)


def test_marks_are_drawn_in_their_colour() -> None:
    line = Mark("line", ((0.0, 15.0), (40.0, 15.0)), (255, 140, 0, 110), 8)
    out = PillowImageProcessor().draw(png_bytes(40, 30), (line,))
    with Image.open(io.BytesIO(out.png)) as im:
        r, g, b = im.convert("RGB").getpixel((20, 15))
        assert r > g + 30 and r > b + 30  # orange over the grey page
        assert im.convert("RGB").getpixel((20, 1)) == (200, 200, 200)  # untouched away from it
