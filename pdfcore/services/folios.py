"""Page numbers and the blocks at a page's edges: a page number read on the page alone (see
:func:`lone_page_numbers`), the numbers a line may hold as its page's, and the blocks standing
at the top and the foot of a page, from the edge inwards (see :func:`blocks_from_edge`), which
:mod:`pdfcore.services.furniture` learns running heads and feet from."""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence

from pdfcore.models import TextLine

#: Share of the page height at the top and at the bottom where running heads and feet live.
EDGE_ZONE = 0.15
#: Rows from each edge inwards that can be furniture, taken in whole blocks: lines set apart
#: from the next ones by a gap of more than GAP_FACTOR line heights.
EDGE_LINES = 4
GAP_FACTOR = 0.8

#: A page number sits at the start or the end of a line at most this long.
MAX_FOLIO_CHARS = 80

#: A line that is a page number and nothing else (see lone_page_numbers).
#: A page number with a part's letter before it (a filing's financial pages "F-3", an
#: appendix's "A-12"): the number after the letter.
_LETTERED = r"[A-Z]{1,2}\s?[-–]\s?(\d{1,4})"
_LETTER_FOLIO = re.compile(_LETTERED)
LONE_FOLIO = re.compile(
    rf"(?:(?:page|p\.)\s*)?[-–—]?\s*\d{{1,4}}\s*[-–—]?(?:\s*(?:/|of)\s*\d{{1,4}})?|(?-i:{_LETTERED})",
    re.IGNORECASE,
)
#: A page's own number after the publication's name, a separator or "page" between: "The
#: Millbrook Messenger · Page 2", "Annual Report 2023 | 14" (see lone_page_numbers).
_TITLED_FOLIO = re.compile(
    r"(?P<title>[^\W\d_][^.!?:;]{1,58}?)\s*(?:[·•|–—]\s*(?:(?:page|p\.)\s*)?|(?:page|p\.)\s*)(?P<n>\d{1,4})"
    # or a name holding a separator, then a space: "Halden Instruments plc | Annual Report 2023 1"
    r"|(?P<named>[^\W\d_][^.!?:;·•|–—]{0,58}[·•|–—][^.!?:;]{1,58}?)\s+(?P<m>\d{1,4})",
    re.IGNORECASE,
)
#: A page number standing alone is centred (its centre within this share of the width of the
#: page's middle) or in an outer quarter of the width.
CENTRED = 0.12
#: ...or a front matter's page number in lowercase roman numerals ("xiii"), alone or beside
#: its part's name in capitals ("xiv PREFACE", "PREFACE xv").
_LONE_ROMAN = re.compile(r"[-–—]?\s*(?=[ivxlc])m{0,3}(?:c[md]|d?c{0,3})(?:x[cl]|l?x{0,3})(?:i[xv]|v?i{0,3})\s*[-–—]?")
#: A lone page number is set at most this much larger than the page's usual text, on a page
#: at least this many points wide and high.
FOLIO_SIZE = 1.2
FOLIO_PAGE = 300.0

_ROMAN_NUMERAL = r"(?=[ivxlc])m{0,3}(?:c[md]|d?c{0,3})(?:x[cl]|l?x{0,3})(?:i[xv]|v?i{0,3})"
_ROMAN_FOLIO_LINE = re.compile(
    rf"{_ROMAN_NUMERAL}\s+[A-Z][A-Z’'&,\- ]{{2,40}}|[A-Z][A-Z’'&,\- ]{{2,40}}\s+{_ROMAN_NUMERAL}"
)
_DIGITS = re.compile(r"\d+")
_NUMBER = re.compile(r"(?<![\w.,/-])\d{1,4}(?![\w.,/-]|[.,]\d)")


