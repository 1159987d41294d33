"""Vectors made in the background: one job queue per process, so a search never waits for them.

A document without vectors is handed to :class:`EmbeddingJobs` (``request``); one worker thread
embeds its pages a batch at a time, the pages a recent query found by keyword first, then the
rest in order. After each batch the vectors made so far are stored (under the index's
``partial_key``), so a process that stops loses at most one batch and the next one goes on from
what is stored; the last batch stores the whole set under the index's key (what ``has_vectors``
looks for) and empties the partial one.

Bounded: at most ``max_jobs`` documents wait (the least recently asked for is dropped, and taken
up again from the store when asked for again); only the running document's vectors are in
memory. The most recently asked-for document runs next. ``cancel_all`` (the cache is cleared)
drops every waiting job and stops the running one after its batch; ``close`` stops the worker.

Callers who want the vectors within a time (``mode="semantic"``) ``wait`` for the document, and
read the progress (pages done, pages missing) whatever happened by then.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence

from attrs import frozen

from pdfcore.errors import PdfcoreError
from pdfcore.models import ChunkSpan, DocumentFacts, DocumentSource, PageText, VectorSet
from pdfcore.services.semantic import SemanticIndex

log = logging.getLogger(__name__)

#: Pages embedded between two writes of the partial vectors (and two progress reports).
BATCH_PAGES = 8
#: Documents waiting at most; beyond, the least recently asked for is dropped.
MAX_JOBS = 64
#: How long ``close`` waits for the batch in hand (the worker is a daemon: it never holds an exit).
CLOSE_WAIT_S = 0.5
#: Pages of recent queries kept per document, to embed first.
MAX_FIRST_PAGES = 200

#: The pages of a document by 0-based index (those that exist among the ones asked for).
PagesFor = Callable[[Sequence[int]], Mapping[int, PageText]]
#: Progress callback: (pages embedded, pages in the document).
ProgressFn = Callable[[int, int], None]


@frozen
class Progress:
    """How far a document's vectors are: pages embedded of ``page_count``; the vectors so far."""

    pages_done: int
    page_count: int
    missing: tuple[int, ...]  # 0-based pages not embedded yet
    vectors: VectorSet | None  # complete when ``missing`` is empty, else the part made so far
    error: str | None = None  # why the job stopped, when it failed

    @property
    def complete(self) -> bool:
        return not self.missing

    @property
    def share(self) -> float:
        return round(self.pages_done / self.page_count, 3) if self.page_count else 1.0


class _Job:
    def __init__(self, source: DocumentSource, facts: DocumentFacts, pages_for: PagesFor) -> None:
        self.source = source
        self.facts = facts
        self.pages_for = pages_for
        self.first: list[int] = []  # pages to embed first, most recent query's first
        self.done: set[int] = set()
        self.vectors: VectorSet | None = None
        self.error: str | None = None
        self.loaded = False  # the stored partial vectors have been read

    @property
    def digest(self) -> str:
        return self.source.fingerprint.sha256


