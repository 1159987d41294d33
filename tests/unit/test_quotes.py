"""Quote verification on fakes: normalisation, offsets, boxes, and the three statuses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import InvalidArgument
from pdfcore.models import Box, PageText, TextBlock, TextLine
from pdfcore.services.quote_text import best_window, normalize, offset_map, to_original
from pdfcore.services.quotes import FUZZY_THRESHOLD, span_box
from tests.fakes import fake_core
from tests.fakes.fake_text import FakeDocument

PAGE_1 = (
    "Introduction\n\n"
    "The committee met on Tuesday and agreed that the new bridge should be built before the\n"
    "winter, provided the budget allows it. Several members raised concerns about the cost.\n\n"
    "A well-\nknown engineer said \u201cthe design is sound\u201d and left early."
)
PAGE_2 = (
    "Results\n\nThe survey collected answers from four hundred households in the valley.\n"
    "Most of them preferred the eastern route because it avoids the old quarry."
)


@pytest.fixture
def core(tmp_path: Path) -> Any:
    c, _ = fake_core(tmp_path, {"doc.pdf": FakeDocument([PAGE_1, PAGE_2, "", "Annex with a short line."])})
    yield c, str((tmp_path / "doc.pdf").resolve())
    c.close()


def test_normalisation_ignores_case_space_hyphens_quotes_ligatures_accents() -> None:
    assert normalize("Well-\nknown") == normalize("well known") == normalize("wellknown")
    assert normalize("\u201cSound\u201d") == normalize('"sound"')
    assert normalize("it\u2019s") == normalize("it's")
    assert normalize("\ufb01nal") == normalize("final")
    assert normalize("Caf\u00e9") == normalize("Cafe\u0301") == normalize("cafe")
    assert normalize("a \u2014 b") == normalize("a-b")
    assert normalize("soft\u00adhyphen") == normalize("softhyphen")
    assert normalize("end.") != normalize("end")  # punctuation counts


def test_offsets_map_back_to_the_original_text() -> None:
    text = "A well-\nknown  \ufb01x."
    norm = normalize(text)
    start = norm.find("known")
    a, b = to_original(offset_map(text), start, start + len("knownfix"))
    assert text[a:b] == "known  \ufb01x"
    assert len(offset_map(text)) == len(text)


def test_best_window_finds_a_changed_sentence() -> None:
    page = normalize(PAGE_1)
    quote = normalize("the new bridge should be finished before the winter, provided the budget allows it")
    score, a, b = best_window(page, quote)
    assert FUZZY_THRESHOLD <= score < 1.0
    assert "newbridge" in page[a:b]
    assert best_window(page, normalize("completely unrelated words about purple elephants"))[0] < 0.5


def test_span_box_covers_the_lines_of_the_span() -> None:
    lines = (
        TextLine("first line of text", Box(10, 10, 190, 22)),
        TextLine("second line", Box(10, 30, 120, 42)),
    )
    text = "first line of text\nsecond line"
    page = PageText(index=0, text=text, blocks=(TextBlock(text, Box(10, 10, 190, 42), lines),))
    box = span_box(page, text.find("text"), text.find("line", 20) + 4)
    assert box is not None
    assert (box.x0, box.y0, box.x1, box.y1) == (10, 10, 190, 42)  # both lines
    inner = span_box(page, 6, 13)  # "line of": a proportional cut of the first line
    assert inner is not None
    assert (inner.x0, inner.x1, inner.y0, inner.y1) == (pytest.approx(70), pytest.approx(140), 10, 22)


def test_exact_quote_with_typographic_differences(core: Any) -> None:
    c, path = core
    r = c.verify_quote(path, 'A well-known engineer said "the design is sound"')
    assert r.status == "exact" and r.score == 1.0 and r.page == 1
    page_text = c.read_pages(path, "1").pages[0].text
    assert page_text[r.start : r.end] == r.matched_text
    # The page text keeps the compound's hyphen at the line end (two common words), the line
    # break stays; the quote still matches, quotation marks included.
    assert r.matched_text.startswith("A well-known\nengineer") and r.matched_text.endswith("sound\u201d")
    assert r.bbox is not None and r.clip is not None and 0 <= r.clip.x0 < r.clip.x1 <= 1


def test_exact_quote_across_a_line_break(core: Any) -> None:
    c, path = core
    r = c.verify_quote(path, "should be built before the winter, provided the budget")
    assert r.status == "exact" and r.page == 1
    assert "\n" in r.matched_text


def test_changed_word_is_fuzzy_not_exact(core: Any) -> None:
    c, path = core
    r = c.verify_quote(path, "Most of them preferred the western route because it avoids the old quarry.")
    assert r.status == "fuzzy" and r.page == 2
    assert FUZZY_THRESHOLD <= r.score < 1.0
    assert "eastern" in r.matched_text and r.note and "similar" in r.note


def test_invented_sentence_is_not_found(core: Any) -> None:
    c, path = core
    r = c.verify_quote(path, "The orchestra rehearsed a forgotten symphony under the northern lights.")
    assert r.status == "not_found" and r.page is None and r.score < FUZZY_THRESHOLD
    assert r.searched_pages == 4
    assert r.coverage_note and "3" in r.coverage_note  # page 3 has no text: a miss there proves nothing


def test_short_quotes_are_only_exact(core: Any) -> None:
    c, path = core
    assert c.verify_quote(path, "old quarry").status == "exact"
    r = c.verify_quote(path, "old quarrx")
    assert r.status == "not_found" and "only matched exactly" in r.note


def test_pages_limit_the_search(core: Any) -> None:
    c, path = core
    assert c.verify_quote(path, "four hundred households", pages="1").status == "not_found"
    r = c.verify_quote(path, "four hundred households", pages="2")
    assert r.status == "exact" and r.searched_pages == 1


def test_several_occurrences_are_reported(tmp_path: Path) -> None:
    c, _ = fake_core(tmp_path, {"r.pdf": FakeDocument(["the same sentence here", "x", "The same sentence here"])})
    try:
        r = c.verify_quote(str((tmp_path / "r.pdf").resolve()), "The same sentence here")
        assert r.status == "exact" and r.page == 3  # written exactly as quoted comes first
        assert [m.page for m in r.also_found] == [1]
    finally:
        c.close()


def test_bad_quotes_are_refused(core: Any) -> None:
    c, path = core
    with pytest.raises(InvalidArgument):
        c.verify_quote(path, "   ")
    with pytest.raises(InvalidArgument):
        c.verify_quote(path, "x" * 6000)
    with pytest.raises(InvalidArgument):
        c.verify_quote(path, " - \u2014 ")


def test_changed_facts_are_numbers_dates_and_names_not_split_words() -> None:
    from pdfcore.services.quote_text import changed_facts

    page = "An early Mickey Mouse made his debut in May of that year, in a silent flop called Plane Crazy."
    assert [(d.quote, d.document) for d in changed_facts(page.replace("May", "June"), page)] == [("June", "May")]
    assert [(d.quote, d.document) for d in changed_facts(page.replace("Mickey", "Minnie"), page)] == [
        ("Minnie", "Mickey")
    ]
    assert changed_facts("In 1929 a cartoon was born.", "In 1928 a cartoon was born.")[0].quote == "1929"
    assert changed_facts("sales were 247,772 units", "sales were 247.772 units")  # a number, not two
    assert not changed_facts(page.replace("silent", "quiet"), page)  # a common word: fuzzy, not a mismatch
    assert not changed_facts(page, page.replace("Mickey", "Mic key"))  # split by the extraction
    assert not changed_facts(page, page[3:-3])  # the passage's window cut the first and last words
    assert not changed_facts("Then we met. Afterwards we left.", "Then we met. Later we left.")  # starts a sentence


def test_a_number_read_as_a_footnote_mark_is_still_compared() -> None:
    """Digits after a letter and before a space are read as a footnote mark and ignored by the
    comparison: a quote that writes them otherwise is a mismatch, one without them exact."""
    from pdfcore.services.quote_text import swapped_marks

    assert [(d.quote, d.document) for d in swapped_marks("marker token007 appears", "marker token001 appears")] == [
        ("007", "001")
    ]
    assert not swapped_marks("the Bill, and the", "the Bill,2 and the")  # a mark only the page has
    assert not swapped_marks("report ２００９ was", "report 2009 was")  # full-width digits are the same number
