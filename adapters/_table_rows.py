"""A table's rows: each line of cells one :class:`Row` first (:func:`rows_of`), then the lines
that are one row joined. Pure geometry, no engine.

- Between full-width horizontal rulings, the lines of a band whose cells wrap, or whose cells
  are set at different heights, are one row (:func:`merge_bands`).
- A label wrapped over several lines (a line holding only a label that runs on into the next
  one: no closing colon, and the next line starts in lower case or with a figure, or the label
  breaks after a hyphen, comma or joining word, or runs on with a hanging indent) is one label;
  a line of lower-case text in a text column continues the row above; the next line of one
  cell, wrapped, joins its cell (:func:`join_continuations`).
"""

from __future__ import annotations

import itertools
import re
import statistics
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
    for r in band[1:]:
        label = next((o.text(0) for o in reversed(groups[-1]) if o.cells[0]), "")
        rows_above = any(len(o.filled) >= 2 for o in groups[-1])
        opens = r.text(0)
        # (a label of its own opening with a figure, beside other cells under a row that fills
        # several: ``18- to 24-year-old population``; a wrapped label's rest is shorter)
        own = opens[:1].isdigit() and len(opens.split()) >= OWN_LABEL_WORDS and rows_above and len(r.filled) >= 2
        whole = bool(label) and not (
            _ends_open(label)
            or _unclosed(label)
            or label.rstrip().endswith(":")
            or (_starts_continuation(opens) and not own)
        )
        if r.cells[0] and len(r.filled) >= 2 and (rows_above or all(label_only(o) for o in groups[-1])) and whole:
            groups.append([r])  # (a row under a row, or under its section's label)
        elif label_only(r) and rows_above and whole and opens[:1].isupper():
            groups.append([r])  # a section's label under a row
        else:
            groups[-1].append(r)
    return groups if len(groups) >= GROUP_ROWS else [list(band)]


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
    if any(r.spans for r in band[:-1]):
        return True
    if any(
        not r.vertical and upper.y1 - 0.5 <= (r.y0 + r.y1) / 2 <= lower.y0 + 0.5 and not _underlines(r, upper)
        for upper, lower in itertools.pairwise(band)
        for r in rules
    ):
        return True
    return any(_groups(band, r) or _parts(band, r) for r in rules if not r.vertical)


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


def _starts_continuation(text: str) -> bool:
    c = text[:1]
    return bool(c) and (c.islower() or c.isdigit() or c in "($&")


def _ends_open(text: str) -> bool:
    t = text.rstrip()
    if not t or t.endswith(":"):
        return False
    if t[-1] in "-,–":
        return True
    return t.split()[-1].lower() in _JOINING


def _runs_on(a: Row, b: Row, label_width: float) -> bool:
    """Label-only line ``a`` continues on line ``b``."""
    label, nxt = a.text(0), b.text(0)
    if not nxt or label.rstrip().endswith(":"):
        return False
    if b.y0 - a.y1 > 1.5 * max(a.y1 - a.y0, 1.0):
        return False
    if is_figure(nxt) and not _ends_open(label) and not _unclosed(label):
        # a figure alone under a label is its row's first cell (a section label, ``Female``,
        # over the rows of its section), not the rest of the label (unless the label is left
        # open: ``(Note`` over ``2)``)
        return False
    hanging = b.x0 > a.x0 + 0.5 and a.x1 - a.x0 >= LONG_LABEL * label_width
    return _starts_continuation(nxt) or _ends_open(label) or hanging


def ruled_between(upper: Row, lower: Row, heights: Sequence[float]) -> bool:
    """A ruling across the table (at one of ``heights``) runs between ``upper`` and ``lower``."""
    return any(upper.y1 - 1.0 <= y <= lower.y0 + 1.0 for y in heights)


