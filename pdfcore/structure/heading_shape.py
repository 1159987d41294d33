"""Whether a unit is shaped and placed like a heading, whatever the document's style: short,
with words, not a caption nor a clause (:func:`heading_shaped`); at the left edge of the running
text, centred, or set out left of it (:func:`aligned`); followed by the text it introduces
(:func:`introduces_text`); not a list of people's names, a row spread out across columns, nor a
text wholly in parentheses. Also a heading's numbering depth and tagged role.

The document's style (:mod:`pdfcore.structure.style`) adds what needs it: whether a unit is
prominent in its document, and :func:`~pdfcore.structure.style.heading_candidate`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pdfcore.caption_words import is_caption
from pdfcore.structure.markers import list_marker
from pdfcore.structure.unit import Unit

#: The sections most documents name alike; a prominent line naming one on its own is a heading
#: even in a style the document sets no other heading in (see :mod:`~pdfcore.structure.classify`).
SECTION_NAME = re.compile(
    r"^(?:\d{1,2}\.?\s+)?(?:Abstract|Summary|Introduction|Background|Related Work|Conclusions?|Discussion|"
    r"Acknowledge?ments?|References|Bibliography|Keywords|Index Terms|Contents|Table of Contents|Preface|"
    r"Foreword|Glossary|Appendix(?:\s+[A-Z\d])?|Appendices)\s*[.:]?$",
    re.IGNORECASE,
)

#: A heading is at most this many rows, characters and words.
HEADING_ROWS = 3
HEADING_CHARS = 160
HEADING_WORDS = 24
#: ...or, set in a style the document's headings are set in, one sentence of up to this many
#: times the characters and words (a statement heading: a report's risk factor, "Our business
#: is subject to ..., which may increase our costs, ... or otherwise affect our business.").
LONG_HEADING = 2.0
#: A row wider than this many em per character holds wide gaps (see spread_out).
SPREAD_EM = 1.1
#: A heading set out left of the running text starts at most this many em left of it, at a
#: margin at least this many other units of its page start at (see _set_out).
SET_OUT_EMS = 6.0
SET_OUT_PEERS = 1
#: ...the running text's rows holding this many words (with a letter: no figures) on average.
SET_OUT_ROW_WORDS = 5
#: A heading starts at the page's margin when this many units of smaller text below it start
#: there, each of SET_OUT_ROW_WORDS words at least, nearly all of them words (see _at_margin).
MARGIN_PEERS = 2
MARGIN_WORD_SHARE = 0.8

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
#: A word of three letters, or two words of two joined by a hyphen ("Wi-Fi"): a heading has one.
_LONG_WORD = re.compile(r"[^\W\d_]{3}|(?<![^\W\d_])[^\W\d_]{2}-[^\W\d_]{2}(?![^\W\d_])", re.UNICODE)
#: A sentence (or more) in quotation marks, its stop inside them: a quotation, not a title.
_QUOTED_SENTENCE = re.compile(r"[\"\u201c\u201e\u00ab].*[.!?][\"\u201d\u00bb]$", re.DOTALL)
#: A sentence's end with another one after it (a word of two letters or more before the stop,
#: so that initials and "U.S." do not count).
_SENTENCE_BREAK = re.compile(r"[^\W\d_]{2}[.!?][\"\u201d\u2019)]?\s+[\"\u201c\u2018(]?[A-Z]", re.UNICODE)


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
    if _QUOTED_SENTENCE.match(text):
        return False  # a quotation set apart (a pull quote): words someone said
    return not is_caption(text)


def text_columns(units: Sequence[Unit], body_size: float) -> list[tuple[float, float]]:
    """Left and right edges of the page's running text: paragraphs of two rows or more at the
    body size (one pair per column), not set flush right. A list item's margin is its marker's edge, not the indent
    its wrapped rows hang at (unless they wrap left of it: a labelled paragraph, its first row set in)."""
    edges: list[tuple[float, float]] = []
    for u in units:
        if len(u.rows) < 2 or (body_size and abs(u.size - body_size) > 0.1 * body_size) or _flush_right(u):
            continue
        marked = u.hanging or list_marker(u.text)
        x = u.first.x0 if marked and _margin_of(u) >= u.first.x0 - 3.0 else _margin_of(u)
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


#: A list item this many em below a unit or less, starting at its edge or set in from it by
#: LIST_SET_IN em at most, is the list it heads.
LIST_BELOW = 2.5
LIST_SET_IN = 2.5


def aligned(unit: Unit, columns: Sequence[tuple[float, float]], page_width: float, units: Sequence[Unit] = ()) -> bool:
    """A heading starts at the left edge of the running text (a little in from it, or out by
    half its em: a list set in from its heading), or is centred on the page or on a column, or
    is set out at a margin left of the running text (see :func:`_set_out`, asked of the page's
    ``units``), or starts where a list item right below it starts or a little left of it
    (within LIST_BELOW em under it, LIST_SET_IN em left: a heading over a list whose items,
    set in, are the page's only running text); anything else is a label inside a drawing."""
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
    if units and _at_margin(unit, units):
        return True
    if units and any(
        v is not unit
        and -3.0 <= v.first.x0 - x0 <= max(3.0, LIST_SET_IN * em)
        and 0 <= v.y0 - unit.y1 <= LIST_BELOW * em
        and list_marker(v.text)
        for v in units
    ):
        # over a list's item at its marker's edge, or set in from it (its items, not a
        # column, are the text: a chapter's summary in points)
        return True
    return bool(page_width) and abs(centre - page_width / 2) <= 0.03 * page_width


def _at_margin(unit: Unit, units: Sequence[Unit]) -> bool:
    """MARGIN_PEERS units or more of smaller text below the unit start at its left edge, none
    a list item, each a line of words (SET_OUT_ROW_WORDS at least, MARGIN_WORD_SHARE of its
    words with a letter: not a table's row of figures): the page's margin, where the running
    text of several rows (the columns :func:`text_columns` finds) is a list set in from it (a
    page of tables and a list, a few lines of text between them)."""
    slack = max(2.0, 0.3 * max(unit.size, 6.0))
    peers = 0
    for v in units:
        if v is unit or v.size >= unit.size or v.y0 < unit.y1 or abs(v.x0 - unit.x0) > slack or list_marker(v.text):
            continue
        words = v.text.split()
        lettered = sum(any(c.isalpha() for c in w) for w in words)
        if lettered >= SET_OUT_ROW_WORDS and lettered >= MARGIN_WORD_SHARE * len(words):
            peers += 1
            if peers >= MARGIN_PEERS:
                return True
    return False


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
    (the text goes on in the next column). Labels inside drawings fail this, and so does a label
    in the heading's own face set flush right on rows of its own with no letter in lower case (a
    link ``References`` at a page's foot over the page's label ``ANAP‑A`` / ``2 OF 3``). A
    one-row unit below in another style counts when it introduces text itself (a title over a
    subtitle over a heading over a subheading: up to three such steps), and so does an index's
    entry, and a one-row unit in another face ending with a comma or a colon over running text (a
    letter's salutation, "Dear Mr Okafor,", under its title)."""
    u = units[k]
    j = text_below(units, k)
    if j is None:
        if k + 1 >= len(units):
            return page_height <= 0 or u.y1 >= 0.75 * page_height
        return page_height > 0 and u.y1 >= 0.75 * page_height and units[k + 1].y0 < u.y0
    nxt = units[j]
    if nxt.entry:
        return True  # a book's index (its entries are one-row units, "Abbildung" over "affine, 107")
    if len(nxt.rows) > 1 and _flush_right(nxt) and _face(nxt) == _face(u) and not any(c.islower() for c in nxt.text):
        return False  # a label in its own face set flush right on rows, no text ("ANAP‑A" over "2 OF 3")
    if len(nxt.rows) > 1 or len(nxt.text.split()) >= 4:
        # a closed sentence over running text in its own face is a paragraph of one row
        return not (len(nxt.rows) > 1 and u.text.endswith(_STOPS) and _face(nxt) == _face(u) and not u.text.isupper())
    if nxt.text.rstrip().endswith((",", ":")) and _face(nxt) != _face(u):
        # a salutation or a lead-in over running text ("Dear Mr Okafor," under a letter's title),
        # or a form's fields
        after = text_below(units, j)
        return (after is not None and (len(units[after].rows) > 1 or len(units[after].text.split()) >= 4)) or (
            _form_fields(units, j)
        )
    # a one-row label below: only another heading (set otherwise) that introduces text itself
    if _face(nxt) == _face(u) or not heading_shaped(nxt, nxt.text):
        return False
    after = text_below(units, j)
    if after is None:
        return True
    if len(units[after].rows) > 1 or len(units[after].text.split()) >= 4:
        return True
    return depth < 2 and introduces_text(units, j, page_height, depth + 1)


#: A heading over this many one-row labels ending with a colon, one under the other in one face,
#: heads a form's fields (see _form_fields).
FORM_FIELDS = 3


def _form_fields(units: Sequence[Unit], j: int) -> bool:
    """Unit ``j`` and the units under it are a form's fields: FORM_FIELDS one-row labels in one
    face, each ending with a colon (``Business name:`` over ``Contact name: Position:`` over
    ``Delivery address:``, blanks drawn after them to fill in)."""
    face = _face(units[j])
    at: int | None = j
    for _ in range(FORM_FIELDS):
        if at is None:
            return False
        v = units[at]
        if len(v.rows) != 1 or not v.text.rstrip().endswith(":") or _face(v) != face:
            return False
        at = text_below(units, at)
    return True


#: What ends a sentence (a heading ends otherwise, or with nothing).
_STOPS = (".", "!", "?", "\u3002", "\uff01", "\uff1f")


def _face(u: Unit) -> tuple[float, bool, bool, bool]:
    return (u.size, u.bold, u.italic, u.underlined)


def _margin_of(unit: Unit) -> float:
    xs = sorted(r.x0 for r in unit.rows)
    return xs[len(xs) // 2]


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
        found = _person(part)
        if found is None:
            return False
        telling = telling or found
    return telling


def _person(part: str) -> bool | None:
    """Whether ``part`` is a person's name (two to four capitalised words, initials and
    particles allowed, note marks after them): None when it is not; True when it holds an
    initial or a mark (telling it for a name), False otherwise."""
    words = part.split()
    if not 2 <= len(words) <= 4:
        return None
    telling = False
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
            return None
    return telling


#: Words naming an organisation: an affiliation after a comma names one ("Hallam Institute for
#: Soil Science", "University of Westbury").
_ORGANISATION = re.compile(
    r"\b(?:Universit\w*|Institut\w*|College|School|Society|Trust|Council|Hospital|Cent(?:re|er)|"
    r"Laborator(?:y|ies)|Department|Foundation|Association|Academy|Agency|Museum|Ministry|"
    r"Corporation|Company)\b"
)


def credit_line(text: str) -> bool:
    """People's names and their affiliation after a comma, as under a paper's or an abstract's
    title ("Rachel Okonjo and David Pryce, Hallam Institute for Soil Science", "Sofia Marchetti,
    Kirkdale Agricultural College"): one name or more (see :func:`_person`) before the first
    comma and parts after it, the last naming an organisation in two words or more (see
    _ORGANISATION; a company's "Lifeway Foods, Inc." is no affiliation)."""
    names, comma, rest = text.partition(",")
    last = rest.rsplit(",", 1)[-1]
    if not comma or len(last.split()) < 2 or not _ORGANISATION.search(last):
        return False
    parts = [p for p in _NAME_SEPARATORS.split(names.strip()) if p.strip(_NAME_MARKS + " ")]
    return bool(parts) and all(_person(p.strip()) is not None for p in parts)


#: "By" and a name, an affiliation after a comma: a story's byline.
_BYLINE = re.compile(r"By\s+([^,]+)(?:,.*)?", re.DOTALL)


def byline(text: str) -> bool:
    """A byline: "By" and a person's name (see :func:`_person`), an affiliation or a title after
    a comma ("By Geoffrey Lane, Millbrook History Society"); a title "By Land and Sea" is none."""
    m = _BYLINE.fullmatch(text.strip())
    return m is not None and _person(m.group(1)) is not None


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


#: A document's title is set this many times the body's size at least (see page_title).
TITLE_SIZE = 1.6


def page_title(unit: Unit, units: Sequence[Unit], body_size: float) -> bool:
    """The first page's title: its first unit, set TITLE_SIZE times the body's size at least and
    larger than any other unit of the page. Placed wherever it stands (set in beside a logo, it
    lines up with no column) and learnt as the most prominent heading style (the headings under
    it are a level below)."""
    first = next((u for u in units if u.text.strip()), None)
    return (
        unit is first
        and body_size > 0
        and unit.size >= TITLE_SIZE * body_size
        and all(u.size < unit.size for u in units if u is not unit)
    )
