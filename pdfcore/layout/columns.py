"""Columns and bands: where a page's horizontal lines are read column by column.

A *gutter* is an x-range that (almost) no column-sized line crosses, with prose on both sides
of it, side by side. Lines spanning the gutter (titles, abstracts, wide figures and their
captions) cut the page into horizontal bands; the page is read band by band, and inside a band
column by column, left to right. Each side is searched again for a gutter of its own (three
columns are a gutter inside one side of another). Inside a column, lines are read top to
bottom.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence

from pdfcore.layout.blocks import GAP_FACTOR, same_band
from pdfcore.layout.column_bands import heading_bands, heads_span
from pdfcore.layout.scripts import CJK
from pdfcore.layout.side_heads import side_heads
from pdfcore.models import Box, TextLine

#: A line at most this share of its region's text width can belong to a column.
COLUMN_LINE_MAX = 0.7
#: A gutter needs, in at least one band, this many lines on each side, side by side...
MIN_SIDE_LINES = 5
#: ...of prose, not table cells or labels: median line length in characters and in words (two
#: CJK characters count as a word), share of letters among characters, share of lines whose left
#: (or right) edge two other lines share within ALIGN_PT...
MIN_SIDE_CHARS = 20
MIN_SIDE_WORDS = 4
MIN_SIDE_LETTERS = 0.5
MIN_SIDE_ALIGNED = 0.6
ALIGN_PT = 2.0
#: ...set as running text: the median gap between successive lines at most this many line heights...
MAX_LEADING = 1.0
#: ...and not a table read row by row: the extractor's order may cross to the other side on the
#: same row for less than this share of the lines...
ROW_SWITCHES = 0.3
#: ...nor a ruled one: fewer horizontal rules than this crossing the gutter between its lines.
TABLE_RULES = 2
#: Lines and characters of a side sampled for its words and letters.
PROSE_PROBE = 40
LETTER_PROBE = 2000
#: Share of the column-sized lines that may cross a gutter (an overfull line, a short heading).
GUTTER_CROSSERS = 0.05
#: Narrowest gutter: points, and share of the median line height.
MIN_GUTTER_PT = 4.0
MIN_GUTTER_LINES = 0.5
#: A line crossing the gutter separates bands when it reaches this share of each side's width.
SPAN_REACH = 0.1
#: Nesting of gutters (columns inside columns).
MAX_DEPTH = 4
#: The rows of a spanning list item hang past its marker by at most this many line heights...
HANG = 2.5
#: ...the item's first row starting with a bullet or an enumerator ("3.", "b)", "(iv)").
_LIST_ITEM = re.compile(r"^(?:[•◦▪‣⁃∙●○■□►▶▸▹✓✔➢➤❖◆◇⬢⬡→–—*·\uf0b7\uf0a7]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlc]{1,5})[.)])\s")


def column_regions(
    lines: Sequence[TextLine], rules: Sequence[Box] = (), gutters: Sequence[Box] = (), art: Sequence[Box] = ()
) -> list[list[TextLine]] | None:
    """The lines cut into regions in reading order, or None when the page has no columns.

    A region is a column inside a band, or a run of lines spanning the columns, read top to
    bottom. ``rules``: the page's ruling lines (a gutter crossed by horizontal ones is a
    table's); ``gutters``: vertical rules standing between columns drawn row by row (see
    :func:`pdfcore.rule_gutters.rule_gutters`), gutters whatever the text beside them. ``art``:
    regions of vector art; a side whose lines do not read as prose is judged again without the
    lines inside them (a chart's labels and its frame's caption over the prose under it).
    """
    # Cheap exit first (most pages): too few lines narrow enough to sit in a column.
    x0 = min(ln.bbox.x0 for ln in lines)
    limit = COLUMN_LINE_MAX * (max(ln.bbox.x1 for ln in lines) - x0)
    if sum(1 for ln in lines if ln.bbox.x1 - ln.bbox.x0 <= limit) < 2 * MIN_SIDE_LINES:
        return None
    hrules = [r for r in rules if r.x1 - r.x0 > r.y1 - r.y0]
    drawn = [r for r in rules if r.y1 - r.y0 > r.x1 - r.x0]
    parts = _split_at_gutter(_units(lines), 0, hrules, gutters, art, drawn)
    if parts is None:
        return None
    return [[ln for u in _top_down(part) for ln in u.lines] for part in parts]


def _top_down(units: list[_Unit]) -> list[_Unit]:
    """A region's units top to bottom; units side by side on one row, left to right.

    Units are taken by their tops; one joins the row of the unit before it when their vertical
    centres are within half a line of each other (so a tall drop capital does not swallow the
    lines beside it). The sorts are stable: equal positions keep the extractor's order.
    """
    by_top = sorted(units, key=lambda u: u.y0)
    out: list[_Unit] = []
    row: list[_Unit] = []
    for u in by_top:
        if row:
            p = row[-1]
            if abs((u.y0 + u.y1) - (p.y0 + p.y1)) < 0.5 * min(u.y1 - u.y0, p.y1 - p.y0):
                row.append(u)
                continue
            out.extend(sorted(row, key=lambda r: r.x0))
        row = [u]
    out.extend(sorted(row, key=lambda r: r.x0))
    return out


class _Unit:
    """One visual row piece: consecutive lines the extractor split on the same row (font changes,
    superscripts), so a title row in pieces is judged as the whole row."""

    __slots__ = ("chars", "lines", "x0", "x1", "y0", "y1")

    def __init__(self, line: TextLine) -> None:
        b = line.bbox
        self.x0, self.y0, self.x1, self.y1 = b.x0, b.y0, b.x1, b.y1
        self.lines = [line]
        self.chars = len(line.text)

    def add(self, line: TextLine) -> None:
        b = line.bbox
        self.x0, self.y0 = min(self.x0, b.x0), min(self.y0, b.y0)
        self.x1, self.y1 = max(self.x1, b.x1), max(self.y1, b.y1)
        self.lines.append(line)
        self.chars += len(line.text)


def _units(lines: Sequence[TextLine]) -> list[_Unit]:
    units: list[_Unit] = []
    before: TextLine | None = None
    for ln in lines:
        b = ln.bbox
        if before is not None:
            prev = before.bbox
            h = max(prev.y1 - prev.y0, b.y1 - b.y0, 1.0)
            if prev.x1 - 1 <= b.x0 <= prev.x1 + max(h, 3.0) and (
                abs(b.y0 - prev.y0) < 0.3 * h or same_band(before, ln)
            ):
                units[-1].add(ln)
                before = ln
                continue
        units.append(_Unit(ln))
        before = ln
    return units


def _split_at_gutter(
    units: list[_Unit],
    depth: int,
    hrules: list[Box],
    vrules: Sequence[Box] = (),
    art: Sequence[Box] = (),
    drawn: Sequence[Box] = (),
) -> list[list[_Unit]] | None:
    """Regions (lists of units in reading order) cut at the best gutter, recursively; or None.

    A vertical rule standing between columns (``vrules``: the page's gutters, see
    :func:`_ruled_gutter`) is tried after the gutters of running text, whatever the text
    beside it; then a column rule (``drawn``: the page's vertical rules) with a short column
    of running text beside the region's prose (see :func:`_short_column`)."""
    if depth >= MAX_DEPTH or len(units) < MIN_SIDE_LINES + 1:
        return None
    if len(units) < 2 * MIN_SIDE_LINES:
        return _split_at_column_rule(units, depth, hrules, vrules, art, drawn)
    x0 = min(u.x0 for u in units)
    x1 = max(u.x1 for u in units)
    width = x1 - x0
    if width <= 0:
        return None
    limit = COLUMN_LINE_MAX * width
    cands = [u for u in units if 0 < u.x1 - u.x0 <= limit]
    if len(cands) < 2 * MIN_SIDE_LINES:
        return _split_at_column_rule(units, depth, hrules, vrules, art, drawn)
    heights = sorted(u.y1 - u.y0 for u in cands)
    min_gap = max(MIN_GUTTER_PT, MIN_GUTTER_LINES * heights[len(heights) // 2])
    ruled = [g for r in vrules if x0 < r.x0 and r.x1 < x1 and (g := _ruled_gutter(units, r)) is not None]
    candidates = [(a, b, False) for _, _, a, b in sorted(_low_coverage(cands, min_gap))] + [
        (a, b, True) for a, b in ruled
    ]
    for a, b, by_rule in candidates:
        parts = _try_split(units, a, b, x0, x1, hrules, ruled=by_rule, art=art)
        if parts is not None:
            return _inner(parts, depth, hrules, vrules, art, drawn)
    return _split_at_column_rule(units, depth, hrules, vrules, art, drawn)


def _inner(
    parts: list[tuple[list[_Unit], bool]],
    depth: int,
    hrules: list[Box],
    vrules: Sequence[Box],
    art: Sequence[Box],
    drawn: Sequence[Box],
) -> list[list[_Unit]]:
    """The parts of a split, each column searched again for a gutter of its own."""
    out: list[list[_Unit]] = []
    for part, is_column in parts:
        inner = _split_at_gutter(part, depth + 1, hrules, vrules, art, drawn) if is_column else None
        out.extend(inner if inner is not None else [part])
    return out


def _split_at_column_rule(
    units: list[_Unit],
    depth: int,
    hrules: list[Box],
    vrules: Sequence[Box],
    art: Sequence[Box],
    drawn: Sequence[Box],
) -> list[list[_Unit]] | None:
    """The region cut at a column rule with a short column beside it (see :func:`_short_column`),
    or None."""
    if not drawn:
        return None
    x0, x1 = min(u.x0 for u in units), max(u.x1 for u in units)
    top, bottom = min(u.y0 for u in units) + ALIGN_PT, max(u.y1 for u in units) - ALIGN_PT
    for r in drawn:
        # as tall as the region's text at least
        if x0 < r.x0 and r.x1 < x1 and r.y0 <= top and r.y1 >= bottom and (g := _short_column(units, r)) is not None:
            parts = _try_split(units, g[0], g[1], x0, x1, hrules, ruled=True, art=art, min_side=1)
            if parts is not None:
                return _inner(parts, depth, hrules, vrules, art, drawn)
    return None


def _short_column(units: list[_Unit], rule: Box) -> tuple[float, float] | None:
    """The gutter a column rule draws beside a column too short to be found by its text (a
    newsletter's third column holding a story's last two lines): a vertical rule (as tall as the
    region's text, the caller sees) with no unit across it, prose on one side (MIN_SIDE_LINES
    units or more, see :func:`_prose`) and running text on the other (its longest line of
    MIN_SIDE_WORDS words or more, mostly letters). A table's rules stand beside cells, not prose
    on both sides."""
    left = [u for u in units if u.x1 <= rule.x0 + 1.0]
    right = [u for u in units if u.x0 >= rule.x1 - 1.0]
    if not left or not right or len(left) + len(right) < len(units):
        return None
    long, short = (left, right) if len(left) >= len(right) else (right, left)
    if len(long) < MIN_SIDE_LINES or len(short) >= MIN_SIDE_LINES or _prose(long) is None:
        return None
    texts = [" ".join(ln.text for ln in u.lines) for u in short]
    if max(len(t.split()) for t in texts) < MIN_SIDE_WORDS or _letters(" ".join(texts)) < MIN_SIDE_LETTERS:
        return None
    return max(u.x1 for u in left), min(u.x0 for u in right)


def _ruled_gutter(units: list[_Unit], rule: Box) -> tuple[float, float] | None:
    """The gutter a vertical rule draws, from the text on its left to the text on its right
    (beside it: within its height), when MIN_SIDE_LINES units or more stand on each side and
    (almost) none across it (GUTTER_CROSSERS); None otherwise."""
    beside = [u for u in units if rule.y0 <= (u.y0 + u.y1) / 2 <= rule.y1]
    left = [u.x1 for u in beside if u.x1 <= rule.x0 + 1.0]
    right = [u.x0 for u in beside if u.x0 >= rule.x1 - 1.0]
    across = len(beside) - len(left) - len(right)
    if min(len(left), len(right)) < MIN_SIDE_LINES or across > max(1, int(GUTTER_CROSSERS * len(beside))):
        return None
    return max(left), min(right)


def _low_coverage(units: list[_Unit], min_gap: float) -> list[tuple[int, float, float, float]]:
    """Gutter candidates: interior x-ranges that few units cross compared with their sides.

    The coverage profile (how many units cover each x) is cut into runs at most a quarter of its
    peak (and at most GUTTER_CROSSERS of the units, whichever is larger) and at least
    ``min_gap`` wide, with at least three times their fewest crossers on each side. Each run's
    candidate is its least covered stretch, as (fewest crossers, -run width, start, end): sorted,
    the cleanest and widest come first.
    """
    xs = sorted({u.x0 for u in units} | {u.x1 for u in units})
    if len(xs) < 2:
        return []
    at = {x: i for i, x in enumerate(xs)}
    diff = [0] * len(xs)
    for u in units:
        diff[at[u.x0]] += 1
        diff[at[u.x1]] -= 1
    covers = list(itertools.accumulate(diff))[:-1]  # coverage between xs[i] and xs[i + 1]
    s_count = len(covers)
    peak = max(covers)
    limit = max(int(GUTTER_CROSSERS * len(units)), peak // 4)
    before = list(itertools.accumulate(covers, max))  # highest coverage up to each stretch
    after = list(itertools.accumulate(reversed(covers), max))[::-1]
    out: list[tuple[int, float, float, float]] = []
    k = 0
    while k < s_count:
        if covers[k] > limit:
            k += 1
            continue
        j = k
        while j + 1 < s_count and covers[j + 1] <= limit:
            j += 1
        left_peak = before[k - 1] if k > 0 else 0
        right_peak = after[j + 1] if j + 1 < s_count else 0
        fewest = min(covers[k : j + 1])
        width = xs[j + 1] - xs[k]
        if width >= min_gap and min(left_peak, right_peak) >= max(MIN_SIDE_LINES, 3 * fewest):
            # The least covered stretch inside the run (the widest one when several tie).
            best: tuple[float, float] | None = None
            m = k
            while m <= j:
                if covers[m] != fewest:
                    m += 1
                    continue
                e = m
                while e + 1 <= j and covers[e + 1] == fewest:
                    e += 1
                if best is None or xs[e + 1] - xs[m] > best[1] - best[0]:
                    best = (xs[m], xs[e + 1])
                m = e + 1
            if best is not None:
                out.append((fewest, -width, best[0], best[1]))
        k = j + 1
    return out


def _try_split(
    units: list[_Unit],
    a: float,
    b: float,
    x0: float,
    x1: float,
    hrules: list[Box],
    *,
    ruled: bool = False,
    art: Sequence[Box] = (),
    min_side: int = MIN_SIDE_LINES,
) -> list[tuple[list[_Unit], bool]] | None:
    """Cut at the gutter [a, b]: spanning units make bands, the rest go left or right.

    Returns (units, is_column) parts in reading order, or None when no band holds prose on
    both sides (text of any kind for a gutter a vertical rule draws: ``ruled``).
    """
    mid = (a + b) / 2
    reach_left = a - SPAN_REACH * (a - x0)
    reach_right = b + SPAN_REACH * (x1 - b)
    left: list[_Unit] = []
    right: list[_Unit] = []
    crossing: list[_Unit] = []
    spans: list[_Unit] = []
    last_span: _Unit | None = None  # the spanning unit just before, in the extractor's order
    for u in units:
        if u.x0 <= reach_left and u.x1 >= reach_right:
            spans.append(u)
            last_span = u
            continue
        if last_span is not None and _ends_paragraph(last_span, u, units, b):
            spans.append(u)  # the short last line of a spanning paragraph (abstract, caption)
            last_span = u
            continue
        last_span = None
        if u.x1 <= a + 1.0:
            left.append(u)
        elif u.x0 >= b - 1.0:
            right.append(u)
        else:
            crossing.append(u)
    for u in crossing:
        # Overfull lines belong to the side they start on; a short line centred in the gutter
        # (a page number) spans when no column text sits beside it.
        c = (u.x0 + u.x1) / 2
        if a <= c <= b and not _beside(u, left, right):
            spans.append(u)
        else:
            (left if c < mid else right).append(u)
    if len(left) < min_side or len(right) < min_side:
        return None
    spans.sort(key=lambda u: (u.y0 + u.y1, u.x0))
    # bands end at each spanning unit, and at the edges of a heading's band drawn across the
    # region (see heading_bands)
    ruled_across = heading_bands(units, hrules, reach_left, reach_right, x1 - x0)
    cuts: list[tuple[float, _Unit | None]] = sorted(
        [*(((u.y0 + u.y1) / 2, u) for u in spans), *((y, None) for y in ruled_across)], key=lambda c: c[0]
    )
    centres = [c for c, _ in cuts]
    n_bands = len(cuts) + 1
    band_left: list[list[_Unit]] = [[] for _ in range(n_bands)]
    band_right: list[list[_Unit]] = [[] for _ in range(n_bands)]
    order = {id(u): k for k, u in enumerate(units)}
    for side, bands in ((left, band_left), (right, band_right)):
        side.sort(key=lambda u: order[id(u)])
        for u in side:
            bands[bisect.bisect_left(centres, (u.y0 + u.y1) / 2)].append(u)
    across = [(r.y0 + r.y1) / 2 for r in hrules if r.x0 <= a and r.x1 >= b]
    # The fullest band first: it decides most pages at once.
    fullest = sorted(range(n_bands), key=lambda k: -min(len(band_left[k]), len(band_right[k])))
    if not any(
        _side_by_side(band_left[k], band_right[k], order, across, ruled=ruled, art=art, min_side=min_side)
        for k in fullest
    ):
        return None
    parts: list[tuple[list[_Unit], bool]] = []
    for k in range(n_bands):
        span = cuts[k][1] if k < len(cuts) else None
        # (a spanning line's top, or a heading band's ruled edge)
        lead = heads_span(band_left[k], band_right[k], span.y0 if span else cuts[k][0], across) if k < len(cuts) else []
        if lead:
            band_left[k] = band_left[k][: -len(lead)]
        heads = side_heads(band_left[k], band_right[k])
        if heads is not None:
            # blocks side by side over the columns (authors' names and affiliations): read
            # one after the other before the columns
            for j, column in enumerate((band_left, band_right)):
                top = {id(u) for u in sorted(column[k], key=lambda u: u.y0)[: heads[j]]}
                parts.append(([u for u in column[k] if id(u) in top], False))
                column[k] = [u for u in column[k] if id(u) not in top]
        if band_left[k]:
            parts.append((band_left[k], True))
        if band_right[k]:
            parts.append((band_right[k], True))
        if span is None and lead:
            parts.append((lead, False))
        if span is not None:
            if parts and not parts[-1][1] and not band_left[k] and not band_right[k]:
                parts[-1][0].extend([*lead, span])  # consecutive spanning lines: one region
            else:
                parts.append(([*lead, span], False))
    return parts


def _ends_paragraph(above: _Unit, u: _Unit, units: Sequence[_Unit], gutter_end: float) -> bool:
    """``u`` continues the spanning line ``above``: right below it, same left edge, same size;
    or, under a list item's first row, set in by at most HANG line heights (the item's text
    hangs past its marker) with nothing right of the gutter beside it (a column's item whose
    first row the page joined to the other column's on its row goes on in its column); or,
    under a paragraph's first row set in by at most HANG line heights that leaves its sentence
    open (ending on a word in lower case or a comma: a table's row ends on a figure), back at
    the paragraph's margin (a note's last row, ``... from`` / ``Day (1996).``), nothing right
    of the gutter beside it either."""
    h = above.y1 - above.y0
    if not (
        0 <= u.y0 - above.y1 <= GAP_FACTOR * h and u.x1 <= above.x1 + ALIGN_PT and abs((u.y1 - u.y0) - h) <= 0.2 * h
    ):
        return False
    indent = u.x0 - above.x0
    if abs(indent) <= ALIGN_PT:
        return True
    if indent < 0:
        last = above.lines[-1].text.rstrip()
        if -indent > HANG * h or not (last[-1:].islower() or last.endswith(",")):
            return False
    elif not (indent <= HANG * h and _LIST_ITEM.match(above.lines[0].text) is not None):
        return False
    return not any(o.x0 >= gutter_end - 1.0 and o.y0 < u.y1 and o.y1 > u.y0 for o in units)


def _beside(unit: _Unit, left: list[_Unit], right: list[_Unit]) -> bool:
    y0, y1 = unit.y0, unit.y1
    return any(o.y0 < y1 and o.y1 > y0 for o in left) or any(o.y0 < y1 and o.y1 > y0 for o in right)


def _side_by_side(
    left: list[_Unit],
    right: list[_Unit],
    order: dict[int, int],
    across: list[float],
    *,
    ruled: bool = False,
    art: Sequence[Box] = (),
    min_side: int = MIN_SIDE_LINES,
) -> bool:
    """Two columns of prose next to each other: enough lines, overlapping heights, prose on
    both, and not a table (ruled across the gutter, or given by the extractor row by row).
    Columns a vertical rule sets apart (``ruled``) need not be prose; beside a side of prose,
    the other side's lines inside regions of vector ``art`` (a chart's labels) need not be."""
    if len(left) < min_side or len(right) < min_side:
        return False
    ly0, ly1 = min(u.y0 for u in left), max(u.y1 for u in left)
    ry0, ry1 = min(u.y0 for u in right), max(u.y1 for u in right)
    overlap = min(ly1, ry1) - max(ly0, ry0)
    if overlap <= 0.5 * min(ly1 - ly0, ry1 - ry0):
        return False
    top, bottom = max(ly0, ry0), min(ly1, ry1)
    if sum(1 for y in across if top < y < bottom) >= TABLE_RULES:
        return False
    if ruled:
        return True
    lp, rp = _prose(left), _prose(right)
    if lp is None or rp is None:
        # a side's prose may sit under labels the other side has nothing beside (a figure's
        # over its two subcaptions): judged by the lines with a line of the other side beside
        lbeside, rbeside = _beside_block(left, right), _beside_block(right, left)
        near = (_prose(lbeside), _prose(rbeside)) if lbeside is not None and rbeside is not None else (None, None)
        if near[0] is not None and near[1] is not None:
            lp, rp = near
        elif _listed(left) and _listed(right):
            # lists side by side (a kit list in columns): items of a few words, as columns
            lp, rp = _edges(left), _edges(right)
        elif (lp is None) != (rp is None) and art:
            # one side's prose under (or over) a chart whose labels stand beside the other's
            lp, rp = lp or _prose_outside(left, art), rp or _prose_outside(right, art)
        if lp is None or rp is None:
            return False
    # Both sides share an aligned edge: left (left-to-right text, justified or ragged right) or
    # right (right-to-left text). A ragged-left side beside a left-aligned one is a value column.
    if max(min(lp[0], rp[0]), min(lp[1], rp[1])) < MIN_SIDE_ALIGNED:
        return False
    return _row_switches(left, right, order) < max(2, ROW_SWITCHES * min(len(left), len(right)))


def _listed(side: list[_Unit]) -> bool:
    """``side`` is a column of lists: LISTED_LINES lines or more, half of them or more opening
    with a list's marker (the rest its items' wrapped lines and its lists' headings). A short
    list set in two or three columns inside a page's running text is no column of the page."""
    return len(side) >= LISTED_LINES and 2 * sum(1 for u in side if _LIST_ITEM.match(u.lines[0].text)) >= len(side)


#: Lines a column of lists holds at least (see _listed).
LISTED_LINES = 2 * MIN_SIDE_LINES


def _edges(side: list[_Unit]) -> tuple[float, float]:
    """The shares of ``side``'s lines sharing their left and their right edge (see :func:`_prose`)."""
    return _aligned(sorted(u.x0 for u in side)) / len(side), _aligned(sorted(u.x1 for u in side)) / len(side)


def _prose_outside(side: list[_Unit], art: Sequence[Box]) -> tuple[float, float] | None:
    """:func:`_prose` of the side's lines whose centre lies in no region of ``art``, when they
    are MIN_SIDE_LINES or more and some lines lie in one; None otherwise."""
    rest = [
        u for u in side if not any(b.x0 <= (u.x0 + u.x1) / 2 <= b.x1 and b.y0 <= (u.y0 + u.y1) / 2 <= b.y1 for b in art)
    ]
    if len(rest) == len(side) or len(rest) < MIN_SIDE_LINES:
        return None
    return _prose(rest)


def _beside_block(side: list[_Unit], other: list[_Unit]) -> list[_Unit] | None:
    """The lines of ``side`` with a line of ``other`` beside them (at their height), when they
    are MIN_SIDE_LINES or more and stand in one block: no other line of the side between the
    first of them and the last (labels over it, a last line under it). None otherwise (a
    flowchart's boxes, beside the other side here and there)."""
    block = [u for u in side if any(o.y0 < u.y1 and o.y1 > u.y0 for o in other)]
    if len(block) < MIN_SIDE_LINES:
        return None
    top, bottom = min(u.y0 for u in block), max(u.y1 for u in block)
    inside = {id(u) for u in block}
    if any(id(u) not in inside and top < (u.y0 + u.y1) / 2 < bottom for u in side):
        return None
    return block


def _row_switches(left: list[_Unit], right: list[_Unit], order: dict[int, int]) -> int:
    """How often the extractor's order steps to the other side and stays on the same row."""
    sides = sorted([(order[id(u)], 0, u) for u in left] + [(order[id(u)], 1, u) for u in right], key=lambda t: t[0])
    switches = 0
    for (_, sa, a), (_, sb, b) in itertools.pairwise(sides):
        if sa != sb and min(a.y1, b.y1) - max(a.y0, b.y0) > 0.5 * min(a.y1 - a.y0, b.y1 - b.y0):
            switches += 1
    return switches


def _prose(units: list[_Unit]) -> tuple[float, float] | None:
    """For a column of running text (long lines of several words, mostly letters, close one
    below the other), the shares of its lines sharing their left and their right edge; None for
    anything else (table cells, labels)."""
    n = len(units)
    if sorted(u.chars for u in units)[n // 2] < MIN_SIDE_CHARS:
        return None
    probe_units = units[:: 1 + n // PROSE_PROBE]  # a spread sample tells medians and shares alike
    texts = [" ".join(ln.text for ln in u.lines) for u in probe_units]
    joined = " ".join(texts)
    if CJK.search(joined):
        words = sorted(len(t.split()) + len(CJK.findall(t)) // 2 for t in texts)
    else:
        words = sorted(len(t.split()) for t in texts)
    if words[len(words) // 2] < MIN_SIDE_WORDS:
        return None
    if _letters(joined[:LETTER_PROBE]) < MIN_SIDE_LETTERS:  # a sample tells the share as well
        return None
    rows = sorted(units, key=lambda u: u.y0)
    gaps = sorted(max(0.0, b.y0 - a.y1) for a, b in itertools.pairwise(rows))
    heights = sorted(u.y1 - u.y0 for u in units)
    if gaps and gaps[len(gaps) // 2] > MAX_LEADING * heights[n // 2]:
        return None  # lines far apart: table rows or a list of labels, not running text
    return _edges(units)


_ASCII_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _letters(text: str) -> float:
    """Share of letters among the non-space characters (done with byte operations in C: any
    character beyond ASCII counts as a letter, right for prose in other scripts)."""
    ascii_part = text.encode("ascii", "ignore")
    others = len(ascii_part.translate(None, _ASCII_LETTERS)) - ascii_part.count(b" ")
    total = len(text) - text.count(" ")
    return (total - others) / total if total > 0 else 0.0


def _aligned(edges: list[float]) -> int:
    """How many edges (sorted) have at least two others within ALIGN_PT: a shared margin or indent."""
    count = 0
    for x in edges:
        if bisect.bisect_right(edges, x + ALIGN_PT) - bisect.bisect_left(edges, x - ALIGN_PT) >= 3:
            count += 1
    return count
