"""Tables: a ruled grid's header set outside its rules (see :mod:`pdfcore.services.ruled_grids`):
between a rule over it and the grid, or right over the grid's top rule, its body's rows shaded
(the shading's edges the grid's rules)."""

from __future__ import annotations

from collections.abc import Sequence, Set

from pdfcore.geometry import union
from pdfcore.models import Box, TextLine
from pdfcore.services.text_pieces import JOIN_TOL, line_pieces

#: A rule alone as wide as a grid, over it by at most this many of its tallest rows and this
#: many line heights of the one row of text between: the rule over the grid's header (see
#: header_over).
HEAD_BAND_ROWS = 1.5
HEAD_BAND_LINES = 3.0


def header_over(
    box: Box,
    tallest: float,
    groups: Sequence[tuple[list[Box], list[Box]]],
    lines: Sequence[TextLine],
    inside: Sequence[TextLine],
    gaps: Sequence[Box],
    *,
    sides_only: bool = False,
) -> tuple[Box, str]:
    """The grid's box reaching up to the rule over its header, and the header's text, when its
    columns' rules start under the header (a table ruled over and under its header, its body's
    rows shaded: the shading's edges are its column rules, from the header's rule down): a rule
    alone as wide as the grid over it, the band between one row of text inside the grid's sides
    cut into two cells or more, each starting where a column of the grid's text does (a caption
    or a heading over the table is one piece). Without such a rule, the one row of text right
    over the grid's top rule (HEAD_ABOVE of its line heights at most), inside its sides, when it
    is cut into cells starting where more than half of the grid's text columns do and the grid
    has no column rules (``sides_only``: a table ruled under its header only, its body's rows
    shaded; a grid ruled between its columns rules its header too). Else the box and ""."""
    columns: set[int] | None = None  # where the grid's text columns start (read once, when asked)
    for hs, vs in groups:
        if vs or len(hs) != 1:
            continue
        h = hs[0]
        if (
            abs(h.x0 - box.x0) > JOIN_TOL
            or abs(h.x1 - box.x1) > JOIN_TOL
            or not 0 < box.y0 - h.y1 <= HEAD_BAND_ROWS * tallest
        ):
            continue
        band = [
            ln
            for ln in lines
            if ln.bbox.y0 >= h.y1 - JOIN_TOL
            and ln.bbox.y1 <= box.y0 + JOIN_TOL
            and ln.bbox.x1 > box.x0
            and ln.bbox.x0 < box.x1
        ]
        if not band or any(ln.bbox.x0 < box.x0 - JOIN_TOL or ln.bbox.x1 > box.x1 + JOIN_TOL for ln in band):
            continue  # (text running out of the grid's sides: no header of its own)
        height = max(ln.bbox.height for ln in band)
        if box.y0 - h.y1 > HEAD_BAND_LINES * height:
            continue  # a row standing apart between the rules: no header set between them
        if columns is None:
            columns = _column_starts(inside, gaps)
        if _header_band(band, columns, gaps):
            return union([box, h]), _text(band)
    if not sides_only:
        return box, ""
    # No rule over it: the header set right over the grid's top rule (the rule under a header
    # whose body's rows are shaded, the shading's edges the grid's other rules).
    return header_right_over(box, lines, inside, gaps)


def header_right_over(
    box: Box, lines: Sequence[TextLine], inside: Sequence[TextLine], gaps: Sequence[Box]
) -> tuple[Box, str]:
    """``box`` (a table's, its top a rule: the first of its shaded rows' edges) reaching up over
    the one row of text right over it (HEAD_ABOVE of its line heights at most), inside its
    sides, cut into cells starting (or ending) where more than half of its text columns
    (``inside``) do, and the row of headings over groups of those columns right over that (see
    _groups_row); and the header's text. Else the box and "". A row right over the grid whose
    lines each stand under one cell of such a row over it is those headings wrapped onto a
    second line (``Fitted during a`` over ``service``): the header is the two."""
    band = _lowest_row(_row_over(lines, box, box.y0, HEAD_ABOVE))
    if not band:
        return box, ""
    pieces = line_pieces(inside, gaps)  # (the grid's cells, read once)
    count = max((len(p.segments) for p in pieces), default=0)  # (cells of a row, at most)
    body = [seg for p in pieces for seg in p.segments]
    starts, ends = {round(seg[0]) for seg in body}, {round(seg[1]) for seg in body}
    if not _header_band(band, starts, gaps, most=max(count, 1), ends=ends):
        # (the last lines of headings wrapped onto a second row, under the header's first)
        first = _row_over(lines, box, min(ln.bbox.y0 for ln in band), HEAD_ABOVE)
        if not first or not _header_band(first, starts, gaps, most=max(count, 1), ends=ends):
            return box, ""
        cells = [seg for p in line_pieces(first, gaps) for seg in p.segments]
        if not _one_row(band) or not all(
            any(x0 - JOIN_TOL <= ln.bbox.x0 and ln.bbox.x1 <= x1 + JOIN_TOL for x0, x1, _ in cells) for ln in band
        ):
            return box, ""
        band = [*first, *band]
    over = _row_over(lines, box, min(ln.bbox.y0 for ln in band), GROUPS_ABOVE)
    if over and _groups_row(over, body, gaps):
        band = [*over, *band]
    return union([box, *(ln.bbox for ln in band)]), _text(band)


