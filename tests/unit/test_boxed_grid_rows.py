"""A boxed grid (walls down between its columns, a ruling under every row) whose rows wrap
every cell onto a second line, the first cell too ("Tuesday 9" over "June"): each band between
two rulings is one row, however close its lines are set."""

from __future__ import annotations

from adapters._table_glyphs import Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows

WALLS = (0.0, 80.0, 290.0, 480.0)


def _programme() -> list[list[str]]:
    bands = [
        [[(4, "Day"), (84, "Morning"), (294, "Afternoon and evening")]],
        [
            [(4, "Monday 8"), (84, "Coach leaves school at 8.30am; arrive at"), (294, "Orienteering in the grounds;")],
            [(4, "June"), (84, "Low Hollins at about 12.00 noon and"), (294, "evening walk along the shore of")],
            [(84, "settle into rooms"), (294, "Coniston Water")],
        ],
        [
            [(4, "Tuesday 9"), (84, "Gorge scrambling or rock climbing, in"), (294, "Canoeing on Coniston Water;")],
            [(4, "June"), (84, "groups of eight"), (294, "campfire and songs")],
        ],
        [
            [
                (4, "Wednesday 10"),
                (84, "Team challenges and a low ropes course;"),
                (294, "Coach leaves at 1.30pm; arrive back"),
            ],
            [(4, "June"), (84, "pack and tidy rooms"), (294, "at school at about 5.00pm")],
        ],
    ]
    lines: list[tuple[float, list[tuple[float, str]]]] = []
    rules = [Rule(0, 0, 480, 0.5)]
    y = 3.0
    for band in bands:
        for cells in band:
            lines.append((y, cells))
            y += 12
        y += 4
        rules.append(Rule(0, y - 2, 480, y - 1.5))
    rules += [Rule(x - 0.4, 0, x + 0.4, y - 1.5) for x in WALLS]
    found = read_table(_rows(*lines), rules)
    assert found is not None
    return [found.header, *found.rows]


def test_each_band_of_a_boxed_grid_is_one_row() -> None:
    rows = _programme()
    assert rows[0] == ["Day", "Morning", "Afternoon and evening"]
    assert [
        "Tuesday 9 June",
        "Gorge scrambling or rock climbing, in groups of eight",
        "Canoeing on Coniston Water; campfire and songs",
    ] in rows
    assert [
        "Wednesday 10 June",
        "Team challenges and a low ropes course; pack and tidy rooms",
        "Coach leaves at 1.30pm; arrive back at school at about 5.00pm",
    ] in rows
    assert len(rows) == 4
