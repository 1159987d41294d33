"""Store on SQLite: the persistent cache and the keyword index.

One database file under the cache directory, WAL mode, one transaction per write, so several
processes can share it. The schema carries a version (``PRAGMA user_version``); a database
written by another version is moved aside and rebuilt, never misread.

Keyword index: FTS5 (``porter unicode61``) for words and phrases, plus a trigram FTS5 table for
pages holding CJK text (unspaced Japanese/Chinese/Korean cannot be split into words). Row ids are
``doc_no << 20 | page`` so one document's rows are one contiguous range. Ranking is BM25 computed
here from the document's own statistics (per-page term counts taken from the same tokenizer at
index time), so a page's rank never depends on what else is cached.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from pdfcore import matching
from pdfcore.models import (
    Box,
    ChunkSpan,
    DocumentFacts,
    KeywordHit,
    KeywordOutcome,
    KeywordQuery,
    PageText,
    QueryTerm,
    Ref,
    StoreStats,
    VectorSet,
)
from pdfcore.serde import structure, unstructure_exact
from ports.store import Store

log = logging.getLogger(__name__)

#: Bumped whenever the stored shapes or the extraction pipeline's output change, so caches written
#: by another version are rebuilt rather than served.
SCHEMA_VERSION = 33
_BUSY_TIMEOUT_MS = 30_000
_PAGE_BITS = 20
TOKENIZE = "porter unicode61 remove_diacritics 2"
BM25_K1 = 1.2
BM25_B = 0.75
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]")
_MARK_OPEN, _MARK_CLOSE = "\x02", "\x03"


def _table(name: str, columns: str, pk: str) -> str:
    cols = ",\n".join(f'   "{c.split()[0]}" {c.split()[1]}' for c in columns.split(","))
    return f'CREATE TABLE IF NOT EXISTS "{name}" (\n{cols},\n   PRIMARY KEY ({pk})\n)'


#: The cache's tables. Column order and types are part of SCHEMA_VERSION.
_SCHEMA = (
    _table("paths", "path TEXT,size INTEGER,mtime_ns INTEGER,digest TEXT", '"path"'),
    _table("documents", "digest TEXT,doc_no INTEGER,facts TEXT,written_at REAL,accessed_at REAL", '"digest"'),
    "CREATE UNIQUE INDEX IF NOT EXISTS documents_doc_no ON documents(doc_no)",
    _table("pages", "digest TEXT,page INTEGER,data TEXT,chars INTEGER,images INTEGER,source TEXT", '"digest", "page"'),
    _table("doc_index", "digest TEXT,n_pages INTEGER,avgdl REAL,indexed_at REAL", '"digest"'),
    _table("page_terms", "digest TEXT,page INTEGER,length INTEGER,tf TEXT", '"digest", "page"'),
    _table(
        "refs",
        "source TEXT,ref TEXT,digest TEXT,page INTEGER,x0 REAL,y0 REAL,x1 REAL,y1 REAL,kind TEXT,text TEXT,"
        "created_at REAL",
        '"source", "ref"',
    ),
    _table("vectors", "digest TEXT,key TEXT,dimension INTEGER,spans TEXT,data BLOB,created_at REAL", '"digest", "key"'),
    f"CREATE VIRTUAL TABLE IF NOT EXISTS pages_fts USING fts5(text, tokenize='{TOKENIZE}')",
    "CREATE VIRTUAL TABLE IF NOT EXISTS pages_tri USING fts5(text, tokenize='trigram')",
)


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


def _rowid(doc_no: int, page: int) -> int:
    return (doc_no << _PAGE_BITS) | page


def _fts_string(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


class SqliteStore(Store):
    name = "sqlite"

    def __init__(self, path: str, *, ttl_seconds: int = 7 * 24 * 3600) -> None:
        self.path = path
        self.ttl_seconds = ttl_seconds
        self._local = threading.local()
        self._init_lock = threading.Lock()
        self._ready = False
        self._stats_cache: dict[str, tuple[int, float]] = {}
        self._stats_lock = threading.Lock()
        self._stems: dict[str, tuple[str, ...]] = {}

    # -- connections -------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.path, timeout=_BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        conn.execute(f"PRAGMA busy_timeout={_BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    def warm(self) -> None:
        """Open the cache now (create or check its schema) instead of on the first call."""
        self._conn()

    def _conn(self) -> sqlite3.Connection:
        if not self._ready:
            with self._init_lock:
                if not self._ready:
                    self._migrate()
                    self._ready = True
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._connect()
            self._local.conn = conn
        return conn

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        else:
            conn.execute("COMMIT")

    def _migrate(self) -> None:
        os.makedirs(os.path.dirname(self.path) or ".", mode=0o700, exist_ok=True)
        conn = self._connect()
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            has_tables = conn.execute("SELECT count(*) FROM sqlite_master WHERE type='table'").fetchone()[0]
            if has_tables and version == SCHEMA_VERSION:
                return  # current schema: nothing to create
            if has_tables:
                conn.close()
                self._set_aside(version)
                conn = self._connect()
            self._create(conn)
        finally:
            conn.close()

    def _set_aside(self, version: int) -> None:
        stamp = time.strftime("%Y%m%d%H%M%S")
        log.warning("cache schema %s differs from %s: rebuilding %s", version, SCHEMA_VERSION, self.path)
        for suffix in ("", "-wal", "-shm"):
            src = self.path + suffix
            if os.path.exists(src):
                os.replace(src, f"{self.path}.v{version}.{stamp}.old{suffix}")

    def _create(self, conn: sqlite3.Connection) -> None:
        # Plain DDL: creating a cache is on the first call's path, so it imports nothing.
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

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

    # -- paths -------------------------------------------------------------------------------

    def recall_path(self, path: str, size: int, mtime_ns: int) -> str | None:
        row = (
            self._conn()
            .execute("SELECT digest FROM paths WHERE path=? AND size=? AND mtime_ns=?", (path, size, mtime_ns))
            .fetchone()
        )
        return str(row[0]) if row else None

    def remember_path(self, path: str, size: int, mtime_ns: int, digest: str) -> None:
        with self._tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO paths(path, size, mtime_ns, digest) VALUES (?,?,?,?)",
                (path, size, mtime_ns, digest),
            )

    # -- documents and pages -----------------------------------------------------------------

    def load_facts(self, digest: str) -> DocumentFacts | None:
        row = self._conn().execute("SELECT facts, written_at FROM documents WHERE digest=?", (digest,)).fetchone()
        if row is None or self._expired(row[1]):
            return None
        facts: DocumentFacts = structure(json.loads(row[0]), DocumentFacts)
        return facts

    def save_facts(self, digest: str, facts: DocumentFacts) -> None:
        now = time.time()
        data = json.dumps(unstructure_exact(facts), separators=(",", ":"))
        with self._tx() as c:
            row = c.execute("SELECT doc_no FROM documents WHERE digest=?", (digest,)).fetchone()
            if row is not None:
                c.execute(
                    "UPDATE documents SET facts=?, written_at=?, accessed_at=? WHERE digest=?",
                    (data, now, now, digest),
                )
                return
            doc_no = c.execute("SELECT coalesce(max(doc_no), 0) + 1 FROM documents").fetchone()[0]
            c.execute(
                "INSERT INTO documents(digest, doc_no, facts, written_at, accessed_at) VALUES (?,?,?,?,?)",
                (digest, doc_no, data, now, now),
            )

    def load_pages(self, digest: str, indexes: Sequence[int]) -> dict[int, PageText]:
        if not indexes:
            return {}
        conn = self._conn()
        row = conn.execute("SELECT written_at FROM documents WHERE digest=?", (digest,)).fetchone()
        if row is None or self._expired(row[0]):
            return {}
        out: dict[int, PageText] = {}
        wanted = sorted(set(indexes))
        for chunk in _chunks(wanted, 500):
            marks = ",".join("?" * len(chunk))
            for page, data in conn.execute(
                f"SELECT page, data FROM pages WHERE digest=? AND page IN ({marks})", (digest, *chunk)
            ):
                out[int(page)] = structure(json.loads(data), PageText)
        return out

    def save_pages(self, digest: str, pages: Sequence[PageText]) -> None:
        if not pages:
            return
        rows = [
            (
                digest,
                p.index,
                json.dumps(unstructure_exact(p), separators=(",", ":")),
                p.char_count,
                p.image_count,
                p.source,
            )
            for p in pages
        ]
        with self._tx() as c:
            if c.execute("SELECT 1 FROM documents WHERE digest=?", (digest,)).fetchone() is None:
                return  # facts first: pages of an unknown (or cleared) document are not kept
            c.executemany(
                "INSERT OR REPLACE INTO pages(digest, page, data, chars, images, source) VALUES (?,?,?,?,?,?)", rows
            )
            replaced = [p for p in pages if p.source == "ocr"]
            if replaced and c.execute("SELECT 1 FROM doc_index WHERE digest=?", (digest,)).fetchone():
                # A page's text changed (OCR): its index rows must follow, atomically.
                self._index_pages(c, digest, replaced, update_stats=True)

    # -- keyword index -----------------------------------------------------------------------

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
            lo, hi = _rowid(doc_no, 0), _rowid(doc_no + 1, 0) - 1
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
        rows = [(_rowid(doc_no, p.index), p.text) for p in pages]
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

    def search_keyword(
        self, digest: str, query: KeywordQuery, *, pages: Sequence[int] | None = None, limit: int = 10
    ) -> KeywordOutcome:
        conn = self._conn()
        doc_no = self._doc_no(conn, digest)
        if doc_no is None or not query.terms:
            return KeywordOutcome(hits=(), page_match_counts=(), searched_pages=0)
        lo, hi = _rowid(doc_no, 0), _rowid(doc_no + 1, 0) - 1
        # Candidate pages per term (exact tokenizer semantics via FTS5), then AND/OR.
        texts: dict[int, str] = {}
        per_term: list[set[int]] = [
            self._substring_pages(conn, t.text, lo, hi, texts)
            if t.substring
            else self._fts_pages(conn, "pages_fts", _fts_string(t.text), lo, hi)
            for t in query.terms
        ]
        return self._rank(conn, digest, doc_no, query, per_term, texts, pages, limit)

    def search_keyword_many(
        self, digests: Sequence[str], query: KeywordQuery, *, limit: int = 10
    ) -> dict[str, KeywordOutcome]:
        """The same search in many documents with one index query per term (not one per document)."""
        conn = self._conn()
        if not query.terms or not digests:
            return {}
        doc_nos: dict[int, str] = {}
        for chunk in _chunks(list(digests), 500):
            marks = ",".join("?" * len(chunk))
            for d, n in conn.execute(
                f"SELECT digest, doc_no FROM documents JOIN doc_index USING(digest) WHERE digest IN ({marks})", chunk
            ):
                doc_nos[int(n)] = str(d)
        mask = (1 << _PAGE_BITS) - 1
        per_doc_terms: dict[int, list[set[int]]] = {n: [set() for _ in query.terms] for n in doc_nos}
        for k, t in enumerate(query.terms):
            if t.substring and len(t.text) < 3:
                rows = conn.execute("SELECT rowid, text FROM pages_tri").fetchall()
                hits = [r for r, text in rows if t.text.lower() in str(text).lower()]
            else:
                table = "pages_tri" if t.substring else "pages_fts"
                try:
                    hits = [
                        r
                        for (r,) in conn.execute(
                            f"SELECT rowid FROM {table} WHERE {table} MATCH ?", (_fts_string(t.text),)
                        )
                    ]
                except sqlite3.OperationalError:
                    hits = []
            for rowid in hits:
                n = int(rowid) >> _PAGE_BITS
                if n in per_doc_terms:
                    per_doc_terms[n][k].add(int(rowid) & mask)
        # Statistics of the documents searched together, so that scores compare across them.
        stats = {n: self._doc_stats(conn, d) for n, d in doc_nos.items()}
        total_pages = sum(st[0] for st in stats.values() if st is not None)
        total_length = sum(st[0] * st[1] for st in stats.values() if st is not None)
        shared = (
            (
                total_pages,
                total_length / total_pages,
                [sum(len(t[k]) for t in per_doc_terms.values()) for k in range(len(query.terms))],
            )
            if total_pages
            else None
        )
        out: dict[str, KeywordOutcome] = {}
        for n, per_term in per_doc_terms.items():
            if not any(per_term):
                continue
            outcome = self._rank(conn, doc_nos[n], n, query, per_term, {}, None, limit, shared, stats[n])
            if outcome.hits:
                out[doc_nos[n]] = outcome
        return out

    def _rank(
        self,
        conn: sqlite3.Connection,
        digest: str,
        doc_no: int,
        query: KeywordQuery,
        per_term: list[set[int]],
        texts: dict[int, str],
        pages: Sequence[int] | None,
        limit: int,
        shared: tuple[int, float, list[int]] | None = None,
        stats: tuple[int, float] | None = None,
    ) -> KeywordOutcome:
        """Combine per-term candidate pages (AND/OR) and rank them with BM25: document-local,
        or with ``shared`` (pages, mean page length, pages per term) of a set of documents
        searched together. ``stats``: this document's (pages, mean page length), when the
        caller has them already."""
        stats = stats or self._doc_stats(conn, digest)
        if stats is None:
            return KeywordOutcome(hits=(), page_match_counts=(), searched_pages=0)
        n_pages, avgdl = stats
        searched_here = n_pages
        if shared is not None:
            n_pages, avgdl = shared[0], shared[1]
        allowed = set(pages) if pages is not None else None
        searched = len(allowed) if allowed is not None else searched_here
        if not per_term:
            return KeywordOutcome(hits=(), page_match_counts=(), searched_pages=searched)
        stems_by_term = [self.stem(t.text) if not t.substring else [] for t in query.terms]
        # Terms whose occurrences are counted from their spans (each checked: numbers as numbers,
        # see pdfcore.matching): phrases, words the tokenizer splits ("432,148", "e-mail"),
        # terms holding digits, CJK substrings. A one-token word is counted from the page's
        # term counts, which give the number of its spans without reading the page.
        by_spans = [
            k
            for k, (t, stems) in enumerate(zip(query.terms, stems_by_term, strict=True))
            if t.substring or t.phrase or len(stems) != 1 or matching.has_number(t)
        ]
        term_spans: dict[int, dict[int, list[tuple[int, int]]]] = {}
        if by_spans:
            within = _combine(per_term, query.mode, allowed)
            for k in by_spans:
                pages_k = per_term[k] & within if query.mode != "or" else per_term[k]
                if allowed is not None:
                    pages_k &= allowed
                term_spans[k] = self._term_spans(conn, doc_no, query.terms[k], pages_k, texts)
                per_term[k] = {p for p, found in term_spans[k].items() if found}
        candidates = _combine(per_term, query.mode, allowed)
        if not candidates:
            return KeywordOutcome(hits=(), page_match_counts=(), searched_pages=searched)

        # Document-local BM25; a term's frequency on a page is its number of matches there.
        word_stems = [s for k, stems in enumerate(stems_by_term) if k not in term_spans for s in stems]
        tf_rows = self._page_tf(conn, digest, candidates, word_stems)
        scores: dict[int, float] = {}
        counts: dict[int, int] = {}
        for page in candidates:
            length, tf = tf_rows.get(page, (0, {}))
            score = 0.0
            matches = 0
            counted: set[str] = set()  # a stem two words share ("runs running") counts once
            for k, (stems, term_pages) in enumerate(zip(stems_by_term, per_term, strict=True)):
                if k in term_spans:
                    f = len(term_spans[k].get(page, ()))
                else:
                    f = sum(tf.get(s, 0) for s in stems if s not in counted)
                    counted.update(stems)
                dfi = len(term_pages)
                if f <= 0:
                    continue
                if shared is not None:
                    dfi = shared[2][k]
                matches += f
                idf = math.log(1.0 + (n_pages - dfi + 0.5) / (dfi + 0.5))
                norm = 1.0 - BM25_B + BM25_B * (length / avgdl if avgdl > 0 else 1.0)
                score += idf * (f * (BM25_K1 + 1.0)) / (f + BM25_K1 * norm)
            scores[page] = score
            counts[page] = max(1, matches)
        ranked = sorted(candidates, key=lambda p: (-scores[p], p))[: max(1, limit)]
        spans = self._spans(conn, doc_no, query, ranked, term_spans)
        for p in ranked:  # a hit's count is its number of spans, whatever the counts above said
            counts[p] = len(spans.get(p, ())) or counts[p]
        hits = tuple(
            KeywordHit(page=p, score=round(scores[p], 4), spans=spans.get(p, ()), match_count=counts[p]) for p in ranked
        )
        return KeywordOutcome(
            hits=hits,
            page_match_counts=tuple(sorted(counts.items())),
            searched_pages=searched,
        )

    def _term_spans(
        self, conn: sqlite3.Connection, doc_no: int, term: QueryTerm, pages: set[int], texts: dict[int, str]
    ) -> dict[int, list[tuple[int, int]]]:
        """The spans of one term's matches on each of ``pages`` (numbers checked as numbers)."""
        out: dict[int, list[tuple[int, int]]] = {}
        if not pages:
            return out
        if term.substring:
            for p in pages:
                text = texts.get(p)
                if text is None:
                    text = texts[p] = self._page_text(conn, _rowid(doc_no, p))
                out[p] = matching.verified(text, term, _substring_spans(text, term.text))
            return out
        mask = (1 << _PAGE_BITS) - 1
        for chunk in _chunks(sorted(pages), 500):
            rowids = [_rowid(doc_no, p) for p in chunk]
            marks = ",".join("?" * len(rowids))
            try:
                rows = conn.execute(
                    f"SELECT rowid, highlight(pages_fts, 0, '{_MARK_OPEN}', '{_MARK_CLOSE}') FROM pages_fts "
                    f"WHERE pages_fts MATCH ? AND rowid IN ({marks})",
                    (_fts_string(term.text), *rowids),
                ).fetchall()
            except sqlite3.OperationalError:
                rows = []
            for rowid, marked in rows:
                text = str(marked).replace(_MARK_OPEN, "").replace(_MARK_CLOSE, "")
                out[int(rowid) & mask] = matching.verified(text, term, _marked_spans(str(marked)))
        return out

    def _fts_pages(self, conn: sqlite3.Connection, table: str, match: str, lo: int, hi: int) -> set[int]:
        try:
            rows = conn.execute(
                f"SELECT rowid FROM {table} WHERE {table} MATCH ? AND rowid BETWEEN ? AND ?", (match, lo, hi)
            ).fetchall()
        except sqlite3.OperationalError:
            return set()
        mask = (1 << _PAGE_BITS) - 1
        return {int(r[0]) & mask for r in rows}

    def _substring_pages(
        self, conn: sqlite3.Connection, needle: str, lo: int, hi: int, texts: dict[int, str]
    ) -> set[int]:
        mask = (1 << _PAGE_BITS) - 1
        if len(needle) >= 3:
            return self._fts_pages(conn, "pages_tri", _fts_string(needle), lo, hi)
        # Trigrams cannot index 1-2 character terms: scan this document's CJK pages.
        found: set[int] = set()
        low = needle.lower()
        for rowid, text in conn.execute("SELECT rowid, text FROM pages_tri WHERE rowid BETWEEN ? AND ?", (lo, hi)):
            if low in str(text).lower():
                page = int(rowid) & mask
                found.add(page)
                texts[page] = str(text)
        return found

    def _page_text(self, conn: sqlite3.Connection, rowid: int) -> str:
        row = conn.execute("SELECT text FROM pages_fts WHERE rowid=?", (rowid,)).fetchone()
        return str(row[0]) if row else ""

    def _page_tf(
        self, conn: sqlite3.Connection, digest: str, pages: set[int], terms: Sequence[str]
    ) -> dict[int, tuple[int, dict[str, int]]]:
        """Lengths and the counts of ``terms`` only (json_extract parses in C; no full decode)."""
        out: dict[int, tuple[int, dict[str, int]]] = {}
        terms = list(dict.fromkeys(terms))
        if not terms:
            return {p: (0, {}) for p in pages}
        paths = ", ".join("?" for _ in terms)
        args = ['$."' + t.replace('"', "") + '"' for t in terms]
        for chunk in _chunks(sorted(pages), 500):
            marks = ",".join("?" * len(chunk))
            for row in conn.execute(
                f"SELECT page, length, json_extract(tf, {paths}) FROM page_terms WHERE digest=? AND page IN ({marks})",
                (*args, digest, *chunk),
            ):
                page, length, value = row
                if len(terms) == 1:
                    counts = {terms[0]: int(value or 0)}
                else:
                    values = json.loads(value) if value else [None] * len(terms)
                    counts = {t: int(v or 0) for t, v in zip(terms, values, strict=True)}
                out[int(page)] = (int(length), counts)
        return out

    def _spans(
        self,
        conn: sqlite3.Connection,
        doc_no: int,
        query: KeywordQuery,
        pages: list[int],
        term_spans: dict[int, dict[int, list[tuple[int, int]]]],
    ) -> dict[int, tuple[tuple[int, int], ...]]:
        """Character spans of every term's matches in each page's text: the one-token words'
        from one highlight query, the others' as :meth:`_term_spans` found them."""
        out: dict[int, list[tuple[int, int]]] = {p: [] for p in pages}
        word_terms = [t for k, t in enumerate(query.terms) if k not in term_spans]
        if word_terms and pages:
            match = " OR ".join(_fts_string(t.text) for t in word_terms)
            rowids = [_rowid(doc_no, p) for p in pages]
            marks = ",".join("?" * len(rowids))
            mask = (1 << _PAGE_BITS) - 1
            for rowid, marked in conn.execute(
                f"SELECT rowid, highlight(pages_fts, 0, '{_MARK_OPEN}', '{_MARK_CLOSE}') FROM pages_fts "
                f"WHERE pages_fts MATCH ? AND rowid IN ({marks})",
                (match, *rowids),
            ):
                out[int(rowid) & mask].extend(_marked_spans(str(marked)))
        for found in term_spans.values():
            for p in pages:
                out[p].extend(found.get(p, ()))
        return {p: tuple(sorted(set(s))) for p, s in out.items()}

    # -- refs --------------------------------------------------------------------------------

    def replace_refs(self, source: str, refs: Sequence[Ref]) -> None:
        now = time.time()
        with self._tx() as c:
            c.execute("DELETE FROM refs WHERE source=?", (source,))
            c.executemany(
                "INSERT INTO refs(source, ref, digest, page, x0, y0, x1, y1, kind, text, created_at) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (
                        source,
                        r.ref,
                        r.digest,
                        r.page,
                        r.bbox.x0,
                        r.bbox.y0,
                        r.bbox.x1,
                        r.bbox.y1,
                        r.kind,
                        r.text[:500],
                        now,
                    )
                    for r in refs
                ],
            )

    def load_ref(self, source: str, ref: str) -> Ref | None:
        row = (
            self._conn()
            .execute(
                "SELECT digest, page, x0, y0, x1, y1, kind, text FROM refs WHERE source=? AND ref=?", (source, ref)
            )
            .fetchone()
        )
        if row is None:
            return None
        digest, page, x0, y0, x1, y1, kind, text = row
        return Ref(
            ref=ref, digest=str(digest), page=int(page), bbox=Box(x0, y0, x1, y1), kind=str(kind), text=str(text)
        )

    # -- vectors -----------------------------------------------------------------------------

    def save_vectors(self, digest: str, vectors: VectorSet) -> None:
        spans = json.dumps([[s.page, s.start, s.end] for s in vectors.spans], separators=(",", ":"))
        with self._tx() as c:
            if c.execute("SELECT 1 FROM documents WHERE digest=?", (digest,)).fetchone() is None:
                return
            c.execute(
                "INSERT OR REPLACE INTO vectors(digest, key, dimension, spans, data, created_at) VALUES (?,?,?,?,?,?)",
                (digest, vectors.key, vectors.dimension, spans, vectors.data, time.time()),
            )

    def load_vectors(self, digest: str, key: str) -> VectorSet | None:
        row = (
            self._conn()
            .execute(
                "SELECT dimension, spans, data FROM vectors JOIN documents USING(digest) "
                "WHERE digest=? AND key=? AND (? <= 0 OR written_at > ?)",
                (digest, key, self.ttl_seconds, time.time() - self.ttl_seconds),
            )
            .fetchone()
        )
        if row is None:
            return None
        spans = tuple(ChunkSpan(int(p), int(a), int(b)) for p, a, b in json.loads(row[1]))
        return VectorSet(key=key, dimension=int(row[0]), spans=spans, data=bytes(row[2]))

    # -- maintenance -------------------------------------------------------------------------

    def _expired(self, written_at: float) -> bool:
        return self.ttl_seconds > 0 and time.time() - float(written_at) > self.ttl_seconds

    def stats(self) -> StoreStats:
        conn = self._conn()
        files = conn.execute("SELECT count(*) FROM documents").fetchone()[0]
        embeddings = conn.execute("SELECT coalesce(sum(length(data) / (4 * dimension)), 0) FROM vectors").fetchone()[0]
        pages, images = conn.execute("SELECT count(*), coalesce(sum(images),0) FROM pages").fetchone()
        ocr = conn.execute("SELECT count(*) FROM pages WHERE source='ocr'").fetchone()[0]
        size = sum(os.path.getsize(self.path + s) for s in ("", "-wal") if os.path.exists(self.path + s))
        return StoreStats(
            rows_by_table=self._rows_by_table(conn),
            total_files=int(files),
            total_pages=int(pages),
            total_images=int(images),
            total_embeddings=int(embeddings),
            total_ocr_pages=int(ocr),
            size_bytes=int(size),
            path=self.path,
        )

    @staticmethod
    def _rows_by_table(conn: sqlite3.Connection) -> tuple[tuple[str, int], ...]:
        # sqlite-utils is imported here only: its import (which loads numpy when installed) has no
        # place on the path of a first read.
        import sqlite_utils

        db = sqlite_utils.Database(conn)
        shadow = ("_data", "_idx", "_content", "_docsize", "_config")
        names = [t for t in db.table_names() if not t.endswith(shadow)]
        return tuple((name, int(db.table(name).count)) for name in sorted(names))

    def clear(self, *, expired_only: bool) -> int:
        with self._tx() as c:
            if expired_only:
                if self.ttl_seconds <= 0:
                    return 0
                cutoff = time.time() - self.ttl_seconds
                rows = c.execute("SELECT digest, doc_no FROM documents WHERE written_at < ?", (cutoff,)).fetchall()
            else:
                rows = c.execute("SELECT digest, doc_no FROM documents").fetchall()
            for digest, doc_no in rows:
                lo, hi = _rowid(int(doc_no), 0), _rowid(int(doc_no) + 1, 0) - 1
                c.execute("DELETE FROM pages_fts WHERE rowid BETWEEN ? AND ?", (lo, hi))
                c.execute("DELETE FROM pages_tri WHERE rowid BETWEEN ? AND ?", (lo, hi))
                for table in ("pages", "page_terms", "doc_index", "vectors", "documents"):
                    c.execute(f"DELETE FROM {table} WHERE digest=?", (digest,))
            if not expired_only:
                c.execute("DELETE FROM paths")
                c.execute("DELETE FROM refs")
        with self._stats_lock:
            self._stats_cache.clear()
        return len(rows)

    def close(self) -> None:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
            self._local.tok_ready = False


