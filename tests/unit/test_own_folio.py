"""A page's own number alone and centred at its foot, higher than the edge zone (a LaTeX
article's on A4 paper stands a sixth of the page over its edge), is its page number: a document
too short to learn one keeps it out of the text. Before, ``1`` closed the one page's text.
Another number there, or one off the centre, stays."""

from __future__ import annotations

from pdfcore.models import DocumentFacts, PageInfo, PageText
from pdfcore.services.quality import finish_page
from tests.unit.test_layout import line, page_of, prose

A4 = (595.3, 841.9)


def _facts(n: int) -> DocumentFacts:
    pages = tuple(PageInfo(index=i, width=A4[0], height=A4[1]) for i in range(n))
    return DocumentFacts(page_count=n, metadata=(), outline=(), pages=pages)


def _page(folio: str, x0: float = 294.0, index: int = 0) -> PageText:
    body = [line(prose("B", k), 134, 130 + 12 * k, 476) for k in range(20)]
    return page_of([*body, line(folio, x0, 696, x0 + 5.0 * len(folio))], index=index)


def test_the_pages_own_number_centred_high_at_its_foot_is_furniture() -> None:
    done = finish_page(_page("1"), _facts(1), None)
    assert done.furniture == ("1",) and not done.text.rstrip().endswith("\n1")
    done = finish_page(_page("- 2 -", index=1), _facts(2), None)
    assert done.furniture == ("- 2 -",)


def test_another_number_or_one_off_the_centre_stays() -> None:
    assert finish_page(_page("7"), _facts(1), None).furniture == ()
    assert finish_page(_page("1", x0=140.0), _facts(1), None).furniture == ()
