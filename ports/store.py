"""Store: the persistent cache and index of extracted documents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pdfcore.models import DocumentFacts, PageText, StoreStats


class Store(Protocol):
    """Keeps what extraction learned, keyed by the document's content digest (SHA-256).

    Contract:

    - A document's facts and pages are written in transactions; pages of a document are only
      served once ``mark_complete`` ran for the requested pages, so a half-written document is
      never mistaken for a complete one.
    - ``remember_path``/``recall_path`` map a path with its size and mtime to a digest (the fast
      path that avoids re-hashing an unchanged file).
    - Entries older than ``ttl_seconds`` (by last write) count as expired; ``clear`` removes
      expired entries, or everything.
    - Safe to use from several threads and several processes at once.

    Errors that may escape: ``internal_error`` only for a corrupt store (it rebuilds an
    incompatible schema itself).
    """

    def recall_path(self, path: str, size: int, mtime_ns: int) -> str | None: ...

    def remember_path(self, path: str, size: int, mtime_ns: int, digest: str) -> None: ...

    def load_facts(self, digest: str) -> DocumentFacts | None: ...

    def save_facts(self, digest: str, facts: DocumentFacts) -> None: ...

    def load_pages(self, digest: str, indexes: Sequence[int]) -> dict[int, PageText]: ...

    def save_pages(self, digest: str, pages: Sequence[PageText]) -> None: ...

    def stats(self) -> StoreStats: ...

    def clear(self, *, expired_only: bool) -> int: ...
