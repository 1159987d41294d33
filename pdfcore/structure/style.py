"""A document's typography, learnt once: the body text's size and face, and which styles set
its headings at which level.

Headings are a property of the document, not of one page: "bold 12 pt" (or "italic 10 pt", or
"underlined 10 pt", in a document whose body is neither) is a section title
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
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence

from attrs import field, frozen

from pdfcore.caption_words import is_caption
from pdfcore.layout.hyphens import Lexicon
from pdfcore.models import DocumentFacts, OutlineEntry, PageText
from pdfcore.structure.outline import match_outline, outline_by_page
from pdfcore.structure.rows import page_rows
from pdfcore.structure.unit_tidy import rows_aligned, tidy_units
from pdfcore.structure.units import Unit, list_marker, split_units
from pdfcore.structure.upright import upright_pages

#: Documents of up to this many pages are learnt from every page; longer ones from the first
#: SAMPLE_HEAD pages and SAMPLE_PAIRS pairs of facing pages spread through the rest.
SAMPLE_ALL = 40
SAMPLE_HEAD = 8
SAMPLE_PAIRS = 10
#: A heading is at most this many rows, characters and words.
HEADING_ROWS = 3
HEADING_CHARS = 160
HEADING_WORDS = 24
#: ...or, set in a style the document's headings are set in, one sentence of up to this many
#: times the characters and words (a statement heading: a report's risk factor, "Our business
#: is subject to ..., which may increase our costs, ... or otherwise affect our business.").
LONG_HEADING = 2.0
#: Prominence: this much larger than the body, or bold at least this share of its size.
LARGER = 1.12
BOLD_SIZE = 0.85
#: A style is a heading style when at least this share of its units are heading-like.
HEADING_SHARE = 0.5
#: ...and it sets at most this share of the document's characters.
HEADING_TEXT_SHARE = 0.25
#: A row wider than this many em per character holds wide gaps (see spread_out).
SPREAD_EM = 1.1
#: Tagged headings are trusted when their median length is at most this many characters.
TAGGED_HEADING_CHARS = 150
#: A structure tree gives the headings when it tags at least this share of as many headings as
#: typography finds on the sample pages; a tree that tags almost none (a report whose every line
#: is a paragraph but its cover's) is not taken as saying the document has no headings.
TREE_HEADING_SHARE = 0.25
MAX_LEVEL = 6
#: A heading set out left of the running text starts at most this many em left of it, at a
#: margin at least this many other units of its page start at (see _set_out).
SET_OUT_EMS = 6.0
SET_OUT_PEERS = 1
#: ...the running text's rows holding this many words (with a letter: no figures) on average.
SET_OUT_ROW_WORDS = 5

#: (size to the half point, bold, accent: see :func:`accent`).
StyleKey = tuple[float, bool, int]

_NUMBERING = re.compile(
    r"^(?:(Chapter|CHAPTER|Section|SECTION|Part|PART|Appendix|APPENDIX|Item|ITEM|Article|ARTICLE)\s+)?"
    r"([A-Z]|\d+)((?:\.\d+)*)\.?(?=\s)"
)
#: After a word that names a division, its number may carry a letter ("Item 1A", "ITEM 7A:") or
#: be a roman numeral ("PART II", "Article IV"), and end with a colon.
_NAMED_NUMBER = re.compile(
    r"^(?:Chapter|CHAPTER|Section|SECTION|Part|PART|Appendix|APPENDIX|Item|ITEM|Article|ARTICLE)\s+"
    r"(?:\d+[A-Z]?|[IVXLC]+)((?:\.\d+)*)[.:]?(?=\s|$)"
)
#: A postal address: words and a comma, ending with a postal code (``Morton Grove, Illinois
#: 60053``, ``Washington, D.C. 20549``, ``Norwood, MA 02062-9106``).
_ADDRESS = re.compile(r",[^,]*\S\s+\d{5}(?:-\d{4})?$")
_LONG_WORD = re.compile(r"[^\W\d_]{3}", re.UNICODE)
#: A sentence's end with another one after it (a word of two letters or more before the stop,
#: so that initials and "U.S." do not count).
_SENTENCE_BREAK = re.compile(r"[^\W\d_]{2}[.!?][\"\u201d\u2019)]?\s+[\"\u201c\u2018(]?[A-Z]", re.UNICODE)
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
                and aligned(u, columns, width, units)
                and introduces_text(units, at, height)
            ):
                candidates[key] += 1
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


# --------------------------------------------------------------------------------------------
# Shared tests on units


def is_heading_role(role: str) -> bool:
    return role == "Title" or (role[:1] == "H" and (len(role) == 1 or role[1:].isdigit()))


def role_level(role: str) -> int:
    if role == "Title":
        return 1
    return int(role[1:]) if role[1:].isdigit() else 0


def heading_shaped(unit: Unit, text: str, *, long: bool = False) -> bool:
    """Short enough for a heading, with words, not ending like a clause. ``long`` (asked of a
    unit in a style the document's headings are set in): one sentence up to LONG_HEADING times
    as long, commas in it, not ending with a colon nor starting with a list marker."""
    scale = LONG_HEADING if long else 1.0
    if len(unit.rows) > HEADING_ROWS or len(text) > scale * HEADING_CHARS or len(text.split()) > scale * HEADING_WORDS:
        return False
    if not _LONG_WORD.search(text) or text.endswith((",", ";")):
        return False
    if long:
        if _SENTENCE_BREAK.search(text) or "@" in text or text.endswith(":") or list_marker(text):
            return False  # a paragraph set bold, a form's long prompt, a numbered item
    elif text.count(",") >= 3 or "@" in text:
        return False  # a list of names or addresses (an author block)
    return not is_caption(text)


def text_columns(units: Sequence[Unit], body_size: float) -> list[tuple[float, float]]:
    """Left and right edges of the page's running text: paragraphs of two rows or more at the
    body size (one pair per column), not set flush right. A list item's margin is its marker's edge, not the indent
    its wrapped rows hang at."""
    edges: list[tuple[float, float]] = []
    for u in units:
        if len(u.rows) < 2 or (body_size and abs(u.size - body_size) > 0.1 * body_size) or _flush_right(u):
            continue
        x = u.first.x0 if u.hanging or list_marker(u.text) else _margin_of(u)
        if not any(abs(x - e[0]) <= 3.0 for e in edges):
            edges.append((x, u.x1))
    return edges


def _flush_right(unit: Unit) -> bool:
    """Rows set flush right, ragged left: ending within half an em of each other, the last
    starting more than half an em right of the first (a first-line indent goes the other way);
    their left edge is no margin of the running text."""
    rows = unit.rows
    em = max(unit.size, 1.0)
    if rows[-1].x0 - rows[0].x0 <= 0.5 * em or unit.hanging:
        return False  # the common case: a paragraph's rows share its margin
    ends = [r.x1 for r in rows]
    return max(ends) - min(ends) <= 0.5 * em


def aligned(unit: Unit, columns: Sequence[tuple[float, float]], page_width: float, units: Sequence[Unit] = ()) -> bool:
    """A heading starts at the left edge of the running text (a little in from it, or out by
    half its em: a list set in from its heading), or is centred on the page or on a column, or
    is set out at a margin left of the running text (see :func:`_set_out`, asked of the page's
    ``units``); anything else is a label inside a drawing."""
    if not columns:
        return True
    x0, x1 = unit.x0, unit.x1
    em = max(unit.size, 6.0)
    centre = (x0 + x1) / 2
    for left, right in columns:
        if -max(3.0, 0.5 * em) <= x0 - left <= 2.5 * em or abs(centre - (left + right) / 2) <= max(
            6.0, 0.03 * (right - left)
        ):
            return True
        if units and _set_out(unit, left, right, units):
            return True
    return bool(page_width) and abs(centre - page_width / 2) <= 0.03 * page_width


def _set_out(unit: Unit, left: float, right: float, units: Sequence[Unit]) -> bool:
    """Unit starts a few em left of a text column and runs on into it (numbered minutes: bold
    headings at the page margin, the resolutions' paragraphs set in under them). The column is
    another unit's rows of running text set flush left at that edge (not rows centred in a
    cover's column, nor a table's rows read as text); at least SET_OUT_PEERS other units of the
    page start at the unit's left edge (a margin the page sets text at, not a label in a drawing
    or a note in the margin, which stays out of the column); and text is right below it (the
    last of a list of links at the page's foot heads nothing)."""
    em = max(unit.size, 6.0)
    if not (0.5 * em < left - unit.x0 <= SET_OUT_EMS * em and unit.x1 > left + em and unit.x1 <= right + em):
        return False
    slack = max(2.0, 0.3 * em)
    if not any(
        v is not unit
        and len(v.rows) >= 2
        and sum(abs(r.x0 - left) <= 3.0 for r in v.rows) * 2 > len(v.rows)
        and sum(any(c.isalpha() for c in w) for w in v.text.split()) >= SET_OUT_ROW_WORDS * len(v.rows)
        for v in units
    ):
        return False
    peers = sum(1 for v in units if v is not unit and abs(v.x0 - unit.x0) <= slack)
    if peers < SET_OUT_PEERS:
        return False
    at = next((k for k, v in enumerate(units) if v is unit), None)
    return at is not None and text_below(units, at) is not None


def text_below(units: Sequence[Unit], k: int, *, first_read: bool = False) -> int | None:
    """The unit right below unit ``k`` on the page (starting within a few lines under it and
    overlapping it horizontally), whatever their reading order: the text a heading introduces.
    With ``first_read``, of the units there the first in reading order (under a title set across
    columns: the top of the first column)."""
    u = units[k]
    best: tuple[float, int] | None = None
    for j, v in enumerate(units):
        if j == k or v.x0 >= u.x1 - 1.0 or v.x1 <= u.x0 + 1.0:
            continue
        line = max(u.size, v.size, 6.0) * 1.2
        gap = v.y0 - u.y1
        if -0.5 * line <= gap <= 4.0 * line:
            rank = float(j) if first_read else gap
            if best is None or rank < best[0]:
                best = (rank, j)
    return None if best is None else best[1]


def introduces_text(units: Sequence[Unit], k: int, page_height: float, depth: int = 0) -> bool:
    """Unit ``k`` is followed by what a heading introduces: the unit right below it (see
    :func:`text_below`) is not a one-row label, or the heading ends a column near the page's foot
    (the text goes on in the next column). Labels inside drawings fail this. A one-row unit
    below in another style counts when it introduces text itself (a title over a subtitle over
    a heading over a subheading: up to three such steps)."""
    u = units[k]
    j = text_below(units, k)
    if j is None:
        if k + 1 >= len(units):
            return page_height <= 0 or u.y1 >= 0.75 * page_height
        return page_height > 0 and u.y1 >= 0.75 * page_height and units[k + 1].y0 < u.y0
    nxt = units[j]
    if len(nxt.rows) > 1 or len(nxt.text.split()) >= 4:
        # a closed sentence over running text in its own face is a paragraph of one row
        return not (len(nxt.rows) > 1 and u.text.endswith(_STOPS) and _face(nxt) == _face(u) and not u.text.isupper())
    # a one-row label below: only another heading (set otherwise) that introduces text itself
    if _face(nxt) == _face(u) or not heading_shaped(nxt, nxt.text):
        return False
    after = text_below(units, j)
    if after is None:
        return True
    if len(units[after].rows) > 1 or len(units[after].text.split()) >= 4:
        return True
    return depth < 2 and introduces_text(units, j, page_height, depth + 1)


#: What ends a sentence (a heading ends otherwise, or with nothing).
_STOPS = (".", "!", "?", "\u3002", "\uff01", "\uff1f")


def _face(u: Unit) -> tuple[float, bool, bool, bool]:
    return (u.size, u.bold, u.italic, u.underlined)


def _margin_of(unit: Unit) -> float:
    xs = sorted(r.x0 for r in unit.rows)
    return xs[len(xs) // 2]


def prominent(unit: Unit, style: DocumentStyle) -> bool:
    body = style.body_size
    if body <= 0:
        return False
    size = unit.size
    if size >= LARGER * body:
        return True
    if size < BOLD_SIZE * body:
        return False
    return (unit.bold and not style.body_bold) or accent(unit, style) > 0


def heading_candidate(unit: Unit, text: str, style: DocumentStyle, *, long: bool = False) -> bool:
    """A unit that looks like a heading on its own: short, prominent, not a list item's text
    (a bulleted bold line is a list item), not a list of people's names (a paper's author line
    set in its section headings' style), not an italic or underlined lead-in ending with a
    colon, not wholly in parentheses, without a blank to fill in ("from ____ to ____"), not a
    postal address (ending with a postal code after a comma: "Morton Grove, Illinois 60053"), not a
    formula (a function of one variable, "Cos(x", or a symbol font's bracket pieces), with its rows
    aligned (see :func:`~pdfcore.structure.units.rows_aligned`) and not spread out (see
    :func:`spread_out`), no row of it mostly small text beside an outsized word (a logo, see
    ``Row.outsized``), starting with a capital, a digit, a quote or a name
    written in mixed case ("pioNER", "iPhone": a lowercase first letter with a capital after
    it in the first word)."""
    if not prominent(unit, style) or not heading_shaped(unit, text, long=long) or name_list(text):
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
    if _FORMULA.search(text) or sum(1 for c in text if "\ue000" <= c <= "\uf8ff") >= 2:
        return False  # a displayed formula: "Sin(x TΩk)", bracket pieces from a symbol font
    if text[:1].islower() and not any(c.isupper() for c in text.split(" ", 1)[0][1:]):
        return False
    marker = list_marker(text)
    return not marker or marker[0].isalnum() or marker[0] == "("


_NAME_SEPARATORS = re.compile(r",\s*(?:and\s+)?|;\s*|\s+and\s+|\s*&\s*")
_NAME_MARKS = "0123456789*∗†‡§¶"
_INITIALS = re.compile(r"(?:[^\W\d_]\.-?)+", re.UNICODE)
_NAME_PARTICLES = frozenset(
    ("van", "von", "de", "der", "den", "da", "di", "del", "della", "la", "le", "du", "bin", "al")
)


def name_list(text: str) -> bool:
    """People's names separated by commas, "and" or "&" ("Youngseo Son, Nipun Bayas, and H. Andrew
    Schwartz", "Ana Silva1 and J. Pereira2"): at least two names of two to four capitalised
    words each (initials and particles such as "van" allowed, note marks after them), and three
    names or more, or an initial or a mark among them (two names alone read like a title
    "Future Work and Open Problems")."""
    parts = [p.strip() for p in _NAME_SEPARATORS.split(text)]
    parts = [p for p in parts if p.strip(_NAME_MARKS + " ")]
    if len(parts) < 2:
        return False
    telling = len(parts) >= 3
    for part in parts:
        words = part.split()
        if not 2 <= len(words) <= 4:
            return False
        for word in words:
            bare = word.rstrip(_NAME_MARKS)
            if bare != word:
                telling = True
            if _INITIALS.fullmatch(bare) and bare[:1].isupper():
                telling = True
                continue
            if bare in _NAME_PARTICLES:
                continue
            letters = bare.replace("-", "").replace("'", "").replace("’", "")
            if not (letters.isalpha() and bare[:1].isupper() and not bare.isupper()):
                return False
    return telling


def spread_out(unit: Unit) -> bool:
    """A row of several words standing far apart: wider than SPREAD_EM em per character (text
    runs at about half an em), as a table's column heads are across their columns ("SSDF Task"
    at the left, "Recommended for Router..." over the right column, one text line)."""
    for r in unit.rows:
        size = r.size if r.size > 0 else unit.size
        if size > 0 and " " in r.text.strip() and r.x1 - r.x0 > SPREAD_EM * size * len(r.text):
            return True
    return False


def in_parentheses(text: str) -> bool:
    """The whole text is one parenthesis: "(Name of registrant as specified in its charter)"."""
    if len(text) < 3 or text[0] != "(" or text[-1] != ")":
        return False
    depth = 0
    for k, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return k == len(text) - 1
    return False


def numbering_depth(text: str) -> int:
    """How deep a heading's number is: "2" -> 1, "2.1" -> 2, "A.3.1" -> 3; 0 when unnumbered."""
    m = _NUMBERING.match(text)
    if not m:
        named = _NAMED_NUMBER.match(text)
        return 1 + named.group(1).count(".") if named else 0
    head = m.group(2)
    if head.isalpha() and not m.group(3) and not m.group(1) and text[1:2] != ".":
        return 0  # a word starting with a capital, not "A." or "A.1"
    return 1 + m.group(3).count(".")


def _height(facts: DocumentFacts, index: int) -> float:
    return facts.pages[index].height if 0 <= index < len(facts.pages) else 0.0
