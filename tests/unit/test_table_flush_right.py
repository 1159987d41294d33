"""A table of two wordy columns, its second set flush right (a summary of assumptions: a variable
and the sentence describing it, aligned right), some rows' cells wrapped. Its rows read like
running text, but a column of running text starts every line at its left edge: one set flush
right and ragged left is a table's."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.table_regions import candidate_regions
from tests.unit.test_tables import H, W, inside, line, page, prose_lines

RIGHT = 560.0
#: (label, its text set flush right), one row each; a label of two lines where the text wraps.
ROWS = [
    ("18- to 24-year-old population", "Census Bureau projection: average annual growth rate of 0.1%"),
    ("25- to 29-year-old population", "Census Bureau projection: average annual growth rate of 0.6%"),
    ("Disposable income per capita in", "Annual percent changes range between -1.9% and 2.2%"),
    ("constant dollars", "with an annual growth rate of 1.4%"),
    ("Inflation rate", "Inflation rate ranges between 1.0% and 2.0%"),
    ("Unemployment of young adults", "Remains between 17.7% and 26.8% in every year"),
]


def _rows(top: float, right: float = RIGHT, flush: bool = True) -> tuple[list[TextLine], tuple[Box, ...]]:
    lines, gaps = [], []
    for k, (label, text) in enumerate(ROWS):
        y0 = top + 12 * k
        x0 = 72.0 if not label.startswith("constant") else 84.0
        label_end = x0 + 5 * len(label)
        start = right - 5 * len(text) if flush else 330.0
        lines.append(line(f"{label} {text}", x0, y0, start + 5 * len(text)))
        gaps.append(Box(label_end, y0, start, y0 + 10.0))
    return lines, tuple(gaps)


def test_a_column_of_text_set_flush_right_beside_labels_is_a_table() -> None:
    rows, gaps = _rows(200)
    regions = candidate_regions(page([*prose_lines(80, 6), *rows, *prose_lines(300, 6)], gaps=gaps), W, H)
    assert len(regions) == 1 and inside(Box(72, 200, RIGHT, 270), regions[0]), regions


def test_two_columns_of_text_set_flush_left_stay_text() -> None:
    """The same rows with the second column's lines starting at one edge (a glossary or a page
    of two text columns) are still no table."""
    rows, gaps = _rows(200, flush=False)
    assert candidate_regions(page([*prose_lines(80, 6), *rows, *prose_lines(300, 6)], gaps=gaps), W, H) == ()
