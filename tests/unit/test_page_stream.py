"""Pages are finished as the extractor delivers them, the furniture sample first."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pdfcore.errors import ExtractionFailed
from pdfcore.models import DocumentSource, PageText
from pdfcore.services.furniture import sample_indexes
from tests.fakes import FakeDocument, fake_core
from tests.fakes.fake_text import FakeTextExtractor

PAGES = 30


def _texts() -> list[str]:
    # A running head on every page, a page number at the foot: furniture the profile strips.
    return [f"THE RUNNING HEAD\nbody text of page {i} about topic {i % 7}\n\n\n\n\n\n\n\n{i + 1}" for i in range(PAGES)]


def _core(tmp_path: Path, extractor: type[FakeTextExtractor] | None = None) -> tuple[Any, FakeTextExtractor, Any, Any]:
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument(_texts())})
    if extractor is not None:
        ex = extractor(ex.documents)
        core.documents.extractor = ex
    source = core.open(str(tmp_path / "a.pdf"))
    facts, _ = core.documents.facts(source)
    return core, ex, source, facts


def _recording(events: list[tuple[str, int]]) -> type[FakeTextExtractor]:
    """The fake extractor, noting ("deliver", page) in ``events`` as it hands each page out."""

    class Recording(FakeTextExtractor):
        def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]:
            for page in super().extract(source, pages):
                events.append(("deliver", page.index))
                yield page

    return Recording


def test_pages_are_finished_while_the_extractor_delivers_the_rest(tmp_path: Path) -> None:
    events: list[tuple[str, int]] = []
    core, _, source, facts = _core(tmp_path, _recording(events))
    finish = core.documents.finish

    def recording_finish(page: PageText, facts: Any, profile: Any) -> PageText:
        events.append(("finish", page.index))
        return finish(page, facts, profile)

    core.documents.finish = recording_finish
    got = core.documents.pages(source, list(range(PAGES)), facts)
    assert sorted(got.pages) == list(range(PAGES))
    first_finish = events.index(next(e for e in events if e[0] == "finish"))
    last_delivery = max(n for n, e in enumerate(events) if e[0] == "deliver")
    assert first_finish < last_delivery  # finishing began before the extractor was done


def test_the_furniture_sample_is_asked_for_first_and_gives_the_same_pages(tmp_path: Path) -> None:
    core, ex, source, facts = _core(tmp_path)
    streamed = core.documents.pages(source, list(range(PAGES)), facts).pages
    sample = sample_indexes(PAGES)
    assert ex.calls[0][: len(sample)] == sample
    assert sorted(i for _, i in ex.extracted) == list(range(PAGES))  # each page once

    # The same pages when the profile was learnt beforehand, by the separate sampling call.
    (tmp_path / "other").mkdir()
    other, _, source2, facts2 = _core(tmp_path / "other")
    other.documents.profile(source2, facts2)
    learnt_first = other.documents.pages(source2, list(range(PAGES)), facts2).pages
    assert [streamed[i].text for i in range(PAGES)] == [learnt_first[i].text for i in range(PAGES)]
    assert "THE RUNNING HEAD" in streamed[5].furniture and "THE RUNNING HEAD" not in streamed[5].text


def test_an_unreadable_sample_page_is_left_out_of_the_profile_not_the_answer(tmp_path: Path) -> None:
    bad = sample_indexes(PAGES)[-1]

    class Flaky(FakeTextExtractor):
        def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]:
            for page in super().extract(source, pages):
                if page.index == bad:
                    raise ExtractionFailed("boom")
                yield page

    core, _, source, facts = _core(tmp_path, Flaky)
    got = core.documents.pages(source, [0, 1, 2], facts)
    assert sorted(got.pages) == [0, 1, 2]
    assert all("extraction_failed" not in p.warnings for p in got.pages.values())
    # asked for, the same page is answered as unreadable among the others
    more = core.documents.pages(source, [bad - 2, bad], facts)
    assert "extraction_failed" in more.pages[bad].warnings and more.pages[bad - 2].text


def test_stream_pages_hands_out_pages_before_the_extractor_is_done(tmp_path: Path) -> None:
    events: list[tuple[str, int]] = []
    core, _, source, facts = _core(tmp_path, _recording(events))
    core.documents.pages(source, [3, 4], facts)  # two pages cached already
    events.clear()
    got: list[int] = []
    for page in core.documents.stream_pages(source, list(range(PAGES)), facts):
        events.append(("handed", page.index))
        got.append(page.index)
    assert got[:2] == [3, 4]  # the cached pages first
    assert sorted(got) == list(range(PAGES))  # then every other page, once
    first_fresh = events.index(next(e for e in events if e[0] == "handed" and e[1] not in (3, 4)))
    last_delivery = max(n for n, e in enumerate(events) if e[0] == "deliver")
    assert first_fresh < last_delivery
    # Same pages, same text as pages() gives, and now all cached: a second stream extracts nothing.
    whole = core.documents.pages(source, list(range(PAGES)), facts)
    assert whole.cache_hits == PAGES
    events.clear()
    assert [p.index for p in core.documents.stream_pages(source, list(range(PAGES)), facts)] == list(range(PAGES))
    assert not [e for e in events if e[0] == "deliver"]
