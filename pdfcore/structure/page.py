"""One page's structure: its units classified, tables and figures put in place, footnotes
after the body, paragraphs joined across column breaks.

Classification of a unit (first match wins):

1. a heading by the structure tree, in a document whose tags are used (see style.py): its
   H1-H6/Title role gives the level; other roles are never headings there;
2. a code block: monospaced rows in a document whose body text is not monospaced;
3. a caption ("Figure 3:", "Table 2.", ...): tied to the nearest figure or table;
4. a heading by the outline: a bookmark of this page names the unit's text;
5. a heading by typography: short, prominent (larger than the body, or bold at about its
   size), in a style the document sets headings in (its level is the style's);
6. a list item: it starts with a bullet or an enumerator;
7. a paragraph.

A page of small print (a notices page set smaller than the document's body text) is classified
with its own text size read as the body size. A heading that ends a column and reads as a
sentence (several words and a full stop) is a paragraph: a notice, not a title over the next;
so is a ragged block of rows set one under the other on purpose (a name over a title over an
office on a cover), see _stacked_lines. A block set across the columns on a band of its own
that the text layer gives after text below it is read where it stands (before that text).

A table the page carries replaces the rows inside its box, at the place of the first of
them. A figure goes before the first element below it that overlaps it horizontally.
Footnotes (text smaller than the body with no body text below it, one of them starting with
a note mark) are kept after the body.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from attrs import evolve

from pdfcore.layout.hyphens import HYPHENS, Lexicon, ends_hyphenated, hyphen_join
from pdfcore.models import Box, DocumentFacts, OutlineEntry, PageText, Table
from pdfcore.structure.figures import figure_boxes, figure_ref
from pdfcore.structure.model import Element, PageStructure
from pdfcore.structure.rows import Row, page_rows
from pdfcore.structure.style import (
    BOLD_SIZE,
    UNDERLINED,
    DocumentStyle,
    aligned,
    heading_candidate,
    heading_shaped,
    introduces_text,
    is_caption,
    is_heading_role,
    match_outline,
    numbering_depth,
    role_level,
    text_below,
    text_columns,
    unit_key,
)
from pdfcore.structure.units import Unit, list_marker, split_units, tidy_units

#: A heading in a style the document's sample did not show is at least this much larger than
#: the body (or bold and numbered).
STANDOUT = 1.3
#: A table is prose when this share of its rows run on into the next, or when this share of its
#: words are in cells of PROSE_WORDS words or more and this share of its cells are empty (see
#: prose_table).
PROSE_RUNS = 0.2
PROSE_SHARE = 0.5
PROSE_WORDS = 8
PROSE_EMPTY = 0.2
#: The sections most documents name alike; a prominent line naming one on its own is a heading
#: even in a style the document sets no other heading in, at most at this level.
_SECTION_NAME = re.compile(
    r"^(?:\d{1,2}\.?\s+)?(?:Abstract|Summary|Introduction|Background|Related Work|Conclusions?|Discussion|"
    r"Acknowledge?ments?|References|Bibliography|Keywords|Index Terms|Contents|Table of Contents|Preface|"
    r"Foreword|Glossary|Appendix(?:\s+[A-Z\d])?|Appendices)\s*[.:]?$",
    re.IGNORECASE,
)
SECTION_NAME_LEVEL = 2
#: A doubtful table is a chart's labels when at most this share of its cells hold text and at
#: least this share of its rows hold one cell or none (see scattered_table).
SCATTERED_FILLED = 0.35
SCATTERED_ROWS = 0.6
#: A doubtful table is labels set against a column of colons when that column has at least
#: this many cells (see _colon_column).
COLON_ROWS = 3
#: A value axis has at least this many ticks.
AXIS_TICKS = 4
#: List items whose markers start less than this many em apart are at one depth.
LIST_STEP = 0.8
#: Small print without a note mark is a footnote only below this share of the page height.
FOOT_ZONE = 0.6
#: Footnotes are set at most this share of the body size.
FOOTNOTE_SIZE = 0.92
#: A page is small print when its text (at least SMALL_PRINT_CHARS characters) is mostly set
#: below BOLD_SIZE of the body size, with at most this share at the body size.
SMALL_PRINT_CHARS = 400
SMALL_PRINT_BODY = 0.1
#: Text within this many points of a small-print page's size is set at that size.
SMALL_PRINT_SLACK = 0.3
_NOTE_MARK = re.compile(r"^(?:\d{1,3}|[*†‡§¶]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)\s*\S")

#: A caption is tied to a figure or table at most this many body lines away.
CAPTION_LINES = 4.0
#: A heading right over one this much larger is the title's kicker (see _kickers).
KICKER_STEP = 1.2
#: A bold row alone of at most this many words is a label, not a sentence left open.
LABEL_WORDS = 4
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
#: A sentence that ends here does not run on.
_CLOSING = tuple('.!?:;。！？…"”’»)]')
_ORDERED = re.compile(r"^\(?(\d{1,3})[.)]$")
#: A list item's text never starts with one of these.
_NOT_ITEM_START = (":", ";", ",")
_INNER_STOP = re.compile(r"[a-z][.!?]\s+[A-Z][a-z]")


def page_structure(
    page: PageText,
    facts: DocumentFacts,
    style: DocumentStyle,
    *,
    join_hyphenation: bool = True,
    tables: Sequence[Table] | None = None,
) -> PageStructure:
    """The page's elements (see the module docstring). ``tables`` default to the page's own."""
    width, height = _size(facts, page)
    # the page's words (for words broken at a line end), read by the rows and the units alike
    lexicon = Lexicon(text=page.text) if join_hyphenation else None
    rows = page_rows(page, join_hyphenation=join_hyphenation, page_height=height, roles=style.roles, lexicon=lexicon)
    placed = [
        t
        for t in (page.tables if tables is None else tables)
        if t.bbox.x1 > t.bbox.x0 and not prose_table(t, page.rules) and not scattered_table(t)
    ]
    rows, anchors, beside = _take_table_rows(rows, placed)
    label = facts.pages[page.index].label if 0 <= page.index < len(facts.pages) else None
    units = tidy_units(
        split_units(rows, join_hyphenation, lexicon),
        style.body_size,
        height,
        label,
    )
    entries = style.outline.get(page.index + 1, [])
    tagged = style.tagged and any(r.role for r in rows)
    toc = _is_toc(units)
    # a page of small print is classified with its own text size read as the body size
    small = small_print_size(units, style.body_size)
    sizes = [u.size for u in units]
    for u in units:
        if small and abs(u.size - small) <= SMALL_PRINT_SLACK:
            u.size = style.body_size
    columns = text_columns(units, style.body_size)
    for u in units:
        _classify(u, style, entries, tagged=tagged, toc=toc, page_height=height)
    for k, u in enumerate(units):
        if (
            u.kind == "heading"
            and not tagged
            and not match_outline(u.text, entries)
            and not (
                aligned(u, columns, width)
                and (
                    introduces_text(units, k, height)
                    or _box_below(u, [t.bbox for t in placed], units) is not None
                    or (style.knows(*unit_key(u, style)) and _last_in_column(units, k))
                )
            )
        ):
            u.kind = "paragraph"
        elif (
            u.kind == "heading"
            and not tagged
            and ((_sentence(u.text) and _last_in_column(units, k)) or _stacked_lines(units, k, columns, style))
            and not match_outline(u.text, entries)
        ):
            # a notice at a column's foot, not a heading over the next one; lines set one
            # under the other (a name over a title over an office, a notice over its date)
            u.kind = "paragraph"
    for u, size in zip(units, sizes, strict=True):
        u.size = size
    if not tagged:
        _kickers(units, entries)
    _note_marks(units)
    units = _merge_code(_bands_before_what_is_below(_headings_before_their_text(units, [t.bbox for t in placed])))
    _list_depths(units)
    footnotes = _footnotes(units, style, height)
    figures = [(figure_ref(page.index, k), box) for k, box in enumerate(figure_boxes(page, width, height))]
    captions = _tie_captions(units, figures, placed, style)

    # Elements in reading order: units, with tables at their place and figures by position.
    units = _headings_over_tables(units, [t.bbox for t in placed], footnotes)
    row_unit: dict[int, int] = {}  # only a page with tables asks
    for k, u in enumerate(units if placed else ()):
        for r in u.rows:
            row_unit[id(r)] = k
    before: dict[int, list[Element]] = {}
    for t, (table, anchor) in enumerate(zip(placed, anchors, strict=True)):
        el = Element("table", bbox=table.bbox, table=table, caption=captions.get(("t", t), ""))
        # after the unit of the row the text layer gives before the table's first row
        at = None if anchor is None else row_unit.get(id(rows[anchor - 1]), -1) + 1 if anchor > 0 else 0
        slot = before.setdefault(_table_slot(units, table.bbox, at, footnotes), [])
        slot.append(el)
        # text printed inside the table's frame that none of its cells holds (its notes)
        slot.extend(_notes_in_frame(beside.get(t, []), style, join_hyphenation, height, label))
    for f, (ref, box) in enumerate(figures):
        el = Element("figure", bbox=box, ref=ref, caption=captions.get(("f", f), ""))
        before.setdefault(_position(units, box, footnotes), []).append(el)
    body: list[Element] = []
    notes: list[Element] = []
    taken = {id(u) for u in captions.values_units}
    for k, u in enumerate(units):
        body.extend(before.pop(k, ()))
        if id(u) in taken:
            continue
        el = _element(u, join_hyphenation)
        (notes if id(u) in footnotes else body).append(el)
    for k in sorted(before):
        body.extend(before[k])
    return PageStructure(page.index, tuple(_join_columns(body)), tuple(notes))


def _notes_in_frame(
    rows: list[Row], style: DocumentStyle, join_hyphenation: bool, height: float, label: str | None
) -> list[Element]:
    """Paragraphs of the rows printed inside a table's frame that none of its cells holds."""
    if not rows:
        return []
    lexicon = Lexicon(text=" ".join(r.text for r in rows)) if join_hyphenation else None
    units = tidy_units(split_units(rows, join_hyphenation, lexicon), style.body_size, height, label)
    for u in units:
        u.kind = "paragraph"
    return [_element(u, join_hyphenation) for u in units]


