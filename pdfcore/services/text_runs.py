"""Tables: where to look by the alignment of the text (see :mod:`pdfcore.services.table_regions`).

Three or more rows whose blanks line up into at least one vertical "river" (a column
separator), or rows of figures, which do not read like prose (:func:`text_regions`, over the
text extractor's lines and the gaps inside them). Multi-column pages are searched column by
column; a column of running text beside a table is left out of its region; lists, footnotes
and indexes set in two columns are not tables. All geometry is page space (points, top-left
origin).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import re
import statistics
from collections.abc import Sequence

from attrs import define

from pdfcore.models import Box, TextLine

#: Boxes closer than this (points) are taken to touch (rules; the edges of lines and runs).
JOIN_TOL = 3.0
#: A gap inside a line separates cells when it is at least this many line heights wide (a
#: space of a monospaced font is about 0.8).
MIN_GAP = 1.0
#: A text run's rows may be at most this many line heights apart.
MAX_ROW_GAP = 2.5
#: A river (column separator) must stay at least this many line heights wide (and 2 pt).
MIN_RIVER = 0.4
#: Rows needed for a text-aligned table, and how many of them must show a gap.
MIN_ROWS = 3
MIN_GAPPED_ROWS = 3
#: Numbers a row needs to count as a row of figures.
MIN_NUMBERS = 3
#: A segment with this many words is running text, not a cell ...
PROSE_WORDS = 6
#: ... and a run with this share of such segments is text laid out in columns.
PROSE_SHARE = 0.5
#: Segments of a running-text column (beside a table) mostly hold at least this many words.
PROSE_COLUMN_WORDS = 4
#: Two text columns whose widths are within this ratio are a two-column page layout.
SAME_WIDTH = 0.6
#: Share of rows holding index entries ("piracy, 64") that makes a run a book's index.
INDEX_SHARE = 0.5
#: Rows above a text-aligned run that may be taken in as its header.
MAX_HEADER_ROWS = 2
#: Lines of running text each side of a page's gutter, and its least width (points).
MIN_COLUMN_LINES = 3
MIN_GUTTER = 6.0


#: Rows and pieces are made for every line and row of every page that may hold a table, and
#: never changed once made: plain slotted classes (a frozen one's fields cost twice as much to
#: set).
@define
class _Row:
    y0: float
    y1: float
    height: float
    #: Text segments (x0, x1) left to right, split at the gaps inside lines.
    segments: tuple[tuple[float, float], ...]
    #: Estimated words of text (not figures) in each segment.
    words: tuple[float, ...]
    #: Tokens that are numbers (amounts, percentages, years, ranges), and all tokens.
    numbers: float
    tokens: float
    trailing: int = 0
    entries: int = 0
    #: Lines of the row that lead with dots to a closing figure ("Revenue . . . . 2,014").
    led: int = 0
    #: The row's figures are plain small integers only (page numbers in a table of contents).
    page_numbers: bool = False
    #: Of its numbers, those that are years (column headings: "2019 2018").
    years: float = 0
    #: The plain integer ending the row (a page number in a table of contents), if any.
    final: int | None = None

    @functools.cached_property
    def gapped(self) -> bool:
        # (Cached: a run is tried from every row it may start at, and asks each row again.)
        return len(self.segments) >= 2

    @functools.cached_property
    def prose(self) -> bool:
        """Every segment is running text (a line of prose, or two side by side)."""
        return not self.numeric and all(w >= PROSE_WORDS for w in self.words)

    @functools.cached_property
    def numeric(self) -> bool:
        """A row of figures (see :func:`_figures`)."""
        return _figures(self.led, self.numbers, self.trailing, self.tokens)


def _figures(led: int, numbers: float, trailing: int, tokens: float) -> bool:
    """A row (or line) of figures: three or more numbers, at least half of its tokens or
    closing it; or a label led by dots to its figures (a financial statement's row)."""
    if led:
        return True
    if numbers >= 1 and trailing >= MIN_NUMBERS:
        return True  # a label, then figures and placeholders ("—") to the end of the line
    return numbers >= MIN_NUMBERS and numbers >= 0.5 * tokens


_NUMBER = re.compile(r"^[(\[$€£¥+\-–−~<>±]*\d[\d.,:/%–\-−]*[)\]%*†‡]*$")


def is_number(token: str) -> bool:
    # "26," is an index or list entry, "2,753,438" a figure.
    return bool(_NUMBER.match(token)) and token[-1] not in ",;:"


@define
class _Piece:
    """A text line, or its part in one page column: y-range, segments, figures."""

    y0: float
    y1: float
    #: (x0, x1, estimated words of text) per segment, left to right.
    segments: tuple[tuple[float, float, float], ...]
    numbers: float
    tokens: float
    #: Numbers closing the line (a label followed by its figures).
    trailing: int = 0
    #: Index entries in the line ("piracy, 64", "Barlow, Joel, 8").
    entries: int = 0
    #: The line leads with dots to closing figures or placeholders.
    led: bool = False
    page_number: bool = False
    years: float = 0
    final: int | None = None


def line_pieces(lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[_Piece]:
    """Each line cut into segments at its gaps."""
    by_line = _gap_bands(gaps)
    return [_piece(ln, _cut(ln, by_line)) for ln in lines if ln.bbox.width > 0 and ln.bbox.height > 0]


def _gap_bands(gaps: Sequence[Box]) -> dict[tuple[float, float], list[Box]]:
    """The gaps wide enough to cut a line, by the band (y-range) of the line they are in."""
    by_line: dict[tuple[float, float], list[Box]] = {}
    for g in gaps:
        if g.width >= MIN_GAP * g.height:
            by_line.setdefault((g.y0, g.y1), []).append(g)
    return by_line


def _cut(ln: TextLine, by_line: dict[tuple[float, float], list[Box]]) -> list[Box]:
    """The gaps that cut ``ln`` (see :func:`_gap_bands`)."""
    if not by_line:
        return []
    b = ln.bbox
    cut = by_line.get((round(b.y0, 1), round(b.y1, 1)), [])
    if not cut:
        return cut
    # Dot leaders ("Introduction . . . . . 12") leave gaps between the dots that line up from
    # one entry to the next: a line with leaders is taken as one segment.
    return [] if _LEADER.search(ln.text) else [g for g in cut if b.x0 <= g.x0 and g.x1 <= b.x1 + 0.2]


def _piece(ln: TextLine, cut: Sequence[Box]) -> _Piece:
    b = ln.bbox
    text = ln.text
    spans = [(b.x0, b.x1)]
    if cut:
        spans = []
        start = b.x0
        for g in sorted(cut, key=lambda g: g.x0):
            if g.x0 > start:
                spans.append((start, g.x0))
            start = max(start, g.x1)
        if start < b.x1:
            spans.append((start, b.x1))
    total = sum(z - a for a, z in spans) or 1.0
    # Words of text (not figures) per segment, shared out by width. (Counted with regular
    # expressions: this runs on every line of a page that may hold a table.)
    words = len(_WORD.findall(text))
    digits = _DIGIT.search(text) is not None
    numbers = len(_FIGURE.findall(text)) if digits else 0
    led = _leaders(text)
    return _Piece(
        y0=b.y0,
        y1=b.y1,
        segments=tuple((a, z, words * (z - a) / total) for a, z in spans),
        numbers=numbers,
        # (a year holds "19" or "20", an index entry a comma: most lines hold neither)
        years=len(_YEARS.findall(text)) if numbers and ("19" in text or "20" in text) else 0,
        final=_final(text) if numbers else None,
        # Placeholders ("-", "*", "...") neither make a row of figures nor a line of text.
        # (Without a digit, the tokens holding a letter or digit are the words.)
        tokens=len(_TOKEN.findall(text)) if digits else words,
        trailing=_closing_figures(text) if numbers else 0,
        entries=len(_ENTRY.findall(text)) if digits and "," in text else 0,
        led=led is not None,
        page_number=led is not None and _PAGE_NUMBER.fullmatch(led.group(1).strip()) is not None,
    )


def _leaders(text: str) -> re.Match[str] | None:
    """The line's dot leaders to its closing figures ("Revenue . . . . 2,014"), if any."""
    return _LED.search(text) if (". ." in text or "..." in text) else None


def _closing_figures(text: str) -> int:
    """Numbers (and placeholders) closing the line (see :func:`_trailing_numbers`)."""
    return _trailing_numbers(text.rsplit(None, MIN_NUMBERS + 2))


def _line_of_figures(text: str) -> bool:
    """:func:`_figures` of a line's text taken whole (what :func:`_piece` counts for it)."""
    if _leaders(text) is not None:
        return True
    numbers = len(_FIGURE.findall(text)) if _DIGIT.search(text) is not None else 0
    if not numbers:
        return False
    if numbers < MIN_NUMBERS and _PLACEHOLDER.search(text) is None:
        # The numbers closing a line are among its numbers, so with fewer than three of them
        # only a placeholder could bring the closing count to three: a line of prose with a
        # year or a note number in it, told without counting its tokens.
        return False
    return _figures(0, numbers, _closing_figures(text), len(_TOKEN.findall(text)))


def _plain_text(lines: Sequence[TextLine], gaps: Sequence[Box]) -> bool:
    """True when no run of table-like rows can start anywhere on the page (:func:`_runs`
    would find none in any column): no line is cut at a gap, no line is figures, and no two
    lines overlap vertically. Most pages of running text, told without cutting every line
    into pieces, finding the page's columns and building their rows."""
    by_line = _gap_bands(gaps)
    bands: list[tuple[float, float]] = []
    texts: list[str] = []
    for ln in lines:
        b = ln.bbox
        if b.x1 - b.x0 <= 0 or b.y1 - b.y0 <= 0:  # (its width or height: no property call)
            continue
        if by_line and _cut(ln, by_line):
            return False
        texts.append(ln.text)
        bands.append((b.y0, b.y1))
    bands.sort()
    reach = -math.inf
    for y0, y1 in bands:
        if y0 < reach:
            return False
        reach = max(reach, y1)
    return not _any_line_of_figures(texts)


def _any_line_of_figures(texts: Sequence[str]) -> bool:
    """Whether one of the lines ``texts`` is a line of figures (:func:`_line_of_figures`).

    Without dot leaders a line of figures holds a digit, and most lines of a page hold none:
    the page's text is searched once for the next digit, and only the lines holding one are
    read (one search per such line, not two per line of the page)."""
    joined = "\n".join(texts)
    if ". ." in joined or "..." in joined or joined.count("\n") != len(texts) - 1:
        return any(_line_of_figures(t) for t in texts)  # leaders, or a line break inside a line
    found = _DIGIT.search(joined)
    while found is not None:
        start = joined.rfind("\n", 0, found.start()) + 1
        end = joined.find("\n", found.end())
        if end < 0:
            end = len(joined)
        if _line_of_figures(joined[start:end]):
            return True
        found = _DIGIT.search(joined, end)
    return False


_WORD = re.compile(r"\S*[^\W\d_]\S*")
_TOKEN = re.compile(r"\S*[^\W_]\S*")
_DIGIT = re.compile(r"\d")
_ENTRY = re.compile(r"[^\W\d_],\s*\d")
_LEADER = re.compile(r"(?:\.\s?){5,}|…{2,}")
#: Dashes standing for a value in a column of figures.
PLACEHOLDERS = frozenset({"—", "–", "-", "−"})
_PLACEHOLDER = re.compile("[—–\\-−]")
#: Dot leaders, then figures or placeholders to the end of the line. (Possessive quantifiers:
#: a line of dots and figures must not make the search backtrack.)
_LED = re.compile(r"(?:\. ?){3,}+((?:\s*+[$€£]?\s*+(?:\(?\d[\d,]*+(?:\.\d++)?\)?%?|[—–-]))++)\s*+$")
_PAGE_NUMBER = re.compile(r"\d{1,4}")
_FIGURE = re.compile(r"(?<!\S)[(\[$€£¥+\-–−~<>±]*\d[\d.,:/%–\-−]*[)\]%*†‡]*(?<![,;:])(?!\S)")
_YEARS = re.compile(r"(?<!\S)(?:19|20)\d\d(?!\S)")


def _final(text: str) -> int | None:
    last = text.rsplit(None, 1)[-1]
    return int(last) if last.isdecimal() and len(last) <= 4 else None


def _trailing_numbers(tokens: Sequence[str]) -> int:
    n = 0
    for t in reversed(tokens):
        if t in PLACEHOLDERS or is_number(t):
            n += 1  # a figure, or a dash in a column of figures: a value
        elif any(ch.isalnum() for ch in t):
            break  # a word (a number holds a digit: never a token without a letter or digit)
        # else: a placeholder ("*", "...")
    return n


def _gutters(pieces: Sequence[_Piece]) -> list[float]:
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


def _sidebar(pieces: Sequence[_Piece], words: Sequence[float]) -> list[float]:
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


def _level(piece: _Piece, lines: Sequence[_Piece], tops: Sequence[float]) -> bool:
    """``piece`` shares a row with one of ``lines`` (sorted top to bottom, ``tops`` their
    tops): their tops, bottoms or centres within :data:`LEVEL` of its height."""
    tol = LEVEL * (piece.y1 - piece.y0)
    centre = (piece.y0 + piece.y1) / 2
    k = bisect.bisect_left(tops, centre)
    for p in lines[max(0, k - 2) : k + 2]:
        if min(abs(p.y0 - piece.y0), abs(p.y1 - piece.y1), abs((p.y0 + p.y1) / 2 - centre)) <= tol:
            return True
    return False


def _words(piece: _Piece) -> float:
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


def _narrow_line(piece: _Piece, words: float) -> bool:
    """A line of a narrow column of running text (``words``: its :func:`_words`): four words
    or more in one stretch, no figure (a table's row of words has gaps)."""
    return words >= COLUMN_WORDS and piece.numbers == 0 and len(piece.segments) == 1


def _split(pieces: Sequence[_Piece], gutters: Sequence[float]) -> list[list[_Piece]]:
    """The pieces of each page column (segments go to the column of their centre)."""
    columns: list[list[_Piece]] = [[] for _ in range(len(gutters) + 1)]
    for p in pieces:
        if not gutters:
            columns[0].append(p)
            continue
        groups: dict[int, list[tuple[float, float, float]]] = {}
        for seg in p.segments:
            groups.setdefault(bisect.bisect(gutters, (seg[0] + seg[1]) / 2), []).append(seg)
        total = sum(z - a for a, z, _ in p.segments) or 1.0
        last = max(groups)
        for k, segs in groups.items():
            share = sum(z - a for a, z, _ in segs) / total
            trailing = p.trailing if k == last else 0
            columns[k].append(
                _Piece(
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
                )
            )
    return columns


def _rows(pieces: Sequence[_Piece]) -> list[_Row]:
    """Visual rows: pieces overlapping vertically."""
    items = sorted(pieces, key=lambda p: (p.y0 + p.y1) / 2)
    rows: list[_Row] = []
    cur: list[_Piece] = []
    cy0 = cy1 = 0.0
    for p in items:
        if cur:
            overlap = min(cy1, p.y1) - max(cy0, p.y0)
            if overlap >= 0.5 * min(p.y1 - p.y0, cy1 - cy0):
                cur.append(p)
                cy0, cy1 = min(cy0, p.y0), max(cy1, p.y1)
                continue
            rows.append(_make_row(cur))
        cur = [p]
        cy0, cy1 = p.y0, p.y1
    if cur:
        rows.append(_make_row(cur))
    return rows


def _make_row(pieces: list[_Piece]) -> _Row:
    if len(pieces) == 1 and _apart(pieces[0].segments):
        return _one_piece_row(pieces[0])
    return _merged_row(pieces)


def _merged_row(pieces: list[_Piece]) -> _Row:
    """The row of pieces set side by side: their segments merged where they overlap."""
    merged: list[list[float]] = []
    for a, z, words in sorted(s for p in pieces for s in p.segments):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], z)
            merged[-1][2] += words
        else:
            merged.append([a, z, words])
    return _Row(
        y0=min(p.y0 for p in pieces),
        y1=max(p.y1 for p in pieces),
        height=_median_height(pieces),
        segments=tuple((m[0], m[1]) for m in merged),
        words=tuple(m[2] for m in merged),
        numbers=sum(p.numbers for p in pieces),
        years=sum(p.years for p in pieces),
        final=max(pieces, key=lambda p: p.segments[-1][1]).final,
        tokens=sum(p.tokens for p in pieces),
        trailing=max(pieces, key=lambda p: p.segments[-1][1]).trailing,
        entries=sum(p.entries for p in pieces),
        led=sum(1 for p in pieces if p.led),
        page_numbers=any(p.led for p in pieces) and all(p.page_number for p in pieces if p.led),
    )


