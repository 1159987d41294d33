"""A form's grid to fill in (a standing order: products down the first column, the days of the
week across, every other cell blank) is a table, though most of its cells are empty; a chart's
labels read as a grid, as sparse, are not. Before, the standing order's text read as
paragraphs."""

from __future__ import annotations

from pdfcore.models import Box, Table
from pdfcore.structure.false_tables import scattered_table

BOX = Box(57.0, 245.0, 539.0, 398.0)


def _table(header: tuple[str, ...], names: list[str]) -> Table:
    width = len(header)
    rows = tuple((name, *([""] * (width - 1))) for name in names)
    return Table(header=header, rows=rows, bbox=BOX, low_confidence=True)


def test_a_standing_order_grid_is_a_table() -> None:
    grid = _table(
        ("Product", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
        [
            "White sourdough, large tin",
            "Wholemeal sourdough",
            "Baguette",
            "Butter croissant",
            "Other (please write in)",
        ],
    )
    assert not scattered_table(grid)


def test_a_chart_s_axis_or_a_header_with_gaps_is_still_scattered() -> None:
    axis = _table(("Sales", "Q1", "Q2", "Q3", "Q4", "Q5"), ["$140", "$120", "$100", "$80", "$60"])
    assert scattered_table(axis)
    gappy = _table(("", "Q1", "", "Q3", "", ""), ["North", "South", "East", "West", "Other"])
    assert scattered_table(gappy)
