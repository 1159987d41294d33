"""A table's header: how many rows on top are headings (:func:`header_rows`), the columns each
heading heads (:func:`header_spans`), and the header as one text per column
(:func:`merged_header`) and as its cells as printed (:func:`header_cells`). Pure geometry, no
engine.

The header is the rows on top that fill some column past the first and hold no figures other
than years (a row holding only a label ends them: a section heading; under a top row leaving
the first column empty, so does a second row labelled in it and ruled off the one above; so
does a row opening with a figure or a year under a first column headed in words), else
a first row set in
bold, ruled off, or of text above columns of figures. Each column's header is the text of every
header row above it, top to bottom (a heading spanning several columns, or underlined across
them, heads each of them).
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Sequence

from adapters._table_glyphs import Rule, is_figure
from adapters._table_header_shapes import (
    HEADING_WORDS,
    body_like,
    groups_over_headings,
    rows_alike,
    section_label,
    stub_between,
    stub_over_both,
    stub_over_groups,
)
from adapters._table_rows import BROKEN, Row, data_figure, numbering, ruled_between
from adapters._table_rulings import RULE_WIDTH, WALL_WIDTH, across, open_wall

#: Header rows at most.
MAX_HEADER_ROWS = 7
#: Bold lines over a ruling across the table, this many at most, are its header.
RULED_HEADER_LINES = 4


def _wraps_on(above: Row, row: Row) -> bool:
    """``row`` (a label only) is the rest of the first column's heading in ``above``, wrapped:
    set close under it, starting in lower case or after a broken word; or the heading's unit
    in brackets, within a line's height under it (``Distance`` over ``(m)``)."""
    head, rest = above.text(0), row.text(0)
    if not head or not rest:
        return False
    gap, height = row.y0 - above.y1, max(above.y1 - above.y0, 1.0)
    if _UNIT.fullmatch(rest) and not _ITEM_LABEL.fullmatch(rest) and gap <= height:
        return True
    if gap > 0.5 * height:
        return False
    return rest[:1].islower() or head.endswith("-")


#: A unit in brackets (``(m)``, ``(£000)``, ``[kg/ha]``) ...
_UNIT = re.compile(r"[(\[][^()\[\]\s]{1,12}[)\]]")
#: ... but not an item's label (``(a)``, ``(iv)``, ``(3)``; a unit of one letter, ``(m)``, is one).
_ITEM_LABEL = re.compile(r"\((?:[a-f]|[ivx]{1,4}|\d{1,2})\)")


def dehyphenated(parts: Sequence[str]) -> str:
    """Pieces of one heading joined: a word broken at a line end (``Num-`` + ``ber``) joined at a
    soft hyphen (see :func:`adapters._table_rows.join_lines`)."""
    out = ""
    for p in parts:
        if out.endswith("-") and out[-2:-1].isalpha() and p[:1].islower():
            out = out[:-1] + BROKEN + p
        else:
            out = f"{out} {p}" if out else p
    return out


