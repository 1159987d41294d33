"""Control characters (glyphs without a Unicode mapping) never reach a page's text
(pdfcore.layout.controls, pdfcore.services.quality)."""

from __future__ import annotations

import pytest

from pdfcore.layout.controls import clean_controls, clean_text
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, TextLine
from pdfcore.services.quality import finish_page

FACTS = DocumentFacts(page_count=1, metadata=(), outline=(), pages=(PageInfo(index=0, width=612.0, height=792.0),))


@pytest.mark.parametrize(
    ("raw", "clean", "taken"),
    [
        ("receives queries sub\x02", "receives queries sub-", 1),  # a hyphen glyph at the line end
        ("\x17RAI recommendations", "RAI recommendations", 1),  # a bullet
        ("Copyright \rc 2018", "Copyright c 2018", 1),
        ("Qa\x1aqa\x1ayan (Kim", "Qa\ufffdqa\ufffdyan (Kim", 0),  # letters missing inside a word
        ("up \x93\x93\x93 down \x94", "up down", 4),  # C1 controls too
        ("tab\tstays", "tab\tstays", 0),
    ],
)
def test_clean_text(raw: str, clean: str, taken: int) -> None:
    assert clean_text(raw) == (clean, taken)


def _page(texts: list[str]) -> PageText:
    lines = tuple(TextLine(t, Box(72.0, 100.0 + 14 * k, 500.0, 112.0 + 14 * k), 12.0) for k, t in enumerate(texts))
    return PageText(index=0, text="", lines=lines)


def test_a_hyphen_glyph_at_a_line_end_joins_the_word() -> None:
    page = finish_page(_page(["the data set, receives queries sub\x02", "mitted by the users and returns"]), FACTS)
    assert page.text == "the data set, receives queries submitted\nby the users and returns"
    assert "garbled_text" not in page.warnings


def test_a_few_control_characters_are_taken_out_without_a_warning() -> None:
    body = ["A line of ordinary running text with a bullet:", "\x02 an item of the list that follows it"] * 5
    page = finish_page(_page(body), FACTS)
    assert "\x02" not in page.text and page.text.count("an item of the list") == 5
    assert "garbled_text" not in page.warnings


def test_a_page_with_many_control_characters_is_garbled() -> None:
    page = finish_page(
        _page(["\x03SURVWĜHGN\x03QD\x03 \x14\x15\x16 \x17\x18\x19 text", "\x01\x02 \x04\x05 more"]), FACTS
    )
    assert not any(0 < ord(c) < 32 and c not in "\t\n" for c in page.text)
    assert "garbled_text" in page.warnings


def test_pages_without_control_characters_are_left_as_they_are() -> None:
    page = _page(["plain text", "and more"])
    assert clean_controls(page) == (page, 0)
