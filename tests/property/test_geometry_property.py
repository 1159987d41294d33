"""The blanks between spans (pdfcore.geometry.thin_stretches), which the table search and both
table readers cut columns at: left to right, apart, inside the spans' reach, covered by at most
the allowed number of spans, and every such point before the cover last rises inside one."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from pdfcore.geometry import thin_stretches

_span = st.tuples(st.integers(0, 60), st.integers(1, 20)).map(lambda t: (float(t[0]), float(t[0] + t[1])))


def _cover(spans: list[tuple[float, float]], x: float) -> int:
    return sum(1 for a, z in spans if a < x < z)


@given(st.lists(_span, min_size=1, max_size=12), st.integers(0, 3))
def test_stretches_are_the_thinly_covered_reaches_inside_the_spans(
    spans: list[tuple[float, float]], allowed: int
) -> None:
    got = thin_stretches(spans, allowed)
    lo, hi = min(a for a, _ in spans), max(z for _, z in spans)
    for (_, z), (b, _) in itertools.pairwise(got):
        assert z <= b  # left to right, never overlapping
    for a, z in got:
        assert lo <= a < z < hi
        assert _cover(spans, (a + z) / 2) <= allowed
    # every thinly covered point before the cover's last rise above ``allowed`` is in a stretch
    points = [k / 4 + 0.125 for k in range(int(lo) * 4, int(hi) * 4)]
    last_rise = max((x for x in points if _cover(spans, x) > allowed), default=lo)
    for x in points:
        if lo < x < last_rise and _cover(spans, x) <= allowed:
            assert any(a < x < z for a, z in got), (x, got)


def test_a_span_starting_where_another_ends_leaves_no_blank() -> None:
    assert thin_stretches([(0.0, 5.0), (5.0, 9.0)]) == []
    assert thin_stretches([(0.0, 5.0), (7.0, 9.0)]) == [(5.0, 7.0)]
    # one span allowed: from the first start while one span covers, not the reach after the last rise
    assert thin_stretches([(0.0, 5.0), (1.0, 8.0), (7.0, 9.0)], allowed=1) == [(0.0, 1.0), (5.0, 7.0)]