def header_rows(rows: Sequence[Row], rules: Sequence[Rule], x0: float, x1: float) -> int:
    n = 0
    ended = False
    parted = [y for y, _, _ in across(rules, x0, x1)]
    label: int | None = None  # the first row filling the first column
    stub = rows[0].text(0) if rows else ""
    for i, row in enumerate(rows[: MAX_HEADER_ROWS + 1]):
        if i > 0 and stub and not is_figure(stub) and is_figure(row.text(0)):
            # a year or a number under the first column's heading (``2006`` under ``Year``):
            # the body's first row, however its other cells read
            ended = True
            break
        values = [k for k in row.filled if k > 0] or [b for _, b, _ in row.spans if b > 0]
        if 0 in row.filled and not any(a == 0 < b for a, b, _ in row.spans):
            if label and ruled_between(rows[i - 1], row, parted):
                # under a row leaving the first column empty, a second label ruled off the
                # first: rows labelled one by one, the body's. The first label is one of them
                # when it is one line ruled off the rows above and below it, unless the row
                # above names groups of columns (fewer texts than the label's row sets): else
                # it is the stub's heading, the header's last row.
                if (
                    i - 1 == label
                    and ruled_between(rows[label - 1], rows[label], parted)
                    and _cells(rows[label - 1]) >= _cells(rows[label])
                ):
                    n = label
                ended = True
                break
            label = i if label is None else label
        if not values and 0 < i < len(rows) - 1 and row.y0 < rows[i - 1].y1 and row.y1 > rows[i + 1].y0 - 1.0:
            n += 1  # a label set between two header lines, over both (a heading over two levels;
            continue  # it may end where the line under it starts, within a point)
        if not values and n == i > 0 and i < len(rows) - 1 and stub_between(rows[i - 1], row, rows[i + 1]):
            n += 1
            continue
        if not values and n == i > 0 and _wraps_on(rows[i - 1], row):
            n += 1  # the rest of a heading of the first column wrapped onto the next line
            continue
        if n == i > 0 and numbering(row):
            n += 1  # the columns under a group heading numbered 1, 2, 3 ...: the header's
            continue
        if not values or any(data_figure(row.text(k)) for k in row.filled if k > 0):
            ended = True
            break
        n += 1
    if ended and 0 < n < len(rows) and any(data_figure(r.text(k)) for r in rows[n:] for k in r.filled if k > 0):
        if rows_alike(rows[: n + 1], parted):
            return 0
        top = rows[0]
        if n > 1 and section_label(top, rows[1:n]):
            return 1  # (a section's label across the table under the headings: the body's)
        if n > 1 and len(top.filled) > 1 and not top.spans:  # a row of headings, no title across
            below = rows[1]
            if (
                0 in below.filled
                and len(below.filled) > 1
                and ruled_between(top, below, parted)
                and not ruled_between(rows[n - 1], rows[n], parted)
            ):
                # ruled off under it, a row of cells under it (its lines wrapped on below it)
                # not: that row is the header (not a label row under the headings)
                return 1
            if top.bold and 0 in top.filled and all(0 in r.filled and not r.bold for r in rows[1:n]):
                # bold, the first column's heading too, over labelled rows in the body's face
                # (values in words): the header (not a bold row naming groups of columns)
                return 1
        return n  # headings over columns of figures (in a table of text, every row looks so)
    if len(rows) < 3:
        return 0
    first, second = rows[0], rows[1]
    values = [k for k in first.filled if k > 0]
    if values and sum(1 for k in values if data_figure(first.text(k)) or _dashes(first.text(k))) * 2 > len(values):
        # a row of figures is data (the first row of a table continued from a page before), a
        # dash for a figure that is nil among them
        return 0
    if n >= 2 and groups_over_headings(first, second):
        return 2
    if first.bold and stub_over_groups(first, second, rows[2]):
        return 2
    if stub_over_both(first, second):
        return 2
    if first.bold and not all(r.bold for r in rows[1:]):
        # (the bold rows over a ruling across the table, all of them, each text a heading's
        # (short, no figure): headings over groups of columns, then each column's, wrapped onto
        # lines of their own)
        bold = next(i for i, r in enumerate(rows) if not r.bold)
        bold -= _group_label_last(rows[:bold])
        if (
            2 < bold <= RULED_HEADER_LINES
            and ruled_between(rows[bold - 1], rows[bold], parted)
            and all(
                len(r.text(j).split()) <= HEADING_WORDS * _spanned(r, j) and not data_figure(r.text(j))
                for r in rows[:bold]
                for j in r.filled
            )
        ):
            return bold
        # (and the rest of the first column's heading wrapped onto a bold line under it)
        wrapped = second.bold and not any(k > 0 for k in second.filled) and _wraps_on(first, second)
        return 2 if wrapped else 1
    width = x1 - x0
    for r in rules if not body_like(first, rows[1:]) else ():
        if r.vertical or min(r.x1, x1) - max(r.x0, x0) < RULE_WIDTH * width:
            continue
        if first.y1 - 1.0 <= (r.y0 + r.y1) / 2 <= second.y0 + 1.0:
            return 1
    # Text on top of columns of figures.
    body = rows[1:]
    for k in range(1, len(first.cells)):
        t = first.text(k)
        col = [r.text(k) for r in body if r.cells[k]]
        if t and not is_figure(t) and col and sum(1 for c in col if is_figure(c)) >= 0.6 * len(col):
            return 1
    return 0


