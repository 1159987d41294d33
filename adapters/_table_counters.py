"""A table's first column of row numbers set close to the text beside it (:func:`counter_column`).

A running order or a numbered schedule sets its numbers flush right in a narrow column and the
items flush left just after them, often no further apart than a wide space: each row's number and
item then read as one text, and the number column is lost. The column shows by its alignment
instead of its blank: in most rows a short number is followed, a little wider apart than the
row's other spaces, by a word starting at the same x as in the other rows, and no text crosses
that x. Pure geometry, no engine.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence

from adapters._table_glyphs import Line, Segment, Word, segment_of

#: A row's number: one to three digits, maybe with one letter (``12``, ``4a``), no full stop or
#: parenthesis after it (``1.``, ``a)`` mark a list's items, set apart by the list's indent).
_COUNTER = re.compile(r"^\d{1,3}[A-Za-z]?$")
#: The item's words start within this many points of one x ...
START_TOL = 1.0
#: ... in this many rows at least ...
MIN_ROWS = 3
#: ... and in this share of the rows whose first text starts with a number.
ROW_SHARE = 0.75
#: The space after the number is this many ems wide at least ...
MIN_SPACE = 0.4
#: ... and this many times the widest of the row's other spaces in that text.
WIDER = 1.5


def counter_column(lines: Sequence[Line], cuts: Sequence[float], em: float) -> tuple[list[Line], list[float]]:
    """``lines`` and ``cuts`` with the row numbers of the first column cut off into a column of
    their own, when the rows show one (see the module's docstring); else as they were."""
    if not cuts:
        return list(lines), list(cuts)
    firsts = [(i, ln.segments[0]) for i, ln in enumerate(lines) if ln.segments and ln.segments[0].x1 <= cuts[0]]
    numbered = [seg for _, seg in firsts if len(seg.words) >= 2 and _COUNTER.match(seg.words[0].text)]
    starts = sorted(seg.words[1].x0 for seg in numbered if _set_apart(seg.words, em))
    x, count = 0.0, 0
    for i, s in enumerate(starts):
        n = bisect.bisect_right(starts, s + 2 * START_TOL) - i
        if n > count:
            x, count = s, n
    if count < MIN_ROWS or count < ROW_SHARE * len(numbered):
        return list(lines), list(cuts)
    left_end = 0.0
    split: dict[int, int] = {}
    for i, seg in firsts:
        at = next((k for k, w in enumerate(seg.words) if w.x0 >= x - 2 * START_TOL), len(seg.words))
        if at == 0:
            continue
        before = seg.words[:at]
        # One word before the items' x (the number, or the column's heading), clear of it.
        if at > 1 or before[-1].x1 > x - MIN_SPACE * em:
            return list(lines), list(cuts)
        left_end = max(left_end, before[-1].x1)
        if at < len(seg.words):
            split[i] = at
    cut = (left_end + x) / 2
    out: list[Line] = []
    for i, ln in enumerate(lines):
        if i in split:
            seg = ln.segments[0]
            at = split[i]
            parts: list[Segment] = [segment_of(seg.words[:at]), segment_of(seg.words[at:])]
            ln = Line(ln.y0, ln.y1, ln.size, [*parts, *ln.segments[1:]])
        out.append(ln)
    return out, [cut, *cuts]


def _set_apart(words: Sequence[Word], em: float) -> bool:
    """The space after the first of ``words`` is at least MIN_SPACE ems and WIDER times the
    widest of the others."""
    gap = words[1].x0 - words[0].x1
    others = [b.x0 - a.x1 for a, b in itertools.pairwise(words[1:])]
    return gap >= MIN_SPACE * em and (not others or gap >= WIDER * max(others))
