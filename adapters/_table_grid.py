"""The body of a ruled grid as its rulings draw it (:func:`ruled_rows`): a row between each two
horizontal rulings, and cells over several rows (a column no ruling closes between two rows: a
rate that applies to five loans, a year beside its two films) or over several columns
(:func:`merged_across`: a wall between columns that stops short of a row, such as a section's
heading across the table). Pure geometry, no engine.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from adapters._table_glyphs import Rule
from adapters._table_rows import Row, data_figure, join_lines, merge_into
from adapters._table_rulings import RULE_HEIGHT, RULE_TOL, open_wall

#: A body cell over several rows: (body row, column, rows, columns).
BodySpan = tuple[int, int, int, int]


def walled_grid(rows: Sequence[Row], rules: Sequence[Rule], cuts: Sequence[float]) -> bool:
    """A grid: some boundary between columns is a wall down the rows (a form's lines to write on
    are none)."""
    if not rows:
        return False
    top, bottom = rows[0].y0, rows[-1].y1
    return any(
        sum(
            max(0.0, min(r.y1, bottom) - max(r.y0, top))
            for r in rules
            if r.vertical and abs((r.x0 + r.x1) / 2 - c) <= RULE_TOL
        )
        >= RULE_HEIGHT * (bottom - top)
        for c in cuts
    )


def ruled_rows(
    rows: list[Row], rules: Sequence[Rule], cuts: Sequence[float], em: float
) -> tuple[list[Row], list[BodySpan]] | None:
    """The body's rows as a ruled grid draws them, when its rulings between rows leave a column
    open where text stands (a cell over several rows: a rate that applies to five loans, a
    year beside its two films): every stretch between two rulings is one row (its lines the
    wrapped text of its cells), and a column that no ruling closes between two rows is one
    cell over both, its text in the first. None when the grid has no such cell (the rows are
    read as before), or when a stretch between rulings stacks figures in a column (rows the
    rulings do not separate)."""
    if len(rows) < 2 or not walled_grid(rows, rules, cuts):
        return None
    n = len(cuts) + 1
    top, bottom = rows[0].y0, rows[-1].y1
    bounds = [(min(r.x0 for r in rows), *cuts), (*cuts, max(r.x1 for r in rows))]
    # Horizontal rulings inside the body, gathered by height.
    levels: list[tuple[float, list[tuple[float, float]]]] = []
    for rule in sorted((r for r in rules if not r.vertical), key=lambda r: (r.y0 + r.y1) / 2):
        y = (rule.y0 + rule.y1) / 2
        if not top + 0.5 < y < bottom - 0.5 or _underline(rule, rows, em):
            continue
        if levels and y - levels[-1][0] <= RULE_TOL:
            levels[-1][1].append((rule.x0, rule.x1))
        else:
            levels.append((y, [(rule.x0, rule.x1)]))
    if not levels:
        return None

    def closed(y: float, spans: list[tuple[float, float]], k: int) -> bool:
        """The ruling at ``y`` runs under the whole of column ``k``, through no text of it."""
        a, z = bounds[0][k] + (0.5 * em if k else 0.0), bounds[1][k] - (0.5 * em if k < n - 1 else 0.0)
        reach = a
        for s0, s1 in sorted(spans):
            if s0 > reach + 1.0:
                break
            reach = max(reach, s1)
        if reach < z - 1.0:
            return False
        return not any((h := r.heights[k]) and h[0] + 1.0 < y < h[1] - 1.0 for r in rows)

    # (rows ruled apart one by one, rulings at ROW_RULED of the rows' lines at least: a table
    # ruled row by row, whose outer columns its edge may close; not a diagram's few lines)
    row_ruled = len(levels) >= ROW_RULED * len(rows)

    def walled(k: int, y0: float, y1: float) -> bool:
        """Column ``k`` is walled on both sides from ``y0`` to ``y1`` (a table's own column, not
        the blank between two tables side by side)."""
        verticals = [r for r in rules if r.vertical]
        for side, x in ((0, bounds[0][k]), (1, bounds[1][k])):
            outer = (k == 0) if side == 0 else (k == n - 1)

            def near(r: Rule, x: float = x, outer: bool = outer, side: int = side) -> bool:
                xr = (r.x0 + r.x1) / 2
                if not outer:
                    return abs(xr - x) <= RULE_TOL
                return xr <= x + 0.5 if side == 0 else xr >= x - 0.5  # the frame, however far

            held = sum(max(0.0, min(r.y1, y1) - max(r.y0, y0)) for r in verticals if near(r))
            if held < 0.8 * (y1 - y0) and not (outer and row_ruled and _open_side(verticals, near, top, bottom)):
                return False
        return True

    found = [(y, [closed(y, spans, k) for k in range(n)]) for y, spans in levels]
    found = [(y, c) for y, c in found if any(c)]
    if not found:
        return None
    ys = [y for y, _ in found]
    shut = [c for _, c in found]
    # Each row (line) goes into the stretch between rulings its middle is in.
    stretches: list[list[Row]] = [[] for _ in range(len(ys) + 1)]
    for r in rows:
        mid = (r.y0 + r.y1) / 2
        stretches[sum(1 for y in ys if y < mid)].append(r)
    kept = [(i, s) for i, s in enumerate(stretches) if s]
    # Between two stretches, a column is closed when any ruling between them closes it.
    between = [[any(shut[j][k] for j in range(a, b)) for k in range(n)] for (a, _), (b, _) in itertools.pairwise(kept)]
    spans_out: list[BodySpan] = []
    runs: list[tuple[int, int, int]] = []
    for k in range(n):
        i = 0
        while i < len(kept):
            j = i
            while j < len(between) and not between[j][k]:
                j += 1
            holding = [r for _, s in kept[i : j + 1] for r in s if r.cells[k]]
            y0, y1 = min(r.y0 for r in kept[i][1]), max(r.y1 for r in kept[j][1])
            if j > i and _one_cell(holding, k, em) and walled(k, y0, y1):
                runs.append((i, j, k))
            i = j + 1
    if not runs:
        return None
    # (checked for every stretch before any is merged: the rows are the caller's, read as
    # before when this gives up)
    for _, stretch in kept:
        for k in range(n):
            if sum(1 for r in stretch if r.cells[k] and data_figure(r.text(k))) >= 2:
                return None
    out: list[Row] = []
    for _, stretch in kept:
        merged = stretch[0]
        for r in stretch[1:]:
            merge_into(merged, r, before=False)
        out.append(merged)
    for i, j, k in runs:
        texts = [out[m].text(k) for m in range(i, j + 1) if out[m].cells[k]]
        text = texts[0]
        for t in texts[1:]:
            text = join_lines(text, t)
        for m in range(i, j + 1):
            out[m].cells[k] = []
        out[i].cells[k] = [text]
        spans_out.append((i, k, j - i + 1, 1))
    return out, sorted(spans_out)


#: Rulings inside the body, per line of it, of a table ruled row by row (see ruled_rows).
ROW_RULED = 0.7


def _open_side(verticals: Sequence[Rule], near: Callable[[Rule], bool], top: float, bottom: float) -> bool:
    """The table's side has no wall down most of its rows (at most the sides of its group rows'
    bands: a table ruled row by row without a frame): its outermost column is closed by the
    table's edge, not by a wall (asked of tables ruled row by row only)."""
    return sum(max(0.0, min(r.y1, bottom) - max(r.y0, top)) for r in verticals if near(r)) < 0.5 * (bottom - top)


