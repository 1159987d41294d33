"""A table's columns: where to cut between them (:func:`column_cuts`) and which columns a cell's
text reaches into (:func:`column_span`). Pure geometry, no engine.

Columns are the x-ranges that (nearly) every line holding two or more segments leaves blank,
plus vertical rulings crossing most of the table. A blank that is a gap inside one column (a
mark set after a heading, a cell's text wrapped short between the rulings of its column) is no
boundary (:func:`without_stray_cuts`), nor is the blank beside a heading centred over figures
set flush right (:func:`without_header_columns`). A label and its value set as one text across
a boundary are cut there into their two cells (:func:`split_at_column_starts`).
"""

from __future__ import annotations

import bisect
import itertools
import statistics
from collections.abc import Callable, Sequence

from adapters._table_glyphs import Line, Rule, Segment, Word, figure_span, is_currency, segment_of
from adapters._table_rulings import RULE_HEIGHT, RULE_TOL
from pdfcore.geometry import thin_stretches

#: A column boundary must be at least this many ems wide.
MIN_SEPARATOR = 0.25
#: Share of the multi-cell lines that may cross a column boundary (headings spanning columns).
SPAN_SHARE = 0.15


def column_cuts(lines: Sequence[Line], rules: Sequence[Rule]) -> list[float]:
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
                cuts.append(_cut(blank_from, x, lines, em, rules))
    walls: list[float] = []
    partial: list[Rule] = []  # walls drawn part of the way down (see _partial_walls)
    whole: list[Rule] = []  # the rulings of the walls drawn whole
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
                partial.append(r)
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
            whole.append(r)
    if walls and len(edges) >= 2:  # (a boxed grid: both its sides and a wall inside drawn whole)
        top, bottom = min(r.y0 for r in whole) - RULE_TOL, max(r.y1 for r in whole) + RULE_TOL
        inside = [r for r in partial if top <= r.y0 and r.y1 <= bottom]  # (not a box over the grid)
        for x in _partial_walls(inside, rules, lines, sorted([*walls, *edges]), em):
            cuts = [c for c in cuts if abs(c - x) > 1.0 * em]
            cuts.append(x)
            walls.append(x)
    return sorted(
        c
        for c in cuts
        if c in walls
        or not (
            _inside_ruled_column(c, walls, lines, em)
            or _no_row_beside(c, [*walls, *edges], lines)
            or _heading_spaced_out(c, [*walls, *edges], lines, rules)
        )
    )


def _partial_walls(
    partial: Sequence[Rule], rules: Sequence[Rule], lines: Sequence[Line], bounds: Sequence[float], em: float
) -> list[float]:
    """Walls of a boxed grid drawn beside some of its rows only (the others hold a cell over
    both columns: a price for Monday to Sunday across ``Monday to Thursday`` and ``Friday or
    Sunday``): a vertical ruling starting and ending on horizontal rulings, between two walls
    drawn whole (``bounds``: those and the frame's sides), that no text of the rows beside it
    crosses, with a text on each side of it in two of those rows at least, each inside the
    cell the ruling closes (short of the walls beyond)."""
    out: list[float] = []
    for r in partial:
        x = (r.x0 + r.x1) / 2
        left = max((b for b in bounds if b < x - em), default=None)
        right = min((b for b in bounds if b > x + em), default=None)
        if left is None or right is None or any(abs(x - o) <= em for o in out):
            continue
        if not (_on_ruling(x, r.y0, rules) and _on_ruling(x, r.y1, rules)):
            continue
        beside = [ln for ln in lines if ln.y1 > r.y0 and ln.y0 < r.y1]
        if any(s.x0 + 0.5 * em < x < s.x1 - 0.5 * em for ln in beside for s in ln.segments):
            continue
        parted = sum(
            1
            for ln in beside
            if any(left < s.x0 and s.x1 <= x for s in ln.segments)
            and any(x <= s.x0 and s.x1 < right for s in ln.segments)
        )
        if parted >= 2:
            out.append(x)
    return out


