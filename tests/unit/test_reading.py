from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import ExtractionFailed, PageOutOfRange, PasswordIncorrect, PasswordRequired
from pdfcore.models import OutlineEntry
from pdfcore.services.furniture import sample_indexes
from pdfcore.services.read_all import BUILD_AHEAD_PAGES, LOOKAHEAD_PER_WORKER, PAST_BUDGET_PER_WORKER, MarkdownHooks
from pdfcore.structure.style import sample_indexes as style_samples
from tests.fakes import FakeDocument, fake_core


def test_read_pages_in_order_with_labels(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["one", "two", "three"], labels=["i", "ii", "1"])})
    r = core.read_pages(str(tmp_path / "a.pdf"), "1,3")
    assert [p.page for p in r.pages] == [1, 3]
    assert [p.text for p in r.pages] == ["one", "three"]
    assert r.pages[0].label == "i"
    assert r.total_chars == len("one") + len("three")
    assert core.read_pages(str(tmp_path / "a.pdf"), "ii").pages[0].text == "two"


def test_second_read_is_served_from_cache(tmp_path: Path) -> None:
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument(["one", "two"])})
    first = core.read_pages(str(tmp_path / "a.pdf"), "1-2")
    second = core.read_pages(str(tmp_path / "a.pdf"), "1-2")
    assert first.cache_hits == 0 and second.cache_hits == 2
    assert len(ex.extracted) == 2


def test_blocks_become_paragraphs(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["line a\nline b\n\nnew para"])})
    assert core.read_pages(str(tmp_path / "a.pdf"), "1").pages[0].text == "line a\nline b\n\nnew para"


def test_out_of_range(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["x"])})
    with pytest.raises(PageOutOfRange):
        core.read_pages(str(tmp_path / "a.pdf"), "2")


def test_password_required_then_incorrect_then_ok(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["secret text"], password="pw")})
    path = str(tmp_path / "a.pdf")
    with pytest.raises(PasswordRequired):
        core.read_pages(path, "1")
    with pytest.raises(PasswordIncorrect):
        core.read_pages(path, "1", password="wrong")
    assert core.read_pages(path, "1", password="pw").pages[0].text == "secret text"
    # the cached text is not served to a caller without the password
    with pytest.raises(PasswordRequired):
        core.read_pages(path, "1")
    with pytest.raises(PasswordIncorrect) as info:
        core.read_pages(path, "1", password="wrong2")
    assert "wrong2" not in info.value.message


def test_read_all_resumes_exactly(tmp_path: Path) -> None:
    texts = [f"page {i} " + "x" * 1500 for i in range(10)]
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)}, limits={"max_response_bytes": 5000})
    path = str(tmp_path / "a.pdf")
    seen: list[int] = []
    start: int | None = 1
    calls = 0
    while start is not None:
        r = core.read_all(path, start_page=start, max_pages=500)
        assert r.bytes_returned <= 5000
        assert r.truncated_bytes or r.next_page is None
        seen.extend(range(r.start_page, r.start_page + r.page_count))
        start = r.next_page
        calls += 1
    assert seen == list(range(1, 11))
    assert calls > 1
    # no page was extracted twice, and none beyond what was returned
    assert sorted(i for _, i in ex.extracted) == list(range(10))


def test_read_all_with_workers_extracts_ahead_only_what_fits(tmp_path: Path) -> None:
    """With several engine workers, following pages are extracted in batches while the budget
    holds an allowance (a multiple of the largest page so far) for each; looping still returns
    every page once, and a page extracted ahead but not returned is the next call's first page,
    from the cache."""
    texts = [f"page {i} " + "x" * 400 for i in range(40)]
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)}, limits={"max_response_bytes": 8192})
    core.services.reading.parallelism = 2
    path = str(tmp_path / "a.pdf")
    seen: list[int] = []
    start: int | None = 1
    while start is not None:
        r = core.read_all(path, start_page=start, max_pages=500)
        assert r.bytes_returned <= 8192
        seen.extend(range(r.start_page, r.start_page + r.page_count))
        start = r.next_page
    assert seen == list(range(1, 41))
    extracted = [i for _, i in ex.extracted]
    assert sorted(extracted) == list(range(40))  # each page extracted once, none past the end
    assert max(len(c) for c in ex.calls) > 2  # pages were extracted together, not one by one
    assert len(ex.calls) < 40


