"""Table evidence from a page's lines: the gaps between a line's rects, or between the words of a
line drawn as one text object, wide enough to part the cells of a table.
"""

from __future__ import annotations

import ctypes
import itertools
import re
from collections.abc import Sequence
from typing import Any

from adapters._pdfium import PageSpace
from pdfcore.caption_words import is_caption
from pdfcore.models import Box, TextLine

GAP_MIN_FACTOR = 0.8
GAP_MIN_PT = 3.0
#: A cell's wrapped line starts this many line heights off its cell's left edge at most.
WRAP_ALIGN = 0.5
#: Rects of a line this many line heights apart at most, each starting where the one before
#: ends, are set edge to edge: one run of text (see :func:`edge_to_edge`).
EDGE_TO_EDGE = 0.2


def space_gaps(
    raw: Any,
    tp: Any,
    start: int,
    body: str,
    line: Box,
    space: PageSpace,
    gaps: list[Box],
    known: Sequence[Box] = (),
) -> None:
    """Append the gaps wider than GAP_MIN_FACTOR line heights between the words of a line
    inside its rects (its text objects): the blank around each run of spaces, from the boxes
    of the characters on either side of it; not one ``known`` already (found between the
    line's rects)."""
    wide = max(GAP_MIN_PT, GAP_MIN_FACTOR * line.height)
    left, right, bottom, top = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    out = (ctypes.byref(left), ctypes.byref(right), ctypes.byref(bottom), ctypes.byref(top))

    def edges(i: int) -> tuple[float, float] | None:
        if not raw.FPDFText_GetCharBox(tp, start + i, *out) or right.value <= left.value:
            return None
        if space.rotation == 0:
            return left.value - space.left, right.value - space.left
        b = space.box(left.value, bottom.value, right.value, top.value)
        return b.x0, b.x1

    n = len(body)
    i = 0
    while i < n:
        if body[i] != " ":
            i += 1
            continue
        j = i
        while j < n and body[j] == " ":
            j += 1
        if i > 0 and j < n:
            before, after = edges(i - 1), edges(j)
            if (
                before is not None
                and after is not None
                and after[0] - before[1] >= wide
                and not any(k.x0 < after[0] and before[1] < k.x1 for k in known)
            ):
                gaps.append(Box(round(before[1], 1), round(line.y0, 1), round(after[0], 1), round(line.y1, 1)))
        i = j


#: A row's cell wrapped under its first line starts this many line heights right of the row's
#: start at least, and the text before it (the row's first cell) is as wide: no list's marker.
HANG_MIN = 2.0
#: ... and the blank before the cell on the row's first line is this many line heights wide.
HANG_GAP = 2.0


def hanging_gaps(raw: Any, tp: Any, above: tuple[int, str, Box], line: Box, space: PageSpace, out: list[Box]) -> None:
    """Append to ``out`` (checked with :func:`alone_on_row` once the page is read) the blanks of
    the line ``above`` (its first character, text and box) when ``line``, right under it (a line
    height at most), starts at one of them: a row of two columns set as one text object, its
    last cell wrapped under it (a LaTeX table ruled row by row: ``Deposit ID  The scheme's
    unique reference`` over ``6401-7723-5518. Quote it``). Looked for only when ``line`` starts
    HANG_MIN line heights right of ``above``'s start, inside its width, and ``above`` is no
    caption (its label hung left of its wrapped text). When one of its blanks HANG_GAP line
    heights wide, HANG_MIN line heights right of its start, ends where ``line`` starts (half a
    line height off at most), its blanks as wide are kept (the row's other cells')."""
    start, body, box = above
    height = line.y1 - line.y0
    if not (0 <= line.y0 - box.y1 <= height and box.x0 + HANG_MIN * height <= line.x0 < box.x1):
        return
    if is_caption(body.strip()):
        return
    mine: list[Box] = []
    space_gaps(raw, tp, start, body, box, space, mine)
    wide = [g for g in mine if g.width >= HANG_GAP * height]
    if any(abs(g.x1 - line.x0) <= WRAP_ALIGN * height and g.x0 - box.x0 >= HANG_MIN * height for g in wide):
        out.extend(wide)


def alone_on_row(hung: Sequence[Box], lines: Sequence[TextLine]) -> list[Box]:
    """The blanks of ``hung`` (see :func:`hanging_gaps`) whose row holds no line of the page but
    the one they part: a row whose other cells are set as lines of their own (an amount and a
    year beside a wrapped description) has its blanks between them unknown, and is left to the
    page's other evidence."""
    return [
        g
        for g in hung
        if not any(
            ln.bbox.y0 < g.y1 and ln.bbox.y1 > g.y0 and not (ln.bbox.x0 <= g.x0 and g.x1 <= ln.bbox.x1) for ln in lines
        )
    ]


