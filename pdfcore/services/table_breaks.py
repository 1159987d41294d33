"""Tables over a page break: the one decision (:func:`continues`) that a table at the foot of a
page goes on as the table at the head of the next, shared by the structured ``tables`` and a
whole read's Markdown, and the cheap tests (:func:`may_go_on`, :func:`may_go_on_from`) that
say when the neighbouring page is worth reading for it.

All geometry is page space (points, top-left origin).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence

from pdfcore.models import Box, PageText, Table, TextLine
from pdfcore.services.table_regions import page_lines
from pdfcore.services.tables import MIN_COLUMNS

#: Lines (not the table's) that may stand between a continued table and the page's edge: a
#: page's foot ("See accompanying notes", a page number) under it, the statement's title
#: repeated over its continuation.
MAX_LINES_BELOW = 4
MAX_LINES_ABOVE = 6
#: The two parts' left and right edges agree within this share of the page's width (and 12 pt).
EDGE_TOLERANCE = 0.04
_CONTINUED = re.compile(r"\bcontinued\b|\bcont['’]?d\b|\(cont\.?\)", re.IGNORECASE)
_PAGE_MARK = re.compile(
    r"^(?:page\s+)?[-–—\s]*(?:[A-Z]{1,2}[-–.]?)?\d{1,4}(?:\s+of\s+\d{1,4})?[-–—\s]*$|^[ivxlcdm]{1,7}$",
    re.IGNORECASE,
)


def _norm_line(text: str) -> str:
    return " ".join(_CONTINUED.sub(" ", text).replace("()", " ").split()).strip(" -–—:").casefold()


def _others(page: PageText, table: Table, *, below: bool) -> list[str]:
    """The page's lines below (or above) ``table`` that share its columns' x-range, as read:
    neither its own lines (a line of a cell's text standing just past its box, a cell of its
    last row wrapped onto it: the cell holds it) nor the page's furniture or page number."""
    box = table.bbox
    furniture = {_norm_line(f) for f in page.furniture}
    edge = table.rows[-1] if below and table.rows else table.header or (table.rows[0] if table.rows else ())
    cells = [" ".join(c.split()) for c in edge]  # the last row's cells (below), the first's (above)
    out = []
    lines = page_lines(page)
    notes = _footnotes([ln for ln in lines if not _furniture(ln.text, furniture)], box, lines) if below else set()
    for ln in lines:
        b = ln.bbox
        if id(ln) in notes:
            continue
        if b.x1 <= box.x0 or b.x0 >= box.x1:
            continue
        if (below and b.y0 < box.y1 - 1.0) or (not below and b.y1 > box.y0 + 1.0):
            continue
        text = ln.text.strip()
        if _furniture(text, furniture):
            continue
        if _in_cell(" ".join(text.split()), b.y0 - box.y1 if below else box.y0 - b.y1, cells):
            continue
        out.append(text)
    return out


#: A footnote's lines are set this share of the page's usual size or smaller ...
NOTE_SIZE = 0.9
#: ... the first opening with its mark (or the mark alone, raised beside the note's text).
_MARK = r"(?:\d{1,2}|[*\u2020\u2021\u00a7])"
_NOTE_MARK = re.compile(_MARK + r"(?:\s*\S|$)")


def _footnotes(lines: list[TextLine], table: Box, every: Sequence[TextLine] = ()) -> set[int]:
    """The ids of the page's footnotes under ``table``: from the first line there set smaller
    than the page's usual size (NOTE_SIZE; the size of its lines above and beside the table,
    when it has some: a table filling most of a page sets the rest's size) that opens with a note's mark,
    the lines under it set as small; or that opens beside its mark raised on a line of its own
    (a bare number, in ``every`` line of the page: it reads as a page number). A note at the
    page's foot under a table is no text between the table and its continuation on the next
    page."""
    sizes = [ln.font_size for ln in lines if ln.font_size > 0]
    outside = [
        ln.font_size for ln in lines if ln.font_size > 0 and ln.bbox.y0 < table.y1 and not _inside(ln.bbox, table)
    ]
    if not sizes:
        return set()
    small = NOTE_SIZE * statistics.median(outside or sizes)
    under = sorted((ln for ln in lines if ln.bbox.y0 >= table.y1), key=lambda ln: ln.bbox.y0)
    marks = [m.bbox for m in every if _BARE_MARK.match(m.text.strip()) and m.bbox.y0 >= table.y1]
    start = next(
        (
            k
            for k, ln in enumerate(under)
            if 0 < ln.font_size <= small and (_NOTE_MARK.match(ln.text.strip()) or _marked(ln.bbox, marks))
        ),
        None,
    )
    if start is None:
        return set()
    rest = under[start:]
    if any(ln.font_size > small for ln in rest):
        return set()
    return {id(ln) for ln in rest}


