"""Tables: where to look by the three rules of a typeset table (see
:mod:`pdfcore.services.table_regions`).

A table set between rules across its width only: one over its header, one under the header and
one under its last row (a typeset table's top, middle and bottom rules), no rule between the
body's rows nor between its columns. That is too few rules for
:func:`~pdfcore.services.ruled_grids.row_rule_regions`, and its cells may read as running text
to the text-alignment search (options beside what each does, colours beside their meaning); the
rules tell it is a table when one blank parts its header and most of its rows into columns
(:func:`~pdfcore.services.ruled_grids.sided`).

A table ruled under its header only (:func:`headed_regions`): a rule under a header row of
cells, over rows set close together in its columns. The rows may read as a label and running
text (a timeline: a time beside what happened), which the text-alignment search takes for a
list; the rule over them and the header cells standing over the same blank tell a table. All
geometry is page space (points, top-left origin).
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.models import Box, TextLine
from pdfcore.services.ruled_grids import MIN_ROW_RULE_WIDTH, positions, running_band, same_extent, sided
from pdfcore.services.text_pieces import JOIN_TOL

#: Lines between the top rule and the middle one at most (the header) ...
HEADER_LINES = 3
#: ... and between the middle rule and the bottom one at least (the body) ...
BODY_LINES = 2
#: ... and under the bottom rule, ruled off, at most (a total).
TOTAL_LINES = 2


def framed_regions(rules: Sequence[Box], lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[Box]:
    """Boxes of tables between three horizontal rules of one extent (each MIN_ROW_RULE_WIDTH
    wide at least), one to HEADER_LINES lines between the first two, BODY_LINES lines or more
    between the last two, no vertical rule through the body (a grid: see
    :func:`~pdfcore.services.ruled_grids.rule_regions`; a shaded header's edges may stand in the
    header), and one blank through the header and the body's lines with text on both sides of it
    in most of them (and not running text on both sides); not when a row is ruled off over the
    top rule (rules between every row: see
    :func:`~pdfcore.services.ruled_grids.row_rule_regions`) nor when the body is running text
    (the text between two tables ruled alike). A row ruled off under the body (one or
    TOTAL_LINES lines between the bottom rule and the next, each parted by a blank: a total) is
    the table's too."""
    hs = [r for r in rules if r.width >= r.height and r.width >= MIN_ROW_RULE_WIDTH]
    if len(hs) < 3:
        return []
    vs = [r for r in rules if r.height > r.width]
    out = []
    for g in same_extent(hs):
        x0, x1 = min(r.x0 for r in g), max(r.x1 for r in g)
        ys = positions(_middle(r) for r in g)
        inside = [ln for ln in lines if x0 - JOIN_TOL <= ln.bbox.x0 and ln.bbox.x1 <= x1 + JOIN_TOL]
        for k in range(len(ys) - 2):
            top, mid, bottom = ys[k : k + 3]
            head = [ln for ln in inside if top < _middle(ln.bbox) < mid]
            body = [ln for ln in inside if mid < _middle(ln.bbox) < bottom]
            if not 1 <= len(head) <= HEADER_LINES or len(body) < BODY_LINES:
                continue
            if any(x0 <= v.x0 and v.x1 <= x1 and v.y0 < bottom - JOIN_TOL and v.y1 > mid + JOIN_TOL for v in vs):
                continue
            if k > 0 and 1 <= sum(1 for ln in inside if ys[k - 1] < _middle(ln.bbox) < top) <= HEADER_LINES:
                continue  # a row ruled off over the top rule: rules between every row (row_rule_regions)
            if running_band(body, gaps, x1 - x0):
                continue  # running text between two tables' rules, not a body
            if sided([head, *([ln] for ln in body)], gaps, x0, x1):
                # a row ruled off under the body (its total) is the table's too
                if k + 3 < len(ys):
                    band = [ln for ln in inside if bottom < _middle(ln.bbox) < ys[k + 3]]
                    if 1 <= len(band) <= TOTAL_LINES and all(_parted(ln, gaps) for ln in band):
                        bottom = ys[k + 3]
                out.append(Box(x0, top, x1, bottom))
    return out


