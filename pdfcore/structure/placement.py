"""Tables and figures placed among a page's units: the rows a table's box holds taken out (its
header over the box included, notes in its frame told apart), the slot a table stands in between
the text above and below it, the unit a figure goes before.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from pdfcore.models import Box, Table
from pdfcore.structure.rows import Row
from pdfcore.structure.unit import Unit


def box_below(unit: Unit, boxes: Sequence[Box], units: Sequence[Unit]) -> int | None:
    """Index of the box (a table) starting right below ``unit``: within a few lines under it,
    overlapping it horizontally, with no other unit between but the table's caption (the unit
    introduces it: ``Course Card`` over ``Table 2. Brackenridge course card`` over the card)."""
    line = max(unit.size, 6.0) * 1.2
    for k, b in enumerate(boxes):
        if not (b.x0 < unit.x1 - 1.0 and b.x1 > unit.x0 + 1.0 and -0.5 * line <= b.y0 - unit.y1 <= 4.0 * line):
            continue
        if not any(
            v is not unit
            and v.kind != "caption"
            and v.y0 >= unit.y1 - 1.0
            and v.y1 <= b.y0 + 1.0
            and v.x0 < b.x1
            and v.x1 > b.x0
            for v in units
        ):
            return k
    return None


def take_table_rows(rows: list[Row], tables: list[Table]) -> tuple[list[Row], list[int | None], dict[int, list[Row]]]:
    """The rows outside every table, and for each table the index (in the rows kept) where its
    first row was (None when it held no row). A row right above a table that reads as its header
    is the table's (a header set over the grid's top rule, outside the box the reader gave). A
    row inside a table's box whose words are in none of its cells (notes printed in the table's
    frame) is the table's too but told apart: returned by table, to follow it."""
    if not tables:
        return rows, [], {}
    headers = [" ".join(" ".join(t.header).split()) for t in tables]
    tops = [_top_header_row(t) for t in tables]
    words: list[tuple[Counter[str], Counter[str]] | None] = [None] * len(tables)  # cell words, left to take

    def cells_of(k: int) -> tuple[Counter[str], Counter[str]]:
        cells = words[k]
        if cells is None:
            cells = words[k] = _table_words(tables[k])
        return cells

    marks: list[tuple[int | None, bool]] = []  # for each row: the table whose box holds it, and
    for r in rows:  # whether the table tells it (its words are the table's)
        cx, cy = (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2
        inside = next(
            (
                k
                for k, t in enumerate(tables)
                if _holds(t.bbox, cx, cy)
                or _header_over(r, t.bbox, headers[k])
                or any(_header_over(r, t.bbox, top) for top in tops[k])
            ),
            None,
        )
        if inside is None:
            # a row the box's edge cuts through, its middle outside, every word of which the
            # table's cells hold (besides those of the rows before it): the reader took it, so
            # it is the table's (not read twice, in the table and after it)
            cut = (j for j, t in enumerate(tables) if _cut_by(t.bbox, r) and _told_by(r.text, cells_of(j), whole=True))
            inside = next(cut, None)
            told = inside is not None
        else:
            # text none of its cells holds is kept when it reads as words (a note, a title),
            # not when it is pieces of a formula read as a grid
            told = _told_by(r.text, cells_of(inside)) or not _wordy(r.text)
        marks.append((inside, told))
    placed = {k for k, told in marks if k is not None and told}
    kept: list[Row] = []
    anchors: list[int | None] = [None] * len(tables)
    after: dict[int, list[Row]] = {}
    for r, (k, told) in zip(rows, marks, strict=True):
        if k is None or k not in placed:
            kept.append(r)
        elif told:
            if anchors[k] is None:
                anchors[k] = len(kept)
        else:
            after.setdefault(k, []).append(r)
    return kept, anchors, after


#: Share of a row's words a table's cells must hold for the row to be the table's own.
TOLD_BY_TABLE = 0.5
#: A row of at most this many words, or one set letter by letter, is the table's own when its
#: cells hold this share of its letters and digits (a mark such as ``HX`` printed over two
#: cells, a word in a script the table reader gives in another order).
SHORT_ROW_WORDS = 3
SHORT_ROW_CHARS = 0.8
_WORD = re.compile(r"\w+")


def _wordy(text: str) -> bool:
    """More than half of the text's words are words of three letters or more, two at least."""
    tokens = text.split()
    words = sum(1 for t in tokens if sum(ch.isalpha() for ch in t) >= 3)
    return words >= 2 and 2 * words > len(tokens)


def _table_words(table: Table) -> tuple[Counter[str], Counter[str]]:
    """The words of the table's cells (header included, printed header cells too), lower case,
    and their letters and digits."""
    texts = [*table.header, *(c for row in table.rows for c in row), *(c.text for c in table.header_cells or ())]
    words = Counter(w.lower() for text in texts if text for w in _WORD.findall(unicodedata.normalize("NFKC", text)))
    chars: Counter[str] = Counter()
    for w, n in words.items():
        for ch in w:
            chars[ch] += n
    return words, chars


def _told_by(text: str, cells: tuple[Counter[str], Counter[str]], *, whole: bool = False) -> bool:
    """Whether the table's cells hold the row: ``TOLD_BY_TABLE`` of its words (every one when
    ``whole``), each also found reversed (a right-to-left script) or without a note mark glued
    to its end; or, for a short row (not ``whole``), ``SHORT_ROW_CHARS`` of its letters and
    digits. What is found is taken, so a row's words are counted once."""
    words, chars = cells
    mine = [w.lower() for w in _WORD.findall(unicodedata.normalize("NFKC", text))]
    if not mine:
        return True
    found: Counter[str] = Counter()
    for w in mine:
        for form in (w, w[::-1], w[:-1] if len(w) > 3 and w[-1].isalpha() else ""):
            if form and words[form] > found[form]:
                found[form] += 1
                break
    if sum(found.values()) >= (1.0 if whole else TOLD_BY_TABLE) * len(mine):
        words.subtract(found)
        return True
    if whole:
        return False
    if len(mine) <= SHORT_ROW_WORDS or sum(len(w) for w in mine) < 2 * len(mine):  # short, or letter-spaced
        need = Counter(ch for w in mine for ch in w)
        have = need & chars
        if sum(have.values()) >= SHORT_ROW_CHARS * sum(need.values()):
            chars.subtract(have)
            return True
    return False


def _top_header_row(table: Table) -> list[str]:
    """The text of the table's top header row as printed (its cells left to right), and of each
    of its cells, when its header has several levels: a title over all its columns
    (``REPUBLICAN PARTY``), or over some of them beside a legend on the same row, is the table's
    own even when it stands over the grid's top rule."""
    if not table.header_cells:
        return []
    top = sorted((c for c in table.header_cells if c.row == 0 and c.text.strip()), key=lambda c: c.column)
    texts = [" ".join(c.text.split()) for c in top]
    return [" ".join(texts), *texts]


def _header_over(row: Row, box: Box, header: str) -> bool:
    """``row`` prints the table's header (its cells' words in order) right above its box."""
    if not header or not box.x0 - 2 <= (row.x0 + row.x1) / 2 <= box.x1 + 2:
        return False
    gap = box.y0 - row.y1
    return -2.0 <= gap <= 1.5 * max(row.height, 1.0) and " ".join(row.text.split()) == header


def _cut_by(box: Box, row: Row) -> bool:
    """The edge at the top or the bottom of ``box`` runs through ``row`` (or within
    EDGE_REACH points of it: the reader takes the glyphs reaching into the box, whose boxes
    stand taller than the line's letters), which lies across inside it."""
    if row.x0 < box.x0 - EDGE_REACH or row.x1 > box.x1 + EDGE_REACH:
        return False
    return row.y0 < box.y0 < row.y1 + EDGE_REACH or row.y0 - EDGE_REACH < box.y1 < row.y1


#: How near a box's edge a row is taken as cut by it (points).
EDGE_REACH = 2.0


def _holds(box: Box, x: float, y: float) -> bool:
    return box.x0 - 2 <= x <= box.x1 + 2 and box.y0 - 2 <= y <= box.y1 + 2


def in_rows(boxes: Sequence[Box]) -> list[int]:
    """Indexes of ``boxes`` in reading order: as given, except that boxes side by side (sharing
    half the height of the shorter or more, apart from each other across) read left to right,
    whatever order they were drawn in. (Each swap puts a box before one that starts further
    right: the passes end.)"""
    order = list(range(len(boxes)))
    moved = True
    while moved:
        moved = False
        for i in range(len(order) - 1):
            a, b = boxes[order[i]], boxes[order[i + 1]]
            if b.x0 < a.x0 and b.x1 <= a.x0 + SIDE_TOL * min(a.x1 - a.x0, b.x1 - b.x0) and _level(a, b):
                order[i], order[i + 1] = order[i + 1], order[i]
                moved = True
    return order


def _level(a: Box, b: Box) -> bool:
    """``a`` and ``b`` share half the height of the shorter or more."""
    shared = min(a.y1, b.y1) - max(a.y0, b.y0)
    return shared >= 0.5 * min(a.y1 - a.y0, b.y1 - b.y0)


#: Boxes side by side may overlap across by this share of the narrower one.
SIDE_TOL = 0.1


def position(units: list[Unit], box: Box, footnotes: set[int]) -> int:
    """Index of the first unit below ``box`` overlapping it horizontally (len(units): none)."""
    for k, u in enumerate(units):
        if id(u) in footnotes:
            continue
        if u.y0 >= box.y1 - 2.0 and u.x0 < box.x1 and u.x1 > box.x0:
            return k
    return len(units)


def table_slot(units: list[Unit], box: Box, at: int | None, footnotes: set[int]) -> int:
    """Where a table stands among the units: between the last unit above it and the first unit
    below it that share its width (the page's reading order of the blocks around it), at the
    place of its first row in the text layer (``at``) when that lies between them. A text
    layer may draw a table before the title over it or after the notes under it; a table
    beside the text (an infobox) follows what is above it in its own column."""
    lo, hi = between(units, box, footnotes)
    if lo > hi:  # no place fits both (the page's order does not follow its geometry)
        return hi if at is None else at
    if at is None:
        return hi
    return min(max(at, lo), hi)


def between(units: list[Unit], box: Box, footnotes: set[int]) -> tuple[int, int]:
    """(one past the last unit above ``box``, the first unit below it), of the units that
    overlap it horizontally (footnotes aside)."""
    lo, hi = 0, len(units)
    for k, u in enumerate(units):
        if id(u) in footnotes or u.x0 >= box.x1 - 1.0 or u.x1 <= box.x0 + 1.0:
            continue
        if u.y1 <= box.y0 + 2.0:
            lo = k + 1
        elif u.y0 >= box.y1 - 2.0 and k < hi:
            hi = k
    return lo, hi
