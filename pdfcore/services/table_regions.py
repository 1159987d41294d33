"""Tables: where to look for them.

Running a table extractor costs far more than reading a page's text, and most pages hold no
table. So the extractor only runs where the text extractor's cheap evidence points
(:func:`candidate_regions`):

- ruling lines (``PageText.rules``): a grid of horizontal and vertical rules whose cells mostly
  hold text (a chart's gridlines and bars do not);
- text alignment (``PageText.gaps`` plus the line boxes, :mod:`pdfcore.services.text_runs`):
  three or more rows whose blanks line up into at least one vertical "river" (a column
  separator), or rows of figures, which do not read like prose;
- underlined column headings (:mod:`pdfcore.services.underlined_heads`): three or more short
  rules side by side, each under its heading, over one to three rows of figures (a small
  table in a financial statement, too short for the alignment search).

What the extractor finds there is cleaned by :mod:`pdfcore.services.tables`. All geometry is
page space (points, top-left origin).
"""

from __future__ import annotations

import bisect
import itertools
import statistics
from collections.abc import Iterable, Sequence

from pdfcore.geometry import intersection, thin_stretches, union
from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.page_columns import MIN_GUTTER
from pdfcore.services.text_pieces import JOIN_TOL, MIN_GAP, PROSE_WORDS, is_number, line_pieces
from pdfcore.services.text_runs import MAX_HEADER_ROWS, MIN_ROWS, text_regions
from pdfcore.services.underlined_heads import underlined_tables

# Grids of rules.
#: Share of a grid's cells that must hold text for the grid to be a table.
MIN_OCCUPANCY = 0.25
#: Rule positions closer than this (points) make a sliver, not a row or column of cells.
MIN_CELL = 6.0

# Regions.
#: Padding added around candidate regions (points).
PAD = 2.0
#: Share of their heights two boxes side by side must share to be one table.
SAME_HEIGHT = 0.8


# --------------------------------------------------------------------------------------------
# Where to look


def candidate_regions(page: PageText, page_width: float, page_height: float) -> tuple[Box, ...]:
    """Regions of ``page`` worth handing to a table extractor; empty: skip the page.

    Cheap (pure geometry over what the text extractor already found), so it can run on every
    page a caller reads.
    """
    lines = page_lines(page)
    if len(lines) < MIN_ROWS and not page.rules and not page.gaps:
        return ()
    groups = _rule_groups(page.rules)
    ruled = _rule_regions(groups, lines) + _row_rule_regions(page.rules, groups, lines, page.gaps)
    boxes = _ruled_boxes(groups, lines)
    text = text_regions(lines, page.gaps)
    runs = [t for t in text if not any(_fills(g, t, boxes, lines) for g in ruled) and not _over_grids(t, ruled, lines)]
    regions = ruled + runs
    # Small tables under underlined headings that neither search above finds (too few rows).
    regions += [
        b for b in underlined_tables(page.rules, lines, page.gaps) if not any(intersection(b, r) for r in regions)
    ]
    if not regions:
        return ()
    # Padded first, so that pieces of one table split between runs join up again (the grids of
    # two tables a few points apart stay apart: see _merge_boxes).
    merged = _merge_boxes(
        (Box(b.x0 - PAD, b.y0 - PAD, b.x1 + PAD, b.y1 + PAD) for b in regions),
        grids=len(ruled),
    )
    pictures = [b for im in page.images for b in (im.bbox, *im.placements) if b is not None]
    merged = _sections(merged, lines, pictures)
    bounds = Box(0.0, 0.0, page_width, page_height) if page_width > 0 and page_height > 0 else None
    out: list[Box] = []
    for padded in merged:
        if bounds is not None:
            clipped = intersection(padded, bounds)
            if clipped is None:
                continue
            padded = clipped
        out.append(padded)
    return tuple(sorted(out, key=lambda b: (b.y0, b.x0)))


def page_lines(page: PageText) -> list[TextLine]:
    if page.lines:
        return list(page.lines)
    return [ln for block in page.blocks for ln in block.lines]


def _crosses(h: Box, v: Box) -> bool:
    return v.x0 - JOIN_TOL <= h.x1 and h.x0 - JOIN_TOL <= v.x1 and h.y0 - JOIN_TOL <= v.y1 and v.y0 - JOIN_TOL <= h.y1


