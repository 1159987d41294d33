"""A table's rows: each line of cells one :class:`Row` first (:func:`rows_of`), then the lines
that are one row joined. Pure geometry, no engine.

- Between full-width horizontal rulings, the lines of a band whose cells wrap, or whose cells
  are set at different heights, are one row (:func:`merge_bands`).
- A label wrapped over several lines (a line holding only a label that runs on into the next
  one: no closing colon, and the next line starts in lower case or with a figure, or the label
  breaks after a hyphen, comma or joining word, or runs on with a hanging indent) is one label;
  a line of lower-case text in a text column continues the row above; the next line of one
  cell, wrapped, joins its cell (:func:`adapters._table_wraps.join_continuations`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from adapters._table_columns import column_span
from adapters._table_glyphs import Line, Rule, is_figure
from adapters._table_rulings import across
from pdfcore.layout.hyphens import ends_hyphenated
from pdfcore.layout.scripts import CJK
from ports.table_extractor import BROKEN_WORD

#: A wrapped label's first line reaches this share of the label column's width.
LONG_LABEL = 0.7

_YEAR = re.compile(r"^(?:19|20)\d\d[*†‡]?$")
_JOINING = {"and", "or", "of", "in", "the", "to", "for", "with", "on", "at", "by", "from", "a", "an", "as"}


def data_figure(text: str) -> bool:
    """A figure that is not a year (years head columns; figures fill them)."""
    t = text.strip()
    return is_figure(t) and not _YEAR.match(t)


@dataclass
class Row:
    """One row of a table: each column's cell as its texts, where they stand, and how many lines
    the row took."""

    y0: float
    y1: float
    cells: list[list[str]]
    #: (first column, last column, text) of each segment spanning several columns.
    spans: list[tuple[int, int, str]] = field(default_factory=list)
    #: x-range of each column's text.
    extent: list[tuple[float, float] | None] = field(default_factory=list)
    #: y-range of each column's text.
    heights: list[tuple[float, float] | None] = field(default_factory=list)
    x0: float = 0.0
    x1: float = 0.0
    bold: bool = False
    lines: int = 1

    def text(self, k: int) -> str:
        return " ".join(self.cells[k])

    @property
    def filled(self) -> list[int]:
        return [k for k, c in enumerate(self.cells) if c]


def rows_of(lines: Sequence[Line], cuts: Sequence[float], em: float) -> list[Row]:
    n = len(cuts) + 1
    rows = []
    for ln in lines:
        row = Row(
            ln.y0,
            ln.y1,
            [[] for _ in range(n)],
            x0=ln.x0,
            x1=ln.x1,
            bold=ln.bold,
            extent=[None] * n,
            heights=[None] * n,
        )
        for s in ln.segments:
            first, last = column_span(s, cuts, em)
            row.cells[first].append(s.text)
            # (the text's own band: a line gathers cells set at slightly different heights)
            band = (s.y0, s.y1) if s.y0 is not None and s.y1 is not None else (ln.y0, ln.y1)
            for k in range(first, last + 1):
                row.heights[k] = band
            ext = row.extent[first]
            row.extent[first] = (min(ext[0], s.x0), max(ext[1], s.x1)) if ext else (s.x0, s.x1)
            if last > first:
                row.spans.append((first, last, s.text))
        rows.append(row)
    return rows


#: Stands where a word broken at a line's end inside a cell had its hyphen.
BROKEN = BROKEN_WORD


def join_lines(a: str, b: str) -> str:
    if not a:
        return b
    if not b:
        return a
    if ends_hyphenated(a, b):
        # a word broken at the line's end, told as in the text (a dash set apart joins with a
        # space, so does a hyphen left hanging before ``and``): joined at a soft hyphen, the
        # caller deciding whether the hyphen is the word's (``well-known``, ``+91-8447040077``,
        # ``§3-601(b)``) or the break's (``sys-tem``); see ports.table_extractor
        return a[:-1] + BROKEN + b
    if CJK.match(a[-1]) and CJK.match(b[0]) and len(a) >= len(b):
        # Chinese and Japanese set no space between words: a label wrapped in its cell (the line
        # above as long as the rest or longer: items stacked in a cell, short over long, stay apart)
        return a + b
    return f"{a} {b}"


def merge_into(target: Row, extra: Row, *, before: bool) -> None:
    for k in range(len(target.cells)):
        if not extra.cells[k]:
            continue
        a, b = (extra.text(k), target.text(k)) if before else (target.text(k), extra.text(k))
        target.cells[k] = [join_lines(a, b)]
    target.y0, target.y1 = min(target.y0, extra.y0), max(target.y1, extra.y1)
    target.x0, target.x1 = min(target.x0, extra.x0), max(target.x1, extra.x1)
    target.lines += extra.lines
    target.spans.extend(extra.spans)
    for k, ext in enumerate(extra.extent):
        if ext:
            own = target.extent[k]
            target.extent[k] = (min(own[0], ext[0]), max(own[1], ext[1])) if own else ext
    for k, ext in enumerate(extra.heights):
        if ext:
            own = target.heights[k]
            target.heights[k] = (min(own[0], ext[0]), max(own[1], ext[1])) if own else ext


def merge_bands(rows: list[Row], rules: Sequence[Rule], x0: float, x1: float) -> list[Row]:
    """Rows between full-width rulings (when one runs between rows, not only round them all): a
    band whose lines are the wrapped text of its cells, or cells set at different heights,
    becomes one row; so does a band whose lines each fill the same cells, set as close as the
    lines of those wrapped bands, where the rulings mark off single rows (see
    :func:`_rows_ruled_apart`)."""
    full = across(rules, x0, x1)
    # Rules between rows: a frame's top and bottom alone (no ruling with text above and below
    # it) divide nothing, and the framed rows stay rows.
    if len(full) < 2 or not any(rows[0].y1 < y < rows[-1].y0 for y, _, _ in full):
        return rows
    bands: list[list[Row]] = []
    band_no = -1
    for r in rows:
        centre = (r.y0 + r.y1) / 2
        # A ruling through the line's own height that stops short of its text does not divide
        # it: the line is a cell over the rows on both sides (a year beside its two films), read
        # with the first of them.
        k = sum(1 for y, a, z in full if y < centre and not (r.y0 < y and (r.x1 <= a or r.x0 >= z)))
        if k != band_no:
            bands.append([])
            band_no = k
        bands[-1].append(r)
    levels = [len(b) > 1 and _levels(b, rules) for b in bands]
    one = [len(b) == 1 or (not lv and (_wrapped(b) or _staggered(b))) for b, lv in zip(bands, levels, strict=True)]
    one = _rows_ruled_apart(bands, levels, one)
    out: list[Row] = []
    for band, single in zip(bands, one, strict=True):
        if len(band) > 1 and single:
            for group in _rows_in_band(band):
                merged = group[0]
                for r in group[1:]:
                    merge_into(merged, r, before=False)
                out.append(merged)
        else:
            out.extend(band)
    return out


def _rows_in_band(band: Sequence[Row]) -> list[list[Row]]:
    """The lines of a band read as one row, in the rows they make: a line with a label of its
    own (and more cells) starts a row when the label above it is whole (``SearchQA`` over
    ``AQA-QR``: rows between rulings that mark off groups), and goes on the row above when
    that label runs on (``Travel and`` / ``miscellaneous expenses``: a cell wrapped beside
    another). A label-only line opening in capitals under a row, after a whole label, is a
    section's label and starts a row; a line with a label of its own under such a label starts
    the next. One row unless that makes GROUP_ROWS rows at least."""
    groups: list[list[Row]] = [[band[0]]]
    over = False  # the last group opened with lines over its label (see _over_label)
    for k, r in enumerate(band[1:], 1):
        if over and r.cells[0]:
            groups[-1].append(r)  # the row's label, centred beside the lines over it
            over = False
            continue
        over = False
        if k + 1 < len(band) and _over_label(r, groups[-1][-1], band[k + 1]):
            groups.append([r])
            over = True
            continue
        label = next((o.text(0) for o in reversed(groups[-1]) if o.cells[0]), "")
        rows_above = any(len(o.filled) >= 2 for o in groups[-1])
        opens = r.text(0)
        # (a label of its own opening with a figure, beside other cells under a row that fills
        # several: ``18- to 24-year-old population``; a wrapped label's rest is shorter)
        own = opens[:1].isdigit() and len(opens.split()) >= OWN_LABEL_WORDS and rows_above and len(r.filled) >= 2
        # (a label in lower case, a variable's name beside its description and type, each of
        # those opening anew with a capital, starts a row: no cell of it goes on from above)
        fresh = (
            rows_above
            and len(r.filled) >= 3
            and set(r.filled) >= {k for o in groups[-1] for k in o.filled}
            and all(r.text(k)[:1].isupper() for k in r.filled[1:])
        )
        whole = bool(label) and not (
            ends_open(label)
            or unclosed(label)
            or label.rstrip().endswith(":")
            or (starts_continuation(opens) and not own and not fresh)
        )
        if r.cells[0] and len(r.filled) >= 2 and (rows_above or all(label_only(o) for o in groups[-1])) and whole:
            groups.append([r])  # (a row under a row, or under its section's label)
        elif label_only(r) and rows_above and whole and opens[:1].isupper():
            groups.append([r])  # a section's label under a row
        else:
            groups[-1].append(r)
    return groups if len(groups) >= GROUP_ROWS else [list(band)]


def _over_label(r: Row, above: Row, below: Row) -> bool:
    """Line ``r``, without a label, is the first line of the row under it, whose cells are
    centred down it (some wrapped, the label's line ``below`` between their lines): it stands
    clear of the line ``above`` (a blank of half its height at least) and closer to ``below``,
    which holds a label and another cell."""
    if r.cells[0] or not below.cells[0] or len(below.filled) < 2:
        return False
    gap = r.y0 - above.y1
    return gap >= 0.5 * (r.y1 - r.y0) and below.y0 - r.y1 < gap


#: A line's label opening with a figure and holding this many words at least is a row's own
#: label in a band of rows (not the rest of the label above it).
OWN_LABEL_WORDS = 3
#: A band is read as rows of its own when it holds this many at least: two lines with whole
#: labels are as often one cell's two parts (a name over its other name, a heading over its text).
GROUP_ROWS = 3


#: Bands of one row needed, per band of several lines filling the same cells, to read those as
#: one row too.
ROWS_PER_BAND = 2
#: Slack (points) on the spacing of wrapped lines.
PITCH_TOL = 0.5


def _rows_ruled_apart(bands: Sequence[Sequence[Row]], levels: Sequence[bool], one: Sequence[bool]) -> list[bool]:
    """``one`` (whether each band is one row), with the bands whose lines each fill the same
    cells (``3 Year Special`` over ``Economiser/Rate Saver``, beside two lines of rates) read
    as one row where the rulings mark off single rows: some band past the first holds a single
    line, or every band past the first is one row or fills the same cells on each of its
    lines; some band is plainly wrapped text (a cell of one line beside a cell of several), the
    bands of one row outnumber these ROWS_PER_BAND to one, and these set their lines no farther
    apart than the wrapped bands do (rows of their own are set wider apart). Not when their
    cells past the first hold figures, nor where every band holds several rows (a group of
    rows between two rulings, each row of one line)."""
    if not any(len(b) == 1 for b in bands[1:]) and not all(
        o or len({tuple(r.filled) for r in b}) == 1 or _opens_full(b) for b, o in zip(bands[1:], one[1:], strict=True)
    ):
        return list(one)
    wrapped = [
        b
        for b, lv in zip(bands, levels, strict=True)
        if len(b) > 1 and not lv and _wrapped(b) and min(c for c in _lines_per_cell(b) if c) == 1
    ]
    if not wrapped:
        return list(one)
    pitch = max(b.y0 - a.y0 for band in wrapped for a, b in itertools.pairwise(band))
    candidates = [
        i
        for i, band in enumerate(bands)
        if len(band) > 1
        and not one[i]
        and not levels[i]
        and (len({tuple(r.filled) for r in band}) == 1 or _opens_full(band))
        and not any(data_figure(r.text(k)) for r in band for k in r.filled[1:])
        and all(b.y0 - a.y0 <= pitch + PITCH_TOL for a, b in itertools.pairwise(band))
    ]
    if not candidates or len(candidates) * ROWS_PER_BAND > sum(one):
        return list(one)
    return [o or i in candidates for i, o in enumerate(one)]


def _opens_full(band: Sequence[Row]) -> bool:
    """The band's first line fills every cell the band fills and each later line some of them,
    not all (``Anchored or`` / ``categorized`` / ``VAS`` beside three lines of text ending a line
    sooner): the wrapped text of one row's cells, each cell as long as the others; rows of one
    line set without rulings between them fill the same cells each."""
    cells = set(band[0].filled)
    return (
        len(cells) >= 2
        and all(set(r.filled) <= cells for r in band[1:])
        and any(set(r.filled) != cells for r in band[1:])
        and not any(r.spans for r in band)
    )


def _lines_per_cell(band: Sequence[Row]) -> list[int]:
    """How many of the band's lines fill each column."""
    return [sum(1 for r in band if r.cells[k]) for k in range(len(band[0].cells))]


def _levels(band: Sequence[Row], rules: Sequence[Rule]) -> bool:
    """The band's lines are levels of a header, not wrapped text: a line above the last holds
    a heading over several columns, or a ruling runs between two of its lines (a group
    heading's underline; not a link's or an emphasis's, under the text of one cell), or under
    group headings (:func:`_groups`)."""
    if _heading_over_columns(band, rules):
        return True
    if any(
        not r.vertical and upper.y1 - 0.5 <= (r.y0 + r.y1) / 2 <= lower.y0 + 0.5 and not _underlines(r, upper)
        for upper, lower in itertools.pairwise(band)
        for r in rules
    ):
        return True
    return any(_groups(band, r) or _parts(band, r) for r in rules if not r.vertical)


def _heading_over_columns(band: Sequence[Row], rules: Sequence[Rule]) -> bool:
    """A line above the band's last holds a text over several columns: the band's lines are a
    header's levels (``Day of the week`` over the days' headings). Not a text set across a wall
    the grid draws beside other rows and leaves open at it, over at most one of its columns'
    texts, beside another column's text (a price over two days beside a label wrapped over
    three lines): one row's cell."""
    for i, row in enumerate(band[:-1]):
        for first, last, _ in row.spans:
            inside = range(first, last + 1)
            held = sum(1 for k in inside if any(k < len(r.cells) and r.cells[k] for r in band[i + 1 :]))
            beside = any(r.cells[k] for r in band if r is not row for k in range(len(r.cells)) if k not in inside)
            if held >= 2 or not beside or not _across_open_wall(row, first, rules):
                return True
    return False


def _across_open_wall(row: Row, k: int, rules: Sequence[Rule]) -> bool:
    """The text of ``row`` standing in column ``k`` crosses a vertical ruling drawn elsewhere in
    the table (a wall between columns), not beside this row."""
    extent = row.extent[k] if k < len(row.extent) else None
    if extent is None:
        return False
    return any(
        r.vertical and extent[0] < (r.x0 + r.x1) / 2 < extent[1] and (r.y1 <= row.y0 or r.y0 >= row.y1) for r in rules
    )


def _parts(band: Sequence[Row], rule: Rule) -> bool:
    """``rule`` runs between the band's texts over its width, through none of them, beside a
    line of another column that it stops short of (``Suivi``'s text over two rows, the
    rulings between those rows drawn from its column's wall on): the band holds several rows,
    the ruled grid reads them (a link's or an emphasis's underline, under the text of one
    cell, divides nothing)."""
    y = (rule.y0 + rule.y1) / 2
    texts = [
        (h, e)
        for r in band
        for h, e in zip(r.heights, r.extent, strict=True)
        if h is not None and e is not None and e[1] > rule.x0 and e[0] < rule.x1
    ]
    if any(h[0] + 0.5 < y < h[1] - 0.5 for h, _ in texts) or any(_underlines(rule, r) for r in band if r.y1 - 0.5 <= y):
        return False
    return any(h[1] - 0.5 <= y for h, _ in texts) and any(h[0] + 0.5 >= y for h, _ in texts)


def _groups(band: Sequence[Row], rule: Rule) -> bool:
    """``rule`` runs under group headings of the band, between lines that are not next to each
    other (a line beside both, set between them, such as a heading of another column wrapped):
    over its width, the lines above it fill fewer columns than the lines below it (``Plan`` over
    ``Revenue``, ``Capital``, ``Total``). The rows beside a cell over several rows fill the
    same columns above it as below."""
    y = (rule.y0 + rule.y1) / 2

    def texts(rows: Sequence[Row]) -> int:
        return len(
            {
                k
                for r in rows
                for k, e in enumerate(r.extent)
                if e is not None and rule.x0 <= (e[0] + e[1]) / 2 <= rule.x1
            }
        )

    above = texts([r for r in band if r.y1 - 0.5 <= y])
    below = texts([r for r in band if r.y0 + 0.5 >= y])
    return 0 < above < below


def _underlines(rule: Rule, row: Row) -> bool:
    """``rule`` underlines some of the text of one of ``row``'s cells: it lies within that text's
    width (half a line's height of slack either side)."""
    slack = 0.5 * (row.y1 - row.y0)
    return any(e and e[0] - slack <= rule.x0 and rule.x1 <= e[1] + slack for e in row.extent)


def _wrapped(band: Sequence[Row]) -> bool:
    """The band's lines are wrapped cell text (one row), not rows set without rules between
    them: some column holds one line only while another holds several, and no column stacks
    figures."""
    n = len(band[0].cells)
    filled = [c for c in _lines_per_cell(band) if c]
    if len(filled) < 2:
        return len(filled) == 1 and not any(data_figure(r.text(k)) for r in band for k in r.filled)
    for k in range(n):
        figures = sum(1 for r in band if r.cells[k] and data_figure(r.text(k)))
        if figures >= 2:
            return False
    return min(filled) < max(filled)


def _staggered(band: Sequence[Row]) -> bool:
    """The band's lines fill different columns, none of them twice: one row whose cells are
    set at different heights (a cell's text centred, another's set at its foot)."""
    seen: set[int] = set()
    for r in band:
        if r.spans or seen.intersection(r.filled):
            return False
        seen.update(r.filled)
    return True


def label_only(row: Row) -> bool:
    return row.filled == [0] and not row.spans


def starts_continuation(text: str) -> bool:
    c = text[:1]
    return bool(c) and (c.islower() or c.isdigit() or c in "($&")


def ends_open(text: str) -> bool:
    t = text.rstrip()
    if not t or t.endswith(":"):
        return False
    if t[-1] in "-,–":
        return True
    return t.split()[-1].lower() in _JOINING


def ruled_between(upper: Row, lower: Row, heights: Sequence[float]) -> bool:
    """A ruling across the table (at one of ``heights``) runs between ``upper`` and ``lower``."""
    return any(upper.y1 - 1.0 <= y <= lower.y0 + 1.0 for y in heights)


def unclosed(text: str) -> bool:
    """A bracket opened and not closed: the text goes on."""
    return text.count("(") > text.count(")")


def numbering(row: Row) -> bool:
    """The row numbers the columns it fills, 1, 2, 3 ... from left to right (three of them at
    least, the first column left empty): the numbers of the columns under a group heading, a
    header's last row, not the body's first row of figures."""
    texts = [row.text(k).strip() for k in row.filled]
    if 0 in row.filled or len(texts) < 3 or not all(t.isdigit() for t in texts):
        return False
    first = int(texts[0])
    return first in (0, 1) and [int(t) for t in texts] == list(range(first, first + len(texts)))
