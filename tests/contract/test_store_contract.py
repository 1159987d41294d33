from __future__ import annotations

from pathlib import Path

import pytest

from pdfcore.models import Box, DocumentFacts, ImageInfo, OutlineEntry, PageInfo, PageText, TextBlock, TextLine
from ports.store import Store
from tests.fakes.fake_store import FakeStore

FACTS = DocumentFacts(
    page_count=2,
    metadata=(("title", "T"),),
    outline=(OutlineEntry(1, "Intro", 1),),
    pages=(PageInfo(0, 612.0, 792.0, "i"), PageInfo(1, 612.0, 792.0, None)),
)


def page(i: int) -> PageText:
    line = TextLine(f"hello {i}", Box(1.0, 2.0, 30.0, 14.0), 12.0)
    return PageText(
        index=i,
        text=f"hello {i}",
        blocks=(TextBlock(f"hello {i}", Box(1.0, 2.0, 30.0, 14.0), (line,)),),
        char_count=6,
        image_count=1,
        images=(ImageInfo(0, 8, 8, Box(10.0, 10.0, 20.0, 20.0)),),
        warnings=("hidden_text",),
    )


@pytest.fixture(params=["fake", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    if request.param == "fake":
        return FakeStore(ttl_seconds=3600)
    from adapters.sqlite_store import SqliteStore

    return SqliteStore(str(tmp_path / "c" / "index.sqlite"), ttl_seconds=3600)


def test_roundtrip(store: Store) -> None:
    assert store.load_facts("d1") is None
    store.save_facts("d1", FACTS)
    store.save_pages("d1", [page(0), page(1)])
    assert store.load_facts("d1") == FACTS
    got = store.load_pages("d1", [0, 1, 5])
    assert got == {0: page(0), 1: page(1)}


def test_pages_without_facts_are_not_kept(store: Store) -> None:
    store.save_pages("orphan", [page(0)])
    assert store.load_pages("orphan", [0]) == {}


def test_path_memo(store: Store) -> None:
    assert store.recall_path("/a.pdf", 10, 5) is None
    store.remember_path("/a.pdf", 10, 5, "abc")
    assert store.recall_path("/a.pdf", 10, 5) == "abc"
    assert store.recall_path("/a.pdf", 11, 5) is None


def test_clear_all(store: Store) -> None:
    store.save_facts("d1", FACTS)
    store.save_pages("d1", [page(0)])
    assert store.stats().total_pages == 1
    assert store.clear(expired_only=True) == 0
    assert store.clear(expired_only=False) == 1
    assert store.load_facts("d1") is None and store.stats().total_files == 0


def test_expired_entries_are_not_served(store: Store) -> None:
    store.ttl_seconds = 0  # type: ignore[attr-defined]
    store.save_facts("d1", FACTS)
    assert store.load_facts("d1") == FACTS  # ttl 0 = never expires
    store.ttl_seconds = 1  # type: ignore[attr-defined]
    import time

    time.sleep(1.2)
    assert store.load_facts("d1") is None
    assert store.clear(expired_only=True) == 1
