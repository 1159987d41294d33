"""The shapes of a table's top rows that tell its header (see :func:`adapters._table_header.header_rows`):
the first column's heading set between or beside two header lines, headings over groups of
columns over each column's, rows set as the body's are, a section's label across the table
under a row of headings. Pure geometry, no engine."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from adapters._table_rows import Row, data_figure, ruled_between


def stub_over_both(first: Row, second: Row) -> bool:
    """The first column's heading stands halfway down two header lines (``Time`` beside
    ``Track A: Clinical Informatics`` over ``Main Hall``): the first row sets it below its other
    headings, its middle within STUB_CENTRED of its height from the middle of the two rows
    together; the second leaves the first column empty and sets headings in two columns at
    least, no figures among them."""
    stub = first.heights[0] if first.heights else None
    if stub is None or 0 in second.filled or len(second.filled) < 2:
        return False
    if any(data_figure(second.text(k)) or len(second.text(k).split()) > HEADING_WORDS for k in second.filled):
        return False
    others = [h for k, h in enumerate(first.heights) if k > 0 and h is not None]
    if not others:
        return False
    height = stub[1] - stub[0]
    middle = (stub[0] + stub[1]) / 2
    top = min(h[0] for h in others)
    return height > 0 and stub[0] > top + 0.25 * height and abs(middle - (top + second.y1) / 2) <= STUB_CENTRED * height


def stub_between(above: Row, row: Row, below: Row) -> bool:
    """``row`` (a label in the first column alone) is the first column's heading set halfway
    between two header lines that leave the first column empty (headings over groups of columns
    above, each column's heading below): its middle within STUB_CENTRED of its height from the
    middle of the two lines together, each of them set close to it (within its height)."""
    if 0 in above.filled or 0 in below.filled or not above.filled or not below.filled:
        return False
    if any(data_figure(below.text(k)) for k in below.filled):
        return False
    height = row.y1 - row.y0
    middle = (row.y0 + row.y1) / 2
    return (
        abs(middle - (above.y0 + below.y1) / 2) <= STUB_CENTRED * height
        and row.y0 - above.y1 < height
        and below.y0 - row.y1 < height
    )


#: How far (a share of its height) a first column's heading set between two header lines
#: may stand from their middle.
STUB_CENTRED = 0.25


#: Words a column's heading holds at most (a body's cell of prose runs longer).
HEADING_WORDS = 6


def groups_over_headings(first: Row, second: Row) -> bool:
    """``first`` names groups of columns over ``second``, which names each column: the first
    leaves the label column empty and fills fewer of the other columns than the second, which
    fills every column; each text of both is short (HEADING_WORDS words at most), no figure
    (``Findings`` and ``Remediation`` over ``Compliance issue``, ``Legal reference``, ... in a
    table of prose, where no column of figures tells the header from the body; ``Publish``,
    ``Transform`` over a row naming its kind, ``Commercial``, are one heading a column)."""
    if first.cells[0] or len(second.filled) < len(second.cells) or len(first.filled) >= len(second.filled) - 1:
        return False
    texts = [row.text(k) for row in (first, second) for k in row.filled]
    return all(len(t.split()) <= HEADING_WORDS and not data_figure(t) for t in texts)


def stub_over_groups(first: Row, second: Row, third: Row) -> bool:
    """``first`` names the stub's column and a group of columns, ``second`` each column of the
    group under it, both bold over a row that is not: a header of two levels whose stub's
    heading stands over both (``Visit`` beside ``Assessments`` over ``Blood test``,
    ``Questionnaire``, ``Knee X-ray``). The second leaves the stub's column empty and names two
    columns or more in words (HEADING_WORDS at most each, no figure), one at least where the
    first names none (under its group's heading, set over the middle of them)."""
    if not (second.bold and not third.bold and first.cells[0] and not second.cells[0]):
        return False
    under = [k for k in second.filled if k > 0]
    if len(under) < 2 or not any(not first.cells[k] for k in under):
        return False
    return all(len(second.text(k).split()) <= HEADING_WORDS and not data_figure(second.text(k)) for k in under)


def body_like(first: Row, body: Sequence[Row]) -> bool:
    """``first`` (the table's first row) is set as rows of the body are: a label in the first
    column, its other texts in the same columns as another row's, short of the last column
    some rows fill (``Reference | WDC/25/01874/HOU`` over ``Site address | 42 Orchard Rise``,
    the rows of a grid whose values span the last columns, but for a row of dates in two
    parts): no heading over each column, a ruling under it is the grid's."""
    if 0 not in first.filled or len(first.filled) < 2:
        return False
    last = max(first.filled)
    return any(max(r.filled, default=0) > last for r in body) and any(r.filled == first.filled for r in body)


def rows_alike(rows: Sequence[Row], parted: Sequence[float]) -> bool:
    """``rows`` (the header found and the row under it) are body rows of a grid ruled between
    its rows: the header holds several rows, each filling the same columns (the first
    among them), some column past the first repeats a text from one of them to another
    (``Felony``, ``Person``: a heading is not set again under itself), and a ruling across the
    table (at one of the heights ``parted``) parts every two of them."""
    head = rows[:-1]
    if len(head) < 2 or len({tuple(r.filled) for r in head}) > 1 or 0 not in head[0].filled:
        return False
    if not any(len({r.text(k) for r in head}) < len(head) for k in head[0].filled if k > 0):
        return False
    return all(ruled_between(a, b, parted) for a, b in itertools.pairwise(rows))


def section_label(top: Row, under: Sequence[Row]) -> bool:
    """``under`` (the rows found for the header under its top row) is a section's label across
    the table, the body's first row, not a second level of headings: ``top`` heads every column
    and spans none, and each row of ``under`` is one text opening in the first column and set
    across the next (``Produce and craft stalls`` under ``Pitch``, ``Size``, ``Per market``,
    ``Per quarter``, a shaded header's walls not drawn)."""
    if not under or top.spans or len(top.filled) < len(top.cells):
        return False
    return all(r.filled == [0] and any(a == 0 < b for a, b, _ in r.spans) for r in under)
