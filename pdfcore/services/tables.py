"""Tables: which detections to keep, and the whole step (where to look, the extractor on
those regions only, the clean-up).

Where to look is :mod:`pdfcore.services.table_regions`. What the extractor returns is then
cleaned (:func:`clean_tables`): cells become strings
(``None`` is ``""``, line breaks inside a cell become spaces), rows are padded to the widest,
empty rows and columns are dropped, and detections that are not tables are suppressed:
page-sized ones (the body block of a dense page, >= 80 % of the page in both dimensions) unless
they read as a table (three columns or more, five rows or more, short cells, trusted) or
rulings box their every cell (a ruled sheet printed on a page), ones
in the printer's margin (crop marks, slugs), ones left with fewer than two columns, two rows or
four filled cells, mostly empty grids, and lists (markers and paragraphs).

All geometry is page space (points, top-left origin); page indexes are 0-based.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from pdfcore.errors import ExtractionFailed, MalformedPdf, PageOutOfRange, ResourceLimit
from pdfcore.geometry import area, intersection, to_clip
from pdfcore.layout.hyphens import Lexicon, keep_hyphen
from pdfcore.models import BodySpan, Box, DocumentSource, HeaderCell, PageText, Table
from pdfcore.results.reading import TableOut
from pdfcore.services.table_regions import candidate_regions, page_lines
from pdfcore.services.text_pieces import PLACEHOLDERS
from pdfcore.structure.false_tables import boxed
from pdfcore.structure.markers import MARKER
from pdfcore.structure.page import true_tables
from ports.table_extractor import BROKEN_WORD, TableExtractor

if TYPE_CHECKING:
    from ports.word_list import WordList

# Clean-up.
#: A detection covering at least this share of the page in both dimensions is the page's body
#: block taken for a table, not a table.
PAGE_SIZED = 0.8
#: Minimum content of a kept table.
MIN_COLUMNS = 2
MIN_ROWS_KEPT = 2
MIN_FILLED_CELLS = 4
#: Share of a kept table's cells that hold text (chart labels scattered over a grid do not).
MIN_FILL = 0.2
#: Median words of the text column of a list.
LIST_WORDS = 5

_SPACES = re.compile(r"\s+")


# --------------------------------------------------------------------------------------------
# What to keep


def normalise_cell(value: object) -> str:
    """A cell as a string: None is "", line breaks and runs of spaces become one space."""
    if value is None:
        return ""
    return _SPACES.sub(" ", str(value)).strip()


def normalise_grid(rows: Sequence[Sequence[object]], *, keep_first: bool = False) -> list[list[str]]:
    """Strings, rectangular (padded to the widest row), without empty rows and columns (the
    first row is kept with ``keep_first``: a header row whose cells are all empty is still the
    header)."""
    grid = [[normalise_cell(c) for c in row] for row in rows]
    grid = [row for k, row in enumerate(grid) if any(row) or (keep_first and k == 0)]
    if not grid:
        return []
    width = max(len(row) for row in grid)
    grid = [row + [""] * (width - len(row)) for row in grid]
    keep = [c for c in range(width) if any(row[c] for row in grid)]
    return [[row[c] for c in keep] for row in grid]


#: A page-sized table is kept with at least this many columns and body rows ...
PAGE_TABLE_COLUMNS = 3
PAGE_TABLE_ROWS = 5
#: ... and filled cells this short at the median (cells, not sentences).
PAGE_TABLE_CELL = 30


def _page_table(grid: Sequence[Sequence[str]]) -> bool:
    """A detection filling the page that is a table all the same (a spreadsheet printed on a
    page, a full-page statement): three columns or more, five rows or more, short cells, and a
    structure worth trusting; not the body of a dense page read as a grid."""
    body = grid[1:]
    filled = [c for row in grid for c in row if c]
    if len(grid[0]) < PAGE_TABLE_COLUMNS or len(body) < PAGE_TABLE_ROWS or not filled:
        return False
    if statistics.median(len(c) for c in filled) > PAGE_TABLE_CELL:
        return False
    return not low_confidence(grid[0], body)


def is_page_sized(bbox: Box, page_width: float, page_height: float) -> bool:
    if page_width <= 0 or page_height <= 0:
        return False
    return bbox.width >= PAGE_SIZED * page_width and bbox.height >= PAGE_SIZED * page_height


def in_margin(bbox: Box, page_width: float, page_height: float) -> bool:
    """Mostly outside the visible page: the printer's margin (crop marks, slugs) or off-page."""
    if page_width <= 0 or page_height <= 0:
        return False
    if bbox.width <= 0 or bbox.height <= 0:
        return True
    inside = intersection(bbox, Box(0.0, 0.0, page_width, page_height))
    return inside is None or area(inside) < 0.5 * area(bbox)


