"""Scoring chart readings against ground truth (shared by the corpus tests and the benchmark).

Errors are fractions of the truth's span on each axis (in log10 space for a log axis): a
curve point is compared with the truth polyline at its x, a scatter point with the nearest
truth point. A truth series is matched to the emitted series with the smallest worst error.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from typing import Any

Pts = list[tuple[float, float]]


def _t(v: float, log: bool) -> float:
    return math.log10(v) if log and v > 0 else (float("-inf") if log else v)


def _span(vals: Sequence[float]) -> float:
    finite = [v for v in vals if math.isfinite(v)]
    if not finite:
        return 1.0
    s = max(finite) - min(finite)
    return s if s > 0 else max(abs(max(finite)), 1.0)


def series_error(
    emitted: Pts,
    truth_x: Sequence[float],
    truth_y: Sequence[float],
    *,
    kind: str,
    xlog: bool = False,
    ylog: bool = False,
) -> float:
    """Worst error of ``emitted`` against the truth, as a fraction of the truth's span."""
    if not emitted:
        return float("inf")
    tx = [_t(v, xlog) for v in truth_x]
    ty = [_t(v, ylog) for v in truth_y]
    sx, sy = _span(tx), _span(ty)
    worst = 0.0
    if kind == "scatter":
        for x, y in emitted:
            ex, ey = _t(float(x), xlog), _t(float(y), ylog)
            d = min(max(abs(ex - a) / sx, abs(ey - b) / sy) for a, b in zip(tx, ty))
            worst = max(worst, d)
        # Every truth point must be present too.
        for a, b in zip(tx, ty):
            d = min(max(abs(_t(float(x), xlog) - a) / sx, abs(_t(float(y), ylog) - b) / sy) for x, y in emitted)
            worst = max(worst, d)
        return worst
    order = sorted(range(len(tx)), key=lambda i: tx[i])
    xs = [tx[i] for i in order]
    ys = [ty[i] for i in order]
    for x, y in emitted:
        ex, ey = _t(float(x), xlog), _t(float(y), ylog)
        if ex < xs[0] - 0.01 * sx or ex > xs[-1] + 0.01 * sx:
            return float("inf")
        j = bisect.bisect_left(xs, ex)
        if j <= 0:
            yt = ys[0]
        elif j >= len(xs):
            yt = ys[-1]
        else:
            x0, x1 = xs[j - 1], xs[j]
            f = (ex - x0) / (x1 - x0) if x1 > x0 else 0.0
            yt = ys[j - 1] + f * (ys[j] - ys[j - 1])
        worst = max(worst, abs(ey - yt) / sy)
    # The reading must cover the truth's x range (both ends).
    ex0 = min(_t(float(x), xlog) for x, _ in emitted)
    ex1 = max(_t(float(x), xlog) for x, _ in emitted)
    worst = max(worst, abs(ex0 - xs[0]) / sx, abs(ex1 - xs[-1]) / sx)
    return worst


def score_chart(result: dict[str, Any], truth: dict[str, Any]) -> dict[str, Any]:
    """{'matched': {truth name: error}, 'extra': n emitted series left unmatched, 'max_error': worst}."""
    charts = [c for c in result.get("charts", []) if c.get("chart_type") not in ("declined", "unknown")]
    emitted: list[tuple[Pts, bool, bool]] = []
    for c in charts:
        xlog = (c.get("x_axis") or {}).get("scale") == "log"
        for s in c.get("series", []):
            pts = s.get("points")
            if not pts:
                continue
            axis = c.get("y_axis_right") if s.get("axis") == "right" and c.get("y_axis_right") else c.get("y_axis")
            ylog = (axis or {}).get("scale") == "log"
            emitted.append(([(float(p[0]), float(p[1])) for p in pts], xlog, ylog))
    kind = "scatter" if truth.get("type") == "scatter" else "line"
    names = list(truth.get("series", {}))
    errors = {
        (name, i): series_error(pts, *truth["series"][name], kind=kind, xlog=xlog, ylog=ylog)
        for name in names
        for i, (pts, xlog, ylog) in enumerate(emitted)
    }
    return _assign(names, len(emitted), errors)


def _assign(names: list[str], n_emitted: int, errors: dict[tuple[str, int], float]) -> dict[str, Any]:
    """Pair truth series with emitted ones, smallest error first.

    ``matched`` maps each truth series to its error (inf: nothing emitted for it); ``extra`` counts
    emitted series that match no truth series; ``max_error`` is the worst matched error.
    """
    matched: dict[str, float] = {name: float("inf") for name in names}
    used_t: set[str] = set()
    used_e: set[int] = set()
    for (name, i), err in sorted(errors.items(), key=lambda kv: kv[1]):
        if name in used_t or i in used_e or not math.isfinite(err):
            continue
        used_t.add(name)
        used_e.add(i)
        matched[name] = err
    finite = [e for e in matched.values() if math.isfinite(e)]
    return {
        "matched": matched,
        "extra": n_emitted - len(used_e),
        "missing": sum(1 for e in matched.values() if not math.isfinite(e)),
        "max_error": max(finite) if finite else float("inf"),
    }


def bar_error(emitted: list[tuple[object, float]], cats: Sequence[object], values: Sequence[float]) -> float:
    """Worst bar error as a fraction of the truth's value span (zero included)."""
    got = {str(k): float(v) for k, v in emitted}
    span = _span([*values, 0.0])
    worst = 0.0
    for c, v in zip(cats, values):
        if str(c) not in got:
            return float("inf")
        worst = max(worst, abs(got[str(c)] - float(v)) / span)
    if len(got) != len(cats):
        return float("inf")
    return worst


def score_bars(result: dict[str, Any], truth: dict[str, Any]) -> dict[str, Any]:
    emitted = [
        [(b[0], float(b[1])) for b in s["bars"]]
        for c in result.get("charts", [])
        for s in c.get("series", [])
        if s.get("bars")
    ]
    names = list(truth.get("series", {}))
    errors = {(name, i): bar_error(e, *truth["series"][name]) for name in names for i, e in enumerate(emitted)}
    return _assign(names, len(emitted), errors)


def score(result: dict[str, Any], truth: dict[str, Any]) -> dict[str, Any]:
    return score_bars(result, truth) if truth.get("type") == "bar" else score_chart(result, truth)
