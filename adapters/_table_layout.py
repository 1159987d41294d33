"""A table's rows and columns from its glyphs and rulings: pure geometry, no engine.

The table adapter hands over the glyphs of one candidate region in the table's own reading
frame (text runs left to right, lines top down: a table printed sideways is turned first) and
the rulings drawn there. :func:`read_table` reads them the way a person transcribes a table:

- **Glyphs** become lines of cell texts (*segments*) first: :mod:`adapters._table_glyphs`.
- **Columns** are the x-ranges that (nearly) every line holding two or more segments leaves
  blank, plus vertical rulings crossing most of the table. A segment crossing a column
  boundary spans those columns (a heading over several columns).
- **Rows.** Each line is a row, except: between full-width horizontal rulings, the lines of a
  band whose cells wrap are one row; a label wrapped over several lines (a line holding only a
  label that runs on into the next one: no closing colon, and the next line starts in lower case
  or with a figure, or the label breaks after a hyphen, comma or joining word, or runs on with a
  hanging indent) is one label; a line of lower-case text in a text column continues the row above.
- **Header.** The rows on top that fill some column past the first and hold no figures other
  than years (a row holding only a label ends them: a section heading), else a first row set in
  bold, ruled off, or of text above columns of figures. Header rows are merged into one: each
  column's header is the text of every header row above it, top to bottom (a heading spanning
  several columns, or underlined across them, heads each of them).

Coordinates are whatever frame the caller uses (y grows downwards); sizes are font sizes in the
same unit. Nothing here knows about pages, engines or errors.
"""

from __future__ import annotations

import bisect
import itertools
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from adapters._table_glyphs import Glyph, Line, Rule, Segment, Word, build_lines, is_figure, segment_of
from pdfcore.geometry import thin_stretches

#: A column boundary must be at least this many ems wide.
MIN_SEPARATOR = 0.25
#: Share of the multi-cell lines that may cross a column boundary (headings spanning columns).
SPAN_SHARE = 0.15
#: A vertical ruling is a column boundary when it covers this share of the table's height ...
RULE_HEIGHT = 0.5
#: ... a horizontal ruling separates rows when it covers this share of the table's width.
RULE_WIDTH = 0.8
#: Vertical rulings this close (points) are pieces of one column boundary.
RULE_TOL = 1.5
#: A wrapped label's first line reaches this share of the label column's width.
LONG_LABEL = 0.7
#: Header rows at most.
MAX_HEADER_ROWS = 7


@dataclass
class Found:
    """One table: its box (in the caller's frame), merged header (empty: none found), rows, and
    the header's cells as printed when it has spanning cells or several levels (see
    :func:`header_cells`)."""

    bbox: tuple[float, float, float, float]
    header: list[str]
    rows: list[list[str]]
    header_cells: list[tuple[int, int, int, int, str]] = field(default_factory=list)
    #: Body cells over several rows: (body row, column, rows, columns); the text stands in the
    #: first row, the rows under it hold an empty cell there.
    body_spans: list[tuple[int, int, int, int]] = field(default_factory=list)


_YEAR = re.compile(r"^(?:19|20)\d\d[*†‡]?$")
_JOINING = {"and", "or", "of", "in", "the", "to", "for", "with", "on", "at", "by", "from", "a", "an", "as"}


def _data_figure(text: str) -> bool:
    t = text.strip()
    return is_figure(t) and not _YEAR.match(t)


# --------------------------------------------------------------------------------------------
# Columns


def _separators(lines: Sequence[Line], rules: Sequence[Rule]) -> list[float]:
    """x positions between columns."""
    multi = [ln for ln in lines if len(ln.segments) >= 2]
    em = statistics.median(ln.size for ln in lines) if lines else 10.0
    cuts: list[float] = []
    if len(multi) >= 2:
        allowed = int(SPAN_SHARE * len(multi)) if len(multi) >= 7 else (1 if len(multi) >= 4 else 0)
        # A cell's text overflowing under the next cell's (another text starts inside it) is
        # no evidence of a heading over both columns: the blank between them is looked for
        # without it.
        spans = [(s.x0, s.x1) for ln in multi for s in ln.segments if not _overflows(s, ln)]
        left, right = min(a for a, _ in spans), max(z for _, z in spans)
        for blank_from, x in thin_stretches(spans, allowed):
            if x - blank_from >= MIN_SEPARATOR * em and left < blank_from and x < right:
                cuts.append(_cut(blank_from, x, lines, em))
    walls: list[float] = []
    #: The frame's sides too (rulings at the text's outer edges or beyond).
    edges: list[float] = []
    if lines:
        top, bottom = lines[0].y0, lines[-1].y1
        x0 = min(ln.x0 for ln in lines)
        x1 = max(ln.x1 for ln in lines)
        for r in rules:
            if not r.vertical:
                continue
            x = (r.x0 + r.x1) / 2
            # A boundary drawn in pieces (cell by cell, broken where a section's heading row runs
            # across the table) counts by all its pieces.
            covered = sum(
                max(0.0, min(o.y1, bottom) - max(o.y0, top))
                for o in rules
                if o.vertical and abs((o.x0 + o.x1) / 2 - x) <= RULE_TOL
            )
            if covered < RULE_HEIGHT * (bottom - top):
                continue
            if not x0 + 0.5 * em < x < x1 - 0.5 * em:
                if x0 - 2.0 * em <= x <= x1 + 2.0 * em:
                    edges.append(x)
                continue
            # A ruling through the middle of a line's text is a strike-through or a box, not a
            # column boundary.
            beside = [ln for ln in lines if ln.y1 > r.y0 and ln.y0 < r.y1 and len(ln.segments) > 1]
            if any(s.x0 + 0.5 * em < x < s.x1 - 0.5 * em for ln in beside for s in ln.segments):
                continue
            # The ruling stands in the same blank as a cut found from the text: one boundary
            # (a heading over both columns, across the ruling, stands in no blank).
            cuts = [
                c
                for c in cuts
                if abs(c - x) > 1.0 * em
                and any(
                    min(c, x) < (s.x0 + s.x1) / 2 < max(c, x) and not s.x0 < x < s.x1
                    for ln in lines
                    for s in ln.segments
                )
            ]
            cuts.append(x)
            walls.append(x)
    return sorted(
        c
        for c in cuts
        if c in walls or not (_inside_ruled_column(c, walls, lines, em) or _no_row_beside(c, [*walls, *edges], lines))
    )


def _overflows(seg: Segment, line: Line) -> bool:
    """Another text of ``line`` starts inside ``seg`` (drawn over it: see
    :func:`adapters._table_glyphs.build_lines`)."""
    return any(o is not seg and seg.x0 < o.x0 < seg.x1 for o in line.segments)


#: Lines of one ruled column crossing a blank inside it that make the blank part of the column.
RULED_CROSSINGS = 3


