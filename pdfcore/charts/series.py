"""What is plotted inside a panel: curves, bars and marker groups, told apart from decoration.

Decoration is left out before anything is read: the frame, tick marks and gridlines (found with
the panel), legend samples and the legend's box, reference lines spanning the plot, vertical
rules (error bars, markers of an x position), arrows. What remains is grouped by style:

- curves: stroked open paths of one style. Pieces of one style that follow each other in x are
  joined; pieces that overlap in x (crossing or overlapping curves of one style) cannot be told
  apart and are reported as a *multivalued* line cloud, never stitched.
- bars: filled axis-aligned rectangles of one colour standing on a common baseline.
- markers: repeated small shapes of one style (a form XObject per marker, or small closed
  paths); a marker group sitting on the vertices of a curve of the same colour decorates that
  curve and is not a series of its own.
"""

from __future__ import annotations

import itertools

from attrs import frozen

from pdfcore.charts.labels import Label
from pdfcore.charts.legend import LegendEntry, legend_reach, read_legend
from pdfcore.charts.primitives import PageGeometry, Style, color_name, same_rgb
from pdfcore.charts.units import MARKER_MAX, Unit, drawing_units, fill_style, in_box, stroke_style
from pdfcore.models import Box
from pdfcore.vectors import Point, rect_of

#: Fewest shapes that make a marker group (a scatter series).
MIN_GROUP = 3


@frozen
class Curve:
    style: Style
    #: Page-space vertices in increasing x (drawing order kept within a piece).
    points: tuple[Point, ...]
    orders: tuple[int, ...]
    multivalued: bool = False
    n_pieces: int = 1


@frozen
class BarSet:
    style: Style
    rects: tuple[Box, ...]
    orders: tuple[int, ...]


@frozen
class MarkerSet:
    style: Style
    #: Marker width in points.
    size: float
    centers: tuple[Point, ...]
    orders: tuple[int, ...]
    signature: tuple[object, ...] = ()


@frozen
class Content:
    curves: tuple[Curve, ...]
    bars: tuple[BarSet, ...]
    markers: tuple[MarkerSet, ...]
    legend: tuple[LegendEntry, ...]
    notes: tuple[str, ...] = ()
    #: Single rectangles and lone shapes left unread (used by the chart-type question).
    loose_rects: tuple[tuple[Box, Style, int], ...] = ()
    loose_markers: tuple[MarkerSet, ...] = ()
    flat_lines: tuple[Curve, ...] = ()


