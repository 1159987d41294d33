"""Where to look for tables: its shortcuts give what the long way gives."""

from __future__ import annotations

import bisect

from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from pdfcore.models import Box, TextLine
from pdfcore.services import text_pieces
from pdfcore.services.page_columns import gutters, split
from pdfcore.services.text_pieces import figures, line_pieces, plain_text
from pdfcore.services.text_rows import _make_row, _merged_row, _one_piece_row, visual_rows, whitespace
from pdfcore.services.text_runs import _may_start_run, _runs

_CHARS = st.sampled_from(list("ab Zé1 9_-.,:%$()—…²٣\t\u00a0"))
_TEXT = st.text(_CHARS, max_size=40)


@given(_TEXT)
def test_without_a_digit_the_tokens_are_the_words(text: str) -> None:
    tokens = len(text_pieces._TOKEN.findall(text))
    words = len(text_pieces._WORD.findall(text))
    if text_pieces._DIGIT.search(text) is None:
        assert tokens == words


_X = st.floats(min_value=0, max_value=600, allow_nan=False)


@st.composite
def _lines(draw: st.DrawFn) -> tuple[list[TextLine], list[Box]]:
    lines, gaps = [], []
    for k in range(draw(st.integers(1, 4))):
        y0 = 20.0 * k + draw(st.sampled_from([0.0, 5.0, 12.0]))
        x0 = draw(_X)
        x1 = x0 + draw(st.floats(min_value=1, max_value=400))
        lines.append(TextLine(text=draw(_TEXT), bbox=Box(x0, y0, x1, y0 + 10)))
        for _ in range(draw(st.integers(0, 3))):
            a = draw(st.floats(min_value=x0 - 5, max_value=x1))
            gaps.append(Box(a, y0, a + draw(st.floats(min_value=0, max_value=60)), y0 + 10))
    return lines, gaps


@given(_lines())
def test_a_lines_piece_and_its_row_are_what_the_long_way_makes(case: tuple[list[TextLine], list[Box]]) -> None:
    lines, gaps = case
    pieces = line_pieces(lines, gaps)
    assert [p.tokens for p in pieces] == [len(text_pieces._TOKEN.findall(ln.text)) for ln in lines]
    for piece in pieces:
        if not piece.segments:  # a gap over the whole line: no row (both ways fail alike)
            continue
        assert _make_row([piece]) == _merged_row([piece])
        fast = _one_piece_row(piece)
        slow = _merged_row([piece])
        assert (fast.numeric, fast.prose, fast.gapped) == (slow.numeric, slow.prose, slow.gapped)


@given(_lines())
def test_rows_that_cannot_start_a_run_make_none(case: tuple[list[TextLine], list[Box]]) -> None:
    lines, gaps = case
    pieces = [p for p in line_pieces(lines, gaps) if p.segments]
    if not _may_start_run(pieces):
        assert _runs(visual_rows(pieces)) == []
        assert all(not r.gapped and not r.numeric for r in visual_rows(pieces))


#: Lines of words, figures, placeholders and leaders, some side by side or overlapping.
_TOKEN = st.sampled_from(
    ["Revenue", "and", "12", "1,234", "(5)", "—", "-", "2019", ". . . .", "x", "$", "7%", "3.", "a,"]
)
_LINE_TEXT = st.lists(_TOKEN, max_size=8).map(" ".join) | _TEXT


@st.composite
def _pages(draw: st.DrawFn) -> tuple[list[TextLine], list[Box]]:
    lines, gaps = [], []
    for k in range(draw(st.integers(1, 8))):
        y0 = 10.0 * k + draw(st.sampled_from([0.0, 1.0, 4.0, 8.0]))
        x0 = draw(st.sampled_from([0.0, 40.0, 300.0])) + draw(st.floats(0, 20))
        x1 = x0 + draw(st.floats(min_value=1, max_value=300))
        lines.append(TextLine(text=draw(_LINE_TEXT), bbox=Box(x0, y0, x1, y0 + 10)))
        if draw(st.booleans()):
            a = draw(st.floats(min_value=x0, max_value=x1))
            gaps.append(Box(a, y0, a + draw(st.floats(min_value=0, max_value=60)), y0 + 10))
    return lines, gaps


@given(_pages())
def test_a_page_told_plain_text_has_no_column_where_a_run_may_start(case: tuple[list[TextLine], list[Box]]) -> None:
    lines, gaps = case
    if plain_text(lines, gaps):
        pieces = line_pieces(lines, gaps)
        assert not any(_may_start_run(column) for column in split(pieces, gutters(pieces)))


@given(_pages(), st.lists(st.floats(0, 600), max_size=3).map(sorted), st.booleans())
def test_columns_share_out_each_pieces_segments_and_keep_its_face(
    case: tuple[list[TextLine], list[Box]], cuts: list[float], bold: bool
) -> None:
    lines, gaps = case
    pieces = line_pieces([evolve(ln, bold=bold) for ln in lines], gaps)
    columns = split(pieces, cuts)
    shared = sorted(seg for column in columns for q in column for seg in q.segments)
    assert shared == sorted(seg for p in pieces for seg in p.segments)
    assert all(q.bold == bold for column in columns for q in column)
    whole = [p for p in pieces if len({bisect.bisect(cuts, (a + z) / 2) for a, z, _ in p.segments}) == 1]
    assert all(any(q is p for column in columns for q in column) for p in whole)


