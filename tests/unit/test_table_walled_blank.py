"""Figures right-aligned under a heading wider than them, next to a wall (an income and
expenditure account's ``Year to 30 April 2025`` over its figures, a ruling on its left): the
blank left of the figures made a cut beside the wall's, and an empty column stood between them.
In a run of cuts with only empty columns between them, the cuts at rulings stay and the others
go."""

from __future__ import annotations

from adapters._table_columns import without_empty_columns
from adapters._table_glyphs import Line, Rule, Segment


def _line(y: float, *cells: tuple[float, float, str]) -> Line:
    return Line(y, y + 8, 8.0, [Segment(a, z, t, 8.0, False) for a, z, t in cells])


def test_the_blank_beside_a_wall_makes_no_empty_column() -> None:
    lines = [
        _line(0, (50, 65, "Item"), (269, 295, "Budget"), (356, 379, "Actual"), (417, 490, "Year to 30 April 2025")),
        *(
            _line(20 + 16 * k, (50, 140, label), (294, 320, "£41,000"), (379, 406, "£42,850"), (465, 492, "£39,720"))
            for k, label in enumerate(("Subscriptions", "Bar and catering", "Sponsorship"))
        ),
    ]
    cuts = [239.0, 325.0, 410.0, 456.0]
    wall = Rule(410.2, -2, 410.7, 70)
    assert without_empty_columns(lines, cuts, [wall]) == [239.0, 325.0, 410.0]
