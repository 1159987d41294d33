"""The rules edging a heading's band drawn across a region of columns: where the region is cut
into bands read one after the other, as at a line spanning the columns (see
:func:`pdfcore.layout.columns.column_regions`). Page space (points, top-left origin)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Protocol

from pdfcore.models import Box


class _Extent(Protocol):
    x0: float
    y0: float
    x1: float
    y1: float


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
