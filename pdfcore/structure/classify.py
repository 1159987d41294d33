"""What each of a page's units is: heading, code, caption, list item or paragraph (the order of
the rules is in page.py's docstring), and the corrections after it: a heading that is a notice or
stacked lines turned paragraph, a kicker over a title, a note's asterisks, list depths, code
blocks merged. A page of small print is classified with its own text size (small_print_size).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence

from pdfcore.caption_words import is_caption
from pdfcore.models import OutlineEntry, Table
from pdfcore.structure.code_blocks import code_like, typewriter_note
from pdfcore.structure.heading_shape import (
    HEADING_CHARS,
    SECTION_NAME,
    heading_shaped,
    is_heading_role,
    numbering_depth,
    role_level,
    text_below,
)
from pdfcore.structure.markers import COUNTER_MARKER, list_marker, ordinal
from pdfcore.structure.outline import match_outline
from pdfcore.structure.reading import FOOTNOTE_SIZE
from pdfcore.structure.style import BOLD_SIZE, UNDERLINED, DocumentStyle, heading_candidate, unit_key
from pdfcore.structure.unit import Unit, small_mark
from pdfcore.structure.units import ALIGN_PT

#: A heading in a style the document's sample did not show is at least this much larger than
#: the body (or bold and numbered).
STANDOUT = 1.3
#: A heading naming a section most documents name alike (``heading_shape.SECTION_NAME``), in a
#: style the document sets no other heading in, is at most at this level.
SECTION_NAME_LEVEL = 2
#: List items whose markers start less than this many em apart are at one depth.
LIST_STEP = 0.8
#: A page is small print when its text (at least SMALL_PRINT_CHARS characters) is mostly set
#: below BOLD_SIZE of the body size, with at most this share at the body size.
SMALL_PRINT_CHARS = 400
SMALL_PRINT_BODY = 0.1
#: Text within this many points of a small-print page's size is set at that size.
SMALL_PRINT_SLACK = 0.3
#: A heading right over one this much larger is the title's kicker (see kickers).
KICKER_STEP = 1.2
#: A unit starting with a run of asterisks: a note's mark (``** To be eligible ...``).
_STARS = re.compile(r"^\*{2,}\s*\w")
#: A heading's label on a row of its own: "Chapter 3", "PART II", "A.", "2.1".
_ROW_LABEL = re.compile(
    r"^(?:(?:Chapter|CHAPTER|Section|SECTION|Part|PART|Appendix|APPENDIX|Article|ARTICLE|Item|ITEM)\s+)?"
    r"(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z])[.:]?$|^(?:Chapter|CHAPTER|Part|PART|Appendix|APPENDIX|Annex|ANNEX)$"
)
#: A line ending a page in a heading style is no heading when it is a sentence of this many words.
SENTENCE_WORDS = 6
#: A page whose units end with a page number this often is a table of contents.
TOC_SHARE = 0.4
TOC_MIN = 5
_ENDS_WITH_NUMBER = re.compile(r"(?:\s|\.{2,}|…)\s*[\divxlcIVXLC]{1,5}$")
#: A list item's text never starts with one of these.
_NOT_ITEM_START = (":", ";", ",")


#: Running text that starts with a table's or figure's label has at least this many words.
CITING_WORDS = 12
_CITING = re.compile(r"^\S+\s*[A-Z]?[\dIVX]+(?:[.\-–]\d+)*[a-z]?\s+[a-z]")


def cites_label(text: str) -> bool:
    """A sentence about a table or figure, not its caption: the label followed straight on by
    a word in lower case, no stop or colon between (``Table A4-13 summarizes the projections
    for ...``), running on for CITING_WORDS words or more to a full stop."""
    return _CITING.match(text) is not None and len(text.split()) >= CITING_WORDS and text.rstrip().endswith(".")


def classify(
    unit: Unit,
    style: DocumentStyle,
    entries: Sequence[OutlineEntry],
    *,
    tagged: bool,
    toc: bool,
    page_height: float = 0.0,
) -> None:
    text = unit.text
    if tagged and is_heading_role(unit.role) and heading_shaped(unit, text):
        unit.kind = "heading"
        unit.level = role_level(unit.role) or style.level_of(*unit_key(unit, style))
        return
    if (
        unit.mono
        and not style.body_mono
        and not _heading_sized(unit, style)
        and not typewriter_note(unit, style)
        and code_like(unit, text, page_height)
    ):
        unit.kind = "code"
        return
    if is_caption(text) and not cites_label(text):
        unit.kind = "caption"
        return
    if not tagged and not toc:
        entry = match_outline(text, entries) if entries and heading_shaped(unit, text) else None
        if entry is not None:
            unit.kind = "heading"
            unit.level = max(1, min(6, entry.level))
            return
        candidate = heading_candidate(unit, text, style)
        if not candidate and len(text) > HEADING_CHARS // 2 and style.knows(*unit_key(unit, style)):
            # a statement heading in a heading style: one sentence, longer than most
            candidate = heading_candidate(unit, text, style, long=True)
        if candidate and (
            style.knows(*unit_key(unit, style))
            or unit.size >= STANDOUT * style.body_size
            or (unit.bold and numbering_depth(text) > 0)
            or unit_key(unit, style)[2] == UNDERLINED
        ):
            unit.kind = "heading"
            unit.level = _level(unit, text, style)
            return
        if candidate and SECTION_NAME.match(text):
            # a style set once (the abstract's title, bold at the body size): its name says it
            unit.kind = "heading"
            unit.level = min(_level(unit, text, style), SECTION_NAME_LEVEL)
            return
    if unit.entry:
        # a book's index: each entry an item, its sub-entries nested under it by their indent
        unit.kind, unit.marker = "list_item", "•"
        return
    marker = list_marker(text) or ("•" if unit.hanging else "")
    if marker and text[len(marker) :].lstrip()[:1] in _NOT_ITEM_START:
        marker = ""  # "v. : No. 07-1315": a word and its colon, no item
    if marker and (len(unit.rows) > 1 or len(text) > len(marker) + 1):
        unit.kind = "list_item"
        unit.marker = marker


def lettered_notes(units: Sequence[Unit]) -> None:
    """A list item known only by its hanging indent that opens with a small mark (see
    :func:`~pdfcore.structure.units.small_mark`) is a note, a paragraph, when no other unit of
    the page opens with the same small mark: notes are lettered (or numbered) one by one (``a
    There is ...``, ``b Use of ...``, their rows hanging from the mark, which the text keeps),
    while a bullet drawn in a symbol font and read as a letter (``h``, set small before each
    item) repeats."""
    marks = [small_mark(u) for u in units]
    counts = Counter(marks)
    for u, mark in zip(units, marks, strict=True):
        if mark and u.kind == "list_item" and u.hanging and u.marker == "•" and counts[mark] == 1:
            u.kind, u.marker = "paragraph", ""


def hanging_heads(units: Sequence[Unit]) -> None:
    """A paragraph of one row closing on a semicolon, right over a list of items known by their
    hanging indent (``•``) that starts where they start, is their list's first item, too short
    to hang (a description list's ``Residents who hold a season pass ...;`` over ``Visitors who
    ...`` / ``and September;``, its bold term lost to the line's one weight): a paragraph does
    not close on a semicolon, an item of an enumeration does."""
    for k in range(len(units) - 1):
        u, nxt = units[k], units[k + 1]
        if u.kind != "paragraph" or len(u.rows) != 1 or not u.text.rstrip().endswith(";"):
            continue
        if nxt.kind != "list_item" or not nxt.hanging or nxt.marker != "•":
            continue
        if abs(u.rows[0].x0 - nxt.rows[0].x0) <= ALIGN_PT and nxt.text.rstrip().endswith((";", ".")):
            u.kind, u.marker = "list_item", "•"


def named_sections(units: Sequence[Unit], style: DocumentStyle) -> None:
    """A paragraph of one row that only names one of the sections most documents name alike
    ("Abstract", "References"), standing alone on its row right over text that starts at its
    left edge, is that section's heading even in the body's face (a bold face the font's name
    and flags do not tell, as a journal's "Abstract" over its abstract): a name said on its own
    over the text it names. Its level is at most SECTION_NAME_LEVEL."""
    for k, u in enumerate(units):
        if u.kind != "paragraph" or len(u.rows) != 1 or not SECTION_NAME.match(u.text):
            continue
        j = text_below(units, k)
        if j is None or units[j].kind == "heading" or abs(units[j].x0 - u.x0) > max(u.size, 1.0):
            continue
        if any(v is not u and v.y0 < u.y1 and v.y1 > u.y0 for v in units):
            continue  # a label with more beside it on its row (a table's, a form's)
        u.kind = "heading"
        u.level = min(_level(u, u.text, style), SECTION_NAME_LEVEL)


def kickers(units: Sequence[Unit], entries: Sequence[OutlineEntry]) -> None:
    """A heading right over a larger one, or over a bold one as large when itself not bold,
    nothing between them (a report's series line, "NIST Internal Report", set over its title;
    the last word of a letter's signature set in italics right over the next section's
    heading): headings grow smaller down a page, so it is no section heading but a line over
    the title; a chapter's label ("Chapter 3") or a line the outline names stays one."""
    for k, u in enumerate(units[:-1]):
        nxt = units[k + 1]
        if (
            u.kind == "heading"
            and nxt.kind == "heading"
            and (nxt.size > KICKER_STEP * u.size or (nxt.bold and not u.bold and nxt.size >= u.size))
            and text_below(units, k) == k + 1
            and not _ROW_LABEL.match(u.text)
            and not match_outline(u.text, entries)
        ):
            u.kind, u.level = "paragraph", 0


def colon_terms(units: Sequence[Unit]) -> None:
    """A heading ending with a colon right over text set in from it, a line height under it at
    most (a description list's term filling its line, "Very rare (may affect up to 1 in 10,000
    people):", its description wrapped under it with a hanging indent), is the term of that
    text, a paragraph: a section's heading stands over text starting where it starts. So is one
    right over a list set in from it ("Yes, please:" over the items it takes), and one right
    over a paragraph going on in lower case, its description ("Dangerous:" over "a direct and
    immediate risk ...")."""
    for k, u in enumerate(units[:-1]):
        nxt = units[k + 1]
        if u.kind != "heading" or not u.text.rstrip().endswith(":") or text_below(units, k) != k + 1:
            continue
        em = max(u.size, 1.0)
        gap = nxt.y0 - u.y1
        if nxt.kind in ("paragraph", "list_item") and (
            (gap <= em and nxt.x0 - u.x0 >= em)
            or (nxt.kind == "paragraph" and gap <= 1.5 * em and nxt.text[:1].islower())
        ):
            u.kind, u.level = "paragraph", 0


def note_marks(units: Sequence[Unit]) -> None:
    """An asterisk starting a unit is a note's mark, not a bullet, when another unit of the page
    starts with two or more (notes marked ``*``, ``**``, ``***`` under a table): those items
    are paragraphs."""
    if not any(u.text.startswith("**") and _STARS.match(u.text) for u in units):
        return
    for u in units:
        if u.kind == "list_item" and u.marker == "*":
            u.kind, u.marker = "paragraph", ""


#: Dashes that mark a missing figure in a table's cell, and a legend's entry saying what it means.
_DASHES = frozenset("—–-")
#: A legend's entry holds at most this many words after its mark ("— Not available.").
LEGEND_WORDS = 6


def legend_marks(units: Sequence[Unit], tables: Sequence[Table]) -> None:
    """A dash opening a unit is the mark a legend explains, not a bullet, when a table of the
    page holds it alone in a cell (a missing figure) and no other unit of the page opens with
    it: ``— Not available.`` under the table stays a paragraph, the dash kept; so does an
    asterisk opening the one unit of the page that opens with it when a cell sets it on a
    figure (``*–0.5``, ``12.4*``: ``* Denotes a significant difference``). So are marks in
    parentheses (``(a)``, ``(1)``) opening the page's items when a table of the page holds each
    of them as a word of a cell (``program (a)``): notes, paragraphs with their marks, not a
    list (whose ``(b)`` no cell holds)."""
    if not tables:
        return
    cells = {c.strip() for t in tables for row in (t.header, *t.rows) for c in row}
    dashed = [u for u in units if u.kind == "list_item" and u.marker in _DASHES and u.marker in cells]
    if len(dashed) == 1 and len(dashed[0].text.split()) <= LEGEND_WORDS + 1:
        dashed[0].kind, dashed[0].marker = "paragraph", ""
    # an asterisk a cell sets on a figure (``*–0.5``, ``12.4*``: significant, estimated) and
    # one unit of the page opening with it: that mark's note, kept with its asterisk
    starred = [u for u in units if u.kind == "list_item" and u.marker == "*"]
    if len(starred) == 1 and any(_STARRED.match(c) for c in cells):
        starred[0].kind, starred[0].marker = "paragraph", ""
    # notes: "(a)" after a heading or a figure in a cell, "(a) During ..." under the table,
    # every item of the page marked so citing a mark a cell holds (a list's "(b)" cites none)
    words = {w for c in cells for w in c.split()}
    marked = [u for u in units if u.kind == "list_item" and _NOTE_MARK.match(u.marker)]
    if marked and all(u.marker in words for u in marked):
        for u in marked:
            u.kind, u.marker = "paragraph", ""


#: A cell's figure with an asterisk set on it, before or after: a mark a note explains.
_STARRED = re.compile(r"^\*[^\s*]*\d|^[^\s*]*\d[^\s*]*\*$")
#: A note's mark in parentheses: a letter or a number.
_NOTE_MARK = re.compile(r"\((?:[a-z]|\d{1,2})\)$")


def amounts_in_parentheses(units: Sequence[Unit]) -> None:
    """A row opening with a number in parentheses is a list item only when its numbering
    counts: the nearest item numbered in parentheses before it on the page is one less, or the
    nearest after it one more (a numbered list has two items at least). Any other is a figure
    in parentheses opening a row (a negative amount in a statement: ``(584) Income tax
    benefit`` among rows opening with ``398`` and ``2,221``) and stays text: as an item, the
    Markdown would write it ``584.``, the parentheses (the sign) lost, and number the items
    under it on from there."""
    numbered = [(u, int(m.group(1))) for u in units if u.kind == "list_item" and (m := _IN_PARENTHESES.match(u.marker))]
    counts = [
        (k and numbered[k - 1][1] == n - 1) or (k + 1 < len(numbered) and numbered[k + 1][1] == n + 1)
        for k, (_, n) in enumerate(numbered)
    ]
    for (u, _), counted in zip(numbered, counts, strict=True):
        if not counted:
            u.kind, u.marker = "paragraph", ""


def lone_letters(units: Sequence[Unit]) -> str:
    """A list item marked by a single letter and going on in lower case ("p. cm.", "E. coli
    is ...") is a paragraph starting with an initial, unless the nearest lettered item before
    or after it on the page goes on its lettering ("a. the first" before "b. the second",
    "iv." before "v."): a lettered list has two items at least. (An item going on in capitals,
    "d) Compressed air ...", stays one: a list's items run across pages; unless it is set right
    next to a lettered item that neither goes on its lettering nor leads to it, see
    :func:`_initials`; or a row of names, see :func:`_names`.)

    The first such paragraph of the page keeps its marker in ``lettered``, and the marker of
    the page's last lettered item is returned: a document read whole makes it an item again
    when the page before ends its lettering right before it (see :func:`goes_on`)."""
    counted = [u for u in units if u.kind == "list_item" and COUNTER_MARKER.match(u.marker)]
    markers = [u.marker for u in counted]
    for k, item in enumerate(counted):
        if not _LETTER_MARKER.match(item.marker) or not item.text[len(item.marker) :].lstrip()[:1].islower():
            continue
        before = [(kind, n + 1) for kind, n in ordinal(counted[k - 1].marker)] if k else []
        after = [(kind, n - 1) for kind, n in ordinal(counted[k + 1].marker)] if k + 1 < len(counted) else []
        if not set(ordinal(item.marker)) & {*before, *after}:
            if not k:
                item.lettered = item.marker
            item.kind, item.marker = "paragraph", ""
    initials = {id(u) for u in _initials(units)} | {id(u) for u in counted if _names(u)}
    for u in counted:
        if id(u) in initials:
            u.kind, u.marker = "paragraph", ""
    return next((m for u, m in zip(reversed(counted), reversed(markers), strict=True) if id(u) not in initials), "")


def _initials(units: Sequence[Unit]) -> list[Unit]:
    """The items marked by a single letter set right next to another item lettered alike (no unit
    between, letters of one case) that counts in no order with theirs (the same letter again, or
    an earlier one after it): a run of items lettered "M.", "M." (a title's abbreviation,
    "M. Gaëtan Gagné" over "M. David Huggins-Daines") is no lettered list, whatever case the text
    goes on in. Letters counting up ("a)" then "c)", a "b)" lost inside a row) may be a list's."""
    out = []
    for k, u in enumerate(units):
        if u.kind != "list_item" or not _LETTER_MARKER.match(u.marker):
            continue
        prev = units[k - 1] if k else None
        nxt = units[k + 1] if k + 1 < len(units) else None
        pairs = [(v.marker, u.marker) for v in (prev,) if v is not None and v.kind == "list_item"]
        pairs += [(u.marker, v.marker) for v in (nxt,) if v is not None and v.kind == "list_item"]
        pairs = [(a, b) for a, b in pairs if {kind for kind, _ in ordinal(a)} & {kind for kind, _ in ordinal(b)}]
        if pairs and not any(_counts_up(a, b) for a, b in pairs):
            out.append(u)
    return out


#: An initial as a row's marker: a capital letter and its period.
_INITIAL_MARK = re.compile(r"[A-Z]\.")
#: A name after an initial: the initial, then a word starting with a capital (``L. Lindqvist``).
_NAMED = re.compile(r"(?:^|\s)[A-Z]\. [A-Z][\w'’-]+")
#: Words joining names in a row of them.
_NAME_JOINS = frozenset({"and", "&", "und", "et", "y", "e"})


def _names(unit: Unit) -> bool:
    """A row of names opening with an initial (``R. Okafor L. Lindqvist``, ``R. Okafor and L.
    Lindqvist``: an article's authors): one row marked by a capital letter and its period, its
    words all in capitals or starting with one but words joining names, and another initial
    and name after the first name. No list's item reads so."""
    if len(unit.rows) != 1 or not _INITIAL_MARK.fullmatch(unit.marker):
        return False
    words = unit.text[len(unit.marker) :].split()
    if len(words) < 3 or not all(w[:1].isupper() or w.strip(",") in _NAME_JOINS for w in words):
        return False
    return _NAMED.search(" ".join(words[1:])) is not None


def _counts_up(before: str, marker: str) -> bool:
    """``marker`` comes later than ``before`` in a lettering (or roman numbering) they share."""
    later = dict(ordinal(marker))
    return any(kind in later and later[kind] > n for kind, n in ordinal(before))


#: A number in parentheses as a row's marker: "(3)".
_IN_PARENTHESES = re.compile(r"^\((\d{1,3})\)$")
_LETTER_MARKER = re.compile(r"^\(?([A-Za-z])[.)]$")


def small_print_size(units: Sequence[Unit], body_size: float) -> float:
    """The text size of a page of small print (a report's notices and credits page at 10 pt in
    a 12 pt document), 0.0 for a page whose text is at the body size or too short to tell. The
    page is classified with that size read as the body size, so its headings (bold at that
    size) stand out as they do elsewhere."""
    if body_size <= 0:
        return 0.0
    chars: dict[float, int] = {}  # characters by size (to half a point)
    for u in units:
        half = round(u.size * 2) / 2
        chars[half] = chars.get(half, 0) + len(u.text)
    total = sum(chars.values())
    if total < SMALL_PRINT_CHARS:
        return 0.0
    size = max(chars, key=lambda k: (chars[k], -k))
    if not 0 < size < BOLD_SIZE * body_size:
        return 0.0
    body_text = sum(len(u.text) for u in units if not u.bold and u.size >= FOOTNOTE_SIZE * body_size)
    return size if body_text <= SMALL_PRINT_BODY * total else 0.0


def last_in_column(units: Sequence[Unit], k: int) -> bool:
    """Nothing on the page is below unit ``k`` in its column (a heading whose text starts on the
    next page or column). Where text stands beside it (another column), its column ends left of
    that text and where that column's text ends (COLUMN_GAP of its size apart at most): the
    section set across the page after the columns, its heading too, is not in its column."""
    u = units[k]
    beside = [w for w in units if w is not u and w.x0 >= u.x1 and w.y0 < u.y1 and w.y1 > u.y0]
    edge, bottom = float("inf"), float("inf")
    if beside:
        edge, bottom = min(w.x0 for w in beside), max(w.y1 for w in beside)
        reach = COLUMN_GAP * max(u.size, 1.0)
        for w in sorted((w for w in units if w.x0 >= edge - 1.0), key=lambda w: w.y0):
            if w.y0 <= bottom + reach:
                bottom = max(bottom, w.y1)
    return not any(
        v is not u and u.y1 - 1.0 <= v.y0 <= bottom and v.x0 < u.x1 and v.x1 > u.x0 and v.x1 <= edge for v in units
    )


#: The text of a column beside a unit goes on under a gap of at most this many times its size.
COLUMN_GAP = 3.0


def stacked_lines(units: Sequence[Unit], k: int, columns: Sequence[tuple[float, float]], style: DocumentStyle) -> bool:
    """A ragged block of rows sharing a left edge, each but the last ending where the next row's first
    word would still have fitted before the text's right edge (that of the text right below it,
    else its column's, else the page's rightmost text): lines set one under the other on purpose, as a signature or a cover's
    "Statement of ..." over "Acting Inspector General" over the office's name, not a heading
    wrapped at its measure. A title set large (STANDOUT), rows ending with a colon or a
    heading's label ("Chapter 3") are broken on purpose too and stay headings."""
    unit = units[k]
    rows = unit.rows
    if len(rows) < 2 or (style.body_size > 0 and unit.size >= STANDOUT * style.body_size):
        return False
    em = max(unit.size, 1.0)
    if any(abs(r.x0 - unit.first.x0) > max(2.0, 0.3 * em) for r in rows[1:]):
        return False
    if all(abs(r.x1 - unit.first.x1) <= 0.5 * em for r in rows[1:]):
        return False  # rows of one width: a block set to its measure, centred or justified
    below = text_below(units, k)
    if below is not None:
        right = max(units[below].x1, unit.x1)  # the measure of the text it would introduce
    else:
        rights = [right for left, right in columns if left - em <= unit.x0 < right]
        right = max(rights) if rights else max(v.x1 for v in units)
    for a, b in itertools.pairwise(rows):
        if a.text.endswith(":") or _ROW_LABEL.match(a.text):
            return False
        word = b.text.split(" ", 1)[0]
        need = (a.x1 - a.x0) / max(len(a.text), 1) * (len(word) + 1)
        if right - a.x1 <= need + 2.0:
            return False
    return True


#: Units set one under the other in one style that make a list of lines, not headings.
STACKED_UNITS = 3
#: ... their rows this share of their size apart at most (a block's own line pitch).
STACKED_GAP = 0.5


def stacked_units(units: Sequence[Unit], style: DocumentStyle) -> None:
    """Three units or more in a row, in one of the document's heading styles, from one left
    edge, each right under the one before at a block's own line pitch, are lines of a list set
    one under the other (a legend of abbreviations in a heading's face: ``EH European Handbook``
    over ``HBS Harvard Business School ...``), not headings: those among them that were become
    paragraphs."""
    k = 0
    while k < len(units):
        run = [units[k]]
        key = unit_key(units[k], style)
        for v in units[k + 1 :] if style.knows(*key) else ():
            last = run[-1]
            em = max(last.size, 1.0)
            if (
                unit_key(v, style) != key
                or abs(v.x0 - last.x0) > max(2.0, 0.3 * em)
                or not 0 <= v.y0 - last.y1 <= STACKED_GAP * em
            ):
                break
            run.append(v)
        if len(run) >= STACKED_UNITS and any(u.kind == "heading" for u in run):
            for u in run:
                if u.kind == "heading":
                    u.kind, u.level = "paragraph", 0
        k += len(run)


def sentence(text: str) -> bool:
    """Text that reads as a whole sentence: several words ending with a full stop (a bold notice
    at a page's foot, not a heading whose text starts on the next page)."""
    return text.endswith((".", "!")) and len(text.split()) >= SENTENCE_WORDS and not text.endswith("...")


def _heading_sized(unit: Unit, style: DocumentStyle) -> bool:
    return style.body_size > 0 and unit.size >= 1.12 * style.body_size


def _level(unit: Unit, text: str, style: DocumentStyle) -> int:
    key = unit_key(unit, style)
    level = style.level_of(*key)
    depth = numbering_depth(text)
    usual = style.depth_of(*key)
    if depth and usual and depth > usual:
        # "2.1" set in the style of "2" goes one level deeper per number
        level += depth - usual
    return max(1, min(6, level))


def is_toc(units: list[Unit]) -> bool:
    ends = sum(1 for u in units if _ends_with_number(u.last.text))
    return ends >= TOC_MIN and ends >= TOC_SHARE * len(units)


_NUMERALS = frozenset("ivxlcIVXLC")


def _ends_with_number(text: str) -> bool:
    """The text ends with a page number (_ENDS_WITH_NUMBER), asked of the pattern only when
    its last character (before a final newline, as ``$`` reads it) is a digit or a numeral
    letter: the search tries every space of a long row."""
    last = text[-2:-1] if text.endswith("\n") else text[-1:]
    return (last.isdecimal() or last in _NUMERALS) and _ENDS_WITH_NUMBER.search(text) is not None


def list_depths(units: list[Unit]) -> None:
    """Nesting of list items: the distinct left edges of a run of items, left to right, within
    each column of the run (see :func:`_list_columns`)."""
    run: list[Unit] = []
    for u in [*units, None]:
        if u is not None and u.kind == "list_item":
            run.append(u)
            continue
        if run:
            # within most of an em: one depth (right-aligned numerals "(i)".."(iii)" start apart)
            step = max(4.0, LIST_STEP * max(item.size for item in run))
            for column in _list_columns(run, step):
                edges: list[float] = []
                for x in sorted(item.first.x0 for item in column):
                    if not edges or x - edges[-1] > step:
                        edges.append(x)
                for item in column:
                    item.level = max(i for i, e in enumerate(edges) if item.first.x0 >= e - step)
            run = []


#: A list's items set in columns: items starting at least this many em right of where every
#: item left of them ends stand in a column of their own (the list's next column, no nesting).
LIST_COLUMN_GAP = 1.5


def _list_columns(run: list[Unit], step: float) -> list[list[Unit]]:
    """A run of list items cut into the columns it is set in ("• Electric meters" and "• Wind
    turbines" side by side, three rows each): a left edge starts a column when every item
    starting left of it ends LIST_COLUMN_GAP em or more before it, or when it stands beside an
    item of the column before, at its height (subcaptions "(a) ..." and "(b) ..." set side by
    side under their figures, a gap of a space between them). One column for most lists (a
    nested item starts under its parent's text, below it)."""
    em = max(item.size for item in run)
    ordered = sorted(run, key=lambda item: item.first.x0)
    columns: list[list[Unit]] = [[ordered[0]]]
    reach = ordered[0].x1
    for item in ordered[1:]:
        x = item.first.x0
        if x - columns[-1][0].first.x0 > step and (
            x - reach >= LIST_COLUMN_GAP * em or any(o.y0 < item.y1 and o.y1 > item.y0 for o in columns[-1])
        ):
            columns.append([item])
        else:
            columns[-1].append(item)
        reach = max(reach, item.x1)
    return columns