def _on_ruling(x: float, y: float, rules: Sequence[Rule]) -> bool:
    """A horizontal ruling runs through (``x``, ``y``)."""
    return any(
        not r.vertical and r.x0 - RULE_TOL <= x <= r.x1 + RULE_TOL and r.y0 - RULE_TOL <= y <= r.y1 + RULE_TOL
        for r in rules
    )


def _overflows(seg: Segment, line: Line) -> bool:
    """Another text of ``line`` starts inside ``seg`` (drawn over it: see
    :func:`adapters._table_glyphs.build_lines`)."""
    return any(o is not seg and seg.x0 < o.x0 < seg.x1 for o in line.segments)


#: Lines of one ruled column crossing a blank inside it that make the blank part of the column.
RULED_CROSSINGS = 3


def without_stray_cuts(lines: Sequence[Line], cuts: Sequence[float], rules: Sequence[Rule], em: float) -> list[float]:
    """Without a cut whose column on its right holds the text of one line only, set on right
    after the text on its left (within STRAY_RUN ems: a mark after a heading, ``Offset`` ``#``,
    the end of a value wrapped short, ``4.0.379[2]`` ``/``), that other lines' text runs across
    (two or more): the blank that made it is a gap inside one column. A ruling standing at the
    cut keeps it."""
    return _without_cuts(cuts, rules, lambda left, c, right: _stray_cut(lines, left, c, right, em))


def _stray_cut(lines: Sequence[Line], left: float, c: float, right: float, em: float) -> bool:
    """Whether the cut at ``c`` (between the cuts ``left`` and ``right``) is a gap inside one
    column (see without_stray_cuts)."""
    crossers = [ln for ln in lines for s in ln.segments if s.x0 < c < s.x1]
    if len(crossers) < 2:
        return False
    if _heading_left_of(c, left, lines, crossers):
        return True
    holding = [(ln, s) for ln in lines for s in ln.segments if c < _centre(s) <= right and not (s.x0 < c)]
    if len({id(ln) for ln, _ in holding}) != 1:
        return False
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
    return bool(before) and first - max(before) <= STRAY_RUN * em


def walled_at(x: float, rules: Sequence[Rule]) -> bool:
    """A vertical ruling stands at ``x`` (within RULE_TOL): a boundary the table draws."""
    return any(r.vertical and abs((r.x0 + r.x1) / 2 - x) <= RULE_TOL for r in rules)


def _without_cuts(
    cuts: Sequence[float], rules: Sequence[Rule], drop: Callable[[float, float, float], bool]
) -> list[float]:
    """``cuts`` without those ``drop(left, cut, right)`` says are no boundary (``left`` and
    ``right``: the neighbouring cuts left, infinities at the ends), looked at left to right
    among those kept so far; a cut a vertical ruling stands at stays."""
    out = list(cuts)
    k = 0
    while k < len(out):
        c = out[k]
        left = out[k - 1] if k > 0 else float("-inf")
        right = out[k + 1] if k + 1 < len(out) else float("inf")
        if not walled_at(c, rules) and drop(left, c, right):
            del out[k]
            continue
        k += 1
    return out


#: A column's only text set at most this many ems after the text on its left runs on from it.
STRAY_RUN = 1.5

#: List bullets: a column holding nothing else, each one opening a text in the next column, is
#: the list's markers (see :func:`without_bullet_columns`). (Dashes are a table's blanks, ticks
#: and half-filled circles its values: none of them here.)
BULLETS = frozenset("•▪◦‣⁃▸►➢➤●■")


def without_bullet_columns(
    lines: Sequence[Line], cuts: Sequence[float], rules: Sequence[Rule], em: float
) -> list[float]:
    """Without a cut whose column on its left holds list bullets and nothing else, each set
    right before the text its line has in the column on the right (within STRAY_RUN ems): the
    items of a list in one cell (``• Reported as not relevant ...`` ``• Generates ...``), their
    bullets set apart in a column of their own. A ruling standing at the cut keeps it."""
    return _without_cuts(cuts, rules, lambda left, c, right: _bullets_before(lines, left, c, right, em))


