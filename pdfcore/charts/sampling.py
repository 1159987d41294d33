"""Sampling a curve down to ``max_points`` vertices without losing its shape.

Always kept: both endpoints and the global minimum and maximum. Then local extrema (peaks and
troughs), most prominent first, as many as the budget allows; what is left of the budget goes to
the vertices that deviate most from the sampled line (Douglas-Peucker order). The number of
local extrema that did not fit is reported, so a caller knows when a peak was actually lost.
"""

from __future__ import annotations

import heapq
import itertools

from attrs import frozen

from pdfcore.vectors import Point

MIN_BUDGET = 4


@frozen
class Sample:
    indexes: tuple[int, ...]
    downsampled: bool
    n_extrema_dropped: int


def local_extrema(ys: list[float]) -> list[int]:
    """Indexes of strict local peaks and troughs (a plateau counts once, at its middle)."""
    n = len(ys)
    out: list[int] = []
    i = 1
    while i < n - 1:
        j = i
        while j + 1 < n - 1 and ys[j + 1] == ys[i]:
            j += 1
        left, right = ys[i - 1], ys[j + 1]
        v = ys[i]
        if (v > left and v > right) or (v < left and v < right):
            out.append((i + j) // 2)
        i = j + 1
    return out


def _prominence(ys: list[float], ext: list[int]) -> dict[int, float]:
    anchors = [0, *ext, len(ys) - 1]
    out: dict[int, float] = {}
    for k in range(1, len(anchors) - 1):
        i = anchors[k]
        out[i] = min(abs(ys[i] - ys[anchors[k - 1]]), abs(ys[i] - ys[anchors[k + 1]]))
    return out


def _deviation(points: list[Point], a: int, b: int) -> tuple[float, int]:
    """Largest distance of a vertex strictly between a and b from the chord a-b."""
    (x0, y0), (x1, y1) = points[a], points[b]
    dx, dy = x1 - x0, y1 - y0
    norm = (dx * dx + dy * dy) ** 0.5
    best, at = -1.0, -1
    for i in range(a + 1, b):
        x, y = points[i]
        d = abs(dy * (x - x0) - dx * (y - y0)) / norm if norm > 0 else abs(y - y0) + abs(x - x0)
        if d > best:
            best, at = d, i
    return best, at


def sample(points: list[Point], max_points: int) -> Sample:
    """Choose at most ``max_points`` (>= 4) vertex indexes of ``points`` (ordered by x)."""
    n = len(points)
    if max_points < MIN_BUDGET:
        raise ValueError(f"max_points must be at least {MIN_BUDGET}")
    if n <= max_points:
        return Sample(tuple(range(n)), False, 0)
    ys = [p[1] for p in points]
    keep = {0, n - 1, ys.index(min(ys)), ys.index(max(ys))}
    ext = [i for i in local_extrema(ys) if i not in keep]
    prom = _prominence(ys, local_extrema(ys))
    ext.sort(key=lambda i: -prom.get(i, 0.0))
    budget = max_points - len(keep)
    chosen = ext[: max(0, budget)]
    dropped = len(ext) - len(chosen)
    keep.update(chosen)
    budget = max_points - len(keep)
    if budget > 0:
        ordered = sorted(keep)
        heap: list[tuple[float, int, int, int]] = []
        for a, b in itertools.pairwise(ordered):
            if b - a > 1:
                d, at = _deviation(points, a, b)
                heapq.heappush(heap, (-d, at, a, b))
        while budget > 0 and heap:
            neg, at, a, b = heapq.heappop(heap)
            if -neg <= 0:
                break
            keep.add(at)
            budget -= 1
            for lo, hi in ((a, at), (at, b)):
                if hi - lo > 1:
                    d, idx = _deviation(points, lo, hi)
                    heapq.heappush(heap, (-d, idx, lo, hi))
    return Sample(tuple(sorted(keep)), True, dropped)


def round_sig(v: float, digits: int = 4) -> float:
    """``v`` rounded to ``digits`` significant figures (the precision chart geometry carries)."""
    if v == 0 or v != v or v in (float("inf"), float("-inf")):
        return 0.0 if v == 0 else v
    return float(f"{v:.{digits}g}")
