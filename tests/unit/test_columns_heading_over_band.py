"""A section's heading and a table's caption at the foot of the left column, below all of the
right column, over a table whose header is a heading band ruled across the page: they head the
table, read after the right column. Before, the band's ruled edge cut the columns off without
asking which of the left column's last lines head what follows, and the heading was read in the
middle of the two columns (a building society's guide: ``2 Summary Box: Easy Saver`` before the
second column's ``Fixed Rate Bonds``)."""

from __future__ import annotations

from pdfcore.layout.columns import column_regions
from pdfcore.models import Box, TextLine

PROSE = "the quick brown fox jumps over the lazy dog"


def _line(text: str, x0: float, y0: float, x1: float, size: float = 9.0) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + size), size)


def _lines() -> list[TextLine]:
    # (the left column's last line stands below all of the right column: it stays in its paragraph)
    left = [_line(f"L{k} {PROSE}", 48, 200 + 12 * k, 285) for k in range(20)]
    right = [_line(f"R{k} {PROSE}", 309, 200 + 12 * k, 546) for k in range(18)]
    heading = [_line("H 2 Summary Box: Easy Saver", 54, 450, 255, size=12.0)]
    caption = [_line("C Table 1. Summary box for the account", 48, 471, 288)]
    header = [_line("Q Question Answer", 56, 491.7, 261)]
    rows = [
        _line(f"T{k} What is the interest rate? From 3.10% to 3.40% gross", 56, 514 + 20 * k, 538) for k in range(4)
    ]
    return left + right + heading + caption + header + rows


#: The table header's band: a rule above it and one under it, across the page.
RULES = [Box(48, 485.0, 546, 485.8), Box(48, 505.0, 546, 505.8)]


def _order(regions: list[list[TextLine]] | None) -> str:
    assert regions is not None
    return "".join(ln.text[0] for region in regions for ln in region)


def test_a_heading_and_caption_under_the_left_column_head_the_ruled_table_below() -> None:
    order = _order(column_regions(_lines(), RULES))
    assert order == "L" * 20 + "R" * 18 + "HCQ" + "T" * 4, order
