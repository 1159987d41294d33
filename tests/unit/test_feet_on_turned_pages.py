"""A running foot stands at the same distance from the page's bottom on an upright page and on
one turned landscape (a document's wide table on its last page): its place is measured from
the bottom, so the foot is learnt from all the pages and stripped from each. Before, the
landscape page set it 247 pt higher up and the foot was learnt from none."""

from __future__ import annotations

from pdfcore.models import DocumentFacts, PageInfo, PageText
from pdfcore.services import furniture
from pdfcore.services.profile import learn_profile
from pdfcore.services.quality import finish_page
from tests.unit.test_layout import line, page_of, prose

FOOT = "Westmoor Building Society is authorised by the Prudential Regulation Authority"
SIZES = [(595.0, 842.0), (595.0, 842.0), (842.0, 595.0)]


def _pages() -> tuple[list[PageText], DocumentFacts]:
    pages = []
    for i, (width, height) in enumerate(SIZES):
        rows = int((height - 150) / 14)
        lines = [line(prose("B", k, i), 60, 60 + 14 * k, width - 60, h=10, size=10) for k in range(rows)]
        lines.append(line(FOOT, 60, height - 40, 520, h=8, size=8))
        pages.append(page_of(lines, index=i))
    infos = tuple(PageInfo(index=i, width=w, height=h) for i, (w, h) in enumerate(SIZES))
    return pages, DocumentFacts(page_count=len(SIZES), metadata=(), outline=(), pages=infos)


def test_a_foot_at_the_same_distance_from_the_bottom_of_turned_pages_is_furniture() -> None:
    pages, facts = _pages()
    profile = learn_profile([pages[i] for i in furniture.sample_indexes(len(pages))], facts)
    done = [finish_page(p, facts, profile) for p in pages]
    assert [d.furniture for d in done] == [(FOOT,)] * 3
    assert all(FOOT not in d.text for d in done)
