"""A rule-less table whose rows wrap their cells: a line under a row that goes on two of its
cells at once, both in capitals (``10.00am Family`` / ``Service``, ``8.00am Said`` /
``Eucharist``), set closer under it than the rows are set apart, is that row's next line; set
as far under it as the rows are apart, it is a row of its own."""

from __future__ import annotations

import pytest

from adapters._table_glyphs import Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows


def _rota(gap: float) -> list[list[str]]:
    """The table with the line under ``10 May`` set ``gap`` points under it (lines are 10
    points high, rows 7.5 points apart)."""
    below = 43 + 10 + gap
    after = below + 10 + 7.5
    glyphs = _rows(
        (0, [(0, "Date"), (60, "St Oswald"), (160, "Holy Trinity")]),
        (14, [(0, "3 May"), (60, "10.00am Holy"), (160, "6.00pm Evensong")]),
        (25.5, [(60, "Communion")]),
        (43, [(0, "10 May"), (60, "10.00am Family"), (160, "8.00am Said")]),
        (below, [(60, "Service"), (160, "Eucharist")]),
        (after, [(0, "17 May"), (60, "2.00pm Rogation"), (160, "No service")]),
        (after + 11.5, [(60, "walk")]),
        (after + 29, [(0, "24 May"), (60, "10.00am Holy"), (160, "6.00pm Evensong")]),
    )
    found = read_table(glyphs, [Rule(-2, 11.5, 240, 12)])
    assert found is not None
    assert found.header == ["Date", "St Oswald", "Holy Trinity"]
    return found.rows


def test_a_line_going_on_two_cells_set_close_under_its_row_is_that_rows() -> None:
    rows = _rota(1.5)
    assert ["10 May", "10.00am Family Service", "8.00am Said Eucharist"] in rows, rows
    assert ["3 May", "10.00am Holy Communion", "6.00pm Evensong"] in rows, rows
    assert len(rows) == 4


@pytest.mark.parametrize("gap", [7.5, 9.0])
def test_a_line_of_two_cells_set_as_far_under_a_row_as_rows_are_apart_is_a_row(gap: float) -> None:
    rows = _rota(gap)
    assert ["10 May", "10.00am Family", "8.00am Said"] in rows, rows
    assert ["", "Service", "Eucharist"] in rows, rows
