"""A table's rows and columns from its glyphs and rulings: pure geometry, no engine.

The table adapter hands over the glyphs of one candidate region in the table's own reading
frame (text runs left to right, lines top down: a table printed sideways is turned first) and
the rulings drawn there. :func:`read_table` reads them the way a person transcribes a table:

- **Glyphs** become lines of cell texts (*segments*) first: :mod:`adapters._table_glyphs`.
- **Columns** are the x-ranges that (nearly) every line holding two or more segments leaves
  blank, plus vertical rulings crossing most of the table: :mod:`adapters._table_columns`. A
  segment crossing a column boundary spans those columns (a heading over several columns).
- **Rows.** Each line is a row, except: between full-width horizontal rulings, the lines of a
  band whose cells wrap are one row; a label wrapped over several lines is one label; a line
  of lower-case text in a text column continues the row above: :mod:`adapters._table_rows`. A
  ruled grid leaving a cell open over several rows is read by its rulings:
  :mod:`adapters._table_grid`.
- **Header.** The rows on top that fill some column past the first and hold no figures other
  than years, else a first row set in bold, ruled off, or of text above columns of figures,
  merged into one text per column: :mod:`adapters._table_header`.

Here: the caption, a title above and notes below the table left out of it (a ruled grid's
own title row, inside its walls, kept as its first header row; what its rulings set outside
it: :mod:`adapters._table_outside`), the table's box grown to the rulings framing it, and a
column holding one stray text put back into its cell.
What the rulings say is in :mod:`adapters._table_rulings`.

Coordinates are whatever frame the caller uses (y grows downwards); sizes are font sizes in the
same unit. Nothing here knows about pages, engines or errors.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from adapters._table_columns import (
    BULLETS,
    column_cuts,
    split_at_column_starts,
    walled_at,
    without_bullet_columns,
    without_empty_columns,
    without_header_columns,
    without_stray_cuts,
)
from adapters._table_counters import counter_column
from adapters._table_glyphs import Glyph, Line, Rule, build_lines, is_figure
from adapters._table_grid import BodySpan, merged_across, ruled_rows, walled_grid
from adapters._table_header import (
    HeaderCell,
    header_cells,
    header_rows,
    header_spans,
    merged_header,
    ruled_apart,
)
from adapters._table_outside import outside_grid
from adapters._table_rows import Row, data_figure, label_only, merge_bands, rows_of
from adapters._table_rulings import RULE_TOL, RULE_WIDTH, across, merge_rules, side_panels
from adapters._table_spans import centred_between, run_across
from adapters._table_wraps import join_continuations
from pdfcore.caption_words import FILING_TABLE_WORDS, TABLE_WORDS, alternation


@dataclass
class Found:
    """One table: its box (in the caller's frame), merged header (empty: none found), rows, and
    the header's cells as printed when it has spanning cells or several levels (see
    :func:`adapters._table_header.header_cells`)."""

    bbox: tuple[float, float, float, float]
    header: list[str]
    rows: list[list[str]]
    header_cells: list[tuple[int, int, int, int, str]] = field(default_factory=list)
    #: Body cells over several rows: (body row, column, rows, columns); the text stands in the
    #: first row, the rows under it hold an empty cell there.
    body_spans: list[tuple[int, int, int, int]] = field(default_factory=list)


def read_table(glyphs: Sequence[Glyph], rules: Sequence[Rule] = ()) -> Found | None:
    """The table set in ``glyphs`` (one region), or None when they do not make one."""
    rules = merge_rules(rules)
    built = build_lines(glyphs, rules)
    lines = _without_caption(built)
    kept = {id(ln) for ln in lines}
    caption = [ln for ln in built if id(ln) not in kept]  # its lines stay out of the table's box
    if len(lines) < 2:
        return None
    em = statistics.median(ln.size for ln in lines)
    cuts = column_cuts(lines, rules)
    cuts = without_stray_cuts(lines, cuts, rules, em)
    cuts = without_bullet_columns(lines, cuts, rules, em)
    cuts = without_header_columns(lines, cuts, rules)
    cuts = without_empty_columns(lines, cuts, rules)
    if not cuts or side_panels(rules, cuts, [(s.x0, s.x1) for ln in lines for s in ln.segments], em):
        return None  # (boxes set side by side: their text is read box by box, as columns)
    lines = split_at_column_starts(lines, cuts, em)
    whole = lines
    lines = _trim(lines, cuts, rules)
    lines, ceiling, floor = outside_grid(lines, cuts, rules)
    if len(lines) < 2:
        return None
    lines, cuts = counter_column(lines, cuts, em)
    titled = _titled(lines, cuts, rules)
    # The table's box, grown to the rulings framing it, stops short of the lines left out
    # above and below it (a title, notes, its caption: they are text around the table).
    around = [*whole, *caption]
    ceiling = max([ceiling, *(ln.y1 for ln in around if ln.y1 <= lines[0].y0)])
    floor = min([floor, *(ln.y0 for ln in around if ln.y0 >= lines[-1].y1)])
    # (at the ruling between them and the table, when one runs there)
    if ceiling > float("-inf"):
        ceiling = max([ceiling, *(r.y0 for r in rules if not r.vertical and ceiling <= r.y0 <= lines[0].y0)])
    if floor < float("inf"):
        floor = min([floor, *(r.y1 for r in rules if not r.vertical and lines[-1].y1 <= r.y1 <= floor)])
    x0 = min(ln.x0 for ln in lines)
    x1 = max(ln.x1 for ln in lines)
    rows = rows_of(lines, cuts, em)
    rows = merge_bands(rows, rules, x0, x1)
    parting = [y for y, _, _ in across(rules, x0, x1)]
    label_width = max((r.x1 - r.x0 for r in rows if label_only(r)), default=cuts[0] - x0)
    label_width = max(label_width, cuts[0] - x0)
    n_head = header_rows(rows, rules, x0, x1)
    if n_head == 1 and titled and _bold_headings(rows[1:]):
        n_head = 2
    head = rows[:n_head]
    n = len(cuts) + 1
    ruled = ruled_rows(rows[n_head:], rules, cuts, em)
    if ruled is None:
        ruled = (
            join_continuations(rows[n_head:], label_width, parting, walled=walled_grid(rows[n_head:], rules, cuts)),
            [],
        )
    body, spans = centred_between(*ruled)
    if not any(walled_at(c, rules) for c in cuts):
        spans = run_across(body, spans, len(cuts) + 1)  # (a grid's walls tell its spans: merged_across)
    centres: list[float | None] = []
    for k in range(len(cuts) + 1):
        mids = [(e[0] + e[1]) / 2 for r in body if (e := r.extent[k])]
        centres.append(statistics.median(mids) if mids else None)
    per_row = header_spans(head, rules, cuts, em, centres, x1 - x0, body) if head else []
    header = merged_header(per_row, n) if head else []
    cells = header_cells(per_row, n, ruled_apart(head, rules, [x0, *cuts, x1]))
    spans = sorted([*spans, *merged_across(body, rules, cuts, spans)])
    grid = [[r.text(k) for k in range(n)] for r in body]
    walled = [walled_at(c, rules) for c in cuts]
    walls = list(walled)
    header, grid, cells, spans = _centred_spans((header, grid, cells, spans), walls, body, centres)
    header, grid, cells, spans = _drop_stray_columns(header, grid, cells, spans, walls)
    header, grid, cells, spans = _joined_shares(header, grid, cells, spans, walls)
    if len(grid) < 1 or (len(grid) + (1 if header else 0)) < 2 or _bulleted_list(header, grid):
        return None
    top = min(ln.y0 for ln in lines)
    bottom = max(ln.y1 for ln in lines)
    fx0, fy0, fx1, fy1 = _framed((x0, top, x1, bottom), rules, em)
    return Found((fx0, max(fy0, ceiling), fx1, min(fy1, floor)), header, grid, cells, spans)


def _bulleted_list(header: list[str], grid: list[list[str]]) -> bool:
    """Whether the rows are the items of a bulleted list, not a table: each opens with a list
    bullet, and the columns after the first hold text in one row at most (a word a justified
    line set apart, ``• Origin current claim`` ... ``single``)."""
    rows = [header, *grid] if header else grid
    if len(rows) < 2 or not all(r and r[0][:1] in BULLETS for r in rows):
        return False
    return sum(1 for r in rows for cell in r[1:] if cell.strip()) <= 1


def _framed(
    box: tuple[float, float, float, float], rules: Sequence[Rule], em: float
) -> tuple[float, float, float, float]:
    """The text's box grown to the rulings that frame it (a grid's outer lines)."""
    x0, y0, x1, y1 = box
    for r in rules:
        if r.x1 < x0 - em or r.x0 > x1 + em or r.y1 < y0 - em or r.y0 > y1 + em:
            continue
        if (r.vertical and (min(r.y1, y1) - max(r.y0, y0)) >= 0.5 * (y1 - y0)) or (
            not r.vertical and (min(r.x1, x1) - max(r.x0, x0)) >= 0.5 * (x1 - x0)
        ):
            x0, x1 = min(x0, r.x0), max(x1, r.x1)
            y0, y1 = min(y0, r.y0), max(y1, r.y1)
    return (x0, y0, x1, y1)


#: A table's header, body rows, header cells and body spans, as read_table builds them.
_Parts = tuple[list[str], list[list[str]], list[HeaderCell], list[BodySpan]]


def _drop_stray_columns(
    header: list[str],
    grid: list[list[str]],
    cells: list[HeaderCell],
    spans: list[BodySpan],
    walls: list[bool],
) -> _Parts:
    """A column holding text in one row only, right after text in the column before (words a
    wide space set apart inside a cell), is put back into that cell (not a cell over several
    rows, nor one beside it, nor a column a ruling sets apart: ``walls[k - 1]`` tells whether
    a vertical ruling stands between columns ``k - 1`` and ``k``; a column dropped drops its
    entry)."""
    if len(grid) < 4 or not grid:
        return header, grid, cells, spans

    def moved(k: int, parts: _Parts) -> bool:
        header, grid, _, spans = parts
        filled = [i for i, r in enumerate(grid) if r[k]]
        spanned = len(filled) == 1 and any(
            r <= filled[0] < r + rs and c <= k and k - 1 < c + cs for r, c, rs, cs in spans
        )
        if len(filled) == 1 and grid[filled[0]][k - 1] and not (header and header[k]) and not spanned:
            row = grid[filled[0]]
            row[k - 1] = f"{row[k - 1]} {row[k]}"
            return True
        return False

    return _merged_leftwards((header, grid, cells, spans), walls, moved)


#: A text centred over two columns stands within this share of the distance between their
#: centres from the middle between them.
SPAN_CENTRE = 0.15


def _centred_spans(parts: _Parts, walls: list[bool], body: Sequence[Row], centres: Sequence[float | None]) -> _Parts:
    """A column between two headed others holding only texts each centred between them, in
    rows leaving both empty, under no heading of its own (a value the two columns share, set
    once across both: ``0 to 100`` under ``HX-40`` and ``HX-40E``), is no column: each text is
    a cell over the two (a body span), and the column goes. Not where a vertical ruling parts the
    column from either neighbour."""
    mids = list(centres)
    extents = [list(r.extent) for r in body]
    k = 1
    while parts[1] and k + 1 < len(parts[1][0]) and k + 1 < len(mids):
        header, grid, cells, spans = parts
        a, b = mids[k - 1], mids[k + 1]
        filled = [i for i, r in enumerate(grid) if r[k]]
        if (
            a is None
            or b is None
            or not filled
            or not header
            or header[k]
            or not header[k - 1]
            or not header[k + 1]
            or any(c == k for _, c, _, _, _ in cells)
            or walls[k - 1]
            or walls[k]
            or any(grid[i][k - 1] or grid[i][k + 1] or not _centred_on(extents[i][k], a, b) for i in filled)
        ):
            k += 1
            continue
        for i in filled:
            grid[i][k - 1] = grid[i][k]
        header, grid, cells, spans = _without_column(k, header, grid, cells, spans)
        parts = header, grid, cells, sorted([*spans, *((i, k - 1, 1, 2) for i in filled)])
        del walls[k - 1], mids[k]
        for e in extents:
            del e[k]
    return parts


def _centred_on(extent: tuple[float, float] | None, a: float, b: float) -> bool:
    return extent is not None and abs((extent[0] + extent[1]) / 2 - (a + b) / 2) <= SPAN_CENTRE * (b - a)


def _merged_leftwards(parts: _Parts, walls: list[bool], moved: Callable[[int, _Parts], bool]) -> _Parts:
    """``parts`` without each column ``k`` that ``moved(k, parts)`` put into the column on its
    left (it moves the text and says so), looked at left to right; never one a vertical ruling
    sets apart (``walls[k - 1]``), and a column gone drops its entry in ``walls``."""
    k = 1
    while parts[1] and k < len(parts[1][0]):
        if not (k - 1 < len(walls) and walls[k - 1]) and moved(k, parts):
            parts = _without_column(k, *parts)
            del walls[k - 1]
            continue
        k += 1
    return parts


def _without_column(
    k: int, header: list[str], grid: list[list[str]], cells: list[HeaderCell], spans: list[BodySpan]
) -> _Parts:
    """The table without column ``k`` (its text moved elsewhere already): header cells and body
    spans over it one column narrower, those standing on it alone gone."""
    for r in grid:
        del r[k]
    if header:
        del header[k]
    cells = [(hr, c - (c > k), rs, cs - (c <= k < c + cs), text) for hr, c, rs, cs, text in cells if cs > 1 or c != k]
    spans = [(r, c - (c > k), rs, cs - (c < k < c + cs)) for r, c, rs, cs in spans]
    return header, grid, cells, [span for span in spans if span[2] > 1 or span[3] > 1]


#: A share set after its count: ``(24.7%)``, ``(3.5)``.
_SHARE = re.compile(r"^\(\s*[-+]?\d[\d.,]*\s*%?\s*\)$")


def _joined_shares(
    header: list[str],
    grid: list[list[str]],
    cells: list[HeaderCell],
    spans: list[BodySpan],
    walls: list[bool],
) -> _Parts:
    """A column of shares in parentheses (``(24.7%)``) right of a column of counts, both under
    one heading that spans the two and nothing else (``Sample`` over ``38`` and ``(24.7%)``),
    no ruling between them: one column, each count with its share (``38 (24.7%)``), as a
    reader reads ``n (%)``. A value standing where the share would with no count beside it (a
    total set under the shares) joins too. (``walls`` as for :func:`_drop_stray_columns`.)"""

    def moved(k: int, parts: _Parts) -> bool:
        _, grid, cells, _ = parts
        under_one = any(c == k - 1 and cs == 2 for _, c, _, cs, _ in cells)
        shares = [r[k] for r in grid if r[k] and r[k - 1]]
        if (
            under_one
            and len(shares) >= 2
            and all(_SHARE.match(v) for v in shares)
            and all(is_figure(r[k - 1]) for r in grid if r[k] and r[k - 1])
        ):
            for r in grid:
                r[k - 1] = f"{r[k - 1]} {r[k]}".strip()
            return True
        return False

    return _merged_leftwards((header, grid, cells, spans), walls, moved)


#: A table's caption: a table's word or a filing's (pdfcore.caption_words), in any case, then its
#: number or letter ("Table 5:", "TABLE A", "Exhibit 3", "Schedule I").
_CAPTION = re.compile(
    rf"^(?:{alternation((*TABLE_WORDS, *FILING_TABLE_WORDS))})(?![a-z])\s*[:.]?\s*(?:\d+|[IVXLC]+\b|[A-Z]\b)",
    re.IGNORECASE,
)


def is_caption(text: str) -> bool:
    """``text`` starts a table's caption (``Table 5: ...``, ``Exhibit 3``)."""
    return bool(_CAPTION.match(text))


