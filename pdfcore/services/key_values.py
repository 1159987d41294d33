"""Lines of labels and their values set in two columns (``Order deadline:``, then ``Friday 13
June 2025`` at a tab): a form's particulars, read as lines of text, not as a table of two
columns (see :mod:`pdfcore.services.table_regions`). All geometry is page space (points,
top-left origin).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pdfcore.geometry import within
from pdfcore.models import Box, TextLine
from pdfcore.services.text_pieces import JOIN_TOL, line_pieces

#: A label: a few words closed by a colon, then a blank (a time's "9:30" is none).
LABEL = re.compile(r"^[^:]{1,60}?:(?=\s|$)")
#: A label holds this many words at most.
LABEL_WORDS = 7
#: Lines of labels in a run: this many at least.
MIN_LABELS = 2


def key_value_run(run: Box, lines: Sequence[TextLine], gaps: Sequence[Box]) -> bool:
    """Whether the run of aligned text ``run`` is lines of labels and values: every line starting
    at its left edge (a line height off at most) opens with a label (LABEL_WORDS words at most,
    closed by a colon), MIN_LABELS of them at least, and every other line starts right of the
    longest label's end (a value set apart, or wrapped under the one over it), all at one
    start (a line height off at most), no line parted by the page's ``gaps`` into three cells or
    more: two columns, the first of labels only. A line alone on the top row, in bold or in capitals, is the heading of
    the box they are drawn in."""
    inside = [ln for ln in lines if within(ln.bbox, run, JOIN_TOL)]
    if len(inside) > 1:
        top = min(inside, key=lambda ln: ln.bbox.y0)
        if (top.bold or top.text.isupper()) and not any(ln is not top and ln.bbox.y0 < top.bbox.y1 for ln in inside):
            inside = [ln for ln in inside if ln is not top]  # (the box's heading over them)
    if not inside or any(len(p.segments) > 2 for p in line_pieces(inside, gaps)):
        return False  # (a line of three cells or more: a table's row)
    left = min(ln.bbox.x0 for ln in inside)
    labelled = 0
    label_end = left
    others: list[TextLine] = []
    for ln in inside:
        if ln.bbox.x0 - left > ln.bbox.y1 - ln.bbox.y0:
            others.append(ln)
            continue
        m = LABEL.match(ln.text)
        if m is None or len(m.group(0).split()) > LABEL_WORDS:
            return False
        labelled += 1
        if m.end() == len(ln.text.rstrip()):
            label_end = max(label_end, ln.bbox.x1)
    if labelled < MIN_LABELS or any(ln.bbox.x0 < label_end - JOIN_TOL for ln in others):
        return False
    # (the values' column, one: a third column right of it is a table's)
    return not others or max(ln.bbox.x0 for ln in others) - min(ln.bbox.x0 for ln in others) <= max(
        ln.bbox.y1 - ln.bbox.y0 for ln in others
    )


def below_particulars(run: Box, grids: Sequence[Box], lines: Sequence[TextLine], gaps: Sequence[Box]) -> Box:
    """``run`` from the top of the ruled grid it runs into (one of ``grids`` inside its width,
    starting under its top), when its part over the grid is lines of labels and values (see
    :func:`key_value_run`: a form's fields over its table of items); else ``run`` itself."""
    for g in grids:
        if not (run.y0 + JOIN_TOL < g.y0 < run.y1 and g.x0 < run.x1 and run.x0 < g.x1):
            continue
        if key_value_run(Box(run.x0, run.y0, run.x1, g.y0), lines, gaps):
            return Box(run.x0, g.y0, run.x1, run.y1)
    return run
