"""Tables: cells of the body set once over several rows or columns. A cell vertically centred
over the two rows it belongs to (``none`` for the water charge of two plots, a ticket's name
between its two fares), which the lines make a row of its own between them (see
:func:`centred_between`); a cell's text running on over the empty cells right of it to the
table's last column (``£10.00, refunded when the key is returned``, see :func:`run_across`)."""

from __future__ import annotations

from collections.abc import Sequence

from adapters._table_grid import BodySpan
from adapters._table_rows import Row

#: A lone cell stands between two rows when its middle is this share of its height, at most,
#: off the middle of the blank between them.
CENTRED = 0.35
#: ... its box reaching into theirs by this share of its height at most (the lines' boxes hold
#: their ascent and descent: rows set close overlap a little).
OVERLAP = 0.25


def centred_between(body: list[Row], spans: Sequence[BodySpan]) -> tuple[list[Row], list[BodySpan]]:
    """Rows of one cell standing between the row over them and the row under them, clear of
    both, centred on the blank between them, both empty in the cell's column and both holding
    other cells: the cell spans the two rows (it moves into the upper one, over two rows), and
    its row goes. Rows that a span already covers, and the body's first and last rows, are left
    as they are, and so are lone cells set every other row (a chart's axis labels between its
    rows of marks: each stands between rows as a label of its own)."""
    out = list(body)
    kept = list(spans)
    i = 1
    while i < len(out) - 1:
        row, above, below = out[i], out[i - 1], out[i + 1]
        if (
            len(row.filled) == 1
            and _between(row, above, below)
            and not _spanned(kept, i - 1, i + 1)
            and not _lone_at(out, i - 2, row.filled[0])
            and not _lone_at(out, i + 2, row.filled[0])
        ):
            k = row.filled[0]
            if not above.cells[k] and not below.cells[k] and len(above.filled) > 0 and len(below.filled) > 0:
                above.cells[k] = list(row.cells[k])
                if k < len(above.extent) and k < len(row.extent):
                    above.extent[k] = row.extent[k]
                del out[i]
                kept = [(r - (r > i), c, rs, cs) for r, c, rs, cs in kept]
                kept.append((i - 1, k, 2, 1))
                continue
        i += 1
    return out, sorted(kept)


def _between(row: Row, above: Row, below: Row) -> bool:
    """``row`` stands clear of ``above`` and ``below`` (see OVERLAP), its middle on the middle of the blank
    between them."""
    height = max(row.y1 - row.y0, 1.0)
    if row.y0 < above.y1 - OVERLAP * height or row.y1 > below.y0 + OVERLAP * height:
        return False
    return abs((row.y0 + row.y1) / 2 - (above.y1 + below.y0) / 2) <= CENTRED * height


def _spanned(spans: Sequence[BodySpan], first: int, last: int) -> bool:
    return any(r <= last and first < r + rs for r, _, rs, _ in spans)


def _lone_at(rows: Sequence[Row], i: int, k: int) -> bool:
    """Row ``i`` holds column ``k``'s text alone."""
    return 0 <= i < len(rows) and rows[i].filled == [k]


def run_across(body: Sequence[Row], spans: Sequence[BodySpan], n: int) -> list[BodySpan]:
    """Body cells (of ``n`` columns) whose text runs on over every column right of its own to
    the last, all empty in its row (a segment of the row crossing the cuts between them,
    ``Row.spans``): the cell spans them. One running into some of them only (an address
    overflowing its column) is left as it is; so is one where a span covers any of them."""
    out = list(spans)
    used = {(r, k) for r0, k0, rs, cs in out for r in range(r0, r0 + rs) for k in range(k0, k0 + cs)}
    for i, row in enumerate(body):
        for first, last, _ in row.spans:
            covered = range(first, last + 1)
            if (
                first < last == n - 1
                and row.cells[first]
                and not any(row.cells[k] for k in covered[1:])
                and not any((i, k) in used for k in covered)
            ):
                out.append((i, first, 1, last - first + 1))
                used.update((i, k) for k in covered)
    return sorted(out)