def _without_stray_cuts(lines: Sequence[Line], cuts: Sequence[float], rules: Sequence[Rule], em: float) -> list[float]:
    """Without a cut whose column on its right holds the text of one line only, set on right
    after the text on its left (within STRAY_RUN ems: a mark after a heading, ``Offset`` ``#``,
    the end of a value wrapped short, ``4.0.379[2]`` ``/``), that other lines' text runs across
    (two or more): the blank that made it is a gap inside one column. A ruling standing at the
    cut keeps it."""
    out = list(cuts)
    k = 0
    while k < len(out):
        c = out[k]
        right = out[k + 1] if k + 1 < len(out) else float("inf")
        holding = [(ln, s) for ln in lines for s in ln.segments if c < (s.x0 + s.x1) / 2 <= right and not (s.x0 < c)]
        crossing = sum(1 for ln in lines for s in ln.segments if s.x0 < c < s.x1)
        walled = any(r.vertical and abs((r.x0 + r.x1) / 2 - c) <= RULE_TOL for r in rules)
        if walled or crossing < 2 or len({id(ln) for ln, _ in holding}) != 1:
            k += 1
            continue
        first = min(s.x0 for _, s in holding)
        line = holding[0][0]
        # The text just left of it: on its line, or on a line level with it (a raised mark).
        before = [
            s.x1
            for ln in lines
            if ln.y0 < line.y1 and ln.y1 > line.y0
            for s in ln.segments
            if s.x1 <= first + 0.5 and (s.x0 + s.x1) / 2 < c
        ]
        if before and first - max(before) <= STRAY_RUN * em:
            del out[k]
            continue
        k += 1
    return out


#: A column's only text set at most this many ems after the text on its left runs on from it.
STRAY_RUN = 1.5


def _inside_ruled_column(x: float, walls: Sequence[float], lines: Sequence[Line], em: float) -> bool:
    """A blank at ``x`` inside a column the table rules off on both sides, that lines of that
    column cross row after row (a cell's text wrapped short in some rows, run long in others): the
    reader sees one column between the rulings, not two. (A heading or two over sub-columns
    crosses such a blank too, and sub-columns stay apart.)"""
    left = max((w for w in walls if w < x), default=None)
    right = min((w for w in walls if w > x), default=None)
    if left is None or right is None:
        return False
    crossing = sum(
        1
        for ln in lines
        for s in ln.segments
        if s.x0 + 0.5 * em < x < s.x1 - 0.5 * em and s.x0 >= left - 0.5 * em and s.x1 <= right + 0.5 * em
    )
    return crossing >= RULED_CROSSINGS


def _no_row_beside(x: float, walls: Sequence[float], lines: Sequence[Line]) -> bool:
    """A blank at ``x`` inside a column the table rules off on both sides (``walls``: its column
    rulings and its frame's sides) that no line holds text on both sides of, between those
    rulings: the texts left and right of it are the
    column's cells in different rows (a heading set to the left over figures set to the right,
    a figure of one digit right-aligned under a wider one), not two columns side by side."""
    left = max((w for w in walls if w < x), default=None)
    right = min((w for w in walls if w > x), default=None)
    if left is None or right is None:
        return False
    for ln in lines:
        inside = [s for s in ln.segments if left < (s.x0 + s.x1) / 2 < right]
        if any((s.x0 + s.x1) / 2 < x for s in inside) and any((s.x0 + s.x1) / 2 > x for s in inside):
            return False
    return True


def _cut(a: float, z: float, lines: Sequence[Line], em: float) -> float:
    """Where to cut between two columns, in the blank ``a``-``z`` the lines of several cells
    leave (a few of them may cross it: a heading over columns, a currency sign set apart). In
    the rightmost stretch of it that no line's text enters (a long label running into the
    blank, a sign before its figure, a heading wider than its column stay on their side), else
    near the next column's start (a label running into the blank is no span)."""
    taken = sorted(
        (max(s.x0, a), min(s.x1, z))
        for ln in lines
        for s in ln.segments
        if s.x1 > a and s.x0 < z and not (s.x0 <= a and s.x1 >= z)
    )
    free: list[tuple[float, float]] = []
    start = a
    for t0, t1 in taken:
        if t0 > start:
            free.append((start, t0))
        start = max(start, t1)
    if start < z:
        free.append((start, z))
    wide = [(f0, f1) for f0, f1 in free if f1 - f0 >= MIN_SEPARATOR * em]
    if wide and (wide[-1][0] > a or wide[-1][1] < z):
        f0, f1 = wide[-1]
        return max((f0 + f1) / 2, f1 - 0.5 * em) if f1 >= z else (f0 + f1) / 2
    return max((a + z) / 2, z - 0.5 * em)


def _spans(seg: Segment, cuts: Sequence[float], em: float) -> tuple[int, int]:
    """First and last column of ``seg``: the columns it reaches into by more than half an em
    (its centre's column at least)."""
    centre = (seg.x0 + seg.x1) / 2
    k = _column(centre, cuts)
    first = last = k
    for i, c in enumerate(cuts):
        if seg.x0 < c - 0.5 * em and seg.x1 > c + 0.5 * em:
            first = min(first, i)
            last = max(last, i + 1)
    return first, last


def _column(x: float, cuts: Sequence[float]) -> int:
    k = 0
    while k < len(cuts) and x > cuts[k]:
        k += 1
    return k


# --------------------------------------------------------------------------------------------
# Rows


@dataclass
class _Row:
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