def _without_caption(lines: list[Line]) -> list[Line]:
    """Without the table's caption (``Table 5: ...``, ``Exhibit 3``) when the region took it in:
    a line starting so among the first two (it and the lines above it go, and the lines it runs
    on into, see :func:`_caption_goes_on`) or the last two (it and the lines below)."""
    for k in range(min(2, len(lines))):
        if _CAPTION.match(lines[k].segments[0].text):
            while k + 1 < len(lines) and _caption_goes_on(lines[k], lines[k + 1]):
                k += 1
            return lines[k + 1 :]
    for k in range(len(lines) - 1, max(len(lines) - 3, -1), -1):
        if _CAPTION.match(lines[k].segments[0].text):
            return lines[:k]
    return lines


def _caption_goes_on(line: Line, below: Line) -> bool:
    """The caption's ``line`` runs on into ``below``: it leaves its sentence open (ends with a
    comma, a letter in lower case or a figure) and ``below`` is one text set flush with it
    (within ALIGN_PT) right under it (``Table A.3: Overall ... response rates,`` over
    ``NHANES III, 1988-94``)."""
    end = line.segments[-1].text.rstrip()[-1:]
    return (
        (end == "," or end.islower() or end.isdigit())
        and len(below.segments) == 1
        and abs(below.x0 - line.x0) <= ALIGN_PT
        and below.y0 - line.y1 <= CAPTION_ROW_GAP * (line.y1 - line.y0)
    )


