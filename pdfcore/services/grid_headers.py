"""Tables: a ruled grid's header set outside its rules (see :mod:`pdfcore.services.ruled_grids`):
between a rule over it and the grid, or right over the grid's top rule, its body's rows shaded
(the shading's edges the grid's rules)."""

from __future__ import annotations

from collections.abc import Sequence

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
    band = [
        ln
        for ln in lines
        if box.y0 - HEAD_ABOVE * ln.bbox.height <= ln.bbox.y1 <= box.y0 + JOIN_TOL
        and box.x0 - JOIN_TOL <= ln.bbox.x0
        and ln.bbox.x1 <= box.x1 + JOIN_TOL
    ]
    if band and _header_band(band, columns if columns is not None else _column_starts(inside, gaps), gaps, most=True):
        return union([box, *(ln.bbox for ln in band)]), _text(band)
    return box, ""


#: A header set right over a grid's top rule stands at most this many of its line heights over it.
HEAD_ABOVE = 1.0


def _text(band: Sequence[TextLine]) -> str:
    """The band's text, its lines left to right."""
    return " ".join(ln.text.strip() for ln in sorted(band, key=lambda ln: ln.bbox.x0))


def _column_starts(lines: Sequence[TextLine], gaps: Sequence[Box]) -> set[int]:
    """Where the cells of ``lines`` (a grid's text) start."""
    return {round(seg[0]) for p in line_pieces(lines, gaps) for seg in p.segments}


def _header_band(band: Sequence[TextLine], columns: set[int], gaps: Sequence[Box], *, most: bool = False) -> bool:
    """``band`` is one row of text cut into two cells or more, each starting where a column of
    the grid's text does (``columns``): a header's (a caption or a heading is one piece);
    ``most``: over more than half of those columns (a title and its unit of measure set apart
    are two pieces over a grid of many)."""
    height = max(ln.bbox.height for ln in band)
    if max(ln.bbox.y0 for ln in band) - min(ln.bbox.y0 for ln in band) > height / 2:
        return False  # more than a row: no header's band
    starts = [seg[0] for p in line_pieces(band, gaps) for seg in p.segments]
    if most and 2 * len(starts) <= len(columns):
        return False
    return len(starts) >= 2 and all(any(abs(x - c) <= JOIN_TOL for c in columns) for x in starts)