def _bullets_before(lines: Sequence[Line], left: float, c: float, right: float, em: float) -> bool:
    """Whether the column from ``left`` to ``c`` holds bullets only, each opening a text that
    starts in the column from ``c`` to ``right`` on its line or on a line level with it (a
    bullet set a little higher than its item's first line is a line of its own) (see
    without_bullet_columns)."""
    seen = 0
    for ln in lines:
        for s in ln.segments:
            if not left < _centre(s) <= c:
                continue
            if s.x1 > c or s.text.strip() not in BULLETS:
                return False
            if not any(
                c < t.x0 < right and 0 <= t.x0 - s.x1 <= STRAY_RUN * em
                for other in lines
                if other.y0 < ln.y1 and other.y1 > ln.y0
                for t in other.segments
            ):
                return False
            seen += 1
    return seen > 0


#: Lines a table's header may take (a column's text on these lines only may be a heading's).
HEADER_LINES = 3


def without_header_columns(lines: Sequence[Line], cuts: Sequence[float], rules: Sequence[Rule]) -> list[float]:
    """Without a cut between a column holding text on the table's first lines only (up to
    HEADER_LINES) and one holding text on two lines or more under them only, from the line
    right under them on, never both on one line: a heading centred over figures set flush
    right, too short to reach over them (``Half day`` over ``42``), stood in a blank of its
    own and made a column of it. Texts reaching past the two columns (a heading over several)
    are not counted. A ruling standing at the cut keeps it."""
    return _without_cuts(cuts, rules, lambda left, c, right: _heading_over_figures(lines, left, c, right))


def without_empty_columns(lines: Sequence[Line], cuts: Sequence[float], rules: Sequence[Rule]) -> list[float]:
    """One cut for each run of cuts with only empty columns between them (no text between two
    neighbouring cuts that crosses neither: headings over several columns cross them all). Under
    a heading spanning two columns (``Span 1`` over ``Severity`` and ``Extent``), each over a
    single letter or figure centred under it, the blanks beside the narrow figures that only
    one heading crosses each made a cut: three cuts, two empty columns, where one cut stands
    between the two columns. The one kept is the cut nearest the middle of the blank between the
    texts of the columns on either side. In a run with a ruling at one of its cuts, the cuts at
    rulings stay and the others go."""
    out = list(cuts)
    segs = [s for ln in lines for s in ln.segments]

    def holds(a: float, b: float) -> list[Segment]:
        return [s for s in segs if a <= s.x0 and s.x1 <= b]

    k = 0
    while k < len(out):
        j = k
        while j + 1 < len(out) and not holds(out[j], out[j + 1]):
            j += 1
        run = out[k : j + 1]
        walled = [c for c in run if walled_at(c, rules)]
        if j == k or walled:
            # (the cuts a ruling stands at stay, the others of the run go: a blank beside the
            # figures right-aligned under a heading wider than them, next to the wall)
            out[k : j + 1] = walled or run
            k += len(walled or run)
            continue
        before = holds(out[k - 1] if k > 0 else float("-inf"), out[k])
        after = holds(out[j], out[j + 1] if j + 1 < len(out) else float("inf"))
        if not before or not after:
            k = j + 1
            continue
        middle = (max(s.x1 for s in before) + min(s.x0 for s in after)) / 2
        out[k : j + 1] = [min(run, key=lambda c: abs(c - middle))]
        k += 1
    return out


def _heading_over_figures(lines: Sequence[Line], left: float, c: float, right: float) -> bool:
    """Whether the columns from ``left`` to ``c`` and from ``c`` to ``right`` hold text on the
    table's first lines only and under them only (see without_header_columns)."""
    sides: tuple[set[int], set[int]] = (set(), set())
    for k, ln in enumerate(lines):
        for s in ln.segments:
            if s.x0 < left < s.x1 or s.x0 < right < s.x1:
                continue  # a heading over more columns
            x = _centre(s)
            if left < x <= right:
                sides[0 if x <= c else 1].add(k)
    a, b = sides
    if not a or not b or a & b:
        return False
    upper, lower = (a, b) if max(a) < min(b) else (b, a)
    return min(lower) == max(upper) + 1 and max(upper) < HEADER_LINES and len(lower) >= 2