#: A caption's rows stand at most this many row heights apart.
CAPTION_ROW_GAP = 1.5
ALIGN_PT = 2.0


def _trim(lines: list[Line], cuts: Sequence[float], rules: Sequence[Rule] = ()) -> list[Line]:
    """Without a title above the table or a note below it: a line of one segment running across
    the boundary between the first column and the next, above the first or below the last line
    of several cells, unless (below them) a column ruling runs down past its middle (a row of
    the grid whose one cell spans the columns, a section's name); or, below the last line of
    several cells, a paragraph of prose set apart from it (see :func:`_prose_below`). A line of
    one text on the grid's top row (:func:`_title_row`, the table's title printed inside the
    grid) stays with every line under it, and all above it goes (outside the grid)."""
    multi = [k for k, ln in enumerate(lines) if len(ln.segments) >= 2]
    if not multi:
        return lines
    first, last = multi[0], multi[-1]

    def across(ln: Line) -> bool:
        return len(ln.segments) == 1 and ln.x0 < cuts[0] < ln.x1

    start = 0
    for k in range(first):
        if len(lines[k].segments) == 1 and _title_row(lines, k, first, cuts, rules):
            # (the grid's title row stays, and so does every line of the grid under it; what
            # stands above it is outside the grid)
            start = k
            break
        if across(lines[k]):
            start = k + 1
    walls = [r for r in rules if r.vertical and any(abs((r.x0 + r.x1) / 2 - c) <= RULE_TOL for c in cuts)]

    def in_grid(ln: Line) -> bool:
        mid = (ln.y0 + ln.y1) / 2
        return any(r.y0 < mid < r.y1 for r in walls)

    end = len(lines)
    for k in range(len(lines) - 1, last, -1):
        if across(lines[k]) and not in_grid(lines[k]):
            end = k
    return lines[start : min(end, _prose_below(lines, last))]


