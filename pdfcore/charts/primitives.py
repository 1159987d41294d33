"""The page's drawing sorted into what chart reading looks for: straight axis-aligned segments,
rectangles, labels, and the style of a stroke.
"""

from __future__ import annotations

import colorsys
import itertools

from attrs import frozen

from pdfcore.charts.labels import Label, build_labels
from pdfcore.models import Box
from pdfcore.vectors import Color, PageVectors, VectorPath, rect_of

#: Straightness tolerance: a segment is horizontal when |dy| <= this fraction of its length (or 0.25 pt).
_FLAT = 0.01


@frozen
class Seg:
    """An axis-aligned straight stroke piece (or a thin filled bar standing in for one).

    ``a``/``b`` run along the segment (a <= b); ``at`` is the fixed coordinate.
    """

    at: float
    a: float
    b: float
    order: int
    width: float
    rgb: tuple[float, float, float]
    filled: bool = False
    #: The segment is a whole two-point piece of its path (how tick marks are drawn), not a
    #: side of a longer outline.
    lone: bool = False

    @property
    def length(self) -> float:
        return self.b - self.a


@frozen
class Style:
    """How a series is drawn: what legend entries and questions refer to."""

    rgb: tuple[float, float, float] | None
    width: float
    dash: tuple[float, ...] = ()

    def key(self) -> tuple[object, ...]:
        rgb = None if self.rgb is None else tuple(round(c, 2) for c in self.rgb)
        return (rgb, round(self.width, 1), tuple(round(d, 1) for d in self.dash))


def rgb_of(color: Color | None) -> tuple[float, float, float] | None:
    if color is None:
        return None
    return (round(color[0], 3), round(color[1], 3), round(color[2], 3))


def same_rgb(a: tuple[float, float, float] | None, b: tuple[float, float, float] | None, tol: float = 0.03) -> bool:
    if a is None or b is None:
        return a is b
    return all(abs(x - y) <= tol for x, y in zip(a, b))


_HUES = (
    (15.0, "red"),
    (40.0, "orange"),
    (65.0, "yellow"),
    (160.0, "green"),
    (195.0, "cyan"),
    (255.0, "blue"),
    (290.0, "purple"),
    (335.0, "pink"),
    (360.0, "red"),
)


def color_name(rgb: tuple[float, float, float] | None) -> str | None:
    """A coarse hue word (red, blue, grey, ...) for a colour; None for no colour."""
    if rgb is None:
        return None
    h, light, sat = colorsys.rgb_to_hls(*rgb)
    if light <= 0.12:
        return "black"
    if light >= 0.93:
        return "white"
    if sat < 0.18 or (max(rgb) - min(rgb)) < 0.08:
        return "grey"
    deg = h * 360.0
    if 15.0 <= deg < 45.0 and light < 0.4:
        return "brown"
    for limit, name in _HUES:
        if deg < limit:
            return name
    return "red"


@frozen
class PageGeometry:
    """The page's drawing, pre-sorted for chart detection."""

    vectors: PageVectors
    hsegs: tuple[Seg, ...]
    vsegs: tuple[Seg, ...]
    #: Every rectangle outline (filled or stroked), with its path.
    rects: tuple[tuple[Box, VectorPath], ...]
    labels: tuple[Label, ...]

    @property
    def width(self) -> float:
        return self.vectors.width

    @property
    def height(self) -> float:
        return self.vectors.height


def analyse(vectors: PageVectors) -> PageGeometry:
    hsegs: list[Seg] = []
    vsegs: list[Seg] = []
    rects: list[tuple[Box, VectorPath]] = []
    for p in vectors.paths:
        box = rect_of(p)
        if box is not None:
            visible_fill = p.fill is not None and p.fill[3] > 0
            visible_stroke = p.stroke is not None and p.stroke[3] > 0
            if visible_fill or visible_stroke:
                rects.append((box, p))
            if visible_fill and p.fill is not None:
                rgb = (p.fill[0], p.fill[1], p.fill[2])
                # A thin filled bar draws a line (axis lines, minus signs of some typesetters).
                if box.height <= 1.2 and box.width >= 2.0:
                    hsegs.append(Seg((box.y0 + box.y1) / 2, box.x0, box.x1, p.order, box.height, rgb, True))
                elif box.width <= 1.2 and box.height >= 2.0:
                    vsegs.append(Seg((box.x0 + box.x1) / 2, box.y0, box.y1, p.order, box.width, rgb, True))
        if p.stroke is None or p.stroke[3] <= 0:
            continue
        rgb = (p.stroke[0], p.stroke[1], p.stroke[2])
        for sub in p.subpaths:
            if sub.curved and len(sub.points) > 2:
                continue
            pts = list(sub.points)
            if sub.closed and pts and pts[0] != pts[-1]:
                pts.append(pts[0])
            lone = len(pts) == 2
            for (x0, y0), (x1, y1) in itertools.pairwise(pts):
                dx, dy = abs(x1 - x0), abs(y1 - y0)
                if dx >= 0.5 and dy <= max(0.25, _FLAT * dx):
                    hsegs.append(Seg((y0 + y1) / 2, min(x0, x1), max(x0, x1), p.order, p.line_width, rgb, lone=lone))
                elif dy >= 0.5 and dx <= max(0.25, _FLAT * dy):
                    vsegs.append(Seg((x0 + x1) / 2, min(y0, y1), max(y0, y1), p.order, p.line_width, rgb, lone=lone))
    return PageGeometry(
        vectors=vectors,
        hsegs=tuple(hsegs),
        vsegs=tuple(vsegs),
        rects=tuple(rects),
        labels=tuple(build_labels(vectors.texts)),
    )


def inside(box: Box, x: float, y: float, margin: float = 0.0) -> bool:
    return box.x0 - margin <= x <= box.x1 + margin and box.y0 - margin <= y <= box.y1 + margin


def overlap_area(a: Box, b: Box) -> float:
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return w * h if w > 0 and h > 0 else 0.0


def union(boxes: list[Box]) -> Box:
    return Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes), max(b.x1 for b in boxes), max(b.y1 for b in boxes))
