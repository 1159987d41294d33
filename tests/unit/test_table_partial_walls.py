"""A boxed grid whose walls between some columns are drawn beside some rows only (a venue's
prices: two days' columns parted for the seasons that price them apart, one price across both
in winter, one across all three at New Year). Those walls are the columns' boundaries, each
row's texts stand in their cells, and a price set across a wall the grid leaves open spans the
columns it crosses, and its row is one row with the months wrapped beside it. Before, the columns the partial walls part were one (``£4,950 £6,200`` in
one cell, the headings of two days joined), and the winter band, its price centred across an
open wall, read as the header's levels."""

from __future__ import annotations

from adapters._table_glyphs import Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows

LEFT, RIGHT, BOTTOM = 0.0, 360.0, 160.0


def _rules() -> list[Rule]:
    out = [Rule(LEFT, y, RIGHT, y + 0.5) for y in (0.0, 40.0, 60.0, 80.0, 120.0, BOTTOM)]
    out.append(Rule(150.0, 20.0, RIGHT, 20.5))  # under the heading over the three days
    out += [Rule(x, 0.0, x + 0.5, BOTTOM) for x in (LEFT, 60.0, 150.0, RIGHT)]
    out.append(Rule(300.0, 20.0, 300.5, 120.0))  # Saturday's wall, open at New Year
    out.append(Rule(230.0, 20.0, 230.5, 80.0))  # between the two days, open from winter on
    return out


def _glyphs() -> list:
    return _rows(
        (5, [(200.0, "Day of the week")]),
        (15, [(5.0, "Season"), (65.0, "Months")]),
        (25, [(155.0, "Mon to Thu"), (235.0, "Fri or Sun"), (305.0, "Saturday")]),
        (45, [(5.0, "Peak"), (65.0, "May to Sep"), (160.0, "£4,950"), (240.0, "£6,200"), (310.0, "£7,800")]),
        (65, [(5.0, "Shoulder"), (65.0, "Apr and Oct"), (160.0, "£3,900"), (240.0, "£4,800"), (310.0, "£6,100")]),
        (84, [(65.0, "November to")]),
        (95, [(5.0, "Winter"), (65.0, "March, but"), (210.0, "£2,750"), (310.0, "£3,600")]),
        (106, [(65.0, "not 31 Dec")]),
        (135, [(5.0, "New Year"), (65.0, "31 Dec"), (160.0, "£8,500 with the cottages")]),
    )


def test_walls_drawn_beside_some_rows_part_their_columns() -> None:
    found = read_table(_glyphs(), _rules())
    assert found is not None
    assert found.rows == [
        ["Peak", "May to Sep", "£4,950", "£6,200", "£7,800"],
        ["Shoulder", "Apr and Oct", "£3,900", "£4,800", "£6,100"],
        ["Winter", "November to March, but not 31 Dec", "£2,750", "", "£3,600"],
        ["New Year", "31 Dec", "£8,500 with the cottages", "", ""],
    ]
    assert sorted(found.body_spans) == [(2, 2, 1, 2), (3, 2, 1, 3)]
    assert [c[4] for c in found.header_cells if c[3] == 3] == ["Day of the week"]