#: A grid's title row stands right under the ruling closing the grid on top: the blank between
#: them is less than this many of its sizes (a cell's padding; a caption or a second line of a
#: frame's title pushes it further down).
TITLE_PADDING = 1.0
#: Pieces of one wall drawn cell by cell are one wall across gaps of at most this many of the
#: title's sizes (where the rulings between the cells cross it); a wall starts at the ruling
#: over the title when it starts at most as far above it.
WALL_GAP = 0.5


def _titled(lines: Sequence[Line], cuts: Sequence[float], rules: Sequence[Rule]) -> bool:
    """The table's first line is its grid's title row (see :func:`_title_row`)."""
    first = next((k for k, ln in enumerate(lines) if len(ln.segments) >= 2), 0)
    top = lines[0]
    return first > 0 and len(top.segments) == 1 and _title_row(lines, 0, first, cuts, rules)


def _bold_headings(rows: Sequence[Row]) -> bool:
    """``rows[0]``, under a grid's title row, holds the columns' headings: set in bold over rows
    not all bold, it fills some column past the first and holds no figure (the header's test of
    a bold first row, :func:`adapters._table_header.header_rows`, made under the title, which
    is bold itself)."""
    head = rows[0] if rows else None
    if head is None or len(rows) < 2 or not head.bold or all(r.bold for r in rows[1:]):
        return False
    values = [k for k in head.filled if k > 0]
    return bool(values) and not any(data_figure(head.text(k)) for k in values)


