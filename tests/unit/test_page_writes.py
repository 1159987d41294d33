"""Fresh pages are written to the store behind the call that extracted them: in order, never
lost, never landing after a newer version of the same page; once no page has been asked for a
moment (a caller reading on is not slowed by the writing), at the latest after the longest
wait, and at once when a flush asks for them."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

import pdfcore.services.page_writes as page_writes_module
from pdfcore.models import PageText
from tests.fakes import FakeDocument, fake_core


class SlowWrites:
    """Wraps a store's save_pages: each write waits until released (and records its order)."""

    def __init__(self, store: object) -> None:
        self.store = store
        self.release = threading.Event()
        self.entered = threading.Event()
        self.order: list[list[int]] = []
        self.inner = store.save_pages  # type: ignore[attr-defined]

    def __call__(self, digest: str, pages: Sequence[PageText]) -> None:
        self.entered.set()
        self.release.wait(10)
        self.order.append([p.index for p in pages])
        self.inner(digest, pages)


def _digest(core, path: Path) -> str:  # type: ignore[no-untyped-def]
    return str(core.open(str(path)).fingerprint.sha256)


def test_a_search_answers_before_its_pages_are_stored_and_flush_waits_for_them(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["alpha one", "beta two", "gamma three"])})
    slow = SlowWrites(core.services.store)
    core.services.store.save_pages = slow
    pdf = tmp_path / "a.pdf"
    res = core.search(str(pdf), "beta", mode="keyword")  # would hang here if it waited for the write
    assert [m.page for m in res.matches] == [2]
    digest = _digest(core, pdf)
    assert core.services.store.load_pages(digest, [0, 1, 2]) == {}  # not written yet: the write is held
    slow.release.set()
    core.flush()
    assert sorted(core.services.store.load_pages(digest, [0, 1, 2])) == [0, 1, 2]
    core.close()


def test_close_finishes_the_pending_writes(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["alpha", "beta"])})
    slow = SlowWrites(core.services.store)
    core.services.store.save_pages = slow
    pdf = tmp_path / "a.pdf"
    source = core.open(str(pdf))
    core.documents.pages(source, [0, 1], core.documents.facts(source)[0])  # its write is held
    store, digest = core.services.store, source.fingerprint.sha256
    threading.Timer(0.2, slow.release.set).start()
    t0 = time.perf_counter()
    core.close()
    assert time.perf_counter() - t0 >= 0.15  # close waited for the held write
    assert sorted(store.load_pages(digest, [0, 1])) == [0, 1]


def test_a_replaced_page_is_never_overwritten_by_an_earlier_pending_write(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["native text", "second"])})
    slow = SlowWrites(core.services.store)
    core.services.store.save_pages = slow
    pdf = tmp_path / "a.pdf"
    source = core.open(str(pdf))
    facts, _ = core.documents.facts(source)
    first = core.documents.pages(source, [0, 1], facts).pages[0]  # its write is held
    newer = attrs.evolve(first, text="recognised text", source="ocr")
    threading.Timer(0.1, slow.release.set).start()
    core.documents.replace_page(source, newer, facts)  # waits for the earlier write, then writes
    core.flush()
    assert slow.order == [[0, 1], [0]]
    assert core.services.store.load_pages(source.fingerprint.sha256, [0])[0].text == "recognised text"
    core.close()


def test_a_replacement_inside_a_deferred_block_drops_the_held_back_version(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["native text", "second"])})
    pdf = tmp_path / "a.pdf"
    source = core.open(str(pdf))
    facts, _ = core.documents.facts(source)
    with core.documents.deferred_writes():
        first = core.documents.pages(source, [0, 1], facts).pages[0]  # held back until the block ends
        core.documents.replace_page(source, attrs.evolve(first, text="recognised text", source="ocr"), facts)
    core.flush()
    stored = core.services.store.load_pages(source.fingerprint.sha256, [0, 1])
    assert stored[0].text == "recognised text" and stored[1].text == "second"
    core.close()


def test_a_table_update_of_a_page_waiting_to_be_written_goes_with_the_same_write(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["native text", "second"])})
    slow = SlowWrites(core.services.store)
    core.services.store.save_pages = slow
    source = core.open(str(tmp_path / "a.pdf"))
    facts, _ = core.documents.facts(source)
    first = core.documents.pages(source, [0, 1], facts).pages[0]  # its write waits for a quiet moment
    core.documents.replace_page(source, attrs.evolve(first, tables_checked=True), facts)  # does not wait
    assert slow.order == []
    slow.release.set()
    core.flush()
    assert slow.order == [[0, 1]]  # one write, the page's latest version in it
    assert core.services.store.load_pages(source.fingerprint.sha256, [0])[0].tables_checked is True
    core.close()