def _dashes(text: str) -> bool:
    """A cell holding dashes only (``--``, ``—``): a nil figure, no heading."""
    t = text.replace(" ", "")
    return bool(t) and set(t) <= set("-\u2013\u2014")


def _group_label_last(head: Sequence[Row]) -> int:
    """1 when the last of the bold rows ``head`` is a label alone in the first column under a
    heading of that column in a row above it, not that heading wrapped on (``Breakfast (served
    until 11:30am)`` under ``Dish`` and the allergens' headings): it labels the group of rows
    under it, a row of the body; else 0."""
    stub = [r for r in head if 0 in r.filled]
    if len(stub) < 2 or stub[-1] is not head[-1] or head[-1].filled != [0]:
        return 0
    return 0 if _wraps_on(stub[-2], stub[-1]) else 1


def _cells(row: Row) -> int:
    """The texts ``row`` sets past its first column (a text spanning columns counts once)."""
    covered = {k for a, b, _ in row.spans for k in range(a, b + 1)}
    return sum(1 for _, b, _ in row.spans if b > 0) + sum(1 for k in row.filled if k > 0 and k not in covered)


def _spanned(row: Row, k: int) -> int:
    """How many columns the text of column ``k`` of ``row`` is set over (a heading over a group
    of columns may run to as many words as their headings: ``Amount of a single claim or
    booking`` over three)."""
    return next((b - a + 1 for a, b, _ in row.spans if a <= k <= b), 1)