def _title_row(lines: Sequence[Line], k: int, first: int, cuts: Sequence[float], rules: Sequence[Rule]) -> bool:
    """``lines[k]``, one text above ``lines[first]`` (the first line of several cells), is on the
    top row of a ruled grid, inside its frame: a ruling across closes the grid right over it
    (TITLE_PADDING), no other line between them, and the grid's outer walls
    (a vertical ruling left of the first column boundary and one right of the last, in one
    piece or drawn cell by cell) run from that ruling down past the grid's first line of cells.
    A table's title printed so, inside the grid, is its first header row. A caption or a
    heading set above the grid's top ruling, or under a frame's top with other text between,
    stays out of it, and so does a row under a title (a ruling over it, but the walls running
    on above that ruling)."""
    ln = lines[k]
    mid = (ln.y0 + ln.y1) / 2
    below = (lines[first].y0 + lines[first].y1) / 2
    walls = sorted((r for r in rules if r.vertical), key=lambda r: r.y0)
    gap = WALL_GAP * ln.size

    def wall_top(x: float) -> float | None:
        """Where the wall at ``x`` starts, if it runs from above the title's middle down past
        the first line of cells (its pieces at most ``gap`` apart)."""
        top = reach = None
        for r in (r for r in walls if abs((r.x0 + r.x1) / 2 - x) <= RULE_TOL):
            if top is not None and reach is not None and r.y0 <= reach + gap:
                reach = max(reach, r.y1)
                continue
            if top is not None and reach is not None and top < mid and reach > below:
                return top
            top, reach = r.y0, r.y1
        return top if top is not None and reach is not None and top < mid and reach > below else None

    xs = {(r.x0 + r.x1) / 2 for r in walls}
    outer = [x for x in xs if x < min(cuts[0], ln.x0 + RULE_TOL) or x > max(cuts[-1], ln.x1 - RULE_TOL)]
    tops = {x: t for x in outer if (t := wall_top(x)) is not None}
    lefts = [x for x in tops if x < cuts[0]]
    rights = [x for x in tops if x > cuts[-1]]
    if not lefts or not rights:
        return False
    left, right = max(lefts), min(rights)
    over = [
        (r.y0 + r.y1) / 2
        for r in rules
        if not r.vertical
        and (r.y0 + r.y1) / 2 < mid
        and min(r.x1, right) - max(r.x0, left) >= RULE_WIDTH * (right - left)
    ]
    if not over:
        return False
    ruling = max(over)
    if ln.y0 - ruling >= TITLE_PADDING * ln.size or min(tops[left], tops[right]) < ruling - gap:
        return False
    return k == 0 or (lines[k - 1].y0 + lines[k - 1].y1) / 2 < ruling


