"""A grid set against the rule between a page's two columns (its right side a point from it):
the rule, running the page's height, touched by the grid's rules at their ends, joined the
grid's group, and the grid's region took in the whole column, which read as no table."""

from __future__ import annotations

from pdfcore.models import Box
from pdfcore.services.ruled_grids import rule_groups

ROWS = (80.8, 96.5, 122.5, 138.2, 153.9, 169.6, 185.0, 201.0)


def _grid() -> list[Box]:
    hs = [Box(56.4, y, 296.2, y + 1.2) for y in ROWS]
    vs = [Box(x, 80.8, x + 1.2, 202.2) for x in (56.4, 180.5, 237.8, 295.0)]
    return [*hs, *vs]


def test_the_rule_between_the_columns_is_not_the_grids_side() -> None:
    column_rule = Box(297.2, 59.1, 298.0, 794.1)
    groups = rule_groups([*_grid(), column_rule])
    grid = next(g for g in groups if len(g[0]) == len(ROWS))
    assert column_rule not in grid[1] and len(grid[1]) == 4


def test_a_grids_own_side_as_tall_as_its_rules_joins_it() -> None:
    side = Box(297.2, 80.8, 298.0, 202.2)  # a side drawn a point out from the rules' ends
    (grid,) = rule_groups([*_grid(), side])
    assert side in grid[1]


def test_a_shorter_rule_touched_at_the_grids_ends_joins_it() -> None:
    """A rule a third of a page long (a flowchart's connector between boxes) joins as before."""
    connector = Box(297.2, 59.1, 298.0, 380.0)
    groups = rule_groups([*_grid(), connector])
    assert any(connector in vs for _, vs in groups if len(vs) == 5)
