"""The cache's SQLite database: its tables, their schema version, and connections.

One database file under the cache directory, WAL mode, one transaction per write, so several
processes can share it. The schema carries a version (``PRAGMA user_version``); a database
written by another version is moved aside and rebuilt, never misread. Each thread keeps its
own connection.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

#: The store's logger, whichever of its modules logs.
log = logging.getLogger("adapters.sqlite_store")

#: Bumped whenever the stored shapes or the extraction pipeline's output change, so caches written
#: by another version are rebuilt rather than served.
SCHEMA_VERSION = 387
_BUSY_TIMEOUT_MS = 30_000
#: The keyword index's tokenizer (words and phrases; stemming included).
TOKENIZE = "porter unicode61 remove_diacritics 2"


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


class SqliteDatabase:
    """The database file and its per-thread connections, created or rebuilt on first use."""

    def __init__(self, path: str, *, ttl_seconds: int = 7 * 24 * 3600) -> None:
        self.path = path
        self.ttl_seconds = ttl_seconds
        self._local = threading.local()
        self._init_lock = threading.Lock()
        self._ready = False

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

    def _expired(self, written_at: float) -> bool:
        return self.ttl_seconds > 0 and time.time() - float(written_at) > self.ttl_seconds


def chunks(items: Sequence[Any], n: int) -> Iterator[Sequence[Any]]:
    """``items`` in slices of ``n`` (an ``IN (...)`` list stays under SQLite's parameter limit)."""
    for i in range(0, len(items), n):
        yield items[i : i + n]
