"""A section's heading under two columns, below both, over a paragraph across the page, set
much larger than the columns' text but its box no taller than theirs by 1.2 (no descender in
``Dates and Prices``), as far from the text above as from the paragraph it heads: it heads the
paragraph, read after the right column (before, it was read after the left column's last
line, heading the right column)."""

from __future__ import annotations

from pdfcore.layout.columns import column_regions
from pdfcore.models import Box, TextLine

WORDS = "a line of the itinerary's running text in the column"


def _line(text: str, x0: float, y0: float, x1: float, height: float = 9.9, size: float = 9.8) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + height), size)


def _order(heading_size: float) -> str:
    left = [_line(f"L{k} {WORDS}", 51, 379.0 + 13.4 * k, 281) for k in range(10)]  # foot 509.5
    right = [_line(f"R{k} {WORDS}", 310, 379.0 + 13.4 * k, 537) for k in range(10)]
    heading = [_line("H Dates and Prices", 72, 521.4, 187, height=10.9, size=heading_size)]
    spanning = [
        _line(f"S{k} Prices are per person, sharing a twin or double room, and {WORDS}", 51, 544.3 + 13.3 * k, 544)
        for k in range(2)
    ]
    regions = column_regions(left + right + heading + spanning)
    assert regions is not None
    return "".join(ln.text[0] for region in regions for ln in region)


def test_a_heading_set_large_under_the_columns_heads_what_spans_them() -> None:
    assert _order(14.5) == "L" * 10 + "R" * 10 + "H" + "SS"


def test_a_line_in_the_column_s_size_there_stays_in_the_left_column() -> None:
    assert _order(9.8) == "L" * 10 + "H" + "R" * 10 + "SS"


def test_a_heading_set_large_under_a_column_longer_than_the_other_heads_what_spans() -> None:
    """The left column runs on below the right one's foot (a list's last items), then the
    heading: set larger in type (its box not 1.2 times as tall), it is no last entry of the
    column but the heading of what spans the page under it."""
    left = [_line(f"L{k} {WORDS}", 62, 221.9 + 14 * k, 281) for k in range(11)]  # foot 372
    right = [_line(f"R{k} {WORDS}", 309, 221.9 + 14 * k, 532) for k in range(9)]  # foot 343.8
    heading = [_line("H Federation Events", 76, 392.7, 202, height=11.2, size=14.9)]
    spanning = [
        _line(f"S{k} The Derbyshire Federation runs events throughout the year, {WORDS}", 62, 411.8 + 11 * k, 532)
        for k in range(2)
    ]
    regions = column_regions(left + right + heading + spanning)
    assert regions is not None
    assert "".join(ln.text[0] for region in regions for ln in region) == "L" * 11 + "R" * 9 + "H" + "SS"
