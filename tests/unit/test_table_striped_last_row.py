"""A price list shaded in stripes: every other row on a band whose edges are the only rulings,
the last row unshaded, under the last band. The row is the table's. Before, the rulings' grid
stood for the table (a run of aligned rows gives way to a grid over most of its height, the
lines it holds under the grid taken for a note's), and the last row read as a paragraph after
the table. A note of one piece under the grid stays out, as before."""

from __future__ import annotations

from pdfcore.models import Box
from pdfcore.services.table_regions import candidate_regions
from tests.unit.test_tables import H, W, aligned, page

XS = (72.0, 280.0, 480.0)
ROWS = [
    ["Item", "Sizes", "Price"],
    ["PE T-shirt in house colour", "Age 3 to 4 up to 11", "6.50"],
    ["PE shorts, navy", "Age 3 to 4 up to 11", "5.75"],
    ["Tracksuit bottoms, navy", "Age 5 to 6 up to 11", "12.00"],
    ["PE bag with drawstring", "One size", "5.00"],
]
LEAD = 24.0
TOP = 300.0


def _stripes() -> tuple[Box, ...]:
    """The edges of the cells shaded behind the header and behind the first and third rows
    (every other row), each cell a rectangle of its own."""
    out: list[Box] = []
    for k in (0, 1, 3):
        y0, y1 = TOP - 7 + k * LEAD, TOP - 7 + (k + 1) * LEAD
        out += [Box(66, y0, 546, y0), Box(66, y1, 546, y1)]
        out += [Box(x, y0, x, y1) for x in (66, 275, 475, 546)]
    return tuple(out)


def test_an_unshaded_last_row_under_the_last_stripe_is_the_tables() -> None:
    lines, gaps = aligned(TOP, ROWS, XS, lead=LEAD)
    regions = candidate_regions(page(lines, rules=_stripes(), gaps=gaps), W, H)
    last = TOP + 4 * LEAD
    assert any(r.y0 <= TOP and r.y1 >= last + 10 for r in regions), regions


def test_a_note_of_one_piece_under_the_stripes_stays_out() -> None:
    lines, gaps = aligned(TOP, ROWS[:4], XS, lead=LEAD)
    note, _ = aligned(TOP + 4 * LEAD, [["Prices include VAT and are correct at the time of printing"]], (72.0,))
    regions = candidate_regions(page([*lines, *note], rules=_stripes(), gaps=gaps), W, H)
    assert regions and all(r.y1 < TOP + 4 * LEAD for r in regions), regions
