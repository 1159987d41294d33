"""A word broken at a hyphen keeps it when the document uses the hyphenated form whole and not
the joined one (pdfcore.layout.hyphens)."""

from __future__ import annotations

import pytest

from pdfcore.layout import assemble
from pdfcore.layout.hyphens import Lexicon, clean_line, keep_hyphen, vocabulary
from pdfcore.models import Box, PageText, TextLine


def test_vocabulary_keeps_words_and_the_parts_of_compounds() -> None:
    words = vocabulary(["The state-of-the-art model, a resource\u2010rich language, 42 items."])
    assert {"the", "state-of-the-art", "state-of", "of-the", "the-art", "resource-rich", "model"} <= words
    assert "42" not in words and "items" in words


@pytest.mark.parametrize(
    ("left", "right", "words", "kept"),
    [
        ("resource", "rich", {"resource-rich"}, True),  # the compound appears whole elsewhere
        ("stock", "based", {"stock-based"}, True),
        ("exam", "ple", {"example"}, False),  # a word broken between syllables
        ("non-commer", "cial", {"commercial"}, False),  # inside a compound, a broken word
        ("state", "of-the-art", set(), True),  # a compound on the right: kept
        ("state-of-the", "art", set(), True),  # on the left: kept
        ("well", "known", set(), False),  # unknown to the document: the hyphen goes
        ("well", "known", {"well-known", "wellknown"}, False),  # both known: as unknown
        ("(resource", "rich),", {"resource-rich"}, True),  # punctuation around
        ("RNN", "based", {"rnn-based"}, True),  # case does not matter
    ],
)
def test_keep_hyphen(left: str, right: str, words: set[str], kept: bool) -> None:
    assert keep_hyphen(left, right, Lexicon(frozenset(words))) is kept


def _page(texts: list[str]) -> PageText:
    lines = tuple(TextLine(t, Box(72.0, 100.0 + 14 * k, 500.0, 112.0 + 14 * k), 12.0) for k, t in enumerate(texts))
    return PageText(index=0, text="", lines=lines)


def test_the_page_own_words_and_the_document_words_decide() -> None:
    rows = ["using resource-", "rich corpora, as resource-rich languages do,", "and an exam-", "ple of it"]
    assert assemble(_page(rows)).text == (
        "using resource-rich\ncorpora, as resource-rich languages do,\nand an example\nof it"
    )
    # the compound known from the document's sample pages only
    text = assemble(_page(["pre-tax stock-", "based compensation"]), words=frozenset({"stock-based"})).text
    assert text == "pre-tax stock-based\ncompensation"
    assert assemble(_page(["pre-tax stock-", "based compensation"])).text == "pre-tax stockbased\ncompensation"


def test_a_pdfium_hyphen_mark_is_decided_the_same_way() -> None:
    text = assemble(_page(["using resource\ufffe", "rich corpora"]), words=frozenset({"resource-rich"})).text
    assert text == "using resource-rich\ncorpora"


@pytest.mark.parametrize(
    ("left", "right", "page", "kept"),
    [
        ("Multi", "Mission", "Multi-year Mission plans", True),  # a word after the break: a compound
        ("Trace", "Monkey", "TraceMonkey runs.", False),  # the page prints the name whole
        ("(Sun", "Spider),", "the SunSpider suite", False),  # punctuation around
        ("hel", "Lo", "hello there", True),  # printed whole only in another case
        ("Trace", "Monkey", "tracemonkey", True),
    ],
)
def test_a_capital_after_the_break_keeps_the_hyphen_unless_the_page_prints_the_word_whole(
    left: str, right: str, page: str, kept: bool
) -> None:
    assert keep_hyphen(left, right, Lexicon(text=page)) is kept
    lines = (TextLine(page, Box(72.0, 100.0, 500.0, 112.0), 12.0),)
    assert keep_hyphen(left, right, Lexicon(frozenset(), lines)) is kept


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        ("the CoNLL\ufffe2003 Shared Task", "the CoNLL-2003 Shared Task"),  # pdfium's mark before a number
        ("in 1990\ufffe1995 and", "in 1990-1995 and"),
        ("an exam\ufffeple of it", "an example of it"),  # between syllables, as before
    ],
)
def test_a_number_after_a_line_end_hyphen_keeps_it(raw: str, text: str) -> None:
    """Numbers are never hyphenated: a hyphen at a line end before one is printed (``IEEE-754``,
    ``CoNLL-2003``), in pdfium's joined lines and across two lines alike."""
    assert clean_line(raw, True)[0] == text
    assert keep_hyphen("CoNLL", "2003") and keep_hyphen("IEEE", "754,", Lexicon(text="IEEE754"))