#: The header's last line ends at most this many of its heights over the rule, and the body's
#: first line starts at most as far under it ...
HEADER_REACH = 1.0
#: ... and each body line at most this many line heights under the one above it.
ROW_REACH = 2.0
#: A line of one text set in from its row's start by this many line heights at least holds a
#: cell's text wrapped onto it.
WRAP_IN = 2.0


def headed_regions(rules: Sequence[Box], lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[Box]:
    """Boxes of tables ruled under their header only: a horizontal rule MIN_ROW_RULE_WIDTH wide
    at least with one to HEADER_LINES lines right over it (the header, each parted by a blank
    into cells) and BODY_LINES + 1 lines or more right under it (the rows, set ROW_REACH line
    heights apart at most, down to the first line that is not parted nor set in from its row's
    start: a line of one text set in holds a cell wrapped onto it), within the rule's
    extent, no row of cells set close over the header (rows going on over the rule: a rule
    between groups of rows), with one blank through the header and the rows with text on both sides in most of
    them (:func:`~pdfcore.services.ruled_grids.sided`: not running text on both)."""
    hs = [r for r in rules if r.width >= r.height and r.width >= MIN_ROW_RULE_WIDTH]
    out: list[Box] = []
    for rule in hs:
        y = _middle(rule)
        inside = sorted(
            (ln for ln in lines if rule.x0 - JOIN_TOL <= ln.bbox.x0 and ln.bbox.x1 <= rule.x1 + JOIN_TOL),
            key=lambda ln: ln.bbox.y0,
        )
        above = [ln for ln in inside if ln.bbox.y1 <= y]
        if not above or y - above[-1].bbox.y1 > HEADER_REACH * above[-1].bbox.height:
            continue
        head = [above[-1]]
        over = above[:-1]
        while over and head[0].bbox.y0 - over[-1].bbox.y1 <= HEADER_REACH * over[-1].bbox.height:
            if len(head) == HEADER_LINES:
                break
            head.insert(0, over.pop())
        if not all(_parted(ln, gaps) for ln in head):
            continue  # a heading or a line of text over a rule, not a row of cells
        if over and head[0].bbox.y0 - over[-1].bbox.y1 <= ROW_REACH * over[-1].bbox.height and _parted(over[-1], gaps):
            continue  # rows go on over the lines above the rule: a rule between groups of rows
        body: list[list[TextLine]] = []  # each row's line and the lines its cells wrap onto
        for ln in (ln for ln in inside if ln.bbox.y0 >= y):
            last = body[-1][-1].bbox if body else None
            reach = HEADER_REACH if last is None else ROW_REACH
            gap = ln.bbox.y0 - (y if last is None else last.y1)
            if gap > reach * ln.bbox.height:
                break
            if _parted(ln, gaps):
                body.append([ln])
            elif body and ln.bbox.x0 >= body[-1][0].bbox.x0 + WRAP_IN * ln.bbox.height:
                body[-1].append(ln)  # a cell's text wrapped onto a line of its own, in its column
            else:
                break
        rows = [ln for row in body for ln in row]
        if len(body) <= BODY_LINES or running_band(rows, gaps, rule.width):
            continue
        if sided([head, *body], gaps, rule.x0, rule.x1):
            out.append(Box(rule.x0, head[0].bbox.y0, rule.x1, rows[-1].bbox.y1))
    return out


def _parted(line: TextLine, gaps: Sequence[Box]) -> bool:
    """A blank lies inside ``line``: it holds cells, not one text."""
    b = line.bbox
    return any(b.x0 < g.x0 and g.x1 < b.x1 and g.y0 < b.y1 and b.y0 < g.y1 for g in gaps)


def _middle(b: Box) -> float:
    return (b.y0 + b.y1) / 2