def _extracted_once(ex: Any) -> list[int]:
    """The pages the fake extractor was asked for (0-based, in order), each asked for once."""
    extracted = [i for _, i in ex.extracted]
    assert len(extracted) == len(set(extracted))
    return extracted


def _wait_for_read_ahead(core: Any) -> None:
    """Wait for the extractions the last call left on their way (it did not wait for them)."""
    for future in set(core.documents._inflight.values()):
        future.result(timeout=10)


def _four_pages_profiled(tmp_path: Path) -> tuple[Any, Any, Any, Any]:
    """Four pages whose profile is known (no sample pages are read after), nothing extracted
    yet as far as the fake extractor tells: (core, extractor, source, facts)."""
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument(["one", "two", "three", "four"])})
    source = core.open(str(tmp_path / "a.pdf"))
    facts, _ = core.documents.facts(source)
    core.documents.profile(source, facts)
    ex.extracted.clear()
    return core, ex, source, facts


def _sixty_pages(tmp_path: Path) -> tuple[Any, Any, str]:
    """Sixty pages of one size, about twenty to an answer, read by two engine workers: (core, its fake
    extractor, the document's path)."""
    texts = [f"page {i:02d} " + "x" * 400 for i in range(60)]
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)}, limits={"max_response_bytes": 8192})
    core.services.reading.parallelism = 2
    return core, ex, str(tmp_path / "a.pdf")


def test_read_all_extracts_a_bounded_number_of_pages_past_its_answer(tmp_path: Path) -> None:
    """Pages of one size: a single call extracts the pages it returns and, with workers, at most
    ``PAST_BUDGET_PER_WORKER`` pages per worker after them (the next call's first pages, which
    it then returns from the cache), none further; never one page at a time."""
    core, ex, path = _sixty_pages(tmp_path)
    r = core.read_all(path, max_pages=500)
    assert r.truncated_bytes and r.next_page is not None
    _wait_for_read_ahead(core)
    # 0-based: returned + those past it, and the document's furniture sample (each once)
    extracted = _extracted_once(ex)
    returned = set(range(r.next_page - 1))
    past = set(extracted) - returned - set(sample_indexes(60))
    assert returned <= set(extracted)
    assert past and max(past) <= r.next_page + 2 * PAST_BUDGET_PER_WORKER
    assert max(len(c) for c in ex.calls) > 1  # extracted ahead, not one by one


def test_a_markdown_answer_cut_by_its_budget_leaves_the_workers_more_pages_to_extract(tmp_path: Path) -> None:
    """Markdown: once the pages of an answer cut by the budget are in, the workers are handed
    pages past it up to the deeper lookahead (they extract while the calling thread puts the
    answer together and it is sent), more than the usual pages past the budget."""
    texts = [f"page {i:03d} " + "x" * 400 for i in range(200)]
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)}, limits={"max_response_bytes": 8192})
    core.services.reading.parallelism = 2
    r = core.read_all(str(tmp_path / "a.pdf"), max_pages=500, format="markdown")
    assert r.truncated_bytes and r.next_page is not None
    _wait_for_read_ahead(core)
    extracted = _extracted_once(ex)
    samples = set(sample_indexes(200)) | set(style_samples(200))  # running heads', the style's
    past = set(extracted) - set(range(r.next_page - 1)) - samples
    # (a text answer leaves them PAST_BUDGET_PER_WORKER pages each, a page or two more at most)
    assert len(past) > 4 * PAST_BUDGET_PER_WORKER, sorted(past)


