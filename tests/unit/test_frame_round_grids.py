"""A frame drawn round a form's tables (its sides its only vertical rules, a rule across it
under the first table) is no table: the tables inside it are. Read as one grid, the frame took
them in with the heading between them as a row."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.ruled_grids import rule_groups, rule_regions

COLUMNS = (30.0, 180.0, 330.0, 480.0, 560.0)


def _grid(top: float, rows: int) -> tuple[list[Box], list[TextLine]]:
    bottom = top + 16 * rows
    rules = [Box(x, top, x + 1, bottom) for x in COLUMNS]
    rules += [Box(COLUMNS[0], top + 16 * k, COLUMNS[-1] + 1, top + 16 * k + 1) for k in range(rows + 1)]
    lines = [
        TextLine(text=f"cell {k} {c}", bbox=Box(x + 4, top + 16 * k + 4, x + 60, top + 16 * k + 12), font_size=8)
        for k in range(rows)
        for c, x in enumerate(COLUMNS[:-1])
    ]
    return rules, lines


def _page(framed: bool) -> list[Box]:
    rules, lines = _grid(40.0, 4)
    more_rules, more_lines = _grid(150.0, 3)
    rules += more_rules
    lines += more_lines
    lines.append(TextLine(text="Associated claims", bbox=Box(30, 125, 110, 135), font_size=9))
    if framed:
        rules += [Box(20, 30, 572, 30.5), Box(20, 225, 572, 225.5), Box(20, 30, 20.5, 225), Box(571.5, 30, 572, 225)]
        rules.append(Box(20, 118, 572, 118.5))
    return sorted(rule_regions(rule_groups(rules), lines), key=lambda b: b.y0)


def test_the_tables_inside_a_frame_are_read_not_the_frame() -> None:
    assert _page(framed=True) == _page(framed=False)
    upper, lower = _page(framed=True)
    assert upper.y1 < 125 < lower.y0
