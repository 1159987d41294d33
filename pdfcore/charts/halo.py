"""The highlight halo on a hint render: the series a question is about, traced in the question's
highlight colour so a caller looking at the image knows which one is meant.

The halo is worked out here as marks in the render's pixels; an ImageProcessor draws them.
"""

from __future__ import annotations

from pdfcore.charts.panel_reader import Highlight
from pdfcore.models import Box, Mark

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
#: Opacity of a halo over the render.
_ALPHA = 110


def halo_marks(size: tuple[int, int], region: Box, highlights: tuple[Highlight, ...]) -> tuple[Mark, ...]:
    """The marks tracing every highlight over a render of ``region`` that is ``size`` pixels."""
    sx = size[0] / max(region.width, 1e-6)
    sy = size[1] / max(region.height, 1e-6)
    width = max(8, round(5.0 * sx))
    outline = max(3, width // 2)

    def to_px(x: float, y: float) -> tuple[float, float]:
        return ((x - region.x0) * sx, (y - region.y0) * sy)

    marks: list[Mark] = []
    for h in highlights:
        rgba = (*_RGB.get(h.color, _RGB["orange"]), _ALPHA)
        if h.kind == "curve" and len(h.points) >= 2:
            marks.append(Mark("line", tuple(to_px(x, y) for x, y in h.points), rgba, width))
        elif h.kind == "bars":
            for b in h.boxes:
                x0, y0 = to_px(b.x0, b.y0)
                x1, y1 = to_px(b.x1, b.y1)
                marks.append(Mark("rectangle", ((x0 - 3, y0 - 3), (x1 + 3, y1 + 3)), rgba, outline))
        else:
            r = width * 1.2
            for x, y in h.points:
                px, py = to_px(x, y)
                marks.append(Mark("ellipse", ((px - r, py - r), (px + r, py + r)), rgba, outline))
    return tuple(marks)
