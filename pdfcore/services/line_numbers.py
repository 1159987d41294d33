"""Line numbers in the margin (legal and draft documents), found on each page alone: a column of
small integers sharing an edge left of the rest of the page's text, counting up by a steady step
(every line, or every 5th...), long enough not to be a table's row numbers (MIN_LINE_NUMBERS).
Part of the page's furniture (see :mod:`pdfcore.services.furniture`)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pdfcore.models import TextLine

#: A line-number column counts up by one of these steps (every line, every 5th or 10th)...
LINE_NUMBER_STEPS = (1, 2, 5, 10)
#: ...for this share of successive numbers, and has at least this many numbers (per step: a
#: short run counting by one may be a table's row numbers).
LINE_NUMBER_RUN = 0.8
MIN_LINE_NUMBERS = {1: 10, 2: 6, 5: 5, 10: 5}


def line_numbers(lines: Sequence[TextLine]) -> list[TextLine]:
    """A margin column of line numbers: small integers sharing an edge, counting up by a steady
    step, left of the rest of the page's text."""
    nums = [ln for ln in lines if 0 < len(ln.text.strip()) <= 3 and ln.text.strip().isdigit()]
    least = min(MIN_LINE_NUMBERS.values())
    if len(nums) < least:
        return []
    column = max(_edge_group(nums, right=True), _edge_group(nums, right=False), key=len)
    if len(column) < least:
        return []
    column.sort(key=lambda ln: ln.bbox.y0)
    values = [int(ln.text.strip()) for ln in column]
    steps = [b - a for a, b in itertools.pairwise(values)]
    step = max(LINE_NUMBER_STEPS, key=steps.count)
    if steps.count(step) < LINE_NUMBER_RUN * len(steps) or len(column) < MIN_LINE_NUMBERS[step]:
        return []
    ids = {id(ln) for ln in column}
    body = [ln for ln in lines if id(ln) not in ids]
    if not body:
        return []
    # In the left margin: left of (nearly) all the text. A number column at the right edge is
    # far more often a table's row numbers (right-to-left tables) than line numbers.
    starts = sorted(ln.bbox.x0 for ln in body)
    return column if max(ln.bbox.x1 for ln in column) <= starts[len(starts) // 10] + 1.0 else []


def _edge_group(lines: list[TextLine], *, right: bool) -> list[TextLine]:
    """The largest set of lines whose right (or left) edges lie within 3 points."""
    ordered = sorted(lines, key=lambda ln: ln.bbox.x1 if right else ln.bbox.x0)
    edges = [ln.bbox.x1 if right else ln.bbox.x0 for ln in ordered]
    best: list[TextLine] = []
    lo = 0
    for hi in range(len(ordered)):
        while edges[hi] - edges[lo] > 3.0:
            lo += 1
        if hi - lo + 1 > len(best):
            best = ordered[lo : hi + 1]
    return list(best)
