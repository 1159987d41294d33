"""Page furniture: running heads and feet, page numbers, and line numbers in the margin.

Running heads and feet are a property of the document, not of one page: a line is one because
the same text (page numbers allowed to change) sits at the same place at the top or bottom of
many pages. So they are learnt once per document, from a fixed sample of its pages
(:func:`sample_indexes`), into a :class:`FurnitureProfile`; every page is then finished with
that profile (:func:`apply`). The sample depends only on the page count, and learning is a pure
function of the sample's lines, so a page gets the same result whether it is read alone, in a
batch, first or last, in this process or after a restart: consistency needs no stored state.

Candidates are the lines standing apart at the top and the bottom of a page (whole blocks up to
EDGE_LINES rows in the EDGE_ZONE, see :func:`_edges`). A profile holds edge patterns, each for
the top or the bottom zone of the page at a position:

- ``text``: the same line, digits aside ("Page 3 of 10" ~ "Page 4 of 10"), on MIN_REPEAT or more
  sample pages, or on both pages of a document of two (a short paper's authors and title over
  each page; a line holding a letter, on two pages that are no copies of one another), or atop
  the second and third pages of a document of three (its first bearing the title);
- ``number``: a short line starting or ending with the printed page number ("INTRODUCTION 5",
  "6 FREE CULTURE") on MIN_REPEAT or more sample pages, with the same offset between printed
  number and page index on MIN_STEADY_PAIRS pairs of facing sample pages: this catches running
  heads whose words change with the chapter. The
  offset may drift through a document (unnumbered plates, restarts): a page's number is accepted
  within NUMBER_SLACK of a sample page's offset, plus NUMBER_DRIFT per page of distance to it;
- ``label``: a line carrying the page's own label (``/PageLabels``, e.g. roman numerals);
- ``place``: one short line at the top, set smaller than the page's text and standing apart from
  it (see :func:`_head_line`), at the same size and place on MIN_REPEAT sample pages or more, or
  on every page but one of a document of MIN_REPEAT pages: a running head whose words change
  with the section and carry no page number (``City of Halbrook   Open Budget Data``), or a
  document too short to repeat its head three times (its first page bearing the title);
- ``number`` in the ``end`` zone, at no fixed place: the page's last line, a lone page number
  standing apart under the text, centred, keeping step with the pages as above (a document whose
  pages end where their text ends, the number right under it: a web page printed to PDF).

A page number standing alone at the top or the foot of a page (the outermost block there, a
line that is only a number or the page's own number after a name) is furniture on any page
(:func:`lone_page_numbers`): short documents have them too. A document of one or two pages has
its running head found on each page alone: one short line at the top set smaller than the text
and standing apart from it (:func:`lone_running_head`).

A stamp set sideways in the page's outer margin, clear of its text (an arXiv identifier up the
left edge, a proof's printing stamp), is furniture on any page (:func:`margin_stamps`).

Line numbers (legal and draft documents) are found on each page alone: a column of small
integers sharing an edge in the left margin, counting up by a steady step (every line, or
every 5th...), long enough not to be a table's row numbers (:mod:`pdfcore.services.line_numbers`).

Nothing is lost silently: what :func:`apply` takes out of the text (mode "strip") or leaves in
(mode "flag") is listed in ``PageText.furniture`` and named by a warning code
(``running_heads_stripped`` / ``line_numbers_stripped`` / ``margin_stamps_stripped``, or
``running_heads_flagged`` / ``line_numbers_flagged`` / ``margin_stamps_flagged``).
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from collections.abc import Sequence

from attrs import evolve, frozen

from pdfcore.models import Box, DocumentFacts, PageText, TextLine
from pdfcore.services.folios import (
    BOTTOM,
    CENTRED,
    EDGE_LINES,
    EDGE_ZONE,
    FOLIO_PAGE,
    LONE_FOLIO,
    TOP,
    blocks_from_edge,
    folio_numbers,
    lone_page_numbers,
)
from pdfcore.services.line_numbers import line_numbers
from pdfcore.services.margin_stamps import margin_stamps

#: Documents of up to this many pages are sampled whole; longer ones by SAMPLE_PAIRS pairs of
#: facing pages spread through the document (pairs, so both left and right pages are seen).
SAMPLE_ALL = 10
SAMPLE_PAIRS = 5
#: Sample pages a pattern must be seen on, its places down the page at most this many line
#: heights apart: the same text a line deep (left and right pages set it a few points apart),
#: a number half a line.
MIN_REPEAT = 3
#: A document of two pages has its running heads and feet learnt from both: the same text at
#: the same place on each (see the module docstring), unless the two pages are copies of one
#: (COPIES of their lines the same: an invoice's original and its copy).
TWO_PAGES = 2
COPIES = 0.5
TEXT_SPREAD = 1.0
NUMBER_SPREAD = 0.5
#: Longer lines are text, not furniture ...
MAX_FURNITURE_CHARS = 120
#: ... unless the same text stands at the same place on MIN_REPEAT sample pages or more (a
#: printing stamp, a copyright notice at every page's foot): up to this long, as text repeated
#: only (never as a page number's or a page label's line).
MAX_REPEATED_CHARS = 400
#: How far a page number may stray from the offsets seen on the sample pages: a constant, plus
#: a share of the distance (in pages) to the sample page.
NUMBER_SLACK = 1
NUMBER_DRIFT = 0.25
#: Pairs of facing sample pages whose numbers must keep the same offset.
MIN_STEADY_PAIRS = 2

STRIP = "strip"
FLAG = "flag"

_DIGITS = re.compile(r"\d+")
#: A running head found on a page alone (see lone_running_head): set at most this share of
#: the page's usual text size, at most this long, this many line heights above the next line.
HEAD_SIZE = 0.9
MIN_HEAD_SIZE = 0.5
MAX_HEAD_CHARS = 80
HEAD_GAP = 1.5
_ROMAN = re.compile(r"[ivxlcdm]+", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


@frozen
class EdgePattern:
    """Where a running head or foot sits, and how it is recognised (see the module docstring)."""

    zone: str  # "top" | "bottom" | "end" (the page's last line, wherever it is)
    #: Vertical centre of the line, page space, and how far a match may be from it.
    y: float
    tolerance: float
    kind: str  # "text" | "number" | "label" | "place"
    #: The normalised text (digits as '#') for "text"; the type size for "place".
    text: str = ""
    #: For "number": (sample page index, printed number minus index) as observed.
    offsets: tuple[tuple[int, int], ...] = ()


@frozen
class FurnitureProfile:
    patterns: tuple[EdgePattern, ...] = ()


NO_FURNITURE = FurnitureProfile()


def _copies(a: PageText, b: PageText) -> bool:
    """Pages ``a`` and ``b`` print mostly the same lines (COPIES of the fewer's, digits aside)."""
    first, second = ({normalise(ln.text) for ln in p.lines} for p in (a, b))
    fewer = min(len(first), len(second))
    return fewer > 0 and len(first & second) >= COPIES * fewer


def sample_indexes(page_count: int) -> list[int]:
    """0-based pages a document's profile is learnt from: a function of the page count only."""
    if page_count < TWO_PAGES:
        return []
    if page_count <= SAMPLE_ALL:
        return list(range(page_count))
    picks: set[int] = set()
    for k in range(SAMPLE_PAIRS):
        first = (2 * k + 1) * page_count // (2 * SAMPLE_PAIRS)
        first = min(first, page_count - 2)
        picks.update((first, first + 1))
    return sorted(picks)


def learn(pages: Sequence[PageText], facts: DocumentFacts) -> FurnitureProfile:
    """The document's running heads and feet, from its sample pages' raw lines (control
    characters taken out: see :func:`pdfcore.services.profile.learn_profile`)."""
    if len(pages) < TWO_PAGES or (len(pages) == TWO_PAGES and _copies(*pages)):
        return NO_FURNITURE
    seen: dict[tuple[str, str, str], list[tuple[int, float, float]]] = defaultdict(list)
    numbers: dict[tuple[int, float], set[int]] = {}  # (page, y) -> offsets of its numbers
    for page in pages:
        label = _label(facts, page.index)
        head = _head_line(page.lines, _height(page, facts), _width(page, facts), PLACE_SIZE, page.gaps)
        if head is not None:
            seen[("top", "place", f"{head.font_size:.1f}")].append(
                (page.index, (head.bbox.y0 + head.bbox.y1) / 2, head.bbox.height)
            )
        height = _height(page, facts)
        for zone, ln in _edges(page.lines, height):
            y = _place(zone, ln, height)
            h = ln.bbox.y1 - ln.bbox.y0
            seen[(zone, "text", normalise(ln.text))].append((page.index, y, h))
            if len(ln.text) > MAX_FURNITURE_CHARS:
                continue  # (long: as the same text repeated only)
            found = folio_numbers(ln.text)
            if found:
                seen[(zone, "number", "")].append((page.index, y, h))
                numbers[(page.index, y)] = {n - page.index for n in found}
            if label and label in _tokens(ln.text):
                seen[(zone, "label", "")].append((page.index, y, h))
        last = _last_folio(page.lines, _width(page, facts))
        if last is not None:
            y = (last.bbox.y0 + last.bbox.y1) / 2
            seen[("end", "number", "")].append((page.index, y, 0.0))
            numbers[(page.index, y)] = {n - page.index for n in folio_numbers(last.text)}
    patterns: list[EdgePattern] = []
    for (zone, kind, key), hits in sorted(seen.items()):
        if zone == "end":
            ends = tuple(sorted({(i, o) for i, yy, _ in hits for o in numbers[(i, yy)]}))
            if len({i for i, _, _ in hits}) >= MIN_REPEAT and _steady_pairs(ends) >= MIN_STEADY_PAIRS:
                patterns.append(EdgePattern(zone=zone, y=0.0, tolerance=0.0, kind=kind, offsets=ends))
            continue
        # (a document of MIN_REPEAT pages opens with its title, not its head: all pages but one;
        # one of two pages repeats its text on both)
        least = MIN_REPEAT
        if kind == "place":
            least = max(TWO_PAGES, min(MIN_REPEAT, len(pages) - 1))
        elif kind == "text":
            least = min(MIN_REPEAT, len(pages))
            if len(pages) < MIN_REPEAT and not any(c.isalpha() for c in key):
                continue  # a number atop each of two pages: an account's, a form's, not a head
            if _over_all_but_the_first(zone, key, hits, pages):
                least = TWO_PAGES
        if len({i for i, _, _ in hits}) < least:
            continue
        cluster = _cluster(hits, TEXT_SPREAD if kind == "text" else NUMBER_SPREAD, least)
        if cluster is None:
            continue
        y, tolerance, members = cluster
        offsets: tuple[tuple[int, int], ...] = ()
        if kind == "number":
            offsets = tuple(sorted({(i, o) for i, yy, _ in members for o in numbers[(i, yy)]}))
            if _steady_pairs(offsets) < MIN_STEADY_PAIRS:
                continue  # numbers that do not keep step with the pages: not page numbers
        patterns.append(
            EdgePattern(zone=zone, y=round(y, 2), tolerance=round(tolerance, 2), kind=kind, text=key, offsets=offsets)
        )
    return FurnitureProfile(tuple(patterns))


def _over_all_but_the_first(
    zone: str, key: str, hits: Sequence[tuple[int, float, float]], pages: Sequence[PageText]
) -> bool:
    """A document of MIN_REPEAT pages whose first bears its title: the same words atop every
    other page, a short line (MAX_HEAD_CHARS at most), are its running head (``Harbour & Hale
    Removals  Quotation HH-26-0417``)."""
    return (
        zone == "top"
        and len(pages) == MIN_REPEAT
        and len(key) <= MAX_HEAD_CHARS
        and any(c.isalpha() for c in key)
        and {i for i, _, _ in hits} == {p.index for p in pages[1:]}
    )


def apply(page: PageText, facts: DocumentFacts, profile: FurnitureProfile | None, *, mode: str = STRIP) -> PageText:
    """Find the page's running heads/feet (by the profile) and line numbers; strip or flag them."""
    if not page.lines:
        return page
    heads = _running(page, facts, profile) if profile is not None and profile.patterns else []
    taken = {id(ln) for ln in heads}
    heads += lone_page_numbers(_rest(page.lines, taken), _height(page, facts), _width(page, facts), page.index + 1)
    if not heads:
        heads += _folio_over_break(page, _width(page, facts))
    if facts.page_count < MIN_REPEAT:
        # hidden text stays where it is (flagged), never in the furniture
        taken = {id(ln) for ln in heads} | {id(ln) for ln in page.lines if _hidden(ln, page)}
        heads += lone_running_head(_rest(page.lines, taken), _height(page, facts), _width(page, facts), page.gaps)
    taken = {id(ln) for ln in heads}
    numbers = line_numbers(_rest(page.lines, taken))
    taken.update(id(ln) for ln in numbers)
    stamps = margin_stamps(_rest(page.lines, taken), _width(page, facts))
    if not heads and not numbers and not stamps:
        return page
    taken.update(id(ln) for ln in stamps)
    found = sorted(heads + numbers + stamps, key=lambda ln: (ln.bbox.y0, ln.bbox.x0))
    verb = "stripped" if mode == STRIP else "flagged"
    codes = [f"running_heads_{verb}"] if heads else []
    codes += [f"line_numbers_{verb}"] if numbers else []
    codes += [f"margin_stamps_{verb}"] if stamps else []
    warnings = (*page.warnings, *(c for c in codes if c not in page.warnings))
    furniture = (*page.furniture, *(ln.text.strip() for ln in found))
    lines = tuple(ln for ln in page.lines if id(ln) not in taken) if mode == STRIP else page.lines
    return evolve(page, lines=lines, furniture=furniture, warnings=warnings)


def _rest(lines: Sequence[TextLine], taken: set[int]) -> Sequence[TextLine]:
    """``lines`` but those ``taken`` (by ``id``); ``lines`` itself when none is (most pages)."""
    return [ln for ln in lines if id(ln) not in taken] if taken else lines


def normalise(text: str) -> str:
    """Lowercase, single spaces, digit runs as '#', a lone roman numeral as '#'."""
    t = _SPACES.sub(" ", text.strip().lower())
    if _ROMAN.fullmatch(t) and len(t) <= 8:
        return "#"
    return _DIGITS.sub("#", t)


def lone_running_head(
    lines: Sequence[TextLine], height: float, width: float, gaps: Sequence[Box] = ()
) -> list[TextLine]:
    """The running head of a document too short to learn one (one or two pages): the line
    :func:`_head_line` finds, set at least MIN_HEAD_SIZE and at most HEAD_SIZE of the page's
    usual text, centred, in an outer quarter (``Official - Subject to Final Review`` over a
    transcript's first page) or flush with the text's left or right edge, or set out past it
    into the margin (``Castlegate Pharmacy | Services leaflet`` set right over a leaflet's
    second page). A title is set larger, not
    smaller; small print at the foot of a page is more often a note than a running foot, so the
    foot is left alone."""
    ln = _head_line(lines, height, width, HEAD_SIZE, gaps)
    if ln is None:
        return []
    centre = (ln.bbox.x0 + ln.bbox.x1) / 2 / width
    if abs(centre - 0.5) <= CENTRED or centre <= 0.25 or centre >= 0.75:
        return [ln]
    rest = [o.bbox for o in lines if o is not ln]
    left, right = min(b.x0 for b in rest), max(b.x1 for b in rest)
    # (or set out past it, into the margin: an italic head's first glyph a few points left)
    return [ln] if min(ln.bbox.x0 - left, right - ln.bbox.x1) <= FLUSH_SHARE * width else []


#: A lone running head this close to the text's left or right edge is flush with it (a share
#: of the page's width: a justified line's last glyph may stand a few points past the edge).
FLUSH_SHARE = 0.01


#: A running head known by its place (see the module docstring) is set at most this share of
#: the page's usual type size.
PLACE_SIZE = 0.95


def _head_line(
    lines: Sequence[TextLine], height: float, width: float, most: float, gaps: Sequence[Box] = ()
) -> TextLine | None:
    """The outermost block at the top of the page when it is one short line (MAX_HEAD_CHARS,
    as many times that as ``gaps``, the page's blanks inside lines, part it into pieces: a
    title at the left and the publisher at the right; not closing on punctuation) in the EDGE_ZONE, set at MIN_HEAD_SIZE to ``most`` of the page's
    usual text and standing apart (a gap of HEAD_GAP line heights at least before the next line
    in), on a page of at least FOLIO_PAGE points each way; None otherwise."""
    if min(height, width) < FOLIO_PAGE or len(lines) < 2:
        return None
    sizes = sorted(ln.font_size for ln in lines if ln.font_size > 0)
    if not sizes:
        return None
    usual = sizes[len(sizes) // 2]
    blocks = blocks_from_edge(sorted(lines, key=TOP), top=True)
    if len(blocks) < 2 or len(blocks[0][0]) != 1:
        return None
    ln, below = blocks[0][0][0], blocks[1][0][0]
    text = ln.text.strip()
    if (
        ln.bbox.y1 <= EDGE_ZONE * height
        and MIN_HEAD_SIZE * usual <= ln.font_size <= most * usual
        and len(text) <= MAX_HEAD_CHARS * min(1 + _blanks_in(ln, gaps), HEAD_PARTS)
        and not text.endswith((".", ",", ":", ";"))
        and below.bbox.y0 - ln.bbox.y1 >= HEAD_GAP * max(ln.bbox.height, 1.0)
    ):
        return ln
    return None


#: A running head is in this many pieces at most (left, centre and right).
HEAD_PARTS = 3


def _blanks_in(line: TextLine, gaps: Sequence[Box]) -> int:
    """How many of ``gaps`` lie inside ``line``."""
    b = line.bbox
    return sum(1 for g in gaps if b.x0 < g.x0 and g.x1 < b.x1 and b.y0 - 1.0 <= g.y0 and g.y1 <= b.y1 + 1.0)


# --------------------------------------------------------------------------------------------


def _running(page: PageText, facts: DocumentFacts, profile: FurnitureProfile) -> list[TextLine]:
    label = _label(facts, page.index)
    out: list[TextLine] = []
    head: TextLine | None = None
    if any(p.kind == "place" for p in profile.patterns):
        head = _head_line(page.lines, _height(page, facts), _width(page, facts), PLACE_SIZE, page.gaps)
    height = _height(page, facts)
    for zone, ln in _edges(page.lines, height):
        y = _place(zone, ln, height)
        norm: str | None = None
        for p in profile.patterns:
            if p.zone != zone or abs(y - p.y) > p.tolerance:
                continue
            if p.kind == "text":
                norm = normalise(ln.text) if norm is None else norm
                hit = norm == p.text
            elif p.kind == "place":
                hit = ln is head and f"{ln.font_size:.1f}" == p.text
            elif len(ln.text) > MAX_FURNITURE_CHARS:
                continue  # a long line is furniture as the same text repeated only
            elif p.kind == "number":
                hit = _folio(page.index, folio_numbers(ln.text), p.offsets)
            else:
                hit = bool(label) and label in _tokens(ln.text)
            if hit:
                out.append(ln)
                break
    ends = [p for p in profile.patterns if p.zone == "end"]
    if ends:
        last = _last_folio(page.lines, _width(page, facts))
        if last is not None and all(ln is not last for ln in out):
            numbers = folio_numbers(last.text)
            if any(_folio(page.index, numbers, p.offsets) for p in ends):
                out.append(last)
    return out


def _last_folio(lines: Sequence[TextLine], width: float) -> TextLine | None:
    """The page's last line when it reads as a lone page number (see lone_page_numbers), stands
    apart under the rest (a block of its own) and is centred: a page number right under the
    text of a page that ends where its text does."""
    if len(lines) < 2 or width <= 0:
        return None
    blocks = blocks_from_edge(sorted(lines, key=BOTTOM, reverse=True), top=False)
    if len(blocks) < 2 or len(blocks[0][0]) != 1:
        return None
    ln = blocks[0][0][0]
    if abs((ln.bbox.x0 + ln.bbox.x1) / 2 / width - 0.5) > CENTRED or not LONE_FOLIO.fullmatch(ln.text.strip()):
        return None
    return ln


#: A page break drawn as a rule under a page number: at most this many of the number's line
#: heights under it, across this share of the page's width or more.
BREAK_LINES = 3.0
BREAK_WIDTH = 0.5


def _folio_over_break(page: PageText, width: float) -> list[TextLine]:
    """The page number over a page break drawn as a rule, wherever on the page (a filing
    written as one web page and printed: each of its pages ends with its number centred over a
    rule, and the sheet it is printed on goes on blank or with the next page's start): the
    page's last line as :func:`_last_folio` reads it, a number no greater than the sheet's own,
    with a rule under it across half the page or more, at most BREAK_LINES lines under it."""
    last = _last_folio(page.lines, width) if page.rules else None
    if last is None or not any(1 <= n <= page.index + 1 for n in folio_numbers(last.text)):
        return []
    reach = BREAK_LINES * max(last.bbox.y1 - last.bbox.y0, 1.0)
    for r in page.rules:
        if r.x1 - r.x0 >= BREAK_WIDTH * width and 0 <= r.y0 - last.bbox.y1 <= reach:
            return [last]
    return []


def _edges(lines: Sequence[TextLine], height: float) -> list[tuple[str, TextLine]]:
    """Candidate lines at the top and at the bottom of a page, from the edge inwards: whole
    blocks (lines up to a paragraph-sized gap) in the EDGE_ZONE, while they add up to at most
    EDGE_LINES rows. Running heads and feet stand apart from the text; the first or last line
    of a paragraph of body text is never a candidate on its own."""
    if height <= 0 or not lines:
        return []
    out: list[tuple[str, TextLine]] = []
    taken: set[int] = set()
    for zone in ("top", "bottom"):
        top = zone == "top"
        # (Sorted in reverse, equal keys keep their order, as sorted by -y1 they would.)
        ordered = sorted(lines, key=TOP) if top else sorted(lines, key=BOTTOM, reverse=True)
        rows = 0
        for block, block_rows in blocks_from_edge(ordered, top=top):
            inside = all(
                (ln.bbox.y1 <= EDGE_ZONE * height) if top else (ln.bbox.y0 >= (1 - EDGE_ZONE) * height) for ln in block
            )
            if not inside or rows + block_rows > EDGE_LINES:
                break
            rows += block_rows
            for ln in block:
                if len(ln.text) <= MAX_REPEATED_CHARS and id(ln) not in taken:
                    out.append((zone, ln))
                    taken.add(id(ln))
    return out


def _place(zone: str, ln: TextLine, height: float) -> float:
    """Where an edge line stands: its middle's distance from the page's top (a head's), or from
    its bottom (a foot's: the same on a page turned landscape as on an upright one)."""
    middle = (ln.bbox.y0 + ln.bbox.y1) / 2
    return middle if zone == "top" else height - middle


def _hidden(ln: TextLine, page: PageText) -> bool:
    """The line overlaps text a reader cannot see (see ``PageText.hidden``)."""
    b = ln.bbox
    return any(h.bbox.x0 < b.x1 and b.x0 < h.bbox.x1 and h.bbox.y0 < b.y1 and b.y0 < h.bbox.y1 for h in page.hidden)


def _folio(index: int, numbers: set[int], offsets: tuple[tuple[int, int], ...]) -> bool:
    """One of ``numbers`` is page ``index``'s printed number, by the offsets of the sample pages."""
    for n in numbers:
        for j, o in offsets:
            if abs(n - index - o) <= NUMBER_SLACK + NUMBER_DRIFT * abs(index - j):
                return True
    return False


def _cluster(
    hits: list[tuple[int, float, float]], spread: float, least: int = MIN_REPEAT
) -> tuple[float, float, list[tuple[int, float, float]]] | None:
    """The densest group of positions, ``spread`` line heights deep, seen on ``least`` pages:
    (centre, tolerance, its hits)."""
    hits = sorted(hits, key=lambda h: h[1])
    heights = sorted(h for _, _, h in hits)
    tolerance = max(2.0, spread * heights[len(heights) // 2])
    ys = [y for _, y, _ in hits]
    best: tuple[int, int] | None = None
    best_pages = 0
    for i, y in enumerate(ys):
        j = bisect.bisect_right(ys, y + tolerance)
        pages = len({hits[k][0] for k in range(i, j)})
        if pages > best_pages:
            best, best_pages = (i, j), pages
    if best is None or best_pages < least:
        return None
    group = ys[best[0] : best[1]]
    centre = (group[0] + group[-1]) / 2
    return centre, tolerance + (group[-1] - group[0]) / 2, hits[best[0] : best[1]]


def _steady_pairs(offsets: tuple[tuple[int, int], ...]) -> int:
    """Sample pages i, i+1 whose numbers keep the same offset (facing pages counting up)."""
    by_page: dict[int, set[int]] = defaultdict(set)
    for i, o in offsets:
        by_page[i].add(o)
    return sum(1 for i in by_page if i + 1 in by_page and by_page[i] & by_page[i + 1])


def _tokens(text: str) -> set[str]:
    return set(text.split())


def _label(facts: DocumentFacts, index: int) -> str | None:
    if 0 <= index < len(facts.pages):
        label = facts.pages[index].label
        # A plain number label is the page number itself: the "number" patterns cover it.
        return label if label and not label.isdigit() else None
    return None


def _width(page: PageText, facts: DocumentFacts) -> float:
    if 0 <= page.index < len(facts.pages) and facts.pages[page.index].width > 0:
        return facts.pages[page.index].width
    return max((ln.bbox.x1 for ln in page.lines), default=0.0)


def _height(page: PageText, facts: DocumentFacts) -> float:
    if 0 <= page.index < len(facts.pages) and facts.pages[page.index].height > 0:
        return facts.pages[page.index].height
    return max((ln.bbox.y1 for ln in page.lines), default=0.0)