def clean_tables(
    tables: Iterable[Table], page_width: float, page_height: float, rules: Sequence[Box] = ()
) -> tuple[Table, ...]:
    """Normalised tables worth reporting, in reading order (top to bottom, left to right).
    ``rules``: the page's rulings (a page-sized detection whose every cell they box is a
    ruled sheet, not a page's body read as a grid)."""
    kept: list[tuple[Table, int]] = []
    for t in tables:
        if in_margin(t.bbox, page_width, page_height):
            continue
        has_header = bool(t.header)
        grid = normalise_grid([t.header, *t.rows] if has_header else list(t.rows), keep_first=has_header)
        if len(grid) < MIN_ROWS_KEPT or not grid or len(grid[0]) < MIN_COLUMNS:
            continue
        if is_page_sized(t.bbox, page_width, page_height) and not _page_table(grid) and not boxed(t, rules):
            continue
        filled = sum(1 for row in grid for c in row if c)
        if filled < MIN_FILLED_CELLS or filled < MIN_FILL * len(grid) * len(grid[0]) or _is_list(grid):
            continue
        header, body = (tuple(grid[0]), grid[1:]) if has_header else ((), grid)
        rows = tuple(tuple(r) for r in body)
        table = attrs.evolve(
            t,
            header=header,
            rows=rows,
            low_confidence=t.low_confidence or low_confidence(header, rows),
            header_cells=_kept_cells(t, len(header)),
            body_spans=_kept_spans(t, has_header, len(header) if has_header else len(rows[0]) if rows else 0),
        )
        # Two detections of the same area (overlapping regions): keep the fuller one.
        dup = next((k for k, (o, _) in enumerate(kept) if _same_area(o.bbox, t.bbox)), None)
        if dup is None:
            kept.append((table, filled))
        elif filled > kept[dup][1]:
            kept[dup] = (table, filled)
    return tuple(t for t, _ in sorted(kept, key=lambda tf: (tf[0].bbox.y0, tf[0].bbox.x0)))


def _kept_cells(table: Table, width: int) -> tuple[HeaderCell, ...]:
    """The header's printed cells on the columns kept (the empty ones are dropped), texts
    normalised; none when the header is gone."""
    if not table.header_cells or not table.header or width == 0:
        return ()
    grid = [[normalise_cell(c) for c in row] for row in (table.header, *table.rows)]
    n = max(len(r) for r in grid)
    kept = [k for k in range(n) if any(k < len(r) and r[k] for r in grid)]
    if len(kept) != width:
        return ()
    out = []
    for cell in table.header_cells:
        cols = [kept.index(k) for k in range(cell.column, cell.column + cell.columns) if k in kept]
        text = normalise_cell(cell.text)
        if cols and text:
            out.append(attrs.evolve(cell, text=text, column=cols[0], columns=cols[-1] - cols[0] + 1))
    return tuple(out)


def _kept_spans(table: Table, has_header: bool, width: int) -> tuple[BodySpan, ...]:
    """The body's cells over several rows on the rows and columns kept (empty ones are
    dropped); a span left over one cell is no span."""
    if not table.body_spans or width == 0:
        return ()
    grid = [[normalise_cell(c) for c in row] for row in (*((table.header,) if has_header else ()), *table.rows)]
    n = max(len(r) for r in grid)
    cols = [k for k in range(n) if any(k < len(r) and r[k] for r in grid)]
    body = grid[1:] if has_header else grid
    rows = [i for i, r in enumerate(body) if any(r)]
    if len(cols) != width:
        return ()
    out = []
    for span in table.body_spans:
        kept_rows = [rows.index(i) for i in range(span.row, span.row + span.rows) if i in rows]
        kept_cols = [cols.index(k) for k in range(span.column, span.column + span.columns) if k in cols]
        if not kept_rows or not kept_cols or span.row not in rows or span.column not in cols:
            continue
        if len(kept_rows) > 1 or len(kept_cols) > 1:
            out.append(
                BodySpan(kept_rows[0], kept_cols[0], kept_rows[-1] - kept_rows[0] + 1, kept_cols[-1] - kept_cols[0] + 1)
            )
    return tuple(out)


#: Share of empty or single-character cells above which a table's structure is not trusted ...
SPARSE_SHARE = 0.3
#: ... and of cells holding two figures or more (columns run together).
RUN_TOGETHER_SHARE = 0.15
_CELL_FIGURE = re.compile(r"^[(\[]?[-+−–]?[$€£¥]?[(\[]?\d[\d,.]*%?[)\]]?%?$")