def _rule_groups(rules: Sequence[Box]) -> list[tuple[list[Box], list[Box]]]:
    """Connected groups of crossing rules: (horizontal rules, vertical rules) of each."""
    hs = [r for r in rules if r.width >= r.height]
    vs = [r for r in rules if r.width < r.height]
    n = len(hs) + len(vs)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(i: int, j: int) -> None:
        a, b = find(i), find(j)
        if a != b:
            parent[a] = b

    vs_sorted = sorted(range(len(vs)), key=lambda j: vs[j].x0)
    for i, h in enumerate(hs):
        for j in vs_sorted:
            v = vs[j]
            if v.x0 > h.x1 + JOIN_TOL:
                break
            if _crosses(h, v):
                join(i, len(hs) + j)
    # A ruling drawn in pieces, cell by cell, is one ruling: collinear pieces a little apart
    # (a frame's side drawn row by row, with no rule between the rows to cross it).
    for offset, rs, across in ((0, hs, False), (len(hs), vs, True)):
        order = sorted(range(len(rs)), key=lambda k: _piece_key(rs[k], across))
        for at, i in enumerate(order):
            a = _piece_key(rs[i], across)
            for j in order[at + 1 :]:
                b = _piece_key(rs[j], across)
                if b[0] - a[0] > PIECE_OFFSET:
                    break
                if b[1] - a[2] <= PIECE_GAP and a[1] - b[2] <= PIECE_GAP:
                    join(offset + i, offset + j)
    members: dict[int, list[int]] = {}
    for i in range(n):
        members.setdefault(find(i), []).append(i)
    return [
        ([hs[i] for i in idx if i < len(hs)], [vs[i - len(hs)] for i in idx if i >= len(hs)])
        for idx in members.values()
    ]


#: Pieces of one ruling: their middles at most this far apart across it (points) ...
PIECE_OFFSET = 1.0
#: ... and a gap of at most this much between them along it.
PIECE_GAP = 2.5


def _piece_key(rule: Box, vertical: bool) -> tuple[float, float, float]:
    """(middle across the ruling, start along it, end along it)."""
    if vertical:
        return ((rule.x0 + rule.x1) / 2, rule.y0, rule.y1)
    return ((rule.y0 + rule.y1) / 2, rule.x0, rule.x1)


def _inside(line: TextLine, box: Box, tol: float = JOIN_TOL) -> bool:
    cx = (line.bbox.x0 + line.bbox.x1) / 2
    cy = (line.bbox.y0 + line.bbox.y1) / 2
    return box.x0 - tol <= cx <= box.x1 + tol and box.y0 - tol <= cy <= box.y1 + tol


def _rule_regions(groups: Sequence[tuple[list[Box], list[Box]]], lines: Sequence[TextLine]) -> list[Box]:
    """Grids: at least two horizontal and two vertical rules crossing, five in all (a bare
    frame is not a grid), whose cells mostly hold text (a chart's gridlines and bars do not),
    or where text reaches every row and every column, lines running in across its sides
    counted (a sparse table: a sheet ruled for many columns holding a few figures a row, each
    row's name set left of the rulings)."""
    out = []
    for hs, vs in groups:
        if len(hs) < 2 or len(vs) < 2 or len(hs) + len(vs) < 5:
            continue
        box = union([*hs, *vs])
        if box.width < 20 or box.height < 10:
            continue
        inside = [ln for ln in lines if _inside(ln, box)]
        reaching = [ln for ln in lines if intersection(ln.bbox, box) is not None]
        if (len(inside) >= 2 and _occupancy(hs, vs, inside) >= MIN_OCCUPANCY) or _every_band(hs, vs, reaching):
            out.append(box)
    return out


#: Rules of one width stacked one above the other that make a table ruled between its rows
#: (no rules between its columns) ...
MIN_ROW_RULES = 4
#: ... each at least this wide (points) ...
MIN_ROW_RULE_WIDTH = 100.0
#: ... when this share of the bands between them holds text on both sides of one blank, on one
#: side in this many lines at most.
ROW_RULES_SIDED = 0.66
ROW_CELL_LINES = 3


