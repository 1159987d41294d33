"""A line whose text is all blank makes a piece with no segment: the page's columns take it in
the first column (the tables property test found ``split`` failing on it)."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.page_columns import split
from pdfcore.services.text_pieces import line_pieces


def test_a_piece_with_no_segment_goes_to_the_first_column() -> None:
    lines = [TextLine("", Box(0.0, 0.0, 10.0, 10.0)), TextLine("Revenue 12", Box(300.0, 10.0, 400.0, 20.0))]
    pieces = line_pieces(lines, [Box(0.0, 0.0, 10.0, 10.0)])
    assert any(not p.segments for p in pieces)
    columns = split(pieces, [150.0])
    assert sum(len(c) for c in columns) == len(pieces)