def _one_cell(rows: Sequence[Row], k: int, em: float) -> bool:
    """The text of column ``k`` in ``rows`` (top to bottom) is one cell's: some text, its lines
    set as close as a wrapped cell's (not two cells a missing ruling leaves undivided, such as
    the fields of a form)."""
    heights = [h for r in rows if (h := r.heights[k]) is not None]
    if len(heights) > 1 and any(data_figure(r.text(k)) for r in rows):
        return False  # figures of rows one above the other
    return bool(heights) and all(b[0] - a[1] <= CELL_LEADING * em for a, b in itertools.pairwise(heights))


#: The lines of one cell are at most this many ems apart (a cell's two lines set on the
#: baselines of the two rows it spans are a row's leading apart).
CELL_LEADING = 0.6


def _underline(rule: Rule, rows: Sequence[Row], em: float) -> bool:
    """``rule`` lies right under some cell's text and no wider than it (a link's underline, not
    the cell's edge, which runs on to the cell's walls)."""
    y = (rule.y0 + rule.y1) / 2
    return any(
        (h := r.heights[k]) is not None
        and (e := r.extent[k]) is not None
        and h[1] - 1.0 <= y <= h[1] + UNDERLINE_DROP * em
        and rule.x0 >= e[0] - 1.5
        and rule.x1 <= e[1] + 1.5
        for r in rows
        for k in range(len(r.cells))
    )


#: An underline lies at most this many ems under its text.
UNDERLINE_DROP = 0.3


