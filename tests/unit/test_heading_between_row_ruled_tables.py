"""Two tables ruled between their rows, as wide, one under the other: between them a paragraph
closing the first and the next section's heading, set larger, under its own rule. That band
is no row: it parts the two stacks, and the first table ends over it."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.row_rules import row_rule_regions
from pdfcore.services.ruled_grids import rule_groups

ROWS = (
    ("General waste", "Green", "Monday", "Everything that cannot be recycled"),
    ("Recycling", "Blue lid", "Monday, every other week", "Cans, bottles, paper and card"),
    ("Garden waste", "Brown", "Not collected", "Please leave it empty"),
)
X = (72.0, 164.0, 247.0, 348.0)


def _line(text: str, x: float, y: float, size: float = 9.0, *, bold: bool = False) -> TextLine:
    return TextLine(text, Box(x, y, x + 0.5 * size * len(text), y + size), size, bold=bold)


def _regions(size: float) -> list[Box]:
    rules = [Box(67.0, y, 529.0, y + 1.0) for y in (62.0, 78.0, 106.0, 133.0, 149.0, 193.0, 315.0)]
    lines = [_line(t, x, 67.0, 9.5, bold=True) for t, x in zip(("Bin", "Colour", "Collected", "Goes in"), X)]
    for k, row in enumerate(ROWS):
        lines += [_line(t, x, 84.0 + 27.0 * k, 9.0) for t, x in zip(row, X)]
    lines.append(_line("Food waste can go in the small caddy on the worktop, which we empty.", 68.0, 158.0, 10.0))
    lines.append(_line("Useful numbers", 69.0, 179.0, size, bold=True))
    for k in range(4):
        lines += [
            _line(f"Service number {k}", 68.0, 203.0 + 12.5 * k),
            _line("01665 711 842", 275.0, 203.0 + 12.5 * k),
            _line("Open daily", 390.0, 203.0 + 12.5 * k),
        ]
    return row_rule_regions(rules, rule_groups(rules), lines, [])


def test_a_paragraph_and_a_heading_set_large_part_the_tables() -> None:
    (table,) = _regions(14.0)
    assert table.y0 <= 67.0 and 145.0 <= table.y1 <= 152.0


def test_a_band_whose_last_line_is_set_as_the_rows_are_stays_a_row() -> None:
    (table,) = _regions(9.0)
    assert table.y1 >= 190.0
