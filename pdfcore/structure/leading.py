"""Text set with open leading: rows the layout parted at their gaps, rejoined into one block.

The layout starts a block at a gap taller than ``GAP_FACTOR`` line heights. Text set double or
one-and-a-half spaced (a transcript, a filing, a report in Chinese) has such a gap under every
row, so each row of a paragraph comes as a block of its own, and the units (which cut only
inside a block) can never make one paragraph of them.

A page sets its text with open leading when three pairs of rows or more keep one step from the
top of a row to the top of the next (within ``PITCH_SLACK``), each pair parted by the layout,
one size, and the upper row running text that runs on to the right edge of its column, and
more such pairs keep that step than pairs of rows of running text in one block are closer than
it (text set solid whose paragraphs are parted by one same gap keeps one step between them
too). Each such pair on the page (the same step, the upper row running on) goes back into one
block; the
units then cut the block where a paragraph ends (a short last row, a first-line indent), as in
text set solid. Only rows of running text decide and join: a table's rows, evenly spaced too,
are short or hold few words in lower case, and a wider step (the space between paragraphs)
never joins.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pdfcore.layout.blocks import GAP_FACTOR
from pdfcore.layout.scripts import CJK
from pdfcore.structure.rows import Row

#: Pairs of rows at the page's step needed before it is read as open leading.
MIN_PAIRS = 3
#: Steps within this share of each other are one step.
PITCH_SLACK = 0.06
#: A gap taller than this many row heights parts more than rows of one paragraph.
GAP_MAX = 2.6
#: A row of running text holds this many words, a third of them in lower case ...
PROSE_WORDS = 7
#: ... or this many CJK characters.
PROSE_CJK = 10
#: A row runs on to its column's right edge when it ends this close to it (points) ...
EDGE_PT = 2.0


def join_open_leading(rows: Sequence[Row]) -> Sequence[Row]:
    """``rows`` (a page's, in reading order) with the blocks of text set with open leading
    joined (see the module docstring); the rows themselves when there are none (most pages)."""
    pairs = [k for k in range(len(rows) - 1) if rows[k].block != rows[k + 1].block and _parted(rows[k], rows[k + 1])]
    if len(pairs) < MIN_PAIRS:
        return rows
    running = [k for k in pairs if _runs_on(rows[k], rows[k + 1], rows)]
    if len(running) < MIN_PAIRS:
        return rows
    steps = sorted(rows[k + 1].y0 - rows[k].y0 for k in running)
    step, count = _common_step(steps)
    if count < MIN_PAIRS or count <= _solid(rows, step):
        return rows  # (gaps between paragraphs of text set solid keep one step too)
    joined: dict[int, int] = {}  # a block -> the block it joins
    for k in running:
        a, b = rows[k], rows[k + 1]
        if abs((b.y0 - a.y0) - step) <= PITCH_SLACK * step:
            joined[b.block] = joined.get(a.block, a.block)
    for row in rows:
        row.block = joined.get(row.block, row.block)
    return rows


def _solid(rows: Sequence[Row], step: float) -> int:
    """Pairs of rows of running text in one block, one under the other closer than ``step``:
    text set solid on the page."""
    count = 0
    for a, b in itertools.pairwise(rows):
        if a.block == b.block and b.y0 > a.y1 and b.y0 - a.y0 < (1 - PITCH_SLACK) * step and _prose(a.text):
            count += 1
    return count


def _parted(a: Row, b: Row) -> bool:
    """``b`` is the row under ``a`` in the same face and size, beside it horizontally, in a
    block of its own because of the gap between them (no other cut)."""
    if a.role != b.role or a.bold != b.bold or a.mono != b.mono:
        return False
    big = a.size if a.size > b.size else b.size
    if big <= 0 or abs(a.size - b.size) > 0.05 * big:
        return False
    if b.x1 <= a.x0 or b.x0 >= a.x1:
        return False
    h = max(a.height, b.height, 1.0)
    gap = b.y0 - a.y1
    return GAP_FACTOR * h < gap <= GAP_MAX * h


def _runs_on(a: Row, b: Row, rows: Sequence[Row]) -> bool:
    """``a`` is running text that runs on to the right edge of its column (the rightmost end of
    the rows of its size beside it) with no room for ``b``'s first word."""
    if not _prose(a.text):
        return False
    right = a.x1
    for r in rows:
        if r.x1 > right and r.x0 < a.x1 and abs(r.size - a.size) <= 0.05 * a.size:
            right = r.x1
    room = right - a.x1
    if room <= EDGE_PT:
        return True
    text = b.text
    space = text.find(" ")
    first = len(text) if space < 0 else space
    if CJK.match(text):
        first = 1  # each CJK character is a word: the row below could have started here
    return room < (a.x1 - a.x0) / max(len(a.text), 1) * (first + 1)


def _prose(text: str) -> bool:
    """Running text: PROSE_WORDS words or more, a third of them starting in lower case, or
    PROSE_CJK CJK characters or more."""
    if "....." in text or ". . . ." in text:
        return False  # dot leaders: a contents entry or a table's row
    words = text.split()
    if len(words) >= PROSE_WORDS and 3 * sum(1 for w in words if w[0].islower()) >= len(words):
        return True
    return len(CJK.findall(text)) >= PROSE_CJK


def _common_step(steps: list[float]) -> tuple[float, int]:
    """The step (the median of its group) most of the sorted ``steps`` keep within
    PITCH_SLACK of, and how many do."""
    best, best_count = 0.0, 0
    hi = 0
    for lo, s in enumerate(steps):
        hi = max(hi, lo)
        while hi + 1 < len(steps) and steps[hi + 1] - s <= PITCH_SLACK * s:
            hi += 1
        if hi - lo + 1 > best_count:
            best, best_count = steps[(lo + hi) // 2], hi - lo + 1
    return best, best_count


__all__ = ["join_open_leading"]
