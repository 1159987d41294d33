"""Where a region of columns is cut into bands read one after the other (see
:func:`pdfcore.layout.columns.column_regions`): the rules edging a heading's band drawn across
it, as at a line spanning the columns; and the left column's last lines that head what spans
the columns under the band. Page space (points, top-left origin)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Protocol, TypeVar

from pdfcore.layout.blocks import GAP_FACTOR
from pdfcore.models import Box, TextLine


class _Extent(Protocol):
    x0: float
    y0: float
    x1: float
    y1: float


class _Lines(_Extent, Protocol):
    @property
    def lines(self) -> Sequence[TextLine]: ...


_E = TypeVar("_E", bound=_Lines)


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


#: A tail whose lines are this many times as tall as the column's, or set this many times as
#: large (a heading), heads the spanning line under it when at most HEAD_NEARER times as far
#: from it as from the text above.
HEAD_TALLER = 1.2
HEAD_LARGER = 1.3
HEAD_NEARER = 1.25
#: A heading's line in bold or capitals this share of its gap to the text above from the
#: spanning line at most heads it, however it is set (see heads_span).
HEAD_CLOSE = 0.5


def _set_large(unit: _Lines, usual: float, usual_size: float) -> bool:
    """The unit is set larger than the column's lines: its box HEAD_TALLER times their usual
    height, or its type HEAD_LARGER times their usual size."""
    return unit.y1 - unit.y0 >= HEAD_TALLER * usual or (usual_size > 0 and _size(unit) >= HEAD_LARGER * usual_size)


def _size(unit: _Lines) -> float:
    """The largest font size of the unit's lines."""
    return max((ln.font_size for ln in unit.lines), default=0.0)


def _heading_line(unit: _Lines) -> bool:
    """The unit is one line set in bold or in capitals."""
    return len(unit.lines) == 1 and (unit.lines[0].bold or unit.lines[0].text.isupper())


#: A heading over a rule across the columns holds this many letters at least (a chart's value
#: over its gridline is none).
HEAD_LETTERS = 3


def heads_span(left: Sequence[_E], right: Sequence[_E], top: float, across: Sequence[float] = ()) -> list[_E]:
    """The last units of a band's left column that head the spanning line under the band, from
    ``top`` down (a section's heading over a full-width list, at the left margin under the
    first column; a heading and a caption over a table whose header is a heading band): below
    every other unit of the band (the right column's; and the left's own when it holds columns
    of its own and the tail opens with a heading set larger than the column's lines: a heading
    under an inventory in three columns, not a contents page's last entries), its lines set
    close, apart from the text above them by more than a paragraph's gap (a paragraph's last lines below the right
    column stay with it), and nearer the spanning line than that text (a heading set larger
    than the column's lines: or about as near). Read before the right column, they would head
    it. A tail of one line in bold or in capitals with a rule across the columns right under it
    (``across``: the heights of the rules crossing the gutter), between it and the spanning
    line, or standing HEAD_CLOSE of its gap to the text above from the spanning line at most,
    is a section's heading over the spanning text however large it is set (``MISSED
    COLLECTIONS`` over its rule, ``Join us in September`` atop a box's text, under a column
    running longer than the other). So is a heading line in bold, in capitals or set larger
    below the right column's foot with a rule across right under it, and the units under it."""
    if not left or not right:
        return []
    ordered = sorted(left, key=lambda u: u.y0)
    if ordered[-1].y0 > top:
        return []
    heights = sorted(u.y1 - u.y0 for u in left)
    usual = heights[len(heights) // 2]
    sizes = sorted(_size(u) for u in left)
    usual_size = sizes[len(sizes) // 2]
    right_foot = max(u.y1 for u in right)
    under = next((k for k, u in enumerate(ordered) if u.y0 > right_foot), len(ordered))
    # (bold or capitals tell a heading where most of the column is set otherwise)
    plain = 2 * sum(1 for v in ordered if not all(ln.bold for ln in v.lines)) > len(ordered)

    def heading(u: _E) -> bool:
        return (
            len(u.lines) == 1
            and sum(ch.isalpha() for ch in u.lines[0].text) >= HEAD_LETTERS
            and ((plain and _heading_line(u)) or _set_large(u, usual, usual_size))
        )

    for k in range(max(under, 1), len(ordered)):
        if not heading(ordered[k]) or not all(heading(v) for v in ordered[max(under, 1) : k]):
            continue
        below = ordered[k + 1].y0 if k + 1 < len(ordered) else top
        if any(ordered[k].y1 <= y <= below for y in across):
            # a section's heading under both columns over a rule across them (headings over
            # it, under the columns, too) and what stands under the rule with it
            # (``Application`` over its rule and a form's first field)
            tail = ordered[max(under, 1) :]
            return tail if list(left[-len(tail) :]) == tail else []
    # (the foot of the band's text outside a tail ordered[k:]: the right column's and ordered[:k]'s)
    feet = [right_foot, *itertools.accumulate((max(right_foot, u.y1) for u in ordered), max)]
    start = len(ordered) - 1
    for k in range(len(ordered) - 2, -1, -1):
        u, first = ordered[k], ordered[start]
        h = max(v.y1 - v.y0 for v in ordered[k:])
        close = first.y0 - u.y1 <= GAP_FACTOR * h or (
            # a heading over the caption it heads, nearer it than the text above
            u.y1 - u.y0 >= HEAD_TALLER * usual and k > 0 and first.y0 - u.y1 < u.y0 - ordered[k - 1].y1
        )
        if not close or u.y0 <= feet[k]:
            break
        start = k
    tail = ordered[start:]
    if tail[0].y0 <= feet[start] or start == 0:
        return []
    h = max(u.y1 - u.y0 for u in tail)
    gap = tail[0].y0 - feet[start]
    # (a heading's line over a rule across, or set close over the spanning text: a box's)
    ruled = (
        len(tail) == 1
        and _heading_line(tail[0])
        and (any(tail[-1].y1 <= y <= top for y in across) or top - tail[-1].y1 <= HEAD_CLOSE * gap)
    )
    if not ruled and not _set_large(tail[0], usual, usual_size) and any(u.y0 > right_foot for u in ordered[:start]):
        return []  # (a column's last entries, below the other column's foot as its lines above)
    if ruled and gap > GAP_FACTOR * h:
        return tail if list(left[-len(tail) :]) == tail else []
    # (a heading set larger than the column's lines may stand as far from what it heads: its
    # box taller, or its type larger when its letters hold no descender to make the box tall)
    larger = all(_set_large(u, usual, usual_size) for u in tail)
    if gap <= GAP_FACTOR * h or top - tail[-1].y1 >= gap * (HEAD_NEARER if larger else 1.0):
        return []
    return tail if list(left[-len(tail) :]) == tail else []