def _centre(seg: Segment) -> float:
    """The x where ``seg`` stands as a cell (a figure after a currency sign: the figure's)."""
    x0, x1 = figure_span(seg)
    return (x0 + x1) / 2


def _heading_left_of(c: float, left: float, lines: Sequence[Line], crossers: Sequence[Line]) -> bool:
    """The column left of the cut at ``c`` (from ``left``) holds the text of one line only, above
    the lines whose cells cross the cut: a heading set to the left over its column's figures,
    the widest of which run into the blank beside it (``2018`` over ``$ (44,624)`` and
    ``636``). Cells are placed by their centres, a figure after a currency sign set apart by
    the figure's, so a sign standing at the column's left does not make a column of its
    own."""
    held = {id(ln): ln for ln in lines for s in ln.segments if left < _centre(s) <= c and not s.x1 > c}
    if len(held) != 1:
        return False
    (line,) = held.values()
    return all(line.y1 <= ln.y0 for ln in crossers)


def _inside_ruled_column(x: float, walls: Sequence[float], lines: Sequence[Line], em: float) -> bool:
    """A blank at ``x`` inside a column the table rules off on both sides, that lines of that
    column cross row after row (a cell's text wrapped short in some rows, run long in others): the
    reader sees one column between the rulings, not two. (A heading or two over sub-columns
    crosses such a blank too, and sub-columns stay apart.) In the last column of a table whose
    columns are ruled off from each other but not framed (two column rulings or more, none
    right of ``x``), such a blank is inside the column when more lines cross it than hold text
    right of it (the last words of a few justified lines set apart, long cells running across;
    a column of its own there is filled row after row). (The first column's blanks are left to
    the text: a label and its figure set as one text cross the blank between them.)"""
    left = max((w for w in walls if w < x), default=None)
    right = min((w for w in walls if w > x), default=None)
    last = left is not None and right is None and len(walls) >= 2 and bool(lines)
    if last:
        right = max(ln.x1 for ln in lines)
    if left is None or right is None:
        return False
    crossing = sum(
        1
        for ln in lines
        for s in ln.segments
        if s.x0 + 0.5 * em < x < s.x1 - 0.5 * em and s.x0 >= left - 0.5 * em and s.x1 <= right + 0.5 * em
    )
    if not last:
        return crossing >= RULED_CROSSINGS
    holding = sum(1 for ln in lines if any(x <= s.x0 and s.x1 <= right for s in ln.segments))
    return crossing >= RULED_CROSSINGS and crossing > holding


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


def _heading_spaced_out(x: float, walls: Sequence[float], lines: Sequence[Line], rules: Sequence[Rule]) -> bool:
    """A blank at ``x`` inside a column the table rules off on both sides, where only heading
    words stand right of it (HEADING_LINES lines at most), each after words of its own line (a
    justified heading's words set wide apart: ``Number      of``), all above the first ruling
    across the column under the heading's first line (the heading's foot), under which two
    lines or more hold text left of it and none right of it: the column's cells. Sub-columns
    under one heading hold cells on both sides of their blank."""
    left = max((w for w in walls if w < x), default=None)
    right = min((w for w in walls if w > x), default=None)
    if left is None or right is None:
        return False
    sides = []
    for ln in lines:
        mids = [(s.x0 + s.x1) / 2 for s in ln.segments if left < (s.x0 + s.x1) / 2 < right]
        sides.append((ln, any(m < x for m in mids), any(m > x for m in mids)))
    heading = [ln for ln, before, after in sides if after]
    if not heading or len(heading) > HEADING_LINES or any(not before for _, before, after in sides if after):
        return False
    first = min(ln.y1 for ln in heading)
    ruling = min(
        (
            (r.y0 + r.y1) / 2
            for r in rules
            if not r.vertical
            and r.x0 <= left + RULE_TOL
            and r.x1 >= right - RULE_TOL
            and (r.y0 + r.y1) / 2 >= first - 0.5
        ),
        default=None,
    )
    if ruling is None or max(ln.y1 for ln in heading) > ruling + 0.5:
        return False
    return sum(1 for ln, before, _ in sides if before and ln.y0 >= ruling) >= 2