def test_a_call_starting_on_a_page_extracted_ahead_goes_on_extracting_ahead(tmp_path: Path) -> None:
    """The first page of a call may come from the cache (an earlier call extracted it ahead);
    the pages after it are still handed to the workers ahead of the caller."""
    core, ex, path = _sixty_pages(tmp_path)
    first = core.read_all(path, max_pages=500)
    assert first.next_page is not None
    prefetched: list[list[int]] = []
    prefetch = core.documents.prefetch

    def recording_prefetch(source: Any, indexes: Any, facts: Any) -> None:
        prefetched.append(list(indexes))
        prefetch(source, indexes, facts)

    core.documents.prefetch = recording_prefetch  # type: ignore[method-assign]
    _wait_for_read_ahead(core)
    ahead = {i for _, i in ex.extracted}
    second = core.read_all(path, start_page=first.next_page, max_pages=500)
    assert second.cache_hits >= 1  # its first page was extracted by the first call
    # handed to the workers ahead: pages after the call's first, some that the first call did not
    # extract (those it did are in memory: the workers are not asked for them again, see below)
    assert prefetched and min(min(c) for c in prefetched) > first.next_page - 1
    assert any(i not in ahead for c in prefetched for i in c)
    extracted = _extracted_once(ex)
    end = (second.next_page or 60) + 2 * PAST_BUDGET_PER_WORKER  # exclusive
    assert set(range((second.next_page or 61) - 1)) <= set(extracted)
    assert set(extracted) <= set(range(end)) | set(sample_indexes(60))


_WORDS = ("apple", "river", "stone", "cloud", "maple", "quiet", "amber", "forest", "lantern", "meadow", "copper")


def _varied_document(tmp_path: Path, n: int) -> tuple[Any, Any, Any]:
    """A document of ``n`` pages of varied words (no line repeats as a running head), each page
    ending with its number, read by two engine workers: (core, source, facts)."""
    texts = [" ".join(_WORDS[(i * 5 + k) % len(_WORDS)] for k in range(9)) + f" {i}." for i in range(n)]
    core, _ex = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)})
    core.services.reading.parallelism = 2
    source = core.open(str(tmp_path / "a.pdf"))
    facts, _ = core.documents.facts(source)
    return core, source, facts


def _built_page_by_page(core: Any, source: Any, facts: Any, n: int) -> str:
    """The Markdown of the first ``n`` pages, each built on its own in the document's style."""
    md = core.services.markdown
    style = md.style(source, facts)
    pages = core.documents.pages(source, list(range(n)), facts).pages
    return str(md.document_markdown(facts, [md.structure(source, facts, pages[i], style) for i in range(n)]))


class _SlowTables:
    """Markdown hooks over a document whose page 20 has tables that take a while: ``ready``
    says they are not read for its first ``waits`` asks (2 ms each); the pages built are
    recorded (``built``), and those built while page 20 waited (``during``)."""

    def __init__(self, core: Any, source: Any, facts: Any, *, waits: int) -> None:
        self.md, self.source, self.facts = core.services.markdown, source, facts
        self.style = self.md.style(source, facts)
        self.limit = waits
        self.waits = 0
        self.waiting = False
        self.built: list[int] = []
        self.during: list[int] = []

    def ready(self, page: Any, seconds: float) -> bool:
        self.waiting = page.index == 20 and self.waits < self.limit
        if self.waiting:
            self.waits += 1
            time.sleep(0.002)
        return not self.waiting

    def structure(self, page: Any) -> Any:
        self.built.append(page.index)
        if self.waiting:
            self.during.append(page.index)
        return self.md.structure(self.source, self.facts, page, self.style)

    def hooks(self, settled: Any = None) -> MarkdownHooks:
        return MarkdownHooks(
            structure=self.structure,
            document=lambda pages: self.md.document_markdown(self.facts, pages),
            ahead=lambda pages: None,
            ready=self.ready,
            settled=settled,
        )