def merged_across(
    rows: Sequence[Row], rules: Sequence[Rule], cuts: Sequence[float], taken: Sequence[BodySpan]
) -> list[BodySpan]:
    """Body cells of a ruled grid over several columns: a cell whose row the grid's walls on
    its right do not divide (a section's heading row, one cell across the table) spans the
    empty columns up to the next wall that does; a text centred in a cell its left walls do not
    divide either (a heading over several columns) spans the empty columns back to the wall
    that does, and moves to the first of them. Not in a row of values (:func:`_among_values`):
    a cell left open there is a wall missing, not a heading over columns."""
    walls = [[r for r in rules if r.vertical and _wall_of(r, c, rows)] for c in cuts]
    if not any(walls):
        return []
    used = {(r, k) for r0, k0, rs, cs in taken for r in range(r0, r0 + rs) for k in range(k0, k0 + cs)}
    out: list[BodySpan] = []
    sides = [(r.x0 + r.x1) / 2 for r in rules if r.vertical]
    edges = [min([*sides, *(r.x0 for r in rows)]), *cuts, max([*sides, *(r.x1 for r in rows)])]
    for i, row in enumerate(rows):
        for k in row.filled:
            if (i, k) in used:
                continue
            values = _among_values(row, k)
            if values is None:
                if not any(a == k < b for a, b, _ in row.spans):
                    continue
                values = True  # a figure set across the cut: over the columns it crosses
            last = _open_to(row, i, k, 1, walls, used)
            first = _open_to(row, i, k, -1, walls, used)
            if (
                first < k
                and not values
                and _centred(row.extent[k] if k < len(row.extent) else None, edges[first], edges[last + 1])
            ):
                _move_cell(row, k, first)
            else:
                first = k
            if last > first:
                out.append((i, first, 1, last - first + 1))
                used.update((i, c) for c in range(first, last + 1))
    return out


def _wall_of(rule: Rule, cut: float, rows: Sequence[Row]) -> bool:
    """The vertical ``rule`` is a piece of the wall at ``cut``: it stands there (a point off at
    most), or in the same blank, a line's height from it at most, no text of the rows beside it
    between them (a wall drawn beside a few rows only, which the cut, found from the text's
    blanks, does not quite meet)."""
    x = (rule.x0 + rule.x1) / 2
    if abs(x - cut) <= 1.0:
        return True
    beside = [r for r in rows if r.y0 < rule.y1 and r.y1 > rule.y0]
    if not beside or abs(x - cut) > min(r.y1 - r.y0 for r in beside):
        return False
    lo, hi = min(x, cut), max(x, cut)
    return not any(e is not None and e[0] < hi and e[1] > lo for r in beside for e in r.extent)


def _among_values(row: Row, k: int) -> bool | None:
    """Whether column ``k``'s text stands in a row of values (some other cell of the row holds
    a figure: the row's texts fill their columns one by one, so a label there is the row's own,
    however its cell is drawn, and does not move to head the open cells beside it); None when
    the text is a figure that spans nothing: a value belongs to its column, and a figure heads
    columns only in a row of other texts and no other figure (a code over two columns)."""
    others = [row.text(j) for j in row.filled if j != k]
    values = any(data_figure(t) for t in others)
    if data_figure(row.text(k)) and (values or not others):
        return None
    return values


def _open_to(row: Row, i: int, k: int, step: int, walls: list[list[Rule]], used: set[tuple[int, int]]) -> int:
    """The farthest column from ``k`` (row ``i``), going right (``step`` 1) or left (-1), over
    empty cells not yet taken whose walls, at the row's middle, the grid leaves open."""
    mid = (row.y0 + row.y1) / 2
    j = k
    while (
        0 <= j + step <= len(walls)
        and not row.cells[j + step]
        and (i, j + step) not in used
        and open_wall(walls[min(j, j + step)], mid)
    ):
        j += step
    return j


#: A text stands centred in a cell when its middle is this share of the cell's width from the
#: cell's middle at most.
CENTRED = 0.1


def _centred(extent: tuple[float, float] | None, left: float, right: float) -> bool:
    """The text spanning ``extent`` stands centred between ``left`` and ``right``."""
    return extent is not None and abs((extent[0] + extent[1]) - (left + right)) / 2 <= CENTRED * (right - left)


def _move_cell(row: Row, k: int, to: int) -> None:
    """Column ``k``'s text moved to the empty column ``to`` (the first of the cell it stands in)."""
    row.cells[to], row.cells[k] = row.cells[k], []
    for facts in (row.extent, row.heights):
        if len(facts) > max(k, to):
            facts[to], facts[k] = facts[k], None
