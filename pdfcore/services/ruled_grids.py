"""Tables: where to look by ruling lines (see :mod:`pdfcore.services.table_regions`).

A table drawn with rulings shows where it stands: a grid of horizontal and vertical rules
crossing (:func:`rule_regions`: its cells mostly hold text, or text reaches every row and column;
a chart's gridlines and bars do not), or rules between its rows only, stacked one over the other
with a blank between two columns of cells (:mod:`pdfcore.services.row_rules`). :func:`rule_groups` joins
crossing rules (and a ruling drawn in pieces) into groups, :func:`split_at_prose` cuts them at
paragraphs drawn on boxes between tables; :func:`ruled_boxes` gives each grid
holding text its box, so that tables set side by side each keep their own. All geometry is page
space (points, top-left origin).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Sequence

from attrs import frozen

from pdfcore.geometry import intersection, union
from pdfcore.models import Box, TextLine
from pdfcore.services.grid_headers import header_over
from pdfcore.services.text_pieces import JOIN_TOL, PROSE_WORDS

#: Share of a grid's cells that must hold text for the grid to be a table.
MIN_OCCUPANCY = 0.25
#: Rule positions closer than this (points) make a sliver, not a row or column of cells.
MIN_CELL = 6.0


def _crosses(h: Box, v: Box) -> bool:
    return v.x0 - JOIN_TOL <= h.x1 and h.x0 - JOIN_TOL <= v.x1 and h.y0 - JOIN_TOL <= v.y1 and v.y0 - JOIN_TOL <= h.y1


#: A vertical rule touched at their ends only by horizontal rules, this many times as long as
#: the height they span and this many points long at least (most of a page's height: a
#: flowchart's connectors are shorter), is a rule between the page's columns, not a grid's side.
COLUMN_RULE_REACH = 3.0
COLUMN_RULE_MIN = 400.0


def _column_rule(v: Box, touched: Sequence[Box]) -> bool:
    """``v`` runs far past the horizontal rules it touches, each at one of its ends (a grid set
    against the rule between the page's columns, its side a point or two from it): the page's,
    not the grid's; joined, the grid's region would take in the whole column."""
    ends = all(min(abs(v.x0 - h.x1), abs(h.x0 - v.x1)) <= JOIN_TOL + v.width for h in touched)
    span = max(h.y1 for h in touched) - min(h.y0 for h in touched)
    return ends and v.height >= COLUMN_RULE_MIN and v.height > COLUMN_RULE_REACH * max(span, JOIN_TOL)


def rule_groups(rules: Sequence[Box]) -> list[tuple[list[Box], list[Box]]]:
    """Connected groups of crossing rules: (horizontal rules, vertical rules) of each; a rule
    between the page's columns that a grid's rules touch at their ends joins none of them
    (see :func:`_column_rule`)."""
    hs = [r for r in rules if r.width >= r.height]
    vs = [r for r in rules if r.width < r.height]
    n = len(hs) + len(vs)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(i: int, j: int) -> None:
        a, b = find(i), find(j)
        if a != b:
            parent[a] = b

    vs_sorted = sorted(range(len(vs)), key=lambda j: vs[j].x0)
    crossings: dict[int, list[int]] = {}
    for i, h in enumerate(hs):
        for j in vs_sorted:
            v = vs[j]
            if v.x0 > h.x1 + JOIN_TOL:
                break
            if _crosses(h, v):
                crossings.setdefault(j, []).append(i)
    for j, touched in crossings.items():
        if not _column_rule(vs[j], [hs[i] for i in touched]):
            for i in touched:
                join(i, len(hs) + j)
    # A ruling drawn in pieces, cell by cell, is one ruling: collinear pieces a little apart
    # (a frame's side drawn row by row, with no rule between the rows to cross it).
    for offset, rs, across in ((0, hs, False), (len(hs), vs, True)):
        order = sorted(range(len(rs)), key=lambda k: _piece_key(rs[k], across))
        for at, i in enumerate(order):
            a = _piece_key(rs[i], across)
            for j in order[at + 1 :]:
                b = _piece_key(rs[j], across)
                if b[0] - a[0] > PIECE_OFFSET:
                    break
                if b[1] - a[2] <= PIECE_GAP and a[1] - b[2] <= PIECE_GAP:
                    join(offset + i, offset + j)
    members: dict[int, list[int]] = {}
    for i in range(n):
        members.setdefault(find(i), []).append(i)
    return [
        ([hs[i] for i in idx if i < len(hs)], [vs[i - len(hs)] for i in idx if i >= len(hs)])
        for idx in members.values()
    ]


#: Pieces of one ruling: their middles at most this far apart across it (points) ...
PIECE_OFFSET = 1.0
#: ... and a gap of at most this much between them along it.
PIECE_GAP = 2.5


def _piece_key(rule: Box, vertical: bool) -> tuple[float, float, float]:
    """(middle across the ruling, start along it, end along it)."""
    if vertical:
        return ((rule.x0 + rule.x1) / 2, rule.y0, rule.y1)
    return ((rule.y0 + rule.y1) / 2, rule.x0, rule.x1)


#: A band of a grid one cell across (no column edge inside it) holding a line of this many words
#: with letters or more holds running text (see :func:`split_at_prose`).
PROSE_BAND_WORDS = PROSE_WORDS


def split_at_prose(
    groups: Sequence[tuple[list[Box], list[Box]]], lines: Sequence[TextLine]
) -> list[tuple[list[Box], list[Box]]]:
    """The groups of :func:`rule_groups` cut at paragraphs: a band one cell across holding
    running text (a line of PROSE_BAND_WORDS words), a blank band one cell across right above and
    under it, goes out of the grid with the bands one cell across next to it (blank lines, a
    heading). Paragraphs set on white boxes (one for the text, one for each blank line around
    it) drawn edge to edge with the shaded cells of the tables between them, their sides in line
    with the tables' own, chain the tables of a page into one grid, which reads as no table. Each
    part between the cuts is a group of its own (its rules clipped to it); the rules of the cut
    bands are no table's. A note in a table's frame has no blank band of its own around it; a
    grid one cell across all the way down (an infobox, a framed list) is left whole."""
    out: list[tuple[list[Box], list[Box]]] = []
    for hs, vs in groups:
        out.extend(_prose_cuts(hs, vs, lines))
    return out


def _prose_cuts(hs: list[Box], vs: list[Box], lines: Sequence[TextLine]) -> list[tuple[list[Box], list[Box]]]:
    """One group's parts between its paragraphs (see :func:`split_at_prose`)."""
    if len(hs) < 2 or len(vs) < 2 or len(hs) + len(vs) < 5:
        return [(hs, vs)]
    box = union([*hs, *vs])
    inside = [ln for ln in lines if box.x0 - JOIN_TOL <= ln.bbox.x0 and ln.bbox.x1 <= box.x1 + JOIN_TOL]
    ys = positions((h.y0 + h.y1) / 2 for h in hs)
    bands = list(itertools.pairwise(ys))
    one_cell = [
        len(positions((v.x0 + v.x1) / 2 for v in vs if v.y0 <= a + JOIN_TOL and v.y1 >= z - JOIN_TOL)) <= 2
        for a, z in bands
    ]
    held = [[ln for ln in inside if a < (ln.bbox.y0 + ln.bbox.y1) / 2 < z] for a, z in bands]
    blank = [one and not band for one, band in zip(one_cell, held, strict=True)]
    # A paragraph: a band one cell across holding running text, a blank one above and under it.
    para = [
        one_cell[k] and 0 < k < len(bands) - 1 and blank[k - 1] and blank[k + 1] and any(map(_running, held[k]))
        for k in range(len(bands))
    ]
    if not any(para) or all(one_cell):
        return [(hs, vs)]
    # Each paragraph goes with the bands one cell across next to it; what lies between is kept.
    cut = [False] * len(bands)
    for k, flag in enumerate(para):
        if not flag or cut[k]:
            continue
        lo, hi = k, k
        while lo > 0 and one_cell[lo - 1]:
            lo -= 1
        while hi + 1 < len(bands) and one_cell[hi + 1]:
            hi += 1
        cut[lo : hi + 1] = [True] * (hi + 1 - lo)
    parts: list[tuple[list[Box], list[Box]]] = []
    for kept, run in itertools.groupby(range(len(bands)), key=lambda k: not cut[k]):
        if not kept:
            continue
        idx = list(run)
        top, bottom = ys[idx[0]], ys[idx[-1] + 1]
        part_hs = [h for h in hs if top - JOIN_TOL <= (h.y0 + h.y1) / 2 <= bottom + JOIN_TOL]
        part_vs = [
            Box(v.x0, max(v.y0, top), v.x1, min(v.y1, bottom)) for v in vs if min(v.y1, bottom) - max(v.y0, top) > 0
        ]
        parts.append((part_hs, part_vs))
    return parts


def _running(line: TextLine) -> bool:
    """A line of running text: PROSE_BAND_WORDS words with a letter or more."""
    return sum(1 for w in line.text.split() if any(ch.isalpha() for ch in w)) >= PROSE_BAND_WORDS


def _framed_text(inside: Sequence[TextLine], gaps: Sequence[Box]) -> bool:
    """Every line is running text (see _running), or a paragraph's last line (right under a
    line of running text, at its left edge), and fewer than half of them, or one, is parted
    into cells by a blank of ``gaps`` inside it (rows of many words each: a long label and its
    values, which a paragraph's lines are not)."""
    ordered = sorted(inside, key=lambda ln: ln.bbox.y0)
    if not all(
        _running(ln) or (k > 0 and _running(ordered[k - 1]) and abs(ln.bbox.x0 - ordered[k - 1].bbox.x0) <= JOIN_TOL)
        for k, ln in enumerate(ordered)
    ):
        return False
    return sum(1 for ln in inside if parted(ln, gaps)) < max(2, len(inside) / 2)


def parted(line: TextLine, gaps: Sequence[Box]) -> bool:
    """A blank lies inside ``line``: it holds cells, not one text."""
    b = line.bbox
    return any(b.x0 < g.x0 and g.x1 < b.x1 and g.y0 < b.y1 and b.y0 < g.y1 for g in gaps)


def line_inside(line: TextLine, box: Box, tol: float = JOIN_TOL) -> bool:
    """The line's middle lies in ``box`` grown by ``tol`` points."""
    cx = (line.bbox.x0 + line.bbox.x1) / 2
    cy = (line.bbox.y0 + line.bbox.y1) / 2
    return box.x0 - tol <= cx <= box.x1 + tol and box.y0 - tol <= cy <= box.y1 + tol


def rule_regions(
    groups: Sequence[tuple[list[Box], list[Box]]], lines: Sequence[TextLine], gaps: Sequence[Box] = ()
) -> list[Box]:
    """Grids: at least two horizontal and two vertical rules crossing, five in all (a bare
    frame is not a grid), whose cells mostly hold text (a chart's gridlines and bars do not),
    or where text reaches every row and every column, lines running in across its sides
    counted (a sparse table: a sheet ruled for many columns holding a few figures a row, each
    row's name set left of the rulings). A grid one cell across whose every line is running text
    (a note framed, ruled under each of its lines) is none: a table reader finds one column there,
    which is no table."""
    out: list[_Grid] = []
    for hs, vs in groups:
        if len(hs) < 2 or len(vs) < 2 or len(hs) + len(vs) < 5:
            continue
        box = union([*hs, *vs])
        if box.width < 20 or box.height < 10:
            continue
        inside = [ln for ln in lines if line_inside(ln, box)]
        if inside and _sides_only(vs) and _framed_text(inside, gaps):
            continue  # a paragraph framed and ruled under each line: one column of running text
        reaching = [ln for ln in lines if intersection(ln.bbox, box) is not None]
        if (len(inside) >= 2 and _occupancy(hs, vs, inside) >= MIN_OCCUPANCY) or _every_band(hs, vs, reaching):
            ys = positions((h.y0 + h.y1) / 2 for h in hs)
            tallest = max((b - a for a, b in itertools.pairwise(ys)), default=0.0)
            first = sorted((ln for ln in inside if ys[0] < (ln.bbox.y0 + ln.bbox.y1) / 2 < ys[1]), key=_left)
            sides = len(positions((v.x0 + v.x1) / 2 for v in vs)) <= 2
            box, head = header_over(box, tallest, groups, lines, inside, gaps, sides_only=sides)
            out.append(_grid(box, vs, tallest, head or " ".join(ln.text.strip() for ln in first)))
    return _across_blank_bands([g for g in out if not _frame_round_grids(g, out)], lines)


def _frame_round_grids(grid: _Grid, grids: Sequence[_Grid]) -> bool:
    """``grid`` is a frame round other grids: its only column edges are its sides, and a grid
    of more columns lies inside it (a panel drawn round a form's tables, ruled between them
    under their headings): the tables are inside; read as one, the frame would take them in
    with the headings between them as rows."""
    if len(grid.columns) > 2:
        return False
    b = grid.box
    return any(
        g is not grid
        and len(g.columns) > 2
        and b.x0 - JOIN_TOL <= g.box.x0
        and g.box.x1 <= b.x1 + JOIN_TOL
        and b.y0 - JOIN_TOL <= g.box.y0
        and g.box.y1 <= b.y1 + JOIN_TOL
        for g in grids
    )


def _sides_only(vs: Sequence[Box]) -> bool:
    """The vertical rules stand at two places across (a bar drawn down one side, its edges
    closer than MIN_CELL, is one place: a callout's coloured edge)."""
    xs = positions((v.x0 + v.x1) / 2 for v in vs)
    return 1 + sum(1 for a, b in itertools.pairwise(xs) if b - a >= MIN_CELL) <= 2


@frozen
class _Grid:
    """A grid found by :func:`rule_regions`: its box, the height of its tallest row, the places
    of its column edges (see :func:`_grid`), those of them that reach its top and bottom, and
    the text of its first row."""

    box: Box
    tallest: float
    columns: tuple[float, ...]
    top: tuple[float, ...]
    bottom: tuple[float, ...]
    head: str


#: The vertical rules at one place that run this share of a grid's height are one of its column
#: edges (a short stroke inside one cell is none).
EDGE_SHARE = 0.5


def _left(line: TextLine) -> float:
    return line.bbox.x0


def _grid(box: Box, vs: Sequence[Box], tallest: float, head: str) -> _Grid:
    """The grid's column edges: vertical rules at one place (pieces summed) running EDGE_SHARE
    of its height; and which of them reach its top and its bottom (under a title band spanning
    the columns, or over a closing note's, they do not)."""
    columns, top, bottom = [], [], []
    for x in positions((v.x0 + v.x1) / 2 for v in vs):
        at = [v for v in vs if abs((v.x0 + v.x1) / 2 - x) <= JOIN_TOL]
        if sum(v.height for v in at) < EDGE_SHARE * box.height:
            continue
        columns.append(x)
        if any(v.y0 <= box.y0 + JOIN_TOL for v in at):
            top.append(x)
        if any(v.y1 >= box.y1 - JOIN_TOL for v in at):
            bottom.append(x)
    return _Grid(box, tallest, tuple(columns), tuple(top), tuple(bottom), head)


def _same_places(a: Sequence[float], b: Sequence[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= JOIN_TOL for x, y in zip(a, b, strict=True))


def _across_blank_bands(grids: list[_Grid], lines: Sequence[TextLine]) -> list[Box]:
    """Grids one right under the other whose columns run on across a blank band between them
    (every column edge of each reaching the band, at the same places) no taller than their
    tallest row and with no text in it, joined: one table whose rows are shaded cell by cell,
    white cells drawn too, with one row left undrawn (its fills are the rulings, so the grid
    breaks there). Two tables set one under the other have their title or a blank line's worth
    between them, a title band or closing note spanning their columns at the band, or the
    lower one's first row repeats the upper one's (column headings of its own)."""
    out = sorted(grids, key=lambda g: g.box.y0)
    k = 0
    while k + 1 < len(out):
        upper, lower = out[k], out[k + 1]
        gap = lower.box.y0 - upper.box.y1
        if (
            0 < gap <= max(upper.tallest, lower.tallest)
            and len(upper.columns) >= 2
            and _same_places(upper.columns, lower.columns)
            and _same_places(upper.columns, upper.bottom)
            and _same_places(lower.columns, lower.top)
            and lower.head != upper.head
            and not any(
                upper.box.y1 < (ln.bbox.y0 + ln.bbox.y1) / 2 < lower.box.y0
                for ln in lines
                if ln.bbox.x1 > upper.box.x0 and ln.bbox.x0 < upper.box.x1
            )
        ):
            box = union((upper.box, lower.box))
            tallest = max(upper.tallest, lower.tallest)
            out[k : k + 2] = [_Grid(box, tallest, upper.columns, upper.top, lower.bottom, upper.head)]
            continue
        k += 1
    return [g.box for g in out]


def ruled_boxes(groups: Sequence[tuple[list[Box], list[Box]]], lines: Sequence[TextLine]) -> list[Box]:
    """The boxes of grids of crossing rules (two horizontal and two vertical or more, five in
    all: a bare frame is none) whose cells text reaches: tables drawn side by side each have
    one, even when the text extractor ran their lines together across them (a chart's
    gridlines hold no text)."""
    out = []
    for hs, vs in groups:
        if len(hs) < 2 or len(vs) < 2 or len(hs) + len(vs) < 5:
            continue
        box = union([*hs, *vs])
        near = [ln for ln in lines if intersection(ln.bbox, box) is not None]
        if _occupancy(hs, vs, near) >= MIN_OCCUPANCY:
            out.append(box)
    return out


def same_extent(rules: Iterable[Box]) -> list[list[Box]]:
    """Horizontal ``rules`` grouped by their extent (both ends within JOIN_TOL of the group's
    first rule), each group top to bottom: rules one above the other across one table."""
    groups: list[list[Box]] = []
    for h in sorted(rules, key=lambda r: (r.y0 + r.y1) / 2):
        for g in groups:
            if abs(g[0].x0 - h.x0) <= JOIN_TOL and abs(g[0].x1 - h.x1) <= JOIN_TOL:
                g.append(h)
                break
        else:
            groups.append([h])
    return groups


def positions(values: Iterable[float]) -> list[float]:
    """``values`` sorted, those within JOIN_TOL of the one before dropped."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > JOIN_TOL:
            out.append(v)
    return out


def _occupancy(hs: Sequence[Box], vs: Sequence[Box], lines: Sequence[TextLine]) -> float:
    """Share of the grid's cells (between consecutive rule positions, slivers left out) that
    some text line reaches."""
    occupied, rows, cols = _occupied(hs, vs, lines)
    if not rows or not cols:
        return 0.0
    return len(occupied) / (len(rows) * len(cols))


#: A grid has this many rows and columns at least for text in each of them to make it a table
#: however few of its cells hold text (see rule_regions).
BAND_GRID = 3


def _every_band(hs: Sequence[Box], vs: Sequence[Box], lines: Sequence[TextLine]) -> bool:
    """Text reaches every row and every column of the grid (BAND_GRID of each at least)."""
    occupied, rows, cols = _occupied(hs, vs, lines)
    if len(rows) < BAND_GRID or len(cols) < BAND_GRID:
        return False
    return len({r for r, _ in occupied}) == len(rows) and len({c for _, c in occupied}) == len(cols)


def _occupied(
    hs: Sequence[Box], vs: Sequence[Box], lines: Sequence[TextLine]
) -> tuple[set[tuple[int, int]], list[int], list[int]]:
    """The grid's cells (row, column; between consecutive rule positions) that some text line
    reaches, and its rows and columns (slivers left out)."""
    ys = positions((h.y0 + h.y1) / 2 for h in hs)
    xs = positions((v.x0 + v.x1) / 2 for v in vs)
    rows = [k for k in range(len(ys) - 1) if ys[k + 1] - ys[k] >= MIN_CELL]
    cols = [k for k in range(len(xs) - 1) if xs[k + 1] - xs[k] >= MIN_CELL]
    if not rows or not cols:
        return set(), rows, cols
    occupied: set[tuple[int, int]] = set()
    for ln in lines:
        b = ln.bbox
        r0 = bisect.bisect(ys, min(b.y0 + JOIN_TOL, (b.y0 + b.y1) / 2)) - 1
        r1 = bisect.bisect(ys, max(b.y1 - JOIN_TOL, (b.y0 + b.y1) / 2)) - 1
        c0 = bisect.bisect(xs, min(b.x0 + JOIN_TOL, (b.x0 + b.x1) / 2)) - 1
        c1 = bisect.bisect(xs, max(b.x1 - JOIN_TOL, (b.x0 + b.x1) / 2)) - 1
        occupied.update((r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
    wanted = {(r, c) for r in rows for c in cols}
    return occupied & wanted, rows, cols
