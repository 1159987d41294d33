"""The headings over a run of table rows, and the headings that stand between tables.

:mod:`pdfcore.services.text_runs` finds runs of table-like rows; a run's box then grows upwards
over the rows of column headings just above it (:func:`with_header`). A line set larger than
a table's rows is a heading over it, or between it and the next (:func:`set_larger`): no row
of either, and nothing above it is the table's headings.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.models import Box
from pdfcore.services.text_pieces import JOIN_TOL, PROSE_WORDS
from pdfcore.services.text_rows import Row

#: A text run's rows may be at most this many line heights apart.
MAX_ROW_GAP = 2.5

#: Words of a heading over a group of columns.
HEADING_WORDS = 4


#: A heading is set at least this much larger than the rows of the table under it: as a share
#: of their size, and in points.
LARGER = 1.08
LARGER_PT = 0.75


def set_larger(size: float, rows: Sequence[float]) -> bool:
    """A line of this font size is set larger than every table row of these sizes (0: unknown),
    its column headings among them, by :data:`LARGER` and :data:`LARGER_PT`: a heading, no
    label inside the table (``Male`` over rows of figures, as large as the headings, is one)."""
    top = max(rows, default=0.0)
    return size > 0 and top > 0 and size >= LARGER * top and size - top >= LARGER_PT


def with_header(box: Box, above: Sequence[Row], *, headed: Row | None = None, size: float = 0.0) -> Box:
    """Grow ``box`` upwards over header rows: rows just above with two or more segments inside
    its width (column headings), none of them running text, and short headings between them and
    the table (a section heading under the column headings) or above them over the columns
    (a heading over a group of columns, standing over column headings; ``headed``: the box's
    first row, when it holds column headings already). A heading wider than its column's
    cells may reach past the body's edge by a few line heights (``Grade`` over a column of
    letters): the box grows sideways to hold it. A line of one piece set larger than the
    table's rows (``size``, their largest font size) is a heading over it: nothing above it is
    the table's."""
    y0, x0, x1 = box.y0, box.x0, box.x1
    pending: list[Row] = []
    found = headed
    for row in reversed(above):
        top = pending[-1].y0 if pending else y0
        if top - row.y1 > MAX_ROW_GAP * max(row.height, 1.0):
            break
        reach = max(JOIN_TOL, HEADING_OVERHANG * row.height)
        inside = [
            (s0, s1, w)
            for (s0, s1), w in zip(row.segments, row.words)
            if box.x0 - reach <= s0 and s1 <= box.x1 + reach and s0 < box.x1 and s1 > box.x0
        ]
        words = [w for _, _, w in inside]
        outside = len(row.segments) - len(inside)
        if outside > 1 or (outside and sum(row.words) - sum(words) > 1) or not inside or max(words) >= PROSE_WORDS:
            break
        if row.led or row.numbers - row.years >= 2:
            break  # a row of figures: the table above this one, not headings
        if len(row.segments) == 1 and set_larger(row.size, [size]):
            break
        if len(inside) >= 2:
            y0 = row.y0
            x0, x1 = min(x0, inside[0][0]), max(x1, inside[-1][1])
            pending.clear()
            found = row
            continue
        a, z = row.segments[0][0], row.segments[-1][1]
        over = found is not None and not pending and any(s0 < z and s1 > a for s0, s1 in found.segments[1:])
        if (
            sum(words) <= HEADING_WORDS
            and top - row.y1 <= row.height
            # over the columns of figures (a title above the table is centred over all of it,
            # in the blank between the headings of the first column and of the others)
            and a > box.x0 + (0.25 if over else 0.5) * box.width
        ):
            y0 = row.y0
            continue
        if len(pending) >= 2:
            break
        pending.append(row)
    return Box(x0, y0, x1, box.y1)


#: A column heading may reach this many line heights past the body's side.
HEADING_OVERHANG = 3.0
