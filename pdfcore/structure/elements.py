"""A page's classified units as elements (headings, list items, code with its indentation,
paragraphs that may run on), paragraphs cut by a column or page break joined again, and list
items' levels kept to what Markdown can nest.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from attrs import evolve

from pdfcore.layout.hyphens import HYPHENS, Lexicon, ends_hyphenated, hyphen_join
from pdfcore.models import BodySpan, Box, Table
from pdfcore.structure.clauses import clause_levels
from pdfcore.structure.glue import glue
from pdfcore.structure.index_rows import entry_text, text_ends_with_pages
from pdfcore.structure.markers import BOXES, CLOSING
from pdfcore.structure.model import Element
from pdfcore.structure.render import render_element
from pdfcore.structure.rows import Row
from pdfcore.structure.unit import Unit, small_mark

#: A bold row alone of at most this many words is a label, not a sentence left open.
LABEL_WORDS = 4
_ORDERED = re.compile(r"^\(?(\d{1,3})[.)]?$")


def element(unit: Unit, join_hyphenation: bool, *, body_bold: bool = False, body_italic: bool = False) -> Element:
    """The unit's element. ``body_bold``, ``body_italic``: the document's running text is set
    in bold, in italic (no paragraph of it is emphasis)."""
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
            text, marker = rest, f"{m.group(1)}."
        elif marker[0].isalnum() or marker[0] == "(":
            text, marker = f"{marker} {rest}", "-"
        else:
            text, marker = f"{BOXES[marker]} {rest}" if marker in BOXES else rest, "-"
        # (a marker set in bold before the item's text, its letter kept in the text, is no
        # lead-in of the item's words)
        lead = _lead(unit, text, body_bold)
        if lead.strip() == unit.marker:
            lead = ""
        # an item whose sentence a page break cuts runs on into the next page's first
        # paragraph, as a paragraph does (see continues)
        return Element(
            "list_item",
            text=text,
            bbox=box,
            level=unit.level,
            marker=marker,
            open_end=bool(rest) and not closes(rest) and not unit.closed,
            ends=unit.last.ends,
            size=unit.size,
            bold=unit.bold,
            lead=lead,
            slanted=_slanted(unit, text, body_italic),
        )
    kind = "paragraph"
    return Element(
        kind,
        text=text,
        bbox=box,
        # a short bold row of its own (a label such as "Contact Information" over an address) is
        # not a sentence a column break cut: it never runs on into the next paragraph (a bold
        # row of a paragraph, emphasis across the measure, does)
        open_end=not closes(text)
        and not unit.closed  # an index entry ends with its page references
        and not (unit.bold and len(unit.rows) == 1 and len(text.split()) <= LABEL_WORDS),
        ends=unit.last.ends,
        # (a note opening with its lettered mark, "a There is ...", starts its own sentence)
        open_start=starts_mid_sentence(text) and not small_mark(unit),
        size=unit.size,
        lettered=unit.lettered,
        bold=unit.bold,
        lead=_lead(unit, text, body_bold),
        slanted=_slanted(unit, text, body_italic),
    )


def _slanted(unit: Unit, text: str, body_italic: bool) -> bool:
    """Every row of the unit is set in italic (and the document's running text is not), and
    its text holds no asterisk (the marks would pair with it)."""
    return not body_italic and all(r.italic and not r.mono for r in unit.rows) and "*" not in text


def _lead(unit: Unit, text: str, body_bold: bool) -> str:
    """The bold words the unit's text opens with (its first line's lead-in, see
    ``TextLine.lead``), when the text does open with them; all of it when every row of it is
    bold (and the document's running text is not); "" otherwise."""
    if not body_bold and all(r.bold for r in unit.rows):
        return text if "*" not in text else ""
    pieces = unit.rows[0].pieces
    lead = pieces[0].lead if pieces and not unit.bold else ""
    return lead if lead and text.startswith(lead) else ""


def _code_text(rows: list[Row]) -> str:
    """Code rows with their indentation (in characters of the rows' own width), and blank
    lines where a row stands a line or more lower than the rows' usual step (a listing's blank
    lines between its parts: one a step past the first, two at most)."""
    left = min(r.x0 for r in rows)
    widths = [(r.x1 - r.x0) / len(r.text) for r in rows if len(r.text) >= 4]
    char = sorted(widths)[len(widths) // 2] if widths else 6.0
    steps = sorted(b.y0 - a.y0 for a, b in itertools.pairwise(rows) if b.y0 > a.y0)
    pitch = steps[len(steps) // 2] if steps else 0.0
    out = []
    for k, r in enumerate(rows):
        if k and pitch > 0 and r.y0 - rows[k - 1].y0 >= BLANK_STEP * pitch:
            # one blank line a step past the first, two at most
            out.extend([""] * max(1, min(2, round((r.y0 - rows[k - 1].y0) / pitch) - 1)))
        indent = round((r.x0 - left) / char) if char > 0 else 0
        out.append(" " * max(0, min(indent, 40)) + r.text)
    return "\n".join(out)


#: A code row standing this many of the rows' usual steps below the row before has a blank line
#: over it.
BLANK_STEP = 1.6


#: A bracket closing an aside mid-sentence: after a word or figure, its text opening in lower
#: case or with a figure, none of it closing a sentence ("... 38.3 million people (12.6
#: percent)" / "had a severe disability"; "Nextcloud, [12][13]" / "and as browser extensions").
_ASIDE_END = re.compile(r"[^\W_][)\]]+$")
_OPENING = {")": "(", "]": "["}
#: A paragraph under a list item starting at most this many points left of the item's marker
#: may carry on its sentence.
MARKER_SLACK = 2.0
_STOPS = tuple(".!?:;…。！？")
#: A figure opening a paragraph (``303.9 million in the civilian ...``).
_OPENING_FIGURE = re.compile(r"\d[\d,.]*\s+")


def starts_mid_sentence(text: str) -> bool:
    """``text`` starts mid-sentence: in lower case, or with a figure and a word in lower case
    (``303.9 million in the civilian ...``; not a note's ``9 The estimates ...``, nor a clause
    numbered to three levels or more, ``5.2.3 equipment that ...``)."""
    if text[:1].islower():
        return True
    m = _OPENING_FIGURE.match(text)
    return m is not None and text[m.end() : m.end() + 1].islower() and clause_levels(text) < DEEP_CLAUSE


#: A clause numbered to this many levels or more opens no run-on (``5.2.3 equipment ...``).
DEEP_CLAUSE = 3


def closes(text: str) -> bool:
    """``text`` ends its sentence: with a stop, a colon, a closing quote or bracket, but for a
    bracket closing an aside (see _ASIDE_END) not set after a stop (``features. [IR8425,
    adapted]``) nor opening with a capital (``(See FOLL-7)``)."""
    if not text.endswith(CLOSING):
        return False
    if _ASIDE_END.search(text) is None:
        return True
    start = text.rfind(_OPENING[text[-1]])
    if start < 0:
        return True
    inside, before = text[start + 1 : start + 2], text[:start].rstrip()
    return not (inside.islower() or inside.isdigit()) or not before or before.endswith(_STOPS)


def join_columns(elements: list[Element], lexicon: Lexicon | None = None) -> list[Element]:
    """A paragraph or list item cut by a column break (the next paragraph, past any figure or
    table between them, starts mid-sentence) becomes one; what stood between follows it
    (``lexicon``: see :func:`join_paragraphs`); a list item as :func:`_item_runs_on` tells."""
    out: list[Element] = []
    k = 0
    while k < len(elements):
        el = elements[k]
        if el.kind not in ("paragraph", "list_item") or not el.open_end:
            out.append(el)
            k += 1
            continue
        j = past_floats(elements, k + 1)
        nxt = elements[j] if j < len(elements) else None
        if (
            nxt is not None
            and continues(el, nxt)
            and (el.kind == "paragraph" or _item_runs_on(el, nxt))
            and (nxt.text[:1].islower() or any(ch.isalpha() for ch in el.text))
        ):
            # (a paragraph of no word, a figure or a rule, ``25–29`` over ``30 or older``, two
            # categories of a list, leaves no sentence for a figure to carry on)
            merged = join_paragraphs(el, nxt, lexicon)
            elements = [*elements[:k], merged, *elements[k + 1 : j], *elements[j + 1 :]]
            continue  # the merged paragraph may run on again
        out.append(el)
        k += 1
    return out


#: A table's part at the top of the next column starts this far right of the first part's
#: right edge at least (points: negative, a little overlap allowed).
COLUMN_OVERLAP = -6.0


def column_tables(elements: list[Element]) -> list[Element]:
    """A table cut by a column break, its header printed again over its rest at the top of the
    next column: a table, then right after it in reading order a table with the same header
    and no caption, standing right of it and starting higher up the page, is one table (the
    second's rows follow the first's)."""
    out: list[Element] = []
    for el in elements:
        prev = out[-1] if out else None
        first = prev.table if prev is not None else None
        rest = el.table
        if (
            prev is not None
            and first is not None
            and rest is not None
            and first.header
            and tuple(first.header) == tuple(rest.header)
            and not el.caption
            and prev.bbox is not None
            and el.bbox is not None
            and el.bbox.x0 - prev.bbox.x1 >= COLUMN_OVERLAP
            and el.bbox.y0 < prev.bbox.y0
        ):
            out[-1] = evolve(prev, table=rows_after(first, rest.rows, rest.body_spans, len(first.rows)))
            continue
        out.append(el)
    return out


def rows_after(first: Table, rows: Sequence[tuple[str, ...]], spans: Sequence[BodySpan], shift: int) -> Table:
    """``first`` with ``rows`` (another part of the table) after its own; ``spans``, the other
    part's body spans, moved down by ``shift`` rows."""
    moved = (evolve(s, row=s.row + shift) for s in spans)
    return evolve(first, rows=(*first.rows, *(tuple(r) for r in rows)), body_spans=(*first.body_spans, *moved))


def past_floats(elements: Sequence[Element], start: int) -> int:
    """The index of the first element from ``start`` on that is no figure or table (floats a
    sentence cut by a column or page break goes on past); ``len(elements)`` when none is."""
    j = start
    while j < len(elements) and elements[j].kind in ("figure", "table"):
        j += 1
    return j


def _item_runs_on(item: Element, b: Element) -> bool:
    """List item ``item`` runs on into paragraph ``b`` (which carries on its sentence): ``b``
    stands in another column (it starts above the item, or right of it), or under the item no
    further left than the item's marker (its rows the page gave apart); and neither is an
    index's entry (its text ending with page references, ``pornography on, 325n``, or a cross
    reference, ``..., see peer-to-peer file sharing``: entries set as items by their hanging
    indent). Rows back left of the marker are a paragraph of their own."""
    if item.bbox is None or b.bbox is None:
        return False
    other_column = b.bbox.y0 < item.bbox.y0 or b.bbox.x0 >= item.bbox.x1
    if not other_column and b.bbox.x0 < item.bbox.x0 - MARKER_SLACK:
        return False
    return not (entry_text(item.text) or text_ends_with_pages(b.text))


def continues(a: Element, b: Element) -> bool:
    """Paragraph ``b`` carries on the sentence paragraph or list item ``a`` left open, in its
    size (either size unknown, 0: no size tells them apart)."""
    if a.kind not in ("paragraph", "list_item") or b.kind != "paragraph" or not a.open_end or not b.open_start:
        return False
    return a.size <= 0 or b.size <= 0 or abs(a.size - b.size) <= 0.12 * max(a.size, b.size)


def join_paragraphs(a: Element, b: Element, lexicon: Lexicon | None = None) -> Element:
    """Paragraph ``a`` and ``b``, which carries on its sentence, as one paragraph. A word broken
    at ``a``'s end keeps its hyphen or not as :func:`pdfcore.layout.hyphens.keep_hyphen` decides
    against ``lexicon`` (the words of the text around the break, and the common words of
    English): a compound cut by a column or page break keeps its hyphen as one cut at a line end
    does (``twice-`` + ``daily``)."""
    head, _, rest = b.text.partition(" ")
    if a.ends or (a.text[-1:] in HYPHENS and ends_hyphenated(a.text, b.text)):
        text = hyphen_join(a.text, head, a.ends, lexicon) + (" " + rest if rest else "")
    else:
        text = a.text + glue(a.text, b.text) + b.text
    return evolve(a, text=text, open_end=b.open_end, ends=b.ends)


def nest_items(elements: Sequence[Element]) -> list[Element]:
    """The elements (a page's body and footnotes, in the order they are rendered) with each
    list item's ``level`` at most one below the item before it and a list's first item at level
    0: an item indented further, with no item to nest in, would read as an indented code block.
    The items after one so lifted are lifted as much (siblings of a parent on an earlier page
    stay siblings), until an item set at or left of the lifted ones.
    Items are one list when nothing but elements rendered empty stands between them (see
    :func:`pdfcore.structure.render.render_element`); an element whose level and indentation stay
    is the same object. The levels :func:`pdfcore.structure.classify.list_depths` gives by left edges are
    kept to this once the page's elements are in their order, and again on a page the
    document's join changed. Each item's ``indent`` is set too: where the text of the item it
    nests in starts."""
    out: list[Element] = []
    depth = 0  # the level of the item before
    in_list = False  # whether the last element rendered to something is a list item
    shift = 0  # levels taken off the list's items so far (its first items nested in a parent not there)
    columns = [0]  # where the items of each level stand: their parent's text (see Element.indent)
    for el in elements:
        if el.kind == "list_item":
            if not in_list or el.level < shift:
                shift = 0 if not in_list else el.level
            deepest = depth + 1 if in_list else 0
            level = el.level - shift
            if level > deepest:
                shift += level - deepest
                level = deepest
            indent = columns[level] if in_list else 0
            columns[level:] = [indent, indent + len(el.marker or "-") + 1]
            if level != el.level or indent != el.indent:
                el = evolve(el, level=level, indent=indent)
            depth, in_list = level, True
        elif in_list and render_element(el):
            in_list = False
        out.append(el)
    return out
