"""What a table's drawn rulings say, for the steps reading it (:mod:`adapters._table_layout`):
how much of the table a ruling must cover to be a column boundary or to separate rows, the
pieces of one ruling joined into one, and a ruled wall between columns left open at some
height (a merged cell). Pure geometry, no engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from adapters._table_glyphs import Rule

#: A vertical ruling is a column boundary when it covers this share of the table's height ...
RULE_HEIGHT = 0.5
#: ... a horizontal ruling separates rows when it covers this share of the table's width.
RULE_WIDTH = 0.8
#: Vertical rulings this close (points) are pieces of one column boundary.
RULE_TOL = 1.5
#: A wall between the pieces of one horizontal ruling is at most this wide (points).
WALL_WIDTH = 3.0


def merge_rules(rules: Sequence[Rule], tol: float = 1.5, gap: float = 0.5) -> list[Rule]:
    """Collinear rulings that touch joined into one (cell edges drawn one by one); underlines
    set apart by a small gap (one per column group) stay apart. A ruling drawn twice (a cell's
    fill and its stroke, a hundredth of a point apart) counts once: sorted by height, the two
    drawings of a row's pieces interleave, and the left piece of one joined the right piece of
    the other over the gap between them (closing cells set over several rows)."""
    rules = _drawn_once(rules)
    out: list[Rule] = []
    for vertical in (True, False):
        group = sorted(
            (r for r in rules if r.vertical == vertical),
            key=lambda r: ((r.x0 + r.x1) / 2, r.y0) if vertical else ((r.y0 + r.y1) / 2, r.x0),
        )
        cur: Rule | None = None
        for r in group:
            if cur is not None:
                if vertical:
                    same = abs((r.x0 + r.x1) / 2 - (cur.x0 + cur.x1) / 2) <= tol and r.y0 <= cur.y1 + gap
                else:
                    same = abs((r.y0 + r.y1) / 2 - (cur.y0 + cur.y1) / 2) <= tol and r.x0 <= cur.x1 + gap
                if same:
                    cur = Rule(min(cur.x0, r.x0), min(cur.y0, r.y0), max(cur.x1, r.x1), max(cur.y1, r.y1))
                    continue
                out.append(cur)
            cur = r
        if cur is not None:
            out.append(cur)
    return out


#: Two rulings whose ends all lie this close are one ruling drawn twice.
SAME_RULE = 0.1


def _drawn_once(rules: Sequence[Rule]) -> list[Rule]:
    """``rules`` with each ruling drawn twice at its place kept once (the first)."""
    kept: dict[tuple[int, int, int, int], Rule] = {}
    for r in rules:
        key = (round(r.x0 / SAME_RULE), round(r.y0 / SAME_RULE), round(r.x1 / SAME_RULE), round(r.y1 / SAME_RULE))
        kept.setdefault(key, r)
    return list(kept.values())


def across(rules: Sequence[Rule], x0: float, x1: float) -> list[tuple[float, float, float]]:
    """The horizontal rulings running across the table from ``x0`` to ``x1`` (RULE_WIDTH of it at
    least), as (height, left, right), top down. The pieces of one ruling at one height count as
    one where a vertical ruling stands in the gap between them, no wider than WALL_WIDTH: a
    grid drawn with thick walls, its cell edges stopping at each wall's side, is ruled across
    all the same (a wall: twice WALL_WIDTH high at least, not a dot drawn at a corner)."""
    walls = [r for r in rules if r.vertical]
    levels: list[list[tuple[float, float, float]]] = []
    for y, a, z in sorted(((r.y0 + r.y1) / 2, r.x0, r.x1) for r in rules if not r.vertical):
        if levels and y - levels[-1][0][0] <= RULE_TOL:
            levels[-1].append((y, a, z))
        else:
            levels.append([(y, a, z)])
    joined: list[tuple[float, float, float]] = []
    for level in levels:
        y = level[0][0]
        runs: list[tuple[float, float]] = []
        for _, a, z in sorted(level, key=lambda p: p[1]):
            if runs and (
                a <= runs[-1][1] + 0.5
                or (
                    a - runs[-1][1] <= WALL_WIDTH
                    and any(
                        w.x0 <= runs[-1][1] + 0.5
                        and w.x1 >= a - 0.5
                        and w.y0 - RULE_TOL <= y <= w.y1 + RULE_TOL
                        and w.y1 - w.y0 >= 2 * WALL_WIDTH
                        for w in walls
                    )
                )
            ):
                runs[-1] = (runs[-1][0], max(runs[-1][1], z))
            else:
                runs.append((a, z))
        joined.extend((y, a, z) for a, z in runs)
    return sorted((y, a, z) for y, a, z in joined if min(z, x1) - max(a, x0) >= RULE_WIDTH * (x1 - x0))


def open_wall(walls: Sequence[Rule], y: float) -> bool:
    """The boundary is a ruled wall (it stands elsewhere in the table) that is open at ``y``."""
    return bool(walls) and not any(r.y0 - 1.0 <= y <= r.y1 + 1.0 for r in walls)


#: Two walls this many font sizes apart at most, nothing between them, are a gutter between
#: two boxes set side by side (see :func:`side_panels`).
PANEL_GUTTER = 1.5


def side_panels(rules: Sequence[Rule], cuts: Sequence[float], texts: Sequence[tuple[float, float]], em: float) -> bool:
    """Boxes set side by side, not a table's columns: every cut between columns lies in a gutter
    between two walls (vertical rulings PANEL_GUTTER sizes apart at most, of one height within a
    point, ``texts``' horizontal extents all clear of it) that no horizontal ruling crosses
    (each box is ruled on its own: three panels of lists, each framed)."""
    walls = [r for r in rules if r.vertical]
    flat = [r for r in rules if not r.vertical]
    if not cuts or len(walls) < 2:
        return False

    def gutter(cut: float, a: Rule, b: Rule) -> bool:
        lo, hi = (a.x0 + a.x1) / 2, (b.x0 + b.x1) / 2
        return (
            0 < hi - lo <= PANEL_GUTTER * em
            and lo - RULE_TOL <= cut <= hi + RULE_TOL
            and abs(a.y0 - b.y0) <= 1.0
            and abs(a.y1 - b.y1) <= 1.0
            and not any(x0 < hi and x1 > lo for x0, x1 in texts)
            and not any(r.x0 < lo + RULE_TOL and r.x1 > hi - RULE_TOL for r in flat)
        )

    return all(any(gutter(cut, a, b) for a in walls for b in walls) for cut in cuts)