def _rows(lines: Sequence[Line], cuts: Sequence[float], em: float) -> list[_Row]:
    n = len(cuts) + 1
    rows = []
    for ln in lines:
        row = _Row(
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
            first, last = _spans(s, cuts, em)
            row.cells[first].append(s.text)
            for k in range(first, last + 1):
                row.heights[k] = (ln.y0, ln.y1)
            ext = row.extent[first]
            row.extent[first] = (min(ext[0], s.x0), max(ext[1], s.x1)) if ext else (s.x0, s.x1)
            if last > first:
                row.spans.append((first, last, s.text))
        rows.append(row)
    return rows


def _join(a: str, b: str) -> str:
    if not a:
        return b
    if not b:
        return a
    if a.endswith("-") and a[-2:-1].isalnum() and b[:1].isalpha():
        return a + b  # a word broken at the line's end (a dash set apart joins with a space)
    return f"{a} {b}"


def _merge_into(target: _Row, extra: _Row, *, before: bool) -> None:
    for k in range(len(target.cells)):
        if not extra.cells[k]:
            continue
        a, b = (extra.text(k), target.text(k)) if before else (target.text(k), extra.text(k))
        target.cells[k] = [_join(a, b)]
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


def _bands(rows: list[_Row], rules: Sequence[Rule], x0: float, x1: float) -> list[_Row]:
    """Rows between full-width rulings (when one runs between rows, not only round them all): a
    band whose lines are the wrapped text of its cells, or cells set at different heights,
    becomes one row."""
    width = x1 - x0
    full = sorted(
        ((r.y0 + r.y1) / 2, r.x0, r.x1)
        for r in rules
        if not r.vertical and min(r.x1, x1) - max(r.x0, x0) >= RULE_WIDTH * width
    )
    # Rules between rows: a frame's top and bottom alone (no ruling with text above and below
    # it) divide nothing, and the framed rows stay rows.
    if len(full) < 2 or not any(rows[0].y1 < y < rows[-1].y0 for y, _, _ in full):
        return rows
    out: list[_Row] = []
    band: list[_Row] = []
    band_no = -1

    def flush() -> None:
        if not band:
            return
        if len(band) > 1 and (_wrapped(band) or _staggered(band)) and not _levels(band, rules):
            merged = band[0]
            for r in band[1:]:
                _merge_into(merged, r, before=False)
            out.append(merged)
        else:
            out.extend(band)
        band.clear()

    for r in rows:
        centre = (r.y0 + r.y1) / 2
        # A ruling through the line's own height that stops short of its text does not divide
        # it: the line is a cell over the rows on both sides (a year beside its two films), read
        # with the first of them.
        k = sum(1 for y, a, z in full if y < centre and not (r.y0 < y and (r.x1 <= a or r.x0 >= z)))
        if k != band_no:
            flush()
            band_no = k
        band.append(r)
    flush()
    return out


def _levels(band: Sequence[_Row], rules: Sequence[Rule]) -> bool:
    """The band's lines are levels of a header, not wrapped text: a line above the last holds
    a heading over several columns, or a ruling runs between two of its lines (a group
    heading's underline; not a link's or an emphasis's, under the text of one cell)."""
    if any(r.spans for r in band[:-1]):
        return True
    return any(
        not r.vertical and upper.y1 - 0.5 <= (r.y0 + r.y1) / 2 <= lower.y0 + 0.5 and not _underlines(r, upper)
        for upper, lower in itertools.pairwise(band)
        for r in rules
    )


def _underlines(rule: Rule, row: _Row) -> bool:
    """``rule`` underlines some of the text of one of ``row``'s cells: it lies within that text's
    width (half a line's height of slack either side)."""
    slack = 0.5 * (row.y1 - row.y0)
    return any(e and e[0] - slack <= rule.x0 and rule.x1 <= e[1] + slack for e in row.extent)


def _wrapped(band: Sequence[_Row]) -> bool:
    """The band's lines are wrapped cell text (one row), not rows set without rules between
    them: some column holds one line only while another holds several, and no column stacks
    figures."""
    n = len(band[0].cells)
    counts = [sum(1 for r in band if r.cells[k]) for k in range(n)]
    filled = [c for c in counts if c]
    if len(filled) < 2:
        return len(filled) == 1 and not any(_data_figure(r.text(k)) for r in band for k in r.filled)
    for k in range(n):
        figures = sum(1 for r in band if r.cells[k] and _data_figure(r.text(k)))
        if figures >= 2:
            return False
    return min(filled) < max(filled)


def _staggered(band: Sequence[_Row]) -> bool:
    """The band's lines fill different columns, none of them twice: one row whose cells are
    set at different heights (a cell's text centred, another's set at its foot)."""
    seen: set[int] = set()
    for r in band:
        if r.spans or seen.intersection(r.filled):
            return False
        seen.update(r.filled)
    return True


def _label_only(row: _Row) -> bool:
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


def _runs_on(a: _Row, b: _Row, label_width: float) -> bool:
    """Label-only line ``a`` continues on line ``b``."""
    label, nxt = a.text(0), b.text(0)
    if not nxt or label.rstrip().endswith(":"):
        return False
    if b.y0 - a.y1 > 1.5 * max(a.y1 - a.y0, 1.0):
        return False
    hanging = b.x0 > a.x0 + 0.5 and a.x1 - a.x0 >= LONG_LABEL * label_width
    return _starts_continuation(nxt) or _ends_open(label) or hanging


def _continuations(rows: list[_Row], label_width: float) -> list[_Row]:
    """Labels wrapped over several lines joined into their row; lower-case lines continuing the
    text cells of the row above joined to it."""
    out: list[_Row] = []
    rights = (
        [max((e[1] for r in rows if (e := r.extent[k])), default=0.0) for k in range(len(rows[0].cells))]
        if rows
        else []
    )
    # How far apart rows of their own are set: the blank above each line with a label.
    apart = [b.y0 - a.y1 for a, b in itertools.pairwise(rows) if b.cells[0]]
    row_gap = statistics.median(apart) if len(apart) >= ROWS_APART else None
    last: _Row | None = None
    i = 0
    while i < len(rows):
        row = rows[i]
        if out and last is not None and _wrapped_cell(row, last, out[-1], rights, row_gap):
            _merge_into(out[-1], row, before=False)
            last = row
            i += 1
            continue
        last = row
        if i + 2 < len(rows) and _label_around(rows[i], rows[i + 1], rows[i + 2]):
            merged = rows[i + 1]
            _merge_into(merged, rows[i], before=True)
            _merge_into(merged, rows[i + 2], before=False)
            out.append(merged)
            last = None
            i += 3
            continue
        if _label_only(row):
            chain = [row]
            j = i
            while j + 1 < len(rows) and _label_only(rows[j + 1]) and _runs_on(rows[j], rows[j + 1], label_width):
                j += 1
                chain.append(rows[j])
            if j + 1 < len(rows) and not _label_only(rows[j + 1]) and _runs_on(chain[-1], rows[j + 1], label_width):
                target = rows[j + 1]
                if target.cells[0] or not target.spans:
                    for p in reversed(chain):
                        _merge_into(target, p, before=True)
                    out.append(target)
                    i = j + 2
                    continue
            merged = chain[0]
            for p in chain[1:]:
                _merge_into(merged, p, before=False)
            above = out[-1] if out else None
            if (
                above is not None
                and not _label_only(above)
                and above.cells[0]
                and (merged.text(0)[:1].islower() or _unclosed(above.text(0)))
                and not above.text(0).rstrip().endswith(":")
                and merged.y0 - above.y1 <= 0.8 * max(above.y1 - above.y0, 1.0)
            ):
                _merge_into(above, merged, before=False)
            else:
                out.append(merged)
            i = j + 1
            continue
        if out and _continues_above(row, out[-1]):
            _merge_into(out[-1], row, before=False)
        else:
            out.append(row)
        i += 1
    return out


def _label_around(a: _Row, row: _Row, b: _Row) -> bool:
    """A label set over two lines centred on its row of figures: label-only line ``a``, then the
    figures with no label of their own, then label-only line ``b`` carrying ``a`` on (``a`` left
    open: a bracket not closed, a joining word; or ``b`` starting in lower case or with a
    figure), all three set close together."""
    if not (_label_only(a) and _label_only(b)) or row.cells[0] or not row.filled or row.spans:
        return False
    height = max(a.y1 - a.y0, 1.0)
    if row.y0 - a.y1 > 0.5 * height or b.y0 - row.y1 > 0.5 * height:
        return False
    label = a.text(0)
    return _unclosed(label) or _ends_open(label) or _starts_continuation(b.text(0))


def _unclosed(text: str) -> bool:
    """A bracket opened and not closed: the text goes on."""
    return text.count("(") > text.count(")")


def _wrapped_cell(row: _Row, last: _Row, above: _Row, rights: Sequence[float], row_gap: float | None = None) -> bool:
    """``row`` is the next line of one cell of the row above, wrapped: its one cell of text
    (the label column left empty) stands under text of that cell, set close under its last
    line, and its first word would not have fit at the end of that line within the column's
    width (an infobox's long value, an address, a date broken over lines), or it is set closer
    under that line than the rows with a label are set apart (an infobox's value of several
    lines: a name, a date and a place)."""
    filled = row.filled
    if len(filled) != 1 or row.spans or filled[0] == 0 or not above.cells[filled[0]]:
        return False
    k = filled[0]
    mine, prev = row.extent[k], last.extent[k]
    if mine is None or prev is None or row.y0 - last.y1 > 0.8 * max(last.y1 - last.y0, 1.0):
        return False
    if row_gap is not None and row.y0 - last.y1 < CLOSER * row_gap and not _data_figure(row.text(k)):
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


def _continues_above(row: _Row, above: _Row) -> bool:
    """Lower-case text only, in columns where the row above holds text, set close below it."""
    filled = row.filled
    if not filled or row.spans or above.lines > 3:
        return False
    if row.y0 - above.y1 > 0.8 * max(above.y1 - above.y0, 1.0):
        return False
    for k in filled:
        t = row.text(k)
        if not t[:1].islower() or _data_figure(t) or not above.cells[k] or _data_figure(above.text(k)):
            return False
    return len(above.filled) >= 2 and not above.text(filled[0]).rstrip().endswith((".", ":"))


# --------------------------------------------------------------------------------------------
# Rows of a ruled grid, cells over several rows

#: A body cell over several rows: (body row, column, rows, columns).
BodySpan = tuple[int, int, int, int]


def _ruled_rows(
    rows: list[_Row], rules: Sequence[Rule], cuts: Sequence[float], em: float
) -> tuple[list[_Row], list[BodySpan]] | None:
    """The body's rows as a ruled grid draws them, when its rulings between rows leave a column
    open where text stands (a cell over several rows: a rate that applies to five loans, a
    year beside its two films): every stretch between two rulings is one row (its lines the
    wrapped text of its cells), and a column that no ruling closes between two rows is one
    cell over both, its text in the first. None when the grid has no such cell (the rows are
    read as before), or when a stretch between rulings stacks figures in a column (rows the
    rulings do not separate)."""
    if len(rows) < 2:
        return None
    n = len(cuts) + 1
    top, bottom = rows[0].y0, rows[-1].y1
    # A grid: some boundary between columns is a wall (a form's lines to write on are none).
    if not any(
        sum(
            max(0.0, min(r.y1, bottom) - max(r.y0, top))
            for r in rules
            if r.vertical and abs((r.x0 + r.x1) / 2 - c) <= RULE_TOL
        )
        >= RULE_HEIGHT * (bottom - top)
        for c in cuts
    ):
        return None
    bounds = [(min(r.x0 for r in rows), *cuts), (*cuts, max(r.x1 for r in rows))]
    # Horizontal rulings inside the body, gathered by height.
    levels: list[tuple[float, list[tuple[float, float]]]] = []
    for rule in sorted((r for r in rules if not r.vertical), key=lambda r: (r.y0 + r.y1) / 2):
        y = (rule.y0 + rule.y1) / 2
        if not top + 0.5 < y < bottom - 0.5 or _underline(rule, rows, em):
            continue
        if levels and y - levels[-1][0] <= RULE_TOL:
            levels[-1][1].append((rule.x0, rule.x1))
        else:
            levels.append((y, [(rule.x0, rule.x1)]))
    if not levels:
        return None

    def closed(y: float, spans: list[tuple[float, float]], k: int) -> bool:
        """The ruling at ``y`` runs under the whole of column ``k``, through no text of it."""
        a, z = bounds[0][k] + (0.5 * em if k else 0.0), bounds[1][k] - (0.5 * em if k < n - 1 else 0.0)
        reach = a
        for s0, s1 in sorted(spans):
            if s0 > reach + 1.0:
                break
            reach = max(reach, s1)
        if reach < z - 1.0:
            return False
        return not any((h := r.heights[k]) and h[0] + 1.0 < y < h[1] - 1.0 for r in rows)

    def walled(k: int, y0: float, y1: float) -> bool:
        """Column ``k`` is walled on both sides from ``y0`` to ``y1`` (a table's own column, not
        the blank between two tables side by side)."""
        verticals = [r for r in rules if r.vertical]
        for side, x in ((0, bounds[0][k]), (1, bounds[1][k])):
            outer = (k == 0) if side == 0 else (k == n - 1)

            def near(r: Rule, x: float = x, outer: bool = outer, side: int = side) -> bool:
                xr = (r.x0 + r.x1) / 2
                if not outer:
                    return abs(xr - x) <= RULE_TOL
                return xr <= x + 0.5 if side == 0 else xr >= x - 0.5  # the frame, however far

            held = sum(max(0.0, min(r.y1, y1) - max(r.y0, y0)) for r in verticals if near(r))
            if held < 0.8 * (y1 - y0):
                return False
        return True

    found = [(y, [closed(y, spans, k) for k in range(n)]) for y, spans in levels]
    found = [(y, c) for y, c in found if any(c)]
    if not found:
        return None
    ys = [y for y, _ in found]
    shut = [c for _, c in found]
    # Each row (line) goes into the stretch between rulings its middle is in.
    stretches: list[list[_Row]] = [[] for _ in range(len(ys) + 1)]
    for r in rows:
        mid = (r.y0 + r.y1) / 2
        stretches[sum(1 for y in ys if y < mid)].append(r)
    kept = [(i, s) for i, s in enumerate(stretches) if s]
    # Between two stretches, a column is closed when any ruling between them closes it.
    between = [[any(shut[j][k] for j in range(a, b)) for k in range(n)] for (a, _), (b, _) in itertools.pairwise(kept)]
    spans_out: list[BodySpan] = []
    runs: list[tuple[int, int, int]] = []
    for k in range(n):
        i = 0
        while i < len(kept):
            j = i
            while j < len(between) and not between[j][k]:
                j += 1
            holding = [r for _, s in kept[i : j + 1] for r in s if r.cells[k]]
            y0, y1 = min(r.y0 for r in kept[i][1]), max(r.y1 for r in kept[j][1])
            if j > i and _one_cell(holding, k, em) and walled(k, y0, y1):
                runs.append((i, j, k))
            i = j + 1
    if not runs:
        return None
    out: list[_Row] = []
    for _, stretch in kept:
        for k in range(n):
            if sum(1 for r in stretch if r.cells[k] and _data_figure(r.text(k))) >= 2:
                return None
        merged = stretch[0]
        for r in stretch[1:]:
            _merge_into(merged, r, before=False)
        out.append(merged)
    for i, j, k in runs:
        texts = [out[m].text(k) for m in range(i, j + 1) if out[m].cells[k]]
        text = texts[0]
        for t in texts[1:]:
            text = _join(text, t)
        for m in range(i, j + 1):
            out[m].cells[k] = []
        out[i].cells[k] = [text]
        spans_out.append((i, k, j - i + 1, 1))
    return out, sorted(spans_out)


def _one_cell(rows: Sequence[_Row], k: int, em: float) -> bool:
    """The text of column ``k`` in ``rows`` (top to bottom) is one cell's: some text, its lines
    set as close as a wrapped cell's (not two cells a missing ruling leaves undivided, such as
    the fields of a form)."""
    heights = [h for r in rows if (h := r.heights[k]) is not None]
    if len(heights) > 1 and any(_data_figure(r.text(k)) for r in rows):
        return False  # figures of rows one above the other
    return bool(heights) and all(b[0] - a[1] <= CELL_LEADING * em for a, b in itertools.pairwise(heights))


#: The lines of one cell are at most this many ems apart (a cell's two lines set on the
#: baselines of the two rows it spans are a row's leading apart).
CELL_LEADING = 0.6


def _underline(rule: Rule, rows: Sequence[_Row], em: float) -> bool:
    """``rule`` lies right under some cell's text and no wider than it (a link's underline, not
    the cell's edge, which runs on to the cell's walls)."""
    y = (rule.y0 + rule.y1) / 2
    return any(
        (h := r.heights[k]) is not None
        and (e := r.extent[k]) is not None
        and h[1] - 1.0 <= y <= h[1] + UNDERLINE_DROP * em
        and rule.x0 >= e[0] - 1.5
        and rule.x1 <= e[1] + 1.5
        for r in rows
        for k in range(len(r.cells))
    )


#: An underline lies at most this many ems under its text.
UNDERLINE_DROP = 0.3


def _merged_across(
    rows: Sequence[_Row], rules: Sequence[Rule], cuts: Sequence[float], taken: Sequence[BodySpan]
) -> list[BodySpan]:
    """Body cells of a ruled grid over several columns: a cell whose row the grid's walls on
    its right do not divide (a section's heading row, one cell across the table) spans the
    empty columns up to the next wall that does."""
    walls = [[r for r in rules if r.vertical and abs((r.x0 + r.x1) / 2 - c) <= 1.0] for c in cuts]
    if not any(walls):
        return []
    used = {(r, k) for r0, k0, rs, cs in taken for r in range(r0, r0 + rs) for k in range(k0, k0 + cs)}
    out: list[BodySpan] = []
    n = len(cuts) + 1
    for i, row in enumerate(rows):
        mid = (row.y0 + row.y1) / 2
        for k in row.filled:
            if (i, k) in used:
                continue
            last = k
            while (
                last + 1 < n and not row.cells[last + 1] and (i, last + 1) not in used and _open_wall(walls[last], mid)
            ):
                last += 1
            if last > k:
                out.append((i, k, 1, last - k + 1))
    return out


# --------------------------------------------------------------------------------------------
# Header


def _wraps_on(above: _Row, row: _Row) -> bool:
    """``row`` (a label only) is the rest of the first column's heading in ``above``, wrapped:
    set close under it, starting in lower case or after a broken word."""
    head, rest = above.text(0), row.text(0)
    if not head or not rest or row.y0 - above.y1 > 0.5 * max(above.y1 - above.y0, 1.0):
        return False
    return rest[:1].islower() or head.endswith("-")


def dehyphenated(parts: Sequence[str]) -> str:
    """Pieces of one heading joined: a word broken at a line end (``Num-`` + ``ber``) whole."""
    out = ""
    for p in parts:
        if out.endswith("-") and out[-2:-1].isalpha() and p[:1].islower():
            out = out[:-1] + p
        else:
            out = f"{out} {p}" if out else p
    return out


def _header_rows(rows: Sequence[_Row], rules: Sequence[Rule], x0: float, x1: float) -> int:
    n = 0
    ended = False
    for i, row in enumerate(rows[: MAX_HEADER_ROWS + 1]):
        values = [k for k in row.filled if k > 0] or [b for _, b, _ in row.spans if b > 0]
        if not values and 0 < i < len(rows) - 1 and row.y0 < rows[i - 1].y1 and row.y1 > rows[i + 1].y0:
            n += 1  # a label set between two header lines, over both (a heading over two levels)
            continue
        if not values and n == i > 0 and _wraps_on(rows[i - 1], row):
            n += 1  # the rest of a heading of the first column wrapped onto the next line
            continue
        if not values or any(_data_figure(row.text(k)) for k in row.filled if k > 0):
            ended = True
            break
        n += 1
    if ended and 0 < n < len(rows) and any(_data_figure(r.text(k)) for r in rows[n:] for k in r.filled if k > 0):
        return n  # headings over columns of figures (in a table of text, every row looks so)
    if len(rows) < 3:
        return 0
    first, second = rows[0], rows[1]
    values = [k for k in first.filled if k > 0]
    if values and sum(1 for k in values if _data_figure(first.text(k))) * 2 > len(values):
        return 0  # a row of figures is data (the first row of a table continued from a page before)
    if first.bold and not all(r.bold for r in rows[1:]):
        return 1
    width = x1 - x0
    for r in rules:
        if r.vertical or min(r.x1, x1) - max(r.x0, x0) < RULE_WIDTH * width:
            continue
        if first.y1 - 1.0 <= (r.y0 + r.y1) / 2 <= second.y0 + 1.0:
            return 1
    # Text on top of columns of figures.
    body = rows[1:]
    for k in range(1, len(first.cells)):
        t = first.text(k)
        col = [r.text(k) for r in body if r.cells[k]]
        if t and not is_figure(t) and col and sum(1 for c in col if is_figure(c)) >= 0.6 * len(col):
            return 1
    return 0


def _header_spans(
    rows: Sequence[_Row],
    rules: Sequence[Rule],
    cuts: Sequence[float],
    em: float,
    centres: Sequence[float | None],
    width: float,
) -> list[list[tuple[int, int, str]]]:
    """The header rows' cells, top to bottom, each as (first column, last column, text). A
    heading spans the columns it crosses, the columns its underline covers (a ruling under it
    and under no other heading of its row), the columns no vertical ruling divides at its height
    (a ruled grid's merged cell), the two columns it is centred over when it stands in the blank
    between their headings (and nothing else is in that blank's columns in its row), and the
    columns under the headings it stands over."""
    n = len(cuts) + 1
    # A ruling under a heading heads the columns it covers, unless it runs under the whole table.
    table_width = 0.95 * width
    # The vertical rulings standing at each boundary between columns (a ruled grid's cell edges).
    walls = [[r for r in rules if r.vertical and abs((r.x0 + r.x1) / 2 - c) <= 1.0] for c in cuts]
    spans_below: list[tuple[int, int]] = []
    below_ext: dict[int, tuple[float, float]] = {}  # the extent of each single-column heading under the row
    per_row: list[list[tuple[int, int, str]]] = []
    for row in reversed(rows):
        crossing = {first: (first, last) for first, last, _ in row.spans}
        filled = [k for k in range(n) if row.text(k)]
        cells: list[tuple[int, int, str]] = []
        for k in filled:
            text = row.text(k)
            first, last = crossing.get(k, (k, k))
            ext = row.extent[k]
            x0, x1 = ext if ext is not None else (0.0, 0.0)
            others = [row.extent[j] for j in filled if j != k and row.extent[j] is not None]
            for r in rules:
                if r.vertical or not (row.y1 - 0.5 <= (r.y0 + r.y1) / 2 <= row.y1 + 1.2 * em):
                    continue
                if not (r.x0 <= x1 and r.x1 >= x0 and (r.x1 - r.x0) > (x1 - x0) + em and r.x1 - r.x0 < table_width):
                    continue
                if any(e is not None and r.x0 < e[1] - 0.5 * em and r.x1 > e[0] + 0.5 * em for e in others):
                    continue  # under other headings too: a rule of the grid, no one's underline
                covered = [j for j, c in enumerate(centres) if c is not None and r.x0 <= c <= r.x1]
                if covered and covered[0] <= k <= covered[-1]:
                    first, last = min(first, covered[0]), max(last, covered[-1])
                    break
            # A ruled grid whose wall between this column and the next (or the one before) stops
            # short of the row: a merged cell, as wide on either side as the walls leave it.
            mid = (row.y0 + row.y1) / 2
            while last + 1 < n and last + 1 not in filled and _open_wall(walls[last], mid):
                last += 1
            while first > 0 and first - 1 not in filled and _open_wall(walls[first - 1], mid):
                first -= 1
            if ext is not None and first == last:
                # A heading centred over the blank between two headings under it (no rule
                # says so): over both of them.
                centre = (x0 + x1) / 2
                left = below_ext.get(first)
                for j in (first - 1, first + 1):
                    other = below_ext.get(j)
                    if 0 <= j < n and j not in filled and left is not None and other is not None:
                        a, b = (other, left) if j < first else (left, other)
                        if a[1] < centre < b[0] and min(b[0] - centre, centre - a[1]) >= 0.25 * (b[0] - a[1]):
                            first, last = min(first, j), max(last, j)
                            break
            below = [(a, b) for a, b in spans_below if a <= last and b >= first]
            if below:
                first, last = min(first, *(a for a, _ in below)), max(last, *(b for _, b in below))
            cells.append((first, last, text))
        spans_below = [(a, b) for a, b, _ in cells]
        below_ext = {k: e for k in filled if (e := row.extent[k]) is not None and not crossing.get(k)}
        per_row.append(cells)
    return list(reversed(per_row))


def _open_wall(walls: Sequence[Rule], y: float) -> bool:
    """The boundary is a ruled wall (it stands elsewhere in the table) that is open at ``y``."""
    return bool(walls) and not any(r.y0 - 1.0 <= y <= r.y1 + 1.0 for r in walls)


def merged_header(per_row: Sequence[Sequence[tuple[int, int, str]]], n: int) -> list[str]:
    """One header cell per column: the text of every header cell over it, top to bottom."""
    parts: list[list[str]] = [[] for _ in range(n)]
    for cells in per_row:
        for first, last, text in cells:
            for j in range(first, last + 1):
                parts[j].append(text)
    return [dehyphenated(p) for p in parts]


#: A header cell as printed: (header row, first column, rows, columns, text).
HeaderCell = tuple[int, int, int, int, str]


def header_cells(per_row: Sequence[Sequence[tuple[int, int, str]]], n: int) -> list[HeaderCell]:
    """The header's cells as printed, when it has spanning cells or several levels (empty when
    one row of one cell per column says it all, as ``header`` does).

    Lines of one column that share a span are one cell (a heading wrapped over several lines);
    a cell's row is how many cells stand over it in its columns, and it reaches down to the
    next cell under it, or to the header's last row (a heading set once beside two levels:
    ``rowspan``)."""
    stacks: list[list[int]] = [[] for _ in range(n)]  # cell ids in each column, top to bottom
    spans: list[tuple[int, int]] = []
    texts: list[list[str]] = []
    for cells in per_row:
        for first, last, text in cells:
            prev = stacks[first][-1] if stacks[first] else None
            if (
                prev is not None
                and spans[prev] == (first, last)
                and all(stacks[j] and stacks[j][-1] == prev for j in range(first, last + 1))
            ):
                texts[prev].append(text)  # the same heading, wrapped
                continue
            spans.append((first, last))
            texts.append([text])
            for j in range(first, last + 1):
                stacks[j].append(len(spans) - 1)
    if not spans:
        return []
    depth = [0] * len(spans)
    for _ in range(len(spans)):  # stable after as many passes as there are cells
        for col in stacks:
            for above, below in itertools.pairwise(col):
                depth[below] = max(depth[below], depth[above] + 1)
    levels = max(depth) + 1
    if levels == 1 and all(a == b for a, b in spans):
        return []
    out: list[HeaderCell] = []
    for cid, (first, last) in enumerate(spans):
        nxt = [depth[col[col.index(cid) + 1]] for col in stacks[first : last + 1] if col.index(cid) + 1 < len(col)]
        bottom = min(nxt) if nxt else levels
        out.append((depth[cid], first, max(1, bottom - depth[cid]), last - first + 1, dehyphenated(texts[cid])))
    return sorted(out)


# --------------------------------------------------------------------------------------------
# The whole table


def merge_rules(rules: Sequence[Rule], tol: float = 1.5, gap: float = 0.5) -> list[Rule]:
    """Collinear rulings that touch joined into one (cell edges drawn one by one); underlines
    set apart by a small gap (one per column group) stay apart."""
    out: list[Rule] = []
    for vertical in (True, False):
        group = sorted(
            (r for r in rules if r.vertical == vertical),
            key=lambda r: ((r.x0 + r.x1) / 2, r.y0) if vertical else ((r.y0 + r.y1) / 2, r.x0),
        )
        cur: Rule | None = None
        for r in group:
            if cur is not None:
                if vertical:
                    same = abs((r.x0 + r.x1) / 2 - (cur.x0 + cur.x1) / 2) <= tol and r.y0 <= cur.y1 + gap
                else:
                    same = abs((r.y0 + r.y1) / 2 - (cur.y0 + cur.y1) / 2) <= tol and r.x0 <= cur.x1 + gap
                if same:
                    cur = Rule(min(cur.x0, r.x0), min(cur.y0, r.y0), max(cur.x1, r.x1), max(cur.y1, r.y1))
                    continue
                out.append(cur)
            cur = r
        if cur is not None:
            out.append(cur)
    return out


def read_table(glyphs: Sequence[Glyph], rules: Sequence[Rule] = ()) -> Found | None:
    """The table set in ``glyphs`` (one region), or None when they do not make one."""
    rules = merge_rules(rules)
    lines = _without_caption(build_lines(glyphs, rules))
    if len(lines) < 2:
        return None
    em = statistics.median(ln.size for ln in lines)
    cuts = _separators(lines, rules)
    cuts = _without_stray_cuts(lines, cuts, rules, em)
    if not cuts:
        return None
    lines = _split_at_column_starts(lines, cuts, em)
    whole = lines
    lines = _trim(lines, cuts)
    lines, ceiling, floor = _outside_grid(lines, cuts, rules)
    if len(lines) < 2:
        return None
    # The table's box, grown to the rulings framing it, stops short of the lines left out
    # above and below it (a title, notes: they are text around the table).
    ceiling = max([ceiling, *(ln.y1 for ln in whole if ln.y1 <= lines[0].y0)])
    floor = min([floor, *(ln.y0 for ln in whole if ln.y0 >= lines[-1].y1)])
    # (at the ruling between them and the table, when one runs there)
    if ceiling > float("-inf"):
        ceiling = max([ceiling, *(r.y0 for r in rules if not r.vertical and ceiling <= r.y0 <= lines[0].y0)])
    if floor < float("inf"):
        floor = min([floor, *(r.y1 for r in rules if not r.vertical and lines[-1].y1 <= r.y1 <= floor)])
    x0 = min(ln.x0 for ln in lines)
    x1 = max(ln.x1 for ln in lines)
    rows = _rows(lines, cuts, em)
    rows = _bands(rows, rules, x0, x1)
    label_width = max((r.x1 - r.x0 for r in rows if _label_only(r)), default=cuts[0] - x0)
    label_width = max(label_width, cuts[0] - x0)
    n_head = _header_rows(rows, rules, x0, x1)
    head = rows[:n_head]
    n = len(cuts) + 1
    ruled = _ruled_rows(rows[n_head:], rules, cuts, em)
    body, spans = ruled if ruled is not None else (_continuations(rows[n_head:], label_width), [])
    centres: list[float | None] = []
    for k in range(len(cuts) + 1):
        mids = [(e[0] + e[1]) / 2 for r in body if (e := r.extent[k])]
        centres.append(statistics.median(mids) if mids else None)
    per_row = _header_spans(head, rules, cuts, em, centres, x1 - x0) if head else []
    header = merged_header(per_row, n) if head else []
    cells = header_cells(per_row, n)
    spans = sorted([*spans, *_merged_across(body, rules, cuts, spans)])
    grid = [[r.text(k) for k in range(n)] for r in body]
    walled = [any(r.vertical and abs((r.x0 + r.x1) / 2 - c) <= RULE_TOL for r in rules) for c in cuts]
    header, grid, cells, spans = _drop_stray_columns(header, grid, cells, spans, walled)
    if len(grid) < 1 or (len(grid) + (1 if header else 0)) < 2:
        return None
    top = min(ln.y0 for ln in lines)
    bottom = max(ln.y1 for ln in lines)
    fx0, fy0, fx1, fy1 = _framed((x0, top, x1, bottom), rules, em)
    return Found((fx0, max(fy0, ceiling), fx1, min(fy1, floor)), header, grid, cells, spans)


def _outside_grid(lines: list[Line], cuts: Sequence[float], rules: Sequence[Rule]) -> tuple[list[Line], float, float]:
    """Without the lines a ruled grid's rulings set outside it: on top, lines of one text each,
    set larger than the table, standing above where every column ruling starts (a title over
    the grid, inside a frame drawn round the title and the table together; a title in the
    table's type is its top header cell); at the foot, lines of fewer texts than half the
    columns below where most column rulings end (notes under the grid in the same frame); each
    run set off from the grid by a horizontal ruling across it, the column rulings running down
    most of the table. Also the y-range the grid keeps: from the ruling over it to the
    ruling under it (-inf, inf: nothing left out)."""
    ceiling, floor = float("-inf"), float("inf")
    if len(lines) < 2:
        return lines, ceiling, floor
    height = lines[-1].y1 - lines[0].y0
    walls = []
    for c in cuts:
        pieces = [r for r in rules if r.vertical and abs((r.x0 + r.x1) / 2 - c) <= RULE_TOL]
        if sum(r.y1 - r.y0 for r in pieces) >= RULE_HEIGHT * height:
            walls.append((min(r.y0 for r in pieces), max(r.y1 for r in pieces)))
    if len(walls) < GRID_WALLS:
        return lines, ceiling, floor
    x0 = min(ln.x0 for ln in lines)
    x1 = max(ln.x1 for ln in lines)
    across = [r for r in rules if not r.vertical and min(r.x1, x1) - max(r.x0, x0) >= RULE_WIDTH * (x1 - x0)]

    def ruling_between(upper: Line, lower: Line) -> Rule | None:
        return next((r for r in across if upper.y1 <= (r.y0 + r.y1) / 2 <= lower.y0), None)

    start = 0
    top = min(w[0] for w in walls)
    em = statistics.median(ln.size for ln in lines)
    while (
        start < len(lines) - 2
        and len(lines[start].segments) == 1
        and lines[start].y1 <= top
        and lines[start].size >= TITLE_SIZE * em
    ):
        start += 1
    if start:
        rule = ruling_between(lines[start - 1], lines[start])
        if rule is not None and lines[start].y1 > top:
            ceiling = rule.y0
        else:
            start = 0
    end = len(lines)
    bottom = statistics.median(w[1] for w in walls)
    # (a line of notes holds a few texts; a row of the table below rulings drawn round its
    # header only holds one for most columns)
    few = (len(cuts) + 1) / 2
    while end > start + 2 and lines[end - 1].y0 >= bottom and len(lines[end - 1].segments) < few:
        end -= 1
    if end < len(lines):
        rule = ruling_between(lines[end - 1], lines[end])
        if rule is not None and lines[end - 1].y0 < bottom:
            floor = rule.y1
        else:
            end = len(lines)
    return lines[start:end], ceiling, floor


#: Column rulings a grid needs for lines outside them to be left out of it.
GRID_WALLS = 2
#: A title over a grid is set at least this many times the table's text size.
TITLE_SIZE = 1.3


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


def _drop_stray_columns(
    header: list[str],
    grid: list[list[str]],
    cells: list[HeaderCell],
    spans: list[BodySpan],
    walled: Sequence[bool],
) -> tuple[list[str], list[list[str]], list[HeaderCell], list[BodySpan]]:
    """A column holding text in one row only, right after text in the column before (words a
    wide space set apart inside a cell), is put back into that cell (not a cell over several
    rows, nor one beside it, nor a column a ruling sets apart: ``walled[k - 1]`` tells whether
    a vertical ruling stands between columns ``k - 1`` and ``k``)."""
    if len(grid) < 4 or not grid:
        return header, grid, cells, spans
    walls = list(walled)
    k = 1
    while k < len(grid[0]):
        if k - 1 < len(walls) and walls[k - 1]:
            k += 1
            continue
        filled = [i for i, r in enumerate(grid) if r[k]]
        spanned = len(filled) == 1 and any(
            r <= filled[0] < r + rs and c <= k and k - 1 < c + cs for r, c, rs, cs in spans
        )
        if len(filled) == 1 and grid[filled[0]][k - 1] and not (header and header[k]) and not spanned:
            row = grid[filled[0]]
            row[k - 1] = f"{row[k - 1]} {row[k]}"
            for r in grid:
                del r[k]
            if header:
                del header[k]
            del walls[k - 1]
            cells = [
                (hr, c - (c > k), rs, cs - (c <= k < c + cs), text) for hr, c, rs, cs, text in cells if cs > 1 or c != k
            ]
            spans = [(r, c - (c > k), rs, cs - (c < k < c + cs)) for r, c, rs, cs in spans]
            spans = [span for span in spans if span[2] > 1 or span[3] > 1]
            continue
        k += 1
    return header, grid, cells, spans


_CAPTION = re.compile(r"^(?:table|tab\.|exhibit|schedule)\s*[:.]?\s*(?:\d+|[IVXLC]+\b|[A-Z]\b)", re.IGNORECASE)


def _without_caption(lines: list[Line]) -> list[Line]:
    """Without the table's caption (``Table 5: ...``, ``Exhibit 3``) when the region took it in:
    a line starting so among the first two (it and the lines above it go) or the last two (it
    and the lines below)."""
    for k in range(min(2, len(lines))):
        if _CAPTION.match(lines[k].segments[0].text):
            return lines[k + 1 :]
    for k in range(len(lines) - 1, max(len(lines) - 3, -1), -1):
        if _CAPTION.match(lines[k].segments[0].text):
            return lines[:k]
    return lines


def _split_at_column_starts(lines: list[Line], cuts: Sequence[float], em: float) -> list[Line]:
    """A line of one text running across one column boundary (from the column before it to
    the column after it, no further), one of whose words starts where the next column's text
    starts in other lines (within COLUMN_START_TOL points, in
    COLUMN_START_LINES lines or more: a column set flush left), the words before it ending by
    the boundary and the space before it the widest of the line (see :func:`_wider_space`), is
    cut there into its two cells: a label and its value set as one text object with a space
    between them (an infobox's ``Original author(s) Andreas Gal``)."""
    starts: list[tuple[float, float, float, float]] = []
    for k, c in enumerate(cuts):
        left = cuts[k - 1] if k > 0 else float("-inf")
        right = cuts[k + 1] if k + 1 < len(cuts) else float("inf")
        xs = sorted(
            s.x0
            for ln in lines
            if len(ln.segments) >= 2
            for s in ln.segments
            if c < s.x0 and (s.x0 + s.x1) / 2 <= right
        )
        best, count = 0.0, 0
        for i, x in enumerate(xs):
            n = bisect.bisect_right(xs, x + 2 * COLUMN_START_TOL) - i
            if n > count:
                best, count = x, n
        if count >= COLUMN_START_LINES:
            starts.append((left, c, best, right))
    if not starts:
        return lines
    out: list[Line] = []
    for ln in lines:
        seg = ln.segments[0]
        at = None
        if len(ln.segments) == 1:
            for left, c, x, right in starts:
                # the two cells each within one column (a note under a wider table runs on)
                if seg.x0 < c < seg.x1 and seg.x0 > left and seg.x1 < right:
                    at = next(
                        (
                            i
                            for i, w in enumerate(seg.words)
                            if i > 0
                            and abs(w.x0 - x) <= 2 * COLUMN_START_TOL
                            and seg.words[i - 1].x1 <= c + 0.5 * em
                            and _wider_space(seg.words, i, em)
                        ),
                        None,
                    )
                    break
        if at is None:
            out.append(ln)
        else:
            out.append(Line(ln.y0, ln.y1, ln.size, [segment_of(seg.words[:at]), segment_of(seg.words[at:])]))
    return out


def _wider_space(words: Sequence[Word], i: int, em: float) -> bool:
    """The space before ``words[i]`` is wider than the line's other spaces (by LABEL_SPACE
    times), or, with no other, wider than LONE_SPACE ems: the blank a label leaves before its
    value, not a space inside a sentence."""
    gap = words[i].x0 - words[i - 1].x1
    others = [b.x0 - a.x1 for k, (a, b) in enumerate(itertools.pairwise(words), start=1) if k != i]
    return gap >= LABEL_SPACE * max(others) if others else gap >= LONE_SPACE * em


#: The space between a label and its value set as one text is this many times the others ...
LABEL_SPACE = 1.2
#: ... or, alone in the line, at least this many ems.
LONE_SPACE = 0.4
#: A column's text starts within this many points of one x ...
COLUMN_START_TOL = 0.5
#: ... in this many lines at least when it is set flush left.
COLUMN_START_LINES = 3


def _trim(lines: list[Line], cuts: Sequence[float]) -> list[Line]:
    """Without a title above the table or a note below it: a line of one segment running across
    the boundary between the first column and the next, above the first or below the last line
    of several cells."""
    multi = [k for k, ln in enumerate(lines) if len(ln.segments) >= 2]
    if not multi:
        return lines
    first, last = multi[0], multi[-1]

    def across(ln: Line) -> bool:
        return len(ln.segments) == 1 and ln.x0 < cuts[0] < ln.x1

    start = 0
    for k in range(first):
        if across(lines[k]):
            start = k + 1
    end = len(lines)
    for k in range(len(lines) - 1, last, -1):
        if across(lines[k]):
            end = k
    return lines[start:end]
