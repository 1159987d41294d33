"""Grids the table reader gives that are no tables: running text cut at its line ends
(prose_table, unless rulings box its cells, see boxed), a chart's labels or text set against a
column of colons (scattered_table), display formulas beside their numbers (formula_table), and
a chart's value axis read down a column (axis_table, for a grid lying on a vector figure).
Their rows stay text, or their figure, in the Markdown.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from pdfcore.models import Box, Table
from pdfcore.structure.markers import CLOSING, list_marker

#: A table is prose when this share of its rows run on into the next, or when this share of its
#: words are in cells of PROSE_WORDS words or more and this share of its cells are empty (see
#: prose_table).
PROSE_RUNS = 0.2
PROSE_SHARE = 0.5
PROSE_WORDS = 8
PROSE_EMPTY = 0.2
#: A row is a record (an index's number, title, form, file number and date) when it holds this
#: many filled cells, this many of them short (at most RECORD_WORDS words); a table whose rows
#: are records in this share is no prose, however many of its words its long cells hold.
RECORD_CELLS = 3
RECORD_SHORT = 2
RECORD_WORDS = 3
RECORD_SHARE = 0.6
#: A doubtful table is a chart's labels when at most this share of its cells hold text and at
#: least this share of its rows hold one cell or none (see scattered_table).
SCATTERED_FILLED = 0.35
SCATTERED_ROWS = 0.6
#: A doubtful table is labels set against a column of colons when that column has at least
#: this many cells (see _colon_column).
COLON_ROWS = 3
#: A value axis has at least this many ticks.
AXIS_TICKS = 4
_INNER_STOP = re.compile(r"[a-z][.!?]\s+[A-Z][a-z]")


def prose_table(table: Table, rules: Sequence[Box] = ()) -> bool:
    """A "table" that is running text cut at its line ends (a column of prose beside a box, read
    as a grid): cells of several words that end mid-sentence with the sentence going on in lower
    case right below them in the next row (fewer words when a sentence ends inside one of the
    two), or most of its words in long cells with many cells empty, unless most rows are records
    (see :func:`_record`: an exhibit index's descriptions beside their forms, dates and sparse
    marks); never when ``rules`` (the
    page's rulings) box its cells (see :func:`boxed`) or rule its rows apart (see
    :func:`ruled_apart`): a checklist of long item names and
    sparse marks, a ruled timetable whose cells start in lower case, no sentence runs on past a
    ruling. Its rows stay text in the Markdown, so no text is lost into a false table."""
    rows = [r for r in table.rows if any(c.strip() for c in r)]
    if len(rows) < 3 or boxed(table, rules) or ruled_apart(table, rules):
        return False
    runs_on = 0
    for a, b in itertools.pairwise(rows):
        if _label(a) and _label(b):
            continue  # an entry of its own under its label: no sentence runs on into it
        for x, y in zip(a, b, strict=False):
            x, y = x.strip(), y.strip()
            if not x or not y or x.endswith(CLOSING) or not y[0].islower():
                continue
            nx, ny = len(x.split()), len(y.split())
            if (nx >= 5 and ny >= 3) or (
                # shorter pieces of justified prose: a sentence ends inside one of them
                nx >= 4 and ny >= 2 and not list_marker(y) and (_INNER_STOP.search(x) or _INNER_STOP.search(y))
            ):
                runs_on += 1
                break
    cells = [c for r in rows for c in r]
    words = [len(c.split()) for c in cells]
    total = sum(words) or 1
    in_long = sum(n for n in words if n >= PROSE_WORDS)
    empty = sum(1 for n in words if n == 0)
    return runs_on >= PROSE_RUNS * (len(rows) - 1) or (
        in_long >= PROSE_SHARE * total
        and empty >= PROSE_EMPTY * len(cells)
        and sum(1 for r in rows if _record(r)) < RECORD_SHARE * len(rows)
    )


def _label(row: Sequence[str]) -> bool:
    """The row opens with a label: a first cell of a few words (RECORD_WORDS at most) holding a
    letter or digit, not in lower case, with more text beside it (``SearchQA`` before its query
    and answer, a report's number before its fields). Prose read as a grid has a line's piece
    of many words there, or the sentence going on in lower case; a display formula's rows open
    with ``=``."""
    first = row[0].strip() if row else ""
    return (
        any(ch.isalnum() for ch in first)
        and len(first.split()) <= RECORD_WORDS
        and not first[0].islower()
        and any(c.strip() for c in row[1:])
    )


def _record(row: Sequence[str]) -> bool:
    """A row of several filled cells, two short ones or more beside its long text, or one
    opening with a bullet: a record of a list (an action with its dates and partners; prose read
    as a grid fills a long cell a line, little beside it)."""
    filled = [c.strip() for c in row if c.strip()]
    return len(filled) >= RECORD_CELLS and (
        sum(1 for c in filled if len(c.split()) <= RECORD_WORDS) >= RECORD_SHORT
        or any(list_marker(c) in ITEM_BULLETS for c in filled)
    )


#: Bullets that open a list's item only (a dash or an asterisk also opens a figure or a note).
ITEM_BULLETS = frozenset("•◦▪‣⁃●■►▶▸▹➢➤")


#: Rulings closer than this (points) are one line of a grid; a ruling reaching this near a
#: table's box is one of its lines.
GRID_TOL = 3.0


def boxed(table: Table, rules: Sequence[Box]) -> bool:
    """Every cell of ``table`` is set apart by rulings: inside its box, horizontal rulings at
    as many heights as its rows need (one over each row and one under the last) and vertical
    ones at as many places as its columns need, the outermost of each running the box's width
    or height (its frame; rulings drawn cell by cell count together). Prose read as a grid has
    no such lines between its rows and columns (a frame round a box is four)."""
    box = table.bbox
    width = max((len(r) for r in table.rows), default=0)
    height = len(table.rows) + (1 if table.header else 0)
    if width < 2 or height < 2:
        return False
    inside = [
        r
        for r in rules
        if box.x0 - GRID_TOL <= r.x0
        and r.x1 <= box.x1 + GRID_TOL
        and box.y0 - GRID_TOL <= r.y0
        and r.y1 <= box.y1 + GRID_TOL
    ]
    # A vertical ruling starting or ending inside the box and running on past its other edge
    # (the side of a frame drawn round the table and a title or notes the table leaves out)
    # counts as far as the box.
    inside += [
        Box(r.x0, max(r.y0, box.y0), r.x1, min(r.y1, box.y1))
        for r in rules
        if r.height > r.width
        and box.x0 - GRID_TOL <= r.x0
        and r.x1 <= box.x1 + GRID_TOL
        and (box.y0 - GRID_TOL <= r.y0 <= box.y1 or box.y0 <= r.y1 <= box.y1 + GRID_TOL)
        and not (box.y0 - GRID_TOL <= r.y0 and r.y1 <= box.y1 + GRID_TOL)
    ]
    ys = _lines_at([((r.y0 + r.y1) / 2, r.width) for r in inside if r.width >= r.height])
    xs = _lines_at([((r.x0 + r.x1) / 2, r.height) for r in inside if r.width < r.height])
    return len(ys) >= height + 1 and len(xs) >= width + 1 and _spans(ys, box.width) and _spans(xs, box.height)


#: Rows set apart by rulings across the table (half its width at least) at this share of the
#: places its rows need (see :func:`ruled_apart`).
RULED_ROWS = 0.8


def ruled_apart(table: Table, rules: Sequence[Box]) -> bool:
    """The table's rows are set apart by horizontal rulings across it, each half its width at
    least, at RULED_ROWS of the places its rows need (one between each two and the outer
    ones): a table ruled row by row without walls or a frame (prose read as a grid has no line
    between its lines)."""
    box = table.bbox
    height = len(table.rows) + (1 if table.header else 0)
    across = [
        r
        for r in rules
        if r.width >= r.height
        and r.width >= 0.5 * box.width
        and box.x0 - GRID_TOL <= r.x0
        and r.x1 <= box.x1 + GRID_TOL
        and box.y0 - GRID_TOL <= r.y0
        and r.y1 <= box.y1 + GRID_TOL
    ]
    ys = _lines_at([((r.y0 + r.y1) / 2, r.width) for r in across])
    return height >= 3 and len(ys) >= RULED_ROWS * (height + 1)


def _lines_at(rulings: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Rulings at one position (within GRID_TOL) taken together: (position, summed length)."""
    out: list[tuple[float, float]] = []
    for at, length in sorted(rulings):
        if out and at - out[-1][0] <= GRID_TOL:
            out[-1] = (out[-1][0], out[-1][1] + length)
        else:
            out.append((at, length))
    return out


def _spans(lines: Sequence[tuple[float, float]], extent: float) -> bool:
    """The last line and the first or second (the grid's frame) run the table's whole extent:
    the corner cell over the row labels may be left open, its top ruled over the columns only."""
    full = extent - 2 * GRID_TOL
    return any(at[1] >= full for at in lines[:2]) and lines[-1][1] >= full


def scattered_table(table: Table) -> bool:
    """A grid the table reader doubts (``low_confidence``) that is a chart's labels read as rows
    and columns: its text scattered over it (at most SCATTERED_FILLED of its cells hold text
    and most rows hold one cell or none), or its first or last column an axis (see
    :func:`value_axis`); or lines of labels set against a column of colons (see
    :func:`_colon_column`). Its text stays text in the Markdown."""
    if not table.low_confidence:
        return False
    rows = [*([table.header] if table.header else []), *table.rows]
    cells = [c for r in rows for c in r]
    if len(rows) < 3 or not cells:
        return False
    filled = sum(1 for c in cells if c.strip())
    lone = sum(1 for r in rows if sum(1 for c in r if c.strip()) <= 1)
    if filled <= SCATTERED_FILLED * len(cells) and lone >= SCATTERED_ROWS * len(rows) and not _form_grid(table):
        return True
    if _colon_column(rows):
        return True
    # (a text over several columns, a chart's title or its axis' caption, is in no one column)
    top = 1 if table.header else 0
    spans = [s for s in table.body_spans or () if s.columns > 1]
    first = {s.row + top for s in spans if s.column == 0}
    width = max(len(r) for r in rows)
    last = {s.row + top for s in spans if s.column + s.columns >= width}
    return value_axis([r[0] if r and k not in first else "" for k, r in enumerate(rows)]) or value_axis(
        [r[-1] if r and k not in last else "" for k, r in enumerate(rows)]
    )


#: A form's grid to fill in has this many columns at least (see _form_grid).
FORM_GRID_COLUMNS = 3


def _form_grid(table: Table) -> bool:
    """A form's grid to fill in (a standing order's products by the days of the week, its cells
    blank): a header naming every column, FORM_GRID_COLUMNS at least, and a name in the first
    cell of every row, but no value axis there (a chart's ticks). A chart's labels read as a grid
    do not head each of its columns."""
    header = table.header
    if len(header) < FORM_GRID_COLUMNS or not all(c.strip() for c in header) or not table.rows:
        return False
    names = [r[0] if r else "" for r in table.rows]
    return all(n.strip() for n in names) and not value_axis(names)


def axis_table(table: Table) -> bool:
    """Whether a column of the grid holds a chart's value axis (see :func:`value_axis`): a run of
    tick cells (empty cells skipped; a cell of another kind, such as a chart's title or its
    dates, ends the run) stepping evenly, over at least a third of the grid's rows. A grid
    that lies on a vector figure and holds one is the chart's labels read as rows and columns
    (several charts side by side, each with its frame and grid lines)."""
    rows = [*([table.header] if table.header else []), *table.rows]
    width = max((len(r) for r in rows), default=0)
    for col in range(width):
        run: list[str] = []
        for r in rows:
            cell = r[col].strip() if col < len(r) else ""
            if not cell:
                continue
            if all(_TICK.match(w) for w in cell.split()):
                run.append(cell)
                continue
            if 3 * len(run) >= len(rows) and value_axis(run):
                return True
            run = []
        if 3 * len(run) >= len(rows) and value_axis(run):
            return True
    return False


def _colon_column(rows: Sequence[Sequence[str]]) -> bool:
    """A column past the first whose every cell starts with a colon, in most rows: labels
    set against a column of colons ("MICHAEL A. KNOWLES, :" over "v. : No. 07-1315", a
    court case's caption; "Name : value" lines), a layout of text, not a table's column."""
    width = max((len(r) for r in rows), default=0)
    for col in range(1, width):
        cells = [r[col].strip() for r in rows if col < len(r) and r[col].strip()]
        if (
            len(cells) >= COLON_ROWS
            and len(cells) >= SCATTERED_ROWS * len(rows)
            and all(c.startswith(":") for c in cells)
        ):
            return True
    return False


_TICK = re.compile(r"^[-−–]?[$€£¥]?(\d{1,3}(?:,\d{3})*|\d+)(?:\.\d+)?%?$")


def tick_word(word: str) -> bool:
    """A word a chart's value axis may print as a tick ("40", "-0.5", "$140", "25%", "1,000")."""
    return _TICK.match(word) is not None


def value_axis(cells: Sequence[str]) -> bool:
    """A chart's value axis down a column: the leading numbers of its cells ("$140", "$120",
    ... "$0"; a cell may hold two ticks the reader ran together, "$60 $40"), AXIS_TICKS or more
    in at least half the rows, step one way by a step other than one (not a column of years or
    row numbers), or by two or three such steps where a tick is missing."""
    values: list[float] = []
    rows = 0
    for cell in cells:
        words = cell.split()
        if not words:
            continue
        rows += 1
        if _TICK.match(words[0]) is None:
            return False
        for word in words:
            if _TICK.match(word) is None:
                break
            sign = -1.0 if word[:1] in "-−–" else 1.0
            values.append(sign * float(word.lstrip("-−–$€£¥").rstrip("%").replace(",", "")))
    if len(values) < AXIS_TICKS or 2 * rows < len(cells):
        return False
    steps = [b - a for a, b in itertools.pairwise(values)]
    if not all(steps) or len({st > 0 for st in steps}) > 1:
        return False
    unit = min(abs(st) for st in steps)
    if unit == 1.0:
        return False
    multiples = [abs(st) / unit for st in steps]
    even = all(round(m) <= 3 and abs(m - round(m)) <= 0.01 for m in multiples)
    return even and 2 * sum(1 for m in multiples if round(m) == 1) >= len(steps)


#: A cell holding an equation's number alone: "(5)", "(12b)".
_EQUATION_NUMBER = re.compile(r"^\(\d{1,3}[a-z]?\)$")
#: The pieces a math font draws tall brackets with (the private-use code points of the Symbol
#: font's bracket parts).
_BRACKET_PIECES = "".join(chr(c) for c in range(0xF8E5, 0xF8FF))
#: A glyph the table reader found no character for (U+FFFD; some readers write its code,
#: "(cid:88)": a math font's big operators, a sum or a product), or a tall bracket's piece.
_FORMULA_GLYPH = re.compile(rf"\ufffd|\(cid:\d+\)|[{_BRACKET_PIECES}]")


def formula_table(table: Table) -> bool:
    """A "table" that is display formulas set beside their numbers: a cell holds an equation's
    number alone ("(5)", maybe after a tall bracket's piece) and some cell holds a glyph of a
    formula's (see _FORMULA_GLYPH: "(cid:88)", a sum sign drawn from a math font the table
    reader found no character for). Its rows stay text (pdfium's reading of the formula)."""
    cells = [c for r in (table.header, *table.rows) for c in r if c.strip()]
    return any(_FORMULA_GLYPH.search(c) for c in cells) and any(
        _EQUATION_NUMBER.match(c.strip(_BRACKET_PIECES + " ")) for c in cells
    )