def _row_rule_regions(
    rules: Sequence[Box],
    rule_groups: Sequence[tuple[list[Box], list[Box]]],
    lines: Sequence[TextLine],
    gaps: Sequence[Box],
) -> list[Box]:
    """Tables ruled between their rows only: four or more horizontal rules of the same extent
    one above the other, crossing no vertical rule, each band between two of them holding text, and a blank inside their
    width that no line of the stack crosses with text on both sides of it in two thirds of the
    bands or more (three at least): the space between two columns. A column of running text on
    each side of the blank is a page's two columns under rules between its articles, not a
    table. (Cells of wrapped text, a requirement beside the products it applies to, read as
    running text to the text-alignment search, which misses such tables.)"""
    if sum(1 for r in rules if r.width >= r.height and r.width >= MIN_ROW_RULE_WIDTH) < MIN_ROW_RULES:
        return []
    # Rules crossing no vertical rule (a grid's are read as a grid).
    lone = [h for hs, vs in rule_groups if not vs for h in hs]
    hs = sorted((r for r in lone if r.width >= MIN_ROW_RULE_WIDTH), key=lambda r: (r.y0 + r.y1) / 2)
    groups: list[list[Box]] = []
    for h in hs:
        for g in groups:
            if abs(g[0].x0 - h.x0) <= JOIN_TOL and abs(g[0].x1 - h.x1) <= JOIN_TOL:
                g.append(h)
                break
        else:
            groups.append([h])
    out = []
    for g in groups:
        x0, x1 = min(r.x0 for r in g), max(r.x1 for r in g)
        ys = _positions((r.y0 + r.y1) / 2 for r in g)
        inside = [ln for ln in lines if x0 - JOIN_TOL <= ln.bbox.x0 and ln.bbox.x1 <= x1 + JOIN_TOL]
        bands: list[list[TextLine]] = []
        stacks: list[tuple[float, list[list[TextLine]]]] = []
        for a, z in itertools.pairwise(ys):
            band = [ln for ln in inside if a < (ln.bbox.y0 + ln.bbox.y1) / 2 < z]
            if band:
                if not bands:
                    stacks.append((a, bands))
                bands.append(band)
                continue
            bands = []
        for top, stack in stacks:
            if len(stack) + 1 >= MIN_ROW_RULES and _sided(stack, gaps, x0, x1):
                bottom = max(ln.bbox.y1 for band in stack for ln in band)
                below = min((y for y in ys if y >= bottom), default=bottom)
                out.append(Box(x0, top, x1, below))
    return out


def _sided(bands: Sequence[Sequence[TextLine]], gaps: Sequence[Box], x0: float, x1: float) -> bool:
    """A blank inside ``x0``-``x1`` that no line of ``bands`` crosses (one of ten or more may),
    with text on both sides of it in :data:`ROW_RULES_SIDED` of the bands (and three at least),
    on one side in :data:`ROW_CELL_LINES` lines at most, and not running text on both."""
    per_band = [line_pieces(band, gaps) for band in bands]
    pieces = [p for band in per_band for p in band]
    height = statistics.median(p.y1 - p.y0 for p in pieces)
    spans = sorted((a, z) for p in pieces for a, z, _ in p.segments)
    # One line of the stack may cross the blank: two lines of a row that the text extractor
    # joined (a wrapped cell's last line and the next cell's, on baselines a little apart) are
    # taller than a line, and the blank between them falls short of a gap at their height.
    blanks = [
        (start, end, allowed)
        for allowed in ((0, 1) if len(pieces) >= CROSSING_LINES else (0,))
        for start, end in thin_stretches(spans, allowed)
        if end - start >= MIN_GAP * height and start > x0
    ]
    need = max(MIN_ROWS, ROW_RULES_SIDED * len(bands))
    for a, z, allowed in blanks:
        if allowed and sum(1 for s0, s1 in spans if s0 < z and s1 > a) > allowed:
            continue
        sided = 0
        left_words: list[float] = []
        right_words: list[float] = []
        for band in per_band:
            left = [w for p in band for s0, s1, w in p.segments if s1 <= a]
            right = [w for p in band for s0, s1, w in p.segments if s0 >= z]
            # A row's cell on one side at least is short (a few lines); lists side by side under
            # a section's rule (a directory's names) run on for many lines on both.
            rows = min(
                sum(1 for p in band if any(s1 <= a for _, s1, _ in p.segments)),
                sum(1 for p in band if any(s0 >= z for s0, _, _ in p.segments)),
            )
            if left and right and rows <= ROW_CELL_LINES:
                sided += 1
                left_words.extend(left)
                right_words.extend(right)
        prose = [statistics.median(ws) >= PROSE_WORDS for ws in (left_words, right_words) if ws]
        if sided >= need and not (len(prose) == 2 and all(prose)):
            return True
    return False


#: A stack of this many lines may have one of them cross the blank between its columns.
CROSSING_LINES = 10

#: A ruled grid beside or over this share of a text-aligned run's height stands for its table.
GRID_SHARE = 0.75


