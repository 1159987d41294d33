"""Lines of a page cut into pieces at the gaps inside them, and what each piece holds.

A piece is a text line, or its part in one page column: its y-range, its segments (cut at the
gaps wide enough to part cells) with the words of text each holds, and its figures (numbers,
years, dot leaders to closing figures, index entries, a closing page number). A row or line
of figures (:func:`figures`) does not read like prose. :func:`plain_text` tells a page where
no table-like row can start without cutting its lines. All geometry is page space (points,
top-left origin). Rows are built from pieces in :mod:`pdfcore.services.text_rows`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from attrs import define

from pdfcore.models import Box, TextLine

#: Boxes closer than this (points) are taken to touch (rules; the edges of lines and runs).
JOIN_TOL = 3.0
#: A gap inside a line separates cells when it is at least this many line heights wide (a
#: space of a monospaced font is about 0.8).
MIN_GAP = 1.0
#: Numbers a row needs to count as a row of figures.
MIN_NUMBERS = 3
#: A segment with this many words is running text, not a cell.
PROSE_WORDS = 6


def figures(led: int, numbers: float, trailing: int, tokens: float) -> bool:
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


#: Pieces are made for every line of every page that may hold a table, and never changed
#: once made: a plain slotted class (a frozen one's fields cost twice as much to set).
@define
class Piece:
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
    #: The line opens with a label word and its colon set apart from the rest ("Source:" and a
    #: tab): a note's head when it follows a table's figures.
    labelled: bool = False
    #: The line is set in a bold face from its first character to its last.
    bold: bool = False
    #: The line's font size (points; 0 when unknown).
    size: float = 0.0
    #: Its first segment is set in bold (the line bold throughout, or its bold lead-in as long
    #: as that segment: a wine's name in bold, its tasting note beside it).
    bold_first: bool = False


def line_pieces(lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[Piece]:
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


def _piece(ln: TextLine, cut: Sequence[Box]) -> Piece:
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
    return Piece(
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
        labelled=len(spans) > 1 and _LABEL.match(text) is not None,
        bold=ln.bold,
        size=ln.font_size or 0.0,
        bold_first=ln.bold or (bool(ln.lead) and _lead_covers(ln, spans[0])),
    )


def _lead_covers(ln: TextLine, span: tuple[float, float]) -> bool:
    """The line's bold lead-in holds the words of its first segment ``span`` (the segment's
    share of the line's width, in characters, less one word's slack)."""
    width = ln.bbox.width
    if width <= 0:
        return False
    share = (span[1] - span[0]) / width
    return len(ln.lead) >= share * len(ln.text) - LEAD_SLACK


#: Characters a bold lead-in may fall short of its segment's estimated length.
LEAD_SLACK = 6


def _leaders(text: str) -> re.Match[str] | None:
    """The line's dot leaders to its closing figures ("Revenue . . . . 2,014"), if any."""
    return _LED.search(text) if (". ." in text or "..." in text) else None


def _closing_figures(text: str) -> int:
    """Numbers (and placeholders) closing the line (see :func:`_trailing_numbers`)."""
    return _trailing_numbers(text.rsplit(None, MIN_NUMBERS + 2))


def _line_of_figures(text: str) -> bool:
    """:func:`figures` of a line's text taken whole (what :func:`_piece` counts for it)."""
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
    return figures(0, numbers, _closing_figures(text), len(_TOKEN.findall(text)))


def plain_text(lines: Sequence[TextLine], gaps: Sequence[Box]) -> bool:
    """True when no run of table-like rows can start anywhere on the page
    (:func:`pdfcore.services.text_runs._runs` would find none in any column): no line is cut at
    a gap, no line is figures, and no two lines overlap vertically. Most pages of running text, told without cutting every line
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
#: A line opening with a word and its colon ("Source:", "Notes:"), more after it.
_LABEL = re.compile(r"[^\W\d_][^\s:]*:\s+\S")
#: An index entry's page: a word, its comma, a number ("piracy, 64", "Barlow, Joel, 8",
#: "Abel, 12 ix"); a quantity after a comma, its number followed by a word in lower case not
#: a roman numeral ("the way you came, 18 km"), is none.
_ENTRY = re.compile(r"[^\W\d_],\s*\d(?![\d.,]*\s+(?![ivxlcdm]+\b)[^\W\d_A-Z])")
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
