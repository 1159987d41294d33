"""A chart's axes drawn as ruling lines (:func:`axes_frames`): a plot holding too few painted
paths to be found as vector art (one curve; markers drawn once and placed many times) is still
told by its frame and the value axis labelled beside it.

An axes frame is a vertical and a horizontal ruling line meeting at their ends at its lower
left corner (a plot's left and bottom axes, or two sides of its box), each MIN_SIDE_PT long or
more, with a value axis labelled outside it: tick labels left of the vertical (their right edges
at most TICK_REACH_PT from it, within its height) or under the horizontal (at most TICK_REACH_PT
below it, within its width), numbers only, stepping evenly
(:func:`pdfcore.structure.false_tables.value_axis`). :mod:`pdfcore.structure.vector_figures`
takes each frame as a region of art and grows and judges it like any other.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.models import Box, Drawing, PageText, TextLine
from pdfcore.structure.false_tables import tick_word, value_axis

#: Each axis is at least this many points long.
MIN_SIDE_PT = 60.0
#: The two axes' ends meet within this many points.
CORNER_PT = 2.0
#: Tick labels stand at most this many points from their axis.
TICK_REACH_PT = 24.0
#: A frame counts as this many painted paths (its plot may hold one curve).
FRAME_PATHS = 6


def axes_frames(page: PageText) -> list[Drawing]:
    """The page's axes frames as regions of art (see the module docstring)."""
    across = [r for r in page.rules if r.x1 - r.x0 >= MIN_SIDE_PT and r.x1 - r.x0 > r.y1 - r.y0]
    down = [r for r in page.rules if r.y1 - r.y0 >= MIN_SIDE_PT and r.y1 - r.y0 > r.x1 - r.x0]
    if not across or not down:
        return []
    lines: list[TextLine] | None = None
    out: list[Drawing] = []
    for v in down:
        for h in across:
            if abs(h.x0 - v.x0) > CORNER_PT or abs(v.y1 - h.y1) > CORNER_PT:
                continue
            box = Box(min(h.x0, v.x0), v.y0, h.x1, max(v.y1, h.y1))
            if lines is None:
                lines = [ln for block in page.blocks for ln in block.lines if ln.text.strip()]
            if _ticks_left(box, lines) or _ticks_under(box, lines):
                out.append(Drawing(bbox=box, paths=FRAME_PATHS))
    return out


def _all_ticks(text: str) -> bool:
    words = text.split()
    return bool(words) and all(tick_word(w) for w in words)


def _ticks_left(box: Box, lines: Sequence[TextLine]) -> bool:
    near = [
        ln
        for ln in lines
        if box.x0 - TICK_REACH_PT <= ln.bbox.x1 <= box.x0 + 1.0
        and box.y0 - CORNER_PT <= (ln.bbox.y0 + ln.bbox.y1) / 2 <= box.y1 + CORNER_PT
        and _all_ticks(ln.text)
    ]
    near.sort(key=lambda ln: ln.bbox.y0)
    return value_axis([ln.text for ln in near])


def _ticks_under(box: Box, lines: Sequence[TextLine]) -> bool:
    near = [
        ln
        for ln in lines
        if box.y1 - 1.0 <= ln.bbox.y0 <= box.y1 + TICK_REACH_PT
        and box.x0 - TICK_REACH_PT <= (ln.bbox.x0 + ln.bbox.x1) / 2 <= box.x1 + TICK_REACH_PT
        and _all_ticks(ln.text)
    ]
    near.sort(key=lambda ln: ln.bbox.x0)
    return value_axis([ln.text for ln in near])
