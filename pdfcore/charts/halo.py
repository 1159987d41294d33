"""Drawing the highlight halo on a hint render: the series a question is about, traced in the
question's highlight colour so a caller looking at the image knows which one is meant.
"""

from __future__ import annotations

import io

from pdfcore.charts.engine import Highlight
from pdfcore.models import Box

_RGB = {
    "orange": (255, 140, 0),
    "cyan": (0, 200, 255),
    "magenta": (255, 0, 200),
    "lime": (60, 230, 60),
    "yellow": (255, 220, 0),
    "red": (255, 40, 40),
    "blue": (40, 90, 255),
    "purple": (160, 60, 220),
}


def draw_halos(png: bytes, region: Box, highlights: tuple[Highlight, ...]) -> tuple[bytes, int, int]:
    """``png`` (a render of ``region``) with every highlight traced over it; (png, width, height)."""
    from PIL import Image, ImageDraw

    base = Image.open(io.BytesIO(png)).convert("RGBA")
    sx = base.width / max(region.width, 1e-6)
    sy = base.height / max(region.height, 1e-6)
    overlay = Image.new("RGBA", base.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    width = max(8, round(5.0 * sx))

    def to_px(x: float, y: float) -> tuple[float, float]:
        return ((x - region.x0) * sx, (y - region.y0) * sy)

    for h in highlights:
        rgba = (*_RGB.get(h.color, (255, 140, 0)), 110)
        if h.kind == "curve" and len(h.points) >= 2:
            draw.line([to_px(x, y) for x, y in h.points], fill=rgba, width=width, joint="curve")
        elif h.kind == "bars":
            for b in h.boxes:
                x0, y0 = to_px(b.x0, b.y0)
                x1, y1 = to_px(b.x1, b.y1)
                draw.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=rgba, width=max(3, width // 2))
        else:
            r = width * 1.2
            for x, y in h.points:
                px, py = to_px(x, y)
                draw.ellipse((px - r, py - r, px + r, py + r), outline=rgba, width=max(3, width // 2))
    out = Image.alpha_composite(base, overlay).convert("RGB")
    buf = io.BytesIO()
    out.save(buf, format="PNG", optimize=False)
    return buf.getvalue(), out.width, out.height
