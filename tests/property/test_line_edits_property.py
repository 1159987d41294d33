"""Letters put into a text line (see adapters._pdfium_edits): the text is the plain insertion,
and size runs that counted the line's drawn characters still count them; and a line read as a
row of figures (adapters._pdfium_gaps.figures_row) is the words holding a digit counted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adapters._pdfium_edits import edited
from pdfcore.models import Box, TextLine

words = st.lists(st.text(alphabet="abcdefXYZ", min_size=1, max_size=8), min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(
    ws=words,
    cuts=st.lists(st.integers(min_value=1, max_value=7), max_size=3),
    spots=st.lists(st.integers(min_value=0, max_value=80), max_size=4, unique=True),
    first=st.integers(min_value=0, max_value=500),
)
def test_insertions_keep_the_runs_counting_drawn_characters(
    ws: list[str], cuts: list[int], spots: list[int], first: int
) -> None:
    text = " ".join(ws)
    # size runs over whole words, cut after some of them
    bounds = [*sorted({c for c in cuts if c < len(ws)}), len(ws)]
    runs, start = [], 0
    for i, b in enumerate(bounds):
        runs.append((sum(len(w) for w in ws[start:b]), 10.0 + i))
        start = b
    if len(runs) == 1:
        runs = [(len(text), 10.0)]
    line = TextLine(text, Box(0, 0, 10, 10), 10.0, size_runs=tuple(runs))
    edits = {first + s: (0, "q") for s in spots}
    out = edited(line, first, edits)
    inside = sorted((s for s in spots if 0 < s <= len(text)), reverse=True)
    want = text
    for s in inside:
        want = want[:s] + "q" + want[s:]
    assert out.text == want
    if len(runs) > 1:
        assert sum(n for n, _ in out.size_runs) == len(want) - want.count(" ")
    else:
        assert out.size_runs == ((len(want), 10.0),)
    assert [size for _, size in out.size_runs] == [size for _, size in runs]


@settings(max_examples=500, deadline=None)
@given(
    words=st.text(alphabet="ab 1209\t\u00a0\u0663x\n\u00b2\u2009\u3000\x1c,.\u201c\u2014", max_size=40)
    | st.text(max_size=40)
)
def test_a_row_of_figures_counts_the_words_holding_a_digit(words: str) -> None:
    from adapters._pdfium_gaps import FIGURES_MIN, FIGURES_SHARE, figures_row

    tokens = words.split()
    figures = sum(1 for t in tokens if any(ch.isdigit() for ch in t))
    assert figures_row(words) == (figures >= FIGURES_MIN and figures >= FIGURES_SHARE * len(tokens))
