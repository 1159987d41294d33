"""The pieces of a panel's drawing, grouped by style: the units series and legends are made of.

A unit is one path, or the paths of one marker (a form XObject drawn per marker, small closed
paths of one style); its box, centre, style and drawing orders are what the series and the legend
readers compare.
"""

from __future__ import annotations

from attrs import frozen

from pdfcore.charts.primitives import Style, rgb_of
from pdfcore.models import Box
from pdfcore.vectors import Point, VectorPath, rect_of

MARKER_MAX = 16.0


@frozen
class Unit:
    """A marker candidate: one small shape (a form placement, or one path)."""

    box: Box
    center: Point
    style: Style
    signature: tuple[object, ...]
    orders: tuple[int, ...]
    is_rect: bool
    n_points: int
    vertices: tuple[Point, ...] = ()


def paths_box(paths: list[VectorPath]) -> Box | None:
    xs = [pt[0] for p in paths for s in p.subpaths for pt in s.points]
    ys = [pt[1] for p in paths for s in p.subpaths for pt in s.points]
    if not xs:
        return None
    return Box(min(xs), min(ys), max(xs), max(ys))


def stroke_style(p: VectorPath) -> Style:
    return Style(rgb_of(p.stroke), round(p.line_width, 2), p.dash)


def fill_style(p: VectorPath) -> Style:
    return Style(rgb_of(p.fill), 0.0)


def in_box(box: Box, p: VectorPath, margin: float = 2.0) -> bool:
    pts = [pt for s in p.subpaths for pt in s.points]
    if not pts:
        return False
    inside = sum(
        1 for x, y in pts if box.x0 - margin <= x <= box.x1 + margin and box.y0 - margin <= y <= box.y1 + margin
    )
    if inside >= 0.5 * len(pts):
        return True
    # A small shape centred on the plot's edge (a marker at an axis limit) belongs to it too.
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    small = max(xs) - min(xs) <= MARKER_MAX and max(ys) - min(ys) <= MARKER_MAX
    return small and box.x0 - margin <= cx <= box.x1 + margin and box.y0 - margin <= cy <= box.y1 + margin


def drawing_units(paths: list[VectorPath]) -> list[Unit]:
    """Small closed or filled shapes, one per form placement or per standalone path."""
    by_group: dict[int, list[VectorPath]] = {}
    singles: list[VectorPath] = []
    for p in paths:
        if p.group:
            by_group.setdefault(p.group, []).append(p)
        else:
            singles.append(p)
    out: list[Unit] = []
    for members in [*by_group.values(), *([p] for p in singles)]:
        box = paths_box(members)
        if box is None:
            continue
        if box.width > MARKER_MAX or box.height > MARKER_MAX or (box.width < 0.8 and box.height < 0.8):
            continue
        first = members[0]
        closed = any(s.closed or len(s.points) > 2 for p in members for s in p.subpaths)
        filled = any(p.fill is not None and p.fill[3] > 0 for p in members)
        if not (closed or filled):
            continue
        if not filled and len(members) == 1 and all(len(s.points) <= 2 for s in first.subpaths):
            continue  # a short stroke, not a shape
        fill = next((p.fill for p in members if p.fill is not None and p.fill[3] > 0), None)
        stroke = next((p.stroke for p in members if p.stroke is not None and p.stroke[3] > 0), None)
        rgb = rgb_of(fill) if fill is not None else rgb_of(stroke)
        n_points = sum(p.n_points for p in members)
        curved = any(s.curved for p in members for s in p.subpaths)
        sig = (
            rgb,
            rgb_of(stroke),
            round(box.width, 1),
            round(box.height, 1),
            n_points,
            curved,
        )
        is_rect = len(members) == 1 and rect_of(first) is not None
        style = Style(rgb, round(first.line_width, 2) if stroke is not None else 0.0)
        center = ((box.x0 + box.x1) / 2.0, (box.y0 + box.y1) / 2.0)
        verts = tuple(pt for p in members for sub in p.subpaths for pt in sub.points)
        out.append(Unit(box, center, style, sig, tuple(p.order for p in members), is_rect, n_points, verts))
    return out
