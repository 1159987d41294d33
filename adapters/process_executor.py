"""WarmExecutor on local worker processes (fresh interpreters, see adapters/_workers.py)."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence

from adapters._workers import WorkerPool, default_size
from pdfcore.errors import PdfcoreError
from pdfcore.models import WarmJob, WarmOutcome
from ports.executor import WarmExecutor

log = logging.getLogger(__name__)

#: How long past the deadline ``run`` waits for the documents in hand before it returns.
DEADLINE_GRACE_S = 0.5


class ProcessPoolWarmExecutor(WarmExecutor):
    name = "process"

    def __init__(self, workers: int = 0, *, job: str, job_timeout_seconds: float = 900.0) -> None:
        self.workers = workers or default_size()
        #: The ``"module:function"`` run on each job (from the composition root).
        self.job = job
        self.job_timeout_seconds = job_timeout_seconds
        self._pool: WorkerPool | None = None
        self._lock = threading.Lock()

    def _get_pool(self) -> WorkerPool:
        with self._lock:
            if self._pool is None:
                self._pool = WorkerPool(self.workers, timeout_seconds=self.job_timeout_seconds)
            return self._pool

    def run(
        self,
        jobs: Sequence[WarmJob],
        *,
        deadline: float,
        on_done: Callable[[WarmOutcome], None] | None = None,
    ) -> list[WarmOutcome]:
        pool = self._get_pool()
        todo: queue.Queue[WarmJob] = queue.Queue()
        for job in jobs:
            todo.put(job)
        done: queue.Queue[WarmOutcome | None] = queue.Queue()

        def work() -> None:
            try:
                while time.monotonic() < deadline:
                    try:
                        job = todo.get_nowait()
                    except queue.Empty:
                        return
                    try:
                        outcome: WarmOutcome = pool.call(self.job, "__call__", job)
                    except PdfcoreError as exc:  # the worker crashed or hung on this document
                        outcome = WarmOutcome(path=job.path, status="failed", error=exc.code, message=exc.message)
                    done.put(outcome)
            finally:
                done.put(None)

        threads = [threading.Thread(target=work, name="pdfcore-warm", daemon=True) for _ in range(self.workers)]
        for t in threads:
            t.start()
        results: list[WarmOutcome] = []
        running = len(threads)
        while running:
            try:
                item = done.get(timeout=max(0.0, deadline - time.monotonic()) + DEADLINE_GRACE_S)
            except queue.Empty:
                # The budget is spent: the documents in hand finish in the workers (their pages
                # reach the cache for the next call) and are reported unprocessed now.
                break
            if item is None:
                running -= 1
                continue
            results.append(item)
            if on_done is not None:
                on_done(item)
        return results

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