class EmbeddingJobs:
    def __init__(
        self,
        index: SemanticIndex,
        *,
        batch_pages: int = BATCH_PAGES,
        max_jobs: int = MAX_JOBS,
    ) -> None:
        self.index = index
        self.batch_pages = batch_pages
        self.max_jobs = max_jobs
        self._jobs: OrderedDict[str, _Job] = OrderedDict()  # waiting or running; last = next to run
        self._finished: OrderedDict[str, Progress] = OrderedDict()  # recent outcomes (complete or failed)
        self._running: _Job | None = None
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._generation = 0  # bumped by cancel_all: a running batch of an older one is dropped

    # -- asking ------------------------------------------------------------------------------

    def request(
        self, source: DocumentSource, facts: DocumentFacts, pages_for: PagesFor, *, first: Sequence[int] = ()
    ) -> Progress:
        """Queue the document (if its vectors are not complete) with ``first`` pages ahead of
        the rest; the document runs next. Returns its progress now."""
        digest = source.fingerprint.sha256
        with self._cond:
            if self._closed:
                return self._progress_locked(digest, facts)
            job = self._jobs.get(digest)
            if job is None:
                if self.index.has_vectors(source, facts):
                    return self._progress_locked(digest, facts, complete=True)
                self._finished.pop(digest, None)
                job = _Job(source, facts, pages_for)
                self._jobs[digest] = job
                while len(self._jobs) > self.max_jobs:
                    oldest = next(iter(self._jobs))
                    if self._jobs[oldest] is self._running:
                        self._jobs.move_to_end(oldest)
                        continue
                    del self._jobs[oldest]
            self._jobs.move_to_end(digest)  # most recently asked for runs next
            fresh = [p for p in first if 0 <= p < facts.page_count]
            job.first = (fresh + [p for p in job.first if p not in fresh])[:MAX_FIRST_PAGES]
            self._start_locked()
            self._cond.notify_all()
            return self._progress_locked(digest, facts)

    def progress(self, source: DocumentSource, facts: DocumentFacts) -> Progress:
        with self._cond:
            return self._progress_locked(source.fingerprint.sha256, facts)

    def wait(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        *,
        seconds: float,
        on_progress: ProgressFn | None = None,
    ) -> Progress:
        """Wait until the document's vectors are complete (or failed), at most ``seconds``;
        ``on_progress`` hears of each batch (from this thread)."""
        digest = source.fingerprint.sha256
        deadline = time.monotonic() + max(0.0, seconds)
        last = -1
        with self._cond:
            while True:
                now = self._progress_locked(digest, facts)
                if on_progress is not None and now.pages_done != last:
                    last = now.pages_done
                    self._cond.release()
                    try:
                        on_progress(now.pages_done, now.page_count)
                    finally:
                        self._cond.acquire()
                    continue
                left = deadline - time.monotonic()
                if now.complete or now.error is not None or left <= 0 or digest not in self._jobs:
                    return now
                self._cond.wait(min(left, 1.0))

    def cancel_all(self) -> None:
        """Drop every job (the cache they would write to is being cleared)."""
        with self._cond:
            self._generation += 1
            self._jobs.clear()
            self._finished.clear()
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._generation += 1
            self._jobs.clear()
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=CLOSE_WAIT_S)  # a batch in the embedder ends, unwritten

    def pending(self) -> int:
        with self._cond:
            return len(self._jobs)

    # -- the worker --------------------------------------------------------------------------

    def _start_locked(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            # A daemon: a process that exits without closing loses at most the batch in hand
            # (the vectors before it are stored).
            self._thread = threading.Thread(target=self._work, name="pdfcore-embedding", daemon=True)
            self._thread.start()

    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._jobs and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                job = self._jobs[next(reversed(self._jobs))]
                self._running = job
                generation = self._generation
            try:
                finished = self._run_batch(job, generation)
            except PdfcoreError as exc:
                job.error = f"{exc.code}: {exc.message}"
                finished = True
            except Exception as exc:  # a bug: reported on the document, logged, never kills the worker
                log.exception("embedding %s failed", job.digest[:12])
                job.error = f"internal_error: {type(exc).__name__}"
                finished = True
            with self._cond:
                self._running = None
                if finished and self._jobs.get(job.digest) is job:
                    del self._jobs[job.digest]
                    outcome = self._job_progress(job)  # kept without its vectors (they are stored)
                    self._finished[job.digest] = Progress(
                        outcome.pages_done, outcome.page_count, outcome.missing, None, outcome.error
                    )
                    while len(self._finished) > self.max_jobs:
                        self._finished.popitem(last=False)
                self._cond.notify_all()

    def _run_batch(self, job: _Job, generation: int) -> bool:
        """Embed the job's next batch of pages; True when the job is over."""
        index = self.index
        store = index.store_for(job.facts)
        if not job.loaded:
            job.loaded = True
            if store.load_vectors(job.digest, index.key) is not None:
                job.done = set(range(job.facts.page_count))
                return True
            stored = store.load_vectors(job.digest, index.partial_key)
            if stored is not None and stored.spans:
                job.vectors = stored
                job.done = {s.page for s in stored.spans}
        todo = [p for p in job.first if p not in job.done]
        todo += [p for p in range(job.facts.page_count) if p not in job.done and p not in job.first]
        batch = todo[: self.batch_pages]
        if batch:
            pages = job.pages_for(batch)
            part = index.build([pages[p] for p in batch if p in pages])
            with self._cond:
                if generation != self._generation:
                    return True  # cancelled meanwhile: nothing is written
            job.vectors = part if job.vectors is None else merge(job.vectors, part)
            job.done.update(batch)
        complete = len(job.done) >= job.facts.page_count
        vectors = job.vectors or VectorSet(key=index.key, dimension=index.embedder.dimension, spans=(), data=b"")
        if complete:
            whole = VectorSet(key=index.key, dimension=vectors.dimension, spans=vectors.spans, data=vectors.data)
            store.save_vectors(job.digest, in_order(whole))
            store.save_vectors(
                job.digest, VectorSet(key=index.partial_key, dimension=vectors.dimension, spans=(), data=b"")
            )
        else:
            store.save_vectors(
                job.digest,
                VectorSet(key=index.partial_key, dimension=vectors.dimension, spans=vectors.spans, data=vectors.data),
            )
        return complete

    # -- progress ----------------------------------------------------------------------------

    def _job_progress(self, job: _Job) -> Progress:
        count = job.facts.page_count
        missing = tuple(p for p in range(count) if p not in job.done)
        return Progress(count - len(missing), count, missing, job.vectors, job.error)

    def _progress_locked(self, digest: str, facts: DocumentFacts, *, complete: bool = False) -> Progress:
        count = facts.page_count
        if complete:
            return Progress(count, count, (), None)
        job = self._jobs.get(digest)
        if job is not None:
            return self._job_progress(job)
        done = self._finished.get(digest)
        if done is not None:
            return done
        return Progress(0, count, tuple(range(count)), None)


def merge(a: VectorSet, b: VectorSet) -> VectorSet:
    """Two parts of one document's vectors as one (rows in the order given)."""
    return VectorSet(key=a.key, dimension=a.dimension, spans=a.spans + b.spans, data=a.data + b.data)


def in_order(vs: VectorSet) -> VectorSet:
    """The vectors with their rows in page and position order (as :meth:`SemanticIndex.build`
    makes them for a whole document)."""
    row = len(vs.data) // max(1, len(vs.spans)) if vs.spans else 0
    order = sorted(range(len(vs.spans)), key=lambda i: (vs.spans[i].page, vs.spans[i].start))
    if order == list(range(len(vs.spans))):
        return vs
    spans: tuple[ChunkSpan, ...] = tuple(vs.spans[i] for i in order)
    data = b"".join(vs.data[i * row : (i + 1) * row] for i in order)
    return VectorSet(key=vs.key, dimension=vs.dimension, spans=spans, data=data)
