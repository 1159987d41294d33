"""Two authors' blocks side by side under a paper's title, each centred over a column: read one
after the other before the columns. Before, the right author's block came after the whole left
column (it fell into the right column's band). Rows of running text at the top of both columns
(all of one width) are no such blocks."""

from __future__ import annotations

from pdfcore.layout.columns import column_regions
from pdfcore.models import Box, TextLine

PROSE = "the quick brown fox jumps over the lazy dog while the owls watch"


def _line(text: str, x0: float, y0: float, x1: float, size: float = 9.0) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + size), size)


def _centred(text: str, centre: float, y0: float) -> TextLine:
    half = 2.2 * len(text)
    return _line(text, centre - half, y0, centre + half)


def _page(heads: bool = True) -> list[TextLine]:
    left_block = ["Ines Varga", "Department of Civil Engineering", "Northmere University"]
    right_block = ["Tomasz Ellery", "Kestrel Traffic Labs", "Port Ashby"]
    lines = [_line("Counting Cyclists with Pressure-Sensitive Road Tape", 150, 40, 460, size=14)]
    if heads:
        lines += [_centred(t, 180, 70 + 11 * k) for k, t in enumerate(left_block)]
        lines += [_centred(t, 430, 70 + 11 * k) for k, t in enumerate(right_block)]
    lines += [_line(f"L{k} {PROSE}", 60, 130 + 12 * k, 300) for k in range(30)]
    lines += [_line(f"R{k} {PROSE}", 310, 130 + 12 * k, 550) for k in range(30)]
    return lines


def test_author_blocks_side_by_side_are_read_before_the_columns() -> None:
    regions = column_regions(_page())
    assert regions is not None
    order = [ln.text.split(" ")[0] for region in regions for ln in region]
    assert order[:7] == ["Counting", "Ines", "Department", "Northmere", "Tomasz", "Kestrel", "Port"]
    assert order[7] == "L0" and order[37] == "R0"


def test_columns_without_such_blocks_read_as_before() -> None:
    regions = column_regions(_page(heads=False))
    assert regions is not None
    order = [ln.text.split(" ")[0] for region in regions for ln in region]
    assert order[1] == "L0" and order[31] == "R0"