def _marked_spans(marked: str) -> list[tuple[int, int]]:
    """Spans in the unmarked text of every ``\\x02...\\x03`` region of ``highlight()`` output."""
    spans: list[tuple[int, int]] = []
    offset = 0  # markers seen so far (each shifts later positions by one)
    i = marked.find(_MARK_OPEN)
    while i >= 0:
        j = marked.find(_MARK_CLOSE, i)
        if j < 0:
            break
        start = i - offset
        end = j - offset - 1
        spans.append((start, end))
        offset += 2
        i = marked.find(_MARK_OPEN, j)
    return spans


def _combine(per_term: Sequence[set[int]], mode: str, allowed: set[int] | None) -> set[int]:
    """Pages holding every term ("and") or any ("or"), within ``allowed`` when given."""
    pages = set().union(*per_term) if mode == "or" else set.intersection(*per_term)
    return pages & allowed if allowed is not None else pages


def _substring_spans(text: str, needle: str) -> list[tuple[int, int]]:
    low, needle = text.lower(), needle.lower()
    out: list[tuple[int, int]] = []
    start = low.find(needle)
    while start >= 0 and needle:
        out.append((start, start + len(needle)))
        start = low.find(needle, start + len(needle))
    return out


def _chunks(items: Sequence[Any], n: int) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), n):
        yield items[i : i + n]


__all__ = ["QueryTerm", "SqliteStore", "has_cjk"]