def _median_height(pieces: Sequence[_Piece]) -> float:
    """``statistics.median`` of the pieces' heights, without its checks (a row is made for every
    row of every page that may hold a table)."""
    heights = sorted(p.y1 - p.y0 for p in pieces)
    k = len(heights) // 2
    return heights[k] if len(heights) % 2 else (heights[k - 1] + heights[k]) / 2


def _apart(segments: Sequence[tuple[float, float, float]]) -> bool:
    """Segments left to right, none touching the next (as a line cut at its gaps has them)."""
    if len(segments) <= 1:
        return bool(segments) and segments[0][0] <= segments[0][1]
    return all(a <= z for a, z, _ in segments) and all(
        segments[k][1] < segments[k + 1][0] for k in range(len(segments) - 1)
    )


def _one_piece_row(p: _Piece) -> _Row:
    """:func:`_make_row` of a row of one piece (most rows) whose segments are :func:`_apart`:
    nothing to merge, the piece's figures are the row's."""
    segments = p.segments
    return _Row(
        y0=p.y0,
        y1=p.y1,
        height=p.y1 - p.y0,
        segments=tuple((a, z) for a, z, _ in segments),
        words=tuple(w for _, _, w in segments),
        numbers=p.numbers,
        years=p.years,
        final=p.final,
        tokens=p.tokens,
        trailing=p.trailing,
        entries=p.entries,
        led=1 if p.led else 0,
        page_numbers=p.led and p.page_number,
    )


