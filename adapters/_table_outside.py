"""The lines a ruled grid's rulings set outside it: a title over the grid inside the frame
drawn round both, notes under it in the same frame (:func:`outside_grid`, for
:func:`adapters._table_layout.read_table`)."""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence

from adapters._table_glyphs import Line, Rule
from adapters._table_rulings import RULE_HEIGHT, RULE_TOL, RULE_WIDTH


def outside_grid(lines: list[Line], cuts: Sequence[float], rules: Sequence[Rule]) -> tuple[list[Line], float, float]:
    """Without the lines a ruled grid's rulings set outside it: on top, lines of one text each,
    set larger than the table, standing above where every column ruling starts (a title over
    the grid, inside a frame drawn round the title and the table together; a title in the
    table's type is its top header cell); at the foot, lines of fewer texts than half the
    columns below where most column rulings end (notes under the grid in the same frame); each
    run set off from the grid by a horizontal ruling across it, the column rulings running down
    most of the table. Also the y-range the grid keeps: from the ruling over it to the
    ruling under it (-inf, inf: nothing left out)."""
    ceiling, floor = float("-inf"), float("inf")
    if len(lines) < 2:
        return lines, ceiling, floor
    height = lines[-1].y1 - lines[0].y0
    walls = []
    for c in cuts:
        pieces = [r for r in rules if r.vertical and abs((r.x0 + r.x1) / 2 - c) <= RULE_TOL]
        if sum(r.y1 - r.y0 for r in pieces) >= RULE_HEIGHT * height:
            walls.append((min(r.y0 for r in pieces), max(r.y1 for r in pieces)))
    if len(walls) < GRID_WALLS:
        return lines, ceiling, floor
    x0 = min(ln.x0 for ln in lines)
    x1 = max(ln.x1 for ln in lines)
    across = [r for r in rules if not r.vertical and min(r.x1, x1) - max(r.x0, x0) >= RULE_WIDTH * (x1 - x0)]

    def ruling_between(upper: Line, lower: Line) -> Rule | None:
        return next((r for r in across if upper.y1 <= (r.y0 + r.y1) / 2 <= lower.y0), None)

    start = 0
    top = min(w[0] for w in walls)
    em = statistics.median(ln.size for ln in lines)
    while (
        start < len(lines) - 2
        and len(lines[start].segments) == 1
        and lines[start].y1 <= top
        and lines[start].size >= TITLE_SIZE * em
    ):
        start += 1
    if start:
        rule = ruling_between(lines[start - 1], lines[start])
        if rule is not None and lines[start].y1 > top:
            ceiling = rule.y0
        else:
            start = 0
    end = len(lines)
    bottom = statistics.median(w[1] for w in walls)
    # (a line of notes holds a few texts; a row of the table below rulings drawn round its
    # header only holds one for most columns)
    few = (len(cuts) + 1) / 2

    # (a line set far below the grid's last line, farther than any two lines of the grid are
    # apart, is the page's foot whatever it holds: a footer of several texts under a ruling)
    def far_below(k: int) -> bool:
        inside = [b.y0 - a.y1 for a, b in itertools.pairwise(ln for ln in lines[start:k] if ln.y0 >= top)]
        return _set_apart(lines[k].y0 - lines[k - 1].y1, inside, lines[k].size)

    # (a line a column ruling runs down beside, past its foot, is a row of the grid with cells
    # spanning the others: ``Christmas Day`` and ``No sailings`` across the times)
    def walled(ln: Line) -> bool:
        return any(w0 <= ln.y0 and ln.y1 <= w1 + RULE_TOL for w0, w1 in walls)

    while (
        end > start + 2
        and lines[end - 1].y0 >= bottom
        and (len(lines[end - 1].segments) < few or far_below(end - 1))
        and not walled(lines[end - 1])
    ):
        end -= 1
    if end < len(lines):
        rule = ruling_between(lines[end - 1], lines[end])
        if rule is not None and (lines[end - 1].y0 < bottom or walled(lines[end - 1])):
            floor = rule.y1
        else:
            end = len(lines)
    return lines[start:end], ceiling, floor


#: Column rulings a grid needs for lines outside them to be left out of it.
GRID_WALLS = 2
#: A line under a grid is set apart from it (the page's foot) when the blank over it is this
#: many of its sizes at least and wider than FOOT_GAP_SHARE times every blank between the lines
#: above it.
FOOT_GAP = 3.0
FOOT_GAP_SHARE = 2.0


def _set_apart(gap: float, above: Sequence[float], size: float) -> bool:
    """A blank of ``gap`` over a line of ``size`` sets it apart from the grid's lines, spaced by
    the blanks ``above``."""
    return bool(above) and gap >= FOOT_GAP * size and gap > FOOT_GAP_SHARE * max(above)


#: A title over a grid is set at least this many times the table's text size.
TITLE_SIZE = 1.3
