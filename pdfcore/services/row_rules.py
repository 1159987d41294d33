"""Tables ruled between their rows only (see :mod:`pdfcore.services.table_regions`): rules of
one extent stacked one over the other with a blank between two columns of cells
(:func:`row_rule_regions`), the bands between them told from running text
(:func:`running_band`) and from a page's columns (:func:`sided`). All geometry is page space
(points, top-left origin).
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence

from pdfcore.caption_words import is_caption
from pdfcore.geometry import thin_stretches
from pdfcore.models import Box, TextLine
from pdfcore.services.grid_headers import header_right_over
from pdfcore.services.ruled_grids import positions, same_extent
from pdfcore.services.text_pieces import JOIN_TOL, MIN_GAP, PROSE_WORDS, Piece, line_pieces
from pdfcore.services.text_runs import MIN_ROWS

#: Rules of one width stacked one above the other that make a table ruled between its rows
#: (no rules between its columns) ...
MIN_ROW_RULES = 4
#: ... each at least this wide (points) ...
MIN_ROW_RULE_WIDTH = 100.0
#: ... when this share of the bands between them holds text on both sides of one blank, on one
#: side in this many lines at most.
ROW_RULES_SIDED = 0.66
ROW_CELL_LINES = 3


def row_rule_regions(
    rules: Sequence[Box],
    rule_groups: Sequence[tuple[list[Box], list[Box]]],
    lines: Sequence[TextLine],
    gaps: Sequence[Box],
) -> list[Box]:
    """Tables ruled between their rows only: four or more horizontal rules of the same extent
    one above the other, crossing no vertical rule or one (a rule between two columns), each band between two of them holding text, and a blank inside their
    width that no line of the stack crosses with text on both sides of it in two thirds of the
    bands or more (three at least): the space between two columns. A column of running text on
    each side of the blank is a page's two columns under rules between its articles, not a
    table; nor is a band holding a caption a row (a heading's rule and the running head's over
    a paragraph and the caption of a table ruled row by row are no rows of it). (Cells of
    wrapped text, a requirement beside the products it applies to, read as running text to the
    text-alignment search, which misses such tables.)"""
    if sum(1 for r in rules if r.width >= r.height and r.width >= MIN_ROW_RULE_WIDTH) < MIN_ROW_RULES:
        return []
    # Rules crossing no vertical rule, or one only (a column divider: a grid needs two, see
    # rule_regions; a grid's are read as a grid). The sides of a row's shading are none.
    lone = [h for hs, vs in rule_groups if len(_dividers(hs, vs)) < 2 for h in hs]
    out = []
    for g in same_extent(r for r in lone if r.width >= MIN_ROW_RULE_WIDTH):
        x0, x1 = min(r.x0 for r in g), max(r.x1 for r in g)
        ys = positions((r.y0 + r.y1) / 2 for r in g)
        inside = [ln for ln in lines if x0 - JOIN_TOL <= ln.bbox.x0 and ln.bbox.x1 <= x1 + JOIN_TOL]
        bands: list[list[TextLine]] = []
        stacks: list[tuple[float, list[list[TextLine]]]] = []
        usual = _usual_size(inside)
        for a, z in itertools.pairwise(ys):
            band = [ln for ln in inside if a < (ln.bbox.y0 + ln.bbox.y1) / 2 < z]
            # (a band holding a caption is no row: the caption heads the table under it, and
            # the rules over it are the page's, a heading's)
            if (
                band
                and not running_band(band, gaps, x1 - x0)
                and not any(is_caption(ln.text) for ln in band)
                and not _section_band(band, (x0 + x1) / 2)
                and not _headed_band(band, usual, gaps)
            ):
                if not bands:
                    stacks.append((a, bands))
                bands.append(band)
                continue
            bands = []
        for top, stack in stacks:
            stack = _without_headings(stack, gaps)
            while len(stack) > 1 and _prose_band(stack[0], gaps, x1 - x0):
                # (a paragraph between a heading's rule and the table's top rule: no row)
                stack = stack[1:]
                top = max((y for y in ys if y <= min(ln.bbox.y0 for ln in stack[0])), default=top)
            head = _header_under_prose(stack[0], gaps, x1 - x0) if len(stack) > 1 else None
            if head is not None:
                # (the paragraph, then the header right over the table's top rule: the header
                # is the table's first row, the paragraph none)
                above = max(ln.bbox.y1 for ln in stack[0] if all(ln is not h for h in head))
                top = (above + min(ln.bbox.y0 for ln in head)) / 2
                stack = [head, *stack[1:]]
            if len(stack) + 1 >= MIN_ROW_RULES and sided(stack, gaps, x0, x1, ruled=True):
                bottom = max(ln.bbox.y1 for band in stack for ln in band)
                below = min((y for y in ys if y >= bottom), default=bottom)
                # (its header right over the first rule: the first of shaded rows' edges)
                box, _ = header_right_over(Box(x0, top, x1, below), lines, [ln for b in stack for ln in b], gaps)
                out.append(box)
    return out


#: A band between two rules holding text on more than this many rows (line heights), two thirds
#: of its lines or more in one half of the rules' width, is no row: a section of the page in two
#: columns between a heading's rule and the next heading's (lists under ``WHAT GOES IN WHICH
#: BIN``); it parts the stacks. (A table's body between its header's rule and its totals' holds
#: rows across the width.)
MAX_BAND_ROWS = 12
COLUMN_SHARE = 2 / 3


def _section_band(band: Sequence[TextLine], middle: float) -> bool:
    if len(positions(ln.bbox.y0 for ln in band)) <= MAX_BAND_ROWS:
        return False
    halves = sum(1 for ln in band if ln.bbox.x1 <= middle + JOIN_TOL or ln.bbox.x0 >= middle - JOIN_TOL)
    return halves >= COLUMN_SHARE * len(band)


#: A band at the foot of a stack holding one line set this many times the size of the other
#: bands' text (their median) is a heading ruled under, not a row (see _without_headings).
HEADING_SIZE = 1.3


def _usual_size(lines: Sequence[TextLine]) -> float:
    """The median size of ``lines`` (0 when none tells its size)."""
    sizes = sorted(ln.font_size for ln in lines if ln.font_size > 0)
    return sizes[len(sizes) // 2] if sizes else 0.0


def _headed_band(band: Sequence[TextLine], usual: float, gaps: Sequence[Box]) -> bool:
    """``band`` ends with a section's heading: its last row one line in one piece, starting at
    the band's left edge (a line height off at most), set HEADING_SIZE times the ``usual``
    size of the lines within the rules' width (a paragraph closing a table and the next
    section's heading between two tables ruled alike: no row, it parts their stacks)."""
    if not usual:
        return False
    foot = max(band, key=lambda ln: ln.bbox.y0)
    height = foot.bbox.y1 - foot.bbox.y0
    return (
        foot.font_size >= HEADING_SIZE * usual
        and foot.bbox.x0 - min(ln.bbox.x0 for ln in band) <= height
        and sum(1 for ln in band if ln.bbox.y1 > foot.bbox.y0) == 1
        and all(len(p.segments) == 1 for p in line_pieces([foot], gaps))
    )