def _whitespace(rivers: list[tuple[float, float]], row: _Row, min_width: float) -> list[tuple[float, float]]:
    """The parts of ``rivers`` that no segment of ``row`` covers, at least ``min_width`` wide.

    A row's segments run left to right without touching (see :func:`_make_row`), so one sweep
    per river finds them: the blank left of each segment, then what is left right of the last.
    (This runs for every row a run goes on over, from every row a run may start at.)"""
    out: list[tuple[float, float]] = []
    segments = row.segments
    for a, z in rivers:
        start = a
        for s0, s1 in segments:
            if s1 <= start:
                continue
            if s0 >= z:
                break
            if s0 > start and s0 - start >= min_width:
                out.append((start, s0))
            start = s1
            if start >= z:
                break
        if start < z and z - start >= min_width:
            out.append((start, z))
    return out


def _row_rivers(row: _Row, min_width: float) -> list[tuple[float, float]]:
    segs = row.segments
    return [(segs[k][1], segs[k + 1][0]) for k in range(len(segs) - 1) if segs[k + 1][0] - segs[k][1] >= min_width]


def text_regions(lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[Box]:
    """Runs of table-like rows, column by column on multi-column pages; and lines the text
    extractor joined over several rows that gaps cut into columns."""
    if not gaps and not _may_hold_rows(lines):
        return []
    out: list[Box] = _stacked_rows(lines, gaps)
    if _plain_text(lines, gaps):
        return out
    pieces = line_pieces(lines, gaps)
    for column in _split(pieces, _gutters(pieces)):
        if _may_start_run(column):
            out.extend(_runs(_rows(column)))
    return out


def _may_start_run(pieces: Sequence[_Piece]) -> bool:
    """False when no row of these pieces can start a run (:func:`_runs` would find none): each
    row is one piece (no two overlap as :func:`_rows` joins them), in one segment, and not
    figures. Most columns of running text, told without building their rows."""
    items = sorted(pieces, key=lambda p: (p.y0 + p.y1) / 2)
    for p in items:
        if len(p.segments) != 1 or _figures(p.led, p.numbers, p.trailing, p.tokens):
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


def _runs(rows: Sequence[_Row], *, reuse: bool = True) -> list[Box]:
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
    while i < len(rows):
        first = rows[i]
        if not (first.gapped or first.numeric) or first.prose:
            i += 1
            continue
        rivers = _row_rivers(first, max(2.0, MIN_RIVER * first.height)) if first.gapped else None
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
                break
            if nxt.numeric:
                # A row of figures never ends a run; its gaps, when known, refine the rivers
                # (they may be missing: figures set as one run of text show none).
                if nxt.gapped:
                    kept = _whitespace(rivers, nxt, max(2.0, MIN_RIVER * h)) if rivers else _row_rivers(nxt, h)
                    rivers = kept or rivers
            elif rivers:
                kept = _whitespace(rivers, nxt, max(2.0, MIN_RIVER * h))
                if not kept:
                    asked = len(arrivals) - 1
                    if not _crossed_once(rows, j, run, rivers):
                        break
                    kept = rivers  # one row across the river: a label and value set as one text
                rivers = kept
            elif nxt.gapped:
                rivers = _row_rivers(nxt, max(2.0, MIN_RIVER * h)) or None
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
        box = _run_box(run, rivers) if _is_table_run(run, rivers) else None
        if box is not None:
            headed = run[0] if run[0].gapped and not run[0].numeric else None  # its column headings
            out.append(_with_header(box, rows[max(0, i - MAX_HEADER_ROWS - 2) : i], headed=headed))
            i = i + len(run)
        else:
            i += 1
    return out


def _crossed_once(rows: Sequence[_Row], j: int, run: Sequence[_Row], rivers: list[tuple[float, float]]) -> bool:
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
        and bool(_whitespace(rivers, below, MIN_GAP * h))
    )


