"""Tables: where to look by the alignment of the text (see :mod:`pdfcore.services.table_regions`).

Three or more rows whose blanks line up into at least one vertical "river" (a column
separator), or rows of figures, which do not read like prose (:func:`text_regions`, over the
text extractor's lines and the gaps inside them). Multi-column pages are searched column by
column; a column of running text beside a table is left out of its region; lists, footnotes
and indexes set in two columns are not tables. All geometry is page space (points, top-left
origin).

The lines are cut into pieces at their gaps in :mod:`pdfcore.services.text_pieces`, the page's
columns found in :mod:`pdfcore.services.page_columns`, and each column's visual rows built in
:mod:`pdfcore.services.text_rows`; this module follows runs of table-like rows and tells
which are tables.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Sequence

from pdfcore.models import Box, TextLine
from pdfcore.services.page_columns import columns
from pdfcore.services.run_headers import HEADING_WORDS, MAX_ROW_GAP, set_larger, with_header
from pdfcore.services.text_pieces import JOIN_TOL, MIN_GAP, PROSE_WORDS, Piece, figures, line_pieces, plain_text
from pdfcore.services.text_rows import Row, row_rivers, visual_rows, whitespace

#: A river (column separator) must stay at least this many line heights wide (and 2 pt).
MIN_RIVER = 0.4
#: Rows needed for a text-aligned table, and how many of them must show a gap.
MIN_ROWS = 3
MIN_GAPPED_ROWS = 3
#: A run with this share of segments of running text (of
#: :data:`~pdfcore.services.text_pieces.PROSE_WORDS` words or more) is text laid out in columns.
PROSE_SHARE = 0.5
#: Segments of a running-text column (beside a table) mostly hold at least this many words.
PROSE_COLUMN_WORDS = 4
#: A table's column of wordy cells is ragged: its widest cell this many times as wide as its
#: narrowest at least.
RAGGED = 2.0
#: Two text columns whose widths are within this ratio are a two-column page layout.
SAME_WIDTH = 0.6
#: Share of rows holding index entries ("piracy, 64") that makes a run a book's index.
INDEX_SHARE = 0.5
#: Rows above a text-aligned run that may be taken in as its header.
MAX_HEADER_ROWS = 2


def text_regions(lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[Box]:
    """Runs of table-like rows, column by column on multi-column pages; and lines the text
    extractor joined over several rows that gaps cut into columns."""
    if not gaps and not _may_hold_rows(lines):
        return []
    out: list[Box] = _stacked_rows(lines, gaps)
    if plain_text(lines, gaps):
        return out
    pieces = line_pieces(lines, gaps)
    for column in columns(pieces):
        if _may_start_run(column):
            out.extend(_runs(visual_rows(column)))
    return out


def _may_start_run(pieces: Sequence[Piece]) -> bool:
    """False when no row of these pieces can start a run (:func:`_runs` would find none): each
    row is one piece (no two overlap as :func:`pdfcore.services.text_rows.visual_rows` joins
    them), in one segment, and not figures. Most columns of running text, told without building their rows."""
    items = sorted(pieces, key=lambda p: (p.y0 + p.y1) / 2)
    for p in items:
        if len(p.segments) != 1 or figures(p.led, p.numbers, p.trailing, p.tokens):
            return True
    return any(
        min(a.y1, b.y1) - max(a.y0, b.y0) >= 0.5 * min(b.y1 - b.y0, a.y1 - a.y0) for a, b in itertools.pairwise(items)
    )


#: A line at least this many times as tall as its font size holds several rows.
STACKED_LINE = 2.5
#: Column gaps through such a line that make it a table (three columns or more).
STACKED_GAPS = 2


def _stacked_rows(lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[Box]:
    """Lines the text extractor joined over several rows (some producers' tables come as one
    run of text objects, read as one line) that blanks cut into three or more columns: their
    boxes (the table reader finds the rows in them)."""
    if not gaps:
        return []
    out = []
    for ln in lines:
        b, size = ln.bbox, ln.font_size or 0.0
        if size <= 0 or b.height < STACKED_LINE * size or len(ln.text.split()) < 6:
            continue
        through = [g for g in gaps if abs(g.y0 - b.y0) <= 0.5 and abs(g.y1 - b.y1) <= 0.5 and g.width >= MIN_GAP * size]
        if len(through) >= STACKED_GAPS:
            out.append(b)
    return out


def _may_hold_rows(lines: Sequence[TextLine]) -> bool:
    """Quick test for pages without gaps: a table needs lines of figures or lines side by side."""
    if any(_THREE_FIGURES.search(ln.text) for ln in lines):
        return True
    bands = sorted((ln.bbox.y0, ln.bbox.y1) for ln in lines)
    return any(
        min(a1, b1) - max(a0, b0) >= 0.5 * min(a1 - a0, b1 - b0) for (a0, a1), (b0, b1) in itertools.pairwise(bands)
    )


_THREE_FIGURES = re.compile(r"\d\S*\s+\S*\d\S*\s+\S*\d")


def _runs(rows: Sequence[Row], *, reuse: bool = True) -> list[Box]:
    """Runs of table-like rows: rows whose gaps line up into rivers, or rows of figures.

    A run is tried from every row it may start at. Each step from one row to the next depends
    on the rivers it arrives with and on the rows, and only sometimes on what the run holds
    (labels inside figures, a row across the river, a line of prose after figures); so a try
    that arrives at a row with the rivers an earlier try had there, where that one went on to
    its end without asking what its run held, goes on the same way, and takes its end from it
    (``reuse``; without it, every try walks its rows: the two give the same runs). The rows of
    a book's index, two columns with a river between them to the end of the page, are walked
    once, not once from each row.
    """
    out: list[Box] = []
    #: row -> (rivers an earlier try arrived there with, where it ended, its rivers then)
    known: dict[int, tuple[list[tuple[float, float]] | None, int, list[tuple[float, float]] | None]] = {}
    i = 0
    taken = 0  # the rows of the runs found so far end before this one
    while i < len(rows):
        first = rows[i]
        if not (first.gapped or first.numeric) or first.prose:
            i += 1
            continue
        rivers = row_rivers(first, max(2.0, MIN_RIVER * first.height)) if first.gapped else None
        if first.gapped and not rivers and not first.numeric:
            i += 1
            continue
        run = [first]
        last = first
        j = i + 1
        arrivals: list[tuple[int, list[tuple[float, float]] | None]] = []  # (row, rivers arriving there)
        asked = -1  # the last of them whose step asked what the run holds
        while j < len(rows):
            seen = known.get(j) if reuse else None
            if seen is not None and seen[0] == rivers:
                run.extend(rows[j : seen[1]])
                j, rivers = seen[1], seen[2]
                break
            arrivals.append((j, rivers))
            nxt = rows[j]
            h = max(last.height, nxt.height, 1.0)
            if nxt.y0 - last.y1 > MAX_ROW_GAP * h:
                break
            if not (nxt.numeric or nxt.gapped) and j + 1 < len(rows) and set_larger(nxt.size, [rows[j + 1].size]):
                # A heading between two tables, set larger than the rows over and under it.
                asked = len(arrivals) - 1
                if set_larger(nxt.size, [r.size for r in run]):
                    break
            if not (nxt.numeric or nxt.gapped) and any(r.numeric for r in run):
                # Labels inside a table of figures (a wrapped label, a section heading, a
                # note): kept when figures follow them. (A run without figures has none: a
                # later try, its rows among this one's, has none either.)
                asked = len(arrivals) - 1
                k = _labels_then_figures(rows, j, run)
                if k:
                    run.extend(rows[j : j + k])
                    last = rows[j + k - 1]
                    j += k
                    continue
            if nxt.prose:
                # (two cells of running text go on a run whose last column it keeps flush right,
                # and a cell's text wrapped onto a line of its own under bold headings)
                asked = len(arrivals) - 1
                if not _flush_right([*run, nxt]) and not _wrapped_line(nxt, run, rivers):
                    break
            if nxt.numeric:
                # A row of figures never ends a run; its gaps, when known, refine the rivers
                # (they may be missing: figures set as one run of text show none).
                if nxt.gapped:
                    kept = whitespace(rivers, nxt, max(2.0, MIN_RIVER * h)) if rivers else row_rivers(nxt, h)
                    rivers = kept or rivers
            elif rivers:
                kept = whitespace(rivers, nxt, max(2.0, MIN_RIVER * h))
                if kept and nxt.gapped and len(run) >= MIN_ROWS and _set_apart(run, nxt, rivers, kept):
                    asked = len(arrivals) - 1
                    break
                if not kept:
                    asked = len(arrivals) - 1
                    if not _crossed_once(rows, j, run, rivers):
                        break
                    kept = rivers  # one row across the river: a label and value set as one text
                rivers = kept
            elif nxt.gapped:
                rivers = row_rivers(nxt, max(2.0, MIN_RIVER * h)) or None
            else:
                asked = len(arrivals) - 1
                if _prose_row(nxt, run):
                    break
            run.append(nxt)
            last = nxt
            j += 1
        for row, arrived in arrivals[asked + 1 :]:
            known[row] = (arrived, j, rivers)
        while run and not (run[-1].gapped or run[-1].numeric):
            run.pop()
        if any(r.numeric for r in run):
            _drop_notes(run)
            if _apart(run, rivers):  # a heading after the table, and the notes above it
                run.pop()
                _drop_notes(run)
        box = _run_box(run, rivers) if _is_table_run(run, rivers) else None
        if box is not None:
            headed = run[0] if run[0].gapped and not run[0].numeric else None  # its column headings
            size = max(r.size for r in run)
            # (rows of a run found right over it are a table of their own, not its headings)
            above = rows[max(taken, i - MAX_HEADER_ROWS - 2) : i]
            out.append(with_header(box, above, headed=headed, size=size))
            i = taken = i + len(run)
        else:
            i += 1
    return out


#: A row this many times further under a run than the run's rows are apart (and a line's height
#: at least) is set apart from it (see _set_apart) ...
SET_APART = 2.5
#: ... when it leaves less than this share of the run's rivers blank.
NARROWED = 0.5


def _set_apart(
    run: Sequence[Row], nxt: Row, rivers: Sequence[tuple[float, float]], kept: Sequence[tuple[float, float]]
) -> bool:
    """Whether ``nxt``, a row of cells, starts something else: set well apart under rows set
    close together, its cells leave only a sliver of their rivers blank (a shaded box of
    ``Serves: 4`` lines, then ``INGREDIENTS`` and ``METHOD`` heading two columns of lists).
    (A group's label under a gap is one cell: no row of cells, it is asked about as before.)"""
    gap = nxt.y0 - run[-1].y1
    if gap < nxt.height or sum(b - a for a, b in kept) >= NARROWED * sum(b - a for a, b in rivers):
        return False  # (the cheap tests first: asked at each row of a table)
    spacing = max((b.y0 - a.y1 for a, b in itertools.pairwise(run)), default=0.0)
    return gap >= SET_APART * max(spacing, 1.0)


#: Words after its label that make a row a note (a label and a figure are a row of the table).
NOTE_WORDS = 2


#: A row's first segment at most this share of the row's height wide is a note's mark (a
#: superscript ``1`` set before the note's text).
MARK_WIDTH = 0.5


def _note(row: Row) -> bool:
    """A note under a table's figures: a label or a note's mark set apart from words that
    follow it ("Source:" and a tab, then the source; a superscript "1" before the note's text),
    not a label and its figure ("Deductions:" ... "0.00")."""
    if len(row.segments) < 2 or sum(row.words[1:]) < NOTE_WORDS:
        return False
    a, z = row.segments[0]
    return row.labelled or z - a <= MARK_WIDTH * row.height


def _drop_notes(run: list[Row]) -> None:
    """Drop the notes closing a run of figures: rows of one cell, and a label set apart from its
    words (:func:`_note`)."""
    while run and not run[-1].numeric and (_note(run[-1]) or not run[-1].gapped):
        run.pop()


#: A row set further below the row above it than this many of its heights stands apart.
APART = 1.0


def _apart(run: Sequence[Row], rivers: Sequence[tuple[float, float]] | None) -> bool:
    """The run's last row stands apart under it (a blank taller than the row above it) and is
    not set in its columns (no blank of it in a river): a numbered heading after the table
    (``3.3`` and a tab, then its title)."""
    if len(run) < 2 or not rivers or run[-1].numeric:
        return False
    row, above = run[-1], run[-2]
    if row.y0 - above.y1 <= APART * max(row.height, 1.0):
        return False
    return not any(a < r1 and b > r0 for (_, a), (b, _) in itertools.pairwise(row.segments) for r0, r1 in rivers)


def _crossed_once(rows: Sequence[Row], j: int, run: Sequence[Row], rivers: list[tuple[float, float]]) -> bool:
    """``rows[j]`` crosses one of the run's rivers, but the rows above agree on them (two of
    them split at a river at least) and the row below does too (split there, close under it,
    the blank left as wide as a gap between cells): one row of two cells the producer set as
    one text (an infobox's ``Occupation(s) Actress, singer``) inside a run that goes on. A row
    of one piece of few words only, within the run's width: a heading or a note across several
    columns, a caption reaching past the run's side, or a line of running text, still ends the
    run."""
    if j + 1 >= len(rows) or sum(1 for r in run if r.gapped) < 2:
        return False
    row, below = rows[j], rows[j + 1]
    if len(row.segments) != 1 or sum(row.words) >= PROSE_WORDS:
        return False
    (a, z) = row.segments[0]
    if sum(1 for r0, r1 in rivers if r0 < z and r1 > a) != 1:
        return False  # across several columns: a heading or a note over the table
    if a < min(r.segments[0][0] for r in run) - JOIN_TOL or z > max(r.segments[-1][1] for r in run) + JOIN_TOL:
        return False  # wider than the run: a caption or a line of text between two tables
    h = max(row.height, below.height, 1.0)
    return (
        below.gapped
        and not below.prose
        and below.y0 - row.y1 <= MAX_ROW_GAP * h
        and bool(whitespace(rivers, below, MIN_GAP * h))
    )


#: Label rows (wrapped labels, headings, notes) a run of figures may hold in a row.
MAX_LABEL_ROWS = 3
#: A label row inside a run of figures ends left of this share of the run's width.
LABEL_EXTENT = 0.8


def _labels_then_figures(rows: Sequence[Row], j: int, run: Sequence[Row]) -> int:
    """How many rows from ``rows[j]`` are labels inside a table of figures: up to three rows
    ending well left of the run's right edge, set close together, then a row of figures."""
    if sum(1 for r in run if r.numeric) < 1:
        return 0
    x0 = min(r.segments[0][0] for r in run)
    x1 = max(r.segments[-1][1] for r in run)
    limit = x0 + LABEL_EXTENT * (x1 - x0)
    last = run[-1]
    for k in range(MAX_LABEL_ROWS):
        if j + k >= len(rows):
            return 0
        row = rows[j + k]
        h = max(last.height, row.height, 1.0)
        if row.y0 - last.y1 > 1.2 * h:
            return 0
        if row.numeric:
            return k
        if row.gapped or row.segments[-1][1] > limit or row.segments[0][0] < x0 - JOIN_TOL:
            return 0
        last = row
    nxt = rows[j + MAX_LABEL_ROWS] if j + MAX_LABEL_ROWS < len(rows) else None
    return MAX_LABEL_ROWS if nxt is not None and nxt.numeric and nxt.y0 - last.y1 <= 1.2 * last.height else 0


def _prose_row(row: Row, run: Sequence[Row]) -> bool:
    """A line of running text (ends a run of figures)."""
    width = max(r.segments[-1][1] for r in run) - min(r.segments[0][0] for r in run)
    return sum(row.words) >= PROSE_WORDS and row.segments[-1][1] - row.segments[0][0] >= 0.5 * width


def _is_table_run(run: Sequence[Row], rivers: Sequence[tuple[float, float]] | None) -> bool:
    if len(run) < MIN_ROWS:
        return False
    if sum(1 for r in run if r.entries) >= INDEX_SHARE * len(run):
        return False  # a book's index: "term, page, page"
    led = [r for r in run if r.led]
    if led and len(led) >= 0.5 * len(run) and all(r.page_numbers for r in led):
        return False  # a table of contents: titles led by dots to their page numbers
    if _contents(run):
        return False
    numeric = sum(1 for r in run if r.numeric)
    gapped = [r for r in run if r.gapped]
    if numeric < MIN_ROWS and (len(gapped) < MIN_GAPPED_ROWS or not rivers):
        return False
    words = [w for r in gapped for w in r.words]
    if words and numeric < MIN_ROWS:
        prose = sum(1 for w in words if w >= PROSE_WORDS) / len(words)
        if (
            prose >= PROSE_SHARE
            and not _labels_and_figures(run)
            and not _flush_right(gapped)
            and not _heads_over(run, rivers)
        ):
            # (labels of many words, each beside the figure closing it, are rows, and so are
            # wordy cells beside a column of text set flush right or under bold headings set
            # flush left over their columns)
            return False
        if rivers is not None and len(rivers) == 1 and _two_text_columns(gapped, rivers[0]):
            return False
    return True


def _wrapped_line(row: Row, run: Sequence[Row], rivers: Sequence[tuple[float, float]] | None) -> bool:
    """``row`` is a cell's text wrapped onto a line of its own in the run's last column, under
    bold headings set flush left over their columns (see :func:`_heads_over`): one segment,
    starting where the last river ends."""
    if not rivers or len(row.segments) != 1 or not _heads_over(run, rivers):
        return False
    return abs(row.segments[0][0] - rivers[-1][1]) <= row.height


def _heads_over(run: Sequence[Row], rivers: Sequence[tuple[float, float]] | None) -> bool:
    """The run opens with bold column headings (see :func:`_bold_headings`), the last set flush
    left over its column: starting where the last river ends, as the cells under it do (a
    heading centred over a column of long descriptions, ``Description`` over an exhibit list,
    tells less)."""
    if not rivers or not _bold_headings(run):
        return False
    return abs(run[0].segments[-1][0] - rivers[-1][1]) <= run[0].height


def _contents(run: Sequence[Row]) -> bool:
    """A table of contents without leaders: most rows end with a plain number (not a year),
    the numbers going up the page on, and no row holds more than a section number besides."""
    finals = [r.final for r in run if r.final is not None]
    if len(finals) < MIN_ROWS or len(finals) < 0.7 * len(run) or any(r.numbers > 2 for r in run):
        return False
    if 2 * sum(1 for r in run if r.final is not None and _figures_between(r)) >= len(finals):
        return False  # a column of figures before the last: a table's (`Standard  £30  3`)
    if all(1900 <= f <= 2099 for f in finals):
        return False  # years, not pages
    return all(a <= b for a, b in itertools.pairwise(finals)) and finals[-1] > finals[0]


#: A segment of fewer estimated words of text than this holds a figure (words are estimated
#: from the segment's letters: `£30` is about a quarter of one, `Standard` two thirds).
FIGURE_WORDS = 0.5


def _figures_between(row: Row) -> bool:
    """A figure stands alone between the row's text opening it and its last figure (a table's
    column of amounts before its last: `Standard  £30  3`; a contents line's section number
    opens it, and its title between is words): of two numbers or more, one in a segment of
    less than FIGURE_WORDS estimated words of text after a first segment of words."""
    if len(row.segments) < 3 or row.numbers < 2 or row.words[0] < FIGURE_WORDS:
        return False
    return min(row.words[1:-1]) < FIGURE_WORDS


def _bold_headings(rows: Sequence[Row]) -> bool:
    """These rows open with a row of column headings: the first, its cells of HEADING_WORDS
    words at most, is set in bold, and no other row is but one heading wrapped onto a line
    under it (two columns of text beside each other, an index's or a glossary's, have no such
    row)."""
    if not rows[0].bold or max(rows[0].words) > HEADING_WORDS:
        return False
    k = 1 if len(rows) < 2 or not rows[1].bold or sum(rows[1].words) > HEADING_WORDS else 2
    return not any(r.bold for r in rows[k:])


def _two_text_columns(rows: Sequence[Row], river: tuple[float, float]) -> bool:
    """Two columns that are not a label and a value: a marker and a paragraph (a list,
    footnotes), or text beside text of about the same width (an index or glossary set in two
    columns) under no row of headings (see :func:`_bold_headings`)."""
    cut = (river[0] + river[1]) / 2
    left = [(s1 - s0, w) for r in rows for (s0, s1), w in zip(r.segments, r.words) if s1 <= cut]
    right = [(s1 - s0, w) for r in rows for (s0, s1), w in zip(r.segments, r.words) if s0 >= cut]
    if not left or not right:
        return False
    if _flush_right(rows):
        return False  # a table's column of text set flush right
    if _bold_headings(rows) and statistics.median(w for _, w in left) >= LABEL_MIN_WORDS:
        return False  # labels and their values under column headings (no list's markers)
    if statistics.median(w for _, w in right) >= PROSE_WORDS / 2:
        return True
    texts = all(statistics.median(w for _, w in side) >= 1 for side in (left, right))
    widths = max(w for w, _ in left), max(w for w, _ in right)
    return texts and min(widths) >= SAME_WIDTH * max(widths)


#: Words (as estimated, shared out by width) of a label at least, by the median: a list's
#: markers hold far fewer.
LABEL_MIN_WORDS = 0.5


#: Segments ending within this many points of each other share their right edge.
FLUSH_PT = 3.0
#: ... and starting this many line heights apart or more, they are set flush right.
RAGGED_LINES = 2.0
#: Share of the rows whose labels start at the column's left edge, within LEFT_PT (the others
#: set in: wrapped).
LABELS_FLUSH = 0.6
LEFT_PT = 1.5


def _flush_right(rows: Sequence[Row]) -> bool:
    """The last column of these rows is set flush right and ragged left beside labels set flush
    left: the last segments of the rows parted by a gap, three at least, end at one edge
    (within FLUSH_PT) and start RAGGED_LINES line heights apart or more, and LABELS_FLUSH of
    the rows start at one left edge (their ends sharing none). A table's column of values or
    descriptions set right (``Census Bureau projection: average annual growth rate of 0.1%``
    over ``with an annual growth rate of 1.4%``): a column of running text, justified or not,
    starts its lines at its left edge, and a page's second column does too."""
    parted = [r for r in rows if len(r.segments) >= 2]
    if len(parted) < MIN_ROWS:
        return False
    ends = [r.segments[-1][1] for r in parted]
    starts = [r.segments[-1][0] for r in parted]
    height = statistics.median(r.height for r in rows)
    if max(ends) - min(ends) > FLUSH_PT or max(starts) - min(starts) < RAGGED_LINES * height:
        return False
    # beside labels set flush left: most rows' first segments start at one edge, and do not
    # end at one (two columns each set flush right are a layout's, a cover's names in two)
    firsts = [r.segments[0] for r in parted]
    if max(s1 for _, s1 in firsts) - min(s1 for _, s1 in firsts) <= FLUSH_PT:
        return False
    left = min(s0 for s0, _ in firsts)
    return sum(1 for s0, _ in firsts if s0 - left <= LEFT_PT) >= LABELS_FLUSH * len(parted)


def _run_box(run: Sequence[Row], rivers: Sequence[tuple[float, float]] | None) -> Box | None:
    """The run's box, without a column of running text at either side (a text column beside a
    chart or a table; one set flush right is a table's, see :func:`_flush_right`); None when
    fewer than two columns are left."""
    x0 = min(r.segments[0][0] for r in run)
    x1 = max(r.segments[-1][1] for r in run)
    cuts = _blanks(run)
    if cuts:
        columns = len(cuts) + 1
        if (
            _prose_column(run, x0, cuts[0][0])
            and not (len(cuts) == 1 and _labels_and_figures(run))
            and not (len(run[0].segments) == len(cuts) + 1 and _bold_headings(run))
            and not _bold_labels(run, cuts[0][0])
        ):
            # (a column of labels of many words under a row of bold headings over every column
            # is the table's)
            x0, cuts, columns = cuts[0][1], cuts[1:], columns - 1
        if cuts and _prose_column(run, cuts[-1][1], x1) and not _flush_right(run) and not _headed(run, cuts, x1):
            x1, columns = cuts[-1][0], columns - 1
        if columns < 2:
            return None
    return Box(x0, run[0].y0, x1, run[-1].y1)


def _bold_labels(run: Sequence[Row], z: float) -> bool:
    """The run's left column (its rows' first segments ending before ``z``) is set in bold, the
    rest of most rows not: names in bold beside their descriptions (a wine list), a table's
    labels, no column of running text (the run's first row may be its column headings, in any
    face)."""
    left = [r for r in run if r.segments[0][1] <= z and not (r is run[0] and not r.bold_first)]
    return len(left) >= MIN_ROWS and all(r.bold_first for r in left) and sum(r.bold for r in left) * 2 < len(left)


#: Words a section's label holds at most (inside a run of labels and their figures, and
#: between two regions: pdfcore.services.table_sections.SECTION_WORDS).
LABEL_WORDS = 4


def _labels_and_figures(run: Sequence[Row]) -> bool:
    """The run's rows are labels and the figures closing them, set apart (``Net Asset Value at
    31 December`` ... ``5,111,372``), and short labels of sections between them (``Class B``):
    labels of several words each beside their values are a table's rows, not a column of
    running text beside one (whose lines run on between the rows, each of many words)."""
    pairs = 0
    for r in run:
        if len(r.segments) == 2 and r.trailing >= 1:
            pairs += 1
        elif len(r.segments) == 2 and not r.numbers and r.words[1] < 1:
            continue  # a label and a dash for no value (``Direct result`` ... ``-``)
        elif len(r.segments) != 1 or r.numbers or sum(r.words) > LABEL_WORDS:
            return False
    return pairs >= MIN_ROWS


def _blanks(run: Sequence[Row]) -> list[tuple[float, float]]:
    """x-ranges no segment of the run covers (between its first and last segment)."""
    spans = sorted(seg for r in run for seg in r.segments)
    out: list[tuple[float, float]] = []
    end = spans[0][1]
    for a, z in spans[1:]:
        if a - end >= 2.0:
            out.append((end, a))
        end = max(end, z)
    return out


def _headed(run: Sequence[Row], cuts: Sequence[tuple[float, float]], x1: float) -> bool:
    """The run's last column is a table's column of wordy cells, not running text beside the
    table: the run's first row holds a cell over every column, a heading of a few words over
    this one, and either that row alone is bold (column headings: "Shortest route back to
    Hembury") or the heading is shorter than PROSE_COLUMN_WORDS and the cells under it are
    ragged (the widest of them twice as wide as the narrowest at least; the lines of a text
    column fill it but for a paragraph's last)."""
    first, a = run[0], cuts[-1][1]
    if len(first.segments) != len(cuts) + 1 or first.words[-1] >= PROSE_WORDS:
        return False
    if first.bold and not any(r.bold for r in run[1:]):
        return True  # a row of column headings in bold, this one's too long for a label's
    if first.words[-1] >= PROSE_COLUMN_WORDS:
        return False
    widths = [s1 - s0 for r in run[1:] for s0, s1 in r.segments if a <= (s0 + s1) / 2 <= x1]
    return len(widths) >= 2 and max(widths) >= RAGGED * min(widths)


def _prose_column(run: Sequence[Row], a: float, z: float) -> bool:
    words = [w for r in run for (s0, s1), w in zip(r.segments, r.words) if a <= (s0 + s1) / 2 <= z]
    return len(words) >= MIN_ROWS and sum(1 for w in words if w >= PROSE_COLUMN_WORDS) >= PROSE_SHARE * len(words)
