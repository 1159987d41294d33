"""A document's typography, learnt once: the body text's size and face, and which styles set
its headings at which level.

Headings are a property of the document, not of one page: "bold 12 pt" (or "italic 10 pt", or
"underlined 10 pt", in a document whose body is neither, set at the body's size at least: an
italic line smaller than the body is a byline's or a caption's) is a section title
because it sets short lines standing apart on many pages, and its level follows from the other
heading styles (bigger is higher). So the style is learnt from a fixed set of pages
(:func:`sample_indexes`, a function of the page count only) and every page is read with it:
a page gets the same headings at the same levels whether it is read alone or with the whole
document.

Sources of levels, most trusted first:

- a tagged PDF's structure tree (H1-H6, Title) when its headings look like headings (short)
  and it tags at least a quarter as many as typography finds on the sample pages;
- the outline: bookmarks matched to a unit's text on their page (see
  :mod:`pdfcore.structure.outline`) vote for that unit's style's level;
- typography: heading styles ordered by size (bold, then underlined, then italic, then
  regular at one size); a style no outline entry voted for sits one level below the
  style before it.

Whether a unit is shaped and placed like a heading whatever the style (short, aligned with the
running text, introducing text) is :mod:`pdfcore.structure.heading_shape`; here, what needs the
style: prominence and :func:`heading_candidate`.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence

from attrs import field, frozen

from pdfcore.layout.hyphens import Lexicon
from pdfcore.models import DocumentFacts, OutlineEntry, PageText
from pdfcore.structure.chapter_labels import over_title
from pdfcore.structure.heading_shape import (
    aligned,
    byline,
    credit_line,
    heading_shaped,
    in_parentheses,
    introduces_text,
    is_heading_role,
    name_list,
    numbering_depth,
    page_title,
    spread_out,
    text_columns,
)
from pdfcore.structure.letterhead import letterhead_name
from pdfcore.structure.markers import list_marker
from pdfcore.structure.outline import match_outline, outline_by_page
from pdfcore.structure.rows import page_rows
from pdfcore.structure.unit import Unit
from pdfcore.structure.unit_tidy import rows_aligned, tidy_units
from pdfcore.structure.units import split_units
from pdfcore.structure.upright import upright_pages

#: Documents of up to this many pages are learnt from every page; longer ones from the first
#: SAMPLE_HEAD pages and SAMPLE_PAIRS pairs of facing pages spread through the rest.
SAMPLE_ALL = 40
SAMPLE_HEAD = 8
SAMPLE_PAIRS = 10
#: Prominence: this much larger than the body, or bold at least this share of its size.
LARGER = 1.12
BOLD_SIZE = 0.85
#: A numbered line is prominent this much larger than the body (LaTeX's ``\large`` over an
#: 11 pt body: a clause's number and title over its numbered sub-clauses).
NUMBERED_LARGER = 1.08
#: A heading set apart by its face alone (italic or underlined, not bold) is set this share
#: of the body's size at least.
ACCENT_SIZE = 0.95
#: A style is a heading style when at least this share of its units are heading-like.
HEADING_SHARE = 0.5
#: ...and it sets at most this share of the document's characters.
HEADING_TEXT_SHARE = 0.25
#: Tagged headings are trusted when their median length is at most this many characters.
TAGGED_HEADING_CHARS = 150
#: A structure tree gives the headings when it tags at least this share of as many headings as
#: typography finds on the sample pages; a tree that tags almost none (a report whose every line
#: is a paragraph but its cover's) is not taken as saying the document has no headings.
TREE_HEADING_SHARE = 0.25
MAX_LEVEL = 6

#: (size to the half point, bold, accent: see :func:`accent`).
StyleKey = tuple[float, bool, int]

#: A pointer to other text, "See" and two words or more ("See accompanying notes to consolidated
#: financial statements", "See Note 4"; "See also" names a section): no heading, whatever its face.
_CROSS_REFERENCE = re.compile(r"See\s+\S+(?:\s+\S+)+")
#: A postal address: words and a comma, ending with a postal code (``Morton Grove, Illinois
#: 60053``, ``Washington, D.C. 20549``, ``Norwood, MA 02062-9106``).
_ADDRESS = re.compile(r",[^,]*\S\s+\d{5}(?:-\d{4})?$")
#: A function applied to a one-letter variable: "f(x)", "Cos(x TΩ1)" ("Author(s)" is a word).
_FORMULA = re.compile(r"[^\W\d_]\((?!s\))[^\W\d_](?=[\s,)]|$)", re.UNICODE)


@frozen
class DocumentStyle:
    body_size: float = 0.0
    body_bold: bool = False
    body_mono: bool = False
    body_italic: bool = False
    #: Heading styles, most prominent first: (style key, level).
    levels: tuple[tuple[StyleKey, int], ...] = ()
    #: The usual numbering depth of each heading style's headings ("2.1": 2), when numbered.
    depths: tuple[tuple[StyleKey, int], ...] = ()
    #: The structure tree's heading tags are used for this document.
    tagged: bool = False
    #: The lines' tagged roles are read (False: the structure tree is ignored).
    roles: bool = True
    #: The outline's entries by the 1-based page they point to.
    outline: dict[int, list[OutlineEntry]] = field(factory=dict, eq=False, repr=False)

    def depth_of(self, size: float, bold: bool, accent: int = 0) -> int:
        """The numbering depth headings in this style usually have (0: unnumbered, unknown)."""
        key = style_key(size, bold, accent)
        return next((d for k, d in self.depths if k == key), 0)

    def knows(self, size: float, bold: bool, accent: int = 0) -> bool:
        """Headings are set in this style in this document (a bold style with an accent: or in
        the plain bold style of its size; its level is then below that style's)."""
        key = style_key(size, bold, accent)
        plain = style_key(size, bold) if bold and accent else None
        return any(k in (key, plain) for k, _ in self.levels)

    def level_of(self, size: float, bold: bool, accent: int = 0) -> int:
        """The level of a heading set in this style: its learnt level; for a style not learnt,
        one below the closest more prominent learnt style (1 when none is); without learnt
        styles, by how much larger than the body text it is."""
        key = style_key(size, bold, accent)
        closest = 0
        for k, level in self.levels:  # most prominent first
            if k == key:
                return level
            if _prominence(k) < _prominence(key):  # more prominent than this style
                closest = level
        if self.levels:
            return min(MAX_LEVEL, closest + 1)
        if self.body_size and size >= 1.6 * self.body_size:
            return 1
        if self.body_size and size >= 1.25 * self.body_size:
            return 2
        return 3


NO_STYLE = DocumentStyle()


def style_key(size: float, bold: bool, accent: int = 0) -> StyleKey:
    return (round(size * 2) / 2, bold, accent)


def _prominence(key: StyleKey) -> tuple[float, bool, int]:
    """Sorts styles most prominent first: larger, then bold; at one size and weight underlined
    first, then bold before bold italic, and italic before regular."""
    size, bold, how = key
    if how == UNDERLINED:
        rank = 0
    elif bold:
        rank = 1 if how == 0 else 2
    else:
        rank = 1 if how == ITALIC else 2
    return (-size, not bold, rank)


UNDERLINED = 2
ITALIC = 1


def accent(unit: Unit, style: DocumentStyle) -> int:
    """How the unit's face sets it apart besides its weight: UNDERLINED, ITALIC (in a document
    whose body text is not italic), or 0."""
    if unit.underlined:
        return UNDERLINED
    return ITALIC if unit.italic and not style.body_italic else 0


def unit_key(unit: Unit, style: DocumentStyle) -> StyleKey:
    return style_key(unit.size, unit.bold, accent(unit, style))


def sample_indexes(page_count: int) -> list[int]:
    """0-based pages a document's style is learnt from: a function of the page count only."""
    if page_count <= SAMPLE_ALL:
        return list(range(page_count))
    picks = set(range(SAMPLE_HEAD))
    rest = page_count - SAMPLE_HEAD
    for k in range(SAMPLE_PAIRS):
        first = SAMPLE_HEAD + (2 * k + 1) * rest // (2 * SAMPLE_PAIRS)
        first = min(first, page_count - 2)
        picks.update((first, first + 1))
    return sorted(picks)


#: Lines of one style stacked under a title that are its block (see :func:`_stacked`): at most.
FRONT_LINES = 3


def _stacked(units: Sequence[Unit], at: int, key: StyleKey, base: DocumentStyle) -> bool:
    """``units[at]`` is one of lines of one style (``key``) stacked one under the other, each of
    which could head text, right under a line set more prominently that could too: a paper's
    subtitle over its version and date under its title, not a heading and its text (a
    heading's style stands over another's). A stack opening the page (two lines of a title)
    is no such thing."""

    def same(k: int) -> bool:
        return (
            0 <= k < len(units) and unit_key(units[k], base) == key and heading_candidate(units[k], units[k].text, base)
        )

    if not (same(at - 1) or same(at + 1)):
        return False
    first, last = at, at
    while same(first - 1):
        first -= 1
    while same(last + 1):
        last += 1
    if first == 0 or last - first + 1 > FRONT_LINES:
        return False  # (a longer stack: a contents page's entries under its title)
    above = units[first - 1]
    return _prominence(unit_key(above, base)) < _prominence(key) and heading_candidate(above, above.text, base)


def learn(
    pages: Sequence[PageText], facts: DocumentFacts, *, join_hyphenation: bool = True, use_structure_tree: bool = True
) -> DocumentStyle:
    """The document's style from its sample pages (finished: blocks in reading order).
    ``use_structure_tree=False`` ignores a tagged PDF's roles (typography and outline only)."""
    pages, facts = upright_pages(pages, facts)  # pages scanned turned, read upright
    per_page: list[tuple[PageText, list[Unit]]] = []
    sizes: Counter[float] = Counter()
    bold_chars: Counter[float] = Counter()
    mono_chars: Counter[float] = Counter()
    italic_chars: Counter[float] = Counter()
    tagged_lengths: list[int] = []
    for page in pages:
        rows = page_rows(
            page, join_hyphenation=join_hyphenation, page_height=_height(facts, page.index), roles=use_structure_tree
        )
        for r in rows:
            n = len(r.text)
            size = round(r.size * 2) / 2
            sizes[size] += n
            if r.bold:
                bold_chars[size] += n
            if r.mono:
                mono_chars[size] += n
            if r.italic:
                italic_chars[size] += n
        units = split_units(rows, join_hyphenation, Lexicon(text=page.text) if join_hyphenation else None)
        per_page.append((page, units))
        tagged_lengths.extend(len(u.text) for u in units if is_heading_role(u.role))
    outline = outline_by_page(facts.outline)
    if not sizes:
        return DocumentStyle(roles=use_structure_tree, outline=outline)
    body = max(sizes, key=lambda s: (sizes[s], -s))
    body_bold = bold_chars[body] * 2 > sizes[body]
    body_mono = mono_chars[body] * 2 > sizes[body]
    body_italic = italic_chars[body] * 2 > sizes[body]
    base = DocumentStyle(body_size=body, body_bold=body_bold, body_mono=body_mono, body_italic=body_italic)
    tree = bool(tagged_lengths) and sorted(tagged_lengths)[len(tagged_lengths) // 2] <= TAGGED_HEADING_CHARS
    total_chars = sum(sizes.values())
    candidates: Counter[StyleKey] = Counter()
    seen: Counter[StyleKey] = Counter()
    chars: Counter[StyleKey] = Counter()
    votes: dict[StyleKey, Counter[int]] = defaultdict(Counter)
    depths: dict[StyleKey, Counter[int]] = defaultdict(Counter)
    over_body: set[StyleKey] = set()  # styles of candidates over a unit set at the body's size
    under: Counter[StyleKey] = Counter()  # candidates right under a more prominent one
    for page, split in per_page:
        label = facts.pages[page.index].label if 0 <= page.index < len(facts.pages) else None
        units = tidy_units(split, body, _height(facts, page.index), label)
        entries = outline.get(page.index + 1, [])
        columns = text_columns(units, body)
        width = facts.pages[page.index].width if 0 <= page.index < len(facts.pages) else 0.0
        height = _height(facts, page.index)
        for at, u in enumerate(units):
            key = unit_key(u, base)
            text = u.text
            seen[key] += 1
            chars[key] += len(text)
            entry = match_outline(text, entries) if entries and heading_shaped(u, text) else None
            if entry is not None:
                votes[key][entry.level] += 1
            if (
                heading_candidate(u, text, base)
                and not over_title(units, at)
                and not _stacked(units, at, key, base)
                and not counted_item(units, at, key, base)
                and not (
                    page.index == 0
                    and letterhead_name(units, at, lambda v: heading_candidate(v, v.text, base), page.rules)
                )
                and (aligned(u, columns, width, units) or (page.index == 0 and page_title(u, units, body)))
                and introduces_text(units, at, height)
            ):
                candidates[key] += 1
                if at + 1 < len(units) and round(units[at + 1].size * 2) / 2 == body:
                    over_body.add(key)
                if at and _particulars(text) and _under_heading(units[at - 1], key, base):
                    under[key] += 1
                depth = numbering_depth(text)
                if depth:
                    depths[key][depth] += 1
    if tree and len(tagged_lengths) >= TREE_HEADING_SHARE * sum(candidates.values()):
        return DocumentStyle(
            body_size=body,
            body_bold=body_bold,
            body_mono=body_mono,
            body_italic=body_italic,
            tagged=True,
            roles=True,
            outline=outline,
        )
    top = min(candidates, key=_prominence, default=None)
    styles = [
        k
        for k in candidates
        if candidates[k] >= HEADING_SHARE * seen[k]
        and chars[k] <= HEADING_TEXT_SHARE * total_chars
        and (candidates[k] >= 2 or k == top or votes.get(k))
        and not _subtitles(k, candidates[k], under[k], body, votes.get(k))
    ]
    styles += [
        k for k in candidates if k not in styles and _lone_level(k, candidates, seen, styles, body, k in over_body)
    ]
    styles.sort(key=_prominence)
    levels: list[tuple[StyleKey, int]] = []
    numbered = tuple((k, min(depths[k])) for k in styles if depths.get(k))
    previous = 0
    for k in styles:
        if votes.get(k):
            level = votes[k].most_common(1)[0][0]
        else:
            level = previous + 1 if previous else 1
        level = max(1, min(MAX_LEVEL, level))
        levels.append((k, level))
        previous = level
    return DocumentStyle(
        body_size=body,
        body_bold=body_bold,
        body_mono=body_mono,
        body_italic=body_italic,
        levels=tuple(levels),
        depths=numbered,
        roles=use_structure_tree,
        outline=outline,
    )


#: A list's item opens with its number and a stop or a parenthesis (``4. Reports:``).
_ITEM_NUMBER = re.compile(r"(\d{1,3})[.)]\s")
#: Items of one list stand at most this share of their height below the item over them, and
#: at most this many points further below a nested list's last item than its items are apart.
ITEM_LEADING = 1.0
NESTED_SLACK = 1.0


def counted_item(units: Sequence[Unit], at: int, key: StyleKey, base: DocumentStyle) -> bool:
    """``units[at]`` is an item of a numbered list, not a numbered heading: the next number, or
    the one before, opens a unit in its style right under it, or under the items of a list
    nested in it (``4. Reports:`` over ``a) President's report`` ... over ``5. Appointment of the
    independent examiner``), no more apart than lines of one list (ITEM_LEADING of its height,
    or as far as the nested items are apart: a heading stands apart from the text over it). Each item's words read as a heading over
    text; the agenda they make is no run of sections."""
    m = _ITEM_NUMBER.match(units[at].text)
    if m is None:
        return False
    n = int(m.group(1))
    for step in (1, -1):
        k = at + step
        while 0 <= k < len(units) and unit_key(units[k], base) != key and list_marker(units[k].text):
            k += step
        if not 0 <= k < len(units):
            continue
        found = _ITEM_NUMBER.match(units[k].text)
        if found is None or unit_key(units[k], base) != key or int(found.group(1)) != n + step:
            continue
        first, last = min(at, k), max(at, k)
        gaps = [units[j + 1].y0 - units[j].y1 for j in range(first, last)]
        height = units[last].y1 - units[last].y0
        # (the items nested in between as far apart as the next item from them: no heading's
        # blank over it)
        if gaps[-1] <= (ITEM_LEADING * height if len(gaps) == 1 else max(gaps[:-1]) + NESTED_SLACK):
            return True
    return False


def _under_heading(above: Unit, key: StyleKey, base: DocumentStyle) -> bool:
    """``above``, the unit over a candidate of style ``key``, could head text and is set more
    prominently."""
    return _prominence(unit_key(above, base)) < _prominence(key) and heading_candidate(above, above.text, base)


def _particulars(text: str) -> bool:
    """A line of particulars rather than a title: a figure or a comma in it (dates, a venue)."""
    return "," in text or any(ch.isdigit() for ch in text)


def _subtitles(key: StyleKey, count: int, under: int, body: float, votes: Counter[int] | None) -> bool:
    """Candidates of style ``key`` that each stand right under a more prominent one and read as
    particulars (``under`` of ``count``: a play's dates and venue under its title), set at the
    body's size or smaller and not in bold (italic, or in an accent colour): lines under
    headings, not headings of a level of their own, whose sections would each open right under
    the heading above. Titles so set (``Opening Hours`` under each article's headline) stay
    headings, and so does a style the outline names."""
    return count >= 2 and under == count and key[0] <= body and not key[1] and not votes


#: A point larger than the body at least sets a lone heading apart (see :func:`_lone_level`).
LONE_POINTS = 1.0


def _lone_level(
    key: StyleKey,
    candidates: Counter[StyleKey],
    seen: Counter[StyleKey],
    styles: list[StyleKey],
    body: float,
    over_body: bool = False,
) -> bool:
    """A style setting one heading alone (a hotel guide's one subsection, "If you discover a
    fire", bold and larger than the body under its section's bigger heading) is a level of its
    own when its one unit is a heading candidate, it is bold and larger than the body (by
    LARGER; or by LONE_POINTS over text at the body's size, ``over_body``, a caption over a
    table's rows set smaller being no heading, and no less prominent style setting two heading
    candidates or more: a form's lettered parts in bold at the body's size), and every
    heading style already found is more prominent (the document has headings, this one is the
    lowest: the levels found stay as they were), and no less prominent style sets heading
    candidates mostly (their headings' level, one below the closest style learnt, would move),
    but for a style not bold setting one line (a newsletter's standfirst under its title) and
    a bold one smaller than the body setting one line (a table's caption). Styles set smaller
    than the body are left out of both tests (a table's bold column headings, read as text)."""
    size, bold, _ = key
    # (styles set smaller than the body head no text of the body's: a table's bold headings)
    under = [k for k in candidates if k[0] >= body and _prominence(key) < _prominence(k)]
    larger = size >= LARGER * body or (
        size >= body + LONE_POINTS and over_body and not any(candidates[k] >= 2 for k in under)
    )
    return (
        candidates[key] == 1
        and seen[key] == 1
        and bold
        and larger
        and bool(styles)
        and all(_prominence(k) < _prominence(key) for k in styles if k[0] >= body)
        and not any(
            candidates[k] >= HEADING_SHARE * seen[k] and ((k[1] and k[0] >= body) or candidates[k] >= 2) for k in under
        )
    )


# --------------------------------------------------------------------------------------------
# Heading tests that need the document's style


def prominent(unit: Unit, style: DocumentStyle) -> bool:
    body = style.body_size
    if body <= 0:
        return False
    size = unit.size
    if size >= LARGER * body or (size >= NUMBERED_LARGER * body and numbering_depth(unit.text) > 0):
        return True
    if size < BOLD_SIZE * body:
        return False
    if unit.bold and not style.body_bold:
        return True
    # an italic (or underlined) line set smaller than the body is a byline's, a caption's or a
    # note's ("By Helen Ashworth" under a newsletter's headline), not a section's heading
    return accent(unit, style) > 0 and size >= ACCENT_SIZE * body


#: A name in lower case and a colon before a title in capitals: ``siltpack: Compacting Logs``.
_NAMED = re.compile(r"[a-z][\w.-]*: [A-Z]")


#: A sentence's end inside a text (a lower-case letter or a figure, a stop, a capital): a text
#: with two of them, ending with a stop, is three sentences, no heading (a meeting's date, time
#: and place under its title).
_SENTENCE_BREAK = re.compile(r"[a-z0-9][.!?] [A-Z]")


def heading_candidate(unit: Unit, text: str, style: DocumentStyle, *, long: bool = False) -> bool:
    """A unit that looks like a heading on its own: short, prominent, not a list item's text
    (a bulleted bold line is a list item), not a list of people's names (a paper's author line
    set in its section headings' style) nor a story's byline ("By Harriet Okonkwo") nor names and
    their affiliation ("Sofia Marchetti, Kirkdale Agricultural College"), not an
    italic or underlined lead-in ending with a colon, not wholly in parentheses, without a blank to fill in ("from ____ to ____"), not a
    postal address (ending with a postal code after a comma: "Morton Grove, Illinois 60053"), not a
    formula (a function of one variable, "Cos(x", or a symbol font's bracket pieces), not three
    sentences or more (see _SENTENCE_BREAK) nor two set off by an accent alone (italic or
    underlined at the body's size, not bold: a painting's credit under its title), with its rows
    aligned (see :func:`~pdfcore.structure.units.rows_aligned`) and not spread out (see
    :func:`~pdfcore.structure.heading_shape.spread_out`), no row of it mostly small text beside
    an outsized word (a logo, see ``Row.outsized``), starting with a capital, a digit, a quote
    or a name written in mixed case ("pioNER", "iPhone": a lowercase first letter with a capital after
    it in the first word), or a name in lower case and a colon before a capital ("siltpack:
    Compacting Weather Station Logs")."""
    if (
        not prominent(unit, style)
        or not heading_shaped(unit, text, long=long)
        or name_list(text)
        or byline(text)
        or credit_line(text)
    ):
        return False  # (the cheap test first: most text is set at the body size)
    if not rows_aligned(unit) or spread_out(unit):
        return False  # a table's column heads, wrapped in their columns or set apart along a row
    if any(r.outsized for r in unit.rows):
        return False  # a logo's huge word beside the small line of text it heads
    if text.endswith(":") and accent(unit, style):
        return False  # an italic or underlined lead-in ("Related requirements:") over a list
    if in_parentheses(text) or "___" in text:
        return False  # an aside or a form's field label ("(Mark One)", "(In thousands)"), a blank
    if _ADDRESS.search(text):
        return False  # a postal address (a form's or a letterhead's), set bold or large
    if _CROSS_REFERENCE.match(text):
        return False  # a pointer to other text under a statement, set in its title's face
    if _FORMULA.search(text) or sum(1 for c in text if "\ue000" <= c <= "\uf8ff") >= 2:
        return False  # a displayed formula: "Sin(x TΩk)", bracket pieces from a symbol font
    breaks = len(_SENTENCE_BREAK.findall(text)) if text.endswith(".") else 0
    if breaks >= 2:
        return False  # sentences: "Date: Tuesday 9 April 2024. Time: 7:00 pm. Location: ..."
    if breaks and not unit.bold and unit.size < LARGER * style.body_size:
        return False  # two sentences set off by italics alone: a credit ("Oil on canvas. Lent by ...")
    if text[:1].islower() and not any(c.isupper() for c in text.split(" ", 1)[0][1:]) and not _NAMED.match(text):
        return False
    marker = list_marker(text)
    return not marker or marker[0].isalnum() or marker[0] == "("


def _height(facts: DocumentFacts, index: int) -> float:
    return facts.pages[index].height if 0 <= index < len(facts.pages) else 0.0
