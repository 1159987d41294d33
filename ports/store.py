"""Store: the persistent cache and index of extracted documents."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from pdfcore.models import DocumentFacts, KeywordOutcome, KeywordQuery, PageText, Ref, StoreStats, VectorSet


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
    - Keyword search is per document: ``index_document`` indexes all pages of a document in one
      transaction (a half-indexed document is never reported as indexed). Its pages may be an
      iterator that yields them as they are produced (it may do per-page work meanwhile); if
      the iterator raises, nothing is indexed and the error propagates. ``search_keyword``
      ranks pages with BM25 computed from that document's own statistics only, so a page's rank
      does not depend on what else is cached. Word terms match with stemming (``running`` finds
      ``run``), phrases match exactly in order, substring terms (CJK) match anywhere, numbers
      match as numbers (:func:`pdfcore.matching.verified`). Spans are character offsets into the
      indexed page text. A page's count in ``page_match_counts`` is its number of matches, and a
      hit's ``match_count`` is the number of its spans (one per occurrence of a term; a phrase
      occurrence is one): see :mod:`pdfcore.matching`. ``search_keyword_many`` is the same search in
      several indexed documents at once (only documents with hits appear in its answer), ranked
      with the statistics of those documents together (page count, mean page length, pages per
      term), so that scores compare across them — and still do not depend on documents outside
      the set.
    - Refs are kept per source (the caller's name for a document: a real path or a URL); a new
      set replaces the source's previous set entirely; they survive restarts (until cleared).
    - Vectors are kept per document and per ``key`` (model name + chunking version): a set is
      written whole in one transaction and replaced whole.

    Errors that may escape: ``internal_error`` only for a corrupt store (it rebuilds an
    incompatible schema itself).
    """

    def recall_path(self, path: str, size: int, mtime_ns: int) -> str | None: ...

    def remember_path(self, path: str, size: int, mtime_ns: int, digest: str) -> None: ...

    def load_facts(self, digest: str) -> DocumentFacts | None: ...

    def save_facts(self, digest: str, facts: DocumentFacts) -> None: ...

    def load_pages(self, digest: str, indexes: Sequence[int]) -> dict[int, PageText]: ...

    def save_pages(self, digest: str, pages: Sequence[PageText]) -> None: ...

    def index_document(self, digest: str, pages: Iterable[PageText]) -> None: ...

    def is_indexed(self, digest: str) -> bool: ...

    def search_keyword(
        self, digest: str, query: KeywordQuery, *, pages: Sequence[int] | None = None, limit: int = 10
    ) -> KeywordOutcome: ...

    def search_keyword_many(
        self, digests: Sequence[str], query: KeywordQuery, *, limit: int = 10
    ) -> dict[str, KeywordOutcome]: ...

    def replace_refs(self, source: str, refs: Sequence[Ref]) -> None: ...

    def load_ref(self, source: str, ref: str) -> Ref | None: ...

    def save_vectors(self, digest: str, vectors: VectorSet) -> None: ...

    def load_vectors(self, digest: str, key: str) -> VectorSet | None: ...

    def stats(self) -> StoreStats: ...

    def clear(self, *, expired_only: bool) -> int: ...
