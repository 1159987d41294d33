"""Tables: lines that go on a row above (a label wrapped over lines of its own, a cell's text
wrapped under it) joined into it (see :func:`join_continuations`)."""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence

from adapters._table_glyphs import is_figure
from adapters._table_rows import (
    LONG_LABEL,
    Row,
    data_figure,
    ends_open,
    label_only,
    merge_into,
    ruled_between,
    starts_continuation,
    unclosed,
)


def _runs_on(a: Row, b: Row, label_width: float) -> bool:
    """Label-only line ``a`` continues on line ``b``."""
    label, nxt = a.text(0), b.text(0)
    if not nxt or label.rstrip().endswith(":"):
        return False
    if b.y0 - a.y1 > 1.5 * max(a.y1 - a.y0, 1.0):
        return False
    if is_figure(nxt) and not ends_open(label) and not unclosed(label):
        # a figure alone under a label is its row's first cell (a section label, ``Female``,
        # over the rows of its section), not the rest of the label (unless the label is left
        # open: ``(Note`` over ``2)``)
        return False
    hanging = b.x0 > a.x0 + 0.5 and a.x1 - a.x0 >= LONG_LABEL * label_width
    return starts_continuation(nxt) or ends_open(label) or hanging


def join_continuations(
    rows: list[Row], label_width: float, ruled: Sequence[float] = (), *, walled: bool = False
) -> list[Row]:
    """Labels wrapped over several lines joined into their row; lower-case lines continuing the
    text cells of the row above joined to it. Never across a ruling running across the table
    (the heights in ``ruled``): the lines it parts are rows of their own (section headings
    ``1. Code Awareness`` over ``2. Forced Labor``, each between two rulings). ``walled``: walls
    run down between the columns (a boxed grid: its rulings part rows, not groups of rows)."""

    out: list[Row] = []
    rights = (
        [max((e[1] for r in rows if (e := r.extent[k])), default=0.0) for k in range(len(rows[0].cells))]
        if rows
        else []
    )
    # How far apart rows of their own are set: the blank above each line with a label.
    apart = [b.y0 - a.y1 for a, b in itertools.pairwise(rows) if b.cells[0]]
    row_gap = statistics.median(apart) if len(apart) >= ROWS_APART else None
    # (and the wider half of those blanks: of rows whose every cell wraps, the lines each
    # cell wraps onto have labels too, as close under their row as its lines)
    # (blanks with a ruling across them not counted, when any is left: rulings between groups
    # of rows; a table ruled between every row, or a boxed grid, counts them all: its rows'
    # cells wrapped onto lines as close as the lines of a group)
    inside = [b.y0 - a.y1 for a, b in itertools.pairwise(rows) if b.cells[0] and not ruled_between(a, b, ruled)]
    inside = apart if walled else inside or apart
    rows_apart = statistics.median(sorted(inside)[len(inside) // 2 :]) if len(apart) >= ROWS_APART else None
    last: Row | None = None
    i = 0
    while i < len(rows):
        row = rows[i]
        if (
            out
            and last is not None
            and not ruled_between(last, row, ruled)
            and _wrapped_cell(row, last, out[-1], rights, row_gap, rows_apart)
        ):
            merge_into(out[-1], row, before=False)
            last = row
            i += 1
            continue
        last = row
        if (
            i + 2 < len(rows)
            and not ruled_between(rows[i], rows[i + 2], ruled)
            and (_label_around(rows[i], rows[i + 1], rows[i + 2]) or _centred_on_wrap(rows, i))
        ):
            merged = rows[i + 1]
            merge_into(merged, rows[i], before=True)
            merge_into(merged, rows[i + 2], before=False)
            out.append(merged)
            last = None
            i += 3
            continue
        if label_only(row):
            chain = [row]
            j = i
            while (
                j + 1 < len(rows)
                and label_only(rows[j + 1])
                and not ruled_between(rows[j], rows[j + 1], ruled)
                and _runs_on(rows[j], rows[j + 1], label_width)
            ):
                j += 1
                chain.append(rows[j])
            if (
                j + 1 < len(rows)
                and not label_only(rows[j + 1])
                and not ruled_between(chain[-1], rows[j + 1], ruled)
                and _runs_on(chain[-1], rows[j + 1], label_width)
            ):
                target = rows[j + 1]
                if target.cells[0] or not target.spans:
                    for p in reversed(chain):
                        merge_into(target, p, before=True)
                    out.append(target)
                    i = j + 2
                    continue
            merged = chain[0]
            for p in chain[1:]:
                merge_into(merged, p, before=False)
            above = out[-1] if out else None
            if (
                above is not None
                and not label_only(above)
                and above.cells[0]
                and (
                    merged.text(0)[:1].islower()
                    or unclosed(above.text(0))
                    or above.text(0).rstrip().endswith(",")
                    or (i > 0 and _label_wraps(merged, rows[i - 1], rights, row_gap) and _labelled_next(rows, j))
                )
                and not above.text(0).rstrip().endswith(":")
                and not ruled_between(above, merged, ruled)
                and merged.y0 - above.y1 <= 0.8 * max(above.y1 - above.y0, 1.0)
            ):
                merge_into(above, merged, before=False)
            else:
                out.append(merged)
            i = j + 1
            continue
        if out and not ruled_between(out[-1], row, ruled) and _continues_above(row, out[-1]):
            merge_into(out[-1], row, before=False)
        else:
            out.append(row)
        i += 1
    return out


def _cased_or_digit(c: str) -> bool:
    return c.isupper() or c.islower() or c.isdigit()


def _labelled_next(rows: Sequence[Row], j: int) -> bool:
    """The line after ``rows[j]`` (if any) has a label: a line of figures without one takes the
    label-only lines around it as its own (a label set over two lines about its figures)."""
    return j + 1 >= len(rows) or bool(rows[j + 1].cells[0])


def _label_wraps(row: Row, above: Row, rights: Sequence[float], row_gap: float | None) -> bool:
    """The label-only line ``row`` is the next line of the label of the line ``above`` it (a
    LaTeX table's paragraph column, ``Children completing the Summer`` over ``Reading
    Challenge``): set closer under it than the rows with a label are set apart, and its first
    word would not have fit at the end of that line within the column (see :func:`_wraps`; a
    row heading of its own, under a short label or a label's short last line, would have)."""
    if row_gap is None or row.y0 - above.y1 >= CLOSER * row_gap:
        return False
    mine, prev = row.extent[0], above.extent[0]
    text = row.text(0)
    if mine is None or prev is None or not text.split() or data_figure(text) or text.rstrip().endswith(":"):
        return False  # (a label of its own: a form's next field)
    if mine[0] < prev[0] - 1.0:
        return False  # set out left of the line above: a label of its own (the next under a hanging indent)
    return _wraps(row, above, 0, rights, None)


def _split_around(a: Row, row: Row, b: Row) -> bool:
    """Lines ``a`` and ``b`` hold the same cells and ``row``, between them, others only (none of
    theirs), no text of the three over several columns: the shape of a row whose cells are
    centred down it, some wrapped around the others (see :func:`_label_around`,
    :func:`_centred_on_wrap`)."""
    wrapped, middle = a.filled, row.filled
    if not wrapped or b.filled != wrapped or not middle or set(wrapped) & set(middle):
        return False
    return not (a.spans or b.spans or row.spans)


def _label_around(a: Row, row: Row, b: Row) -> bool:
    """Cells set over two lines centred on their row, the row's other cells on one line between
    them (a label over two lines centred on its row of figures; a table whose every cell is
    centred down its row, some wrapped): lines ``a`` and ``b`` hold the same cells, ``row`` the
    others (none of theirs), all three set close together, and each cell of ``a`` goes on in
    ``b`` (``a``'s left open: a bracket not closed, a joining word; or ``b``'s starting in lower
    case, or with a figure under a label)."""
    if not _split_around(a, row, b):
        return False
    wrapped = a.filled
    height = max(a.y1 - a.y0, 1.0)
    if row.y0 - a.y1 > 0.5 * height or b.y0 - row.y1 > 0.5 * height:
        return False
    if wrapped == [0]:  # a label: its second line may start with a figure (``(Note`` over ``2)``)
        label = a.text(0)
        return unclosed(label) or ends_open(label) or starts_continuation(b.text(0))
    # other cells: each goes on in lower case (a figure under a figure is the next row's, of a
    # table set beside this one)
    return all(unclosed(a.text(k)) or ends_open(a.text(k)) or b.text(k)[:1].islower() for k in wrapped)


#: The other cells of a row centred down it stand this share of a line's height, at most, off
#: the middle of the two lines a cell of it wraps onto (see :func:`_centred_on_wrap`).
WRAP_CENTRED = 0.25
_SENTENCE_END = (".", "!", "?", ":")


def _centred_on_wrap(rows: Sequence[Row], i: int) -> bool:
    """Lines ``rows[i]`` and ``rows[i + 2]``, holding the same cells, set one right under the
    other, and between them ``rows[i + 1]`` holding the row's other cells, its middle on the
    middle of the two: a row whose cells are centred down it, some wrapped onto two lines
    (``Finite Element Analysis and Computational`` over ``Methods``), told by where the lines
    stand whatever their words. The row over them or the row under them fills every column
    the three fill (a row of the table set whole): two tables side by side, their rows set
    apart by other heights, fill either side only."""
    a, row, b = rows[i], rows[i + 1], rows[i + 2]
    if not _split_around(a, row, b):
        return False
    wrapped, middle = a.filled, row.filled
    height = max(a.y1 - a.y0, b.y1 - b.y0, 1.0)
    if (
        b.y0 - a.y1 > 0.5 * height
        or abs((row.y0 + row.y1) - (a.y0 + a.y1 + b.y0 + b.y1) / 2) > 2 * WRAP_CENTRED * height
    ):
        return False
    if any(a.text(k).rstrip().endswith(_SENTENCE_END) and b.text(k)[:1].isupper() for k in wrapped):
        return False  # a sentence ends over a capital: two cells' texts, not one wrapped
    if any(data_figure(r.text(k)) for r in (a, b) for k in wrapped):
        return False  # figures do not wrap: rows of a table set beside this one
    cells = {*wrapped, *middle}
    around = [rows[j] for j in (i - 1, i + 3) if 0 <= j < len(rows)]
    return any(cells <= set(r.filled) for r in around)


def _wrapped_cell(
    row: Row,
    last: Row,
    above: Row,
    rights: Sequence[float],
    row_gap: float | None = None,
    rows_apart: float | None = None,
) -> bool:
    """``row`` holds the next lines of cells of the row above, wrapped: the label column left
    empty (or wrapped too: see :func:`_all_wrapped`), each of its cells stands under text of
    that cell, set close under its last line (of several cells, one going on in lower case and
    none a figure), and its first word would not have fit at the end of that line within the
    column's width (an infobox's long value, an address, a date broken over lines; an action
    and its owner's name both wrapped in a list of actions ruled between its columns only), or
    it is set closer under that line than the rows with a label are set apart (an infobox's
    value of several lines: a name, a date and a place), or every cell of the line above that
    it stands under ends open (a joining word, a comma: "9.15am and" over "10.00am")."""
    filled = row.filled
    if not filled or row.spans or any(not above.cells[k] for k in filled):
        return False
    if row.y0 - last.y1 > 0.8 * max(last.y1 - last.y0, 1.0):
        return False
    if filled[0] == 0:
        return _all_wrapped(row, last, rights, rows_apart)
    if all(ends_open(last.text(k)) for k in filled):
        return True  # every cell above left open ("9.15am and" over "10.00am"): its next line
    if len(filled) > 1 and (
        not any(row.text(k)[:1].islower() for k in filled) or any(data_figure(row.text(k)) for k in filled)
    ):
        # several cells: one at least goes on in lower case, and none is a figure (a row of
        # its own under a short label's cell: a second film of the same year, a new date),
        # unless they stand closer under the line than the rows with a label are set apart,
        # none a figure, each cell's first word too long for the end of its line above (both
        # cells of a row wrapped: "10.00am Family" over "Service", "8.00am Said" over "Eucharist")
        return (
            row_gap is not None
            and row.y0 - last.y1 < CLOSER * row_gap
            and not any(data_figure(row.text(k)) for k in filled)
            and all(_wraps(row, last, k, rights, None) for k in filled)
        )
    return all(_wraps(row, last, k, rights, row_gap) for k in filled)


def _all_wrapped(row: Row, last: Row, rights: Sequence[float], rows_apart: float | None = None) -> bool:
    """``row``, its label cell filled too, is the next line of every cell of the line ``last``
    (a LaTeX table's paragraph columns, each wrapped, rows set no further apart than lines):
    two cells or more, every cell but the label going on in lower case and none a figure, the
    label going on from the label above (in lower case, after a joining word or a comma, or a
    figure under two words or more: a year under its months), no cell of ``last`` ending a
    sentence, and the first word of each cell too long for the end of its line above (see
    :func:`_wraps`). Or, whatever their case, set closer under ``last`` than the rows with a
    label are set apart (``rows_apart``: the wider half of those blanks), none a figure and each
    cell's first word too long for the end of its line above (cells in rows set apart,
    ``March`` under ``Sat 7 to Sun 8``)."""
    filled, label, above = row.filled, row.text(0), last.text(0)
    if len(filled) < 2 or any(data_figure(row.text(k)) for k in filled):
        return False
    if (
        rows_apart is not None
        and row.y0 - last.y1 < CLOSER * rows_apart
        and not any(row.text(k).rstrip().endswith(":") for k in filled)  # (a form's next fields)
        and all(_cased_or_digit(row.text(k)[:1]) for k in filled)  # (scripts with letter case)
        and all(_wraps(row, last, k, rights, None) for k in filled)
    ):
        return True
    if not all(row.text(k)[:1].islower() for k in filled[1:]):
        return False
    year = label[:1].isdigit() and not above[:1].isdigit() and len(above.split()) >= 2
    if not (label[:1].islower() or ends_open(above) or year):
        return False  # a row's own label ("Oracle" under "Search", the next number under one)
    if any(last.text(k).rstrip().endswith((".", "?", "!", ":")) for k in last.filled):
        return False
    return all(_wraps(row, last, k, rights, None) for k in filled)


def _wraps(row: Row, last: Row, k: int, rights: Sequence[float], row_gap: float | None) -> bool:
    """Cell ``k`` of ``row`` goes on from cell ``k`` of the line ``last`` (see :func:`_wrapped_cell`)."""
    mine, prev = row.extent[k], last.extent[k]
    if mine is None or prev is None:
        return False
    if row_gap is not None and row.y0 - last.y1 < CLOSER * row_gap and not data_figure(row.text(k)):
        return True
    text = row.text(k)
    first = text.split()[0] if text.split() else ""
    if not first:
        return False
    width = (mine[1] - mine[0]) * (len(first) + 1) / max(len(text), 1)
    return prev[1] + width > rights[k] + 0.5


#: Lines with a label needed to tell how far apart rows are set ...
ROWS_APART = 2
#: ... and a line without one set closer than this share of that under a cell is its next line.
CLOSER = 0.75


def _continues_above(row: Row, above: Row) -> bool:
    """Lower-case text only, in columns where the row above holds text, set close below it."""
    filled = row.filled
    if not filled or row.spans or above.lines > 3:
        return False
    if row.y0 - above.y1 > 0.8 * max(above.y1 - above.y0, 1.0):
        return False
    for k in filled:
        t = row.text(k)
        if not t[:1].islower() or data_figure(t) or not above.cells[k] or data_figure(above.text(k)):
            return False
    return len(above.filled) >= 2 and not above.text(filled[0]).rstrip().endswith((".", ":"))
