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
from pdfcore.charts.primitives import PageGeometry, Style, color_name, rgb_of, same_rgb
from pdfcore.models import Box
from pdfcore.vectors import Point, VectorPath, rect_of

MARKER_MAX = 16.0
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
class LegendEntry:
    text: str
    kind: str  # "line" | "rect" | "marker"
    style: Style
    box: Box
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
class _Unit:
    """A marker candidate: one small shape (a form placement, or one path)."""

    box: Box
    center: Point
    style: Style
    signature: tuple[object, ...]
    orders: tuple[int, ...]
    is_rect: bool
    n_points: int
    vertices: tuple[Point, ...] = ()


def _points_box(paths: list[VectorPath]) -> Box | None:
    xs = [pt[0] for p in paths for s in p.subpaths for pt in s.points]
    ys = [pt[1] for p in paths for s in p.subpaths for pt in s.points]
    if not xs:
        return None
    return Box(min(xs), min(ys), max(xs), max(ys))


def _stroke_style(p: VectorPath) -> Style:
    return Style(rgb_of(p.stroke), round(p.line_width, 2), p.dash)


def _fill_style(p: VectorPath) -> Style:
    return Style(rgb_of(p.fill), 0.0)


def _in_box(box: Box, p: VectorPath, margin: float = 2.0) -> bool:
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


def _units(paths: list[VectorPath]) -> list[_Unit]:
    """Small closed or filled shapes, one per form placement or per standalone path."""
    by_group: dict[int, list[VectorPath]] = {}
    singles: list[VectorPath] = []
    for p in paths:
        if p.group:
            by_group.setdefault(p.group, []).append(p)
        else:
            singles.append(p)
    out: list[_Unit] = []
    for members in [*by_group.values(), *([p] for p in singles)]:
        box = _points_box(members)
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
        out.append(_Unit(box, center, style, sig, tuple(p.order for p in members), is_rect, n_points, verts))
    return out


def _legend(
    geo: PageGeometry, box: Box, phrases: list[Label], paths: list[VectorPath], units: list[_Unit]
) -> tuple[list[LegendEntry], set[int], list[Box]]:
    """Legend entries (sample left of a short label) near the plot, the samples' orders, boxes."""
    reach = _legend_reach(box)
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
                sample = LegendEntry(ph.text, "line", _stroke_style(p), b)
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
                    sample = LegendEntry(ph.text, "rect", _fill_style(p), b)
                    orders.add(p.order)
                    break
        if sample is not None:
            entries.append(sample)
            used |= orders
            boxes.append(Box(sample.box.x0, min(sample.box.y0, ph.box.y0), ph.box.x1, max(sample.box.y1, ph.box.y1)))
    return entries, used, boxes


def _legend_reach(box: Box) -> Box:
    return Box(
        box.x0 - 0.1 * box.width, box.y0 - 0.3 * box.height, box.x1 + 0.5 * box.width, box.y1 + 0.15 * box.height
    )


def _beside(b: Box, ph: Label, size: float) -> bool:
    """A legend sample sits just left of its label, centred on it vertically."""
    gap = ph.box.x0 - b.x1
    return -0.5 <= gap <= 1.6 * size and abs((b.y0 + b.y1) / 2.0 - ph.cy) <= 0.6 * size


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
    paths = [p for p in geo.vectors.paths if p.order not in skip and _in_box(box, p)]
    notes: list[str] = []
    units = _units(paths)
    # A legend may sit outside the plot (commonly to its right): look for samples around it too.
    reach = _legend_reach(box)
    outside = [
        p
        for p in geo.vectors.paths
        if p.order not in skip
        and reach.x0 <= p.bounds.x0
        and p.bounds.x1 <= reach.x1
        and reach.y0 <= p.bounds.y0
        and p.bounds.y1 <= reach.y1
        and not _in_box(box, p)
    ]
    legend, legend_orders, legend_boxes = _legend(geo, box, phrases, paths + outside, units + _units(outside))
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
        style = _stroke_style(p)
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
        style = _fill_style(p)
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
    by_colour: dict[object, list[_Unit]] = {}
    for u in units:
        by_colour.setdefault(u.style.rgb, []).append(u)
    for members in by_colour.values():
        ms = MarkerSet(members[0].style, 0.0, tuple(u.center for u in members), ())
        if _decorates_curve(ms, curves):
            gone = {id(u) for u in members}
            units = [u for u in units if id(u) not in gone]
    groups: dict[tuple[object, ...], list[_Unit]] = {}
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
