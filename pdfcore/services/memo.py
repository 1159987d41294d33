"""A memo of what backends found in documents, by content digest, least recently used out.

What a backend reads from a document cannot change while the document's content does not, so it
is kept by ``(digest, what)``. One reader per key at a time: a caller that comes while a key is
being read (a search whose prefetch is still reading the same form fields) waits for that read
and uses it, instead of reading the same pages again beside it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from cachetools import LRUCache

T = TypeVar("T")
Key = tuple[str, str]


class Memo:
    """An LRU of ``capacity`` values with a single-flight read per key (thread-safe)."""

    def __init__(self, capacity: int = 64) -> None:
        self._items: LRUCache[Key, Any] = LRUCache(maxsize=capacity)
        # The per-key read locks outlive their values a while (a read may be under way when its
        # value is evicted), so that two readers of one key never read at once.
        self._readers: LRUCache[Key, threading.Lock] = LRUCache(maxsize=4 * capacity)
        self._lock = threading.Lock()

    def reading(self, key: Key) -> threading.Lock:
        """The lock to hold while ``key``'s value is read from a backend."""
        with self._lock:
            found = self._readers.get(key)
            if found is None:
                found = self._readers[key] = threading.Lock()
            return found

    def get(self, key: Key) -> Any:
        """``key``'s value, or None (a hit counts as a use)."""
        with self._lock:
            return self._items.get(key)

    def put(self, key: Key, value: Any) -> None:
        with self._lock:
            self._items[key] = value

    def once(self, key: Key, kind: type[T], read: Callable[[], T]) -> T:
        """``key``'s value, read with ``read`` the first time (one reader at a time)."""
        with self.reading(key):
            hit = self.get(key)
            if isinstance(hit, kind):
                return hit
            value = read()
            self.put(key, value)
            return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