def header_spans(
    rows: Sequence[Row],
    rules: Sequence[Rule],
    cuts: Sequence[float],
    em: float,
    centres: Sequence[float | None],
    width: float,
    body: Sequence[Row] = (),
) -> list[list[tuple[int, int, str]]]:
    """The header rows' cells, top to bottom, each as (first column, last column, text). A
    heading spans the columns it crosses, the columns its underline covers (a ruling under it
    and under no other heading of its row), the columns no vertical ruling divides at its height
    (a ruled grid's merged cell; for headings side by side, under a ruling over them), the two columns it is centred over when it stands in the blank
    between their headings (and nothing else is in that blank's columns in its row), and the
    columns under the headings it stands over. ``body``: the body's rows (where their cells meet
    parts headings underlined end to end: see :func:`underline_groups`)."""
    n = len(cuts) + 1
    # A ruling under a heading heads the columns it covers, unless it runs under the whole table.
    table_width = 0.95 * width
    # The vertical rulings standing at each boundary between columns (a ruled grid's cell edges;
    # a dot drawn where rulings meet, at a row's corner, is none).
    walls = [
        [r for r in rules if r.vertical and abs((r.x0 + r.x1) / 2 - c) <= 1.0 and r.y1 - r.y0 >= 2 * WALL_WIDTH]
        for c in cuts
    ]
    ceilings = [r for r in rules if not r.vertical]

    def roofed(cut: float, row: Row) -> bool:
        """A horizontal ruling runs over ``row`` across the boundary at ``cut``."""
        return any((r.y0 + r.y1) / 2 <= row.y0 + 1.0 and r.x0 - 1.0 <= cut <= r.x1 + 1.0 for r in ceilings)

    def side_by_side(k: int, row: Row) -> bool:
        """Another header row holds a heading in column ``k`` and one in the next, where the
        wall between them is open as well: the two are headed apart, the wall is not drawn in
        the header (a shaded one) rather than a cell merged over both."""
        return any(
            o is not row and o.text(k) and o.text(k + 1) and open_wall(walls[k], (o.y0 + o.y1) / 2) for o in rows
        )

    spans_below: list[tuple[int, int]] = []
    below_ext: dict[int, tuple[float, float]] = {}  # the extent of the nearest single-column heading under the row
    per_row: list[list[tuple[int, int, str]]] = []
    for row in reversed(rows):
        crossing = {first: (first, last) for first, last, _ in row.spans}
        filled = [k for k in range(n) if row.text(k)]
        cells: list[tuple[int, int, str]] = []
        for k in filled:
            text = row.text(k)
            first, last = crossing.get(k, (k, k))
            ext = row.extent[k]
            x0, x1 = ext if ext is not None else (0.0, 0.0)
            others = [row.extent[j] for j in filled if j != k and row.extent[j] is not None]
            for r in rules:
                if r.vertical or not (row.y1 - 0.5 <= (r.y0 + r.y1) / 2 <= row.y1 + 1.2 * em):
                    continue
                if not (r.x0 <= x1 and r.x1 >= x0 and (r.x1 - r.x0) > (x1 - x0) + em and r.x1 - r.x0 < table_width):
                    continue
                covered = [j for j, c in enumerate(centres) if c is not None and r.x0 <= c <= r.x1]
                if any(e is not None and r.x0 < e[1] - 0.5 * em and r.x1 > e[0] + 0.5 * em for e in others):
                    # under other headings too: a rule of the grid, no one's underline; or the
                    # underlines of headings side by side over groups of columns, drawn end to end
                    heads = {
                        j: (e[0] + e[1]) / 2
                        for j in filled
                        if (e := row.extent[j]) is not None and r.x0 < e[1] - 0.5 * em and r.x1 > e[0] + 0.5 * em
                    }
                    # (headings over groups stand in the header's top row, in a table without
                    # rulings between its columns: a ruled grid's walls part its cells)
                    top = row is rows[0] and not any(walls)
                    groups = underline_groups(heads, covered, cell_edges(body, cuts), (r.x0, r.x1), n) if top else None
                    if groups is not None:
                        first, last = groups[k]
                        break
                    continue
                if covered and covered[0] <= k <= covered[-1]:
                    first, last = min(first, covered[0]), max(last, covered[-1])
                    break
            # A ruled grid whose wall between this column and the next (or the one before) stops
            # short of the row: a merged cell, as wide on either side as the walls leave it. (Of
            # headings side by side above the grid, no ruling over them at that wall, none is in
            # a cell of the grid: the walls start under them, each heads the columns under it. A
            # lone title over the grid heads all of it.)
            mid = (row.y0 + row.y1) / 2
            lone = len(filled) < 2
            while (
                last + 1 < n
                and last + 1 not in filled
                and open_wall(walls[last], mid)
                and (lone or roofed(cuts[last], row))
                and not side_by_side(last, row)
            ):
                last += 1
            while (
                first > 0
                and first - 1 not in filled
                and open_wall(walls[first - 1], mid)
                and (lone or roofed(cuts[first - 1], row))
                and not side_by_side(first - 1, row)
            ):
                first -= 1
            if ext is not None and first == last:
                # A heading centred over the blank between two headings under it, or over the
                # two of them (their centres: headings centred in cells of unequal text, `n`
                # and `% Pos`), no rule saying so: over both of them.
                centre = (x0 + x1) / 2
                left = below_ext.get(first)
                for j in (first - 1, first + 1):
                    other = below_ext.get(j)
                    if 0 <= j < n and j not in filled and left is not None and other is not None:
                        a, b = (other, left) if j < first else (left, other)
                        if a[1] < centre < b[0] and _centred_over(centre, a, b):
                            first, last = min(first, j), max(last, j)
                            break
            below = [(a, b) for a, b in spans_below if a <= last and b >= first]
            if below:
                first, last = min(first, *(a for a, _ in below)), max(last, *(b for _, b in below))
            cells.append((first, last, text))
        spans_below = [(a, b) for a, b, _ in cells]
        # (the nearest heading under each column, however many header rows down: a year over
        # `n` and `% Pos` with `Country` and `Sample size` set between them on rows of their own)
        below_ext = {**below_ext, **{k: e for k in filled if (e := row.extent[k]) is not None and not crossing.get(k)}}
        per_row.append(cells)
    return list(reversed(per_row))


