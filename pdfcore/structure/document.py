"""Pages to one Markdown document: a comment line before each page; a paragraph that runs on
across a page break joined, and a table continued on the next page made one table (both stay
where they started; the page's footnotes follow them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import evolve

from pdfcore.layout.hyphens import HYPHENS, Lexicon
from pdfcore.structure.elements import continues, join_paragraphs, nest_items, past_floats, rows_after
from pdfcore.structure.markers import goes_on, list_marker
from pdfcore.structure.model import Element, PageStructure
from pdfcore.structure.render import render_elements, render_page, rendered_elements
from pdfcore.structure.units import ALIGN_PT

if TYPE_CHECKING:
    from ports.word_list import WordList

#: A heading ending its page is at the page's foot below this share of the page's height.
FOOT = 0.75


#: The most characters of a page label the page's comment line shows (labels are the document's
#: own text: a damaged one can be any length).
LABEL_CHARS = 40


def page_comment(number: int, label: str | None) -> str:
    """The line naming a page in a document's Markdown (1-based number, printed label as
    :func:`shown_label` gives it)."""
    shown = shown_label(number, label)
    return f"<!-- page {number} (label {shown}) -->" if shown else f"<!-- page {number} -->"


def shown_label(number: int, label: str | None) -> str | None:
    """A page's printed label as a line naming the page shows it (None: no label, or the
    label is the page's number). The label is the document's text and may hold anything: it is
    shown on one line (line breaks and other control characters as spaces), with no ``--``
    (which would end a Markdown comment, or look like the text header's rule), and cut to
    :data:`LABEL_CHARS` characters."""
    if not label or label == str(number):
        return None
    shown = " ".join("".join(c if c.isprintable() else " " for c in label).split())
    while "--" in shown:
        shown = shown.replace("--", "-")
    if len(shown) > LABEL_CHARS:
        shown = shown[: LABEL_CHARS - 1] + "\u2026"
    return shown if shown and shown != str(number) else None


def join_pages(pages: Sequence[PageStructure], common: WordList | None = None) -> list[PageStructure]:
    """The pages with what runs on from one page into the next joined on the page where it
    started: a paragraph into the next page's first paragraph, under the figures and tables
    opening that page if any (floats: they stay on it, after the joined paragraph) (a lone
    letter at the top of a page made an item first when it goes on the page before's lettering, see
    :func:`_lettered_items`; a heading ending a page with nothing of its own on the next one
    made a paragraph first, see :func:`_foot_heading`), a table into its continuations
    (``continued_on`` / ``continued_from``, set by the table reader from
    :func:`pdfcore.services.table_breaks.continues`, the one decision the structured ``tables`` show
    too: one table over as many pages as it runs, a repeated header row dropped). A word broken
    across the break keeps its hyphen or not as one broken at a line end does, against the two
    pages' words and ``common``, the common words of English (see :func:`_break_lexicon`)."""
    out = list(pages)
    for k in range(len(out) - 1):
        a, b = out[k], out[k + 1]
        if b.index != a.index + 1:
            continue
        if a.lettering:
            b = out[k + 1] = _lettered_items(a.lettering, b)
            a = out[k] = _lettered_foot(a, b)
        if not a.elements or not b.elements:
            continue
        a = out[k] = _foot_heading(a, b)
        # figures and tables opening the next page float (as past a column break): the text
        # under them may go on the paragraph
        floats = past_floats(b.elements, 0)
        if floats == len(b.elements):
            continue
        last, first = a.elements[-1], b.elements[floats]
        if continues(last, first):
            lexicon = _break_lexicon(a, b, common) if last.ends or last.text.endswith(HYPHENS) else None
            out[k] = evolve(a, elements=(*a.elements[:-1], join_paragraphs(last, first, lexicon)))
            out[k + 1] = evolve(b, elements=(*b.elements[:floats], *b.elements[floats + 1 :]))
    for k in range(1, len(out)):
        _join_table(out, k)
    for k in range(1, len(out)):
        if out[k].index == out[k - 1].index + 1 and (level := _carried_level(out[k - 1], out[k])) is not None:
            out[k - 1], out[k] = _carried_items(out[k - 1], out[k], level)
    for k, (page, given) in enumerate(zip(out, pages, strict=True)):
        if page is not given:  # an element gone, or a table now rendered: lists may meet or break
            out[k] = _nested(page)
    return out


#: A list's item set this many points right of the item ending the page before, at least, is
#: nested under it (an item's marker steps in by an em or more); back within ALIGN_PT of it
#: (the units' alignment tolerance), level with it.
NEST_STEP = 6.0


def _carried_level(page: PageStructure, after: PageStructure) -> int | None:
    """The level of the list item ``page`` ends with when ``after`` goes on its list with items
    nested under it: ``after`` opens with items set right of it (NEST_STEP points or more: the
    page's nesting, blind to the page before, made them its list's first level), then an item
    back level with it (its left edge within ALIGN_PT, at its level), as the list it goes on
    does ("– Peak members ..." at the top of a page, under "• Group exercise classes ...:" at
    the foot of the one before, then "• Swimming ..."). None: no list carried so."""
    if not page.elements or not after.elements:
        return None
    last = page.elements[-1]
    if last.kind != "list_item" or last.bbox is None:
        return None
    x = last.bbox.x0
    for k, el in enumerate(after.elements):
        if el.kind != "list_item" or el.bbox is None:
            return None
        if abs(el.bbox.x0 - x) <= ALIGN_PT:
            return last.level if k > 0 and el.level == last.level else None
        if el.bbox.x0 < x + NEST_STEP:
            return None
    return None


def _carried_items(page: PageStructure, after: PageStructure, level: int) -> tuple[PageStructure, PageStructure]:
    """``page`` with the items ``after`` opens with, set right of its last item (see
    :func:`_carried_level`), joined under that item (at ``level``) as its sub-items, and
    ``after`` without them: they stay with the item they belong to, as a paragraph run on over
    the page break does, so the list nests in one piece (a page's comment line between its
    items would end it)."""
    first = after.elements[0]
    x = first.bbox.x0 if first.bbox is not None else 0.0
    moved: list[Element] = []
    for el in after.elements:
        if el.bbox is None or el.bbox.x0 < x - ALIGN_PT:
            break
        moved.append(evolve(el, level=el.level - first.level + level + 1))
    return evolve(page, elements=(*page.elements, *moved)), evolve(after, elements=after.elements[len(moved) :])


def _break_lexicon(page: PageStructure, after: PageStructure, common: WordList | None) -> Lexicon:
    """The words deciding the hyphen of a word broken across the break between ``page`` and
    ``after``: both pages' own (their elements' text) and ``common``."""
    text = "\n".join(el.text for p in (page, after) for el in (*p.elements, *p.footnotes) if el.text)
    return Lexicon(text=text, common=common)


def _foot_heading(page: PageStructure, after: PageStructure) -> PageStructure:
    """The page with the heading its body ends with at its foot (nothing under it on the page,
    in its last quarter: the text it heads would start on the next page) read as a paragraph
    when the next page starts with no text under it: with a heading at its level or above, or a
    paragraph set in bold (a title over the next statement). A line set bold at a page's foot
    ("See accompanying notes ...") is no heading; one whose section goes on in the next page's
    text, or under a deeper heading there, stays one; so does a heading standing alone on its
    page or higher up on it (a part's title page, an appendix's divider: "Annexe A" over its
    title, mid-page)."""
    last, first = page.elements[-1], after.elements[0]
    at_foot = last.bbox is not None and last.bbox.y1 >= FOOT * page.height > 0
    if (
        last.kind != "heading"
        or len(page.elements) < 2
        or not at_foot
        or not ((first.kind == "heading" and first.level <= last.level) or (first.kind == "paragraph" and first.bold))
    ):
        return page
    para = Element("paragraph", text=last.text, bbox=last.bbox)
    return evolve(page, elements=(*page.elements[:-1], para))


def _nested(page: PageStructure) -> PageStructure:
    """The page with its list items' levels nested again (:func:`nest_items`) over its joined
    elements; the page itself when none changes."""
    elements = [*page.elements, *page.footnotes]
    nested = nest_items(elements)
    if all(a is b for a, b in zip(nested, elements, strict=True)):
        return page
    split = len(page.elements)
    return evolve(page, elements=tuple(nested[:split]), footnotes=tuple(nested[split:]))


def _lettered_items(before: str, page: PageStructure) -> PageStructure:
    """The page with its lone letter read as a paragraph (``Element.lettered``) made a list
    item when it goes on the lettering the page before ended with (``before``): "a)" at the
    foot of one page, "b) χ(Γ) = ..." at the top of the next."""
    for i, el in enumerate(page.elements):
        if el.lettered and goes_on(before, el.lettered):
            item = Element("list_item", text=el.text, bbox=el.bbox, marker="-")
            return evolve(page, elements=(*page.elements[:i], item, *page.elements[i + 1 :]))
    return page


def _lettered_foot(page: PageStructure, after: PageStructure) -> PageStructure:
    """The page with the paragraph it ends with, opening with its last lettered item's marker
    (``PageStructure.lettering``: a lone letter read as no item on its page, a list has two items
    at least), made a list item when the next page opens with the items going on its lettering:
    "(a) whether ..." at the foot of one page, "(b) whether ..." and "(c) ..." at the top of the
    next."""
    if not page.elements or not after.elements:
        return page
    last, first = page.elements[-1], after.elements[0]
    if last.kind != "paragraph" or list_marker(last.text) != page.lettering or first.kind != "list_item":
        return page
    if not goes_on(page.lettering, list_marker(first.text)):
        return page
    item = Element("list_item", text=last.text, bbox=last.bbox, marker="-")
    return evolve(page, elements=(*page.elements[:-1], item))


def _join_table(pages: list[PageStructure], k: int) -> None:
    """Page ``k``'s table continued from the page before joins the table it continues (on the
    page where that one started)."""
    page = pages[k]
    tail = next(
        (i for i, el in enumerate(page.elements) if el.table is not None and el.table.continued_from == page.index - 1),
        None,
    )
    if tail is None:
        return
    for h in range(k - 1, -1, -1):
        holder = pages[h]
        head = next(
            (i for i, el in enumerate(holder.elements) if el.table is not None and el.table.continued_on == page.index),
            None,
        )
        if head is None:
            continue
        first, rest = holder.elements[head].table, page.elements[tail].table
        assert first is not None and rest is not None
        rows = [tuple(r) for r in rest.rows]
        header = first.header or (first.rows[0] if first.rows else ())
        shift = len(first.rows)
        if rest.header and tuple(rest.header) != tuple(header):
            rows.insert(0, tuple(rest.header))  # not a repeated header: a row of the table
            shift += 1
        elif rows and rows[0] == tuple(header) and not any(s.row == 0 for s in rest.body_spans):
            rows.pop(0)  # the header printed again at the top of the page
            shift -= 1
        table = evolve(rows_after(first, rows, rest.body_spans, shift), continued_on=rest.continued_on)
        elements = list(holder.elements)
        elements[head] = evolve(elements[head], table=table)
        part = page.elements[tail]
        left: tuple[Element, ...] = ()
        if part.caption and not elements[head].caption:
            # the caption printed with the part that goes on (under the table's end): the table's
            elements[head] = evolve(elements[head], caption=part.caption, caption_below=part.caption_below)
        elif part.caption:
            left = (Element("paragraph", text=part.caption),)  # a caption of its own: kept where it was
        pages[h] = evolve(holder, elements=tuple(elements))
        pages[k] = evolve(page, elements=(*page.elements[:tail], *left, *page.elements[tail + 1 :]))
        return


def render_document(
    pages: Sequence[PageStructure], labels: Sequence[str | None], common: WordList | None = None
) -> str:
    """The pages' Markdown, each after its comment line; ``labels`` by page index; ``common``: see
    :func:`join_pages`."""
    parts: list[str] = []
    for page, given in zip(join_pages(pages, common), pages, strict=True):
        label = labels[page.index] if 0 <= page.index < len(labels) else None
        if page is given:  # nothing ran on into it or out of it: most likely rendered already
            body = render_page(page)
        else:  # its elements but the joined ones are the page's own, rendered with it
            body = render_elements([*page.elements, *page.footnotes], rendered_elements(given))
        parts.append(page_comment(page.index + 1, label) + ("\n\n" + body if body else ""))
    return "\n\n".join(parts) + ("\n" if parts else "")
