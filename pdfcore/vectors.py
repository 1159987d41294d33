"""Vector geometry and text of one page, as the :class:`~ports.vector_source.VectorSource` port
reports it.

Everything is in page space (PDF points, the page as displayed, top-left origin, y downwards),
after every matrix that applies (the object's own, any enclosing form XObject's, the page's
rotation). Colours are ``(r, g, b, a)`` with each channel in [0, 1].

These values are the raw material of chart reading (:mod:`pdfcore.charts`); they describe what
is drawn, not what it means.
"""

from __future__ import annotations

from attrs import frozen

from pdfcore.models import Box

Color = tuple[float, float, float, float]
Point = tuple[float, float]


@frozen
class Subpath:
    """One connected piece of a path: its on-curve points in drawing order.

    Bezier control points are left out; ``curved`` says the piece had curve segments, so the
    straight lines between its points only approximate it.
    """

    points: tuple[Point, ...]
    closed: bool = False
    curved: bool = False


@frozen
class VectorPath:
    """A path object: its pieces, how it is painted, and its painted bounds."""

    #: Drawing order on the page (later paints over earlier); unique per page.
    order: int
    subpaths: tuple[Subpath, ...]
    #: Bounds as painted (stroke width and joins included), page space.
    bounds: Box
    #: Stroke colour, or None when the path is not stroked.
    stroke: Color | None = None
    #: Fill colour, or None when the path is not filled.
    fill: Color | None = None
    #: Stroke width in points (scaled by the path's matrix).
    line_width: float = 0.0
    #: Dash pattern in points; () for a solid stroke.
    dash: tuple[float, ...] = ()
    #: Which form XObject placement drew the path: 0 for the page's own content, else an id
    #: shared by every object of one placement (repeated markers are usually one form each).
    group: int = 0

    @property
    def n_points(self) -> int:
        return sum(len(s.points) for s in self.subpaths)


@frozen
class FilledRect:
    """A filled path that is exactly one axis-aligned rectangle (a bar, swatch or background)."""

    order: int
    box: Box
    fill: Color
    stroke: Color | None = None


@frozen
class Glyph:
    """One visible character."""

    char: str
    #: Tight glyph box, page space.
    box: Box
    #: Baseline origin of the glyph, page space.
    origin: Point
    #: Effective font size in points (nominal size times the text matrix scale).
    size: float
    #: Rotation of the baseline in degrees, counter-clockwise as displayed (0 = left to right).
    angle: float = 0.0
    color: Color = (0.0, 0.0, 0.0, 1.0)
    #: A space character (not itself a glyph) comes right before this glyph in the text.
    space_before: bool = False


@frozen
class TextRun:
    """The visible characters of one text object, in content order."""

    order: int
    text: str
    box: Box
    size: float
    angle: float
    color: Color
    glyphs: tuple[Glyph, ...]


@frozen
class ImagePlacement:
    """Where a raster image is painted."""

    order: int
    box: Box


@frozen
class PageVectors:
    """The page's drawing, in page space."""

    page: int
    width: float
    height: float
    paths: tuple[VectorPath, ...] = ()
    rects: tuple[FilledRect, ...] = ()
    texts: tuple[TextRun, ...] = ()
    images: tuple[ImagePlacement, ...] = ()
    #: True when the page had more objects than the reader's cap and the rest were skipped.
    truncated: bool = False
    #: False when text was not asked for (``texts`` is then empty whatever the page holds).
    has_text: bool = True


def rect_of(path: VectorPath, *, tolerance: float = 0.05) -> Box | None:
    """The rectangle a path outlines, when it is one closed axis-aligned rectangle."""
    if len(path.subpaths) != 1:
        return None
    sub = path.subpaths[0]
    if sub.curved:
        return None
    pts = list(sub.points)
    if len(pts) >= 2 and abs(pts[0][0] - pts[-1][0]) <= tolerance and abs(pts[0][1] - pts[-1][1]) <= tolerance:
        pts = pts[:-1]
    if 4 < len(pts) <= 8:
        pts = _corners(pts, tolerance)
    if len(pts) != 4:
        return None
    xs = sorted({round(p[0] / tolerance) for p in pts})
    ys = sorted({round(p[1] / tolerance) for p in pts})
    if len(xs) > 2 or len(ys) > 2:
        # Allow a little float noise: at most two distinct x and two distinct y (within tolerance).
        x_vals = sorted(p[0] for p in pts)
        y_vals = sorted(p[1] for p in pts)
        if x_vals[1] - x_vals[0] > tolerance or x_vals[3] - x_vals[2] > tolerance:
            return None
        if y_vals[1] - y_vals[0] > tolerance or y_vals[3] - y_vals[2] > tolerance:
            return None
    # Consecutive corners must differ in exactly one coordinate (no bow-tie orderings).
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
        same_x = abs(ax - bx) <= tolerance
        same_y = abs(ay - by) <= tolerance
        if same_x == same_y:
            return None
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return None
    return Box(x0, y0, x1, y1)


def _corners(pts: list[Point], tolerance: float) -> list[Point]:
    """The outline without points that sit on a straight side (a rectangle may start mid-edge)."""
    out = list(pts)
    changed = True
    while changed and len(out) > 4:
        changed = False
        for i in range(len(out)):
            (ax, ay), (bx, by), (cx, cy) = out[i - 1], out[i], out[(i + 1) % len(out)]
            if (abs(ax - bx) <= tolerance and abs(bx - cx) <= tolerance) or (
                abs(ay - by) <= tolerance and abs(by - cy) <= tolerance
            ):
                del out[i]
                changed = True
                break
    return out


def filled_rects(paths: tuple[VectorPath, ...] | list[VectorPath]) -> tuple[FilledRect, ...]:
    """The filled, visible, axis-aligned rectangles among ``paths``."""
    out: list[FilledRect] = []
    for p in paths:
        if p.fill is None or p.fill[3] <= 0.0:
            continue
        box = rect_of(p)
        if box is not None:
            out.append(FilledRect(p.order, box, p.fill, p.stroke))
    return tuple(out)
