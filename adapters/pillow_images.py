"""ImageProcessor on Pillow: image files to PNG, and marks drawn over a PNG.

Pillow is imported on first use. Its errors are translated here: an image over the pixel cap
(checked from the header, before the pixels are decoded, and by Pillow's own bomb guard) is
``resource_limit``; anything Pillow cannot decode is ``extraction_failed``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from pdfcore.errors import ExtractionFailed, PdfcoreError, ResourceLimit
from pdfcore.models import Mark, PngImage
from ports.image_processor import ImageProcessor


class PillowImageProcessor(ImageProcessor):
    name = "pillow"

    def to_png(self, data: bytes, *, max_side: int, max_pixels: int) -> PngImage:
        from PIL import Image

        try:
            with Image.open(io.BytesIO(data)) as im:
                original = (int(im.width), int(im.height))
                if im.width * im.height > max_pixels:
                    raise ResourceLimit(f"The image is {im.width}x{im.height} pixels, more than this server decodes.")
                im.seek(0)
                frame = im.convert("RGBA" if "A" in im.getbands() or im.mode == "P" else "RGB")
        except PdfcoreError:
            raise
        except Image.DecompressionBombError as exc:
            raise ResourceLimit("The image has more pixels than this server decodes.") from exc
        except Exception as exc:  # Pillow raises many kinds of errors on bad images
            raise ExtractionFailed("The image could not be decoded.") from exc
        side = max(frame.width, frame.height)
        if side > max_side:
            scale = max_side / side
            frame = frame.resize((max(1, round(frame.width * scale)), max(1, round(frame.height * scale))))
        return PngImage(png=_png(frame), width=frame.width, height=frame.height, source_size=original)

    def draw(self, png: bytes, marks: Sequence[Mark]) -> PngImage:
        from PIL import Image, ImageDraw

        try:
            base = Image.open(io.BytesIO(png)).convert("RGBA")
        except Exception as exc:  # not a PNG Pillow can read
            raise ExtractionFailed("The image to draw on could not be decoded.") from exc
        overlay = Image.new("RGBA", base.size, (0, 0, 0, 0))
        pen = ImageDraw.Draw(overlay)
        for mark in marks:
            _draw(pen, mark)
        out = Image.alpha_composite(base, overlay).convert("RGB")
        return PngImage(png=_png(out), width=out.width, height=out.height)


def _draw(pen: Any, mark: Mark) -> None:
    points = [(float(x), float(y)) for x, y in mark.points]
    if mark.kind == "line":
        if len(points) >= 2:
            pen.line(points, fill=mark.rgba, width=mark.width, joint="curve")
        return
    if len(points) != 2:
        raise ValueError(f"a {mark.kind} mark takes two corners, not {len(points)} points")
    (x0, y0), (x1, y1) = points
    box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    if mark.kind == "rectangle":
        pen.rectangle(box, outline=mark.rgba, width=mark.width)
    elif mark.kind == "ellipse":
        pen.ellipse(box, outline=mark.rgba, width=mark.width)
    else:
        raise ValueError(f"unknown mark kind {mark.kind!r}")


def _png(image: Any) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False)
    return buf.getvalue()
