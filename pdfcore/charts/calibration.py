"""Calibrating an axis: from (page position, tick value) pairs to a scale.

An axis is linear (value = a·pos + b) or logarithmic (log10 value = a·pos + b; the base of the
tick labels, 10 or 2, is reported but does not change the fit). Both fits are tried; the one
whose worst residual is smallest wins, and it must stay under :data:`MAX_RESIDUAL` of the
axis's value span. Fewer than :data:`MIN_TICKS` readable ticks, or ticks that are not monotonic,
decline: the tool never calibrates against a guessed axis.
"""

from __future__ import annotations

import itertools
import math

from attrs import frozen

MIN_TICKS = 3
#: Worst tick residual allowed, as a fraction of the span (in the fitted space).
MAX_RESIDUAL = 0.006
#: Above this residual the axis reading carries a ``verify`` flag (a marginal fit).
MARGINAL_RESIDUAL = 0.0025


@frozen
class Tick:
    raw: str
    value: float
    #: Position along the axis in page space (x for a horizontal axis, y for a vertical one).
    pos: float
    #: The position came from a drawn tick mark or gridline (exact), not the label's centre.
    exact: bool = True
    superscript: bool = False


@frozen
class Scale:
    kind: str  # "linear" | "log"
    slope: float
    intercept: float
    r2: float
    residual: float
    ticks: tuple[Tick, ...]
    log_base: int | None = None

    def value(self, pos: float) -> float:
        v = self.slope * pos + self.intercept
        if self.kind == "log":
            return float(10.0 ** max(-300.0, min(300.0, v)))
        return v

    def pos(self, value: float) -> float | None:
        if self.kind == "log":
            if value <= 0:
                return None
            v = math.log10(value)
        else:
            v = value
        if self.slope == 0:
            return None
        return (v - self.intercept) / self.slope

    @property
    def value_range(self) -> tuple[float, float]:
        vals = [t.value for t in self.ticks]
        return (min(vals), max(vals))

    @property
    def pos_range(self) -> tuple[float, float]:
        ps = [t.pos for t in self.ticks]
        return (min(ps), max(ps))

    @property
    def marginal(self) -> bool:
        return self.residual > MARGINAL_RESIDUAL

    def span_fraction(self, value: float) -> float:
        """``value`` as a fraction of the tick range, in the axis's own (linear or log) space."""
        lo, hi = self.value_range
        if self.kind == "log":
            if value <= 0 or lo <= 0:
                return float("nan")
            return (math.log10(value) - math.log10(lo)) / ((math.log10(hi) - math.log10(lo)) or 1.0)
        return (value - lo) / ((hi - lo) or 1.0)


@frozen
class Failure:
    reason: str


def _fit(pos: list[float], val: list[float]) -> tuple[float, float, float, float]:
    """Least squares val = a*pos + b: (a, b, r2, worst residual / span)."""
    n = len(pos)
    mx = sum(pos) / n
    my = sum(val) / n
    sxx = sum((p - mx) ** 2 for p in pos)
    sxy = sum((p - mx) * (v - my) for p, v in zip(pos, val))
    if sxx <= 0:
        return 0.0, my, 0.0, float("inf")
    a = sxy / sxx
    b = my - a * mx
    ss_tot = sum((v - my) ** 2 for v in val)
    resid = [v - (a * p + b) for p, v in zip(pos, val)]
    ss_res = sum(r * r for r in resid)
    r2 = 1.0 - ss_res / ss_tot if ss_tot > 0 else 0.0
    span = max(val) - min(val)
    worst = max(abs(r) for r in resid) / span if span > 0 else float("inf")
    return a, b, r2, worst


def _log_base(values: list[float]) -> int:
    def is_power(v: float, base: float) -> bool:
        if v <= 0:
            return False
        e = math.log(v, base)
        return abs(e - round(e)) < 1e-9

    if all(is_power(v, 10) for v in values):
        return 10
    if all(is_power(v, 2) for v in values):
        return 2
    return 10


def _monotonic(ticks: list[Tick]) -> bool:
    vals = [t.value for t in sorted(ticks, key=lambda t: t.pos)]
    inc = all(b > a for a, b in itertools.pairwise(vals))
    dec = all(b < a for a, b in itertools.pairwise(vals))
    return inc or dec


def _try(ticks: list[Tick]) -> Scale | None:
    pos = [t.pos for t in ticks]
    val = [t.value for t in ticks]
    candidates: list[Scale] = []
    a, b, r2, worst = _fit(pos, val)
    if worst <= MAX_RESIDUAL and a != 0:
        candidates.append(Scale("linear", a, b, r2, worst, tuple(ticks)))
    if all(v > 0 for v in val):
        logs = [math.log10(v) for v in val]
        a, b, r2, worst = _fit(pos, logs)
        if worst <= MAX_RESIDUAL and a != 0:
            candidates.append(Scale("log", a, b, r2, worst, tuple(ticks), _log_base(val)))
    if not candidates:
        return None
    # The better fit wins; an exact tie (3 ticks can fit both) goes to linear.
    candidates.sort(key=lambda s: (round(s.residual, 9), s.kind != "linear"))
    return candidates[0]


def calibrate(ticks: list[Tick]) -> Scale | Failure:
    """Fit a scale to ``ticks`` (already parsed; ambiguous labels already dropped).

    One or two stray labels (a title number, a misplaced annotation) may be left out when the
    rest still fits with at least :data:`MIN_TICKS` ticks and three quarters of the labels.
    """
    uniq: dict[float, Tick] = {}
    for t in ticks:
        key = round(t.pos, 2)
        if key in uniq and uniq[key].value != t.value:
            return Failure("two tick labels claim the same position with different values")
        uniq[key] = t
    pts = sorted(uniq.values(), key=lambda t: t.pos)
    if len(pts) < MIN_TICKS or len({t.value for t in pts}) < MIN_TICKS:
        return Failure(f"fewer than {MIN_TICKS} resolvable tick labels")
    if _monotonic(pts):
        s = _try(pts)
        if s is not None:
            return s
    n = len(pts)
    need = max(MIN_TICKS, math.ceil(0.75 * n))
    best: Scale | None = None
    if n - 1 >= need:
        for i in range(n):
            sub = pts[:i] + pts[i + 1 :]
            if _monotonic(sub):
                s = _try(sub)
                if s is not None and (best is None or s.residual < best.residual):
                    best = s
    if best is None and n - 2 >= need and n <= 30:
        for i in range(n):
            for j in range(i + 1, n):
                sub = [t for k, t in enumerate(pts) if k not in (i, j)]
                if _monotonic(sub):
                    s = _try(sub)
                    if s is not None and (best is None or s.residual < best.residual):
                        best = s
    if best is not None:
        return best
    return Failure("tick labels do not fit a linear or logarithmic scale")