def _without_headings(stack: list[list[TextLine]], gaps: Sequence[Box]) -> list[list[TextLine]]:
    """``stack`` without a band at its foot holding one line set HEADING_SIZE times the size of
    the rest, or set in bold, in one piece, where most lines of the rest are not bold (a
    section's heading over its rule, right under a table whose last rule is the same width: the
    heading's rule ends the stack, the heading is no row)."""
    if len(stack) < 2 or len(stack[-1]) != 1:
        return stack
    foot = stack[-1][0]
    rest = [ln for band in stack[:-1] for ln in band]
    sizes = sorted(ln.font_size for ln in rest if ln.font_size > 0)
    if sizes and foot.font_size >= HEADING_SIZE * sizes[len(sizes) // 2]:
        return stack[:-1]
    if (
        foot.bold
        and 2 * sum(1 for ln in rest if ln.bold) < len(rest)
        and all(len(p.segments) == 1 for p in line_pieces([foot], gaps))
    ):
        return stack[:-1]
    return stack


def _header_under_prose(band: Sequence[TextLine], gaps: Sequence[Box], width: float) -> list[TextLine] | None:
    """The lines of ``band``'s last row when they are parted into cells and the lines over them
    are a paragraph (see _prose_band): the header of a table with no rule over it, right over
    its first rule, under the text that introduces it; else None."""
    bottom = max(ln.bbox.y0 for ln in band)
    head = [ln for ln in band if ln.bbox.y0 >= bottom - JOIN_TOL]
    above = [ln for ln in band if ln.bbox.y0 < bottom - JOIN_TOL]
    if not above or not any(len(p.segments) > 1 for p in line_pieces(head, gaps)):
        return None
    return head if _prose_band(above, gaps, width) else None


def _prose_band(band: Sequence[TextLine], gaps: Sequence[Box], width: float) -> bool:
    """``band`` is a paragraph: two lines or more, half of them or more running text (one piece
    of PROSE_WORDS words or more across RUNNING_WIDTH of the rules' width), none parted into
    cells. At the top of a stack it is the text under a section's heading and its rule, over
    the table whose top rule is as wide."""
    if len(band) < 2:
        return False
    pieces = line_pieces(band, gaps)
    if any(len(p.segments) > 1 for p in pieces):
        return False
    running = sum(1 for p in pieces for a, z, w in p.segments if z - a >= RUNNING_WIDTH * width and w >= PROSE_WORDS)
    return 2 * running >= len(pieces)


#: A band between two rules holding this many lines or more, RUNNING_SHARE of them running
#: text (a piece of PROSE_WORDS words or more across RUNNING_WIDTH of the rules' width: no
#: row's cell is as wide), is the page's text between two tables ruled alike, not a row: it
#: parts their stacks.
RUNNING_LINES = 4
RUNNING_WIDTH = 0.75
RUNNING_SHARE = 1 / 3


def running_band(band: Sequence[TextLine], gaps: Sequence[Box], width: float, *, from_left: bool = False) -> bool:
    """Whether ``band`` is running text (see RUNNING_LINES). ``from_left``: only a piece starting
    at the band's left edge (within a line's height) counts, not one set in a column right of
    others (a glossary's meaning beside its term, or wrapped under the meaning's first line)."""
    if len(band) < RUNNING_LINES:
        return False
    left = min(ln.bbox.x0 for ln in band)
    running = sum(
        1
        for p in line_pieces(band, gaps)
        if any(
            z - a >= RUNNING_WIDTH * width and w >= PROSE_WORDS and (not from_left or a - left <= p.y1 - p.y0)
            for a, z, w in p.segments
        )
    )
    return running >= RUNNING_SHARE * len(band)


def _dividers(hs: Sequence[Box], vs: Sequence[Box]) -> list[Box]:
    """The vertical rules of a group but the sides of a shaded band: at the group's left or
    right edge, between two of its horizontal rules and crossing none (a row's background drawn
    as a filled box, whose edges come as rules, in a table ruled between its rows)."""
    if not hs:
        return list(vs)
    x0, x1 = min(h.x0 for h in hs), max(h.x1 for h in hs)
    ys = [(h.y0 + h.y1) / 2 for h in hs]
    return [
        v
        for v in vs
        if not (
            (abs(v.x0 - x0) <= JOIN_TOL or abs(v.x1 - x1) <= JOIN_TOL)
            and not any(v.y0 + JOIN_TOL < y < v.y1 - JOIN_TOL for y in ys)
        )
    ]


def sided(
    bands: Sequence[Sequence[TextLine]], gaps: Sequence[Box], x0: float, x1: float, *, ruled: bool = False
) -> bool:
    """A blank inside ``x0``-``x1`` that no line of ``bands`` crosses (one of ten or more may),
    with text on both sides of it in :data:`ROW_RULES_SIDED` of the bands (and three at least),
    on one side in :data:`ROW_CELL_LINES` lines at most, and not running text on both (but for
    ``ruled`` bands, each a row between two rules, that hold SHORT_CELL_LINES lines at most on
    each side: wordy cells, not columns running on)."""
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
    for a, z, allowed in blanks:
        if allowed and sum(1 for s0, s1 in spans if s0 < z and s1 > a) > allowed:
            continue
        # A band holding one short text left of the blank only is a section's label (a row
        # `Effectiveness` over its indicators): counted neither way.
        labels = sum(1 for band in per_band if _label_band(band, a))
        need = max(MIN_ROWS, ROW_RULES_SIDED * (len(bands) - labels))
        sided = 0
        short = ruled  # bands parted by rules, every band's cells SHORT_CELL_LINES lines at most
        left_words: list[float] = []
        right_words: list[float] = []
        for band in per_band:
            left = [w for p in band for s0, s1, w in p.segments if s1 <= a]
            right = [w for p in band for s0, s1, w in p.segments if s0 >= z]
            # A row's cell on one side at least is short (a few lines); lists side by side under
            # a section's rule (a directory's names) run on for many lines on both.
            counts = (
                sum(1 for p in band if any(s1 <= a for _, s1, _ in p.segments)),
                sum(1 for p in band if any(s0 >= z for s0, _, _ in p.segments)),
            )
            if left and right and min(counts) <= ROW_CELL_LINES:
                sided += 1
                left_words.extend(left)
                right_words.extend(right)
                short = short and max(counts) <= SHORT_CELL_LINES
        prose = [statistics.median(ws) >= PROSE_WORDS for ws in (left_words, right_words) if ws]
        # (sentences on both sides, each band's cells a line or two: a table's rows of wordy
        # cells, not a page's columns running on under rules between its articles)
        if sided >= need and (short or not (len(prose) == 2 and all(prose))):
            return True
    return False


def _label_band(band: Sequence[Piece], a: float) -> bool:
    """The band's text is one short piece (LABEL_WORDS words at most) left of ``a``."""
    segments = [seg for p in band for seg in p.segments]
    return len(segments) == 1 and segments[0][1] <= a and segments[0][2] <= LABEL_WORDS


#: A table ruled between its rows whose every band holds this many lines at most on each side
#: of the blank between its columns is one however wordy its cells (see :func:`sided`).
SHORT_CELL_LINES = 2
#: A section's label in a table ruled between its rows holds at most this many words.
LABEL_WORDS = 3


#: A stack of this many lines may have one of them cross the blank between its columns.
CROSSING_LINES = 10
