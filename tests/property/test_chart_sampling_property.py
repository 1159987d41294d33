"""Curve sampling keeps endpoints and global extrema and never exceeds the budget."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pdfcore.charts.sampling import local_extrema, round_sig, sample

ys_strategy = st.lists(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), min_size=1, max_size=300)


@settings(max_examples=300, deadline=None)
@given(ys=ys_strategy, budget=st.integers(min_value=4, max_value=60))
def test_sampling_invariants(ys: list[float], budget: int) -> None:
    pts = [(float(i), y) for i, y in enumerate(ys)]
    s = sample(pts, budget)
    idx = list(s.indexes)
    assert idx == sorted(set(idx))
    assert len(idx) <= budget
    assert 0 in idx and len(ys) - 1 in idx
    kept = [ys[i] for i in idx]
    assert min(kept) == min(ys) and max(kept) == max(ys)
    assert s.downsampled == (len(ys) > budget)
    if not s.downsampled:
        assert idx == list(range(len(ys))) and s.n_extrema_dropped == 0
    ext = [i for i in local_extrema(ys)]
    missing = [i for i in ext if i not in idx]
    # Reported drops are real drops of local extrema (never more than were left out).
    assert s.n_extrema_dropped <= len(missing) + 2


@settings(max_examples=200, deadline=None)
@given(v=st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12))
def test_round_sig_keeps_four_figures(v: float) -> None:
    r = round_sig(v)
    if v == 0:
        assert r == 0
    else:
        assert abs(r - v) <= abs(v) * 5e-4 + 1e-300
        assert len(f"{abs(r):.3e}".split("e")[0].replace(".", "").rstrip("0") or "0") <= 4


def test_extrema_are_kept_when_the_budget_allows() -> None:
    ys = [0, 5, 1, 6, 2, 7, 3, 8, 4, 9] * 3
    pts = [(float(i), float(y)) for i, y in enumerate(ys)]
    s = sample(pts, 40)
    assert not s.downsampled
    s = sample(pts, 24)
    assert s.downsampled and s.n_extrema_dropped > 0
    assert len(s.indexes) == 24