def edge_to_edge(pieces: Sequence[tuple[float, float, float, float]], height: float) -> bool:
    """Whether a line's rects (left, bottom, right, top, in text order) are one run of text
    that a glyph from another font parts (an apostrophe, a registered sign): set edge to edge,
    left to right on one row, every rect wider than the line is tall next to one that is not
    (two wide rects side by side are two runs: a change of face, maybe a cell's). Its blanks lie
    inside its rects, as in a line of one rect."""
    for (l0, b0, r0, t0), (lv, bv, rv, tv) in itertools.pairwise(pieces):
        if not (-EDGE_TO_EDGE * height <= lv - r0 <= EDGE_TO_EDGE * height) or bv >= t0 or tv <= b0:
            return False
        if r0 - l0 > height and rv - lv > height:
            return False
    return True


def line_gaps(pieces: list[tuple[float, float, float, float]], line: Box, space: PageSpace, gaps: list[Box]) -> None:
    """Append the gaps between a line's rects wider than GAP_MIN_FACTOR line heights.

    ``pieces`` are (left, bottom, right, top) in pdfium's user space. On unrotated pages (the
    common case, and this runs on every line) the gaps are measured there directly.
    """
    height = line.height
    if len(pieces) > 2:
        # A line pdfium joined over several rows (a table set row by row in one paragraph of
        # the text layer): its gaps are measured against the height of a row, not the line.
        row = sorted(p[3] - p[1] for p in pieces)[len(pieces) // 2]
        if 0 < 2 * row < height:
            height = row
    wide = max(GAP_MIN_PT, GAP_MIN_FACTOR * height)
    if space.rotation == 0:
        spans = sorted((p[0] - space.left, p[2] - space.left) for p in pieces)
    else:
        spans = sorted((b.x0, b.x1) for b in (space.box(*p) for p in pieces))
    end = spans[0][1]
    for x0, x1 in spans[1:]:
        if x0 - end >= wide:
            gaps.append(Box(round(end, 1), round(line.y0, 1), round(x0, 1), round(line.y1, 1)))
        if x1 > end:
            end = x1


def rows_over(
    raw: Any,
    tp: Any,
    chain: Sequence[tuple[int, str, Box]],
    found: Sequence[Box],
    space: PageSpace,
    gaps: list[Box],
    wide_enough: float,
) -> None:
    """The gaps of the lines right over a row whose gaps were just found (``found``), each line
    drawn as one text object and not looked at for gaps: a table's first rows and its column
    headings, set too densely to be looked at on their own (long labels against their
    amounts). From the nearest line up, each line's blanks ``wide_enough`` line heights wide at
    least or in line with a blank of the row under it are appended; the walk stops at the first
    line with none (the running text over the table)."""
    under = list(found)
    for start, body, line in reversed(chain):
        mine: list[Box] = []
        space_gaps(raw, tp, start, body, line, space, mine)
        kept = [g for g in mine if g.width >= wide_enough * line.height or in_line(g, under)]
        if not kept:
            return
        gaps.extend(kept)
        under = kept


def in_line(gap: Box, above: Sequence[Box]) -> bool:
    """Whether ``gap`` overlaps one of the blanks ``above`` it across the page (a column's blank
    carried on)."""
    return any(gap.x0 < a.x1 and a.x0 < gap.x1 for a in above)


def wrapped_cell(line: Box, row: Box, blanks: Sequence[Box], text: str = "") -> bool:
    """Whether ``line`` lies right under the ``row`` (a line height below it at most) in one of
    its columns, which its ``blanks`` part: it starts where a cell of the row starts (the row's
    left end or a blank's right end, half a line height off at most) and ends before the next
    blank; in the row's last column it may reach past the row's end (a ragged cell whose first
    line broke early before a long word). A line whose ``text`` stands within the x-height
    ("noon") is drawn about half a line height tall: its line's height is taken as twice that."""
    height = line.y1 - line.y0
    if text and all(c in _LOW for c in text):
        height /= X_SHARE
    if not 0 <= line.y0 - row.y1 <= height:
        return False
    starts = [row.x0, *(b.x1 for b in blanks)]
    ends = [*(b.x0 for b in blanks), float("inf") if blanks else row.x1]
    return any(
        abs(line.x0 - start) <= WRAP_ALIGN * height and line.x1 <= end + WRAP_ALIGN * height
        for start, end in zip(sorted(starts), sorted(ends), strict=True)
    )


def first_cell(line: Box, row: Box, blanks: Sequence[Box]) -> bool:
    """Whether ``line``, right under the ``row`` and parted by none of its ``blanks``, is the
    first cell of the table's next row set as a line of its own (a LaTeX cell wrapped in its
    column): it starts where the row starts (half a line height off at most) and ends before
    the row's last blank (a line of text under a table runs on past it)."""
    height = line.y1 - line.y0
    return bool(blanks) and abs(line.x0 - row.x0) <= WRAP_ALIGN * height and line.x1 <= blanks[-1].x0


def beside_cell(line: Box, row: Box, blanks: Sequence[Box]) -> bool:
    """Whether ``line`` starts beside the ``row`` (the lines of a row and of its first cell set
    on their own, see :func:`first_cell`: at their height) where a cell of it starts (a blank's
    right end, half a line height off at most): the row's other cells, set as one line."""
    height = line.y1 - line.y0
    return row.y0 <= line.y0 < row.y1 and any(abs(line.x0 - b.x1) <= WRAP_ALIGN * height for b in blanks)


def own_cell(line: Box, row: Box, blanks: Sequence[Box]) -> bool:
    """Whether ``line``, close under or beside the ``row`` and with no blank of its own, is a
    cell of the table set as a line of its own (:func:`first_cell`, :func:`beside_cell`): the
    table goes on with it."""
    return first_cell(line, row, blanks) or beside_cell(line, row, blanks)


#: Characters drawn within the x-height (no ascender, descender, capital or figure) ...
_LOW = frozenset("acemnorsuvwxz .,:;-")
#: ... and the share of a line's height a line of them only is drawn.
X_SHARE = 0.5


def beside_row(line: Box, row: Box) -> bool:
    """Whether ``line`` starts within the height of ``row`` (a line of the table's rows, and the
    lines its cells wrapped onto): one of its cells set as a line of its own beside the others."""
    return row.y0 - 0.5 * (line.y1 - line.y0) <= line.y0 < row.y1


def starts_cell(line: Box, above: Box, blanks: Sequence[Box]) -> bool:
    """Whether ``line`` starts right under the spread-out line ``above`` where one of its
    ``blanks`` ends (half a line height off at most): the first line of a paragraph column's
    cell under its heading, the blank between headings a table's."""
    height = line.y1 - line.y0
    return 0 <= line.y0 - above.y1 <= height and any(abs(line.x0 - b.x1) <= WRAP_ALIGN * height for b in blanks)


#: Column headings side by side start at one height, this many line heights apart at most.
HEADS_LEVEL = 0.3
#: ... and stand apart by this many line heights at least.
HEADS_APART = 2.0
#: How many lines back a heading beside the last one is looked for (a heading wrapped under it).
HEADS_BACK = 3


def beside_heads(lines: Sequence[TextLine]) -> tuple[Box, list[Box]] | None:
    """Column headings set as texts of their own side by side, ending with ``lines[-1]`` (two
    lines at least; a
    LaTeX table's shaded header, each heading its own text object, one wrapped onto a second
    line under it): the box of the headings and the blank between them and the last, or
    None. The first line under them, its cells set as one text, is then looked at for its
    blanks as the row right under a row of cells is (see :func:`space_gaps`)."""
    last = lines[-1].bbox
    height = last.y1 - last.y0
    if lines[-2].bbox.y0 < last.y0 - HEADS_LEVEL * height:
        return None  # (running text: the line before stands over this one)
    back = lines[-1 - HEADS_BACK : -1]
    level = [ln.bbox for ln in back if abs(ln.bbox.y0 - last.y0) <= HEADS_LEVEL * height]
    if not level or height <= 0:
        return None
    left = level[-1]
    if last.x0 - left.x1 < HEADS_APART * height:
        return None
    # the lines after it, wrapped under it in its column
    at = next(k for k in range(len(back) - 1, -1, -1) if back[k].bbox == left)
    under = [ln.bbox for ln in back[at + 1 :]]
    if any(b.y0 < left.y1 or b.x0 < left.x0 - height or b.x1 > last.x0 - HEADS_APART * height for b in under):
        return None
    cells = [left, *under, last]
    edge = max(b.x1 for b in (left, *under))
    top, bottom = min(b.y0 for b in cells), max(b.y1 for b in cells)
    return Box(left.x0, top, last.x1, bottom), [Box(edge, top, last.x0, bottom)]


#: A line of several text objects is looked at for gaps between its words when this many of its
#: words hold a digit or more, and at least FIGURES_SHARE of them.
FIGURES_MIN = 3
FIGURES_SHARE = 0.4


#: A word holding an ASCII digit, from that digit on (one match per such word).
_ASCII_FIGURE = re.compile(r"[0-9]\S*")
#: A character outside ASCII.
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def figures_row(words: str) -> bool:
    """The line reads as a table's row of figures (dates, amounts, numbers): FIGURES_MIN words
    or more hold a digit, FIGURES_SHARE of its words or more.

    Runs on every line of several rects: a line whose digits are all ASCII (most, typographic
    quotes and dashes or not) is counted by one regex scan, the others word by word
    (``str.isdigit`` also counts superscript and other scripts' digits)."""
    if words.isascii() or not any(ch.isdigit() for ch in _NON_ASCII.findall(words)):
        figures = len(_ASCII_FIGURE.findall(words))
        if figures < FIGURES_MIN:
            return False
        return figures >= FIGURES_SHARE * len(words.split())
    tokens = words.split()
    figures = sum(1 for t in tokens if any(ch.isdigit() for ch in t))
    return figures >= FIGURES_MIN and figures >= FIGURES_SHARE * len(tokens)