def cell_edges(body: Sequence[Row], cuts: Sequence[float]) -> list[float]:
    """Where the cells of columns side by side meet, by their text: at the right end of the
    left one's when both are set flush right (figures; the blank between them is the right
    one's padding), at the start of the right one's when it is set flush left; else at the cut
    between them (the blank's middle)."""

    def flush(values: list[float]) -> bool:
        return len(values) >= 2 and max(values) - min(values) <= FLUSH_PT

    out = []
    for j, cut in enumerate(cuts):
        ends = [e[1] for r in body if (e := r.extent[j]) is not None]
        nexts = [e for r in body if (e := r.extent[j + 1]) is not None]
        if flush(ends) and flush([e[1] for e in nexts]):
            out.append(statistics.median(ends))
        elif flush([e[0] for e in nexts]):
            out.append(statistics.median(e[0] for e in nexts))
        else:
            out.append(cut)
    return out


#: Cells whose ends are this many points apart at most are set flush (see cell_edges).
FLUSH_PT = 1.5


def underline_groups(
    heads: dict[int, float], covered: Sequence[int], edges: Sequence[float], ends: tuple[float, float], n: int
) -> dict[int, tuple[int, int]] | None:
    """The columns each of ``heads`` (column -> the heading's centre) heads when one ruling runs
    under all of them: the underlines of headings over groups of columns (``Metric`` over
    ``Length`` and ``Width``, ``Imperial`` over two more), drawn end to end. The ruling covers
    the columns ``covered`` (their centres under it), one run of them, not every one of the
    table's ``n``; each heading heads a run of them holding its own column, the runs one after
    the other (a column between two may be left to neither: a count's column between groups),
    chosen so that each is centred under its heading the best (the run's ends: ``edges``, where
    the columns' cells meet; the ruling's ``ends`` at the outer sides). None when that is not so."""
    cols = sorted(heads)
    if len(cols) < 2 or not covered or len(covered) == n or any(c not in covered for c in cols):
        return None
    lo, hi = covered[0], covered[-1]
    if covered != list(range(lo, hi + 1)):
        return None

    def left(j: int) -> float:
        return ends[0] if j == lo else edges[j - 1]

    def right(j: int) -> float:
        return ends[1] if j == hi else edges[j]

    def best(i: int, free: int) -> tuple[float, list[tuple[int, int]]]:
        # heading i (of cols) heads a run from ``free`` on at the earliest; the ones after it the rest
        col = cols[i]
        stop = cols[i + 1] if i + 1 < len(cols) else hi + 1
        found: tuple[float, list[tuple[int, int]]] = (float("inf"), [])
        for start in range(free, col + 1):
            for end in range(col, stop):
                cost = abs((left(start) + right(end)) / 2 - heads[col])
                rest: list[tuple[int, int]] = []
                if i + 1 < len(cols):
                    more, rest = best(i + 1, end + 1)
                    cost += more
                if cost < found[0]:
                    found = (cost, [(start, end), *rest])
        return found

    _, runs = best(0, lo)
    return dict(zip(cols, runs, strict=True))