def test_markdown_tells_the_tables_of_pages_extracted_ahead_before_it_builds_the_pages_before_them(
    tmp_path: Path,
) -> None:
    """In Markdown, a chunk the engine extracted ahead is taken as soon as it is in: its pages go
    to ``ahead`` (their tables are read meanwhile) while the pages before them are still being
    built, each page is built once, and the answer is the one built page by page."""
    core, source, facts = _varied_document(tmp_path, 60)
    md = core.services.markdown
    style = md.style(source, facts)
    built: list[int] = []
    told: list[tuple[int, int]] = []  # (first page of a batch told ahead, pages built by then)

    def structure(page: Any) -> Any:
        time.sleep(0.004)  # the engine (here instant) runs ahead of this thread
        built.append(page.index)
        return md.structure(source, facts, page, style)

    def ahead(pages: Any) -> None:
        if pages:
            told.append((min(p.index for p in pages), len(built)))

    hooks = MarkdownHooks(structure=structure, document=lambda pages: md.document_markdown(facts, pages), ahead=ahead)
    r = core.services.reading.read_all(source, facts, max_pages=60, markdown=hooks)
    assert r.page_count == 60 and r.next_page is None
    assert sorted(built) == list(range(60))  # each page built once
    # Told before every page ahead of it was built (without taking chunks early, a batch is
    # told when the loop reaches its first page: every page before it is built by then).
    assert any(done < first for first, done in told), told
    assert r.markdown == _built_page_by_page(core, source, facts, 60)
    assert all(f"{i}." in r.markdown for i in range(60))


def test_markdown_hands_the_engine_more_pages_while_a_page_waits_for_its_tables(tmp_path: Path) -> None:
    """While the calling thread waits for a page's tables (``ready`` says they are not read
    yet), the engine is handed pages past the usual lookahead, so the workers not reading the
    tables do not idle; the answer is the same."""
    core, source, facts = _varied_document(tmp_path, 90)
    tables = _SlowTables(core, source, facts, waits=40)
    asked: list[int] = []  # pages handed to the engine while page 20 waited for its tables
    prefetch = core.documents.prefetch

    def recording_prefetch(src: Any, indexes: Any, fx: Any) -> None:
        if tables.waiting:
            asked.extend(indexes)
        prefetch(src, indexes, fx)

    core.documents.prefetch = recording_prefetch  # type: ignore[method-assign]
    r = core.services.reading.read_all(source, facts, max_pages=90, markdown=tables.hooks())
    assert tables.waits == 40 and r.page_count == 90 and r.next_page is None
    assert sorted(tables.built) == list(range(90))
    # more pages than the usual lookahead has on their way at once
    assert len(asked) > 2 * LOOKAHEAD_PER_WORKER, asked
    assert all(f" {i}." in r.markdown for i in range(90))


def test_markdown_builds_later_pages_that_wait_for_nothing_while_a_page_waits_for_its_tables(
    tmp_path: Path,
) -> None:
    """While page 20 waits for its tables, the calling thread builds later pages at hand that
    ``settled`` says wait for nothing (never one it does not), each once, no further than
    ``BUILD_AHEAD_PAGES`` past the waiting page; the answer is the one built page by page."""
    core, source, facts = _varied_document(tmp_path, 90)
    tables = _SlowTables(core, source, facts, waits=30)
    # pages 21, 24, ... would wait: never built early
    r = core.services.reading.read_all(
        source, facts, max_pages=90, markdown=tables.hooks(settled=lambda page: page.index % 3 != 0)
    )
    during = tables.during
    assert tables.waits == 30 and r.page_count == 90 and r.next_page is None
    assert during, "nothing was built while page 20 waited"
    assert all(20 < i <= 20 + BUILD_AHEAD_PAGES and i % 3 != 0 for i in during), during
    assert len(set(during)) == len(during)  # each once
    assert r.markdown == _built_page_by_page(core, source, facts, 90)


def test_read_all_extracts_the_next_batch_while_finishing_the_current(tmp_path: Path) -> None:
    """On a document not cached yet, the batch after the current one is handed to the engine
    before the current one is finished, so the workers do not wait for the caller."""
    texts = [f"page {i} " + "x" * 400 for i in range(60)]
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)})
    core.services.reading.parallelism = 2
    events: list[tuple[str, int]] = []
    extract, finish = ex.extract, core.documents.finish

    def recording_extract(source: Any, pages: Any) -> Any:
        events.append(("extract", pages[0]))
        return extract(source, pages)

    def recording_finish(page: Any, facts: Any, profile: Any) -> Any:
        events.append(("finish", page.index))
        time.sleep(0.002)  # a finishing that takes time, as real layout work does
        return finish(page, facts, profile)

    ex.extract = recording_extract  # type: ignore[method-assign]
    core.documents.finish = recording_finish
    r = core.read_all(str(tmp_path / "a.pdf"), max_pages=500)
    assert r.page_count == 60 and r.next_page is None
    assert sorted(i for _, i in ex.extracted) == list(range(60))
    started_early = [
        first
        for n, (kind, first) in enumerate(events)
        if kind == "extract" and first > 0 and ("finish", first - 1) in events[n + 1 :]
    ]
    assert started_early, events