def _ruled_boxes(groups: Sequence[tuple[list[Box], list[Box]]], lines: Sequence[TextLine]) -> list[Box]:
    """The boxes of grids of crossing rules (two horizontal and two vertical or more, five in
    all: a bare frame is none) whose cells text reaches: tables drawn side by side each have
    one, even when the text extractor ran their lines together across them (a chart's
    gridlines hold no text)."""
    out = []
    for hs, vs in groups:
        if len(hs) < 2 or len(vs) < 2 or len(hs) + len(vs) < 5:
            continue
        box = union([*hs, *vs])
        near = [ln for ln in lines if intersection(ln.bbox, box) is not None]
        if _occupancy(hs, vs, near) >= MIN_OCCUPANCY:
            out.append(box)
    return out


def _fills(grid: Box, run: Box, boxes: Sequence[Box], lines: Sequence[TextLine]) -> bool:
    """A grid of rulings over most of the height of a run of aligned rows: the reader sees the
    table where its rulings are. Lines the run takes in above or below the grid (the page's
    title, the first words of the notes under the table) are not its rows, and neither are the
    lines of running text beside a ruled box (a sidebar, an infobox) that the run paired with
    the box's rows across its side. The run gives way to the grid, except where what it holds
    beyond the rulings reads as part of the table or as another table:

    - more than a title's or a note's rows (two) above or below the grid: the totals and rates
      of a statement under its last rule;
    - a row of figures only above or below it: the years over a statement's columns;
    - lines running from outside the grid into it across its side, row after row: the rows'
      names set outside the rulings;
    - other ruled grids holding text level with it: tables set side by side, each in its own
      rulings, whose lines the text extractor ran together.

    A run whose rulings box only a small part of its height (a boxed header over an unruled
    body) keeps its own region too."""
    shared = intersection(grid, run)
    if shared is None or shared.height < GRID_SHARE * run.height:
        return False
    for above in (True, False):
        out = [
            ln
            for ln in lines
            if _inside(ln, run, 0.0)
            and ((ln.bbox.y0 + ln.bbox.y1) / 2 < grid.y0 if above else (ln.bbox.y0 + ln.bbox.y1) / 2 > grid.y1)
            and ln.bbox.x1 > grid.x0
            and ln.bbox.x0 < grid.x1
        ]
        ys = sorted((ln.bbox.y0 + ln.bbox.y1) / 2 for ln in out)
        rows = sum(1 for a, b in itertools.pairwise(ys) if b - a > JOIN_TOL) + (1 if ys else 0)
        if rows > MAX_HEADER_ROWS or any(_figures_only(ln.text) for ln in out):
            return False
    into = sum(
        1
        for ln in lines
        if grid.y0 <= (ln.bbox.y0 + ln.bbox.y1) / 2 <= grid.y1
        and (
            (ln.bbox.x0 < grid.x0 - MIN_CELL and ln.bbox.x1 > grid.x0 + MIN_CELL)
            or (ln.bbox.x0 < grid.x1 - MIN_CELL and ln.bbox.x1 > grid.x1 + MIN_CELL)
        )
    )
    if into >= MIN_ROWS:
        return False
    level = Box(run.x0, shared.y0, run.x1, shared.y1)
    return not any(
        (other := intersection(b, level)) is not None
        and intersection(b, grid) is None
        and min(other.width, other.height) > MIN_CELL
        for b in boxes
    )


def _over_grids(run: Box, grids: Sequence[Box], lines: Sequence[TextLine]) -> bool:
    """A run of aligned rows reaching over two ruled grids or more set one under the other across
    its width (two tables whose columns line up, a heading and a unit between them): each grid
    holds its own table, when what the run holds outside them is at most a title's or a note's
    rows (MAX_HEADER_ROWS) above, between or under them, and no row of figures only."""
    over = sorted(
        (
            g
            for g in grids
            if (s := intersection(g, run)) is not None and s.height > MIN_CELL and s.width >= GRID_SHARE * run.width
        ),
        key=lambda g: g.y0,
    )
    if len(over) < 2:
        return False
    outside: list[tuple[float, str]] = []
    for ln in lines:
        mid = (ln.bbox.y0 + ln.bbox.y1) / 2
        if _inside(ln, run, 0.0) and not any(g.y0 <= mid <= g.y1 for g in over):
            outside.append((mid, ln.text))
    if any(_figures_only(text) for _, text in outside):
        return False
    bounds = [-1.0, *(g.y1 for g in over)], [*(g.y0 for g in over), float("inf")]
    for lo, hi in zip(*bounds, strict=True):
        ys = sorted(mid for mid, _ in outside if lo < mid < hi)
        rows = sum(1 for a, b in itertools.pairwise(ys) if b - a > JOIN_TOL) + (1 if ys else 0)
        if rows > MAX_HEADER_ROWS:
            return False
    return True