@frozen
class Series:
    kind: str
    style: Style
    order: int
    curve: Curve | None = None
    bars: BarSet | None = None
    markers: MarkerSet | None = None

    def page_points(self) -> list[Point]:
        if self.curve is not None:
            return list(self.curve.points)
        if self.markers is not None:
            return list(self.markers.centers)
        if self.bars is not None:
            return [((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2) for b in self.bars.rects]
        return []

    def y_extent(self) -> tuple[float, float]:
        if self.bars is not None:
            return (min(b.y0 for b in self.bars.rects), max(b.y1 for b in self.bars.rects))
        ys = [p[1] for p in self.page_points()]
        return (min(ys), max(ys))


def series_list(content: Content) -> list[Series]:
    out: list[Series] = []
    for c in content.curves:
        if not c.multivalued:
            out.append(Series("curve", c.style, c.orders[0], curve=c))
    for b in content.bars:
        out.append(Series("bars", b.style, b.orders[0], bars=b))
    for m in content.markers:
        out.append(Series("points", m.style, m.orders[0], markers=m))
    out.sort(key=lambda s: s.order)
    return out


def _monotonic(points: tuple[Point, ...]) -> tuple[Point, ...] | None:
    """The points in increasing x, or None when the piece doubles back in x."""
    xs = [p[0] for p in points]
    if all(b >= a - 0.05 for a, b in itertools.pairwise(xs)):
        return points
    if all(b <= a + 0.05 for a, b in itertools.pairwise(xs)):
        return tuple(reversed(points))
    return None


def read_content(
    geo: PageGeometry,
    box: Box,
    decoration: frozenset[int],
    phrases: list[Label],
    *,
    exclude: frozenset[int] = frozenset(),
) -> Content:
    """Sort the drawing inside ``box`` into series candidates."""
    skip = set(decoration) | set(exclude)
    paths = [p for p in geo.vectors.paths if p.order not in skip and in_box(box, p)]
    notes: list[str] = []
    units = drawing_units(paths)
    # A legend may sit outside the plot (commonly to its right): look for samples around it too.
    reach = legend_reach(box)
    outside = [
        p
        for p in geo.vectors.paths
        if p.order not in skip
        and reach.x0 <= p.bounds.x0
        and p.bounds.x1 <= reach.x1
        and reach.y0 <= p.bounds.y0
        and p.bounds.y1 <= reach.y1
        and not in_box(box, p)
    ]
    legend, legend_orders, legend_boxes = read_legend(
        geo, box, phrases, paths + outside, units + drawing_units(outside)
    )
    box_area = box.width * box.height
    # The legend's own box and background (closed or filled shapes around its entries).
    for p in paths:
        if p.order in legend_orders:
            continue
        if p.fill is None and not any(sub.closed for sub in p.subpaths):
            continue
        b = p.bounds
        if b.width * b.height > 0.6 * box_area:
            continue
        if any(
            b.x0 - 1 <= lb.x0 and lb.x1 <= b.x1 + 1 and b.y0 - 1 <= lb.y0 and lb.y1 <= b.y1 + 1 for lb in legend_boxes
        ):
            legend_orders.add(p.order)
    paths = [p for p in paths if p.order not in legend_orders]
    units = [u for u in units if not set(u.orders) & legend_orders]

    # ---- curves -------------------------------------------------------------------------
    by_style: dict[tuple[object, ...], list[tuple[tuple[Point, ...], int]]] = {}
    styles: dict[tuple[object, ...], Style] = {}
    flat: list[Curve] = []
    stroke_ends: list[tuple[Point, tuple[float, float, float] | None, int]] = []
    unit_orders = {o for u in units for o in u.orders}
    for p in paths:
        if p.stroke is None or p.stroke[3] <= 0 or p.order in unit_orders:
            continue
        if rect_of(p) is not None:
            continue
        style = stroke_style(p)
        for sub in p.subpaths:
            pts = sub.points
            if len(pts) < 2 or sub.closed:
                continue
            stroke_ends.append((pts[0], style.rgb, p.order))
            stroke_ends.append((pts[-1], style.rgb, p.order))
            xs = [q[0] for q in pts]
            ys = [q[1] for q in pts]
            xspan, yspan = max(xs) - min(xs), max(ys) - min(ys)
            if xspan < 0.03 * box.width:
                continue  # vertical rules: error bars, arrows, x markers
            if yspan <= 0.3 and (xspan >= 0.8 * box.width or xspan < 0.15 * box.width):
                flat.append(Curve(style, tuple(sorted(pts)), (p.order,)))
                continue
            key = style.key()
            styles[key] = style
            by_style.setdefault(key, []).append((pts, p.order))
    coloured = [c for c in flat if color_name(c.style.rgb) not in ("black", "grey", "white")]
    if coloured:
        notes.append(
            f"{len(coloured)} flat line(s) treated as reference lines, not data (a flat data line would be too)"
        )
    curves: list[Curve] = []
    for key, pieces in by_style.items():
        style = styles[key]
        mono: list[tuple[tuple[Point, ...], int]] = []
        doubled = False
        for pts, order in pieces:
            m = _monotonic(pts)
            if m is None:
                doubled = True
                break
            mono.append((m, order))
        if doubled:
            curves.append(Curve(style, (), tuple(o for _, o in pieces), multivalued=True, n_pieces=len(pieces)))
            continue
        mono.sort(key=lambda item: item[0][0][0])
        joined: list[Point] = list(mono[0][0])
        multivalued = False
        for pts, _order in mono[1:]:
            if pts[0][0] < joined[-1][0] - 0.5:
                multivalued = True
                break
            if abs(pts[0][0] - joined[-1][0]) <= 0.05 and abs(pts[0][1] - joined[-1][1]) <= 0.05:
                joined.extend(pts[1:])
            else:
                joined.extend(pts)
        orders = tuple(o for _, o in mono)
        if multivalued:
            curves.append(Curve(style, (), orders, multivalued=True, n_pieces=len(mono)))
        else:
            curves.append(Curve(style, tuple(joined), orders, n_pieces=len(mono)))

    # ---- arrows: a small head whose tip is the end of a stroke of the same colour -----------
    # (A marker sits centred on a line's end; an arrow head has the stroke end at a corner.)
    arrow_orders: set[int] = set()
    for u in units:
        if u.n_points > 5:
            continue
        tip_off = 0.25 * max(u.box.width, u.box.height)
        for pt, rgb, order in stroke_ends:
            if not same_rgb(rgb, u.style.rgb, 0.05):
                continue
            at_corner = any(abs(pt[0] - vx) <= 0.8 and abs(pt[1] - vy) <= 0.8 for vx, vy in u.vertices)
            off_centre = abs(pt[0] - u.center[0]) + abs(pt[1] - u.center[1]) >= tip_off
            if at_corner and off_centre:
                arrow_orders.update(u.orders)
                arrow_orders.add(order)
    if arrow_orders:
        units = [u for u in units if not set(u.orders) & arrow_orders]
        curves = [c for c in curves if not set(c.orders) & arrow_orders]
        notes.append("arrows treated as annotations, not data")

    # ---- bars -----------------------------------------------------------------------------
    rect_groups: dict[tuple[object, ...], list[tuple[Box, int, Style]]] = {}
    for p in paths:
        if p.fill is None or p.fill[3] <= 0:
            continue
        rb = rect_of(p)
        if rb is None or rb.width * rb.height >= 0.4 * box_area:
            continue
        if rb.x0 < box.x0 - 1.5 or rb.x1 > box.x1 + 1.5 or rb.y0 < box.y0 - 1.5 or rb.y1 > box.y1 + 1.5:
            continue
        style = fill_style(p)
        rect_groups.setdefault(style.key(), []).append((rb, p.order, style))
    bars: list[BarSet] = []
    loose_rects: list[tuple[Box, Style, int]] = []
    bar_orders: set[int] = set()
    for group in rect_groups.values():
        boxes = [g[0] for g in group]
        small_same = (
            len(boxes) >= MIN_GROUP
            and max(b.width for b in boxes) <= MARKER_MAX
            and max(b.height for b in boxes) <= MARKER_MAX
            and max(b.width for b in boxes) - min(b.width for b in boxes) <= 0.2
            and max(b.height for b in boxes) - min(b.height for b in boxes) <= 0.2
        )
        if small_same and not _common_edge(boxes):
            continue  # square markers, read with the marker groups
        if len(boxes) < 2:
            continue  # a lone rectangle (a label box, a swatch): a bar only when the caller says so
        bars.append(BarSet(group[0][2], tuple(boxes), tuple(g[1] for g in group)))
        bar_orders.update(g[1] for g in group)
    units = [u for u in units if not (u.is_rect and set(u.orders) & bar_orders)]

    # ---- markers ----------------------------------------------------------------------------
    # Markers of one colour sitting on a curve's vertices decorate it (a line with markers),
    # whatever their exact sizes.
    by_colour: dict[object, list[Unit]] = {}
    for u in units:
        by_colour.setdefault(u.style.rgb, []).append(u)
    for members in by_colour.values():
        ms = MarkerSet(members[0].style, 0.0, tuple(u.center for u in members), ())
        if _decorates_curve(ms, curves):
            gone = {id(u) for u in members}
            units = [u for u in units if id(u) not in gone]
    groups: dict[tuple[object, ...], list[Unit]] = {}
    for u in units:
        groups.setdefault(u.signature, []).append(u)
    markers: list[MarkerSet] = []
    loose_markers: list[MarkerSet] = []
    for sig, members in groups.items():
        ms = MarkerSet(
            members[0].style,
            round(members[0].box.width, 2),
            tuple(sorted(u.center for u in members)),
            tuple(o for u in members for o in u.orders),
            sig,
        )
        if _decorates_curve(ms, curves) or any(_same_centres(ms, m) for m in markers):
            continue
        if len(members) >= MIN_GROUP:
            markers.append(ms)
        else:
            loose_markers.append(ms)
    if not bars:
        for b, style, order in ((g[0], g[2], g[1]) for grp in rect_groups.values() for g in grp):
            loose_rects.append((b, style, order))
    elif any(len(g) < 2 for g in rect_groups.values()):
        notes.append("single rectangles of other colours left out (not read as bars)")
    curves.sort(key=lambda c: c.orders[0])
    bars.sort(key=lambda s: s.orders[0])
    markers.sort(key=lambda s: s.orders[0])
    return Content(
        curves=tuple(curves),
        bars=tuple(bars),
        markers=tuple(markers),
        legend=tuple(legend),
        notes=tuple(notes),
        loose_rects=tuple(loose_rects),
        loose_markers=tuple(loose_markers),
        flat_lines=tuple(flat),
    )


def _common_edge(boxes: list[Box]) -> bool:
    """Most rectangles share a bottom, top, left or right edge (they stand on a baseline)."""
    for edge in ("y1", "y0", "x0", "x1"):
        vals = sorted(round(float(getattr(b, edge)), 1) for b in boxes)
        best = max(sum(1 for v in vals if abs(v - w) <= 0.6) for w in vals)
        if best >= 0.8 * len(boxes):
            return True
    return False


def _decorates_curve(ms: MarkerSet, curves: list[Curve]) -> bool:
    """The markers sit on a curve's vertices (a line drawn with markers, in any colour)."""
    for c in curves:
        if not c.points:
            continue
        verts = c.points
        hits = 0
        for cx, cy in ms.centers:
            if any(abs(cx - vx) <= 0.8 and abs(cy - vy) <= 0.8 for vx, vy in verts):
                hits += 1
        same_colour = same_rgb(c.style.rgb, ms.style.rgb, 0.05)
        if hits >= 0.8 * len(ms.centers) and (same_colour or hits >= 0.5 * len(verts)):
            return True
    return False


def _same_centres(a: MarkerSet, b: MarkerSet) -> bool:
    """Two groups at the same places: one marker drawn twice (fill, then outline)."""
    if len(a.centers) != len(b.centers):
        return False
    return all(abs(p[0] - q[0]) <= 0.5 and abs(p[1] - q[1]) <= 0.5 for p, q in zip(a.centers, b.centers))
