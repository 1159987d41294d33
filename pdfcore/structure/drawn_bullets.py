"""List bullets drawn as art: a small dark square or disc painted before a row's first word
(a browser's print of a web page draws its list bullets so), with no character in the text.

A row gets a bullet (``•``, and its left edge moved to the mark's) when a mark of the page
(:attr:`~pdfcore.models.PageText.marks`) stands left of its first word, at most GAP_EM of its
size from it, the mark's middle within the row's height, the mark's sides between SIDE_MIN
and SIDE_MAX of that size (a bullet is smaller than a letter; a filled box of a form's field
is as tall as its label), nothing of the row's line between them, the mark in no region of
vector art (:attr:`~pdfcore.models.PageText.drawings`) that reaches into the row's text (a
diagram's arrowheads and nodes beside its labels; art wholly left of the row is a column of
markers: bullets beside the circled numbers of the items they are nested under), the row set
less than HEADING_SIZE times as large as the page's usual row (a square before a heading is
its decoration). The units then read the row as a list item's first row, as a bullet in the
text.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.geometry import holds_centre
from pdfcore.models import Box
from pdfcore.structure.markers import list_marker
from pdfcore.structure.rows import Row

#: The mark stands at most this many em left of the row's first word.
GAP_EM = 1.6
#: A bullet's sides are this share of the row's size at least, and at most.
SIDE_MIN = 0.15
SIDE_MAX = 0.6
#: A row set this many times the size of the page's usual row (a heading) gets no bullet.
HEADING_SIZE = 1.2
#: The bullet the row is given.
BULLET = "•"


def drawn_bullets(rows: Sequence[Row], marks: Sequence[Box], art: Sequence[Box] = ()) -> None:
    """Give the rows led by a drawn bullet their bullet (see the module docstring), in place;
    ``art``: the boxes of the page's regions of vector art."""
    held = {id(m): [b for b in art if holds_centre(b, m)] for m in marks} if art else {}
    sizes = sorted(r.size for r in rows if r.size > 0)
    usual = sizes[len(sizes) // 2] if sizes else 0.0
    for row in rows:
        mark = _mark_before(row, marks)
        if mark is None or list_marker(row.text):
            continue
        if usual and row.size >= HEADING_SIZE * usual:
            continue  # a heading led by a square drawn before it: its decoration, no bullet
        if any(b.x1 > row.x0 for b in held.get(id(mark), ())):
            continue  # art reaching into the row's text holds the mark: a diagram's, no bullet
        if any(o is not row and o.y0 < row.y1 and o.y1 > row.y0 and mark.x0 - 1.0 < o.x1 <= row.x0 for o in rows):
            continue  # text between the mark and the row, on its line: the mark is not its bullet
        row.text = f"{BULLET} {row.text}"
        row.x0 = mark.x0


def _mark_before(row: Row, marks: Sequence[Box]) -> Box | None:
    em = row.size if row.size > 0 else max(row.y1 - row.y0, 1.0)
    for m in marks:
        side = max(m.x1 - m.x0, m.y1 - m.y0)
        if not SIDE_MIN * em <= side <= SIDE_MAX * em or not row.y0 <= (m.y0 + m.y1) / 2 <= row.y1:
            continue
        if 0.0 <= row.x0 - m.x1 <= GAP_EM * em:
            return m
    return None