#: A line of one text holding this many words at least reads as a sentence of prose ...
PROSE_WORDS = 8
#: ... and one set this many ems below the line above it (or more) starts a paragraph.
PARAGRAPH_GAP = 1.0


def _prose_below(lines: Sequence[Line], last: int) -> int:
    """Where the lines of a paragraph under the table start (``len(lines)``: none): below
    ``lines[last]``, the table's last line of several cells, a line of one text that reads as a
    sentence (PROSE_WORDS words or more, ending in a stop or a colon) set apart from the line
    above it by a paragraph's blank (PARAGRAPH_GAP ems and wider than the blanks between the
    table's lines), and only lines of one text after it: a sentence introducing what follows the
    table, which the region took in, is no row of it (a label wrapped under its row's figures
    is set close under them)."""
    gaps = [b.y0 - a.y1 for a, b in itertools.pairwise(lines[: last + 1])]
    usual = statistics.median(gaps) if gaps else 0.0
    for k in range(last + 1, len(lines)):
        ln = lines[k]
        text = ln.segments[0].text
        gap = ln.y0 - lines[k - 1].y1
        if (
            len(text.split()) >= PROSE_WORDS
            and text.rstrip().endswith((".", ":"))
            and gap >= PARAGRAPH_GAP * ln.size
            and gap > 2 * usual
            and all(len(o.segments) == 1 for o in lines[k:])
        ):
            return k
    return len(lines)