def _centred_over(centre: float, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """A heading's ``centre`` in the blank between headings ``a`` and ``b`` (x-ranges, left to
    right) stands over both: a quarter of the blank or more from either side, or within
    CENTRED_SHARE of the distance between their centres from the middle of their centres."""
    if min(b[0] - centre, centre - a[1]) >= 0.25 * (b[0] - a[1]):
        return True
    ca, cb = (a[0] + a[1]) / 2, (b[0] + b[1]) / 2
    return abs(centre - (ca + cb) / 2) <= CENTRED_SHARE * (cb - ca)


#: See _centred_over.
CENTRED_SHARE = 0.1


def merged_header(per_row: Sequence[Sequence[tuple[int, int, str]]], n: int) -> list[str]:
    """One header cell per column: the text of every header cell over it, top to bottom."""
    parts: list[list[str]] = [[] for _ in range(n)]
    for cells in per_row:
        for first, last, text in cells:
            for j in range(first, last + 1):
                parts[j].append(text)
    return [dehyphenated(p) for p in parts]


#: A header cell as printed: (header row, first column, rows, columns, text).
HeaderCell = tuple[int, int, int, int, str]


def ruled_apart(rows: Sequence[Row], rules: Sequence[Rule], bounds: Sequence[float]) -> list[frozenset[int]]:
    """For each of ``rows`` (a header's), the columns a horizontal ruling crosses between it and
    the row above (none for the first row); ``bounds``: the columns' edges, left to right. In
    each column, between the texts the two rows set there when both do (a heading set lower
    beside two levels makes its row reach down past the ruling under the others)."""
    mids = [(a + b) / 2 for a, b in itertools.pairwise(bounds)]
    flat = [r for r in rules if not r.vertical]
    out: list[frozenset[int]] = [frozenset()]
    for above, below in itertools.pairwise(rows):
        crossed = set()
        for k, m in enumerate(mids):
            top = _band(above, k)[1]
            bottom = _band(below, k)[0]
            if any(r.x0 <= m <= r.x1 and top - 1.0 <= (r.y0 + r.y1) / 2 <= bottom + 1.0 for r in flat):
                crossed.add(k)
        out.append(frozenset(crossed))
    return out


def _band(row: Row, k: int) -> tuple[float, float]:
    """The heights column ``k``'s text stands at in ``row``; the row's when it sets none there."""
    band = row.heights[k] if k < len(row.heights) else None
    return band if band is not None else (row.y0, row.y1)


def header_cells(
    per_row: Sequence[Sequence[tuple[int, int, str]]], n: int, apart: Sequence[frozenset[int]] = ()
) -> list[HeaderCell]:
    """The header's cells as printed, when it has spanning cells or several levels (empty when
    one row of one cell per column says it all, as ``header`` does).

    Lines of one column that share a span are one cell (a heading wrapped over several lines),
    unless a ruling runs between them (``apart``: see :func:`ruled_apart`; two headings, one
    over the other, in a ruled grid); a cell's row is how many cells stand over it in its
    columns, and it reaches down to the next cell under it, or to the header's last row (a
    heading set once beside two levels: ``rowspan``)."""
    stacks: list[list[int]] = [[] for _ in range(n)]  # cell ids in each column, top to bottom
    spans: list[tuple[int, int]] = []
    texts: list[list[str]] = []
    lowest: list[int] = []  # the last header row each cell has a line in
    for i, cells in enumerate(per_row):
        for first, last, text in cells:
            prev = stacks[first][-1] if stacks[first] else None
            if (
                prev is not None
                and spans[prev] == (first, last)
                and all(stacks[j] and stacks[j][-1] == prev for j in range(first, last + 1))
                and not any(
                    apart[r] & set(range(first, last + 1)) for r in range(lowest[prev] + 1, min(i + 1, len(apart)))
                )
            ):
                texts[prev].append(text)  # the same heading, wrapped
                lowest[prev] = i
                continue
            spans.append((first, last))
            texts.append([text])
            lowest.append(i)
            for j in range(first, last + 1):
                stacks[j].append(len(spans) - 1)
    if not spans:
        return []
    depth = [0] * len(spans)
    for _ in range(len(spans)):  # stable after as many passes as there are cells
        for col in stacks:
            for above, below in itertools.pairwise(col):
                depth[below] = max(depth[below], depth[above] + 1)
    levels = max(depth) + 1
    if levels == 1 and all(a == b for a, b in spans):
        return []
    out: list[HeaderCell] = []
    for cid, (first, last) in enumerate(spans):
        nxt = [depth[col[col.index(cid) + 1]] for col in stacks[first : last + 1] if col.index(cid) + 1 < len(col)]
        bottom = min(nxt) if nxt else levels
        out.append((depth[cid], first, max(1, bottom - depth[cid]), last - first + 1, dehyphenated(texts[cid])))
    return sorted(out)
