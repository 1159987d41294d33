"""The cache as a user sees it: its size, and clearing it (expired entries, or everything)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pdfcore.config import CacheSettings
from pdfcore.services.stores import DocumentStores
from ports.fetcher import Fetcher


class CacheService:
    def __init__(
        self,
        settings: CacheSettings,
        stores: DocumentStores,
        fetcher: Fetcher | None,
        *,
        flush: Callable[[], None],
        forget: Callable[[], None],
    ) -> None:
        self.settings = settings
        self.stores = stores
        self.fetcher = fetcher
        #: Writes the pages still on their way to the store (before counting or clearing).
        self.flush = flush
        #: Drops what the services keep in memory of documents (on a full clear).
        self.forget = forget

    def stats(self) -> dict[str, Any]:
        self.flush()
        out: dict[str, Any] = {"cache_dir": self.settings.dir, "cache_ttl_hours": self.settings.ttl_hours}
        store = self.stores.persistent
        if store is not None:
            st = store.stats()
            out.update(
                total_files=st.total_files,
                total_pages=st.total_pages,
                total_images=st.total_images,
                total_embeddings=st.total_embeddings,
                total_ocr_pages=st.total_ocr_pages,
                cache_size_bytes=st.size_bytes,
                cache_size_mb=round(st.size_bytes / (1024 * 1024), 2),
                index_path=st.path,
                rows_by_table=dict(st.rows_by_table),
            )
        else:
            out["cache_enabled"] = False
        url_stats = getattr(self.fetcher, "stats", None)  # an optional hook of the fetcher
        if callable(url_stats):
            out["url_cache"] = url_stats()
        return out

    def clear(self, *, expired_only: bool) -> dict[str, Any]:
        self.flush()
        store = self.stores.persistent
        cleared = store.clear(expired_only=expired_only) if store is not None else 0
        url_files = 0
        if not expired_only:
            clear_urls = getattr(self.fetcher, "clear", None)
            if callable(clear_urls):
                url_files = int(clear_urls())
            self.stores.clear_private()
        self.forget()
        what = "expired entries" if expired_only else "everything, including downloaded URLs"
        return {
            "expired_only": expired_only,
            "cleared_files": cleared,
            "cleared_downloads": url_files,
            "message": f"Cleared {what}: {cleared} document(s)"
            + (f", {url_files} download(s)." if not expired_only else "."),
        }
