"""A chapter's label on a row of its own over the chapter's title set larger (``Chapter 1`` over
``Background``, as LaTeX's report class sets them): one heading at the title's level, not a
level-2 heading before the level-1 heading of the same chapter. A label over a heading set no
larger, or over one opening with a label of its own, stays as it was."""

from __future__ import annotations

from pdfcore.layout import assemble
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, TextLine
from pdfcore.structure import learn, page_structure, render_page

WIDTH, HEIGHT = 612.0, 792.0
BODY = "Plain running text of the chapter, set at the body size in rows across the page."


def _line(text: str, y: float, size: float = 10.0, bold: bool = False) -> TextLine:
    return TextLine(text, Box(72, y, 72 + 0.5 * size * len(text), y + 0.8 * size), size, bold, False)


def _pages(label: TextLine, title: TextLine) -> list[str]:
    first = [label, title, _line("1.1 Purpose", 200, 14.0, True), *(_line(BODY, 230 + 13 * k) for k in range(20))]
    other = [_line("Chapter 2", 100, 20.0, True), _line("Findings", 150, 25.0, True)]
    other += [_line("2.1 Defects", 200, 14.0, True), *(_line(BODY, 230 + 13 * k) for k in range(20))]
    pages = [assemble(PageText(index=k, text="", lines=tuple(p))) for k, p in enumerate((first, other))]
    infos = tuple(PageInfo(index=k, width=WIDTH, height=HEIGHT) for k in range(2))
    facts = DocumentFacts(page_count=2, metadata=(), outline=(), pages=infos)
    style = learn(pages, facts)
    return [render_page(page_structure(p, facts, style)) for p in pages]


def test_a_chapters_label_over_its_larger_title_is_one_heading_with_it() -> None:
    first, second = _pages(_line("Chapter 1", 100, 20.0, True), _line("Background", 150, 25.0, True))
    assert first.startswith("# Chapter 1 Background\n\n## 1.1 Purpose"), first
    assert second.startswith("# Chapter 2 Findings\n\n## 2.1 Defects"), second


def test_a_label_over_a_smaller_heading_stays_apart() -> None:
    first, _ = _pages(_line("Chapter 1", 100, 20.0, True), _line("Background", 150, 14.0, True))
    assert "Chapter 1 Background" not in first, first


def test_a_parts_label_over_its_first_item_stays_apart() -> None:
    """``PART II`` over ``ITEM 5. MARKET FOR ...`` (an annual report's part and its first item,
    the item set larger): the item is no title of the part's, it opens with a label of its own."""
    first, _ = _pages(_line("PART II", 100, 20.0, True), _line("ITEM 5. MARKET FOR EQUITY", 150, 25.0, True))
    assert "PART II ITEM 5" not in first, first
