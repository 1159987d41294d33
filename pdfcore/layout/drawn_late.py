"""Blocks the content stream draws after the text under them, read where they stand.

On a page without columns the blocks are read in the order the page draws them, which is the
order of the text almost always. Some producers draw a part of the page later than what
follows it (a list set with positioned numbers drawn after the rest of the page, a paragraph
drawn after the tables under it): read in drawing order, that part would come after the text
below it. A run of blocks drawn one after another, down the page, that fills a band of the
page no block drawn before it reaches into, with every block drawn before it above the band or
below it, those above first, is read between them (two blocks at least, or one block of
lines as wide as half the page's widest block at least, a list drawn late; a lone label
drawn late, an axis's figures or a piece of a formula, stays where it is drawn).
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.models import TextBlock

#: Blocks this close (points) count as apart when telling above from below.
TOL = 1.0
#: A run holds this many blocks at least (a lone label drawn late, a chart's axis or a piece
#: of a formula, is left where it is drawn).
MIN_RUN = 2
#: ... or one block of MIN_LINES lines at least, WIDE of the width of the page's widest block
#: at least (a paragraph or a list drawn late: an axis's figures or a formula's pieces are narrow)
MIN_LINES = 2
WIDE = 0.5


def bands_in_place(blocks: Sequence[TextBlock]) -> list[TextBlock]:
    """The blocks (in drawing order) with every run drawn late moved to its band (see the
    module docstring)."""
    out = list(blocks)
    widest = max((b.bbox.x1 - b.bbox.x0 for b in out), default=0.0)
    i = 1
    while i < len(out):
        moved = _move(out, i, widest)
        if moved is None:
            i += 1
            continue
        out, i = moved
    return out


def _move(out: list[TextBlock], i: int, widest: float) -> tuple[list[TextBlock], int] | None:
    """``out`` with the run starting at ``i`` moved up to its band, and the index after the
    run's new place; None when block ``i`` does not start such a run."""
    first = out[i].bbox
    if first.y1 > out[i - 1].bbox.y0 + TOL:
        return None  # not above the block drawn before it
    # the first block drawn before it that stands below it: where the run goes
    p = next((k for k in range(i) if out[k].bbox.y0 >= first.y1 - TOL), None)
    if p is None:
        return None
    below = min(b.bbox.y0 for b in out[p:i])
    above = max((b.bbox.y1 for b in out[:p]), default=-float("inf"))
    j = i
    while (
        j < len(out)
        and out[j].bbox.y1 <= below + TOL
        and out[j].bbox.y0 >= above - TOL
        and (j == i or out[j].bbox.y0 >= out[j - 1].bbox.y0 - TOL)
    ):
        j += 1
    if j - i < MIN_RUN and not (j > i and _wide_block(out[i], widest)):
        return None
    run = out[i:j]
    top = min(b.bbox.y0 for b in run)
    if above > top + TOL or any(b.bbox.y0 < max(r.bbox.y1 for r in run) - TOL for b in out[p:i]):
        return None
    # no block drawn later reaches into the band
    bottom = max(b.bbox.y1 for b in run)
    if any(b.bbox.y0 < bottom - TOL and b.bbox.y1 > top + TOL for b in out[j:]):
        return None
    return out[:p] + run + out[p:i] + out[j:], j


def _wide_block(block: TextBlock, widest: float) -> bool:
    """``block`` holds MIN_LINES lines at least and is WIDE as wide as the page's widest block
    (``widest``) at least."""
    return len(block.lines) >= MIN_LINES and block.bbox.x1 - block.bbox.x0 >= WIDE * widest
