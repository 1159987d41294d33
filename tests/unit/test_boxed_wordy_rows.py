"""A table in a box (its sides the only vertical rules), ruled under each row, every line of it
six words or more (a long label and its values; headings over groups of columns): read as
running text, a paragraph framed and ruled under each line, it was no grid. A line parted into
cells by a blank inside it is no running text: the box is a grid."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.ruled_grids import rule_groups, rule_regions

X0, X1 = 62.0, 545.0
ROWS = (
    "Transaction Everyday and Everyday Plus Premier",
    "Card purchase in a foreign currency None 2.75% None None",
    "Cash withdrawal in a foreign currency 1.50 2.75% None None",
    "Cash withdrawal in sterling outside the UK 1.50 None None None",
)


def _box(parted: bool) -> list[Box]:
    rules = [Box(X0, 100, X0 + 0.5, 100 + 20 * len(ROWS)), Box(X1 - 0.5, 100, X1, 100 + 20 * len(ROWS))]
    rules += [Box(X0, 100 + 20 * k, X1, 100.5 + 20 * k) for k in range(len(ROWS) + 1)]
    lines = [TextLine(text=t, bbox=Box(66, 105 + 20 * k, 540, 114 + 20 * k), font_size=9) for k, t in enumerate(ROWS)]
    gaps = [Box(240, 105 + 20 * k, 290, 114 + 20 * k) for k in range(len(ROWS))] if parted else []
    return rule_regions(rule_groups(rules), lines, gaps)


def test_rows_parted_into_cells_make_the_box_a_grid() -> None:
    (region,) = _box(parted=True)
    assert region.x0 <= X0 and region.x1 >= X1


def test_lines_of_running_text_framed_and_ruled_are_no_grid() -> None:
    assert _box(parted=False) == []
