"""A word or a sentence the page break cut is joined for reading, search and quote verification;
the pages keep their own texts (pdfcore.services.seams and its users)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pdfcore.models import PageText
from pdfcore.services.keyword_index import read_on
from pdfcore.services.quote_text import normalize
from pdfcore.services.seams import broken_word, lexicon, seam
from tests.fakes import FakeDocument, fake_core

P36 = "Steamboat Bill, Jr. appeared before the cartoon.\nThe coincidence is not coincidental. Steamboat Willie is a di-"
P37 = "rect cartoon parody of Steamboat Bill,2 and both are built upon a common\nsong as a source. It is not just from"


def test_broken_word_and_seam() -> None:
    cut = broken_word(P36, P37)
    assert cut is not None and cut.word == "direct" and P36[cut.start :] == "di-" and P37[: cut.end] == "rect"
    s = seam(P36, P37)
    assert s is not None and s.broken
    assert s.joined(P36).endswith(
        "Steamboat Willie is a direct cartoon parody of Steamboat Bill,2 and both are built upon a common song as a source."
    )
    assert P37[: s.end].endswith("as a source.")


def test_a_sentence_runs_on_but_a_finished_one_does_not() -> None:
    s = seam("the justices would have reached the", "Causbys filed a lawsuit. Then more")
    assert (
        s is not None
        and not s.broken
        and s.joined("the justices would have reached the").endswith("the Causbys filed a lawsuit.")
    )
    assert seam("That is the end.", "Next page starts") is None
    assert seam("A name follows: Smith-", "Jones and others.") is not None  # a capital: no broken word
    assert broken_word("A name follows: Smith-", "Jones and others.") is None


def test_the_hyphen_of_a_compound_broken_across_pages_stays() -> None:
    a, b = "languages that are resource-rich, and also resource-", "rich corpora of many kinds."
    cut = broken_word(a, b, lexicon(frozenset(), a, b))
    assert cut is not None and cut.word == "resource-rich"


def test_the_index_reads_each_page_on_whatever_order_pages_come_in() -> None:
    pages = [PageText(index=i, text=t) for i, t in enumerate(["One ends in a di-", "rect way. Two ends.", "Three"])]
    got = {p.index: p.text for p in read_on([pages[1], pages[2], pages[0]], 3)}
    assert got == {0: "One ends in a direct way.", 1: "rect way. Two ends.", 2: "Three"}


def test_footnote_marks_are_ignored_in_quotes_but_numbers_are_not() -> None:
    assert normalize("Steamboat Bill,2 and both") == normalize("Steamboat Bill, and both")
    assert normalize("a parody.3 The") == normalize("a parody. The")
    assert normalize("1,000 people") != normalize("1,500 people")
    assert normalize("vitamin B12 deficiency") != normalize("vitamin B deficiency")


def _book(tmp_path: Path) -> tuple[Any, str]:
    texts = ["Page one is short.", P36, P37, "The last page ends here."]
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)})
    return core, str(tmp_path / "a.pdf")


def test_read_all_writes_a_broken_word_on_the_page_it_starts_on(tmp_path: Path) -> None:
    core, path = _book(tmp_path)
    text = core.read_all(path).full_text
    assert "Steamboat Willie is a direct\n\n--- page 3 ---\ncartoon parody of" in text
    # a call starts with its first page's own text, and its last page keeps its word broken
    assert core.read_all(path, start_page=3).full_text.startswith("--- page 3 ---\nrect cartoon parody of")
    assert core.read_all(path, max_pages=2).full_text.endswith("Steamboat Willie is a di-\n\n")


def test_read_all_leaves_the_word_broken_when_the_next_page_is_left_for_the_next_call(tmp_path: Path) -> None:
    texts = ["x" * 3000, P36, P37 + " " + "y " * 1500]
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)}, limits={"max_response_bytes": 4096})
    path = str(tmp_path / "a.pdf")
    seen = ""
    start: int | None = 1
    while start is not None:
        r = core.read_all(path, start_page=start, max_pages=10)
        assert r.bytes_returned == len(r.full_text.encode("utf-8"))
        seen += r.full_text
        start = r.next_page
    # page 3 did not fit after page 2: page 2 kept "di-", page 3 came whole in the next call
    assert "Steamboat Willie is a di-\n\n--- page 3 ---\nrect cartoon parody" in seen
    # the pages' own texts keep their boundaries
    pages = core.read_pages(path, "2-3").pages
    assert pages[0].text.endswith("is a di-") and pages[1].text.startswith("rect cartoon")


def test_keyword_search_finds_a_phrase_over_a_page_break(tmp_path: Path) -> None:
    core, path = _book(tmp_path)
    r = core.search(path, '"direct cartoon parody"', mode="keyword")
    assert [(m.page, m.end_page) for m in r.matches] == [(2, 3)]
    assert "direct cartoon parody" in r.matches[0].excerpt
    assert core.search(path, '"cartoon parody"', mode="keyword").matches[0].page in (2, 3)


def test_a_quote_over_a_page_break_is_exact_and_names_both_pages(tmp_path: Path) -> None:
    core, path = _book(tmp_path)
    r = core.verify_quote(
        path, "Steamboat Willie is a direct cartoon parody of Steamboat Bill, and both are built upon a common song"
    )
    assert (r.status, r.page, r.end_page) == ("exact", 2, 3)
    assert r.matched_text.startswith("Steamboat Willie is a di-\nrect cartoon")
    assert P37[: r.end].endswith("common\nsong") and P36[r.start :].startswith("Steamboat Willie")


def test_a_match_where_a_page_runs_on_is_the_next_pages(tmp_path: Path) -> None:
    """Page 1 runs on into page 2's first sentence for the index: the fox there is page 2's,
    so page 1 counts its own fox only, and a page whose only match is there is not a hit."""
    texts = [
        "The fox runs to the river. Then it sleeps",
        "and the fox dreams of hens. The night is long.",
        "A quiet morning follows",
        "with a fox at the door.",
    ]
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)})
    path = str(tmp_path / "a.pdf")
    r = core.search(path, "fox", mode="keyword")
    assert r.page_match_counts == {"1": 1, "2": 1, "4": 1}
    assert [(m.page, m.match_count) for m in sorted(r.matches, key=lambda m: m.page)] == [(1, 1), (2, 1), (4, 1)]
    compact = core.search_pdf(path, "fox")
    assert "3 match(es) in 3 place(s) on 3 page(s)" in compact and "more place(s) on the page" not in compact