#: Label rows (wrapped labels, headings, notes) a run of figures may hold in a row.
MAX_LABEL_ROWS = 3
#: A label row inside a run of figures ends left of this share of the run's width.
LABEL_EXTENT = 0.8
#: Words of a heading over a group of columns.
HEADING_WORDS = 4


def _labels_then_figures(rows: Sequence[_Row], j: int, run: Sequence[_Row]) -> int:
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


def _with_header(box: Box, above: Sequence[_Row], *, headed: _Row | None = None) -> Box:
    """Grow ``box`` upwards over header rows: rows just above with two or more segments inside
    its width (column headings), none of them running text, and short headings between them and
    the table (a section heading under the column headings) or above them over the columns
    (a heading over a group of columns, standing over column headings; ``headed``: the box's
    first row, when it holds column headings already). A heading wider than its column's
    cells may reach past the body's edge by a few line heights (``Grade`` over a column of
    letters): the box grows sideways to hold it."""
    y0, x0, x1 = box.y0, box.x0, box.x1
    pending: list[_Row] = []
    found = headed
    for row in reversed(above):
        top = pending[-1].y0 if pending else y0
        if top - row.y1 > MAX_ROW_GAP * max(row.height, 1.0):
            break
        reach = max(JOIN_TOL, HEADING_OVERHANG * row.height)
        inside = [
            (s0, s1, w)
            for (s0, s1), w in zip(row.segments, row.words)
            if box.x0 - reach <= s0 and s1 <= box.x1 + reach and s0 < box.x1 and s1 > box.x0
        ]
        words = [w for _, _, w in inside]
        outside = len(row.segments) - len(inside)
        if outside > 1 or (outside and sum(row.words) - sum(words) > 1) or not inside or max(words) >= PROSE_WORDS:
            break
        if row.led or row.numbers - row.years >= 2:
            break  # a row of figures: the table above this one, not headings
        if len(inside) >= 2:
            y0 = row.y0
            x0, x1 = min(x0, inside[0][0]), max(x1, inside[-1][1])
            pending.clear()
            found = row
            continue
        a, z = row.segments[0][0], row.segments[-1][1]
        over = found is not None and not pending and any(s0 < z and s1 > a for s0, s1 in found.segments[1:])
        if (
            sum(words) <= HEADING_WORDS
            and top - row.y1 <= row.height
            # over the columns of figures (a title above the table is centred over all of it,
            # in the blank between the headings of the first column and of the others)
            and a > box.x0 + (0.25 if over else 0.5) * box.width
        ):
            y0 = row.y0
            continue
        if len(pending) >= 2:
            break
        pending.append(row)
    return Box(x0, y0, x1, box.y1)