#: A heading set out over a column holds at most this many lines.
HEADING_LINES = 4


def _cut(a: float, z: float, lines: Sequence[Line], em: float, rules: Sequence[Rule] = ()) -> float:
    """Where to cut between two columns, in the blank ``a``-``z`` the lines of several cells
    leave (a few of them may cross it: a heading over columns, a currency sign set apart). In
    the rightmost stretch of it that no line's text enters (a long label running into the
    blank, a sign before its figure, a heading wider than its column stay on their side; a
    heading centred over the blank and underlined, from the column before it, is over both
    columns: it takes no stretch), else near the next column's start (a label running into the
    blank is no span)."""
    # (a text starting or ending within CUT_FUZZ of the blank's edge enters it no more than its
    # neighbours do: the same x computed through other transforms differs in the last digits)
    taken = sorted(
        (max(s.x0, a), min(s.x1, z))
        for ln in lines
        for s in ln.segments
        if s.x1 > a + CUT_FUZZ
        and s.x0 < z - CUT_FUZZ
        and not (s.x0 <= a and s.x1 >= z)
        and not _group_heading(s, ln, a, z, rules, em)
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


#: Points within which a text's edge counts as standing at a blank's edge.
CUT_FUZZ = 0.01


def _group_heading(seg: Segment, line: Line, a: float, z: float, rules: Sequence[Rule], em: float) -> bool:
    """``seg`` is a heading over the columns on both sides of the blank ``a``-``z``: starting
    left of it, its middle inside it, a ruling right under it reaching an em past it on both
    sides (a group heading's underline: "Electricity" over its two columns' headings)."""
    if not seg.x0 < a < (seg.x0 + seg.x1) / 2 < z:
        return False
    return any(
        not r.vertical
        and line.y1 - 0.5 <= (r.y0 + r.y1) / 2 <= line.y1 + em
        and r.x0 <= seg.x0 - em
        and r.x1 >= seg.x1 + em
        for r in rules
    )


def column_span(seg: Segment, cuts: Sequence[float], em: float) -> tuple[int, int]:
    """First and last column of ``seg``: the columns it reaches into by more than half an em
    (its centre's column at least). A figure after a currency sign set apart is placed by the
    figure (:func:`adapters._table_glyphs.figure_span`): the sign goes with it, it never holds
    a column of its own."""
    x0, x1 = figure_span(seg)
    k = _column((x0 + x1) / 2, cuts)
    first = last = k
    for i, c in enumerate(cuts):
        if x0 < c - 0.5 * em and x1 > c + 0.5 * em:
            first = min(first, i)
            last = max(last, i + 1)
    return first, last


def _column(x: float, cuts: Sequence[float]) -> int:
    k = 0
    while k < len(cuts) and x > cuts[k]:
        k += 1
    return k


def split_at_column_starts(lines: list[Line], cuts: Sequence[float], em: float) -> list[Line]:
    """A line's text running across one column boundary (from the column before it to
    the column after it, no further), one of whose words starts where the next column's text
    starts in other lines (within COLUMN_START_TOL points, in
    COLUMN_START_LINES lines or more: a column set flush left), the words before it ending by
    the boundary and the space before it the widest of the line (see :func:`_wider_space`), not
    right after a currency's sign (it stands with the figure after it), is cut there into its
    two cells: a label and its value set as one text object with a space
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
        at = None
        for j, seg in enumerate(ln.segments):
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
                            and not is_currency(seg.words[i - 1].text)
                            and _wider_space(seg.words, i, em)
                        ),
                        None,
                    )
                    break
            if at is not None:
                cut = [segment_of(seg.words[:at]), segment_of(seg.words[at:])]
                out.append(Line(ln.y0, ln.y1, ln.size, [*ln.segments[:j], *cut, *ln.segments[j + 1 :]]))
                break
        if at is None:
            out.append(ln)
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
