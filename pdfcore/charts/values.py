"""Values read off calibrated axes: a curve's or marker group's vertices, a bar series' tips
(against a common baseline), each at its x value or category. A series that does not fit the
axes is left empty with a note, never guessed.
"""

from __future__ import annotations

import itertools

from pdfcore.charts.axes import AxisReading
from pdfcore.charts.calibration import Scale
from pdfcore.charts.outputs import style_out
from pdfcore.charts.sampling import round_sig, sample
from pdfcore.charts.series import Series
from pdfcore.models import Box
from pdfcore.results.charts import SeriesOut, StyleOut


def value_at(scale: Scale, pos: float) -> float:
    """The scale's value at ``pos``, with float noise around zero snapped to zero."""
    v = scale.value(pos)
    if scale.kind == "linear":
        lo, hi = scale.value_range
        if abs(v) <= 1e-7 * (abs(hi - lo) or 1.0):
            v = 0.0
    return round_sig(v)


def nearest_category(cats: tuple[tuple[str, float], ...], pos: float, frac: float) -> str | None:
    if not cats:
        return None
    positions = [c[1] for c in cats]
    pitch = min((b - a for a, b in itertools.pairwise(positions) if b - a > 0.5), default=None)
    best = min(cats, key=lambda c: abs(c[1] - pos))
    limit = frac * pitch if pitch is not None else float("inf")
    if abs(best[1] - pos) > limit:
        return None
    return best[0]


def x_value(x_axis: AxisReading, px: float) -> float | str | None:
    if x_axis.scale is not None:
        return value_at(x_axis.scale, px)
    return nearest_category(x_axis.categories, px, 0.35)


def point_series(
    s: Series,
    label: str | None,
    x_axis: AxisReading,
    yaxis: AxisReading,
    side: str,
    resolved: str | None,
    rejected: bool,
    *,
    max_points: int,
    notes: list[str],
) -> SeriesOut:
    assert yaxis.scale is not None
    pts = s.page_points()
    if s.kind == "curve":
        picked = sample(pts, max_points)
        chosen = [pts[i] for i in picked.indexes]
        downsampled, dropped = picked.downsampled, picked.n_extrema_dropped
    else:
        chosen = sorted(pts)
        downsampled, dropped = False, 0
    values: list[tuple[float | str, float]] = []
    seen_categories: set[str] = set()
    for px, py in chosen:
        xv = x_value(x_axis, px)
        if isinstance(xv, str):
            if xv in seen_categories:
                xv = None  # two vertices on one category: not a category axis after all
            else:
                seen_categories.add(xv)
        if xv is None:
            notes.append(f"a {s.kind} series has vertices between category labels: left out")
            return SeriesOut(
                kind=s.kind,
                style=style_out(s.style),
                label=label,
                axis=side,
                resolved_by=resolved,
                multivalued=False,
                downsampled=False,
                n_extrema_dropped=0,
            )
        values.append((xv, value_at(yaxis.scale, py)))
    return SeriesOut(
        kind=s.kind,
        style=style_out(s.style) if s.kind != "points" else StyleOut(s.style.rgb, s.markers.size if s.markers else 0.0),
        label=None if rejected else label,
        axis=side,
        resolved_by="caller_rejected" if rejected else resolved,
        multivalued=False,
        downsampled=downsampled,
        n_extrema_dropped=dropped,
        points=tuple(values),
        marker_size=s.markers.size if s.markers is not None else None,
        n_source_points=len(pts) if s.kind == "curve" else None,
    )


def bar_series(
    k: int,
    s: Series,
    label: str | None,
    *,
    value_axis: AxisReading,
    side: str,
    cat: AxisReading | None,
    horizontal: bool,
    resolved: str | None,
    rejected: bool,
    box: Box,
    notes: list[str],
    x_axis: AxisReading | None = None,
) -> SeriesOut:
    assert s.bars is not None and value_axis.scale is not None
    scale: Scale = value_axis.scale
    rects = list(s.bars.rects)

    def empty(note: str) -> SeriesOut:
        notes.append(note)
        return SeriesOut(
            kind="bars",
            style=style_out(s.style),
            label=label,
            axis=side,
            resolved_by=resolved,
            multivalued=False,
            downsampled=False,
            n_extrema_dropped=0,
        )

    # The baseline: the value axis's zero when it is on the plot, else an edge of the box.
    zero = scale.pos(0.0) if scale.kind == "linear" else None
    if horizontal:
        cands = [c for c in (zero, box.x0, box.x1) if c is not None]
        near, far = "x0", "x1"
    else:
        cands = [c for c in (zero, box.y1, box.y0) if c is not None]
        near, far = "y1", "y0"

    def near_edge(b: Box) -> float:
        return float(getattr(b, near))

    def far_edge(b: Box) -> float:
        return float(getattr(b, far))

    base = None
    for c in cands:
        # Every bar must stand on the baseline (upwards or, below zero, downwards).
        if all(abs(near_edge(b) - c) <= 0.75 or abs(far_edge(b) - c) <= 0.75 for b in rects):
            base = c
            break
    if base is None:
        return empty("bars do not stand on a common baseline (stacked or floating bars are not read)")
    values: list[tuple[float | str, float]] = []
    seen: set[object] = set()
    for b in sorted(rects, key=lambda r: r.y0 if horizontal else r.x0):
        tip = far_edge(b) if abs(near_edge(b) - base) <= 0.75 else near_edge(b)
        v = value_at(scale, tip)
        center = (b.y0 + b.y1) / 2 if horizontal else (b.x0 + b.x1) / 2
        key: float | str | None
        if cat is not None and cat.categories:
            key = nearest_category(cat.categories, center, 0.5)
        elif x_axis is not None and x_axis.scale is not None:
            key = value_at(x_axis.scale, center)
        else:
            key = None
        if key is None:
            return empty("a bar does not line up with any category label")
        if key in seen:
            return empty("two bars of one colour share a category (stacked or overlapping bars are not read)")
        seen.add(key)
        values.append((key, v))
    if cat is not None and cat.categories and len(seen) < len(cat.categories):
        missing = [c[0] for c in cat.categories if c[0] not in seen]
        notes.append(
            f"bar series s{k} has no bar at {', '.join(missing[:5])}{' ...' if len(missing) > 5 else ''} "
            "(a zero value, a missing value, or a bar not recognised: check the render)"
        )
    return SeriesOut(
        kind="bars",
        style=style_out(s.style),
        label=None if rejected else label,
        axis=side if not horizontal else None,
        resolved_by="caller_rejected" if rejected else resolved,
        multivalued=False,
        downsampled=False,
        n_extrema_dropped=0,
        bars=tuple(values),
    )
