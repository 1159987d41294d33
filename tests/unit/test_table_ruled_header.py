"""A table ruled off under its first row only (a LaTeX tabular's ``\\hline`` under its
headings), whose first body rows hold no figure (``-o, --output | . | Directory ...``): the
first row is the header, the rows under it the body's. Before, the header ran on to the first
row holding a figure. Rows ruled off together, a ruling under the last of them only, stay
the header."""

from __future__ import annotations

from adapters._table_glyphs import Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows

ROWS = (
    (0, [(0, "Option"), (100, "Default"), (160, "Description")]),
    (14, [(0, "--output"), (100, "."), (160, "Directory for the archive")]),
    (28, [(0, "--codec"), (100, "zstd"), (160, "Compression codec")]),
    (42, [(0, "--tolerance"), (100, "0.05"), (160, "Largest error allowed")]),
    (56, [(0, "--jobs"), (100, "1"), (160, "Worker processes")]),
)


def _frame(*under: float) -> list[Rule]:
    return [Rule(-2, y, 300, y + 0.5) for y in (-2, *under, 70)] + [
        Rule(x, -2, x + 0.5, 70) for x in (-2, 95, 155, 300)
    ]


def test_a_ruling_under_the_first_row_alone_ends_the_header() -> None:
    found = read_table(_rows(*ROWS), _frame(12))
    assert found is not None and found.header == ["Option", "Default", "Description"]
    assert found.rows[0] == ["--output", ".", "Directory for the archive"]


def test_rows_ruled_off_together_stay_the_header() -> None:
    """A ruling under the second row alone: the rule says nothing of the first; as before."""
    found = read_table(_rows(*ROWS), _frame(26))
    assert found is not None and found.rows[0][0] == "--tolerance"
