"""A fully ruled grid drawn one cell at a time, each cell's edges drawn twice a hundredth of a
point apart (its fill's and its stroke's): the pieces of a row's ruling either side of cells
set over several rows are no ruling across those cells. Before, rulings sorted by height
interleaved the two drawings, and the left piece of one joined the right piece of the other
over the gap, closing the spanning cells (``Line manager`` over three rows of an approval
matrix read in its middle row). And a heading over a group of columns runs to as many words as
their headings together (``Amount of a single claim or booking`` over three): the header's
three lines are the header."""

from __future__ import annotations

from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import read_table
from adapters._table_rulings import merge_rules
from tests.unit.test_table_layout import _text

#: (x0, x1, y0, y1) of each cell as drawn.
CELLS = (
    (0, 170, 0, 32),
    (170, 530, 0, 16),
    (530, 700, 0, 32),
    (170, 290, 16, 32),
    (290, 410, 16, 32),
    (410, 530, 16, 32),
    *((0, 170, y, y + 16) for y in (32, 48, 64, 80, 96)),
    *((530, 700, y, y + 16) for y in (32, 48, 64, 80, 96)),
    (170, 290, 32, 80),
    (290, 410, 32, 80),
    (410, 530, 32, 64),
    (410, 530, 64, 80),
    *((x, x + 120, y, y + 16) for x in (170, 290, 410) for y in (80, 96)),
)

HEAD = (
    (262, 3, "Amount of a single claim or booking"),
    (4, 11, "Type of spending"),
    (600, 11, "Notes"),
    (190, 19, "Up to £250"),
    (310, 19, "£250 to £1,000"),
    (430, 19, "Over £1,000"),
)
BODY = (
    (4, 35, "Rail and bus travel"),
    (534, 35, "Book through Meridian"),
    (430, 43, "Director"),
    (4, 51, "Hotels within the limits"),
    (180, 51, "Line manager"),
    (300, 51, "Head of department"),
    (534, 51, "Over-limit rates need a director"),
    (4, 67, "Mileage and parking"),
    (420, 67, "Not applicable"),
    (534, 67, "Claims over £1,000 are audited"),
    (4, 83, "Domestic flights"),
    (180, 83, "Head of department"),
    (300, 83, "Director"),
    (420, 83, "Head of People"),
    (534, 83, "Rail journey over five hours"),
    (4, 99, "Client entertaining"),
    (180, 99, "Head of department"),
    (300, 99, "Director"),
    (420, 99, "Managing Director"),
    (534, 99, "Record guests in the register"),
)


def _rules() -> list[Rule]:
    out = []
    for shift in (0.0, 0.01):  # the fill's edges, then the stroke's
        for x0, x1, y0, y1 in CELLS:
            t, b = y0 + shift, y1 + shift
            out += [Rule(x0, t, x1, t), Rule(x0, b, x1, b), Rule(x0, t, x0, b), Rule(x1, t, x1, b)]
    return out


def _glyphs() -> list[Glyph]:
    head = [g for x, y, t in HEAD for g in _text(x, y, t, bold=True)]
    return head + [g for x, y, t in BODY for g in _text(x, y, t)]


def test_pieces_of_a_ruling_either_side_of_a_gap_stay_apart() -> None:
    merged = merge_rules(_rules())
    at_48 = sorted((r.x0, r.x1) for r in merged if not r.vertical and abs(r.y0 - 48) < 1)
    assert at_48 == [(0, 170), (530, 700)], at_48


def test_cells_over_several_rows_of_a_grid_drawn_cell_by_cell_span_them() -> None:
    found = read_table(_glyphs(), _rules())
    assert found is not None
    assert [r[0] for r in found.rows] == [
        "Rail and bus travel",
        "Hotels within the limits",
        "Mileage and parking",
        "Domestic flights",
        "Client entertaining",
    ], found.rows
    assert found.rows[0][1:4] == ["Line manager", "Head of department", "Director"], found.rows
    assert {(0, 1, 3, 1), (0, 2, 3, 1), (0, 3, 2, 1)} <= set(found.body_spans), found.body_spans
    assert (0, 0, 2, 1, "Type of spending") in found.header_cells, found.header_cells
    assert (1, 1, 1, 1, "Up to £250") in found.header_cells, found.header_cells