def test_a_failed_prefetch_is_extracted_by_the_caller(tmp_path: Path) -> None:
    core, ex, source, facts = _four_pages_profiled(tmp_path)
    extract = ex.extract
    calls = 0

    def flaky(src: Any, pages: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ExtractionFailed("the engine stumbled")
        return extract(src, pages)

    ex.extract = flaky  # type: ignore[method-assign]
    core.documents.prefetch(source, [1, 2], facts)
    got = core.documents.pages(source, [1, 2], facts)
    assert [got.pages[i].text for i in (1, 2)] == ["two", "three"]
    assert sorted(i for _, i in ex.extracted) == [1, 2]


def test_prefetched_pages_beyond_the_request_are_cached_not_extracted_again(tmp_path: Path) -> None:
    core, ex, source, facts = _four_pages_profiled(tmp_path)
    core.documents.prefetch(source, [1, 2, 3], facts)
    core.documents.prefetch(source, [1, 2], facts)  # already on its way: not started again
    got = core.documents.pages(source, [2], facts)
    assert list(got.pages) == [2] and got.pages[2].text == "three"
    later = core.documents.pages(source, [1, 3], facts)
    assert later.cache_hits == 2
    assert sorted(i for _, i in ex.extracted) == [1, 2, 3]


def test_pages_extracted_ahead_that_no_call_takes_are_dropped_after_a_while(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An extraction started ahead waits for its caller for ``AHEAD_KEPT_S``; after that it is
    dropped (its pages are not held in memory forever) and they are extracted again if asked."""
    from pdfcore.services import documents as documents_module

    core, ex, source, facts = _four_pages_profiled(tmp_path)
    now = [1000.0]
    monkeypatch.setattr(documents_module.time, "monotonic", lambda: now[0])
    core.documents.prefetch(source, [1], facts)
    core.documents.prefetch(source, [2], facts)  # within the time kept: nothing is dropped
    assert core.documents.pages(source, [1], facts).pages[1].text == "two"
    core.documents._inflight[(source.fingerprint.sha256, 2)].result(timeout=10)  # page 2 extracted
    assert sorted(i for _, i in ex.extracted) == [1, 2]
    now[0] += documents_module.AHEAD_KEPT_S + 1
    core.documents.prefetch(source, [3], facts)  # page 2 was never taken: dropped now
    assert core.documents.pages(source, [2, 3], facts).pages[2].text == "three"
    assert sorted(i for _, i in ex.extracted) == [1, 2, 2, 3]


def test_a_read_all_loop_takes_the_pages_the_call_before_left_on_their_way(tmp_path: Path) -> None:
    """The pages a call extracts past its answer are not waited for: the next call takes them
    (no page is extracted twice) and its first page does not come from a new extraction."""
    core, ex, path = _sixty_pages(tmp_path)
    first = core.read_all(path, max_pages=500)
    assert first.next_page is not None
    assert core.documents._inflight  # left on their way, not waited for
    calls = len(ex.calls)
    second = core.read_all(path, start_page=first.next_page, max_pages=500)
    assert second.page_count > 0
    _extracted_once(ex)  # none extracted twice
    assert all(first.next_page - 1 not in c for c in ex.calls[calls:])


def test_read_all_past_the_end(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["a", "b"])})
    r = core.read_all(str(tmp_path / "a.pdf"), start_page=5)
    assert r.page_count == 0 and r.next_page is None and r.total_pages == 2


def test_read_all_max_pages(tmp_path: Path) -> None:
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument([str(i) for i in range(10)])})
    r = core.read_all(str(tmp_path / "a.pdf"), max_pages=3)
    assert r.page_count == 3 and r.next_page == 4 and r.truncated_pages and not r.truncated_bytes
    # Beyond the pages returned, only the document's furniture sample is extracted, once each:
    # the pages are finished with the profile every other path uses.
    extracted = _extracted_once(ex)
    assert set(extracted) == {0, 1, 2} | set(sample_indexes(10))


def test_oversized_single_page_is_cut_not_repeated(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["y" * 9000, "small"])}, limits={"max_response_bytes": 4096})
    r = core.read_all(str(tmp_path / "a.pdf"))
    assert r.page_count == 1 and r.page_cut == 1 and r.next_page == 2 and r.bytes_returned <= 4096
    r2 = core.read_all(str(tmp_path / "a.pdf"), start_page=2)
    assert r2.page_count == 1 and r2.next_page is None


def test_bounded_reads_name_the_next_call(tmp_path: Path) -> None:
    texts = ["a" * 300, "b" * 300, "c" * 300, "d" * 300]
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)})
    r = core.read_pages(str(tmp_path / "a.pdf"), "1-4", max_chars=700)
    assert [p.page for p in r.pages] == [1, 2]
    assert r.truncated and r.next_pages == "3-4" and "pages='3-4'" in (r.truncation_note or "")
    cut = core.read_pages(str(tmp_path / "a.pdf"), "1", max_chars_per_page=100)
    assert cut.pages[0].truncated and cut.pages[0].chars == 100 and cut.pages[0].chars_available == 300
    first_too_big = core.read_pages(str(tmp_path / "a.pdf"), "1-2", max_chars=50)
    assert [p.page for p in first_too_big.pages] == [1] and first_too_big.pages[0].chars == 50
    assert first_too_big.next_pages == "2"


def test_without_pages_short_documents_are_read_whole(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument([f"page {i}" for i in range(5)])})
    r = core.read_pages(str(tmp_path / "a.pdf"))
    assert [p.page for p in r.pages] == [1, 2, 3, 4, 5] and r.document_map is None


def test_without_pages_long_documents_get_a_map(tmp_path: Path) -> None:
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda"]
    texts = [" ".join(words[(i + k) % len(words)] for k in range(i % 7 + 3)) if i % 10 else "" for i in range(45)]
    outline = [OutlineEntry(1, "Part one", 2), OutlineEntry(1, "Part two", 25)]
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(texts, outline=outline)})
    r = core.read_pages(str(tmp_path / "a.pdf"))
    assert r.pages == () and r.document_map is not None
    m = r.document_map
    assert m.page_count == 45 and [e.title for e in m.outline] == ["Part one", "Part two"]
    rows = [(row.pages, row.text) for row in m.quality]
    assert rows[:3] == [("1", "none"), ("2-10", "native"), ("11", "none")]
    assert any("pdf_read_pages" in c for c in m.next_calls) and any("ocr=true" in c for c in m.next_calls)


def test_one_unreadable_page_does_not_sink_the_document(tmp_path: Path) -> None:
    from pdfcore.errors import ExtractionFailed
    from tests.fakes.fake_text import FakeTextExtractor

    class Flaky(FakeTextExtractor):
        def extract(self, source, pages):  # type: ignore[no-untyped-def,override]
            for p in super().extract(source, pages):
                if p.index == 2:
                    raise ExtractionFailed("boom")
                yield p

    texts = ["alpha beta", "gamma delta epsilon", "zeta eta", "theta iota kappa lambda", "mu nu xi"]
    core, ex = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)})
    flaky = Flaky(ex.documents)
    core.documents.extractor = flaky
    info = core.info(str(tmp_path / "a.pdf"))
    assert info.page_count == 5
    assert any(q.code == "extraction_failed" and q.pages == "3" for q in info.quality)
    with pytest.raises(ExtractionFailed):
        core.read_pages(str(tmp_path / "a.pdf"), "3")
    assert [p.text for p in core.read_pages(str(tmp_path / "a.pdf"), "1-2").pages] == texts[:2]