@given(_LINE_TEXT)
def test_a_line_of_figures_is_told_as_its_piece_tells_it(text: str) -> None:
    p = text_pieces._piece(TextLine(text=text, bbox=Box(0, 0, 100, 10)), ())
    assert text_pieces._line_of_figures(text) == figures(p.led, p.numbers, p.trailing, p.tokens)


def _cut_each(
    rivers: list[tuple[float, float]], segments: tuple[tuple[float, float], ...], width: float
) -> list[tuple[float, float]]:
    """Each river cut by every segment in turn, the long way."""
    out: list[tuple[float, float]] = []
    for a, z in rivers:
        pieces = [(a, z)]
        for s0, s1 in segments:
            pieces = [
                part
                for p0, p1 in pieces
                for part in ([(p0, p1)] if s1 <= p0 or s0 >= p1 else [(p0, s0)] * (s0 > p0) + [(s1, p1)] * (s1 < p1))
            ]
        out.extend(p for p in pieces if p[1] - p[0] >= width)
    return out


@given(
    _pages(), st.lists(st.tuples(st.floats(0, 600), st.floats(0, 120)), max_size=3), st.sampled_from([1.0, 2.0, 4.0])
)
def test_the_blanks_a_row_leaves_in_rivers_are_what_cutting_each_river_leaves(
    case: tuple[list[TextLine], list[Box]], spans: list[tuple[float, float]], width: float
) -> None:
    lines, gaps = case
    rivers = [(a, a + w) for a, w in spans]
    for row in visual_rows([p for p in line_pieces(lines, gaps) if p.segments]):
        assert whitespace(rivers, row, width) == _cut_each(rivers, row.segments, width)


#: Rows of a table-like page, by kind: (text, x0, x1, gaps as (x0, width)); cells and figures
#: share rivers near x 150 and 220, a label or a line across the page may interrupt them.
_ROW_KINDS = {
    "cells": ("Revenue and 12", 40.0, 300.0, ((150.0, 20.0),)),
    "wide cells": ("Revenue and x", 40.0, 300.0, ((120.0, 50.0),)),
    "right cells": ("Revenue and x", 40.0, 300.0, ((220.0, 15.0),)),
    "three cells": ("Revenue and x", 40.0, 300.0, ((150.0, 20.0), (220.0, 15.0))),
    "figures": ("Revenue 12 1,234 (5)", 40.0, 300.0, ((150.0, 20.0), (220.0, 15.0))),
    "entries": ("x, 12 a, 3", 40.0, 300.0, ((150.0, 20.0),)),
    "label": ("Revenue and", 40.0, 100.0, ()),
    "across": ("x 12", 40.0, 300.0, ()),
    "prose": ("and Revenue and x and Revenue and", 40.0, 300.0, ()),
}


@st.composite
def _columns(draw: st.DrawFn) -> list[TextLine | Box]:
    """Rows of one to three cells (a gap between each), figures, labels, lines across and lines
    of prose, at varying pitches and edges: the tries of a run from each row meet on the same
    rivers, or do not."""
    out: list[TextLine | Box] = []
    y = 0.0
    for _ in range(draw(st.integers(3, 24))):
        y += draw(st.sampled_from([10.0, 11.0, 12.0, 14.0, 40.0]))
        text, x0, x1, gaps = _ROW_KINDS[draw(st.sampled_from(sorted(_ROW_KINDS)))]
        shift = draw(st.sampled_from([0.0, 0.0, 2.0, 5.0]))
        out.append(TextLine(text=text, bbox=Box(x0 + shift, y, x1 - shift, y + 10)))
        for a, w in gaps:
            move = draw(st.sampled_from([0.0, 0.0, -3.0, 4.0]))
            out.append(Box(a + move, y, a + move + w, y + 10))
    return out


@given(_columns())
def test_a_try_that_meets_an_earlier_one_ends_as_walking_its_rows_would(case: list[TextLine | Box]) -> None:
    lines = [x for x in case if isinstance(x, TextLine)]
    gaps = [x for x in case if isinstance(x, Box)]
    pieces = [p for p in line_pieces(lines, gaps) if p.segments]
    rows = visual_rows(pieces)
    assert _runs(rows) == _runs(rows, reuse=False)


@given(st.lists(_LINE_TEXT | st.sampled_from(["12\n3 4", "x 1\n", "\n", "Fees . . . . —"]), max_size=6))
def test_the_lines_of_figures_of_a_page_are_found_as_line_by_line(texts: list[str]) -> None:
    assert text_pieces._any_line_of_figures(texts) == any(text_pieces._line_of_figures(t) for t in texts)