def join_continuations(rows: list[Row], label_width: float, ruled: Sequence[float] = ()) -> list[Row]:
    """Labels wrapped over several lines joined into their row; lower-case lines continuing the
    text cells of the row above joined to it. Never across a ruling running across the table
    (the heights in ``ruled``): the lines it parts are rows of their own (section headings
    ``1. Code Awareness`` over ``2. Forced Labor``, each between two rulings)."""

    out: list[Row] = []
    rights = (
        [max((e[1] for r in rows if (e := r.extent[k])), default=0.0) for k in range(len(rows[0].cells))]
        if rows
        else []
    )
    # How far apart rows of their own are set: the blank above each line with a label.
    apart = [b.y0 - a.y1 for a, b in itertools.pairwise(rows) if b.cells[0]]
    row_gap = statistics.median(apart) if len(apart) >= ROWS_APART else None
    last: Row | None = None
    i = 0
    while i < len(rows):
        row = rows[i]
        if (
            out
            and last is not None
            and not ruled_between(last, row, ruled)
            and _wrapped_cell(row, last, out[-1], rights, row_gap)
        ):
            merge_into(out[-1], row, before=False)
            last = row
            i += 1
            continue
        last = row
        if (
            i + 2 < len(rows)
            and not ruled_between(rows[i], rows[i + 2], ruled)
            and _label_around(rows[i], rows[i + 1], rows[i + 2])
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
                and (merged.text(0)[:1].islower() or _unclosed(above.text(0)))
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


def _label_around(a: Row, row: Row, b: Row) -> bool:
    """A label set over two lines centred on its row of figures: label-only line ``a``, then the
    figures with no label of their own, then label-only line ``b`` carrying ``a`` on (``a`` left
    open: a bracket not closed, a joining word; or ``b`` starting in lower case or with a
    figure), all three set close together."""
    if not (label_only(a) and label_only(b)) or row.cells[0] or not row.filled or row.spans:
        return False
    height = max(a.y1 - a.y0, 1.0)
    if row.y0 - a.y1 > 0.5 * height or b.y0 - row.y1 > 0.5 * height:
        return False
    label = a.text(0)
    return _unclosed(label) or _ends_open(label) or _starts_continuation(b.text(0))


def _unclosed(text: str) -> bool:
    """A bracket opened and not closed: the text goes on."""
    return text.count("(") > text.count(")")


def _wrapped_cell(row: Row, last: Row, above: Row, rights: Sequence[float], row_gap: float | None = None) -> bool:
    """``row`` holds the next lines of cells of the row above, wrapped: the label column left
    empty (or wrapped too: see :func:`_all_wrapped`), each of its cells stands under text of
    that cell, set close under its last line (of several cells, one going on in lower case and
    none a figure), and its first word would not have fit at the end of that line within the
    column's width (an infobox's long value, an address, a date broken over lines; an action
    and its owner's name both wrapped in a list of actions ruled between its columns only), or
    it is set closer under that line than the rows with a label are set apart (an infobox's
    value of several lines: a name, a date and a place)."""
    filled = row.filled
    if not filled or row.spans or any(not above.cells[k] for k in filled):
        return False
    if row.y0 - last.y1 > 0.8 * max(last.y1 - last.y0, 1.0):
        return False
    if filled[0] == 0:
        return _all_wrapped(row, last, rights)
    if len(filled) > 1 and (
        not any(row.text(k)[:1].islower() for k in filled) or any(data_figure(row.text(k)) for k in filled)
    ):
        # several cells: one at least goes on in lower case, and none is a figure (a row of
        # its own under a short label's cell: a second film of the same year, a new date)
        return False
    return all(_wraps(row, last, k, rights, row_gap) for k in filled)


def _all_wrapped(row: Row, last: Row, rights: Sequence[float]) -> bool:
    """``row``, its label cell filled too, is the next line of every cell of the line ``last``
    (a LaTeX table's paragraph columns, each wrapped, rows set no further apart than lines):
    two cells or more, every cell but the label going on in lower case and none a figure, the
    label going on from the label above (in lower case, after a joining word or a comma, or a
    figure under two words or more: a year under its months), no cell of ``last`` ending a
    sentence, and the first word of each cell too long for the end of its line above (see
    :func:`_wraps`)."""
    filled, label, above = row.filled, row.text(0), last.text(0)
    if len(filled) < 2 or not all(row.text(k)[:1].islower() and not data_figure(row.text(k)) for k in filled[1:]):
        return False
    year = label[:1].isdigit() and not above[:1].isdigit() and len(above.split()) >= 2
    if not (label[:1].islower() or _ends_open(above) or year):
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
