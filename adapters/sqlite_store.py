"""Store on SQLite (sqlite-utils): the persistent cache and index.

One database file under the cache directory, WAL mode, one transaction per write, so several
processes can share it. The schema carries a version; a database written by another version is
moved aside and rebuilt, never misread.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from pdfcore.models import DocumentFacts, PageText, StoreStats
from pdfcore.serde import structure, unstructure
from ports.store import Store

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
_BUSY_TIMEOUT_MS = 30_000


class SqliteStore(Store):
    name = "sqlite"

    def __init__(self, path: str, *, ttl_seconds: int = 7 * 24 * 3600) -> None:
        self.path = path
        self.ttl_seconds = ttl_seconds
        self._local = threading.local()
        self._init_lock = threading.Lock()
        self._ready = False

    # -- connections -------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.path, timeout=_BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        conn.execute(f"PRAGMA busy_timeout={_BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

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
            if has_tables and version != SCHEMA_VERSION:
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
        import sqlite_utils

        db = sqlite_utils.Database(conn)
        conn.execute("BEGIN IMMEDIATE")
        try:
            db.table("paths").create(
                {"path": str, "size": int, "mtime_ns": int, "digest": str},
                pk="path",
                if_not_exists=True,
            )
            db.table("documents").create(
                {"digest": str, "facts": str, "written_at": float, "accessed_at": float},
                pk="digest",
                if_not_exists=True,
            )
            db.table("pages").create(
                {"digest": str, "page": int, "data": str, "chars": int, "images": int, "source": str},
                pk=("digest", "page"),
                if_not_exists=True,
            )
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

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
        with self._tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO documents(digest, facts, written_at, accessed_at) VALUES (?,?,?,?)",
                (digest, json.dumps(unstructure(facts), separators=(",", ":")), now, now),
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
                json.dumps(unstructure(p), separators=(",", ":")),
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

    # -- maintenance -------------------------------------------------------------------------

    def _expired(self, written_at: float) -> bool:
        return self.ttl_seconds > 0 and time.time() - float(written_at) > self.ttl_seconds

    def stats(self) -> StoreStats:
        conn = self._conn()
        files = conn.execute("SELECT count(*) FROM documents").fetchone()[0]
        pages, images = conn.execute("SELECT count(*), coalesce(sum(images),0) FROM pages").fetchone()
        ocr = conn.execute("SELECT count(*) FROM pages WHERE source='ocr'").fetchone()[0]
        size = sum(os.path.getsize(self.path + s) for s in ("", "-wal") if os.path.exists(self.path + s))
        return StoreStats(
            total_files=int(files),
            total_pages=int(pages),
            total_images=int(images),
            total_embeddings=0,
            total_ocr_pages=int(ocr),
            size_bytes=int(size),
            path=self.path,
        )

    def clear(self, *, expired_only: bool) -> int:
        with self._tx() as c:
            if expired_only:
                if self.ttl_seconds <= 0:
                    return 0
                cutoff = time.time() - self.ttl_seconds
                digests = [r[0] for r in c.execute("SELECT digest FROM documents WHERE written_at < ?", (cutoff,))]
            else:
                digests = [r[0] for r in c.execute("SELECT digest FROM documents")]
            for chunk in _chunks(digests, 500):
                marks = ",".join("?" * len(chunk))
                c.execute(f"DELETE FROM pages WHERE digest IN ({marks})", chunk)
                c.execute(f"DELETE FROM documents WHERE digest IN ({marks})", chunk)
            if not expired_only:
                c.execute("DELETE FROM paths")
        return len(digests)

    def close(self) -> None:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None


def _chunks(items: Sequence[Any], n: int) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), n):
        yield items[i : i + n]