def test_a_table_update_asked_during_a_write_is_written_after_it(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["native text", "second"])})
    slow = SlowWrites(core.services.store)
    core.services.store.save_pages = slow
    source = core.open(str(tmp_path / "a.pdf"))
    facts, _ = core.documents.facts(source)
    first = core.documents.pages(source, [0, 1], facts).pages[0]
    assert slow.entered.wait(10)  # the first write is under way (held)
    core.documents.replace_page(source, attrs.evolve(first, tables_checked=True), facts)  # does not wait
    slow.release.set()
    core.flush()
    assert slow.order == [[0, 1], [0]]
    assert core.services.store.load_pages(source.fingerprint.sha256, [0])[0].tables_checked is True
    core.close()


def test_many_writes_asked_at_once_are_done_by_one_thread(tmp_path: Path) -> None:
    texts = [f"page {i}" for i in range(40)]
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(texts)})
    source = core.open(str(tmp_path / "a.pdf"))
    facts, _ = core.documents.facts(source)
    got = core.documents.pages(source, list(range(40)), facts).pages
    for i in range(40):  # a Markdown read's table updates, one a page, outside a deferred block
        core.documents.replace_page(source, attrs.evolve(got[i], tables_checked=True), facts)
    writers = [t for t in threading.enumerate() if t.name == "pdfcore-page-writes"]
    assert len(writers) == 1
    core.flush()
    stored = core.services.store.load_pages(source.fingerprint.sha256, list(range(40)))
    assert len(stored) == 40 and all(p.tables_checked for p in stored.values())
    core.close()


def test_table_updates_inside_a_deferred_block_go_with_its_one_write(tmp_path: Path) -> None:
    # A Markdown read_all reads every page's tables: one write at the end, not one per page.
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["native text", "second", "third"])})
    slow = SlowWrites(core.services.store)
    core.services.store.save_pages = slow
    source = core.open(str(tmp_path / "a.pdf"))
    facts, _ = core.documents.facts(source)
    with core.documents.deferred_writes():
        got = core.documents.pages(source, [0, 1, 2], facts).pages
        for i in (0, 2):
            core.documents.replace_page(source, attrs.evolve(got[i], tables_checked=True), facts)
    slow.release.set()
    core.flush()
    assert slow.order == [[1, 0, 2]]
    stored = core.services.store.load_pages(source.fingerprint.sha256, [0, 1, 2])
    assert [stored[i].tables_checked for i in (0, 1, 2)] == [True, False, True]
    core.close()


def _read_three_pages(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A core on fakes that has just read the three pages of a fresh document, and its path."""
    core, _ = fake_core(tmp_path, {"a.pdf": FakeDocument(["one", "two", "three"])})
    path = str(tmp_path / "a.pdf")
    core.read_pages(path, "1-3")
    return core, path


def _stored(core, path: str) -> dict[int, object]:  # type: ignore[no-untyped-def]
    digest = core.open(path).fingerprint.sha256
    return dict(core.services.store.load_pages(digest, [0, 1, 2]))


def _wait_stored(core, path: str, timeout: float) -> float:  # type: ignore[no-untyped-def]
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if len(_stored(core, path)) == 3:
            return time.monotonic() - start
        time.sleep(0.01)
    raise AssertionError("the pages never reached the store")


def test_pages_are_written_once_no_page_was_asked_for_a_while(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page_writes_module, "WRITE_QUIET_S", 1.0)
    core, path = _read_three_pages(tmp_path)
    answered = time.monotonic()
    assert _stored(core, path) == {}  # not while a caller may be reading on
    _wait_stored(core, path, 10.0)
    assert time.monotonic() - answered >= 0.9  # stored after the quiet time, not before
    core.close()


def test_a_caller_reading_on_holds_the_writes_back_no_longer_than_the_longest_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page_writes_module, "WRITE_QUIET_S", 30.0)
    monkeypatch.setattr(page_writes_module, "WRITE_MAX_WAIT_S", 0.3)
    core, path = _read_three_pages(tmp_path)
    start = time.monotonic()
    while time.monotonic() - start < 5.0 and len(_stored(core, path)) < 3:
        core.read_pages(path, "1")  # never quiet
        time.sleep(0.01)
    assert len(_stored(core, path)) == 3
    core.close()


def test_a_flush_writes_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page_writes_module, "WRITE_QUIET_S", 30.0)
    monkeypatch.setattr(page_writes_module, "WRITE_MAX_WAIT_S", 60.0)
    core, path = _read_three_pages(tmp_path)
    start = time.monotonic()
    core.flush()
    assert time.monotonic() - start < 5.0
    assert len(_stored(core, path)) == 3
    core.close()
