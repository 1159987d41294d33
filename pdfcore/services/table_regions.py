"""Tables: where to look for them.

Running a table extractor costs far more than reading a page's text, and most pages hold no
table. So the extractor only runs where the text extractor's cheap evidence points
(:func:`candidate_regions`):

- ruling lines (``PageText.rules``, :mod:`pdfcore.services.ruled_grids`): a grid of horizontal
  and vertical rules whose cells mostly hold text (a chart's gridlines and bars do not), or rules
  between a table's rows only;
- text alignment (``PageText.gaps`` plus the line boxes, :mod:`pdfcore.services.text_runs`):
  three or more rows whose blanks line up into at least one vertical "river" (a column
  separator), or rows of figures, which do not read like prose;
- underlined column headings (:mod:`pdfcore.services.underlined_heads`): three or more short
  rules side by side, each under its heading, over one to three rows of figures (a small
  table in a financial statement, too short for the alignment search).

Here the regions the three searches find are weighed against each other (a ruled grid over a
run of aligned rows stands for its table) and joined (pieces of one table, its headings set
apart, its sections under their labels: :mod:`pdfcore.services.table_sections`). What the
extractor finds there is cleaned by
:mod:`pdfcore.services.tables`. All geometry is page space (points, top-left origin).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from pdfcore.geometry import intersection, union, within
from pdfcore.layout.margin_heads import hung_number_gaps, margin_head_lines
from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.banded_rows import striped_regions
from pdfcore.services.framed_rows import framed_regions, headed_regions, ruled_on
from pdfcore.services.grids_beside import over_grids_beside, own_extents
from pdfcore.services.key_values import below_particulars, key_value_run
from pdfcore.services.list_runs import bulleted, listed_columns, over_items, under_items
from pdfcore.services.page_columns import MIN_GUTTER
from pdfcore.services.row_rules import row_rule_regions
from pdfcore.services.ruled_grids import (
    MIN_CELL,
    line_inside,
    rule_groups,
    rule_regions,
    ruled_boxes,
    split_at_prose,
)
from pdfcore.services.table_sections import sections
from pdfcore.services.text_pieces import JOIN_TOL, Piece, is_number, line_pieces
from pdfcore.services.text_runs import MAX_HEADER_ROWS, MIN_ROWS, text_regions
from pdfcore.services.underlined_heads import underlined_tables

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
    sizes = sorted(ln.font_size for ln in lines if ln.font_size > 0)
    gaps = hung_number_gaps(lines, page.gaps, sizes[len(sizes) // 2] if sizes else 0.0)
    groups = split_at_prose(rule_groups(page.rules), lines)
    pictures = [b for im in page.images for b in (im.bbox, *im.placements) if b is not None]
    ruled = [
        g
        for g in [
            ruled_on(g, page.rules, lines, gaps)
            for g in rule_regions(groups, lines, gaps) + row_rule_regions(page.rules, groups, lines, gaps)
        ]
        + framed_regions(page.rules, lines, gaps)
        if not _framed_picture(g, pictures, lines)
    ]
    # (lines of labels and values, in a box or on shaded rows: a form's particulars, no table)
    ruled = [g for g in ruled if not key_value_run(g, lines, gaps)]
    boxes = ruled_boxes(groups, lines)
    heads = margin_head_lines(lines)
    text = text_regions([ln for ln in lines if id(ln) not in heads] if heads else lines, gaps)
    runs = [
        t
        for t in text
        if not any(_fills(g, t, boxes, lines, gaps, page.rules) for g in ruled)
        and not _over_grids(t, ruled, lines)
        and not over_grids_beside(t, ruled, MIN_GUTTER, PAD)
        and not bulleted(t, lines, gaps)
        and not listed_columns(t, lines, page.marks)
        and not _listing(t, lines)
        and not key_value_run(t, lines, gaps)
    ]
    runs = [
        _wrapped_tail(
            _up_column_rules(over_items(under_items(t, lines, gaps), lines, gaps), page.rules, lines), lines, gaps
        )
        for t in runs
    ]
    # (a form's fields over its table of items, aligned with its columns: no rows of it)
    runs = [below_particulars(t, ruled, lines, gaps) for t in runs]
    # A table shaded every other row that no run of aligned rows reads (its cells wordy): one
    # region for its bands and the rows between them, not a table of one row per band.
    striped = [s for s in striped_regions(groups, lines) if not any(intersection(s, t) for t in runs)]
    if striped:
        ruled = [g for g in ruled if not any(within(g, s, PAD) for s in striped)] + striped
    headed = headed_regions(page.rules, lines, gaps)
    # A run over two tables ruled under their headers, one across it and one in a column of
    # the page, at most COLUMN_TABLE as wide (a table across the page, then, under it, a column's
    # heading beside the next table's caption, read as rows going on): the two tables.
    runs = [t for t in runs if not _over_column_table(t, headed)]
    regions = ruled + runs
    # Tables ruled under their header only, whose rows read as a label and running text (none
    # found) or as a table of the columns left of a column of running text (runs inside it).
    for b in headed:
        inner = [t for t in runs if _within_rows(t, b)]
        if inner and not any(intersection(b, r) for r in ruled):
            regions = [r for r in regions if r not in inner]
        if not any(intersection(b, r) for r in regions) or _stripes_in_rows(b, ruled, lines, page.rules):
            regions.append(b)
    # Small tables under underlined headings that neither search above finds (too few rows).
    regions += [b for b in underlined_tables(page.rules, lines, gaps) if not any(intersection(b, r) for r in regions)]
    if not regions:
        return ()
    # Padded first, so that pieces of one table split between runs join up again (the grids of
    # two tables a few points apart stay apart: see _merge_boxes).
    merged = _merge_boxes(
        (Box(b.x0 - PAD, b.y0 - PAD, b.x1 + PAD, b.y1 + PAD) for b in regions),
        grids=len(ruled),
    )
    merged = sections(merged, lines, pictures)
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


#: A table under a wider one in one text-aligned run is another table when no wider than this
#: share of the run (see :func:`_over_column_table`).
COLUMN_TABLE = 0.7


def _over_column_table(run: Box, headed: Sequence[Box]) -> bool:
    """``run`` takes in two tables ruled under their headers, one as wide as it and the other
    under it no wider than COLUMN_TABLE of it (see :func:`candidate_regions`)."""
    inside = [b for b in headed if intersection(b, run)]
    width = run.x1 - run.x0
    wide = [b for b in inside if b.x1 - b.x0 >= 0.8 * width]
    narrow = [
        b for b in inside if b.x1 - b.x0 <= COLUMN_TABLE * width and (not wide or b.y0 >= max(w.y1 for w in wide))
    ]
    return len(inside) >= 2 and bool(wide) and bool(narrow)


def page_lines(page: PageText) -> list[TextLine]:
    if page.lines:
        return list(page.lines)
    return [ln for block in page.blocks for ln in block.lines]


def _listing(run: Box, lines: Sequence[TextLine]) -> bool:
    """A text-aligned run that is a program's listing: every line in it set in a monospaced
    face, on a page whose other text mostly is not (a verbatim block, its line numbers and
    indented code lined up as columns). Its lines stay text, a code block; a page set wholly in
    a typewriter face keeps its tables."""
    inside = [ln for ln in lines if intersection(ln.bbox, run) is not None]
    if not inside or not all(ln.mono for ln in inside):
        return False
    ids = {id(ln) for ln in inside}
    rest = [ln for ln in lines if id(ln) not in ids]
    return 2 * sum(1 for ln in rest if ln.mono) < len(rest)


#: A picture covering this share of a grid's area or more, no text beside it, makes the grid its frame.
PICTURE_SHARE = 0.5


def _framed_picture(grid: Box, pictures: Sequence[Box], lines: Sequence[TextLine]) -> bool:
    """A ruled grid that frames a picture and its caption (a thumbnail in a Wikipedia page: a
    frame around the picture, another around both): a picture covers PICTURE_SHARE of the grid or
    more, and no line of text inside the grid stands beside it (its caption is above or under
    it). A table holding pictures in its cells has text beside them."""
    for pic in pictures:
        inner = intersection(pic, grid)
        if inner is None or inner.width * inner.height < PICTURE_SHARE * grid.width * grid.height:
            continue
        inside = [ln for ln in lines if intersection(ln.bbox, grid) is not None]
        return not any(min(ln.bbox.y1, inner.y1) - max(ln.bbox.y0, inner.y0) > 0 for ln in inside)
    return False


#: A ruled grid beside or over this share of a text-aligned run's height stands for its table.
GRID_SHARE = 0.75


def _fills(
    grid: Box,
    run: Box,
    boxes: Sequence[Box],
    lines: Sequence[TextLine],
    gaps: Sequence[Box] = (),
    rules: Sequence[Box] = (),
) -> bool:
    """A grid of rulings over most of the height of a run of aligned rows: the reader sees the
    table where its rulings are. Lines the run takes in above or below the grid (the page's
    title, the first words of the notes under the table) are not its rows, and neither are the
    lines of running text beside a ruled box (a sidebar, an infobox) that the run paired with
    the box's rows across its side. The run gives way to the grid, except where what it holds
    beyond the rulings reads as part of the table or as another table:

    - more than a title's or a note's rows (two) above or below the grid: the totals and rates
      of a statement under its last rule;
    - a row of figures only above or below it: the years over a statement's columns;
    - a row under a grid of stripes (its side ruled beside some rows only: cells shaded every
      other row) cut into as many cells as the grid's rows are (by ``gaps``): the table's last
      row, unshaded under the last stripe;
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
            if line_inside(ln, run, 0.0)
            and ((ln.bbox.y0 + ln.bbox.y1) / 2 < grid.y0 if above else (ln.bbox.y0 + ln.bbox.y1) / 2 > grid.y1)
            and ln.bbox.x1 > grid.x0
            and ln.bbox.x0 < grid.x1
        ]
        ys = sorted((ln.bbox.y0 + ln.bbox.y1) / 2 for ln in out)
        rows = sum(1 for a, b in itertools.pairwise(ys) if b - a > JOIN_TOL) + (1 if ys else 0)
        if rows > MAX_HEADER_ROWS or any(_figures_only(ln.text) for ln in out):
            return False
        if not above and gaps and _striped(grid, rules) and _rows_under(out, grid, lines, gaps):
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


