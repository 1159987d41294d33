"""Markers put back at their items lose no text: every line's text is kept, in order, each
marker either where it was or at the front of exactly one line right after it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pdfcore.layout.list_marks import markers_in_place
from pdfcore.models import Box, TextLine

_WORDS = st.sampled_from(["alpha beta", "gamma", "delta epsilon zeta", "eta"])
MARKS = ("\u2022", "1.", "2.", "a)", "(iv)", "-")
_MARKS = st.sampled_from(MARKS)


@st.composite
def _lines(draw: st.DrawFn) -> list[TextLine]:
    out = []
    for _ in range(draw(st.integers(0, 12))):
        marker = draw(st.booleans())
        text = draw(_MARKS) if marker else draw(_WORDS)
        x0 = draw(st.floats(50, 400))
        y0 = draw(st.floats(50, 700))
        width = draw(st.floats(4, 12)) if marker else draw(st.floats(20, 200))
        height = draw(st.floats(5, 12))
        out.append(TextLine(text=text, bbox=Box(x0, y0, x0 + width, y0 + height)))
    return out


def _unmarked(text: str) -> str:
    """A line's text without a marker joined to its front."""
    head, _, rest = text.partition(" ")
    return rest if head in MARKS and rest else text


@settings(max_examples=300, deadline=None)
@given(_lines())
def test_no_text_lost_or_made_up(lines: list[TextLine]) -> None:
    out = list(markers_in_place(lines))
    joined = len(lines) - len(out)
    assert joined >= 0
    # every word of the input is in the output once as often
    assert sorted(" ".join(ln.text for ln in lines).split()) == sorted(" ".join(ln.text for ln in out).split())
    # the lines that are no marker keep their order
    plain = [ln.text for ln in lines if ln.text not in MARKS]
    items = [_unmarked(ln.text) for ln in out]
    assert [t for t in items if t in set(plain)] == plain
    # a joined line's box holds its item's box
    for ln in out:
        assert ln.bbox.x0 <= ln.bbox.x1 and ln.bbox.y0 <= ln.bbox.y1
