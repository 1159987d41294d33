"""Warming a corpus: the documents not cached yet extracted and indexed within a time budget,
smallest first, through a WarmExecutor (local worker processes or a Dask cluster) or, for a
few, in this process. A later call resumes where a budget stopped, because warmed documents
come from the cache; documents that failed are remembered while unchanged, not retried.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from pdfcore.errors import PdfcoreError
from pdfcore.models import WarmJob, WarmOutcome
from pdfcore.services.corpus_files import CorpusFile
from pdfcore.services.semantic import SemanticIndex
from ports.executor import WarmExecutor
from ports.store import Store

IN_PROCESS_BELOW = 3
MAX_FAILED_REMEMBERED = 100_000


class CorpusWarmer:
    """Warms a corpus's files.

    ``warm_one(path, embeddings)`` warms one document in this process (few documents, or no
    executor); more go to the WarmExecutor ``executor_factory`` makes (on first use), as jobs
    carrying ``job_settings`` (the settings as a mapping)."""

    def __init__(
        self,
        store: Store | None,
        *,
        semantic: SemanticIndex | None,
        warm_one: Callable[[str, bool], Mapping[str, Any]],
        job_settings: dict[str, Any],
        executor_factory: Callable[[], WarmExecutor] | None,
    ) -> None:
        self.store = store
        self.semantic = semantic
        self.warm_one = warm_one
        self.job_settings = job_settings
        self.executor_factory = executor_factory
        self._executor: WarmExecutor | None = None
        #: Documents that failed to warm, by (real path, size, mtime): not retried on every call
        #: while unchanged (a password-protected or engine-crashing file), reported as failed.
        self._failed: dict[tuple[str, int, int], WarmOutcome] = {}
        self._failed_lock = threading.Lock()

    @property
    def executor_name(self) -> str:
        """The executor's name once it was started, else "in-process"."""
        return self._executor.name if self._executor is not None else "in-process"

    def is_warm(self, f: CorpusFile, embeddings: bool) -> bool:
        if f.digest is None:
            return False
        store = self.store
        if store is None or not store.is_indexed(f.digest):
            return False
        if embeddings:
            index = self.semantic
            return index is not None and store.load_vectors(f.digest, index.key) is not None
        return True

    def close(self) -> None:
        """Stop the executor's workers, when it was started."""
        closer = getattr(self._executor, "close", None)  # an optional hook of the executor
        if callable(closer):
            closer()

    def _executor_for(self) -> WarmExecutor | None:
        if self._executor is None and self.executor_factory is not None:
            self._executor = self.executor_factory()
        return self._executor

    def warm_files(
        self,
        files: list[CorpusFile],
        *,
        budget_seconds: float,
        embeddings: bool,
        progress: Callable[[int, int, str], None] | None = None,
    ) -> tuple[dict[str, WarmOutcome], list[str], int]:
        """Warm what is not warm yet, smallest first, until the budget ends.

        Returns the outcome per real path (cached files included), the paths left unprocessed,
        and how many were warmed in this call.
        """
        deadline = time.monotonic() + budget_seconds
        outcomes: dict[str, WarmOutcome] = {}
        todo: list[CorpusFile] = []
        for f in files:
            with self._failed_lock:
                failed = self._failed.get((f.real, f.size, f.mtime_ns))
            if failed is not None:
                outcomes[f.real] = failed
            elif self.is_warm(f, embeddings):
                outcomes[f.real] = WarmOutcome(path=f.real, status="cached")
            else:
                todo.append(f)
        sizes = {f.real: (f.size, f.mtime_ns) for f in todo}
        todo.sort(key=lambda f: (f.size, f.real))
        total = len(todo)
        finished = 0

        def on_done(o: WarmOutcome) -> None:
            nonlocal finished
            finished += 1
            outcomes[o.path] = o
            if o.status == "failed" and o.error != "resource_limit" and o.path in sizes:
                with self._failed_lock:
                    if len(self._failed) >= MAX_FAILED_REMEMBERED:
                        self._failed.clear()
                    self._failed[(o.path, *sizes[o.path])] = o
            if progress is not None:
                progress(finished, total, o.path)

        executor = self._executor_for() if len(todo) >= IN_PROCESS_BELOW else None
        if executor is not None:
            settings = self.job_settings
            jobs = [WarmJob(path=f.real, settings=settings, embeddings=embeddings) for f in todo]
            executor.run(jobs, deadline=deadline, on_done=on_done)
        else:
            for f in todo:
                if time.monotonic() >= deadline:
                    break
                start = time.monotonic()
                try:
                    res = self.warm_one(f.real, embeddings)
                    o = WarmOutcome(
                        path=f.real,
                        status=res["status"],
                        pages=res["pages"],
                        embeddings_cached=res["embeddings_cached"],
                        seconds=time.monotonic() - start,
                    )
                except PdfcoreError as exc:
                    o = WarmOutcome(path=f.real, status="failed", error=exc.code, message=exc.message)
                on_done(o)
        unprocessed = [f.path for f in todo if f.real not in outcomes]
        warmed = sum(1 for f in todo if f.real in outcomes and outcomes[f.real].status == "warmed")
        return outcomes, unprocessed, warmed

    def cached_state(self, f: CorpusFile, embeddings: bool) -> tuple[int, bool]:
        store = self.store
        facts = store.load_facts(f.digest) if (store is not None and f.digest) else None
        pages = facts.page_count if facts is not None else 0
        index = self.semantic
        emb = bool(index is not None and store is not None and f.digest and store.load_vectors(f.digest, index.key))
        return pages, emb