#: A column heading may reach this many line heights past the body's side.
HEADING_OVERHANG = 3.0


def _prose_row(row: _Row, run: Sequence[_Row]) -> bool:
    """A line of running text (ends a run of figures)."""
    width = max(r.segments[-1][1] for r in run) - min(r.segments[0][0] for r in run)
    return sum(row.words) >= PROSE_WORDS and row.segments[-1][1] - row.segments[0][0] >= 0.5 * width


def _is_table_run(run: Sequence[_Row], rivers: Sequence[tuple[float, float]] | None) -> bool:
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
        if prose >= PROSE_SHARE:
            return False
        if rivers is not None and len(rivers) == 1 and _two_text_columns(gapped, rivers[0]):
            return False
    return True


def _contents(run: Sequence[_Row]) -> bool:
    """A table of contents without leaders: most rows end with a plain number (not a year),
    the numbers going up the page on, and no row holds more than a section number besides."""
    finals = [r.final for r in run if r.final is not None]
    if len(finals) < MIN_ROWS or len(finals) < 0.7 * len(run) or any(r.numbers > 2 for r in run):
        return False
    if all(1900 <= f <= 2099 for f in finals):
        return False  # years, not pages
    return all(a <= b for a, b in itertools.pairwise(finals)) and finals[-1] > finals[0]


