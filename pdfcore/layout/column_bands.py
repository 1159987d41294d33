"""Where a region of columns is cut into bands read one after the other (see
:func:`pdfcore.layout.columns.column_regions`): the rules edging a heading's band drawn across
it, as at a line spanning the columns; and the left column's last lines that head what spans
the columns under the band. Page space (points, top-left origin)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Protocol, TypeVar

from pdfcore.layout.blocks import GAP_FACTOR
from pdfcore.models import Box


class _Extent(Protocol):
    x0: float
    y0: float
    x1: float
    y1: float


_E = TypeVar("_E", bound=_Extent)


#: A heading's band is at most this many of its line's heights tall.
BAND_LINES = 3.0


def heading_bands(
    units: Sequence[_Extent], hrules: list[Box], reach_left: float, reach_right: float, width: float
) -> list[float]:
    """The heights of the rules that edge a heading's band across the region: two rules as wide
    as a spanning line, BAND_LINES of its line's heights apart at most, holding one row of text
    between them, narrower than half the region (``width``: ``HOW OUR TARIFFS WORK`` white on a
    band over three columns). The heading is no line of the column it stands over."""
    ys = sorted({round((r.y0 + r.y1) / 2, 1) for r in hrules if r.x0 <= reach_left and r.x1 >= reach_right})
    out: list[float] = []
    for top, bottom in itertools.pairwise(ys):
        inside = [u for u in units if top < (u.y0 + u.y1) / 2 < bottom]
        if not inside:
            continue
        height = max(u.y1 - u.y0 for u in inside)
        if bottom - top > BAND_LINES * height or any(u.y0 > min(v.y1 for v in inside) for u in inside):
            continue  # (not one row)
        if max(u.x1 for u in inside) - min(u.x0 for u in inside) < 0.5 * width:
            out.extend((top, bottom))
    return out


def heads_span(left: Sequence[_E], right: Sequence[_E], top: float) -> list[_E]:
    """The last units of a band's left column that head the spanning line under the band, from
    ``top`` down (a section's heading over a full-width list, at the left margin under the
    first column; a heading and a caption over a table whose header is a heading band): below
    all of the right column, apart from the left column's text above them by more than a
    paragraph's gap (a paragraph's last lines below the right column stay with it), and nearer
    the spanning line than that text. Read before the right column, they would head it."""
    if not left or not right:
        return []
    bottom = max(u.y1 for u in right)
    ordered = sorted(left, key=lambda u: u.y0)
    at = next((i for i, u in enumerate(ordered) if u.y0 > bottom), len(ordered))
    while 0 < at < len(ordered) and ordered[at].y0 - ordered[at - 1].y1 <= GAP_FACTOR * (
        ordered[at].y1 - ordered[at].y0
    ):
        at += 1
    tail = ordered[at:]
    if not tail or at == 0 or tail[-1].y0 > top:
        return []
    above = ordered[at - 1]
    h = max(u.y1 - u.y0 for u in tail)
    gap = tail[0].y0 - above.y1
    if gap <= GAP_FACTOR * h or top - tail[-1].y1 >= gap:
        return []
    # the tail is one run of lines (no paragraph gap inside it)
    if any(b.y0 - a.y1 > GAP_FACTOR * h for a, b in itertools.pairwise(tail)):
        return []
    return tail if list(left[-len(tail) :]) == tail else []
