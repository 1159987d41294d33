"""Tables: where to look by the three rules of a typeset table (see
:mod:`pdfcore.services.table_regions`).

A table set between rules across its width only: one over its header, one under the header and
one under its last row (a typeset table's top, middle and bottom rules), no rule between the
body's rows nor between its columns. That is too few rules for
:func:`~pdfcore.services.row_rules.row_rule_regions`, and its cells may read as running text
to the text-alignment search (options beside what each does, colours beside their meaning); the
rules tell it is a table when one blank parts its header and most of its rows into columns
(:func:`~pdfcore.services.row_rules.sided`).

A table ruled under its header only (:func:`headed_regions`): a rule under a header row of
cells, over rows set close together in its columns. The rows may read as a label and running
text (a timeline: a time beside what happened), which the text-alignment search takes for a
list; the rule over them and the header cells standing over the same blank tell a table.

A grid whose frame covers its first rows only (the edges of a shaded header and first row,
drawn as boxes) is grown down over the rows ruled off under it (:func:`ruled_on`). All
geometry is page space (points, top-left origin).
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.caption_words import CAPTION
from pdfcore.models import Box, TextLine
from pdfcore.services.row_rules import MIN_ROW_RULE_WIDTH, RUNNING_WIDTH, running_band, sided
from pdfcore.services.ruled_grids import parted, positions, same_extent
from pdfcore.services.text_pieces import JOIN_TOL, line_pieces

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
    header), and one blank through the header and the body's rows with text on both sides of it
    in most of them (a row: its lines side by side and the lines its cells wrap onto, see
    :func:`_rows`; and not running text on both sides); not when a row is ruled off over the
    top rule (rules between every row: see
    :func:`~pdfcore.services.row_rules.row_rule_regions`) nor when the body is running text
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
        inside = _across(lines, x0, x1, JOIN_TOL)
        for k in range(len(ys) - 2):
            top, mid, bottom = ys[k : k + 3]
            head = [ln for ln in inside if top < _middle(ln.bbox) < mid]
            body = [ln for ln in inside if mid < _middle(ln.bbox) < bottom]
            heading = _heading_under(body)
            if heading is not None:
                # the next section's heading over the rule below, no row of the table's
                body = [ln for ln in body if ln.bbox.y1 <= heading.bbox.y0]
                bottom = (max((ln.bbox.y1 for ln in body), default=mid) + heading.bbox.y0) / 2
            if not 1 <= len(head) <= HEADER_LINES or len(body) < BODY_LINES:
                continue
            if any(x0 <= v.x0 and v.x1 <= x1 and v.y0 < bottom - JOIN_TOL and v.y1 > mid + JOIN_TOL for v in vs):
                continue
            if k > 0 and 1 <= sum(1 for ln in inside if ys[k - 1] < _middle(ln.bbox) < top) <= HEADER_LINES:
                continue  # a row ruled off over the top rule: rules between every row (row_rule_regions)
            if running_band(body, gaps, x1 - x0):
                continue  # running text between two tables' rules, not a body
            if sided([head, *_rows(body, gaps)], gaps, x0, x1):
                # a row ruled off under the body (its total) is the table's too
                if k + 3 < len(ys) and heading is None:
                    band = [ln for ln in inside if bottom < _middle(ln.bbox) < ys[k + 3]]
                    if 1 <= len(band) <= TOTAL_LINES and all(parted(ln, gaps) for ln in band):
                        bottom = ys[k + 3]
                out.append(Box(x0, top, x1, bottom))
    return out


#: A line under a table's rows set this many times their size or larger is a heading's.
HEADING_SIZE = 1.2


def _heading_under(body: Sequence[TextLine]) -> TextLine | None:
    """The first line under BODY_LINES rows or more set HEADING_SIZE times the size of the
    lines over it or larger, alone on its row (the next section's heading, ``2. Checks carried
    out``, between a table ruled under its header and the top of a grid under it: the rule under
    the heading's section is no bottom rule of the table), or None."""
    rows = sorted(body, key=lambda ln: ln.bbox.y0)
    for k in range(BODY_LINES, len(rows)):
        line, over = rows[k], rows[:k]
        sizes = sorted(ln.font_size for ln in over if ln.font_size > 0)
        if not sizes or line.font_size < HEADING_SIZE * sizes[len(sizes) // 2]:
            continue
        if not any(o is not line and o.bbox.y0 < line.bbox.y1 and line.bbox.y0 < o.bbox.y1 for o in rows):
            return line
    return None


#: The header's last line ends at most this many of its heights over the rule, and the body's
#: first line starts at most as far under it ...
HEADER_REACH = 1.0
#: ... and each body line at most this many line heights under the one above it.
ROW_REACH = 2.0
#: A line of one text set in from its row's start by this many line heights at least holds a
#: cell's text wrapped onto it.
WRAP_IN = 2.0
#: ... and stands this many of its row's line heights under it at most.
WRAP_REACH = 1.5


def headed_regions(rules: Sequence[Box], lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[Box]:
    """Boxes of tables ruled under their header only: a horizontal rule MIN_ROW_RULE_WIDTH wide
    at least with one to HEADER_LINES bands of lines right over it (the header, each parted
    into cells: lines side by side, or a line with a blank inside) and BODY_LINES + 1 bands or
    more right under it (the rows, set ROW_REACH line heights apart at most, down to the first
    band that is not parted nor set in from its row's start: a line of one text set in holds a
    cell wrapped onto it), within the rule's extent, no row of cells set close over the header
    (rows going on over the rule: a rule between groups of rows), with one blank through the
    header and the rows with text on both sides in most of them
    (:func:`~pdfcore.services.row_rules.sided`: not running text on both)."""
    hs = [r for r in rules if r.width >= r.height and r.width >= MIN_ROW_RULE_WIDTH]
    out: list[Box] = []
    for rule in hs:
        y = _middle(rule)
        inside = _across(lines, rule.x0, rule.x1, JOIN_TOL)
        above = _bands([ln for ln in inside if ln.bbox.y1 <= y])
        if not above or y - _bottom(above[-1]) > HEADER_REACH * _height(above[-1]):
            continue
        head = [above.pop()]
        while above and _top(head[0]) - _bottom(above[-1]) <= HEADER_REACH * _height(above[-1]):
            if len(head) == HEADER_LINES:
                break
            head.insert(0, above.pop())
        if not all(_cells(band, gaps) for band in head):
            continue  # a heading or a line of text over a rule, not a row of cells
        if (
            above
            and _top(head[0]) - _bottom(above[-1]) <= ROW_REACH * _height(above[-1])
            and _cells(above[-1], gaps)
            and not CAPTION.match(" ".join(ln.text.strip() for ln in sorted(above[-1], key=lambda ln: ln.bbox.x0)))
        ):
            continue  # rows go on over the lines above the rule: a rule between groups of rows (a
            # caption's label and title set as two texts are no row)
        body: list[list[TextLine]] = []  # each row's lines and the lines its cells wrap onto
        bottom = y
        for band in _bands([ln for ln in inside if ln.bbox.y0 >= y]):
            reach = ROW_REACH if body else HEADER_REACH
            if _top(band) - bottom > reach * _height(band):
                break
            if _cells(band, gaps):
                body.append(list(band))
            elif body and _wrapped(band, body[-1], bottom):
                body[-1].extend(band)
            else:
                break
            bottom = _bottom(band)
        rows = [ln for row in body for ln in row]
        if len(body) <= BODY_LINES or running_band(rows, gaps, rule.width, from_left=True):
            continue
        header = [ln for band in head for ln in band]
        if sided([header, *body], gaps, rule.x0, rule.x1):
            out.append(Box(rule.x0, _top(head[0]), rule.x1, bottom))
    return out


#: Bands of lines a row ruled off under a grid holds at most, and how far from a line of the
#: grid each of its first band's lines starts at most (points): set in the grid's columns.
RULED_ON_LINES = 4
ALIGN_PT = 2.0


def ruled_on(region: Box, rules: Sequence[Box], lines: Sequence[TextLine], gaps: Sequence[Box]) -> Box:
    """``region`` (a ruled grid's) grown down over the rows ruled off under it by rules of its
    width: each the next band of cells set right under it (lines side by side, or parted by a
    blank, each starting where a line of the grid starts; RULED_ON_LINES bands at most, no text
    across RUNNING_WIDTH of the grid, the rule right under them) down to the next such rule.
    The edges of shaded rows drawn as boxes make a frame over the rows they shade only (a
    header and a first row shaded one after the other); the rules between the rows go on
    under it. With no such rule, the row right under a grid of stripes (no wall between its
    columns) is its last one when it reads as one (see :func:`_unshaded_row`)."""
    tol = 2 * JOIN_TOL
    hs = sorted(
        (r for r in rules if r.width >= r.height and abs(r.x0 - region.x0) <= tol and abs(r.x1 - region.x1) <= tol),
        key=_middle,
    )
    inside = _across(lines, region.x0, region.x1, tol)
    starts = [ln.bbox.x0 for ln in inside if region.y0 < _middle(ln.bbox) < region.y1]
    bottom = region.y1
    for h in hs:
        y = _middle(h)
        if y <= bottom + JOIN_TOL:
            continue
        band = [ln for ln in inside if bottom < _middle(ln.bbox) < y]
        bands = _bands(band)
        if not bands or len(bands) > RULED_ON_LINES or not _cells(bands[0], gaps):
            break
        if not _in_columns(bands[0], starts):
            break  # not set in the grid's columns: a note or the page's foot under the table
        first, last = bands[0], bands[-1]
        if _top(first) - bottom > ROW_REACH * _height(first) or y - _bottom(last) > ROW_REACH * _height(last):
            break  # a row set close between the rules, not text far above the next table's rule
        if _text_across(band, gaps, region.width):
            break  # a text across the table (a note under it), no row of cells
        bottom = y
    if bottom == region.y1 and not any(  # (a grid with walls between its columns rules every row)
        r.height > r.width and region.x0 + tol < r.x0 < region.x1 - tol and r.y1 > region.y0 and r.y0 < region.y1
        for r in rules
    ):
        # (a row may leave its first cells empty: it starts where a cell of the grid starts)
        cells = [
            g.x1
            for g in gaps
            if region.y0 < _middle(g) < region.y1 and region.x0 - tol <= g.x0 and g.x1 <= region.x1 + tol
        ]
        bottom = _unshaded_row(region, inside, [*starts, *cells], gaps)
    return region if bottom == region.y1 else Box(region.x0, region.y0, region.x1, bottom)


def _unshaded_row(region: Box, inside: Sequence[TextLine], starts: Sequence[float], gaps: Sequence[Box]) -> float:
    """The bottom of the row right under the grid that its last stripe left undrawn (a table
    shaded in stripes, a white row drawn as none: its last row, at the foot of a page, under a
    shaded one), or the grid's bottom: a band of cells (lines side by side, or parted by a
    blank) starting a line height under the grid at most, each line starting where a line or
    a cell of the grid starts (``starts``: a totals row with its label under the second
    column), no text across RUNNING_WIDTH of the grid."""
    below = _bands([ln for ln in inside if _middle(ln.bbox) > region.y1])
    if not below or not _cells(below[0], gaps):
        return region.y1
    band = below[0]
    if (
        _top(band) - region.y1 > _height(band)
        or not _in_columns(band, starts)
        or _text_across(band, gaps, region.width)
    ):
        return region.y1
    return _bottom(band)


def _in_columns(band: Sequence[TextLine], starts: Sequence[float]) -> bool:
    """Each line of ``band`` starts at one of ``starts`` (where the grid's lines, or cells, start)."""
    return all(any(abs(ln.bbox.x0 - x) <= ALIGN_PT for x in starts) for ln in band)


def _text_across(band: Sequence[TextLine], gaps: Sequence[Box], width: float) -> bool:
    """``band`` holds a text across RUNNING_WIDTH of the grid's ``width`` (a note under it)."""
    return any(z - a >= RUNNING_WIDTH * width for p in line_pieces(band, gaps) for a, z, _ in p.segments)


def _across(lines: Sequence[TextLine], x0: float, x1: float, tol: float) -> list[TextLine]:
    """The lines within ``x0``-``x1`` (``tol`` points out at most), top to bottom."""
    return sorted((ln for ln in lines if x0 - tol <= ln.bbox.x0 and ln.bbox.x1 <= x1 + tol), key=lambda ln: ln.bbox.y0)


def _wrapped(band: Sequence[TextLine], row: Sequence[TextLine], bottom: float) -> bool:
    """``band`` (no row of cells) holds a cell's text wrapped onto a line of its own under
    ``row`` (ending at ``bottom``), in its column: WRAP_REACH line heights under it at most (a
    heading under the table, set apart, is none), set in WRAP_IN line heights from the row's
    start or under its cells (see :func:`_under_cells`)."""
    return _top(band) - bottom <= WRAP_REACH * max(ln.bbox.height for ln in row) and (
        _left(band) >= _left(row) + WRAP_IN * _height(band) or _under_cells(band, row)
    )


def _rows(lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[list[TextLine]]:
    """``lines`` (top to bottom) in rows: bands of lines side by side (see :func:`_bands`), a
    band of a cell's wrapped text joined to the row over it (see :func:`_wrapped`)."""
    rows: list[list[TextLine]] = []
    for band in _bands(lines):
        if rows and not _cells(band, gaps) and _wrapped(band, rows[-1], _bottom(rows[-1])):
            rows[-1].extend(band)
        else:
            rows.append(band)
    return rows


def _bands(lines: Sequence[TextLine]) -> list[list[TextLine]]:
    """``lines`` (top to bottom) in bands of lines side by side, each line sharing half its
    height at least with the band's: a row whose cells the text extractor read as lines."""
    out: list[list[TextLine]] = []
    for ln in lines:
        if out and min(_bottom(out[-1]), ln.bbox.y1) - max(_top(out[-1]), ln.bbox.y0) >= 0.5 * ln.bbox.height:
            out[-1].append(ln)
        else:
            out.append([ln])
    return out


def _cells(band: Sequence[TextLine], gaps: Sequence[Box]) -> bool:
    """The band holds cells: lines side by side, or a line with a blank inside."""
    return len(band) >= 2 or any(parted(ln, gaps) for ln in band)


def _under_cells(band: Sequence[TextLine], row: Sequence[TextLine]) -> bool:
    """Each line of ``band`` starts where a cell of ``row`` (lines side by side) starts and ends
    before the next one does: the cells' text wrapped onto lines of their own (paragraph
    columns set flush left), not a line of text across them."""
    starts = sorted({round(ln.bbox.x0, 1) for ln in row})
    if len(starts) < 2:
        return False
    for ln in band:
        k = next((i for i, x in enumerate(starts) if abs(ln.bbox.x0 - x) <= JOIN_TOL), None)
        if k is None or (k + 1 < len(starts) and ln.bbox.x1 >= starts[k + 1]):
            return False
    return True


def _top(band: Sequence[TextLine]) -> float:
    return min(ln.bbox.y0 for ln in band)


def _bottom(band: Sequence[TextLine]) -> float:
    return max(ln.bbox.y1 for ln in band)


def _height(band: Sequence[TextLine]) -> float:
    return min(ln.bbox.height for ln in band)


def _left(band: Sequence[TextLine]) -> float:
    return min(ln.bbox.x0 for ln in band)


def _middle(b: Box) -> float:
    return (b.y0 + b.y1) / 2