def _groups_row(over: Sequence[TextLine], body: Sequence[tuple[float, float, float]], gaps: Sequence[Box]) -> bool:
    """``over``, right over a grid's header, is a row of headings over groups of its columns
    (``body``: the grid's cells): one row cut into two cells or more, the first over the grid's
    first column (``Stop``, then ``Monday to Saturday`` and ``Sunday`` over ``First Then Last``)
    or every one right of that column's text (the first column's heading set level with the
    header's row under)."""
    cells = [seg for p in line_pieces(over, gaps) for seg in p.segments]
    if not _one_row(over) or len(cells) < 2:
        return False
    if not body:
        return False
    left = min(seg[0] for seg in body)
    first = max(seg[1] for seg in body if abs(seg[0] - left) <= JOIN_TOL)
    start = min(seg[0] for seg in cells)
    return abs(start - left) <= JOIN_TOL or start > first


def _row_over(lines: Sequence[TextLine], box: Box, y: float, above: float) -> list[TextLine]:
    """The lines right over ``y`` (``above`` their line heights at most), inside the sides of
    ``box``."""
    return [
        ln
        for ln in lines
        if y - above * ln.bbox.height <= ln.bbox.y1 <= y + JOIN_TOL
        and box.x0 - JOIN_TOL <= ln.bbox.x0
        and ln.bbox.x1 <= box.x1 + JOIN_TOL
    ]


def _lowest_row(band: Sequence[TextLine]) -> list[TextLine]:
    """The lines of ``band`` on its lowest row (their tops within half a line of the lowest
    top): the row right over a rule, not a line of the row over it reaching as far down."""
    if not band:
        return []
    low = max(ln.bbox.y0 for ln in band)
    return [ln for ln in band if ln.bbox.y0 >= low - ln.bbox.height / 2]


def _one_row(band: Sequence[TextLine]) -> bool:
    """The lines of ``band`` stand on one row (their tops half a line apart at most)."""
    height = max(ln.bbox.height for ln in band)
    return max(ln.bbox.y0 for ln in band) - min(ln.bbox.y0 for ln in band) <= height / 2


#: A header set right over a grid's top rule stands at most this many of its line heights over
#: it (a line's box holds its glyphs: its descenders and the cell's padding lie under it), and
#: a row of headings over groups of its columns this many over that.
HEAD_ABOVE = 1.5
GROUPS_ABOVE = 1.5


def _text(band: Sequence[TextLine]) -> str:
    """The band's text, its lines left to right (row by row, top to bottom)."""
    return " ".join(ln.text.strip() for ln in sorted(band, key=lambda ln: (round(ln.bbox.y0), ln.bbox.x0)))


def _column_starts(lines: Sequence[TextLine], gaps: Sequence[Box]) -> set[int]:
    """Where the cells of ``lines`` (a grid's text) start."""
    return {round(seg[0]) for p in line_pieces(lines, gaps) for seg in p.segments}


def _header_band(
    band: Sequence[TextLine],
    columns: set[int],
    gaps: Sequence[Box],
    *,
    most: int = 0,
    ends: Set[int] = frozenset(),
) -> bool:
    """``band`` is one row of text cut into two cells or more, each starting where a column of
    the grid's text does (``columns``), or ending where one ends (``ends``: headings set flush
    right over figures): a header's (a caption or a heading is one piece); ``most``: the grid's
    number of columns, the band's cells more than half of them (a title and its unit of measure
    set apart are two pieces over a grid of many)."""
    if not _one_row(band):
        return False  # more than a row: no header's band
    cells = [seg for p in line_pieces(band, gaps) for seg in p.segments]
    if most and 2 * len(cells) <= most:
        return False
    return len(cells) >= 2 and all(
        any(abs(x0 - c) <= JOIN_TOL for c in columns) or any(abs(x1 - c) <= JOIN_TOL for c in ends)
        for x0, x1, _ in cells
    )
