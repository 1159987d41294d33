"""Units a page's text layer cut too finely, or that are no text: lone marks joined to their
row, a heading wrapped over two blocks joined, lone page numbers left out (run on a page's units
once :func:`pdfcore.structure.units.split_units` has cut them), and whether a unit's rows share
an edge as a heading's do.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pdfcore.structure.hanging_items import hanging_items
from pdfcore.structure.heading_shape import spread_out
from pdfcore.structure.markers import CLOSING, list_marker
from pdfcore.structure.rows import Row
from pdfcore.structure.unit import Unit
from pdfcore.structure.units import ALIGN_PT, CENTRE_PT, ends_in_leaders

#: A note number alone: "1", "*", "†", a superscript.
_NOTE_MARK_ALONE = re.compile(r"^(?:\d{1,3}|[*†‡§¶]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)$")
#: A page number alone on its row: "7", "- 7 -", "Page 7", "7 of 12", "7/12".
_FOLIO = re.compile(
    r"(?:(?:page|p\.|seite|pagina)\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:/|of|von|de)\s*\d{1,4})?", re.I
)
#: Page numbers sit in this share of the page height at the top or the foot; in FOLIO_ZONE
#: when nothing on the page stands beyond them.
EDGE_ZONE = 0.08
FOLIO_ZONE = 0.15
#: Headings this much larger than the body, or bold, may wrap over units of their own.
WRAP_LARGER = 1.12
#: How a heading row ends when the next row does not carry it on: a colon does not (a title
#: "Name: what it is" wrapped after its colon).
_ENDS_HEADING = tuple(c for c in CLOSING if c != ":")


def tidy_units(units: list[Unit], body_size: float, page_height: float, label: str | None) -> list[Unit]:
    """Lone marks joined to their row, items of a list set with a hanging indent that their rows
    do not tell made items (see hanging_items.py), a heading wrapped over two blocks joined, lone
    page numbers left out (see the functions)."""
    out = hanging_items(merge_fragments(units))
    out = merge_wrapped_headings(out, body_size)
    return [u for u in out if not page_number(u, page_height, label, out)]


def merge_wrapped_headings(units: list[Unit], body_size: float) -> list[Unit]:
    """A heading whose rows the layout set apart (its leading is wider than a block's gap)
    is one unit: consecutive units in the same bold or large face, one right under the other,
    aligned or centred alike (in a monospaced face only when set larger than the body: code's
    rows are not), the first not ending a sentence (a colon does not: "Title:" over
    its subtitle) nor ending with dot leaders and a page number (a contents entry set in bold),
    neither with its words set far apart (a label and its value at the edge, see
    heading_shape.spread_out), three rows at most."""
    out: list[Unit] = []
    for u in units:
        if out and _wraps_into(out[-1], u, body_size):
            prev = out[-1]
            prev.rows.extend(u.rows)
            prev.refresh()
            continue
        out.append(u)
    return out


def _wraps_into(a: Unit, b: Unit, body_size: float) -> bool:
    if len(a.rows) + len(b.rows) > 3 or a.bold != b.bold or abs(a.size - b.size) > 0.3:
        return False
    if not (a.bold or (body_size > 0 and a.size >= WRAP_LARGER * body_size)):
        return False
    if a.text.endswith(_ENDS_HEADING) or list_marker(b.text):
        return False
    if (a.mono or b.mono) and not (body_size > 0 and min(a.size, b.size) >= WRAP_LARGER * body_size):
        return False  # code's rows (a title set large in a typewriter face wraps as any)
    if ends_in_leaders(a.text):
        return False  # a contents entry ("3. Conclusion ..... 8"), whole: no heading runs on
    if spread_out(a) or spread_out(b):
        return False  # words set far apart ("Les Blancs" ... "12.5CL" at the edge): no title's row

    gap = b.y0 - a.y1
    if not -1.0 <= gap <= max(a.size, 1.0):
        return False
    if abs(a.x0 - b.x0) <= ALIGN_PT or abs((a.x0 + a.x1) / 2 - (b.x0 + b.x1) / 2) <= CENTRE_PT:
        return True
    return len(a.rows) == 1 and _hangs_after_label(a.first, b.x0)


#: A heading's label: "ITEM 7.", "2.1", "Chapter 3:", "A.", "IV." (a number, or a capital or a
#: roman numeral and a period).
_LABEL = re.compile(r"^(?:[^\W\d_]+\s+)?(?:\d+(?:\.\d+)*[.:)]?|(?:[IVXLC]+|[A-Z])[.:)])\s+(?=\S)")


def rows_aligned(unit: Unit) -> bool:
    """The unit's rows share an edge as a heading's wrapped rows do: each later row starts at
    the first row's left edge or left of it, or is centred on it, or ends at its right edge,
    or hangs after its label. A row starting far right of the first one on its own (a
    table's column heads: "Title of Each Class  Trading Symbol  Name of each exchange on
    which" over "registered" under its column) is no heading's."""
    first = unit.first
    em = max(first.size, 1.0)
    centre = (first.x0 + first.x1) / 2
    for r in unit.rows[1:]:
        if r.x0 <= first.x0 + em or abs((r.x0 + r.x1) / 2 - centre) <= max(CENTRE_PT, 0.5 * em):
            continue
        if abs(r.x1 - first.x1) <= max(ALIGN_PT, 0.5 * em) or _hangs_after_label(first, r.x0):
            continue
        return False
    return True


def _hangs_after_label(row: Row, x: float) -> bool:
    """``x`` is where the words after the row's leading label start (the heading's next row hung
    at its title: "ITEM 7. MANAGEMENT'S ... AND" over "RESULTS OF OPERATIONS"), reckoned from
    the row's width per character, within an em."""
    m = _LABEL.match(row.text)
    if m is None or m.end() >= len(row.text):
        return False
    start = row.x0 + (row.x1 - row.x0) * m.end() / len(row.text)
    return abs(x - start) <= max(row.size, 1.0)


_CITATION = re.compile(r"^(?:\[\d{1,3}\]|\(\d{1,3}\))$")


def merge_fragments(units: list[Unit]) -> list[Unit]:
    """A lone mark the layout set apart joins the row it sits on: a comma, a superscript sign or
    a citation (``[2]``) after a name joins the row on its left, a note number before its note
    the row on its right."""
    out: list[Unit] = []
    carry: Unit | None = None  # a note mark waiting for the row on its right
    for u in units:
        if carry is not None:
            first = u.first
            if _beside(carry.first, first):
                first.text = carry.text + " " + first.text
                first.x0 = min(first.x0, carry.x0)
                u.refresh()
            else:
                out.append(carry)
            carry = None
        if len(u.rows) == 1 and len(u.text) <= 5:
            mark = not any(c.isalnum() for c in u.text) or _CITATION.match(u.text) is not None
            if out and mark and _beside(out[-1].last, u.first):
                out[-1].last.text += u.text
                out[-1].refresh()
                continue
            if len(u.text) <= 3 and _NOTE_MARK_ALONE.match(u.text):
                carry = u
                continue
        out.append(u)
    if carry is not None:
        out.append(carry)
    return out


def _beside(left: Row, right: Row) -> bool:
    """``right`` sits on ``left``'s row, just after it."""
    overlap = min(left.y1, right.y1) - max(left.y0, right.y0)
    return overlap > 0.3 * max(min(left.height, right.height), 1.0) and -2.0 <= right.x0 - left.x1 <= 12.0


def page_number(unit: Unit, page_height: float, label: str | None, units: Sequence[Unit] = ()) -> bool:
    """A lone page number (or "Page 3", "3 of 10", the page's label) at the top or the foot of
    the page: furniture the document was too short to learn (running heads need three pages).
    At the very edge (EDGE_ZONE) always; further in (FOLIO_ZONE, a wide margin) when nothing
    of ``units`` (the page's) stands beyond it."""
    if len(unit.rows) > 1 or page_height <= 0:
        return False
    top, foot = unit.y1 <= FOLIO_ZONE * page_height, unit.y0 >= (1 - FOLIO_ZONE) * page_height
    if not (top or foot):
        return False
    text = unit.text.strip()
    if not (_FOLIO.fullmatch(text) is not None or (bool(label) and text == label)):
        return False
    if unit.y1 <= EDGE_ZONE * page_height or unit.y0 >= (1 - EDGE_ZONE) * page_height:
        return True
    beyond = (v for v in units if v is not unit and (v.y1 <= unit.y0 + 1.0 if top else v.y0 >= unit.y1 - 1.0))
    return next(beyond, None) is None
