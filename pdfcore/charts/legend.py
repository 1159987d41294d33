"""A chart's legend: entries (a line, marker or swatch sample left of a short label) near the
plot, read before the series so that the samples are not taken for data.
"""

from __future__ import annotations

from attrs import frozen

from pdfcore.charts.labels import Label
from pdfcore.charts.primitives import PageGeometry, Style
from pdfcore.charts.units import Unit, fill_style, stroke_style
from pdfcore.models import Box
from pdfcore.vectors import VectorPath


@frozen
class LegendEntry:
    text: str
    kind: str  # "line" | "rect" | "marker"
    style: Style
    box: Box
    signature: tuple[object, ...] = ()


def read_legend(
    geo: PageGeometry, box: Box, phrases: list[Label], paths: list[VectorPath], units: list[Unit]
) -> tuple[list[LegendEntry], set[int], list[Box]]:
    """Legend entries (sample left of a short label) near the plot, the samples' orders, boxes."""
    reach = legend_reach(box)
    entries: list[LegendEntry] = []
    used: set[int] = set()
    boxes: list[Box] = []
    line_samples: list[tuple[Box, VectorPath]] = []
    for p in paths:
        if p.stroke is None or p.stroke[3] <= 0 or len(p.subpaths) != 1:
            continue
        pts = p.subpaths[0].points
        if len(pts) < 2 or len(pts) > 4 or p.subpaths[0].closed:
            continue
        ys = [pt[1] for pt in pts]
        xs = [pt[0] for pt in pts]
        length = max(xs) - min(xs)
        if max(ys) - min(ys) <= 0.3 and 4.0 <= length <= 60.0:
            line_samples.append((Box(min(xs), min(ys), max(xs), max(ys)), p))
    swatches = [
        (b, p)
        for b, p in geo.rects
        if p.fill is not None and p.fill[3] > 0 and 2.0 <= b.width <= 30 and 2.0 <= b.height <= 20
    ]
    for ph in phrases:
        if not ph.horizontal or not (reach.x0 <= ph.cx <= reach.x1 and reach.y0 <= ph.cy <= reach.y1):
            continue
        if len(ph.text) > 60:
            continue
        size = max(ph.size, 4.0)

        sample: LegendEntry | None = None
        orders: set[int] = set()
        for b, p in line_samples:
            if p.order not in used and _beside(b, ph, size):
                sample = LegendEntry(ph.text, "line", stroke_style(p), b)
                orders.add(p.order)
                break
        for u in units:
            if set(u.orders) & used:
                continue
            if _beside(u.box, ph, size) or (
                sample is not None
                and sample.box.x0 - 1 <= u.center[0] <= sample.box.x1 + 1
                and abs(u.center[1] - (sample.box.y0 + sample.box.y1) / 2) <= 1.0
            ):
                if sample is None:
                    kind = "rect" if u.is_rect else "marker"
                    sample = LegendEntry(ph.text, kind, u.style, u.box, u.signature)
                else:
                    sample = LegendEntry(ph.text, sample.kind, sample.style, sample.box, u.signature)
                orders.update(u.orders)
                break
        if sample is None:
            for b, p in swatches:
                if p.order not in used and _beside(b, ph, size):
                    sample = LegendEntry(ph.text, "rect", fill_style(p), b)
                    orders.add(p.order)
                    break
        if sample is not None:
            entries.append(sample)
            used |= orders
            boxes.append(Box(sample.box.x0, min(sample.box.y0, ph.box.y0), ph.box.x1, max(sample.box.y1, ph.box.y1)))
    return entries, used, boxes


def legend_reach(box: Box) -> Box:
    return Box(
        box.x0 - 0.1 * box.width, box.y0 - 0.3 * box.height, box.x1 + 0.5 * box.width, box.y1 + 0.15 * box.height
    )


def _beside(b: Box, ph: Label, size: float) -> bool:
    """A legend sample sits just left of its label, centred on it vertically."""
    gap = ph.box.x0 - b.x1
    return -0.5 <= gap <= 1.6 * size and abs((b.y0 + b.y1) / 2.0 - ph.cy) <= 0.6 * size