def _two_text_columns(rows: Sequence[_Row], river: tuple[float, float]) -> bool:
    """Two columns that are not a label and a value: a marker and a paragraph (a list,
    footnotes), or text beside text of about the same width (an index or glossary set in two
    columns)."""
    cut = (river[0] + river[1]) / 2
    left = [(s1 - s0, w) for r in rows for (s0, s1), w in zip(r.segments, r.words) if s1 <= cut]
    right = [(s1 - s0, w) for r in rows for (s0, s1), w in zip(r.segments, r.words) if s0 >= cut]
    if not left or not right:
        return False
    if statistics.median(w for _, w in right) >= PROSE_WORDS / 2:
        return True
    texts = all(statistics.median(w for _, w in side) >= 1 for side in (left, right))
    widths = max(w for w, _ in left), max(w for w, _ in right)
    return texts and min(widths) >= SAME_WIDTH * max(widths)


def _run_box(run: Sequence[_Row], rivers: Sequence[tuple[float, float]] | None) -> Box | None:
    """The run's box, without a column of running text at either side (a text column beside a
    chart or a table); None when fewer than two columns are left."""
    x0 = min(r.segments[0][0] for r in run)
    x1 = max(r.segments[-1][1] for r in run)
    cuts = _blanks(run)
    if cuts:
        columns = len(cuts) + 1
        if _prose_column(run, x0, cuts[0][0]):
            x0, cuts, columns = cuts[0][1], cuts[1:], columns - 1
        if cuts and _prose_column(run, cuts[-1][1], x1):
            x1, columns = cuts[-1][0], columns - 1
        if columns < 2:
            return None
    return Box(x0, run[0].y0, x1, run[-1].y1)


def _blanks(run: Sequence[_Row]) -> list[tuple[float, float]]:
    """x-ranges no segment of the run covers (between its first and last segment)."""
    spans = sorted(seg for r in run for seg in r.segments)
    out: list[tuple[float, float]] = []
    end = spans[0][1]
    for a, z in spans[1:]:
        if a - end >= 2.0:
            out.append((end, a))
        end = max(end, z)
    return out


def _prose_column(run: Sequence[_Row], a: float, z: float) -> bool:
    words = [w for r in run for (s0, s1), w in zip(r.segments, r.words) if a <= (s0 + s1) / 2 <= z]
    return len(words) >= MIN_ROWS and sum(1 for w in words if w >= PROSE_COLUMN_WORDS) >= PROSE_SHARE * len(words)
