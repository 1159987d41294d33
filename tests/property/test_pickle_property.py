"""Pages cross the worker boundary pickled: the compact forms of Box and TextLine round-trip."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from pdfcore.models import Box, PageText, TextLine

floats = st.floats(allow_nan=False, allow_infinity=True, width=64)
boxes = st.builds(Box, floats, floats, floats, floats)
lines = st.builds(TextLine, st.text(max_size=40), boxes, floats, st.booleans(), lead=st.text(max_size=12))


@given(st.lists(lines, max_size=8), st.lists(boxes, max_size=8), st.integers(0, 10_000))
def test_pages_round_trip_through_pickle(page_lines: list[TextLine], gaps: list[Box], index: int) -> None:
    page = PageText(index=index, text="", lines=tuple(page_lines), gaps=tuple(gaps))
    for protocol in (2, pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL):
        back = pickle.loads(pickle.dumps(page, protocol=protocol))
        assert back == page
        assert all(type(a) is TextLine and type(a.bbox) is Box for a in back.lines)


def test_boxes_pickle_by_value() -> None:
    box = Box(1.0, 2.0, 3.0, 4.0)
    assert box.__reduce__() == (Box, (1.0, 2.0, 3.0, 4.0))
    assert pickle.loads(pickle.dumps(box)) == box