#: A note's mark on a line of its own.
_BARE_MARK = re.compile(_MARK + "$")


def _marked(b: Box, marks: Sequence[Box]) -> bool:
    """A mark stands just left of ``b`` (its right edge within a line's height), on its row."""
    h = b.y1 - b.y0
    return any(b.x0 - h <= m.x1 <= b.x0 + 1.0 and m.y0 < b.y1 and m.y1 > b.y0 for m in marks)


def _inside(b: Box, table: Box) -> bool:
    """The middle of ``b`` lies in ``table``."""
    x, y = (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2
    return table.x0 <= x <= table.x1 and table.y0 <= y <= table.y1


def _furniture(text: str, furniture: set[str]) -> bool:
    """A line's ``text`` is blank, one of the page's ``furniture`` (normalised) or its number."""
    text = text.strip()
    return not text or _norm_line(text) in furniture or _PAGE_MARK.match(text) is not None


def _in_cell(text: str, apart: float, cells: list[str]) -> bool:
    """A line ``apart`` points past the table's box, within CELL_REACH of it, holding the end of
    one of ``cells`` (its last row's, the line under it) or the start (its first row's, the
    line over it, two words at least: a heading's one word may open a cell), words and all."""
    if apart > CELL_REACH:
        return False
    return any(
        len(c) > len(text) and (c.endswith(" " + text) or (" " in text and c.startswith(text + " "))) for c in cells
    )


#: A line of a cell's text stands at most this many points past the table's box.
CELL_REACH = 12.0


def _last(page: PageText) -> Table | None:
    return max(page.tables, key=lambda t: t.bbox.y1, default=None)


def _first(page: PageText) -> Table | None:
    return min(page.tables, key=lambda t: t.bbox.y0, default=None)


def may_go_on(page: PageText) -> bool:
    """Cheap test: the page's lowest table has at most a page's foot below it (so the next page
    is worth reading for its continuation)."""
    last = _last(page)
    return last is not None and len(_others(page, last, below=True)) <= MAX_LINES_BELOW


def may_go_on_from(page: PageText) -> bool:
    """Cheap test: the page's highest table has at most a repeated title above it."""
    first = _first(page)
    return first is not None and len(_others(page, first, below=False)) <= MAX_LINES_ABOVE


def _width(table: Table) -> int:
    return max([len(table.header), *(len(r) for r in table.rows)], default=0)


def continues(upper: PageText, lower: PageText, page_width: float) -> tuple[Table, Table] | None:
    """The table of ``upper`` that goes on as a table of ``lower`` (the next page), as
    (part on ``upper``, part on ``lower``); None when no table runs over the page break.

    One decision for every reader of tables (the structured ``tables`` and a whole read's
    Markdown): the lowest table of ``upper`` and the highest of ``lower`` are one table when

    - they have the same columns: as many, and the same left and right edges (the right edge
      may differ when the second prints the first's header again: a table without rules ends
      where its longest text does; and when it does, a part as wide as the first may stand
      elsewhere across the page: a table going on from a page's last column to the next
      page's first);
    - the second has no header of its own, or repeats the first's (the same cells; a first
      row equal to the first's header is a repeated header too); a table that starts with a
      header the first did not have is a new table;
    - nothing is read between them but the pages' feet and heads: under the first, at most a
      few lines that the next page prints too (``The accompanying notes are an integral
      part...``) or that say the table is continued; over the second, at most a few lines that
      stand over the first too (the statement's title, its units) or say it is continued.
      Running heads and feet, page numbers and lines outside the table's columns never count;
    - and, unless the second prints the first's header again (the strongest sign), the break
      is forced: the first part runs down to the foot of the pages' text (no room was left
      under it), or a line says the table is continued (a title printed again with
      ``(continued)``, ``Continued on next page``; a running head that says ``(Continued)`` on
      every page says nothing about the table).
    """
    a, b = _last(upper), _first(lower)
    if a is None or b is None or _width(a) != _width(b) or _width(a) < MIN_COLUMNS:
        return None
    tolerance = max(12.0, EDGE_TOLERANCE * page_width)
    repeated = bool(a.header) and b.header == a.header
    # (the header printed again: a table going on from the last column of a page to the first
    # of the next, as wide, stands elsewhere across the page)
    moved = repeated and abs((a.bbox.x1 - a.bbox.x0) - (b.bbox.x1 - b.bbox.x0)) <= tolerance
    if not moved and (
        abs(a.bbox.x0 - b.bbox.x0) > tolerance or (abs(a.bbox.x1 - b.bbox.x1) > tolerance and not repeated)
    ):
        return None  # (the header printed again: a rule-less table's right edge is its longest text's)
    if b.header and a.header != b.header and not _body_row(b.header, a):
        return None
    below = _others(upper, a, below=True)
    above = _others(lower, b, below=False)
    if len(below) > MAX_LINES_BELOW or len(above) > MAX_LINES_ABOVE:
        return None
    lower_lines = {_norm_line(ln.text) for ln in page_lines(lower)}
    over_a = {_norm_line(t) for t in _others(upper, a, below=False)}
    if not all(_CONTINUED.search(t) or _norm_line(t) in lower_lines for t in below):
        return None
    if not all(_CONTINUED.search(t) or _norm_line(t) in over_a for t in above):
        return None
    upper_texts = {" ".join(ln.text.split()) for ln in page_lines(upper)}
    lower_texts = {" ".join(ln.text.split()) for ln in page_lines(lower)}
    said = any(_CONTINUED.search(t) and " ".join(t.split()) not in upper_texts for t in above) or any(
        _CONTINUED.search(t) and " ".join(t.split()) not in lower_texts for t in below
    )
    if not repeated and not said and not _at_foot(a, upper, lower):
        return None
    return a, b


#: Digits, as a cell's shape reads them (``Document Type 6*`` is ``Document Type #*``).
_DIGIT = re.compile(r"\d")


def _body_row(cells: tuple[str, ...], table: Table) -> bool:
    """``cells`` (the header the reader gave the part on the next page) read as one more row
    of ``table``'s body: every cell empty or shaped like a cell of its column among ``table``'s
    rows, digits aside (``Document Type 6*`` under ``Document Type 1*`` to ``5*``, ``EX-32.1``
    under ``EX-31.1``), the first cell at least. A header of its own (``Year``, ``Amount``
    over a table of figures) matches no cell of the body."""
    if len(cells) != _width(table) or not cells or not cells[0].strip():
        return False
    for k, cell in enumerate(cells):
        shape = _DIGIT.sub("#", " ".join(cell.split()))
        if shape and not any(k < len(r) and _DIGIT.sub("#", " ".join(r[k].split())) == shape for r in table.rows):
            return False
    return True


#: A table ends at the foot of the text when no more than this many lines (of its own height,
#: at a leading of 1.5) separate it from the lowest text of the two pages.
FOOT_LINES = 3.0


def _at_foot(table: Table, upper: PageText, lower: PageText) -> bool:
    """``table`` runs down to the foot of the pages' text: no other text of either page (page
    numbers and furniture aside) ends far below it. (Pages cut where the producer chose, as in
    filings converted page by page, end at different heights: there a repeated header or a
    line saying so is needed.)"""
    bottoms = []
    heights = []
    for page in (upper, lower):
        furniture = {_norm_line(f) for f in page.furniture}
        for ln in page_lines(page):
            text = ln.text.strip()
            if not text or _norm_line(text) in furniture or _PAGE_MARK.match(text):
                continue
            bottoms.append(ln.bbox.y1)
            if page is upper and ln.bbox.y0 >= table.bbox.y0 and ln.bbox.y1 <= table.bbox.y1 + 1.0:
                heights.append(ln.bbox.height)
    if not bottoms:
        return False
    height = statistics.median(heights) if heights else 10.0
    return max(bottoms) - table.bbox.y1 <= FOOT_LINES * height * 1.5
