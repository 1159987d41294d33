"""A word broken at a hyphen keeps it when the document uses the hyphenated form whole and not
the joined one (pdfcore.layout.hyphens)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pdfcore.layout import assemble
from pdfcore.layout.hyphens import Lexicon, clean_line, keep_hyphen, vocabulary
from pdfcore.models import Box, PageText, TextLine
from pdfcore.structure import Element, PageStructure, join_pages, render_document
from pdfcore.structure.elements import join_columns


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


#: A page of English prose (the word list's language test asks for 20 words or more).
_ENGLISH = (
    "This report describes the contract awarded last year and the services that the agency will "
    "receive from the company under its terms, with the costs and schedules the office reviewed "
    "before the board approved the plan."
)
_COMMON = frozenset(_ENGLISH.lower().replace(",", "").replace(".", "").split()) | {
    *("sole", "sourced", "cross", "domain", "self", "interest", "outside", "out", "side", "con", "middle", "march"),
    *("segment", "ing", "dis", "closes", "fundamental", "form", "bank", "advised"),
}


@pytest.mark.parametrize(
    ("left", "right", "kept"),
    [
        ("sole", "sourced", True),  # two common words, their join none: a compound
        ("cross", "domain", True),
        ("self", "interest", True),
        ("(bank", "advised),", True),  # punctuation as for the document's words
        ("SELF", "interest", True),  # in capitals throughout
        ("Middle", "march", False),  # a first part written as a name: not asked
        ("\u201cMiddle", "march", False),
        ("out", "side", False),  # the join is a word: a break between syllables
        ("con", "tinue", False),  # "tinue" is no word
        ("segment", "ing", False),  # an ending the list holds as a word
        ("dis", "closes", False),  # a prefix the list holds as a word
        ("ex", "ample", False),  # a part of two letters
    ],
)
def test_two_common_words_keep_the_hyphen_the_document_does_not_explain(left: str, right: str, kept: bool) -> None:
    from tests.fakes.fake_words import FakeWordList

    lexicon = Lexicon(frozenset(), text=_ENGLISH, common=FakeWordList(_COMMON))
    assert keep_hyphen(left, right, lexicon) is kept
    assert keep_hyphen(left, right, Lexicon(frozenset(), text=_ENGLISH)) is False  # no list: as before


def test_the_document_words_come_before_the_word_list() -> None:
    from tests.fakes.fake_words import FakeWordList

    common = FakeWordList(_COMMON)
    joined = Lexicon(frozenset({"solesourced"}), text=_ENGLISH, common=common)
    assert keep_hyphen("sole", "sourced", joined) is False  # the document prints it joined
    known = Lexicon(frozenset({"out-side"}), text=_ENGLISH, common=common)
    assert keep_hyphen("out", "side", known) is True  # the document prints it hyphenated


def test_a_page_not_in_english_is_not_asked_of_the_english_list() -> None:
    from tests.fakes.fake_words import FakeWordList

    german = (
        "Die Fundamentalform einer Fläche beschreibt ihre Geometrie vollständig, wobei diese "
        "Größen unabhängig von der gewählten Parametrisierung bleiben und sich daraus weitere "
        "Invarianten ableiten lassen, etwa Krümmungen oder Längen von Kurven auf jener Fläche."
    )
    lexicon = Lexicon(frozenset(), text=german, common=FakeWordList(_COMMON))
    assert not lexicon.english()
    assert keep_hyphen("Fundamental", "form", lexicon) is False
    assert Lexicon(frozenset(), text=_ENGLISH, common=FakeWordList(_COMMON)).english()
    assert not Lexicon(frozenset(), text="A short note.", common=FakeWordList(_COMMON)).english()  # too few words


def test_assemble_keeps_a_compound_hyphen_with_the_word_list() -> None:
    from tests.fakes.fake_words import FakeWordList

    page = _page([_ENGLISH, "The agency is preparing a sole-", "sourced contract and will con-", "tinue to pay."])
    text = assemble(page, words=frozenset(), common=FakeWordList(_COMMON)).text
    assert "a sole-sourced" in text and "will continue" in text
    assert "a solesourced" in assemble(page, words=frozenset()).text  # without the list


def test_the_core_hands_its_word_list_to_page_finishing_and_warms_it(tmp_path: Path) -> None:
    import pdfcore
    from pdfcore.config import load_settings
    from tests.fakes.fake_renderer import FakeRenderer
    from tests.fakes.fake_store import FakeStore
    from tests.fakes.fake_text import FakeTextExtractor
    from tests.fakes.fake_words import FakeWordList

    (tmp_path / "c.toml").write_text("")
    settings = load_settings(
        env={"PDFCORE_CONFIG": str(tmp_path / "c.toml"), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}
    )
    words = FakeWordList(_COMMON)
    core = pdfcore.build(
        settings, text=FakeTextExtractor(), renderer=FakeRenderer(), store=FakeStore(), fetcher=None, words=words
    )
    try:
        assert core.services.words is words
        assert core.capabilities().backends["words"] == "fake"
        core.warm(engines=False)
        assert words.warmed == 1
    finally:
        core.close()


def _para(text: str) -> Element:
    return Element("paragraph", text=text, open_end=not text.endswith("."), open_start=text[:1].islower())


def test_a_compound_broken_across_a_column_break_keeps_its_hyphen_with_the_word_list() -> None:
    from tests.fakes.fake_words import FakeWordList

    common = FakeWordList(_COMMON | {"twice", "daily"})
    body = [_para(_ENGLISH), _para("The board asks for twice-"), _para("daily reports from the office.")]
    joined = join_columns(body, Lexicon(text=_ENGLISH, common=common))
    assert [el.text for el in joined][1] == "The board asks for twice-daily reports from the office."
    assert "twicedaily" in join_columns(body)[1].text  # without the list, as before
    # the words of the text around the break come first
    page_joins = Lexicon(text=_ENGLISH + " twicedaily", common=common)
    assert "twicedaily" in join_columns(body, page_joins)[1].text


def test_a_compound_broken_across_a_page_break_keeps_its_hyphen_with_the_word_list() -> None:
    from tests.fakes.fake_words import FakeWordList

    common = FakeWordList(_COMMON | {"twice", "daily"})
    first = PageStructure(0, (_para(_ENGLISH), _para("The board asks for twice-")), ())
    second = PageStructure(1, (_para("daily reports from the office."),), ())
    pages = join_pages([first, second], common)
    assert pages[0].elements[-1].text == "The board asks for twice-daily reports from the office."
    assert not pages[1].elements
    assert join_pages([first, second])[0].elements[-1].text.endswith("twicedaily reports from the office.")
    markdown = render_document([first, second], [None, None], common)
    assert "twice-daily reports" in markdown


def test_a_word_broken_across_a_page_break_in_the_text_keeps_a_compound_hyphen_with_the_word_list() -> None:
    from pdfcore.services import seams
    from tests.fakes.fake_words import FakeWordList

    common = FakeWordList(_COMMON | {"twice", "daily"})
    text, nxt = _ENGLISH + "\nThe board asks for twice-", "daily reports from the office."
    cut = seams.broken_word(text, nxt, seams.lexicon(frozenset(), text, nxt, common))
    assert cut is not None and cut.word == "twice-daily"
    plain = seams.broken_word(text, nxt, seams.lexicon(frozenset(), text, nxt))
    assert plain is not None and plain.word == "twicedaily"


def test_reads_across_a_page_break_ask_the_core_word_list(tmp_path: Path) -> None:
    import pdfcore
    from pdfcore.config import load_settings
    from tests.fakes.fake_words import FakeWordList
    from tests.pdfgen import Page, write_pdf

    rows = [
        "This report describes the contract awarded last year and the services that the",
        "agency will receive from the company under its terms, with the costs and the",
        "schedules the office reviewed before the board approved the plan. The board asks",
        "the office for twice-",
    ]
    pdf = write_pdf(
        tmp_path / "break.pdf",
        [Page().lines(72, 700, rows), Page().lines(72, 700, ["daily reports from the company and the agency."])],
    )
    (tmp_path / "c.toml").write_text("")
    settings = load_settings(
        env={"PDFCORE_CONFIG": str(tmp_path / "c.toml"), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}
    )
    core = pdfcore.build(settings, words=FakeWordList(_COMMON | {"twice", "daily", "asks", "reports"}))
    try:
        assert "for twice-daily" in core.read_all(str(pdf)).full_text
        assert "for twice-daily reports" in (core.read_all(str(pdf), format="markdown").markdown or "")
    finally:
        core.close()


@pytest.mark.parametrize(
    ("first", "second", "joined"),
    [
        ("preemption on a 512-", "GPU cluster over 41 days", "preemption on a 512-GPU cluster over 41 days"),
        ("read from pages 10-", "20 of the report", "read from pages 10-20 of the report"),
        ("the model was trained on CoNLL-", "2003 data only", "the model was trained on CoNLL-2003 data only"),
    ],
)
def test_a_printed_hyphen_after_a_figure_or_before_one_joins_and_stays(first: str, second: str, joined: str) -> None:
    """A compound or a range broken at its own printed hyphen (no mark of the extractor's), a
    figure before the hyphen or after it: the two lines' words join, the hyphen kept (numbers
    are never hyphenated between syllables)."""
    lines = (
        TextLine(first, Box(72, 100, 300, 110), 10.0, False, False),
        TextLine(second, Box(72, 112, 300, 122), 10.0, False, False),
    )
    page = assemble(PageText(index=0, text="", lines=lines))
    assert joined in page.text.replace("\n", " ")


def test_a_nil_between_dashes_at_a_line_end_stays_apart_from_the_next_line() -> None:
    """``-0-`` closing a row of a table read as text: no compound, the next row's date apart."""
    lines = (
        TextLine("Nadir Ali 12/21/2012 -0- 225,643.05 -0-", Box(72, 100, 300, 110), 10.0, False, False),
        TextLine("08/14/2013 1(1) -0- 1,952,678.70", Box(72, 112, 300, 122), 10.0, False, False),
    )
    page = assemble(PageText(index=0, text="", lines=lines))
    assert "-0-08/14" not in page.text


def test_a_hyphen_left_hanging_before_and_stays_apart() -> None:
    """``2-`` / ``and 4-year colleges``: a hyphen left hanging, no word broken there."""
    lines = (
        TextLine("institutions include almost all 2-", Box(72, 100, 300, 110), 10.0, False, False),
        TextLine("and 4-year colleges and universities", Box(72, 112, 300, 122), 10.0, False, False),
    )
    page = assemble(PageText(index=0, text="", lines=lines))
    assert "2-and" not in page.text and "2-\nand 4-year" in page.text
