"""Store on SQLite: the persistent cache and the keyword index.

The database, its schema and connections are in ``_sqlite_db``; writing the keyword index in
``_sqlite_index``; searching it in ``_sqlite_search``. Here: what the cache keeps — paths,
document facts and pages, refs, vectors — and its bookkeeping (statistics, clearing).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Sequence

from adapters._sqlite_db import chunks
from adapters._sqlite_index import page_rowid
from adapters._sqlite_search import KeywordSearch
from pdfcore.models import Box, ChunkSpan, DocumentFacts, PageText, Ref, StoreStats, VectorSet
from pdfcore.serde import structure, unstructure_exact
from ports.store import Store


class SqliteStore(KeywordSearch, Store):
    name = "sqlite"

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
        for chunk in chunks(wanted, 500):
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
                lo, hi = page_rowid(int(doc_no), 0), page_rowid(int(doc_no) + 1, 0) - 1
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


__all__ = ["SqliteStore"]