def _figures_only(text: str) -> bool:
    tokens = text.split()
    return bool(tokens) and all(is_number(t) for t in tokens)


def _positions(values: Iterable[float]) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > JOIN_TOL:
            out.append(v)
    return out


def _occupancy(hs: Sequence[Box], vs: Sequence[Box], lines: Sequence[TextLine]) -> float:
    """Share of the grid's cells (between consecutive rule positions, slivers left out) that
    some text line reaches."""
    occupied, rows, cols = _occupied(hs, vs, lines)
    if not rows or not cols:
        return 0.0
    return len(occupied) / (len(rows) * len(cols))


#: A grid has this many rows and columns at least for text in each of them to make it a table
#: however few of its cells hold text (see _rule_regions).
BAND_GRID = 3


def _every_band(hs: Sequence[Box], vs: Sequence[Box], lines: Sequence[TextLine]) -> bool:
    """Text reaches every row and every column of the grid (BAND_GRID of each at least)."""
    occupied, rows, cols = _occupied(hs, vs, lines)
    if len(rows) < BAND_GRID or len(cols) < BAND_GRID:
        return False
    return len({r for r, _ in occupied}) == len(rows) and len({c for _, c in occupied}) == len(cols)


def _occupied(
    hs: Sequence[Box], vs: Sequence[Box], lines: Sequence[TextLine]
) -> tuple[set[tuple[int, int]], list[int], list[int]]:
    """The grid's cells (row, column; between consecutive rule positions) that some text line
    reaches, and its rows and columns (slivers left out)."""
    ys = _positions((h.y0 + h.y1) / 2 for h in hs)
    xs = _positions((v.x0 + v.x1) / 2 for v in vs)
    rows = [k for k in range(len(ys) - 1) if ys[k + 1] - ys[k] >= MIN_CELL]
    cols = [k for k in range(len(xs) - 1) if xs[k + 1] - xs[k] >= MIN_CELL]
    if not rows or not cols:
        return set(), rows, cols
    occupied: set[tuple[int, int]] = set()
    for ln in lines:
        b = ln.bbox
        r0 = bisect.bisect(ys, min(b.y0 + JOIN_TOL, (b.y0 + b.y1) / 2)) - 1
        r1 = bisect.bisect(ys, max(b.y1 - JOIN_TOL, (b.y0 + b.y1) / 2)) - 1
        c0 = bisect.bisect(xs, min(b.x0 + JOIN_TOL, (b.x0 + b.x1) / 2)) - 1
        c1 = bisect.bisect(xs, max(b.x1 - JOIN_TOL, (b.x0 + b.x1) / 2)) - 1
        occupied.update((r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
    wanted = {(r, c) for r in rows for c in cols}
    return occupied & wanted, rows, cols


def _merge_boxes(boxes: Iterable[Box], *, grids: int = 0) -> list[Box]:
    """Union boxes that overlap, or sit side by side at the same height (the halves of a table
    across the gutter of a two-column page), until none do. The first ``grids`` boxes are ruled
    grids (padded): two of different widths join only where they overlap by more than their
    padding, so the grids of two tables set a few points apart are read apart (as one region
    the page's whole width and height, they read as no table); a grid drawn in pieces of one
    width, one under the other, stays one table."""
    out = list(boxes)
    ruled = [k < grids for k in range(len(out))]
    changed = True
    while changed:
        changed = False
        for a in range(len(out)):
            for b in range(a + 1, len(out)):
                shared = intersection(out[a], out[b])
                if ruled[a] and ruled[b] and not _same_columns(out[a], out[b]):
                    shared = shared if shared is not None and min(shared.width, shared.height) > 2 * PAD else None
                if shared is not None or _side_by_side(out[a], out[b]) or _stacked(out[a], out[b]):
                    out[a] = union((out[a], out[b]))
                    ruled[a] = ruled[a] and ruled[b]
                    del out[b]
                    del ruled[b]
                    changed = True
                    break
            if changed:
                break
    return out


#: A short candidate box (column headings, at most this tall) right above a taller one, at most
#: this far apart (points) and sharing this share of the narrower one's width, is the same table
#: (headings set apart from the body). Two tables set one above the other are not joined.
STACKED_HEADINGS = 60.0
STACKED_GAP = 14.0
STACKED_OVERLAP = 0.6


def _same_columns(a: Box, b: Box) -> bool:
    """Two boxes with the same left and right edges."""
    return abs(a.x0 - b.x0) <= JOIN_TOL and abs(a.x1 - b.x1) <= JOIN_TOL


def _stacked(a: Box, b: Box) -> bool:
    upper, lower = (a, b) if a.y0 <= b.y0 else (b, a)
    if upper.height > STACKED_HEADINGS or upper.height >= lower.height:
        return False
    gap = lower.y0 - upper.y1
    shared = min(a.x1, b.x1) - max(a.x0, b.x0)
    return 0 <= gap <= STACKED_GAP and shared >= STACKED_OVERLAP * min(a.width, b.width)


def _side_by_side(a: Box, b: Box) -> bool:
    overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
    apart = max(a.x0, b.x0) - min(a.x1, b.x1)
    return overlap >= SAME_HEIGHT * min(a.height, b.height) and 0 <= apart <= 3 * MIN_GUTTER


#: Regions one under the other are one table's sections when only section labels stand between
#: them: at most this many lines, of at most SECTION_WORDS words each, no figure among them,
#: with blanks of at most SECTION_BLANK of their size above and under each ...
SECTION_LINES = 2
SECTION_WORDS = 3
SECTION_BLANK = 3.0
#: ... and the regions share this share of the wider one's width (their columns).
SECTION_OVERLAP = 0.9


def _sections(boxes: list[Box], lines: Sequence[TextLine], pictures: Sequence[Box] = ()) -> list[Box]:
    """Regions set one under the other with nothing between them but a section label or two
    (``Male`` over the rows of the males, ``Female`` over the females'), joined: one table whose
    sections a blank line sets apart, which the text-aligned search reads as separate runs
    (a label starting at the table's left edge or left of its first column, no caption), the
    lower opening with a row of figures (its first line is no table's column headings). A
    region holding a picture is a figure's, no table's section (a chart over a table's title)."""
    out = sorted(boxes, key=lambda b: b.y0)
    k = 0
    while k + 1 < len(out):
        upper, lower = out[k], out[k + 1]
        shared = min(upper.x1, lower.x1) - max(upper.x0, lower.x0)
        between = [
            ln
            for ln in lines
            if upper.y1 < (ln.bbox.y0 + ln.bbox.y1) / 2 < lower.y0
            and ln.bbox.x1 > max(upper.x0, lower.x0)
            and ln.bbox.x0 < min(upper.x1, lower.x1)
        ]
        edges = [upper.y1, *(y for ln in sorted(between, key=lambda b: b.bbox.y0) for y in (ln.bbox.y0, ln.bbox.y1))]
        blanks = [b - a for a, b in itertools.pairwise([*edges, lower.y0])][::2]
        if (
            shared >= SECTION_OVERLAP * max(upper.width, lower.width)
            and 0 < len(between) <= SECTION_LINES
            and all(_section_label(ln, lower) for ln in between)
            and max(blanks) <= SECTION_BLANK * max(ln.font_size for ln in between)
            and not any(intersection(p, b) for p in pictures for b in (upper, lower))
            and _opens_with_figures(lower, lines)
            and not any(
                b is not upper and b is not lower and intersection(b, Box(upper.x0, upper.y1, upper.x1, lower.y0))
                for b in out
            )
        ):
            out[k : k + 2] = [union((upper, lower))]
            continue
        k += 1
    return out


def _opens_with_figures(box: Box, lines: Sequence[TextLine]) -> bool:
    """The region's first line holds two figures or more: a section's first row of data, not a
    table's own column headings (a second table under its caption)."""
    inside = [ln for ln in lines if _inside(ln, box)]
    if not inside:
        return False
    top = min(ln.bbox.y0 for ln in inside)
    first = [t for ln in inside if ln.bbox.y0 - top <= JOIN_TOL for t in ln.text.split()]
    return sum(1 for t in first if is_number(t)) >= 2


def _section_label(line: TextLine, table: Box) -> bool:
    """A label of a few words (a rule typed as dashes is none) at the table's left edge."""
    words = line.text.split()
    return (
        0 < len(words) <= SECTION_WORDS
        and any(ch.isalpha() for ch in line.text)
        and not any(ch.isdigit() for ch in line.text)
        and line.bbox.x0 <= table.x0 + JOIN_TOL
    )
