"""The persistent index: crash safety, schema versions, changed files, CJK, real documents."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import corpus_dir
from tests.pdfgen import Page, simple_document, write_pdf

REPO = Path(__file__).resolve().parents[2]


def _core(tmp_path: Path):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    if not cfg.exists():
        cfg.write_text("")
    return pdfcore.build(load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}))


def test_changed_file_is_reextracted_never_stale(tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "d.pdf", [Page().text(72, 700, "original wording")])
    core = _core(tmp_path)
    try:
        assert "original" in core.read_pages(str(pdf), "1").pages[0].text
        assert core.search(str(pdf), "original", mode="keyword").matches
        time.sleep(0.01)
        write_pdf(pdf, [Page().text(72, 700, "replacement wording")])
        r = core.read_pages(str(pdf), "1")
        assert "replacement" in r.pages[0].text and r.cache_hits == 0
        assert not core.search(str(pdf), "original", mode="keyword").matches
        assert core.search(str(pdf), "replacement", mode="keyword").matches
    finally:
        core.close()


def test_reads_and_info_use_the_persistent_cache(tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 4)
    core = _core(tmp_path)
    try:
        assert core.info(str(pdf)).from_cache is False
    finally:
        core.close()
    again = _core(tmp_path)  # a new process would see the same: nothing in memory
    try:
        assert again.info(str(pdf)).from_cache is True
        assert again.read_pages(str(pdf), "1-4").cache_hits == 4
    finally:
        again.close()


def test_cache_stats_count_the_rows_of_each_table(tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 3)
    core = _core(tmp_path)
    try:
        core.search(str(pdf), "page", mode="keyword")
        rows = core.cache_stats()["rows_by_table"]
    finally:
        core.close()
    assert rows["documents"] == 1 and rows["pages"] == 3 and rows["pages_fts"] == 3
    assert not any(name.startswith("pages_fts_") for name in rows)  # FTS5's own tables stay out


def test_page_term_counts_cover_every_page_with_stemmed_counts(tmp_path: Path) -> None:
    """Term counts (BM25's tf and page lengths) come from the index's tokenizer: stemmed, one row
    per page, blank pages included with length 0 (they count in the document's statistics)."""
    import json

    pdf = write_pdf(
        tmp_path / "t.pdf",
        [Page().text(72, 700, "Running runs ran; the runner runs."), Page(), Page().text(72, 700, "copyright law")],
    )
    core = _core(tmp_path)
    try:
        assert [m.page for m in core.search(str(pdf), "running", mode="keyword").matches] == [1]
    finally:
        core.close()
    with sqlite3.connect(tmp_path / "cache" / "index.sqlite") as conn:
        rows = {
            page: (length, json.loads(tf))
            for page, length, tf in conn.execute("SELECT page, length, tf FROM page_terms")
        }
    assert sorted(rows) == [0, 1, 2]
    assert rows[1] == (0, {})
    length, tf = rows[0]
    assert tf["run"] == 3 and tf["ran"] == 1 and tf["runner"] == 1 and length == sum(tf.values()) == 6
    assert rows[2] == (2, {"copyright": 1, "law": 1})


def test_creating_a_cache_imports_no_table_library(tmp_path: Path) -> None:
    """The cache is created on the first call's path: plain SQL, no sqlite-utils (nor numpy)."""
    code = (
        "import sys\n"
        "from adapters.sqlite_store import SqliteStore\n"
        f"SqliteStore({str(tmp_path / 'c.sqlite')!r}).warm()\n"
        "print(sorted(m for m in ('sqlite_utils', 'numpy') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "[]"
    tables = {r[0] for r in sqlite3.connect(tmp_path / "c.sqlite").execute("SELECT name FROM sqlite_master")}
    assert {"paths", "documents", "pages", "doc_index", "page_terms", "refs", "vectors", "pages_fts"} <= tables


def test_older_schema_is_rebuilt_not_misread(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    db = sqlite3.connect(cache / "index.sqlite")
    db.execute("CREATE TABLE pages (digest TEXT, page INT, data TEXT)")
    db.execute("INSERT INTO pages VALUES ('x', 0, 'not json')")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    pdf = simple_document(tmp_path / "s.pdf", 2)
    core = _core(tmp_path)
    try:
        assert core.read_pages(str(pdf), "1").pages[0].text
        assert core.search(str(pdf), "token002", mode="keyword").matches[0].page == 2
    finally:
        core.close()
    assert any(p.name.startswith("index.sqlite.v1.") for p in cache.iterdir())


KILL_SCRIPT = r"""
import sys, time
sys.path.insert(0, {repo!r})
import pdfcore
from pdfcore.config import load_settings
from adapters import sqlite_store

original = sqlite_store.SqliteStore._index_pages

def slow(self, c, digest, pages, **kw):
    half = len(pages) // 2
    original(self, c, digest, pages[:half], **kw)
    print("INDEXING", flush=True)
    time.sleep(60)
    original(self, c, digest, pages[half:], **kw)

sqlite_store.SqliteStore._index_pages = slow
core = pdfcore.build(load_settings(env={{"PDFCORE_CONFIG": {cfg!r}, "PDFCORE_CACHE_DIR": {cache!r}}}))
core.search({pdf!r}, "token001", mode="keyword")
"""


def test_sigkill_mid_indexing_never_leaves_a_half_index(tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 12)
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    script = KILL_SCRIPT.format(repo=str(REPO), cfg=str(cfg), cache=str(tmp_path / "cache"), pdf=str(pdf))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.strip() == "INDEXING"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    core = _core(tmp_path)
    try:
        store = core.services.store
        source = core.open(str(pdf))
        assert store is not None and not store.is_indexed(source.fingerprint.sha256)
        # the next search rebuilds the index and finds pages from both halves
        for n in (1, 12):
            r = core.search(str(pdf), f"token{n:03d}", mode="keyword")
            assert [m.page for m in r.matches] == [n]
        assert store.is_indexed(source.fingerprint.sha256)
    finally:
        core.close()


def test_japanese_query_finds_its_page(tmp_path: Path) -> None:
    jo = corpus_dir() / "pdfminer" / "samples" / "jo.pdf"
    core = _core(tmp_path)
    try:
        for query in ("宇宙塵", "修羅", "心象スケッチ"):
            r = core.search(str(jo), query, mode="keyword")
            assert [m.page for m in r.matches] == [1], query
            assert query in r.matches[0].excerpt
    finally:
        core.close()


@pytest.mark.parametrize("query", ["Disney", '"public domain"', "copyright"])
def test_freeculture_keyword_hits_contain_terms(tmp_path: Path, query: str) -> None:
    book = corpus_dir() / "pdfjs" / "freeculture.pdf"
    core = _core(tmp_path)
    try:
        r = core.search(str(book), query, mode="keyword", max_results=10, excerpt_style="snippet")
        assert len(r.matches) == 10 and r.total_matches >= 10
        needle = query.strip('"').lower()
        for m in r.matches:
            assert needle in m.excerpt.lower()
        scores = [m.score for m in r.matches]
        assert scores == sorted(scores, reverse=True)
    finally:
        core.close()


def test_terms_are_counted_while_the_pages_still_come(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """index_document counts a batch's terms as soon as it is in, before the stream ends (so a
    first search counts while the engine extracts the next pages), and indexes every page."""
    import adapters._sqlite_index as sqlite_index
    from adapters.sqlite_store import SqliteStore
    from pdfcore.models import DocumentFacts, KeywordQuery, PageInfo, PageText, QueryTerm

    store = SqliteStore(str(tmp_path / "c.sqlite"))
    n = 100
    store.save_facts("d", DocumentFacts(n, (), (), tuple(PageInfo(i, 612.0, 792.0) for i in range(n))))
    drawn: list[int] = []
    counted_at: list[int] = []
    count = sqlite_index.term_counts

    def spy(rows):  # type: ignore[no-untyped-def]
        counted_at.append(len(drawn))
        return count(rows)

    monkeypatch.setattr(sqlite_index, "term_counts", spy)

    def stream():  # type: ignore[no-untyped-def]
        for i in range(n):
            drawn.append(i)
            yield PageText(index=i, text=f"page {i} word{i}", char_count=10)

    store.index_document("d", stream())
    assert counted_at[0] < n  # the first count ran before the last page was drawn
    assert store.is_indexed("d")
    assert [h.page for h in store.search_keyword("d", KeywordQuery((QueryTerm("word99"),))).hits] == [99]
