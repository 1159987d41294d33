"""``info`` on a long document not extracted yet looks at a sample of its pages (scaled counts,
``coverage_sampled``) and extracts the rest in the background; exact once the pages are cached."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs

from pdfcore.api import Pdfcore
from pdfcore.config import load_settings
from pdfcore.models import DocumentSource, PageText
from pdfcore.services.info import SAMPLE_ABOVE, RestExtraction, info_sample
from tests.fakes.fake_renderer import FakeRenderer
from tests.fakes.fake_store import FakeStore
from tests.fakes.fake_text import FakeDocument, FakeTextExtractor

PAGES = 100


def _words(i: int) -> str:
    """A line of its own for page ``i`` (no digits: a line repeated digits aside is a running head)."""
    return "Here " + " ".join("one" if bit == "1" else "nought" for bit in bin(i)[2:]) + " ends."


#: Every seventh page is blank: 86 pages with text, 14 without.
BOOK = FakeDocument([_words(i) if i % 7 else "" for i in range(1, PAGES + 1)])


class CountingExtractor(FakeTextExtractor):
    """The fake extractor, counting each page's characters as an engine does."""

    def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]:
        for page in super().extract(source, pages):
            yield attrs.evolve(page, char_count=sum(len(line.text) for line in page.lines))


class GatedExtractor(CountingExtractor):
    """Extracts the pages of ``open_pages`` at once, the others once ``gate`` is set."""

    def __init__(self, open_pages: set[int]) -> None:
        super().__init__()
        self.open_pages = open_pages
        self.gate = threading.Event()

    def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]:
        if not set(pages) <= self.open_pages:
            assert self.gate.wait(10), "the gate was never opened"
        return super().extract(source, pages)


def _core(tmp_path: Path, text: FakeTextExtractor, doc: FakeDocument = BOOK) -> tuple[Pdfcore, str]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "book.pdf"
    path.write_bytes(b"%PDF-1.7 fake book")
    text.documents[str(path.resolve())] = doc
    (tmp_path / "config.toml").write_text("")
    settings = load_settings(
        env={"PDFCORE_CONFIG": str(tmp_path / "config.toml"), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}
    )
    return Pdfcore(settings, text=text, renderer=FakeRenderer(), store=FakeStore()), str(path)


def _rest(core: Pdfcore) -> RestExtraction:
    rest = core.services.info.rest
    assert rest is not None
    return rest


def test_cold_info_answers_from_a_sample_without_waiting_for_the_rest(tmp_path: Path) -> None:
    sample = info_sample(PAGES)
    text = GatedExtractor(set(sample))
    core, path = _core(tmp_path, text)
    try:
        info = core.info(path)  # the other pages are held at the gate: this does not wait for them
        assert info.coverage_sampled is True and info.pages_sampled == len(sample) < PAGES
        assert info.from_cache is False and info.page_count == PAGES
        summary = info.text_coverage.summary
        assert summary.pages_with_text + summary.pages_without_text == PAGES
        assert 80 <= summary.pages_with_text <= 92  # scaled from the sample (86 exactly)
        assert {i for _, i in text.extracted} == set(sample)
        assert _rest(core).pending() == 1
        text.gate.set()
        assert _rest(core).wait(10)
        exact = core.info(path)
        assert exact.coverage_sampled is False and exact.pages_sampled is None
        assert exact.text_coverage.summary.pages_with_text == 86 and exact.from_cache is True
        assert sorted(i for _, i in text.extracted) == list(range(PAGES))  # every page once
    finally:
        text.gate.set()
        core.close()


def test_detail_trust_and_short_documents_are_read_whole(tmp_path: Path) -> None:
    text = CountingExtractor()
    core, path = _core(tmp_path, text)
    try:
        info = core.info(path, detail=True)
        assert info.coverage_sampled is False and info.pages_sampled is None
        assert info.text_coverage.summary.pages_without_text == 14
        assert info.text_coverage.text_chars_per_page is not None and len(info.text_coverage.text_chars_per_page) == 100
    finally:
        core.close()
    short = FakeDocument(["Some text."] * SAMPLE_ABOVE)
    text = CountingExtractor()
    core, path = _core(tmp_path / "short", text, short)
    try:
        assert core.info(path).coverage_sampled is False
        assert len(text.extracted) == SAMPLE_ABOVE
    finally:
        core.close()


def test_clearing_the_cache_cancels_the_rest(tmp_path: Path) -> None:
    sample = info_sample(PAGES)
    text = GatedExtractor(set(sample))
    core, path = _core(tmp_path, text)
    try:
        assert core.info(path).coverage_sampled is True
        core.cache_clear(expired_only=False)
        text.gate.set()
        assert _rest(core).wait(10) and _rest(core).pending() == 0
        rest = {i for _, i in text.extracted} - set(sample)
        assert len(rest) <= RestExtraction.SLICE  # the slice in hand at most
    finally:
        text.gate.set()
        core.close()


def test_a_blank_cover_counts_once_not_scaled(tmp_path: Path) -> None:
    """The first page is counted as itself: a blank (scanned) cover in the sample is one page
    without text, not a page count's worth of them."""
    text = CountingExtractor()
    core, path = _core(tmp_path, text, FakeDocument([""] + [_words(i) for i in range(2, PAGES + 1)]))
    try:
        info = core.info(path)
        assert info.coverage_sampled is True
        assert info.text_coverage.summary.pages_without_text == 1
        assert info.text_coverage.summary.pages_with_text == PAGES - 1
    finally:
        core.close()
