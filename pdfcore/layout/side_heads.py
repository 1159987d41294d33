"""Blocks set side by side over a page's columns, each centred over its column: two authors'
names and affiliations under a paper's title (``Ines Varga`` / ``Department of ...`` beside
``Tomasz Ellery`` / ``Kestrel Traffic Labs``). The gutter between the columns runs on between
them, so they fall into the columns' band; read with it, the right block would come after the
whole left column. Found here, they are read one after the other before the columns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

#: A block holds this many rows at least and at most...
MIN_ROWS = 2
MAX_ROWS = 8
#: ...each centred on the block's axis (within CENTRE_PT), no row wider than NARROW of its
#: side, not all of one width (rows of running text are), standing apart from the text under
#: it by more than GAP_FACTOR line heights.
CENTRE_PT = 3.0
NARROW = 0.85
SAME_WIDTH_PT = 4.0
GAP_FACTOR = 0.8


class _Box(Protocol):
    x0: float
    x1: float
    y0: float
    y1: float


def side_heads(left: Sequence[_Box], right: Sequence[_Box]) -> tuple[int, int] | None:
    """How many units at the top of each side (``left``, ``right``: one band's columns) are
    such blocks, side by side, a strip of white under both; None when they are not."""
    a, b = _centred_top(left), _centred_top(right)
    if a is None or b is None:
        return None
    (na, top_a, bottom_a, below_a), (nb, top_b, bottom_b, below_b) = a, b
    if min(bottom_a, bottom_b) <= max(top_a, top_b):
        return None  # not side by side
    if max(bottom_a, bottom_b) >= min(below_a, below_b):
        return None  # no strip of white across both under them
    return na, nb


def _centred_top(side: Sequence[_Box]) -> tuple[int, float, float, float] | None:
    """(rows, top, bottom, top of the text under it) of the block of centred rows opening the
    side, or None."""
    rows = sorted(side, key=lambda u: u.y0)
    if len(rows) <= MIN_ROWS:
        return None
    block = [rows[0]]
    for u in rows[1:]:
        prev = block[-1]
        if u.y0 - prev.y1 > GAP_FACTOR * max(prev.y1 - prev.y0, u.y1 - u.y0, 1.0):
            break
        block.append(u)
        if len(block) > MAX_ROWS:
            return None
    n = len(block)
    if n < MIN_ROWS or n == len(rows):
        return None
    width = max(u.x1 for u in rows) - min(u.x0 for u in rows)
    centre = (block[0].x0 + block[0].x1) / 2
    widths = [u.x1 - u.x0 for u in block]
    if any(abs((u.x0 + u.x1) / 2 - centre) > CENTRE_PT for u in block) or max(widths) > NARROW * width:
        return None
    if max(widths) - min(widths) <= SAME_WIDTH_PT:
        return None
    return n, block[0].y0, block[-1].y1, rows[n].y0
