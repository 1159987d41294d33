"""A table whose last column holds a sentence in each row (a review history: version, date and
a summary of the changes), headed by a few words over every column. A column of running text
beside a table is left out of the table's region, but this column is the table's: the run's
first row has a heading over it, and its cells are ragged (a text column's lines fill it)."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.table_regions import candidate_regions
from tests.unit.test_tables import H, W, inside, line, page, prose_lines

#: (version, date, summary): the header first.
ROWS = [
    ("Version", "Date", "Summary of changes"),
    ("1.0", "March 2019", "First version of the policy"),
    ("2.0", "May 2022", "Added remote working and multi-factor authentication requirements"),
    ("3.0", "June 2025", "New classification scheme, password guidance and privileged access rules"),
]
XS = (72.0, 128.0, 220.0)


def _rows(top: float, rows: list[tuple[str, str, str]]) -> tuple[list[TextLine], tuple[Box, ...]]:
    lines, gaps = [], []
    for k, cells in enumerate(rows):
        y0 = top + 16 * k
        ends = [x + 5 * len(c) for x, c in zip(XS, cells, strict=True)]
        lines.append(line(" ".join(cells), XS[0], y0, ends[-1]))
        gaps += [Box(ends[0], y0, XS[1], y0 + 10.0), Box(ends[1], y0, XS[2], y0 + 10.0)]
    return lines, tuple(gaps)


def test_a_headed_column_of_ragged_sentences_stays_in_the_table() -> None:
    rows, gaps = _rows(200, ROWS)
    regions = candidate_regions(page([*prose_lines(80, 6), *rows, *prose_lines(300, 6)], gaps=gaps), W, H)
    assert len(regions) == 1 and inside(Box(72, 200, 560, 258), regions[0]), regions


def test_without_a_heading_over_it_a_column_of_sentences_stays_out() -> None:
    """The same rows without the header: the column of sentences beside the versions and dates
    is left out as before (running text beside a table of two columns)."""
    rows, gaps = _rows(200, ROWS[1:] * 2)
    regions = candidate_regions(page([*prose_lines(80, 6), *rows, *prose_lines(340, 6)], gaps=gaps), W, H)
    assert len(regions) == 1 and regions[0].x1 < XS[2], regions