def low_confidence(header: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """The table's structure cannot be trusted: more than 30 % of its cells (header included, or
    of its body) are empty or a single character, or many cells hold several figures (columns
    run together). Short cells that are data are cells like any other, not a sign of a broken
    table: those of a clean short column (see :func:`short_columns`: a ``#`` column, a grade,
    a one-digit count), and a dash standing for nil or a figure of one digit (a count of 0 or
    3) in a column of figures."""
    body = [c for r in rows for c in r]
    if not body:
        return True
    clean = short_columns(header, rows)
    figures = _figure_columns(rows)

    def debris(k: int, cell: str) -> bool:
        text = cell.strip()
        return len(text) <= 1 and k not in clean and not ((text in PLACEHOLDERS or text.isdigit()) and k in figures)

    head = sum(1 for k, c in enumerate(header) if debris(k, c))
    own = sum(1 for r in rows for k, c in enumerate(r) if debris(k, c))
    if head + own > SPARSE_SHARE * (len(header) + len(body)) or own > SPARSE_SHARE * len(body):
        return True
    filled = [c for c in body if c.strip()]
    several = sum(1 for c in filled if sum(1 for tok in c.split() if _CELL_FIGURE.match(tok)) >= 2)
    return several > RUN_TOGETHER_SHARE * len(filled)


def _figure_columns(rows: Sequence[Sequence[str]]) -> set[int]:
    """Columns whose filled cells, dashes aside, are mostly figures."""
    out = set()
    for k in range(max((len(r) for r in rows), default=0)):
        cells = [r[k].strip() for r in rows if k < len(r) and r[k].strip() and r[k].strip() not in PLACEHOLDERS]
        if cells and sum(1 for c in cells if _CELL_FIGURE.match(c.replace(" ", ""))) * 2 > len(cells):
            out.add(k)
    return out


#: Characters of a clean short column besides letters and digits (check marks).
_MARKS = frozenset("✓✔✗✘")
#: A clean short column's cells hold at most this many characters.
SHORT_CELL = 3


def short_columns(header: Sequence[str], rows: Sequence[Sequence[str]]) -> set[int]:
    """Columns of short cells that are data, not debris: every body row fills the column, with
    at most three characters of one kind (all digits, all letters, or all check marks: a ``#``
    column, a grade, a count, a tick), and not the letters of words the reader split (the cell
    beside them going on in lower case: ``B`` | ``alance``; a lower-case letter after a word
    that it ends). Dots, brackets and signs are never such a column."""
    if len(rows) < 2:
        return set()
    width = max(len(r) for r in rows)
    out: set[int] = set()
    for k in range(width):
        cells = [r[k].strip() if k < len(r) else "" for r in rows]
        if not all(cells) or max(len(c) for c in cells) > SHORT_CELL or min(len(c) for c in cells) > 1:
            continue
        kinds = {_kind(c) for c in cells}
        if len(kinds) != 1 or None in kinds:
            continue
        if kinds == {"letters"}:
            after = [r[k + 1].strip() for r in rows if k + 1 < len(r)]
            before = [r[k - 1].strip() for r in rows if k >= 1]
            if sum(1 for c in after if c[:1].islower()) * 2 >= len(rows):
                continue  # the first letters of labels set apart from their rest
            if all(c.islower() for c in cells) and sum(1 for c in before if c[-1:].isalpha()) * 2 >= len(rows):
                continue  # the last letters of words set apart from them
        out.add(k)
    return out


def _kind(cell: str) -> str | None:
    if cell.isdigit():
        return "digits"
    if cell.isalpha():
        return "letters"
    if all(ch in _MARKS for ch in cell):
        return "marks"
    return None


def _is_list(grid: Sequence[Sequence[str]]) -> bool:
    """Markers and paragraphs (a bulleted or numbered list, footnotes), not a table: two
    columns, the second running text, the first empty on its continuation lines; or the first
    holding list markers only (``1.``, ``b)``, ``(iv)``, bullets) beside text that is no
    figure."""
    if len(grid[0]) != 2:
        return False
    words = [len(row[1].split()) for row in grid if row[1]]
    continued = sum(1 for row in grid if row[1] and not row[0])
    if bool(words) and statistics.median(words) >= LIST_WORDS and continued >= 0.3 * len(grid):
        return True
    markers = [row[0] for row in grid if row[0]]
    return (
        len(markers) >= 2
        and all(MARKER.match(m) for m in markers)
        and not any(_CELL_FIGURE.match(row[1].replace(" ", "")) for row in grid if row[1])
    )


def _same_area(a: Box, b: Box) -> bool:
    inter = intersection(a, b)
    return inter is not None and area(inter) >= 0.5 * min(area(a), area(b))


def table_out(table: Table, page_width: float, page_height: float) -> TableOut:
    """The table as a result: 1-based pages, optional fields left out when unset."""

    def one_based(page: int | None) -> int | None:
        return None if page is None else page + 1

    return TableOut(
        header=table.header,
        rows=table.rows,
        bbox=table.bbox,
        clip=to_clip(table.bbox, page_width, page_height),
        page=one_based(table.page),
        low_confidence=True if table.low_confidence else None,
        continued_from=one_based(table.continued_from),
        continued_on=one_based(table.continued_on),
        header_cells=table.header_cells or None,
        body_spans=table.body_spans or None,
    )


# --------------------------------------------------------------------------------------------
# The whole step


@frozen
class PageTables:
    """The tables of one page, and whether (and why not) the extractor read it."""

    tables: tuple[TableOut, ...] = ()
    #: False when no candidate region was found (the extractor did not run).
    searched: bool = False
    #: Stable error code when the page could not be read for tables (``resource_limit``,
    #: ``extraction_failed``, ``malformed_pdf``, ``page_out_of_range``); the page's text is
    #: unaffected.
    skipped: str | None = None


class TableService:
    """Tables of one page: candidate regions, the extractor on them only, then clean-up.

    A page the extractor cannot read (too large, damaged content) comes back with ``skipped``
    set rather than failing the caller's read; errors about the document itself escape
    (``password_required``, ``password_incorrect``, ``file_changed``, ``file_not_found``).
    """

    #: Extractor failures confined to one page. ``page_out_of_range`` among them: on a damaged
    #: page tree the table engine may find fewer pages than the text engine did (pdfium rebuilds
    #: a broken cross-reference table, pdfminer's walk stops short), and a page the text engine
    #: read is then one the table engine does not have; the read asked only for pages that exist.
    PAGE_ERRORS = (ResourceLimit, ExtractionFailed, MalformedPdf, PageOutOfRange)

    def __init__(self, extractor: TableExtractor, common: WordList | None = None) -> None:
        self.extractor = extractor
        #: The common words of English, for words broken at a line end in a cell (see
        #: :func:`joined_breaks`).
        self.common = common

    def page_tables(self, source: DocumentSource, page: PageText, page_width: float, page_height: float) -> PageTables:
        return self.read(source, page, candidate_regions(page, page_width, page_height), page_width, page_height)

    def read(
        self, source: DocumentSource, page: PageText, regions: tuple[Box, ...], page_width: float, page_height: float
    ) -> PageTables:
        """:meth:`page_tables` on the regions where to look, found already (may run on any
        thread: the extractor is called, nothing else is shared)."""
        if not regions:
            return PageTables()
        try:
            found = self.extractor.extract_tables(source, page.index, regions=regions)
        except self.PAGE_ERRORS as exc:
            return PageTables(searched=True, skipped=exc.code)
        if any(BROKEN in c for t in found for c in t.texts()):
            lexicon = Lexicon(lines=tuple(page_lines(page)), common=self.common)
            found = tuple(joined_breaks(t, lexicon) for t in found)
        kept = true_tables(page, clean_tables(found, page_width, page_height, page.rules), page_width, page_height)
        tables = tuple(table_out(attrs.evolve(t, page=page.index), page_width, page_height) for t in kept)
        return PageTables(tables=tables, searched=True)


#: Where the table reader's cell had a hyphen at a line's end (see ports.table_extractor).
BROKEN = BROKEN_WORD
_BREAK = re.compile(rf"(\S*){BROKEN} ?(\S*)")


def joined_breaks(table: Table, lexicon: Lexicon) -> Table:
    """``table`` with each word the reader gives broken at a line's end in a cell (its hyphen a
    soft hyphen) whole or hyphenated as the page's words and the common words of English tell
    (:func:`pdfcore.layout.hyphens.keep_hyphen`, as for a word broken in the text), but whole
    only when the page or the common words know the word so joined: a cell's short lines break
    compounds at their own hyphen as often as words between syllables, so a join nobody knows
    keeps the hyphen as printed. ``sys-`` + ``tem`` -> ``system``, ``well-`` + ``known`` ->
    ``well-known``, ``in-`` + ``house`` -> ``in-house``, ``centre-`` + ``village`` (a page in
    French) -> ``centre-village``."""

    def mend(m: re.Match[str]) -> str:
        left, right = m[1], m[2]
        return (
            left + ("-" if keep_hyphen(left, right, lexicon) or not _known_join(left, right, lexicon) else "") + right
        )

    return table.with_texts(lambda cell: _BREAK.sub(mend, cell) if BROKEN in cell else cell)


_WORD_END = re.compile(r"[^\W\d_]+$")
_WORD_START = re.compile(r"[^\W\d_]+")


def _known_join(left: str, right: str, lexicon: Lexicon) -> bool:
    """The letters closing ``left`` and opening ``right`` make a word the page prints or a
    common word of English."""
    a, b = _WORD_END.search(left), _WORD_START.match(right)
    if a is None or b is None:
        return False
    word = (a[0] + b[0]).lower()
    return lexicon.knows(word) or (lexicon.common is not None and lexicon.common.knows(word))
