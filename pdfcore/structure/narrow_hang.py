"""Items of a list set with a hanging indent too narrow to tell from one row and the next.

:func:`pdfcore.structure.units.split_units` knows an item whose marker is lost by a first row
set out from the rows below it by HANG_MIN em or more. Some reference lists hang their rows by
less (a third of an em, "[2015] Dyer, C.; ..." over "and Smith, N. A. ..." set in 4 pt): next to
one row such a step is the wobble of a ragged edge, but a whole block of them is a list when

- every row of the block starts at one of two edges (within NARROW_ALIGN_PT), the left one and
  one NARROW_MIN to HANG_MIN em right of it, and the block's first row is at the left edge;
- each row at the left edge has a row at the inner edge below it (an item's rows hang under its
  first one), and each but the first follows a row that closes its sentence (the end of the item
  above);
- NARROW_MIN_ITEMS rows or more start at the left edge, and no fewer rows start at the inner one.

Paragraphs with a first-line indent start at the inner edge and go on at the left one (their
rows at the left edge follow each other); a margin that hangs punctuation out of it moves a row
out by a point or so, mid-sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.structure.markers import CLOSING
from pdfcore.structure.rows import Row

#: The narrowest hanging indent read from a whole block, in em.
NARROW_MIN = 0.3
#: Rows start at the same edge of such a block when within this many points of it (the two edges
#: are a few points apart).
NARROW_ALIGN_PT = 1.0
#: A block of fewer items than this does not tell its narrow indent.
NARROW_MIN_ITEMS = 3


def narrow_hang_starts(rows: Sequence[Row], hang_min: float) -> list[int]:
    """The rows of a block (``rows``) that open the items of a list hanging its rows by less
    than ``hang_min`` em (see the module docstring); none when the block is no such list."""
    if len(rows) < 2 * NARROW_MIN_ITEMS:
        return []
    left = min(r.x0 for r in rows)
    outer = [r.x0 - left <= NARROW_ALIGN_PT for r in rows]
    inner_xs = sorted(r.x0 for r, o in zip(rows, outer, strict=True) if not o)
    if not outer[0] or not inner_xs or inner_xs[-1] - inner_xs[0] > 2 * NARROW_ALIGN_PT:
        return []
    em = max(r.size for r in rows)
    step = inner_xs[len(inner_xs) // 2] - left
    if em <= 0 or not NARROW_MIN * em <= step < hang_min * em:
        return []
    starts = [k for k, o in enumerate(outer) if o]
    if len(starts) < NARROW_MIN_ITEMS or len(inner_xs) < len(starts):
        return []
    for k in starts:
        if k + 1 >= len(rows) or outer[k + 1]:
            return []  # an item of one row, or rows at the left edge that follow each other
        if k > 0 and not rows[k - 1].text.rstrip().endswith(CLOSING):
            return []
    return starts