def lone_page_numbers(lines: Sequence[TextLine], height: float, width: float, number: int = 0) -> list[TextLine]:
    """Page numbers found on the page alone: a line that is only a number (``7``, ``- 7 -``,
    ``Page 7``, ``7 of 12``, a front matter's ``xiii`` or ``xiv PREFACE``), or the page's own
    ``number`` (1-based; 0: none) after the publication's name (``The Millbrook Messenger ·
    Page 2``, see _TITLED_FOLIO), not set larger than the page's text, alone as the outermost block
    at the top or the bottom of the page (in the EDGE_ZONE, nothing beyond it, a gap before the
    next line in), centred or in an outer quarter of the width, on a page of at least
    FOLIO_PAGE points each way (not a chart's top tick on a figure-sized page). Documents too
    short for a profile, or whose numbers do not keep step with their pages, have them too. The
    page's own number alone and centred at the foot may stand higher, in the OWN_FOLIO_ZONE (a
    LaTeX article's on A4 paper, a sixth of the page over its edge)."""
    if min(height, width) < FOLIO_PAGE or len(lines) < 2:
        return []
    top_edge, foot_edge = EDGE_ZONE * height, (1 - EDGE_ZONE) * height
    own_edge = (1 - OWN_FOLIO_ZONE) * height
    if not any(
        ((ln.bbox.y1 <= top_edge or ln.bbox.y0 >= foot_edge) and _folio_line(ln.text.strip(), number))
        or (ln.bbox.y0 >= own_edge and _own_folio(ln.text.strip(), number))
        for ln in lines
    ):
        return []  # the common case: no line at an edge reads as a page number
    usual = -1.0  # the page's usual size, found when a line is a candidate
    out: list[TextLine] = []
    for top in (True, False):
        ordered = sorted(lines, key=TOP) if top else sorted(lines, key=BOTTOM, reverse=True)
        blocks = blocks_from_edge(ordered, top=top)
        if len(blocks) < 2 or len(blocks[0][0]) != 1:
            continue  # the page's only block, or more than one line at the edge
        ln = blocks[0][0][0]
        inside = ln.bbox.y1 <= top_edge if top else ln.bbox.y0 >= foot_edge
        centre = (ln.bbox.x0 + ln.bbox.x1) / 2 / width
        placed = abs(centre - 0.5) <= CENTRED or centre <= 0.25 or centre >= 0.75
        if not top and not inside and ln.bbox.y0 >= own_edge and abs(centre - 0.5) <= CENTRED:
            inside = _own_folio(ln.text.strip(), number)
        if not (inside and placed):
            continue
        if _folio_line(ln.text.strip(), number):
            if usual < 0:
                sizes = sorted(x.font_size for x in lines if x.font_size > 0)
                usual = sizes[len(sizes) // 2] if sizes else 0.0
            if not usual or ln.font_size <= FOLIO_SIZE * usual:
                out.append(ln)
    return out


#: The page's own number, alone and centred, stands in this share of the page's height at its
#: foot (see lone_page_numbers).
OWN_FOLIO_ZONE = 0.25


def _own_folio(text: str, number: int) -> bool:
    """The text is the page's own ``number`` (1-based) alone: ``3``, ``- 3 -``, ``Page 3``,
    ``3 of 12``."""
    if number <= 0 or LONE_FOLIO.fullmatch(text) is None:
        return False
    first = _DIGITS.search(text)
    return first is not None and int(first.group()) == number


def _folio_line(text: str, number: int = 0) -> bool:
    """The text reads as a page number (see lone_page_numbers): alone, or the page's own
    ``number`` after a name."""
    if LONE_FOLIO.fullmatch(text) or _LONE_ROMAN.fullmatch(text) or _ROMAN_FOLIO_LINE.fullmatch(text):
        return True
    m = _TITLED_FOLIO.fullmatch(text) if number else None
    return m is not None and int(m.group("n") or m.group("m")) == number


TOP = operator.attrgetter("bbox.y0")
BOTTOM = operator.attrgetter("bbox.y1")


def blocks_from_edge(ordered: list[TextLine], *, top: bool) -> list[tuple[list[TextLine], int]]:
    """The first blocks from the edge inwards, with their row counts (lines side by side on one
    row are one row); a gap wider than GAP_FACTOR line heights ends a block. Stops once more
    than EDGE_LINES rows are seen."""
    out: list[tuple[list[TextLine], int]] = []
    block: list[TextLine] = []
    rows = seen = 0
    for ln in ordered:
        if block:
            a, b = block[-1].bbox, ln.bbox
            gap = b.y0 - a.y1 if top else a.y0 - b.y1
            h = max(a.height, b.height, 1.0)
            if gap < -0.5 * h:  # on the same row as the line before
                block.append(ln)
                continue
            if gap > GAP_FACTOR * h:
                out.append((block, rows))
                block, rows = [], 0
        block.append(ln)
        rows += 1
        seen += 1
        if seen > EDGE_LINES:
            break
    if block:
        out.append((block, rows))
    return out


def folio_numbers(text: str) -> set[int]:
    """Numbers that may be a page number: at the start or the end of a short line."""
    t = text.strip()
    if len(t) > MAX_FOLIO_CHARS:
        return set()
    lettered = _LETTER_FOLIO.fullmatch(t)
    if lettered:
        return {int(lettered.group(1))}
    found = list(_NUMBER.finditer(t))
    return {int(m.group()) for m in found if m.start() == 0 or m.end() == len(t)}
