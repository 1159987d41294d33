"""A running head known by its place: one short line atop the pages, set smaller than their
text and standing apart from it, at one size and place, whose words change with the section
(``City of Halbrook   General Fund Expenditures`` / ``... Open Budget Data``) or which a
document of three pages repeats only twice (its first page bearing the title). Before, neither
was learnt: the same text had to stand on three sample pages, or a page number beside it."""

from __future__ import annotations

from pdfcore.models import PageText
from pdfcore.services import furniture
from pdfcore.services.profile import learn_profile
from pdfcore.services.quality import finish_page
from tests.unit.test_layout import facts_for, line, page_of, prose

SECTIONS = ["General Fund Expenditures", "Open Budget Data", "Capital Program", "Debt Service"]


def _pages(n: int, heads: list[str], *, size: float = 10.0, first_titled: bool = True) -> list[PageText]:
    pages = []
    for i in range(n):
        body = [line(prose("B", k, i), 72, 74 + 14 * k, 524, h=11, size=11) for k in range(45)]
        if i == 0 and first_titled:
            title = line("City of Halbrook", 240, 40, 356, h=17, size=17)
            pages.append(page_of([title, *body], index=i))
        else:
            pages.append(page_of([line(heads[i % len(heads)], 72, 35, 524, h=9, size=size), *body], index=i))
    return pages


def _finish(pages: list[PageText]) -> list[PageText]:
    facts = facts_for(len(pages))
    profile = learn_profile([pages[i] for i in furniture.sample_indexes(len(pages))], facts)
    return [finish_page(p, facts, profile) for p in pages]


def test_a_head_whose_words_change_with_the_section_is_learnt_by_its_place() -> None:
    heads = [f"City of Halbrook {s}" for s in SECTIONS]
    done = _finish(_pages(3, heads))
    assert [d.furniture for d in done] == [(), (heads[1],), (heads[2],)]
    assert done[0].text.startswith("City of Halbrook\n") and done[2].text.startswith("B0 ")
    done = _finish(_pages(8, heads))
    assert all(d.furniture == (heads[d.index % 4],) for d in done[1:]) and done[0].furniture == ()


def test_a_head_twice_in_a_three_page_document_is_learnt() -> None:
    head = "HX-40 Series - Technical Note TN-118"
    assert [d.furniture for d in _finish(_pages(3, [head]))] == [(), (head,), (head,)]


def test_a_line_set_as_large_as_the_text_or_on_one_page_only_stays() -> None:
    heads = [f"Section {s}" for s in SECTIONS]
    # a line at the text's size atop each page (a page's first heading or sentence): no head
    assert all(d.furniture == () for d in _finish(_pages(4, heads, size=11.0)))
    # once in three pages: no head
    pages = _pages(3, heads)
    pages[2] = page_of([ln for ln in pages[2].lines if not ln.text.startswith("Section")], index=2)
    assert all(d.furniture == () for d in _finish(pages))
    # of four pages, a small line atop two only (a caption's place twice): no head
    pages = _pages(4, heads)
    pages[3] = page_of([ln for ln in pages[3].lines if not ln.text.startswith("Section")], index=3)
    assert all(d.furniture == () for d in _finish(pages))


def test_a_head_in_two_pieces_is_learnt_though_longer_than_one_short_line() -> None:
    """``Adaptive Tiered Caching for Edge Telemetry Pipelines`` at the left and ``Northwind
    Systems | White Paper`` at the right: one line of 84 characters with a blank inside it,
    each piece a short head. The same line without the blank stays: a long line of text."""
    import attrs

    from pdfcore.models import Box

    head = "Adaptive Tiered Caching for Edge Telemetry Pipelines Northwind Systems | White Paper"
    pages = _pages(3, [head])
    blank = Box(249.0, 35.0, 418.0, 44.0)
    gapped = [pages[0], *(attrs.evolve(p, gaps=(blank,)) for p in pages[1:])]
    assert [d.furniture for d in _finish(gapped)] == [(), (head,), (head,)]
    assert all(d.furniture == () for d in _finish(pages))
