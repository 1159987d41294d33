"""Candidate plot boxes of a page: drawn rectangles (an axes background or frame), two axis
lines meeting at a corner, or the envelope of a set of gridlines. A candidate becomes a panel
only when tick labels sit along its edges (:mod:`.panels`).
"""

from __future__ import annotations

import itertools

from pdfcore.charts.primitives import PageGeometry, Seg
from pdfcore.models import Box

MIN_W = 40.0


MIN_H = 30.0


MAX_CANDIDATES = 80


def candidate_boxes(geo: PageGeometry) -> list[tuple[Box, str]]:
    page_area = geo.width * geo.height
    out: list[tuple[Box, str]] = []
    for box, _path in geo.rects:
        if box.width >= MIN_W and box.height >= MIN_H and box.width * box.height < 0.95 * page_area:
            out.append((box, "rect"))
    longh = [s for s in geo.hsegs if s.length >= MIN_W]
    longv = [s for s in geo.vsegs if s.length >= MIN_H]
    # Two axis lines meeting at a bottom corner.
    for h in longh:
        for v in longv:
            if abs(v.b - h.at) > 1.5:
                continue
            if abs(v.at - h.a) <= 1.5 or abs(v.at - h.b) <= 1.5:
                out.append((Box(h.a, v.a, h.b, h.at), "spines"))
        if len(out) > 4 * MAX_CANDIDATES:
            break
    # Envelopes of gridlines sharing their extent.
    groups: dict[tuple[int, int], list[Seg]] = {}
    for h in longh:
        groups.setdefault((round(h.a), round(h.b)), []).append(h)
    for (a, b), segs in groups.items():
        if len(segs) >= 3:
            ys = [s.at for s in segs]
            if max(ys) - min(ys) >= MIN_H:
                out.append((Box(float(a), min(ys), float(b), max(ys)), "grid"))
    vgroups: dict[tuple[int, int], list[Seg]] = {}
    for v in longv:
        vgroups.setdefault((round(v.a), round(v.b)), []).append(v)
    for (a, b), segs in vgroups.items():
        if len(segs) >= 3:
            xs = [s.at for s in segs]
            if max(xs) - min(xs) >= MIN_W:
                out.append((Box(min(xs), float(a), max(xs), float(b)), "grid"))
    uniq: list[tuple[Box, str]] = []
    seen: set[tuple[int, int, int, int]] = set()
    for box, src in out:
        # Boxes within ~2 pt of one another are one candidate (frame, background and spines).
        keys = {
            (round(box.x0 / 4) + dx, round(box.y0 / 4) + dy, round(box.x1 / 4), round(box.y1 / 4))
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
        }
        if keys & seen and any(_same_box(box, u) for u, _ in uniq):
            continue
        seen |= keys
        uniq.append((box, src))
    uniq.sort(key=lambda c: -(c[0].width * c[0].height))
    return uniq[: MAX_CANDIDATES * 2]


def has_candidates(geo: PageGeometry) -> bool:
    """Whether the page draws a plot box holding data-like geometry (no text needed).

    Data-like: a stroke with a slanted segment (a curve) or an open polyline of four or more
    points (a step line), two filled rectangles standing on a common edge with different lengths
    (bars), or three repeated small shapes (markers). A table
    (boxes, rules and text only) has none of these, so its text is never read to count charts.
    """
    slanted: list[list[tuple[float, float]]] = []
    small: dict[tuple[float, float], list[Box]] = {}
    for p in geo.vectors.paths:
        b = p.bounds
        if p.stroke is not None and p.stroke[3] > 0:
            for sub in p.subpaths:
                pts = sub.points
                # A step line: an open polyline moving right with several levels (not an outline).
                steps = (
                    len(pts) >= 4
                    and not sub.closed
                    and all(b[0] >= a[0] - 0.05 for a, b in itertools.pairwise(pts))
                    and len({round(y * 2) for _x, y in pts}) >= 3
                )
                if steps or any(
                    abs(x1 - x0) > 0.5 and abs(y1 - y0) > 0.5 for (x0, y0), (x1, y1) in itertools.pairwise(pts)
                ):
                    # Points, not painted bounds: a sharp peak's mitre can reach far off the plot.
                    slanted.append(list(pts[:: max(1, len(pts) // 40)]))
                    break
        if (
            max(b.width, b.height) >= 1.5
            and b.width <= 16
            and b.height <= 16
            and (p.fill is not None or any(s.closed for s in p.subpaths))
        ):
            small.setdefault((round(b.width, 1), round(b.height, 1)), []).append(b)
    repeated = [b for group in small.values() if len(group) >= 3 for b in group]
    bars = [b for b, _p in geo.rects if _p.fill is not None and b.width >= 1.0 and b.height >= 1.0]
    for box, _src in candidate_boxes(geo):
        if any(_mostly_inside(box, pts) for pts in slanted) or sum(1 for b in repeated if _contains(box, b)) >= 3:
            return True
        in_bars = [b for b in bars if _contains(box, b) and b.width * b.height < 0.4 * box.width * box.height]
        if len(in_bars) >= 2:
            # Bars stand on a baseline with different lengths. Upward (rightward) bars may touch,
            # as a histogram's do; bars hanging from an edge must have gaps between them, or they
            # are a table's spanning cells.
            for edge, extent, across, gaps in (
                ("y1", "height", "x", False),
                ("x0", "width", "y", False),
                ("y0", "height", "x", True),
                ("x1", "width", "y", True),
            ):
                groups: dict[float, list[Box]] = {}
                for b in in_bars:
                    groups.setdefault(round(float(getattr(b, edge))), []).append(b)
                for members in groups.values():
                    lengths = [float(getattr(b, extent)) for b in members]
                    if len(members) < 2 or max(lengths) - min(lengths) < 2.0:
                        continue
                    if not gaps or _separated(members, across):
                        return True
    return False


def _separated(boxes: list[Box], axis: str) -> bool:
    """The boxes leave gaps between them along ``axis`` ("x" or "y")."""
    spans = sorted((b.x0, b.x1) if axis == "x" else (b.y0, b.y1) for b in boxes)
    return all(b[0] - a[1] >= 1.0 for a, b in itertools.pairwise(spans))


def _contains(box: Box, b: Box) -> bool:
    return box.x0 - 2 <= b.x0 and b.x1 <= box.x1 + 2 and box.y0 - 2 <= b.y0 and b.y1 <= box.y1 + 2


def _mostly_inside(box: Box, pts: list[tuple[float, float]]) -> bool:
    n = sum(1 for x, y in pts if box.x0 - 2 <= x <= box.x1 + 2 and box.y0 - 2 <= y <= box.y1 + 2)
    return n >= 0.5 * len(pts)


def _same_box(a: Box, b: Box, tol: float = 2.0) -> bool:
    return abs(a.x0 - b.x0) <= tol and abs(a.x1 - b.x1) <= tol and abs(a.y0 - b.y0) <= tol and abs(a.y1 - b.y1) <= tol
