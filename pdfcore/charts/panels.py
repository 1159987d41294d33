"""Finding chart panels: plot boxes with calibrated axes.

A candidate plot box comes from a drawn rectangle (an axes background or frame), from two axis
lines meeting at a corner, or from the envelope of a set of gridlines. A candidate becomes a
panel when tick labels sit along its edges: numbers below it (or category names), numbers left
and/or right of it. Each label is pinned to the drawn tick mark or gridline it annotates when
there is one (exact), else to its own centre. Labels claimed by one panel cannot serve another,
so a frame drawn around a chart (or a colour bar beside it) does not become a second chart.
"""

from __future__ import annotations

from attrs import frozen

from pdfcore.charts.axes import AxisReading, read_side
from pdfcore.charts.candidates import candidate_boxes
from pdfcore.charts.labels import Label, phrases
from pdfcore.charts.primitives import PageGeometry, union
from pdfcore.models import Box


@frozen
class Panel:
    box: Box
    source: str
    bottom: AxisReading | None
    left: AxisReading | None
    right: AxisReading | None
    region: Box
    score: float
    #: Drawing orders of the frame, tick marks and gridlines (not data).
    decoration: frozenset[int]


def _frame_orders(geo: PageGeometry, box: Box) -> set[int]:
    out: set[int] = set()
    # Frame sides are long; a short piece on an edge may be data (a bar of a small value).
    for s in geo.hsegs:
        on_edge = abs(s.at - box.y0) <= 1.0 or abs(s.at - box.y1) <= 1.0
        if on_edge and s.a >= box.x0 - 2 and s.b <= box.x1 + 2 and s.length >= 0.3 * box.width:
            out.add(s.order)
    for s in geo.vsegs:
        on_edge = abs(s.at - box.x0) <= 1.0 or abs(s.at - box.x1) <= 1.0
        if on_edge and s.a >= box.y0 - 2 and s.b <= box.y1 + 2 and s.length >= 0.3 * box.height:
            out.add(s.order)
    for b, p in geo.rects:
        if abs(b.x0 - box.x0) <= 2 and abs(b.x1 - box.x1) <= 2 and abs(b.y0 - box.y0) <= 2 and abs(b.y1 - box.y1) <= 2:
            out.add(p.order)
    return out


class _Grid:
    """Labels bucketed in 50-point cells, to find those around a box quickly."""

    CELL = 50.0

    def __init__(self, labels: list[Label]) -> None:
        self.cells: dict[tuple[int, int], list[Label]] = {}
        for lab in labels:
            c = self.CELL
            for ix in range(int(lab.box.x0 // c), int(lab.box.x1 // c) + 1):
                for iy in range(int(lab.box.y0 // c), int(lab.box.y1 // c) + 1):
                    self.cells.setdefault((ix, iy), []).append(lab)

    def around(self, box: Box, margin: float) -> list[Label]:
        c = self.CELL
        seen: set[int] = set()
        out: list[Label] = []
        for ix in range(int((box.x0 - margin) // c), int((box.x1 + margin) // c) + 1):
            for iy in range(int((box.y0 - margin) // c), int((box.y1 + margin) // c) + 1):
                for lab in self.cells.get((ix, iy), ()):
                    if id(lab) not in seen:
                        seen.add(id(lab))
                        out.append(lab)
        out.sort(key=lambda lab: (lab.order, lab.box.x0))
        return out


def _unpinned(axis: AxisReading) -> bool:
    if axis.categorical:
        return False
    numeric = len(axis.labels) - len(axis.dropped_ambiguous)
    return axis.matched < 0.5 * max(numeric, 1)


def _usable(axis: AxisReading | None) -> bool:
    return axis is not None and (axis.numeric or axis.categorical or axis.failure is not None)


def find_panels(geo: PageGeometry, plabels: list[Label] | None = None) -> list[Panel]:
    """Chart panels on the page, in reading order, each label serving one panel."""
    if plabels is None:
        plabels = phrases(list(geo.labels))
    found: list[Panel] = []
    labels_near = _Grid(list(geo.labels))
    phrases_near = _Grid(plabels)
    for box, src in candidate_boxes(geo):
        # Only labels around the box can annotate it (a text-heavy page has thousands).
        pool = tuple(labels_near.around(box, 80.0))
        near = phrases_near.around(box, 80.0)
        bottom, ob = read_side(geo, near, box, "bottom", pool)
        left, ol = read_side(geo, near, box, "left", pool)
        right, orr = read_side(geo, near, box, "right", pool)
        sides = [a for a in (bottom, left, right) if a is not None]
        # Where the chart draws tick marks, numbers along an edge that mostly lack them belong
        # to something else (a colour bar, a neighbouring panel).
        if any(a.on_marks >= 3 for a in sides):
            if left is not None and _unpinned(left):
                left = None
            if right is not None and _unpinned(right):
                right = None
            if bottom is not None and _unpinned(bottom):
                bottom = None
        vertical_ok = (left is not None and (left.numeric or left.failure is not None)) or (
            right is not None and (right.numeric or right.failure is not None)
        )
        horizontal_bars = (
            left is not None
            and left.categorical
            and bottom is not None
            and (bottom.numeric or bottom.failure is not None)
        )
        if not _usable(bottom) or not (vertical_ok or horizontal_bars):
            continue
        if bottom is not None and bottom.categorical and not vertical_ok:
            continue
        decoration = _frame_orders(geo, box) | ob | ol | orr
        score = sum(
            (a.matched + 0.25 * len(a.labels)) if a.failure is None else 0.1
            for a in (bottom, left, right)
            if a is not None
        )
        score += 2.0 if src in ("rect", "spines") else 0.0
        parts = [box]
        for a in (bottom, left, right):
            if a is not None:
                parts.extend(lab.box for lab in a.labels)
                if a.title_box is not None:
                    parts.append(a.title_box)
        region = union(parts)
        region = Box(
            max(0.0, region.x0 - 4),
            max(0.0, region.y0 - 4),
            min(geo.width, region.x1 + 4),
            min(geo.height, region.y1 + 4),
        )
        found.append(Panel(box, src, bottom, left, right, region, score, frozenset(decoration)))
    found.sort(key=lambda p: (-p.score, p.box.width * p.box.height))
    claimed: set[int] = set()
    accepted: list[Panel] = []
    for p in found:
        ids = {id(lab) for a in (p.bottom, p.left, p.right) if a is not None for lab in a.labels}
        if ids & claimed:
            continue
        claimed |= ids
        accepted.append(p)
    # Reading order: top to bottom, then left to right.
    accepted.sort(key=lambda p: (round(p.box.y0 / 20.0), p.box.x0))
    return accepted
