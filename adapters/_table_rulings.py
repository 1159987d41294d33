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


def merge_rules(rules: Sequence[Rule], tol: float = 1.5, gap: float = 0.5) -> list[Rule]:
    """Collinear rulings that touch joined into one (cell edges drawn one by one); underlines
    set apart by a small gap (one per column group) stay apart."""
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


def open_wall(walls: Sequence[Rule], y: float) -> bool:
    """The boundary is a ruled wall (it stands elsewhere in the table) that is open at ``y``."""
    return bool(walls) and not any(r.y0 - 1.0 <= y <= r.y1 + 1.0 for r in walls)
