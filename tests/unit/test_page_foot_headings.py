"""A heading ending a page (nothing of its own under it there) read across the page break: it
stays one when the next page goes on with its text, and is a paragraph when the next page
starts over (a heading at its level or above, a title set bold)."""

from __future__ import annotations

from pdfcore.layout import assemble
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, TextLine
from pdfcore.structure import Element, PageStructure, join_pages, learn, page_structure

FOOT = "See accompanying notes to the statements"


def _pages(first: Element, *, top: float = 650.0) -> list[PageStructure]:
    a = PageStructure(
        0,
        (
            Element("heading", text="Statement of Operations", level=2, bbox=Box(72, 60, 300, 72)),
            Element("paragraph", text="Net sales rose over the year.", bbox=Box(72, 90, 540, 400)),
            Element("heading", text=FOOT, level=3, bbox=Box(150, top, 450, top + 10)),
        ),
        height=792.0,
    )
    return [a, PageStructure(1, (first, Element("paragraph", text="More text.")), height=792.0)]


def _foot(pages: list[PageStructure]) -> Element:
    return join_pages(pages)[0].elements[-1]


def test_a_heading_ending_a_page_over_a_bold_title_on_the_next_is_a_paragraph() -> None:
    got = _foot(_pages(Element("paragraph", text="Statement of Equity For the Years Ended", bold=True)))
    assert (got.kind, got.text) == ("paragraph", FOOT)
    got = _foot(_pages(Element("heading", text="Statement of Equity", level=2)))
    assert got.kind == "paragraph"


def test_a_heading_ending_a_page_whose_text_goes_on_on_the_next_stays_one() -> None:
    assert _foot(_pages(Element("paragraph", text="The notes explain the figures."))).kind == "heading"
    assert _foot(_pages(Element("heading", text="Deeper", level=4))).kind == "heading"
    assert _foot(_pages(Element("list_item", text="one", marker="-"))).kind == "heading"


def test_a_heading_alone_on_its_page_or_higher_up_on_it_stays_one() -> None:
    box = Box(200, 700, 400, 720)
    alone = PageStructure(0, (Element("heading", text="Part Two", level=1, bbox=box),), height=792.0)
    nxt = PageStructure(1, (Element("heading", text="Chapter Three", level=1),), height=792.0)
    assert join_pages([alone, nxt])[0].elements[0].kind == "heading"
    # an appendix's divider: its title mid-page, the next page's first section at its level
    got = _foot(_pages(Element("heading", text="Statistics", level=3), top=480.0))
    assert got.kind == "heading"


def test_a_paragraph_set_in_bold_says_so() -> None:
    lines = (
        TextLine("A title set in bold at the body size", Box(72, 60, 300, 70), 10.0, True, False),
        TextLine("Plain text under the title, a sentence.", Box(72, 100, 320, 110), 10.0, False, False),
    )
    page = assemble(PageText(index=0, text="", lines=lines))
    facts = DocumentFacts(page_count=1, metadata=(), outline=(), pages=(PageInfo(index=0, width=612.0, height=792.0),))
    built = page_structure(page, facts, learn([page], facts))
    assert [(el.text[:7], el.bold) for el in built.elements if el.kind == "paragraph"][-1] == ("Plain t", False)
    assert any(el.bold for el in built.elements if el.text.startswith("A title"))
