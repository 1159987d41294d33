"""The columns of a page: gutters between columns of running text, and sidebars beside it.

A table is looked for column by column on a multi-column page (:func:`split` hands each
column its pieces); a gutter needs running text on both sides of it (:func:`gutters`), and a
box of short lines beside running text (an infobox) is cut off from it (:func:`_sidebar`), so
the text's lines are not read as the first column of the box's rows. All geometry is page
space (points, top-left origin).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from pdfcore.services.text_pieces import JOIN_TOL, PROSE_WORDS, Piece

#: Lines of running text each side of a page's gutter, and its least width (points).
MIN_COLUMN_LINES = 3
MIN_GUTTER = 6.0


def columns(pieces: Sequence[Piece]) -> list[list[Piece]]:
    """The pieces of each column of the page (see :func:`split`); on a page with no gutter
    from top to bottom, the columns of each band between lines across the page (see
    :func:`_bands`)."""
    found = gutters(pieces)
    if found:
        return split(pieces, found)
    return _bands(pieces) or [list(pieces)]


#: A line of running text this share of the text's width or wider is across the page: it does
#: not tell a column's gutter.
ACROSS = 0.6
#: Lines of running text each side of a band's gutter.
BAND_COLUMN_LINES = 4


def _bands(pieces: Sequence[Piece]) -> list[list[Piece]]:
    """Columns set under (or over) lines across the page: a title, a paragraph and a table
    across it, then two columns. The gutters of the lines of running text that are narrower
    than the page's text cut the page into bands at every piece that crosses them; a band with
    such a gutter of its own (four lines of running text each side) is split there, the bands
    between them kept whole. Empty when no band has a gutter."""
    if not pieces:
        return []
    left = min(p.segments[0][0] for p in pieces)
    width = max(p.segments[-1][1] for p in pieces) - left
    words = [_words(p) for p in pieces]
    narrow = [
        (p.segments[0][0], p.segments[-1][1])
        for p, w in zip(pieces, words, strict=True)
        if w >= PROSE_WORDS and p.segments[-1][1] - p.segments[0][0] < ACROSS * width
    ]
    found = _gutters_of(narrow, BAND_COLUMN_LINES)
    if not found:
        return []
    items = sorted(zip(pieces, words, strict=True), key=lambda pw: pw[0].y0)
    runs: list[list[tuple[Piece, float]]] = [[]]
    for p, w in items:
        if any(p.segments[0][0] < g < p.segments[-1][1] for g in found):
            if runs[-1]:
                runs.append([])
            runs[-1].append((p, w))
            runs.append([])
        else:
            runs[-1].append((p, w))
    out: list[list[Piece]] = []
    whole: list[Piece] = []
    split_any = False
    for run in runs:
        prose = [(p.segments[0][0], p.segments[-1][1]) for p, w in run if w >= PROSE_WORDS]
        own = _gutters_of(prose, BAND_COLUMN_LINES)
        if not own:
            whole.extend(p for p, _ in run)
            continue
        if whole:
            out.append(whole)
            whole = []
        out.extend(split([p for p, _ in run], own))
        split_any = True
    if whole:
        out.append(whole)
    return out if split_any else []


def gutters(pieces: Sequence[Piece]) -> list[float]:
    """x positions between the columns of a multi-column page.

    A gutter is an x-range that (almost) no line of running text crosses, with such lines on
    both sides of it: lines of six words or more, three on each side at least; else, for
    narrow columns (a newsletter's, four or five words a line), lines of four words or more in
    one stretch without a figure, ten on each side at least (a table's header lines are not
    so many).
    """
    words = [_words(p) for p in pieces]
    prose = [(p.segments[0][0], p.segments[-1][1]) for p, w in zip(pieces, words, strict=True) if w >= PROSE_WORDS]
    found = _gutters_of(prose, MIN_COLUMN_LINES)
    if found:
        return found
    narrow = [(p.segments[0][0], p.segments[-1][1]) for p, w in zip(pieces, words, strict=True) if _narrow_line(p, w)]
    return _gutters_of(narrow, NARROW_COLUMN_LINES) or _sidebar(pieces, words)


#: A sidebar beside running text (an infobox, a box of facts) holds this many lines at least
#: level with the text's lines ...
SIDEBAR_LINES = 6
#: ... of which at most this share are running text, beside lines of which this share at least are ...
SIDEBAR_PROSE = 0.1
SIDEBAR_TEXT = 0.5
#: ... and at least this share stand off the text's lines: no top, bottom or centre within
#: this share of the line's height of those of a line of the text.
SIDEBAR_OFF = 0.5
LEVEL = 0.2


def _sidebar(pieces: Sequence[Piece], words: Sequence[float]) -> list[float]:
    """The gutter between running text and a box of short lines beside it (an infobox): lines
    of six words or more on one side (three at least, and half of the lines there level with
    the box), none crossing into the box; on the other a stack of short lines whose rows are
    not the text's (half of them at least stand off the lines beside them: the box is set on
    its own line pitch). The text's lines would otherwise be read as
    the first column of the box's rows. A table beside text shares the text's rows (its cells
    are level with the lines beside them) and keeps them."""
    prose = [p for p, w in zip(pieces, words, strict=True) if w >= PROSE_WORDS]
    if len(prose) < MIN_COLUMN_LINES:
        return []
    allowed = max(1, int(0.1 * len(prose)))
    if len(prose) <= allowed:
        return []
    rights = sorted(p.segments[-1][1] for p in prose)
    lefts = sorted(p.segments[0][0] for p in prose)
    for right in (True, False):
        # the text's edge on the box's side, past which a few of its lines may reach (a banner
        # over both)
        edge = rights[-allowed - 1] if right else lefts[allowed]
        if right:
            stack = [p for p in pieces if p.segments[0][0] >= edge + MIN_GUTTER]
        else:
            stack = [p for p in pieces if p.segments[-1][1] <= edge - MIN_GUTTER]
        if len(stack) < SIDEBAR_LINES:
            continue
        side = min(p.segments[0][0] for p in stack) if right else max(p.segments[-1][1] for p in stack)
        top, bottom = min(p.y0 for p in stack), max(p.y1 for p in stack)
        # the lines on the text's side level with the stack: running text, mostly
        near = sorted(
            (
                (p, w)
                for p, w in zip(pieces, words, strict=True)
                if (p.segments[-1][1] < side if right else p.segments[0][0] > side) and top <= p.y0 and p.y1 <= bottom
            ),
            key=lambda pw: pw[0].y0,
        )
        text = [p for p, _ in near]
        prose_near = sum(1 for _, w in near if w >= PROSE_WORDS)
        if prose_near < MIN_COLUMN_LINES or prose_near < SIDEBAR_TEXT * len(near):
            continue
        crossing = any(
            p.y1 > top and p.y0 < bottom and (p.segments[0][0] < side < p.segments[-1][1])
            for p in pieces
            if (p.segments[0][0] < edge + MIN_GUTTER if right else p.segments[-1][1] > edge - MIN_GUTTER)
        )
        if crossing:
            continue
        beside = [p for p in stack if text[0].y0 <= (p.y0 + p.y1) / 2 <= text[-1].y1]
        if len(beside) < SIDEBAR_LINES or sum(1 for p in beside if _words(p) >= PROSE_WORDS) > SIDEBAR_PROSE * len(
            beside
        ):
            continue
        tops = [p.y0 for p in text]
        off = sum(1 for p in beside if not _level(p, text, tops))
        if off >= SIDEBAR_OFF * len(beside):
            return [(edge + side) / 2]
    return []


def _level(piece: Piece, lines: Sequence[Piece], tops: Sequence[float]) -> bool:
    """``piece`` shares a row with one of ``lines`` (sorted top to bottom, ``tops`` their
    tops): their tops, bottoms or centres within :data:`LEVEL` of its height."""
    tol = LEVEL * (piece.y1 - piece.y0)
    centre = (piece.y0 + piece.y1) / 2
    k = bisect.bisect_left(tops, centre)
    for p in lines[max(0, k - 2) : k + 2]:
        if min(abs(p.y0 - piece.y0), abs(p.y1 - piece.y1), abs((p.y0 + p.y1) / 2 - centre)) <= tol:
            return True
    return False


def _words(piece: Piece) -> float:
    """Words of text in the piece (its segments' shares summed)."""
    segments = piece.segments
    return segments[0][2] if len(segments) == 1 else sum(w for _, _, w in segments)


def _gutters_of(prose: Sequence[tuple[float, float]], min_lines: int) -> list[float]:
    """The gutters between lines of running text (x extents), with ``min_lines`` on each side."""
    if len(prose) < 2 * min_lines:
        return []
    events = sorted([(a, 1) for a, _ in prose] + [(z, -1) for _, z in prose], key=lambda e: (e[0], -e[1]))
    allowed = max(1, int(0.1 * len(prose)))
    left_edge, right_edge = events[0][0], events[-1][0]
    out: list[float] = []
    depth = 0
    blank_from: float | None = None
    blanks: list[tuple[float, float]] = []
    for x, step in events:
        depth += step
        if depth <= allowed and blank_from is None:
            blank_from = x
        elif depth > allowed and blank_from is not None:
            blanks.append((blank_from, x))
            blank_from = None
    if blank_from is not None:
        blanks.append((blank_from, right_edge))
    for a, z in blanks:
        # A column of fewer lines than may cross a gutter (a table beside text, its caption
        # and notes the only running text on its side) is blank to the count: the gutter
        # starts where its lines end (or ends where they start).
        if a <= left_edge:
            a = max((x1 for _, x1 in prose if x1 < z), default=a)
        if z >= right_edge:
            z = min((x0 for x0, _ in prose if x0 > a), default=z)
        if z - a < MIN_GUTTER or a <= left_edge or z >= right_edge:
            continue
        left = sum(1 for x0, x1 in prose if x1 <= a + JOIN_TOL)
        right = sum(1 for x0, x1 in prose if x0 >= z - JOIN_TOL)
        if left >= min_lines and right >= min_lines:
            out.append((a + z) / 2)
    return out


#: Words of a line of running text in a narrow column (a newsletter's: four or five a line) ...
COLUMN_WORDS = 4
#: ... and such lines on each side of a gutter.
NARROW_COLUMN_LINES = 10


def _narrow_line(piece: Piece, words: float) -> bool:
    """A line of a narrow column of running text (``words``: its :func:`_words`): four words
    or more in one stretch, no figure (a table's row of words has gaps)."""
    return words >= COLUMN_WORDS and piece.numbers == 0 and len(piece.segments) == 1


def split(pieces: Sequence[Piece], gutters: Sequence[float]) -> list[list[Piece]]:
    """The pieces of each page column (segments go to the column of their centre); a piece cut
    by a gutter keeps its face (bold), its label with the column of its first segment."""
    columns: list[list[Piece]] = [[] for _ in range(len(gutters) + 1)]
    for p in pieces:
        if not gutters:
            columns[0].append(p)
            continue
        groups: dict[int, list[tuple[float, float, float]]] = {}
        for seg in p.segments:
            groups.setdefault(bisect.bisect(gutters, (seg[0] + seg[1]) / 2), []).append(seg)
        if len(groups) <= 1:
            # wholly in one column: the piece as it is (one with no segment, its line's text all
            # blank, in the first)
            columns[next(iter(groups), 0)].append(p)
            continue
        total = sum(z - a for a, z, _ in p.segments) or 1.0
        first, last = min(groups), max(groups)
        for k, segs in groups.items():
            share = sum(z - a for a, z, _ in segs) / total
            trailing = p.trailing if k == last else 0
            columns[k].append(
                Piece(
                    p.y0,
                    p.y1,
                    tuple(segs),
                    p.numbers * share,
                    p.tokens * share,
                    trailing,
                    round(p.entries * share),
                    p.led and k == last,
                    p.page_number and k == last,
                    p.years * share,
                    p.final if k == last else None,
                    labelled=p.labelled and k == first and len(segs) > 1,
                    bold=p.bold,
                )
            )
    return columns