# --------------------------------------------------------------------------------------------
# Classification


def _classify(
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
    if unit.mono and not style.body_mono and not _heading_sized(unit, style) and _code_like(unit, text, page_height):
        unit.kind = "code"
        return
    if is_caption(text):
        unit.kind = "caption"
        return
    if not tagged and not toc:
        entry = match_outline(text, entries) if entries and heading_shaped(unit, text) else None
        if entry is not None:
            unit.kind = "heading"
            unit.level = max(1, min(6, entry.level))
            return
        candidate = heading_candidate(unit, text, style)
        if candidate and (
            style.knows(*unit_key(unit, style))
            or unit.size >= STANDOUT * style.body_size
            or (unit.bold and numbering_depth(text) > 0)
            or unit_key(unit, style)[2] == UNDERLINED
        ):
            unit.kind = "heading"
            unit.level = _level(unit, text, style)
            return
        if candidate and _SECTION_NAME.match(text):
            # a style set once (the abstract's title, bold at the body size): its name says it
            unit.kind = "heading"
            unit.level = min(_level(unit, text, style), SECTION_NAME_LEVEL)
            return
    marker = list_marker(text) or ("•" if unit.hanging else "")
    if marker and text[len(marker) :].lstrip()[:1] in _NOT_ITEM_START:
        marker = ""  # "v. : No. 07-1315": a word and its colon, no item
    if marker and (len(unit.rows) > 1 or len(text) > len(marker) + 1):
        unit.kind = "list_item"
        unit.marker = marker


def _kickers(units: Sequence[Unit], entries: Sequence[OutlineEntry]) -> None:
    """A heading right over a larger one, nothing between them (a report's series line, "NIST
    Internal Report", set over its title): headings grow smaller down a page, so it is no
    section heading but a line over the title; a chapter's label ("Chapter 3") or a line the
    outline names stays one."""
    for k, u in enumerate(units[:-1]):
        nxt = units[k + 1]
        if (
            u.kind == "heading"
            and nxt.kind == "heading"
            and nxt.size > KICKER_STEP * u.size
            and text_below(units, k) == k + 1
            and not _ROW_LABEL.match(u.text)
            and not match_outline(u.text, entries)
        ):
            u.kind, u.level = "paragraph", 0


def _note_marks(units: Sequence[Unit]) -> None:
    """An asterisk starting a unit is a note's mark, not a bullet, when another unit of the page
    starts with two or more (notes marked ``*``, ``**``, ``***`` under a table): those items
    are paragraphs."""
    if not any(u.text.startswith("**") and _STARS.match(u.text) for u in units):
        return
    for u in units:
        if u.kind == "list_item" and u.marker == "*":
            u.kind, u.marker = "paragraph", ""


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


def _headings_before_their_text(units: list[Unit], tables: Sequence[Box] = ()) -> list[Unit]:
    """A heading the text layer gives after the text it introduces (some producers draw
    headings last) moves before that text: the unit right below it; a heading above everything
    on the page (tables included) goes first."""
    moves: dict[int, int] = {}  # heading position -> position of the unit it goes before
    for k, u in enumerate(units):
        if u.kind != "heading" or k == 0:
            continue
        if all(u.y1 <= v.y0 + 1.0 for v in units if v is not u) and all(u.y1 <= b.y0 + 1.0 for b in tables):
            moves[k] = 0  # above everything on the page (a title over the middle column)
            continue
        j = text_below(units, k, first_read=True)
        if j is not None and j < k:
            moves[k] = j
    if not moves:
        return units
    moved = {id(units[k]) for k in moves}
    before: dict[int, list[Unit]] = {}
    # bottom first, so a heading over a heading goes before it once that one has moved
    for k in sorted(moves, key=lambda k: -units[k].y0):
        target = units[moves[k]]
        before.setdefault(id(target), []).insert(0, units[k])
    out: list[Unit] = []

    def place(u: Unit) -> None:
        for h in before.pop(id(u), ()):
            place(h)
        out.append(u)

    for u in units:
        if id(u) not in moved:
            place(u)
    return out


def _bands_before_what_is_below(units: list[Unit]) -> list[Unit]:
    """A block set across the page's columns on a band of its own (no other text beside it),
    which the text layer gives after text lying below it (a notice drawn last between an
    article's title and its columns), moves before the first of those: every unit read before
    it is then above or below it, and it spans at least two of the units below it that stand
    side by side."""
    k = len(units) - 1
    moves = 0
    # the lowest top of the units read before each (most units have none of them below)
    lowest = list(itertools.accumulate((v.y0 for v in units), max, initial=-math.inf))
    while k > 0:
        u = units[k]
        if u.kind in ("heading", "caption") or moves > len(units) or lowest[k] < u.y1 - 1.0:
            k -= 1
            continue
        earlier = units[:k]
        below = [j for j, v in enumerate(earlier) if v.y0 >= u.y1 - 1.0]
        if (
            below
            and all(v.y1 <= u.y0 + 1.0 or v.y0 >= u.y1 - 1.0 for v in units if v is not u)
            and _spans_columns(u, [earlier[j] for j in below])
        ):
            first = below[0]
            units = [*units[:first], u, *units[first:k], *units[k + 1 :]]
            lowest = list(itertools.accumulate((v.y0 for v in units), max, initial=-math.inf))
            moves += 1
            continue  # the unit now at k was read before it: look at it too
        k -= 1
    return units


def _spans_columns(unit: Unit, others: Sequence[Unit]) -> bool:
    """``unit`` overlaps horizontally two of ``others`` that stand side by side."""
    under = [v for v in others if v.x0 < unit.x1 - 1.0 and v.x1 > unit.x0 + 1.0]
    return any(a.x1 <= b.x0 + 1.0 or b.x1 <= a.x0 + 1.0 for a, b in itertools.combinations(under, 2))


def _box_below(unit: Unit, boxes: Sequence[Box], units: Sequence[Unit]) -> int | None:
    """Index of the box (a table) starting right below ``unit``: within a few lines under it,
    overlapping it horizontally, with no other unit between (the unit introduces it)."""
    line = max(unit.size, 6.0) * 1.2
    for k, b in enumerate(boxes):
        if not (b.x0 < unit.x1 - 1.0 and b.x1 > unit.x0 + 1.0 and -0.5 * line <= b.y0 - unit.y1 <= 4.0 * line):
            continue
        if not any(
            v is not unit and v.y0 >= unit.y1 - 1.0 and v.y1 <= b.y0 + 1.0 and v.x0 < b.x1 and v.x1 > b.x0
            for v in units
        ):
            return k
    return None


def _last_in_column(units: Sequence[Unit], k: int) -> bool:
    """Nothing on the page is below unit ``k`` in its column (a heading whose text starts on the
    next page or column)."""
    u = units[k]
    return not any(v is not u and v.y0 >= u.y1 - 1.0 and v.x0 < u.x1 and v.x1 > u.x0 for v in units)


def _stacked_lines(units: Sequence[Unit], k: int, columns: Sequence[tuple[float, float]], style: DocumentStyle) -> bool:
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


def _sentence(text: str) -> bool:
    """Text that reads as a whole sentence: several words ending with a full stop (a bold notice
    at a page's foot, not a heading whose text starts on the next page)."""
    return text.endswith((".", "!")) and len(text.split()) >= SENTENCE_WORDS and not text.endswith("...")


def _merge_code(units: list[Unit]) -> list[Unit]:
    """Consecutive code units one below the other (the layout may cut a listing at its
    alignment gaps) become one code block."""
    out: list[Unit] = []
    for u in units:
        if out and u.kind == "code" and out[-1].kind == "code":
            prev = out[-1]
            gap = u.y0 - prev.y1
            line = max(u.first.height, prev.last.height, 1.0)
            if -0.5 * line <= gap <= 2.0 * line and u.x0 < prev.x1 and u.x1 > prev.x0:
                prev.rows.extend(u.rows)
                prev.refresh()
                continue
        out.append(u)
    return out


_CODE_CHARS = re.compile(r"[(){}\[\];=<>]|^\s*(?:def|class|import|from|return|for|if|while|#include|\$|>>>)\b")


def _code_like(unit: Unit, text: str, page_height: float) -> bool:
    """Monospaced rows that read as code: several rows, or one holding code punctuation or a
    keyword; not a lone line at the page's edge (a running head set in a typewriter face)."""
    if page_height > 0 and len(unit.rows) == 1 and (unit.y1 < 0.08 * page_height or unit.y0 > 0.92 * page_height):
        return False
    return len(unit.rows) > 1 or _CODE_CHARS.search(text) is not None


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


def _is_toc(units: list[Unit]) -> bool:
    ends = sum(1 for u in units if _ends_with_number(u.last.text))
    return ends >= TOC_MIN and ends >= TOC_SHARE * len(units)


_NUMERALS = frozenset("ivxlcIVXLC")


def _ends_with_number(text: str) -> bool:
    """The text ends with a page number (_ENDS_WITH_NUMBER), asked of the pattern only when
    its last character (before a final newline, as ``$`` reads it) is a digit or a numeral
    letter: the search tries every space of a long row."""
    last = text[-2:-1] if text.endswith("\n") else text[-1:]
    return (last.isdecimal() or last in _NUMERALS) and _ENDS_WITH_NUMBER.search(text) is not None


def _list_depths(units: list[Unit]) -> None:
    """Nesting of list items: the distinct left edges of a run of items, left to right."""
    run: list[Unit] = []
    for u in [*units, None]:
        if u is not None and u.kind == "list_item":
            run.append(u)
            continue
        if run:
            # within most of an em: one depth (right-aligned numerals "(i)".."(iii)" start apart)
            step = max(4.0, LIST_STEP * max(item.size for item in run))
            edges: list[float] = []
            for x in sorted(item.first.x0 for item in run):
                if not edges or x - edges[-1] > step:
                    edges.append(x)
            for item in run:
                item.level = max(i for i, e in enumerate(edges) if item.first.x0 >= e - step)
            run = []


def _footnotes(units: list[Unit], style: DocumentStyle, page_height: float) -> set[int]:
    """Ids of the units that are footnotes (see the module docstring)."""
    body = style.body_size
    if body <= 0:
        return set()
    small = [u for u in units if u.kind in ("paragraph", "list_item") and 0 < u.size < FOOTNOTE_SIZE * body]
    if not small:
        return set()
    big = [u for u in units if u.kind != "caption" and u.size >= FOOTNOTE_SIZE * body]
    found = [u for u in small if not any(b.y0 >= u.y1 - 1.0 and b.x0 < u.x1 and b.x1 > u.x0 for b in big)]
    if not any(_NOTE_MARK.match(u.text) for u in found):
        # no note mark: only small print at the foot of a column right under its body text or
        # under such small print (a copyright block, a first-page footnote without a mark); not
        # the foot of a column of small print (a sidebar, an infobox)
        kept: set[int] = set()
        body_ids = {id(b) for b in big if b.kind != "heading"}
        zone = [u for u in found if page_height > 0 and u.y0 >= FOOT_ZONE * page_height]
        for u in sorted(zone, key=lambda u: u.y0):
            above = [v for v in units if v is not u and v.y1 <= u.y0 + 1.0 and v.x0 < u.x1 and v.x1 > u.x0]
            nearest = max(above, key=lambda v: v.y1, default=None)
            if nearest is not None and (id(nearest) in kept or id(nearest) in body_ids):
                kept.add(id(u))
        return kept
    return {id(u) for u in found}


# --------------------------------------------------------------------------------------------
# Tables, figures, captions


def prose_table(table: Table, rules: Sequence[Box] = ()) -> bool:
    """A "table" that is running text cut at its line ends (a column of prose beside a box, read
    as a grid): cells of several words that end mid-sentence with the sentence going on in lower
    case right below them in the next row (fewer words when a sentence ends inside one of the
    two), or most of its words in long cells with many cells empty, unless ``rules`` (the
    page's rulings) box its cells (see :func:`boxed`): a checklist of long item names and
    sparse marks. Its rows stay text in the Markdown, so no text is lost into a false table."""
    rows = [r for r in table.rows if any(c.strip() for c in r)]
    if len(rows) < 3:
        return False
    runs_on = 0
    for a, b in itertools.pairwise(rows):
        for x, y in zip(a, b, strict=False):
            x, y = x.strip(), y.strip()
            if not x or not y or x.endswith(_CLOSING) or not y[0].islower():
                continue
            nx, ny = len(x.split()), len(y.split())
            if (nx >= 5 and ny >= 3) or (
                # shorter pieces of justified prose: a sentence ends inside one of them
                nx >= 4 and ny >= 2 and not list_marker(y) and (_INNER_STOP.search(x) or _INNER_STOP.search(y))
            ):
                runs_on += 1
                break
    cells = [c for r in rows for c in r]
    words = [len(c.split()) for c in cells]
    total = sum(words) or 1
    in_long = sum(n for n in words if n >= PROSE_WORDS)
    empty = sum(1 for n in words if n == 0)
    return runs_on >= PROSE_RUNS * (len(rows) - 1) or (
        in_long >= PROSE_SHARE * total and empty >= PROSE_EMPTY * len(cells) and not boxed(table, rules)
    )


#: Rulings closer than this (points) are one line of a grid; a ruling reaching this near a
#: table's box is one of its lines.
GRID_TOL = 3.0


def boxed(table: Table, rules: Sequence[Box]) -> bool:
    """Every cell of ``table`` is set apart by rulings: inside its box, horizontal rulings at
    as many heights as its rows need (one over each row and one under the last) and vertical
    ones at as many places as its columns need, the outermost of each running the box's width
    or height (its frame; rulings drawn cell by cell count together). Prose read as a grid has
    no such lines between its rows and columns (a frame round a box is four)."""
    box = table.bbox
    width = max((len(r) for r in table.rows), default=0)
    height = len(table.rows) + (1 if table.header else 0)
    if width < 2 or height < 2:
        return False
    inside = [
        r
        for r in rules
        if box.x0 - GRID_TOL <= r.x0
        and r.x1 <= box.x1 + GRID_TOL
        and box.y0 - GRID_TOL <= r.y0
        and r.y1 <= box.y1 + GRID_TOL
    ]
    # A vertical ruling starting or ending inside the box and running on past its other edge
    # (the side of a frame drawn round the table and a title or notes the table leaves out)
    # counts as far as the box.
    inside += [
        Box(r.x0, max(r.y0, box.y0), r.x1, min(r.y1, box.y1))
        for r in rules
        if r.height > r.width
        and box.x0 - GRID_TOL <= r.x0
        and r.x1 <= box.x1 + GRID_TOL
        and (box.y0 - GRID_TOL <= r.y0 <= box.y1 or box.y0 <= r.y1 <= box.y1 + GRID_TOL)
        and not (box.y0 - GRID_TOL <= r.y0 and r.y1 <= box.y1 + GRID_TOL)
    ]
    ys = _lines_at([((r.y0 + r.y1) / 2, r.width) for r in inside if r.width >= r.height])
    xs = _lines_at([((r.x0 + r.x1) / 2, r.height) for r in inside if r.width < r.height])
    return len(ys) >= height + 1 and len(xs) >= width + 1 and _spans(ys, box.width) and _spans(xs, box.height)


def _lines_at(rulings: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Rulings at one position (within GRID_TOL) taken together: (position, summed length)."""
    out: list[tuple[float, float]] = []
    for at, length in sorted(rulings):
        if out and at - out[-1][0] <= GRID_TOL:
            out[-1] = (out[-1][0], out[-1][1] + length)
        else:
            out.append((at, length))
    return out


def _spans(lines: Sequence[tuple[float, float]], extent: float) -> bool:
    """The first and last lines (the grid's frame) run the table's whole extent."""
    return lines[0][1] >= extent - 2 * GRID_TOL and lines[-1][1] >= extent - 2 * GRID_TOL


def scattered_table(table: Table) -> bool:
    """A grid the table reader doubts (``low_confidence``) that is a chart's labels read as rows
    and columns: its text scattered over it (at most SCATTERED_FILLED of its cells hold text
    and most rows hold one cell or none), or its first or last column an axis (see
    :func:`_axis`); or lines of labels set against a column of colons (see
    :func:`_colon_column`). Its text stays text in the Markdown."""
    if not table.low_confidence:
        return False
    rows = [*([table.header] if table.header else []), *table.rows]
    cells = [c for r in rows for c in r]
    if len(rows) < 3 or not cells:
        return False
    filled = sum(1 for c in cells if c.strip())
    lone = sum(1 for r in rows if sum(1 for c in r if c.strip()) <= 1)
    if filled <= SCATTERED_FILLED * len(cells) and lone >= SCATTERED_ROWS * len(rows):
        return True
    if _colon_column(rows):
        return True
    return _axis([r[0] if r else "" for r in rows]) or _axis([r[-1] if r else "" for r in rows])


def _colon_column(rows: Sequence[Sequence[str]]) -> bool:
    """A column past the first whose every cell starts with a colon, in most rows: labels
    set against a column of colons ("MICHAEL A. KNOWLES, :" over "v. : No. 07-1315", a
    court case's caption; "Name : value" lines), a layout of text, not a table's column."""
    width = max((len(r) for r in rows), default=0)
    for col in range(1, width):
        cells = [r[col].strip() for r in rows if col < len(r) and r[col].strip()]
        if (
            len(cells) >= COLON_ROWS
            and len(cells) >= SCATTERED_ROWS * len(rows)
            and all(c.startswith(":") for c in cells)
        ):
            return True
    return False


_TICK = re.compile(r"^[-−–]?[$€£¥]?(\d{1,3}(?:,\d{3})*|\d+)(?:\.\d+)?%?$")


def _axis(cells: Sequence[str]) -> bool:
    """A chart's value axis down a column: the leading numbers of its cells ("$140", "$120",
    ... "$0"; a cell may hold two ticks the reader ran together, "$60 $40"), AXIS_TICKS or more
    in at least half the rows, step one way by a step other than one (not a column of years or
    row numbers), or by two or three such steps where a tick is missing."""
    values: list[float] = []
    rows = 0
    for cell in cells:
        words = cell.split()
        if not words:
            continue
        rows += 1
        if _TICK.match(words[0]) is None:
            return False
        for word in words:
            if _TICK.match(word) is None:
                break
            sign = -1.0 if word[:1] in "-−–" else 1.0
            values.append(sign * float(word.lstrip("-−–$€£¥").rstrip("%").replace(",", "")))
    if len(values) < AXIS_TICKS or 2 * rows < len(cells):
        return False
    steps = [b - a for a, b in itertools.pairwise(values)]
    if not all(steps) or len({st > 0 for st in steps}) > 1:
        return False
    unit = min(abs(st) for st in steps)
    if unit == 1.0:
        return False
    multiples = [abs(st) / unit for st in steps]
    even = all(round(m) <= 3 and abs(m - round(m)) <= 0.01 for m in multiples)
    return even and 2 * sum(1 for m in multiples if round(m) == 1) >= len(steps)


def _take_table_rows(rows: list[Row], tables: list[Table]) -> tuple[list[Row], list[int | None], dict[int, list[Row]]]:
    """The rows outside every table, and for each table the index (in the rows kept) where its
    first row was (None when it held no row). A row right above a table that reads as its header
    is the table's (a header set over the grid's top rule, outside the box the reader gave). A
    row inside a table's box whose words are in none of its cells (notes printed in the table's
    frame) is the table's too but told apart: returned by table, to follow it."""
    if not tables:
        return rows, [], {}
    headers = [" ".join(" ".join(t.header).split()) for t in tables]
    tops = [_top_header_row(t) for t in tables]
    words: list[tuple[Counter[str], Counter[str]] | None] = [None] * len(tables)  # cell words, left to take
    marks: list[tuple[int | None, bool]] = []  # for each row: the table whose box holds it, and
    for r in rows:  # whether the table tells it (its words are the table's)
        cx, cy = (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2
        inside = next(
            (
                k
                for k, t in enumerate(tables)
                if _holds(t.bbox, cx, cy) or _header_over(r, t.bbox, headers[k]) or _header_over(r, t.bbox, tops[k])
            ),
            None,
        )
        told = False
        if inside is not None:
            cells = words[inside]
            if cells is None:
                cells = words[inside] = _table_words(tables[inside])
            # text none of its cells holds is kept when it reads as words (a note, a title),
            # not when it is pieces of a formula read as a grid
            told = _told_by(r.text, cells) or not _wordy(r.text)
        marks.append((inside, told))
    placed = {k for k, told in marks if k is not None and told}
    kept: list[Row] = []
    anchors: list[int | None] = [None] * len(tables)
    after: dict[int, list[Row]] = {}
    for r, (k, told) in zip(rows, marks, strict=True):
        if k is None or k not in placed:
            kept.append(r)
        elif told:
            if anchors[k] is None:
                anchors[k] = len(kept)
        else:
            after.setdefault(k, []).append(r)
    return kept, anchors, after


#: Share of a row's words a table's cells must hold for the row to be the table's own.
TOLD_BY_TABLE = 0.5
#: A row of at most this many words, or one set letter by letter, is the table's own when its
#: cells hold this share of its letters and digits (a mark such as ``HX`` printed over two
#: cells, a word in a script the table reader gives in another order).
SHORT_ROW_WORDS = 3
SHORT_ROW_CHARS = 0.8
_WORD = re.compile(r"\w+")


def _wordy(text: str) -> bool:
    """More than half of the text's words are words of three letters or more, two at least."""
    tokens = text.split()
    words = sum(1 for t in tokens if sum(ch.isalpha() for ch in t) >= 3)
    return words >= 2 and 2 * words > len(tokens)


def _table_words(table: Table) -> tuple[Counter[str], Counter[str]]:
    """The words of the table's cells (header included, printed header cells too), lower case,
    and their letters and digits."""
    texts = [*table.header, *(c for row in table.rows for c in row), *(c.text for c in table.header_cells or ())]
    words = Counter(w.lower() for text in texts if text for w in _WORD.findall(unicodedata.normalize("NFKC", text)))
    chars: Counter[str] = Counter()
    for w, n in words.items():
        for ch in w:
            chars[ch] += n
    return words, chars


def _told_by(text: str, cells: tuple[Counter[str], Counter[str]]) -> bool:
    """Whether the table's cells hold the row: ``TOLD_BY_TABLE`` of its words, each also
    found reversed (a right-to-left script) or without a note mark glued to its end; or, for a
    short row, ``SHORT_ROW_CHARS`` of its letters and digits. What is found is taken, so a
    row's words are counted once."""
    words, chars = cells
    mine = [w.lower() for w in _WORD.findall(unicodedata.normalize("NFKC", text))]
    if not mine:
        return True
    found: Counter[str] = Counter()
    for w in mine:
        for form in (w, w[::-1], w[:-1] if len(w) > 3 and w[-1].isalpha() else ""):
            if form and words[form] > found[form]:
                found[form] += 1
                break
    if sum(found.values()) >= TOLD_BY_TABLE * len(mine):
        words.subtract(found)
        return True
    if len(mine) <= SHORT_ROW_WORDS or sum(len(w) for w in mine) < 2 * len(mine):  # short, or letter-spaced
        need = Counter(ch for w in mine for ch in w)
        have = need & chars
        if sum(have.values()) >= SHORT_ROW_CHARS * sum(need.values()):
            chars.subtract(have)
            return True
    return False


def _top_header_row(table: Table) -> str:
    """The text of the table's top header row as printed (its cells left to right), when its
    header has several levels: a title over all its columns (``REPUBLICAN PARTY``) is the
    table's own even when it stands over the grid's top rule."""
    if not table.header_cells:
        return ""
    top = sorted((c for c in table.header_cells if c.row == 0 and c.text.strip()), key=lambda c: c.column)
    return " ".join(" ".join(c.text for c in top).split())


def _header_over(row: Row, box: Box, header: str) -> bool:
    """``row`` prints the table's header (its cells' words in order) right above its box."""
    if not header or not box.x0 - 2 <= (row.x0 + row.x1) / 2 <= box.x1 + 2:
        return False
    gap = box.y0 - row.y1
    return -2.0 <= gap <= 1.5 * max(row.height, 1.0) and " ".join(row.text.split()) == header


def _holds(box: Box, x: float, y: float) -> bool:
    return box.x0 - 2 <= x <= box.x1 + 2 and box.y0 - 2 <= y <= box.y1 + 2


def _position(units: list[Unit], box: Box, footnotes: set[int]) -> int:
    """Index of the first unit below ``box`` overlapping it horizontally (len(units): none)."""
    for k, u in enumerate(units):
        if id(u) in footnotes:
            continue
        if u.y0 >= box.y1 - 2.0 and u.x0 < box.x1 and u.x1 > box.x0:
            return k
    return len(units)


def _table_slot(units: list[Unit], box: Box, at: int | None, footnotes: set[int]) -> int:
    """Where a table stands among the units: between the last unit above it and the first unit
    below it that share its width (the page's reading order of the blocks around it), at the
    place of its first row in the text layer (``at``) when that lies between them. A text
    layer may draw a table before the title over it or after the notes under it; a table
    beside the text (an infobox) follows what is above it in its own column."""
    lo, hi = _between(units, box, footnotes)
    if lo > hi:  # no place fits both (the page's order does not follow its geometry)
        return hi if at is None else at
    if at is None:
        return hi
    return min(max(at, lo), hi)


def _between(units: list[Unit], box: Box, footnotes: set[int]) -> tuple[int, int]:
    """(one past the last unit above ``box``, the first unit below it), of the units that
    overlap it horizontally (footnotes aside)."""
    lo, hi = 0, len(units)
    for k, u in enumerate(units):
        if id(u) in footnotes or u.x0 >= box.x1 - 1.0 or u.x1 <= box.x0 + 1.0:
            continue
        if u.y1 <= box.y0 + 2.0:
            lo = k + 1
        elif u.y0 >= box.y1 - 2.0 and k < hi:
            hi = k
    return lo, hi


def _headings_over_tables(units: list[Unit], boxes: Sequence[Box], footnotes: set[int]) -> list[Unit]:
    """A heading right above a table that the text layer gives after what is below the table
    (a title drawn last) moves to just before the first unit below the table: the table
    follows it there."""
    for box in boxes:
        over = next(
            (k for k, u in enumerate(units) if u.kind == "heading" and _box_below(u, [box], units) is not None), None
        )
        if over is None:
            continue
        _, hi = _between(units, box, footnotes)
        if hi < over:
            units = [*units[:hi], units[over], *units[hi:over], *units[over + 1 :]]
    return units


class _Captions(dict):  # type: ignore[type-arg]
    """(kind, index) -> caption text, and the caption units used."""

    def __init__(self) -> None:
        super().__init__()
        self.values_units: list[Unit] = []


def _tie_captions(
    units: list[Unit], figures: list[tuple[str, Box]], tables: list[Table], style: DocumentStyle
) -> _Captions:
    out = _Captions()
    line = max(style.body_size, 8.0) * 1.2
    reach = CAPTION_LINES * line
    pairs: list[tuple[float, int, tuple[str, int]]] = []
    caps = [u for u in units if u.kind == "caption"]
    targets = [(("f", k), box) for k, (_, box) in enumerate(figures)] + [
        (("t", k), t.bbox) for k, t in enumerate(tables)
    ]
    for c, u in enumerate(caps):
        is_table = u.text.lower().startswith(("tab", "tableau"))
        for key, box in targets:
            if u.x1 <= box.x0 or u.x0 >= box.x1:
                continue
            below = u.y0 - box.y1
            above = box.y0 - u.y1
            gap = below if below >= -2 else above if above >= -2 else None
            if gap is None or gap > reach:
                continue
            # a table caption with a table, a figure caption with a figure, before anything else
            penalty = 0.0 if (key[0] == "t") == is_table else 1000.0
            pairs.append((penalty + max(gap, 0.0), c, key))
    used_caps: set[int] = set()
    for _, c, key in sorted(pairs):
        if c in used_caps or key in out:
            continue
        used_caps.add(c)
        out[key] = caps[c].text
        out.values_units.append(caps[c])
    return out


# --------------------------------------------------------------------------------------------
# Elements


def _element(unit: Unit, join_hyphenation: bool) -> Element:
    box = Box(unit.x0, unit.y0, unit.x1, unit.y1)
    if unit.kind == "code":
        return Element("code", text=_code_text(unit.rows), bbox=box)
    text = unit.text
    if unit.kind == "heading":
        return Element("heading", text=text, bbox=box, level=unit.level)
    if unit.kind == "list_item":
        marker = unit.marker
        rest = text[len(marker) :].strip() if text.startswith(marker) else text
        m = _ORDERED.match(marker)
        if m:
            return Element("list_item", text=rest, bbox=box, level=unit.level, marker=f"{m.group(1)}.")
        if marker[0].isalnum() or marker[0] == "(":
            return Element("list_item", text=f"{marker} {rest}", bbox=box, level=unit.level, marker="-")
        return Element("list_item", text=rest, bbox=box, level=unit.level, marker="-")
    kind = "paragraph"
    return Element(
        kind,
        text=text,
        bbox=box,
        # a short bold row of its own (a label such as "Contact Information" over an address) is
        # not a sentence a column break cut: it never runs on into the next paragraph (a bold
        # row of a paragraph, emphasis across the measure, does)
        open_end=not text.endswith(_CLOSING)
        and not (unit.bold and len(unit.rows) == 1 and len(text.split()) <= LABEL_WORDS),
        ends=unit.last.ends,
        open_start=text[:1].islower(),
        size=unit.size,
    )


def _code_text(rows: list[Row]) -> str:
    """Code rows with their indentation (in characters of the rows' own width)."""
    left = min(r.x0 for r in rows)
    widths = [(r.x1 - r.x0) / len(r.text) for r in rows if len(r.text) >= 4]
    char = sorted(widths)[len(widths) // 2] if widths else 6.0
    out = []
    for r in rows:
        indent = round((r.x0 - left) / char) if char > 0 else 0
        out.append(" " * max(0, min(indent, 40)) + r.text)
    return "\n".join(out)


def _join_columns(elements: list[Element]) -> list[Element]:
    """A paragraph cut by a column break (the next one, past any figure or table between them,
    starts mid-sentence) becomes one paragraph; what stood between follows it."""
    out: list[Element] = []
    k = 0
    while k < len(elements):
        el = elements[k]
        if el.kind != "paragraph" or not el.open_end:
            out.append(el)
            k += 1
            continue
        j = k + 1
        while j < len(elements) and elements[j].kind in ("figure", "table"):
            j += 1
        nxt = elements[j] if j < len(elements) else None
        if nxt is not None and continues(el, nxt):
            merged = join_paragraphs(el, nxt)
            elements = [*elements[:k], merged, *elements[k + 1 : j], *elements[j + 1 :]]
            continue  # the merged paragraph may run on again
        out.append(el)
        k += 1
    return out


def continues(a: Element, b: Element) -> bool:
    """Paragraph ``b`` carries on the sentence paragraph ``a`` left open."""
    if a.kind != "paragraph" or b.kind != "paragraph" or not a.open_end or not b.open_start:
        return False
    big = max(a.size, b.size)
    return big <= 0 or abs(a.size - b.size) <= 0.12 * big


def join_paragraphs(a: Element, b: Element) -> Element:
    head, _, rest = b.text.partition(" ")
    if a.ends or (a.text[-1:] in HYPHENS and ends_hyphenated(a.text, b.text)):
        text = hyphen_join(a.text, head, a.ends) + (" " + rest if rest else "")
    else:
        text = a.text + " " + b.text
    return evolve(a, text=text, open_end=b.open_end, ends=b.ends)


def _size(facts: DocumentFacts, page: PageText) -> tuple[float, float]:
    if 0 <= page.index < len(facts.pages):
        info = facts.pages[page.index]
        return info.width, info.height
    return 612.0, 792.0