def _rows_under(under: Sequence[TextLine], grid: Box, lines: Sequence[TextLine], gaps: Sequence[Box]) -> bool:
    """Lines under ``grid`` cut by ``gaps`` into as many cells as most of its rows are (two or
    more), each cell starting where cells of the grid's rows start: rows of its table, not a
    note under it (``+ Indicates a management contract``, its mark set apart, starts no cell)."""
    if not under:
        return False
    inside = [_starts(p) for p in line_pieces([ln for ln in lines if line_inside(ln, grid, 0.0)], gaps)]
    cut = [s for s in inside if len(s) >= 2]
    if len(cut) < MIN_ROWS:
        return False
    usual = sorted(len(s) for s in cut)[len(cut) // 2]
    known = [x for s in cut for x in s]
    return all(
        len(starts) == usual and all(any(abs(x - k) <= JOIN_TOL for k in known) for x in starts)
        for starts in (_starts(p) for p in line_pieces(under, gaps))
    )


def _striped(grid: Box, rules: Sequence[Box]) -> bool:
    """The grid's left side is ruled beside part of its height only (STRIPED_SIDE at most): the
    edges of cells shaded every other row, not a grid ruled round every cell."""
    side = sum(
        r.height
        for r in rules
        if r.width <= 1.0 and abs(r.x0 - grid.x0) <= 1.5 and r.y0 >= grid.y0 - 1.0 and r.y1 <= grid.y1 + 1.0
    )
    return side <= STRIPED_SIDE * grid.height


#: A grid whose left side is ruled beside at most this share of its height is shaded in stripes.
STRIPED_SIDE = 0.9


def _starts(piece: Piece) -> list[float]:
    """Where the segments of a line cut at its blanks start."""
    return [a for a, _, _ in piece.segments]


def _over_grids(run: Box, grids: Sequence[Box], lines: Sequence[TextLine]) -> bool:
    """A run of aligned rows reaching over two ruled grids or more set one under the other across
    its width (two tables whose columns line up, a heading and a unit between them): each grid
    holds its own table, when what the run holds outside them is at most a title's or a note's
    rows (MAX_HEADER_ROWS) above, between or under them, and no row of figures only. A grid
    narrower than most of the run's width (a table of four columns over one of five) counts
    when HALF_GRID of it at least and nothing of the run stands beside it."""
    over = sorted(
        (
            g
            for g in grids
            if (s := intersection(g, run)) is not None
            and s.height > MIN_CELL
            and (s.width >= GRID_SHARE * run.width or (s.width >= HALF_GRID * run.width and not _beside(g, run, lines)))
        ),
        key=lambda g: g.y0,
    )
    if len(over) < 2:
        return False
    outside: list[tuple[float, str]] = []
    for ln in lines:
        mid = (ln.bbox.y0 + ln.bbox.y1) / 2
        if line_inside(ln, run, 0.0) and not any(g.y0 <= mid <= g.y1 for g in over):
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


#: Words of a label's last line wrapped under a run of rows, at most (see _wrapped_tail).
TAIL_WORDS = 4


def _wrapped_tail(run: Box, lines: Sequence[TextLine], gaps: Sequence[Box] = ()) -> Box:
    """A run of aligned rows reaches down over the line right under its last row that goes on
    its first cell: at its left edge, ending left of its middle, starting in lower case, a few
    words (TAIL_WORDS at most) and no label's colon, no further below it than its line height
    (a label wrapped onto a last line of its own, one word and no gap: ``Hours of community use
    of library`` over ``rooms``); or that goes on its last cell: starting where that cell
    starts (not at the run's left edge), the cell running to the run's right edge (it is full:
    its text wrapped), ending inside the run (``... (closed Christmas Day, Boxing`` over ``Day
    and Easter Sunday)``)."""
    inside = [ln for ln in lines if run.y0 <= (ln.bbox.y0 + ln.bbox.y1) / 2 <= run.y1]
    if not inside:
        return run
    height = max(ln.bbox.height for ln in inside)
    bottom = max(ln.bbox.y0 for ln in inside)
    last = line_pieces([ln for ln in inside if ln.bbox.y0 >= bottom - JOIN_TOL], gaps)
    cell = max((seg for p in last for seg in p.segments), default=None, key=lambda seg: seg[0])
    for ln in lines:
        b = ln.bbox
        if not run.y1 < b.y0 <= run.y1 + height:
            continue
        if (
            abs(b.x0 - run.x0) <= PAD
            and b.x1 < (run.x0 + run.x1) / 2
            and ln.text[:1].islower()
            and ":" not in ln.text
            and len(ln.text.split()) <= TAIL_WORDS
        ):
            return union([run, b])
        if (
            cell is not None
            and cell[0] - run.x0 > PAD
            and abs(b.x0 - cell[0]) <= PAD
            and cell[1] >= run.x1 - height
            and b.x1 <= run.x1 + PAD
        ):
            return union([run, b])
    return run


def _up_column_rules(run: Box, rules: Sequence[Box], lines: Sequence[TextLine]) -> Box:
    """A run of aligned rows reaches up to the top of a column rule that crosses its top edge
    (a ruled frame's rule between columns, drawn from the frame's top rule down through the
    headings): the rows above it inside the frame (a heading over its column group, set
    across the columns' blanks) are the table's when such a rule parts each of them,
    MAX_HEADER_ROWS at most, none wider than it."""
    crossing = [
        r
        for r in rules
        if r.height > 2 * r.width
        and run.x0 < r.x0
        and r.x1 < run.x1
        and r.y0 < run.y0 < r.y1
        and r.y1 > run.y0 + MIN_CELL
    ]
    if not crossing:
        return run
    top = min(r.y0 for r in crossing)
    above = [ln for ln in lines if top <= ln.bbox.y0 and ln.bbox.y1 <= run.y0 + PAD]
    if not above or any(ln.bbox.x0 < run.x0 - PAD or ln.bbox.x1 > run.x1 + PAD for ln in above):
        return run
    if not all(any(ln.bbox.x0 < r.x0 and r.x1 < ln.bbox.x1 and r.y0 <= ln.bbox.y0 for r in crossing) for ln in above):
        return run  # a line no column rule parts (a title's unit centred over the table)
    ys = sorted((ln.bbox.y0 + ln.bbox.y1) / 2 for ln in above)
    if sum(1 for a, b in itertools.pairwise(ys) if b - a > JOIN_TOL) + 1 > MAX_HEADER_ROWS:
        return run
    return Box(run.x0, min(ln.bbox.y0 for ln in above), run.x1, run.y1)


#: A grid this share of a run's width at least may stand for a table of its own (see
#: :func:`_over_grids`).
HALF_GRID = 0.5


def _beside(grid: Box, run: Box, lines: Sequence[TextLine]) -> bool:
    """A line of ``run`` stands at the height of ``grid`` outside it, left or right."""
    return any(
        line_inside(ln, run, 0.0)
        and grid.y0 <= (ln.bbox.y0 + ln.bbox.y1) / 2 <= grid.y1
        and (ln.bbox.x1 > grid.x1 + PAD or ln.bbox.x0 < grid.x0 - PAD)
        for ln in lines
    )


#: A header boxed in: a rule of its table's width stands at most this many points over its
#: first line (a shaded header's top edge).
HEADER_TOP = 12.0


def _stripes_in_rows(table: Box, grids: Sequence[Box], lines: Sequence[TextLine], rules: Sequence[Box]) -> bool:
    """The ruled grids ``table`` (ruled under its header) meets lie in its columns, under its
    first row, and hold no line outside it, and its header is boxed in (a rule of its width at
    most HEADER_TOP over it): the stripes of its lower rows (a table shaded in stripes from its
    second row on, its header shaded cell by cell: the grid its stripes make leaves out the
    header and the first row, which the table holds; a title over a grid, ruled under by the
    grid's top edge, has no rule over it)."""
    met = [g for g in grids if intersection(table, g)]
    boxed = any(
        r.width >= r.height
        and abs(r.x0 - table.x0) <= 2 * PAD
        and abs(r.x1 - table.x1) <= 2 * PAD
        and -PAD <= table.y0 - (r.y0 + r.y1) / 2 <= HEADER_TOP
        for r in rules
    )
    return (
        boxed
        and bool(met)
        and all(
            g.x0 >= table.x0 - PAD
            and g.x1 <= table.x1 + PAD
            and g.y0 > table.y0 + PAD
            and all(
                _within_rows(ln.bbox, table)
                for ln in lines
                if g.y0 < (ln.bbox.y0 + ln.bbox.y1) / 2 < g.y1 and g.x0 < ln.bbox.x1 and ln.bbox.x0 < g.x1
            )
            for g in met
        )
    )


def _within_rows(run: Box, table: Box) -> bool:
    """``run`` lies inside ``table``: within its rows and its width."""
    return (
        run.y0 >= table.y0 - PAD and run.y1 <= table.y1 + PAD and run.x0 >= table.x0 - PAD and run.x1 <= table.x1 + PAD
    )


def _figures_only(text: str) -> bool:
    tokens = text.split()
    return bool(tokens) and all(is_number(t) for t in tokens)


def _merge_boxes(boxes: Iterable[Box], *, grids: int = 0) -> list[Box]:
    """Union boxes that overlap, or sit side by side at the same height (the halves of a table
    across the gutter of a two-column page), until none do. The first ``grids`` boxes are ruled
    grids (padded): two of different widths join only where they overlap by more than their
    padding, so the grids of two tables set a few points apart are read apart (as one region
    the page's whole width and height, they read as no table), and two set side by side a
    gutter apart, from different tops or to different feet, are two tables; a grid drawn in
    pieces of one width, one under the other, stays one table."""
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
                beside = _side_by_side(out[a], out[b]) and not (ruled[a] and ruled[b] and _gutter(out[a], out[b]))
                if shared is not None or beside or _stacked(out[a], out[b]):
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


def _gutter(a: Box, b: Box) -> bool:
    """Two padded boxes side by side stand a gutter apart (MIN_GUTTER at least between them
    unpadded) and reach from different tops or to different feet (see
    :func:`~pdfcore.services.grids_beside.own_extents`): two ruled grids so set are two tables,
    each ruled on its own."""
    return max(a.x0, b.x0) - min(a.x1, b.x1) - 2 * PAD >= MIN_GUTTER and own_extents(a, b)


def _side_by_side(a: Box, b: Box) -> bool:
    overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
    apart = max(a.x0, b.x0) - min(a.x1, b.x1)
    return overlap >= SAME_HEIGHT * min(a.height, b.height) and 0 <= apart <= 3 * MIN_GUTTER
