"""A table ruled row by row, walls between its columns but no frame round it (a person
specification), a cell of its last column set over two rows (``Application form and interview``
beside two criteria: the rule between those rows stops at the last column's wall). The cell's
column is closed on its outer side by the table's edge, not by a wall: it is one cell over both
rows. Before, a column was taken to span rows only with walls on both sides, and the cell's text
stood in a row of its own."""

from __future__ import annotations

from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _text

TEXTS = (
    (4, 3, "Criteria", True),
    (244, 3, "Essential", True),
    (344, 3, "How we assess it", True),
    (4, 19, "Planning rotas or bookings", False),
    (4, 29, "in a busy environment", False),
    (244, 19, "Essential", False),
    (344, 31, "Application form", False),
    (4, 43, "Working with volunteers", False),
    (244, 43, "Essential", False),
    (4, 59, "Work in community transport", False),
    (244, 59, "Desirable", False),
    (344, 59, "Interview", False),
    *((4, 75 + 16 * k, f"Criterion {k}", False) for k in range(4)),
    *((244, 75 + 16 * k, "Essential", False) for k in range(4)),
    *((344, 75 + 16 * k, "Interview", False) for k in range(4)),
)


def _rules() -> list[Rule]:
    rows = [Rule(0, y, 460, y + 0.5) for y in (0, 16, 56, 72, 88, 104, 120, 136)] + [Rule(0, 40, 340, 40.5)]
    walls = [Rule(x, 16, x + 0.5, 136) for x in (240, 340)]
    return rows + walls


def test_a_cell_of_the_last_column_over_two_rows_of_a_frameless_grid_spans_them() -> None:
    glyphs: list[Glyph] = [g for x, y, t, bold in TEXTS for g in _text(x, y, t, bold=bold)]
    found = read_table(glyphs, _rules())
    assert found is not None
    assert [r[0] for r in found.rows] == [
        "Planning rotas or bookings in a busy environment",
        "Working with volunteers",
        "Work in community transport",
        *(f"Criterion {k}" for k in range(4)),
    ], found.rows
    assert found.rows[0][2] == "Application form", found.rows
    assert (0, 2, 2, 1) in found.body_spans, found.body_spans
