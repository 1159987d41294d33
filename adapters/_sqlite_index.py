"""The keyword index's writing side: FTS5 rows, per-page term counts, document statistics.

Keyword index: FTS5 (``porter unicode61``) for words and phrases, plus a trigram FTS5 table for
pages holding CJK text (unspaced Japanese/Chinese/Korean cannot be split into words). Row ids are
``doc_no << 20 | page`` so one document's rows are one contiguous range. Each page's term counts,
taken from the same tokenizer at index time, and each document's page count and mean page
length are kept beside it for ranking (see ``_sqlite_search``).
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence

from adapters._sqlite_db import TOKENIZE, SqliteDatabase
from pdfcore.models import PageText

PAGE_BITS = 20
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]")


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


#: Pages whose terms are counted together while a document's pages stream in (the count's sort
#: grows faster than linearly, so batches are also cheaper than one count of the whole book).
_COUNT_BATCH = 32


def term_counts(rows: Sequence[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """(page, length, term counts as JSON) of each (page, text), stemmed by the index's own
    tokenizer. Counted on a private in-memory connection (no lock on the cache is held, so a
    caller can count before its write transaction) and aggregated inside SQLite (no row per
    term instance crosses into Python). Pages without a term get length 0 and ``{}``."""
    if not rows:
        return []
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.execute(f"CREATE VIRTUAL TABLE tok USING fts5(text, tokenize='{TOKENIZE}')")
        conn.execute("CREATE VIRTUAL TABLE tok_v USING fts5vocab(tok, instance)")
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO tok(rowid, text) VALUES (?, ?)", rows)
        counted = {
            int(page): (int(length), str(tf))
            for page, length, tf in conn.execute(
                "SELECT doc, sum(n), json_group_object(term, n) "
                "FROM (SELECT doc, term, count(*) AS n FROM tok_v GROUP BY doc, term) GROUP BY doc"
            )
        }
        conn.execute("ROLLBACK")
    finally:
        conn.close()
    return [(page, *counted.get(page, (0, "{}"))) for page, _ in rows]


def page_rowid(doc_no: int, page: int) -> int:
    return (doc_no << PAGE_BITS) | page


class KeywordIndex(SqliteDatabase):
    """Writes a document's pages into the keyword index and keeps its statistics at hand."""

    def __init__(self, path: str, *, ttl_seconds: int = 7 * 24 * 3600) -> None:
        super().__init__(path, ttl_seconds=ttl_seconds)
        self._stats_cache: dict[str, tuple[int, float]] = {}
        self._stats_lock = threading.Lock()
        self._stems: dict[str, tuple[str, ...]] = {}

    def _tokenizer(self, conn: sqlite3.Connection) -> None:
        """Per-connection temp tables that expose the index's own tokenizer (stemming included)."""
        if getattr(self._local, "tok_ready", False):
            return
        conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.tok USING fts5(text, tokenize='{TOKENIZE}')")
        conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.tok_v USING fts5vocab(temp, tok, instance)")
        self._local.tok_ready = True

    def stem(self, text: str) -> list[str]:
        """The index terms of ``text``, in order (what a word query actually matches)."""
        cached = self._stems.get(text)
        if cached is not None:
            return list(cached)
        terms = self._stem_uncached(text)
        if len(self._stems) > 4096:
            self._stems.clear()
        self._stems[text] = tuple(terms)
        return terms

    def _stem_uncached(self, text: str) -> list[str]:
        conn = self._conn()
        self._tokenizer(conn)
        conn.execute("DELETE FROM temp.tok")
        conn.execute("INSERT INTO temp.tok(rowid, text) VALUES (1, ?)", (text,))
        terms = [str(t) for (t,) in conn.execute("SELECT term FROM temp.tok_v ORDER BY offset")]
        conn.execute("DELETE FROM temp.tok")
        return terms

    def _doc_no(self, conn: sqlite3.Connection, digest: str) -> int | None:
        row = conn.execute("SELECT doc_no FROM documents WHERE digest=?", (digest,)).fetchone()
        return int(row[0]) if row else None

    def index_document(self, digest: str, pages: Iterable[PageText]) -> None:
        # The costly part (tokenizing and counting) runs before the write transaction, on its
        # own connection: writers of other documents (and this document's pages) are not held up.
        # It runs per batch as the pages come, so that with a stream of pages it overlaps their
        # extraction; the index is written after the last page, in one transaction.
        collected: list[PageText] = []
        counted: list[tuple[int, int, str]] = []
        for page in pages:
            collected.append(page)
            if len(collected) - len(counted) >= _COUNT_BATCH:
                counted.extend(term_counts([(p.index, p.text) for p in collected[len(counted) :]]))
        counted.extend(term_counts([(p.index, p.text) for p in collected[len(counted) :]]))
        with self._tx() as c:
            doc_no = self._doc_no(c, digest)
            if doc_no is None:
                return
            lo, hi = page_rowid(doc_no, 0), page_rowid(doc_no + 1, 0) - 1
            c.execute("DELETE FROM pages_fts WHERE rowid BETWEEN ? AND ?", (lo, hi))
            c.execute("DELETE FROM pages_tri WHERE rowid BETWEEN ? AND ?", (lo, hi))
            c.execute("DELETE FROM page_terms WHERE digest=?", (digest,))
            self._index_pages(c, digest, collected, update_stats=False, doc_no=doc_no, counted=counted)
            n, avgdl = c.execute(
                "SELECT count(*), coalesce(avg(length), 0) FROM page_terms WHERE digest=?", (digest,)
            ).fetchone()
            c.execute(
                "INSERT OR REPLACE INTO doc_index(digest, n_pages, avgdl, indexed_at) VALUES (?,?,?,?)",
                (digest, int(n), float(avgdl), time.time()),
            )
        with self._stats_lock:
            self._stats_cache.pop(digest, None)

    def _index_pages(
        self,
        c: sqlite3.Connection,
        digest: str,
        pages: Sequence[PageText],
        *,
        update_stats: bool,
        doc_no: int | None = None,
        counted: list[tuple[int, int, str]] | None = None,
    ) -> None:
        doc_no = doc_no if doc_no is not None else self._doc_no(c, digest)
        if doc_no is None:
            return
        rows = [(page_rowid(doc_no, p.index), p.text) for p in pages]
        if update_stats:
            for rowid, _ in rows:
                c.execute("DELETE FROM pages_fts WHERE rowid=?", (rowid,))
                c.execute("DELETE FROM pages_tri WHERE rowid=?", (rowid,))
        c.executemany("INSERT INTO pages_fts(rowid, text) VALUES (?, ?)", rows)
        c.executemany("INSERT INTO pages_tri(rowid, text) VALUES (?, ?)", [r for r in rows if has_cjk(r[1])])
        counts = counted if counted is not None else term_counts([(p.index, p.text) for p in pages])
        c.executemany(
            "INSERT OR REPLACE INTO page_terms(digest, page, length, tf) VALUES (?,?,?,?)",
            [(digest, page, length, tf) for page, length, tf in counts],
        )
        if update_stats:
            n, avgdl = c.execute(
                "SELECT count(*), coalesce(avg(length), 0) FROM page_terms WHERE digest=?", (digest,)
            ).fetchone()
            c.execute("UPDATE doc_index SET n_pages=?, avgdl=? WHERE digest=?", (int(n), float(avgdl), digest))
            with self._stats_lock:
                self._stats_cache.pop(digest, None)

    def is_indexed(self, digest: str) -> bool:
        return (
            self._conn()
            .execute(
                "SELECT 1 FROM doc_index JOIN documents USING(digest) WHERE digest=? AND written_at > ?",
                (digest, time.time() - self.ttl_seconds if self.ttl_seconds > 0 else -1),
            )
            .fetchone()
            is not None
        )

    def _doc_stats(self, conn: sqlite3.Connection, digest: str) -> tuple[int, float] | None:
        with self._stats_lock:
            hit = self._stats_cache.get(digest)
        if hit is not None:
            return hit
        row = conn.execute("SELECT n_pages, avgdl FROM doc_index WHERE digest=?", (digest,)).fetchone()
        if row is None:
            return None
        stats = (int(row[0]), float(row[1]))
        with self._stats_lock:
            if len(self._stats_cache) > 64:
                self._stats_cache.pop(next(iter(self._stats_cache)))
            self._stats_cache[digest] = stats
        return stats
