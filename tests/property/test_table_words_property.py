"""A stray space (one drawn apart over touching letters) is found as a plain forward scan finds it."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from adapters._table_glyphs import WORD_GAP, Glyph, _next_letters, _stray_space

SIZE = 10.0


def _reference(glyphs: Sequence[Glyph], i: int, before: Sequence[Glyph]) -> bool:
    """The rule read off the docstring, with the next letter found by scanning on from ``i``."""
    nxt = None
    for g in glyphs[i + 1 :]:
        if g.text.strip():
            nxt = g
            break
    if not before or nxt is None:
        return False
    left, space = before[-1], glyphs[i]
    if min(space.seq, left.seq, nxt.seq) < 0:
        return False
    if min(left.seq, nxt.seq) < space.seq < max(left.seq, nxt.seq):
        return False
    return nxt.x0 - left.x1 <= WORD_GAP * max(nxt.size, 1.0)


@st.composite
def _rows(draw: st.DrawFn) -> list[Glyph]:
    """Letters and spaces left to right, spaces alone or in runs (over the letter before or
    not), letters touching, within the word gap or apart."""
    glyphs: list[Glyph] = []
    x = 0.0
    for _ in range(draw(st.integers(0, 12))):
        if draw(st.booleans()):
            x += draw(st.sampled_from([0.0, 0.5, 1.9, 2.1, 8.0]))  # touching, within the word gap, past it
            size = draw(st.sampled_from([0.5, SIZE, SIZE]))
            glyphs.append(Glyph(x, 0, x + 5, SIZE, draw(st.sampled_from(["a", "B", "7"])), size))
            x += 5
        else:
            for _ in range(draw(st.integers(1, 6))):
                text = draw(st.sampled_from([" ", "", "\u00a0", "\t"]))
                back = draw(st.sampled_from([0.0, 3.0]))  # a space drawn over the letter before
                glyphs.append(Glyph(x - back, 0, x - back + 2, SIZE, text, SIZE))
    # each glyph drawn in its place in the text, after the whole line, or in no known order
    n = len(glyphs)
    seqs = [draw(st.sampled_from([k, n + k, n + k, -1])) for k in range(n)]
    return [Glyph(g.x0, g.y0, g.x1, g.y1, g.text, g.size, seq=seq) for g, seq in zip(glyphs, seqs)]


@given(_rows(), st.data())
def test_each_space_is_stray_as_the_forward_scan_says(glyphs: list[Glyph], data: st.DataObject) -> None:
    letters = _next_letters(glyphs)
    for i, g in enumerate(glyphs):
        if g.text.strip():
            assert letters[i] == i
            continue
        earlier = [h for h in glyphs[:i] if h.text.strip()]
        before = data.draw(st.sampled_from([[], *([h] for h in earlier)]))
        assert _stray_space(glyphs, i, before, letters) == _reference(glyphs, i, before)
