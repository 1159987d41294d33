"""A timetable ruled as a grid whose last row holds a label and one cell spanning the four
columns of times (``Christmas Day`` ... ``No sailings``): the column rulings between the times
end above it, the one after the label runs down beside it to the grid's foot. The row is the
table's. Before, it was taken for notes under the grid in the same frame (fewer texts than half
the columns, below where most column rulings end) and left out. A note under the grid that no
column ruling runs down beside is still left out."""

from __future__ import annotations

from adapters._table_glyphs import Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows

XS = (100, 160, 220, 280)
ROWS = (
    (0, [(0, "Days"), (105, "Depart"), (165, "Arrive"), (225, "Depart"), (285, "Arrive")]),
    (14, [(0, "Weekdays"), (105, "07:15"), (165, "07:55"), (225, "08:15"), (285, "08:55")]),
    (28, [(0, "Weekdays"), (105, "11:30"), (165, "12:10"), (225, "12:30"), (285, "13:10")]),
    (42, [(0, "Sunday"), (105, "10:00"), (165, "10:40"), (225, "11:00"), (285, "11:40")]),
    (56, [(0, "Christmas Day"), (200, "No sailings")]),
)


def _frame(label_wall_to: float) -> list[Rule]:
    """The frame and a ruling under each row; the column rulings between the times end at the
    fourth row's foot, the one after the labels at ``label_wall_to``."""
    across = [Rule(-2, y, 340, y + 0.5) for y in (-2, 12, 26, 40, 54, 70)]
    sides = [Rule(x, -2, x + 0.5, 70) for x in (-2, 340)]
    walls = [Rule(95, -2, 95.5, label_wall_to)] + [Rule(x - 5, -2, x - 4.5, 54) for x in XS[1:]]
    return across + sides + walls


def test_a_last_row_beside_a_column_ruling_is_the_tables() -> None:
    found = read_table(_rows(*ROWS), _frame(70))
    assert found is not None
    assert found.rows[-1][0] == "Christmas Day" and "No sailings" in found.rows[-1], found.rows


def test_a_line_under_the_grid_no_column_ruling_runs_beside_is_a_note() -> None:
    found = read_table(_rows(*ROWS), _frame(54))
    assert found is not None
    assert all("Christmas Day" not in row for row in found.rows), found.rows


def test_a_note_under_the_last_row_in_the_same_frame_stays_out() -> None:
    """The frame drawn on under the last row round a note across the table: the row is the
    table's, the note is not (before, both were left out; kept in, the note read as a row)."""
    note = (74, [(0, "Times are local and may change with the tide")])
    rules = [r for r in _frame(70) if not (r.vertical and r.x0 in (-2, 340))]
    rules += [Rule(-2, 84, 340, 84.5), Rule(-2, -2, -1.5, 84), Rule(340, -2, 340.5, 84)]
    found = read_table(_rows(*ROWS, note), rules)
    assert found is not None
    assert found.rows[-1][0] == "Christmas Day", found.rows
    assert all("Times are local" not in cell for row in found.rows for cell in row), found.rows
