"""The background embedding queue on fakes: it never holds the caller, embeds the pages a query
found first, resumes from what is stored after a restart, and stops when cancelled."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from pdfcore.services.embedding_jobs import EmbeddingJobs
from pdfcore.services.semantic import SemanticIndex
from tests.fakes import FakeDocument, fake_core
from tests.fakes.fake_embedder import GatedEmbedder
from tests.fakes.fake_scorer import FakeVectorScorer

WORDS = [
    "copyright",
    "law",
    "grants",
    "exclusive",
    "rights",
    "to",
    "authors",
    "of",
    "creative",
    "works",
    "for",
    "a",
    "limited",
    "time",
    "while",
    "the",
    "public",
    "domain",
    "holds",
    "every",
    "work",
    "whose",
    "term",
    "has",
    "ended",
    "and",
    "anyone",
    "may",
    "copy",
    "adapt",
    "or",
    "perform",
    "it",
    "freely",
]
#: Twelve pages of different text (a line repeated on every page would be a running head).
PAGES = [f"page{p} " + " ".join(WORDS[(p * 5 + k) % len(WORDS)] for k in range(12)) for p in range(12)]


@pytest.fixture
def doc(tmp_path: Path) -> Any:
    core, _ = fake_core(tmp_path, {"d.pdf": FakeDocument(PAGES)}, embedder=None)
    source = core.open(str(tmp_path / "d.pdf"))
    facts, _ = core.documents.facts(source)
    store = core.services.store

    def pages_for(indexes):  # type: ignore[no-untyped-def]
        return core.documents.pages(source, list(indexes), facts).pages

    yield source, facts, store, pages_for
    core.close()


def _jobs(embedder: GatedEmbedder, store: Any, **kw: Any) -> tuple[EmbeddingJobs, SemanticIndex]:
    index = SemanticIndex(embedder, lambda facts: store, FakeVectorScorer())
    return EmbeddingJobs(index, **kw), index


def _until(cond: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_request_returns_at_once_while_the_embedder_is_held(doc: Any) -> None:
    source, facts, store, pages_for = doc
    embedder = GatedEmbedder()
    jobs, index = _jobs(embedder, store, batch_pages=4)
    t0 = time.monotonic()
    progress = jobs.request(source, facts, pages_for)
    assert time.monotonic() - t0 < 0.5
    assert progress.pages_done == 0 and not progress.complete and progress.share == 0.0
    _until(embedder.waiting.is_set)  # the worker is held in the embedder, not the caller
    embedder.open()
    done = jobs.wait(source, facts, seconds=10)
    assert done.complete and done.share == 1.0
    assert index.has_vectors(source, facts)
    jobs.close()


def test_wait_honours_its_time_and_names_the_missing_pages(doc: Any) -> None:
    source, facts, store, pages_for = doc
    embedder = GatedEmbedder()
    jobs, _ = _jobs(embedder, store, batch_pages=4)
    jobs.request(source, facts, pages_for)
    embedder.allow(1)  # one batch of 4 pages, then held
    seen: list[tuple[int, int]] = []
    t0 = time.monotonic()
    progress = jobs.wait(source, facts, seconds=0.5, on_progress=lambda d, t: seen.append((d, t)))
    assert 0.4 < time.monotonic() - t0 < 3.0
    assert progress.pages_done == 4 and progress.missing == tuple(range(4, 12))
    assert progress.vectors is not None and {s.page for s in progress.vectors.spans} == {0, 1, 2, 3}
    assert seen and seen[-1] == (4, 12)
    embedder.open()
    jobs.close()


def test_pages_a_query_found_are_embedded_first(doc: Any) -> None:
    source, facts, store, pages_for = doc
    embedder = GatedEmbedder()
    jobs, _ = _jobs(embedder, store, batch_pages=2)
    jobs.request(source, facts, pages_for, first=[9, 5])
    embedder.allow(1)
    _until(lambda: len(embedder.batches) == 1)
    assert [t.split()[0] for t in embedder.batches[0]] == ["page9", "page5"]
    embedder.open()
    assert jobs.wait(source, facts, seconds=10).complete
    jobs.close()


def test_a_restart_goes_on_from_the_stored_vectors(doc: Any) -> None:
    source, facts, store, pages_for = doc
    first = GatedEmbedder()
    jobs, _ = _jobs(first, store, batch_pages=4)
    jobs.request(source, facts, pages_for)
    first.allow(2)
    _until(lambda: jobs.progress(source, facts).pages_done == 8)
    threading.Timer(0.2, first.open).start()  # the third batch ends after the stop: not written
    jobs.close()  # the process stops with 8 of 12 pages embedded (and stored)

    second = GatedEmbedder()
    second.open()
    again, index = _jobs(second, store, batch_pages=4)
    assert again.request(source, facts, pages_for).pages_done == 0  # not read before the job runs
    assert again.wait(source, facts, seconds=10).complete
    embedded = [t.split()[0] for batch in second.batches for t in batch]
    assert embedded == [f"page{p}" for p in (8, 9, 10, 11)]  # only the pages left
    assert {s.page for s in index.vectors(source, facts, lambda: {})[1].spans} == set(range(12))
    again.close()


def test_cancel_all_stops_the_job_and_writes_nothing_more(doc: Any) -> None:
    source, facts, store, pages_for = doc
    embedder = GatedEmbedder()
    jobs, index = _jobs(embedder, store, batch_pages=4)
    jobs.request(source, facts, pages_for)
    _until(embedder.waiting.is_set)
    jobs.cancel_all()
    embedder.open()
    _until(lambda: jobs.pending() == 0)
    time.sleep(0.1)
    assert not index.has_vectors(source, facts)
    assert store.load_vectors(source.fingerprint.sha256, index.partial_key) is None
    jobs.close()
