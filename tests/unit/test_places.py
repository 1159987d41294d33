"""Places: hits collapsed per line, the line named by where the hit is."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextBlock, TextLine
from pdfcore.services.places import locate, page_places


def _page() -> PageText:
    first = "future financial results. Consequently, our reported results for the fiscal 2009 may not be"
    lines = (
        TextLine(first, Box(50, 100, 500, 112), 10.0),
        TextLine("results.", Box(50, 114, 100, 126), 10.0),
    )
    block = TextBlock(first + "\nresults.", Box(50, 100, 500, 126), lines)
    return PageText(index=0, text=block.text, blocks=(block,), char_count=len(block.text))


def test_a_hit_is_placed_on_its_own_line_when_a_later_line_repeats_its_words() -> None:
    page = _page()
    a = page.text.index("fiscal")
    _key, box, text = locate(page, a, a + 6)
    assert "fiscal 2009" in text and box.y0 == 100
    last = page.text.rindex("results.")
    assert locate(page, last, last + 7)[2] == "results."


def test_places_collapse_a_lines_hits_and_count_its_words() -> None:
    page = _page()
    a, b = page.text.index("fiscal"), page.text.index("2009")
    places = page_places(page, [(a, a + 6), (b, b + 4)])
    assert len(places) == 1 and places[0].count == 2 and places[0].terms == 2 and places[0].ref == "p1m1"
