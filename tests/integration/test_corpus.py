"""Corpus tools on generated folders: warming with budgets and resumption, executors, search."""

from __future__ import annotations

import importlib.util
import sqlite3
from pathlib import Path

import pytest

from tests.pdfgen import Page, simple_document, write_pdf


def _core(tmp_path: Path, **env: str):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    if not cfg.exists():
        cfg.write_text("")
    base = {"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache"), "PDFCORE_EMBEDDER": "none"}
    base.update(env)
    return pdfcore.build(load_settings(env=base))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    d = tmp_path / "docs"
    (d / "sub").mkdir(parents=True)
    for i in range(6):
        simple_document(d / f"doc{i}.pdf", 2 + i % 3, words=(f"zebra{i} appears here",))
    write_pdf(d / "sub" / "nested.pdf", [Page().text(72, 700, "nested narwhal document")])
    (d / "broken.pdf").write_bytes(b"%PDF-1.4 broken")
    (d / "notes.txt").write_text("not a pdf")
    return d


def test_warm_then_everything_is_cached(tmp_path: Path, folder: Path) -> None:
    core = _core(tmp_path)
    try:
        seen: list[tuple[int, int]] = []
        r = core.corpus_warm(str(folder), budget_seconds=120, progress=lambda a, b, p: seen.append((a, b)))
        assert r.corpus_size == 7  # 6 good + broken (notes.txt is not a pdf; sub/ not recursed)
        assert {d.path.split("/")[-1] for d in r.docs} == {f"doc{i}.pdf" for i in range(6)}
        assert [s.path.split("/")[-1] for s in r.skipped] == ["broken.pdf"]
        assert r.warmed_this_call == 6 and not r.unprocessed and not r.budget_exhausted
        assert seen and seen[-1][0] == seen[-1][1] == 7
        again = core.corpus_warm(str(folder), budget_seconds=5)
        assert again.warmed_this_call == 0 and all(d.status == "cached" for d in again.docs)
        rec = core.corpus_warm(str(folder), budget_seconds=60, recursive=True)
        assert rec.corpus_size == 8 and rec.warmed_this_call == 1
    finally:
        core.close()


def test_budget_stops_and_the_next_call_resumes(tmp_path: Path, folder: Path) -> None:
    core = _core(tmp_path)
    try:
        first = core.corpus_warm(str(folder), budget_seconds=1)
        total = first.corpus_size
        done = len(first.docs) + len(first.skipped)
        assert done + len(first.unprocessed) == total
        rounds = 0
        while first.unprocessed and rounds < 20:
            first = core.corpus_warm(str(folder), budget_seconds=1)
            rounds += 1
        assert not first.unprocessed
        assert len(first.docs) == 6
    finally:
        core.close()


def test_corpus_search_overview_and_listing(tmp_path: Path, folder: Path) -> None:
    core = _core(tmp_path, PDFCORE_ROOTS=str(folder))
    try:
        r = core.corpus_search(str(folder), "zebra3", mode="keyword", budget_seconds=300)
        assert [(m.path.split("/")[-1], m.page) for m in r.matches] == [("doc3.pdf", 1)]
        assert list(r.doc_match_counts) == ["doc3.pdf"]  # shown relative to the root
        assert r.coverage == {"searched": 6, "corpus": 7}
        assert r.matches[0].doc_title == "doc3"
        common = core.corpus_search(str(folder), "quick brown fox", mode="keyword", top_k=20, budget_seconds=300)
        assert len({m.path for m in common.matches}) == 6
        assert len(common.doc_match_counts) == 6
        ov = core.corpus_overview(str(folder), limit=4, budget_seconds=300)
        assert len(ov.docs) + len([s for s in ov.skipped]) >= 4 and ov.next_offset == 4
        assert all(c.text_coverage == "full" for c in ov.docs)
        ov2 = core.corpus_overview(str(folder), offset=4, limit=4, budget_seconds=300)
        assert ov2.next_offset is None
        listed = core.list_documents()
        assert listed.total == 8 and listed.next_offset is None
        assert sum(1 for d in listed.documents if d.indexed) == 6
        page1 = core.list_documents(limit=3)
        assert len(page1.documents) == 3 and page1.next_offset == 3
    finally:
        core.close()


def _index_rows(cache: Path) -> list[tuple[object, ...]]:
    db = sqlite3.connect(cache / "index.sqlite")
    try:
        rows = db.execute(
            "SELECT d.digest, p.page, p.data FROM documents d JOIN pages p USING(digest) ORDER BY d.digest, p.page"
        ).fetchall()
        indexed = db.execute("SELECT digest, n_pages FROM doc_index ORDER BY digest").fetchall()
        return [*rows, *indexed]
    finally:
        db.close()


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="pdfcore[dask] not installed")
def test_dask_local_cluster_builds_the_same_index_as_the_local_pool(tmp_path: Path, folder: Path) -> None:
    local_dir, dask_dir = tmp_path / "local", tmp_path / "dask"
    local_dir.mkdir()
    dask_dir.mkdir()
    local = _core(local_dir, PDFCORE_EXECUTOR="process", PDFCORE_WORKERS="2")
    dask = _core(dask_dir, PDFCORE_EXECUTOR="dask", PDFCORE_WORKERS="2")
    try:
        a = local.corpus_warm(str(folder), budget_seconds=240)
        b = dask.corpus_warm(str(folder), budget_seconds=240)
        assert a.executor == "process" and b.executor == "dask"
        assert [(d.path, d.pages) for d in a.docs] == [(d.path, d.pages) for d in b.docs]
        assert _index_rows(local_dir / "cache") == _index_rows(dask_dir / "cache")
        r = dask.corpus_search(str(folder), "zebra5", mode="keyword", budget_seconds=300)
        assert [m.path.split("/")[-1] for m in r.matches] == ["doc5.pdf"]
    finally:
        local.close()
        dask.close()


def test_corpus_search_relaxes_to_or_in_keyword_and_auto(tmp_path: Path, folder: Path) -> None:
    """A 3+ term query that no page holds whole falls back to pages holding any term, in keyword
    and in auto mode alike (auto without an embedder here), and says so."""
    core = _core(tmp_path)
    try:
        for mode in ("keyword", "auto"):
            r = core.corpus_search(str(folder), "zebra3 quagga okapi", mode=mode, recursive=True)
            assert r.relaxed_to_or is True and r.matches
            top = r.matches[0]
            assert top.path.endswith("doc3.pdf")
            # the excerpt is placed on the word that matched, not at the top of the page
            text = core.read_pages(str(folder / "doc3.pdf"), str(top.page)).pages[0].text
            assert text[top.position :].startswith("zebra3")
        exact = core.corpus_search(str(folder), "zebra3 appears here", mode="keyword", recursive=True)
        assert exact.relaxed_to_or is None and exact.matches[0].path.endswith("doc3.pdf")
    finally:
        core.close()
