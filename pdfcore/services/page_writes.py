"""Fresh pages written to the persistent store behind the calls that extracted them.

A call that extracts pages answers from memory; the pages go to the store later, on one writer
thread, once the process has been quiet for a moment (a caller reading on is not slowed by the
writing), at the latest after a fixed wait, and at once when a flush waits for them. Writes
waiting together go to the store as one write per document, a page's latest version winning,
in the order asked. A block (:meth:`PageWrites.holding`) holds one thread's fresh pages back and
asks for their write once, at its end (one write per read_all loop instead of one per batch).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from attrs import frozen

from pdfcore.models import PageText
from ports.store import Store

log = logging.getLogger(__name__)

#: Page writes wait until no page request has been served for this long (seconds)...
WRITE_QUIET_S = 0.25
#: ...but no longer than this after they were asked for.
WRITE_MAX_WAIT_S = 5.0
WRITE_POLL_S = 0.02


@frozen
class _Write:
    """Pages waiting to be written to the store, when they were asked for, and the write's
    number in the order asked."""

    digest: str
    pages: tuple[PageText, ...]
    asked_at: float
    number: int


class PageWrites:
    """The page writes of one document service: ``idle_for`` tells how long no page request has
    been in progress (seconds; None while one is)."""

    def __init__(self, store: Store | None, idle_for: Callable[[], float | None]) -> None:
        self.store = store
        self._idle_for = idle_for
        self._held = threading.local()
        #: Writes asked for and not yet done, the one thread doing them while there are any,
        #: and how many have been asked for / are done so far.
        self._writes = threading.Condition()
        self._queue: list[_Write] = []
        self._writer: threading.Thread | None = None
        self._asked = 0
        self._done = 0
        #: Flushes waiting (the writer does not wait for a quiet moment then).
        self._flushes = 0
        self._flush_lock = threading.Lock()

    @contextmanager
    def holding(self) -> Iterator[None]:
        """Within this block (one thread), the fresh pages :meth:`held` gives a place for are
        held back and their write asked for at its end, one per document (a search's answer
        does not wait for its pages to be stored either)."""
        if self.held() is not None:
            yield
            return
        self._held.pages = {}
        try:
            yield
        finally:
            pending: dict[str, dict[int, PageText]] = self._held.pages
            self._held.pages = None
            for digest, pages in pending.items():
                self.save_behind(digest, list(pages.values()))

    def held(self) -> dict[str, dict[int, PageText]] | None:
        """The pages this thread's :meth:`holding` block holds back (digest -> index -> page; a
        page's latest version goes in), or None outside such a block."""
        pages: dict[str, dict[int, PageText]] | None = getattr(self._held, "pages", None)
        return pages

    def save_behind(self, digest: str, pages: list[PageText]) -> None:
        """Write fresh pages to the store after the call that extracted them has its answer
        (they are served from memory meanwhile), once no page request has been served for
        ``WRITE_QUIET_S``, at the latest ``WRITE_MAX_WAIT_S`` after the oldest waiting write was
        asked for, and at once when :meth:`flush` waits for it. One thread does the writes
        while any are waiting (a Markdown read's table updates ask for one a page: one waiting
        thread each would wake the process hundreds of times a second), in the order asked.
        The thread is not a daemon, so a process that exits finishes them first. Readers of
        the store in another process may extract a page again in the meantime, which costs
        time, never correctness."""
        if self.store is None or not pages:
            return
        with self._writes:
            self._asked += 1
            self._queue.append(_Write(digest, tuple(pages), time.monotonic(), self._asked))
            if self._writer is None:
                self._writer = threading.Thread(target=self._write_all, name="pdfcore-page-writes")
                self._writer.start()

    def flush(self) -> None:
        """Wait until every page write asked for so far is in the store."""
        with self._writes:
            target = self._asked
            if self._done >= target:
                return
        with self._flush_lock:
            self._flushes += 1
        try:
            with self._writes:
                self._writes.wait_for(lambda: self._done >= target)
        finally:
            with self._flush_lock:
                self._flushes -= 1

    def _write_all(self) -> None:
        """The writing thread: waits for a quiet moment, then writes every waiting write, until
        none is left."""
        store = self.store
        assert store is not None
        while True:
            with self._writes:
                if not self._queue:
                    self._writer = None
                    return
                oldest = self._queue[0].asked_at
            self._quiet(oldest + WRITE_MAX_WAIT_S)
            with self._writes:
                batch, self._queue = self._queue, []
            merged: dict[str, dict[int, PageText]] = {}
            for write in batch:
                merged.setdefault(write.digest, {}).update((p.index, p) for p in write.pages)
            try:
                for digest, pages in merged.items():
                    try:
                        store.save_pages(digest, list(pages.values()))
                    except Exception:  # the pages stay in memory; the next process extracts them
                        log.warning("writing %d page(s) to the cache failed", len(pages), exc_info=True)
            finally:
                with self._writes:
                    self._done = batch[-1].number
                    self._writes.notify_all()

    def _quiet(self, deadline: float) -> None:
        """Return once no page request has been served for WRITE_QUIET_S, a flush waits, or
        ``deadline`` (monotonic) has passed."""
        while True:
            if self._flushes:
                return
            idle = self._idle_for()
            if idle is not None and idle >= WRITE_QUIET_S:
                return
            if time.monotonic() >= deadline:
                return
            time.sleep(WRITE_POLL_S)
