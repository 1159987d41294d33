"""Document facts and page content, from the cache when it has them, else from the extractor.

Pages are assembled (layout, quality) once and then cached: in memory for the process, and in
the persistent Store when one is configured. Documents that need a password are never written
to the persistent store (their text would sit on disk decrypted), and a cached encrypted
document is only served after the password was checked against the file again. Encrypted
documents that open without a password are cached like any other.

A document's profile (its running heads and feet, the words it uses whole) is learnt once from
a fixed sample of its pages (:mod:`pdfcore.services.profile`) before its first pages are
finished: the sample pages are extracted with them and cached too, and the profile is kept in
memory (a new process learns the same profile again from the same sample, so pages cached
before and after agree).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager

from attrs import frozen

from pdfcore import telemetry
from pdfcore.errors import ExtractionFailed, PdfcoreError
from pdfcore.models import DocumentFacts, DocumentSource, PageText
from pdfcore.services.furniture import sample_indexes
from pdfcore.services.page_writes import PageWrites
from pdfcore.services.profile import DocumentProfile, learn_profile
from ports.store import Store
from ports.text_extractor import TextExtractor
from ports.word_list import WordList

log = logging.getLogger(__name__)

#: Pages extracted ahead (:meth:`DocumentService.prefetch`) that no call has taken this long
#: after they were asked for are dropped (a read_all loop's next call takes them at once).
AHEAD_KEPT_S = 60.0

#: Turns an extractor's raw page into the cached form (layout, quality signals...), given the
#: document's profile (its running heads and feet, its words).
PageFinisher = Callable[[PageText, DocumentFacts, DocumentProfile], PageText]


@frozen
class PageBatch:
    """Pages handed from the document service to the services that shape results (not a
    result itself: the API never returns it): the pages by 0-based index, and how many came
    from the cache."""

    pages: dict[int, PageText]
    cache_hits: int


class _Lru:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.items: OrderedDict[object, object] = OrderedDict()

    def get(self, key: object) -> object | None:
        v = self.items.get(key)
        if v is not None:
            self.items.move_to_end(key)
        return v

    def put(self, key: object, value: object) -> None:
        self.items[key] = value
        self.items.move_to_end(key)
        while len(self.items) > self.capacity:
            self.items.popitem(last=False)

    def clear(self) -> None:
        self.items.clear()


class DocumentService:
    def __init__(
        self,
        extractor: TextExtractor,
        store: Store | None,
        finish: PageFinisher,
        *,
        memory_pages: int = 4096,
        common: WordList | None = None,
    ) -> None:
        self.extractor = extractor
        self.store = store
        self.finish = finish
        #: The common words of English that decide a hyphen at a line, column or page break the
        #: document's words do not explain (None: not loaded; see
        #: :func:`pdfcore.layout.hyphens.keep_hyphen`).
        self.common = common
        self._facts: _Lru = _Lru(256)
        self._pages: _Lru = _Lru(memory_pages)
        self._verified: _Lru = _Lru(256)
        self._lock = threading.Lock()
        #: Fresh pages on their way to the store, written behind the calls (see PageWrites).
        self.writes = PageWrites(store, self._idle_for)
        #: Page requests in progress, and when the last one ended (see _idle_for).
        self._reading = 0
        self._last_read = 0.0
        #: Extractions started ahead of a caller (:meth:`prefetch`), by (digest, page index).
        self._inflight: dict[tuple[str, int], Future[tuple[list[PageText], list[int]]]] = {}
        #: When each of those extractions was asked for (id of its future -> monotonic time).
        self._asked_at: dict[int, float] = {}
        self._prefetcher: ThreadPoolExecutor | None = None

    # -- facts -----------------------------------------------------------------------------

    def facts(self, source: DocumentSource) -> tuple[DocumentFacts, bool]:
        """The document's facts and whether they came from a cache."""
        known = self.known_facts(source)
        if known is not None:
            return known, True
        digest = source.fingerprint.sha256
        with telemetry.phase("extract"):
            facts = self.extractor.inspect(source)
        with self._lock:
            self._facts.put(digest, facts)
            if facts.encrypted:
                self._verified.put(_access_key(source), True)
        if self.store is not None and not facts.private:
            self.store.save_facts(digest, facts)
        return facts, False

    def known_facts(self, source: DocumentSource) -> DocumentFacts | None:
        """The document's facts if they are cached (memory or store), else None: never inspects
        a document it has not seen (it does check an encrypted one's password against the file)."""
        digest = source.fingerprint.sha256
        with self._lock:
            cached = self._facts.get(digest)
        if isinstance(cached, DocumentFacts):
            self._check_access(source, cached)
            return cached
        if self.store is not None:
            stored = self.store.load_facts(digest)
            if stored is not None and not stored.private:
                with self._lock:
                    self._facts.put(digest, stored)
                return stored
        return None

    def _check_access(self, source: DocumentSource, facts: DocumentFacts) -> None:
        """For an encrypted document, make sure this caller's password opens the file."""
        if not facts.encrypted:
            return
        key = _access_key(source)
        with self._lock:
            if self._verified.get(key):
                return
        self.extractor.inspect(source)  # raises password_required / password_incorrect
        with self._lock:
            self._verified.put(key, True)

    # -- pages -----------------------------------------------------------------------------

    def pages(self, source: DocumentSource, indexes: Sequence[int], facts: DocumentFacts) -> PageBatch:
        """Pages from memory, the store, or the extractor (finished and cached).

        When the document's profile is not known yet, its sample pages are extracted
        with the pages asked for (once per document; they are cached like any page), so that a
        page reads the same on every path: alone, in a batch, in a read_all loop or a search.
        """
        hits: list[int] = []
        found = {p.index: p for p in self._stream(source, indexes, facts, hits=hits)}
        return PageBatch(pages=found, cache_hits=hits[0] if hits else 0)

    def stream_pages(self, source: DocumentSource, indexes: Sequence[int], facts: DocumentFacts) -> Iterator[PageText]:
        """The pages of :meth:`pages`, each as soon as it is at hand: the cached ones first, then
        every fresh one once it is finished (while the engine extracts the next ones), then the
        pages the engine could not read (empty, flagged). A caller can work on the first pages
        while the rest are still being extracted (a first search counts their terms)."""
        return self._stream(source, indexes, facts, hits=[])

    def _stream(
        self, source: DocumentSource, indexes: Sequence[int], facts: DocumentFacts, *, hits: list[int]
    ) -> Iterator[PageText]:
        with self._lock:
            self._reading += 1
        try:
            yield from self._serve(source, indexes, facts, hits=hits)
        finally:
            with self._lock:
                self._reading -= 1
                self._last_read = time.monotonic()

    def _serve(
        self, source: DocumentSource, indexes: Sequence[int], facts: DocumentFacts, *, hits: list[int]
    ) -> Iterator[PageText]:
        digest = source.fingerprint.sha256
        self._check_access(source, facts)
        found: dict[int, PageText] = {}
        missing: list[int] = []
        coming: set[int] = set()  # on their way from a prefetch: not looked up in the store
        with self._lock:
            for i in indexes:
                hit = self._pages.get((digest, i))
                if isinstance(hit, PageText):
                    found[i] = hit
                else:
                    missing.append(i)
                    if (digest, i) in self._inflight:
                        coming.add(i)
        if len(coming) < len(missing) and self.store is not None and not facts.private:
            with telemetry.phase("extract"):
                stored = self.store.load_pages(digest, [i for i in missing if i not in coming])
            if stored:
                found.update(stored)
                with self._lock:
                    for i, p in stored.items():
                        self._pages.put((digest, i), p)
                missing = [i for i in missing if i not in stored]
        hits.append(len(found))
        telemetry.pages("cached", digest, found)
        yield from found.values()
        if not missing:
            return
        with telemetry.phase("extract"):
            raw, failed = self._take_prefetched(digest, missing)
        brought = {p.index for p in raw}.union(failed)
        rest = [i for i in missing if i not in brought]
        asked = set(missing)
        fresh: list[PageText] = []
        try:
            for page in telemetry.timed(self._extract_and_finish(source, facts, raw, rest, failed), "extract"):
                with self._lock:
                    self._pages.put((digest, page.index), page)
                fresh.append(page)
                telemetry.pages("extracted", digest, (page.index,))
                if page.index in asked:
                    yield page
        finally:
            if self.store is not None and not facts.private and fresh:
                pending = self.writes.held()
                if pending is not None:
                    pending.setdefault(digest, {}).update((p.index, p) for p in fresh)
                else:
                    self.writes.save_behind(digest, fresh)
        # Pages the engine could not read are answered honestly (empty, flagged), not cached.
        for i in failed:
            if i in asked:
                yield PageText(index=i, text="", warnings=("extraction_failed", "no_text"))

    def _extract_and_finish(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        raw: list[PageText],
        rest: list[int],
        failed: list[int],
    ) -> Iterator[PageText]:
        """Extract the pages ``rest`` and finish them and ``raw`` with the document's furniture
        profile; yields the finished pages (with any sample pages extracted to learn the
        profile) as they are finished. Pages ``rest`` that cannot be read are appended to
        ``failed``.

        Pages are finished as the extractor delivers them, while the engine workers extract the
        following ones. When the profile is still to be learnt, its sample pages are asked for
        first in the same request, and the pages are finished from the moment the sample is in.
        """
        profile = self._known_profile(source)
        picks = sample_indexes(facts.page_count) if profile is None else []
        waiting: set[int] = set()  # sample pages still to come before the profile is learnt
        need: list[int] = []  # sample pages not asked for, extracted only to learn the profile
        if profile is None:
            at_hand = {p.index for p in raw}
            asked = set(rest)
            need = [i for i in picks if i not in at_hand and i not in asked and i not in failed]
            waiting = {i for i in picks if i not in at_hand and i not in failed}
        held = list(raw)

        def settle() -> tuple[DocumentProfile, list[PageText]]:
            learnt = self._learn(source, facts, picks, held)
            done = [self.finish(p, facts, learnt) for p in held]
            held.clear()
            return learnt, done

        if profile is not None:
            yield from (self.finish(p, facts, profile) for p in held)
            held.clear()
        elif not waiting:
            profile, done = settle()
            yield from done
        order = [i for i in rest if i in waiting] + need + [i for i in rest if i not in waiting]
        for page in self._extract_stream(source, order, failed, optional=set(need)):
            if profile is None:
                held.append(page)
                waiting.discard(page.index)
                if not waiting:
                    profile, done = settle()
                    yield from done
            else:
                yield self.finish(page, facts, profile)
        if profile is None:  # sample pages that could not be read are left out of the profile
            yield from settle()[1]

    def _extract_stream(
        self, source: DocumentSource, indexes: list[int], failed: list[int], *, optional: set[int]
    ) -> Iterator[PageText]:
        """Pages as the extractor delivers them. When the request fails, the pages not delivered
        yet are tried one by one, so one unreadable page does not sink the others: those asked
        for are appended to ``failed``, ``optional`` ones (furniture samples) are left out. A
        single page asked for that fails raises, as does a request of which no page was read."""
        if not indexes:
            return
        delivered: set[int] = set()
        try:
            for page in self.extractor.extract(source, indexes):
                delivered.add(page.index)
                yield page
            return
        except ExtractionFailed:
            asked = [i for i in indexes if i not in optional]
            if len(asked) == 1 and not delivered and not optional:
                raise
        lost: list[int] = []
        for i in indexes:
            if i in delivered:
                continue
            try:
                for page in self.extractor.extract(source, [i]):
                    delivered.add(page.index)
                    yield page
            except ExtractionFailed as exc:
                if i in optional:
                    log.info("sample page %d left out of the document profile: %s", i + 1, exc.code)
                elif len(asked) == 1:
                    raise
                else:
                    lost.append(i)
        if lost and not any(i in delivered for i in asked):
            raise ExtractionFailed("The PDF engine could not read any of the requested pages.")
        failed.extend(lost)

    def _known_profile(self, source: DocumentSource) -> DocumentProfile | None:
        with self._lock:
            hit = self._facts.get(("furniture", source.fingerprint.sha256))
        return hit if isinstance(hit, DocumentProfile) else None

    def _learn(
        self, source: DocumentSource, facts: DocumentFacts, picks: Sequence[int], pages: Sequence[PageText]
    ) -> DocumentProfile:
        """Learn the document's profile from the sample pages among ``pages`` and keep it."""
        have = {p.index: p for p in pages}
        profile = learn_profile([have[i] for i in picks if i in have], facts)
        with self._lock:
            self._facts.put(("furniture", source.fingerprint.sha256), profile)
        return profile

    def prefetch(self, source: DocumentSource, indexes: Sequence[int], facts: DocumentFacts) -> None:
        """Start extracting pages a caller is about to ask for, in the background.

        The next :meth:`pages` call that asks for any of them waits for that extraction instead
        of starting another, and finishes and caches every page it brought (so no page is
        extracted twice). Meant for a caller reading a document that is not cached yet (pages
        in memory are skipped; the store is not consulted), so the engine workers extract the
        next pages while the caller finishes the current ones. An extraction no call takes within
        ``AHEAD_KEPT_S`` is dropped (see :meth:`_drop_stale_locked`).
        """
        digest = source.fingerprint.sha256
        self._check_access(source, facts)
        with self._lock:
            self._drop_stale_locked()
            todo = [
                i
                for i in indexes
                if (digest, i) not in self._inflight and not isinstance(self._pages.get((digest, i)), PageText)
            ]
            if not todo:
                return
            if self._prefetcher is None:
                self._prefetcher = ThreadPoolExecutor(max_workers=2, thread_name_prefix="pdfcore-prefetch")
            future = self._prefetcher.submit(self._extract_all, source, todo)
            self._asked_at[id(future)] = time.monotonic()
            for i in todo:
                self._inflight[(digest, i)] = future

    def prefetched(self, source: DocumentSource, indexes: Sequence[int]) -> bool:
        """Whether the extraction :meth:`prefetch` started for ``indexes`` is over (a
        :meth:`pages` call for them would not wait for the engine): each is on its way and done,
        or in memory, and at least one is on its way."""
        digest = source.fingerprint.sha256
        with self._lock:
            futures = [self._inflight.get((digest, i)) for i in indexes]
            if not any(futures):
                return False
            held = {i for i in indexes if isinstance(self._pages.get((digest, i)), PageText)}
        return all(f.done() if f is not None else i in held for i, f in zip(indexes, futures, strict=True))

    def _drop_stale_locked(self) -> None:
        """Forget extractions started ahead that no call took within ``AHEAD_KEPT_S`` (their
        pages are extracted again when asked for). Call with ``_lock`` held."""
        if not self._asked_at:
            return
        oldest = time.monotonic() - AHEAD_KEPT_S
        stale = {k for k, t in self._asked_at.items() if t < oldest}
        if not stale:
            return
        for key in [k for k, f in self._inflight.items() if id(f) in stale and f.done()]:
            del self._inflight[key]
        alive = {id(f) for f in self._inflight.values()}
        self._asked_at = {k: t for k, t in self._asked_at.items() if k in alive}

    def _take_prefetched(self, digest: str, indexes: Sequence[int]) -> tuple[list[PageText], list[int]]:
        """Raw pages (and failed indexes) of the prefetches covering any of ``indexes``: every
        page those prefetches brought, for the caller to finish and cache. A prefetch that
        failed as a whole gives nothing; its pages are then extracted by the caller."""
        with self._lock:
            if not self._inflight:
                return [], []
            futures = {id(f): f for i in indexes if (f := self._inflight.get((digest, i))) is not None}
            if not futures:
                return [], []
            for key in [k for k, f in self._inflight.items() if id(f) in futures]:
                del self._inflight[key]
            for k in futures:
                self._asked_at.pop(k, None)
        raw: list[PageText] = []
        failed: list[int] = []
        for future in futures.values():
            try:
                pages, bad = future.result()
            except Exception:  # the caller extracts these pages itself and sees the error
                log.debug("a prefetch failed; its pages are extracted again", exc_info=True)
                continue
            raw += pages
            failed += bad
        return raw, failed

    def _extract_all(self, source: DocumentSource, indexes: list[int]) -> tuple[list[PageText], list[int]]:
        """:meth:`_extract_stream` collected: the pages read and the indexes that failed."""
        failed: list[int] = []
        return list(self._extract_stream(source, indexes, failed, optional=set())), failed

    def profile(
        self, source: DocumentSource, facts: DocumentFacts, raw: Sequence[PageText] = ()
    ) -> tuple[DocumentProfile, list[PageText]]:
        """The document's profile (running heads, words), learnt once from its sample pages and kept.

        ``raw`` are pages just extracted (unfinished) that may serve as sample pages. Returns
        the profile and the other sample pages extracted to learn it, for the caller to finish
        and cache (so no page is extracted twice). A sample page that cannot be extracted is
        left out rather than failing the pages asked for.
        """
        hit = self._known_profile(source)
        if hit is not None:
            return hit, []
        sample = sample_indexes(facts.page_count)
        have = {p.index: p for p in raw if p.index in set(sample)}
        need = [i for i in sample if i not in have]
        extra: list[PageText] = []
        if need:
            try:
                extra = list(self.extractor.extract(source, need))
            except PdfcoreError:
                for i in need:
                    try:
                        extra.extend(self.extractor.extract(source, [i]))
                    except PdfcoreError as exc:
                        log.info("sample page %d left out of the document profile: %s", i + 1, exc.code)
        return self._learn(source, facts, sample, [*have.values(), *extra]), extra

    def deferred_writes(self) -> AbstractContextManager[None]:
        """Within this block (one thread), freshly extracted pages are held back and their write
        to the store asked for at its end, in the background (see PageWrites.holding): one write
        per read_all loop instead of one per batch."""
        return self.writes.holding()

    def flush_writes(self) -> None:
        """Wait until every page write asked for so far is in the store."""
        self.writes.flush()

    def _idle_for(self) -> float | None:
        """Seconds since the last page request ended; None while one is in progress."""
        with self._lock:
            return None if self._reading else time.monotonic() - self._last_read

    def cached_pages(self, source: DocumentSource, indexes: Sequence[int], facts: DocumentFacts) -> dict[int, PageText]:
        """Pages already cached (memory or store); never extracts."""
        digest = source.fingerprint.sha256
        found: dict[int, PageText] = {}
        with self._lock:
            for i in indexes:
                hit = self._pages.get((digest, i))
                if isinstance(hit, PageText):
                    found[i] = hit
        rest = [i for i in indexes if i not in found]
        if rest and self.store is not None and not facts.private:
            found.update(self.store.load_pages(digest, rest))
        return found

    def unusable_pages(self, source: DocumentSource, facts: DocumentFacts) -> frozenset[int]:
        """0-based pages whose native text is unusable (cached per document)."""
        from pdfcore.services.quality import UNUSABLE

        key = ("unusable", source.fingerprint.sha256)
        with self._lock:
            hit = self._facts.get(key)
        if isinstance(hit, frozenset):
            return hit
        pages = self.pages(source, list(range(facts.page_count)), facts).pages
        found = frozenset(i for i, p in pages.items() if set(p.warnings) & UNUSABLE)
        with self._lock:
            self._facts.put(key, found)
        return found

    def replace_page(self, source: DocumentSource, page: PageText, facts: DocumentFacts) -> None:
        """Store a re-read page (e.g. after OCR) in place of the cached one."""
        digest = source.fingerprint.sha256
        with self._lock:
            self._pages.put((digest, page.index), page)
        if self.store is not None and not facts.private:
            # An earlier write of this page (held back by deferred_writes, or queued) must not
            # land after this one: a held-back version is dropped, and queued writes run in order.
            pending = self.writes.held()
            if pending is not None and digest in pending:
                pending[digest].pop(page.index, None)
            if page.source == "ocr":
                # Recognised text changes the index: stored (and indexed) before this returns,
                # so a search that follows finds it.
                self.flush_writes()
                self.store.save_pages(digest, [page])
            elif pending is not None:
                # the same text with more detail (tables) inside deferred_writes (a Markdown
                # read_all reads each page's tables): written with the block's pages, in its one
                # write at the end, after any write queued before it
                pending.setdefault(digest, {})[page.index] = page
            else:  # the same text with more detail (tables): written behind, in order
                self.writes.save_behind(digest, [page])

    def forget_memory(self) -> None:
        with self._lock:
            self._facts.clear()
            self._pages.clear()
            self._verified.clear()
            self._inflight.clear()
            self._asked_at.clear()


def _access_key(source: DocumentSource) -> tuple[str, int]:
    # The password is not kept; its hash (salted per process by Python's str hash) keys the check.
    return (source.fingerprint.sha256, hash(source.password or ""))
