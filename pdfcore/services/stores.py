"""Where a document's index, vectors and refs live.

In the persistent store (the cache on disk), except for documents that need a password (their
text and snippets never reach the disk) and when the cache is disabled: then in a store private
to this process, made on first use and deleted at exit.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from pdfcore.errors import BackendUnavailable
from ports.store import Store


class DocumentStores:
    def __init__(self, persistent: Store | None, make_private: Callable[[], Store] | None) -> None:
        self.persistent = persistent
        self._make_private = make_private
        self._private: Store | None = None
        self._lock = threading.Lock()

    def for_document(self, private: bool) -> Store:
        """The store for a document (``private``: it needs a password)."""
        if self.persistent is not None and not private:
            return self.persistent
        with self._lock:
            if self._private is None:
                if self._make_private is None:
                    raise BackendUnavailable("No store is available for this document's index and refs.")
                self._private = self._make_private()
            return self._private

    def clear_private(self) -> None:
        """Empty the private store, when one was made."""
        if self._private is not None:
            self._private.clear(expired_only=False)

    def close(self) -> None:
        for store in (self.persistent, self._private):
            closer = getattr(store, "close", None)
            if callable(closer):
                closer()
