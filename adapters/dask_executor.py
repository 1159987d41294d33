"""WarmExecutor on a Dask cluster (``distributed``): the same jobs as the local pool.

``address`` is a scheduler (``tcp://host:port``, or ``$PDFCORE_DASK_SCHEDULER``); without one a
``LocalCluster`` of worker processes is started. Workers need pdfcore installed and the cache
directory of the jobs reachable at the same path (one machine, or a shared filesystem).
"""

from __future__ import annotations

import importlib
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from pdfcore.errors import BackendUnavailable
from pdfcore.models import WarmJob, WarmOutcome
from ports.executor import WarmExecutor

log = logging.getLogger(__name__)


def _call_target(target: str, job: WarmJob) -> WarmOutcome:
    """Runs on a Dask worker: import the named function and apply it to the job."""
    module_name, _, name = target.partition(":")
    outcome: WarmOutcome = getattr(importlib.import_module(module_name), name)(job)
    return outcome


class DaskWarmExecutor(WarmExecutor):
    name = "dask"

    def __init__(self, workers: int = 0, *, job: str, address: str | None = None) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        #: The ``"module:function"`` run on each job (from the composition root).
        self.job = job
        self.address = address or os.environ.get("PDFCORE_DASK_SCHEDULER") or None
        self._client: Any = None
        self._cluster: Any = None
        self._lock = threading.Lock()

    def _get_client(self) -> Any:
        with self._lock:
            if self._client is not None:
                return self._client
            try:
                import distributed
            except ImportError as exc:
                raise BackendUnavailable(
                    "The dask executor needs the distributed package.",
                    recovery="pip install -c constraints.txt 'pdfcore[dask]', or set [backends] executor = 'process'.",
                ) from exc
            try:
                dist: Any = distributed
                if self.address:
                    self._client = dist.Client(self.address, timeout="30s")
                else:
                    self._cluster = dist.LocalCluster(
                        n_workers=self.workers, threads_per_worker=1, processes=True, dashboard_address=None
                    )
                    self._client = dist.Client(self._cluster)
            except Exception as exc:
                raise BackendUnavailable(
                    f"The Dask cluster could not be reached ({type(exc).__name__}).",
                    recovery="Check PDFCORE_DASK_SCHEDULER, or set [backends] executor = 'process'.",
                ) from exc
            return self._client

    def run(
        self,
        jobs: Sequence[WarmJob],
        *,
        deadline: float,
        on_done: Callable[[WarmOutcome], None] | None = None,
    ) -> list[WarmOutcome]:
        import distributed

        dist: Any = distributed

        client = self._get_client()
        pending = list(jobs)
        results: list[WarmOutcome] = []
        paths: dict[Any, str] = {}  # future -> its job's path (a lost worker's future has no outcome)

        def submit() -> Any:
            job = pending.pop(0)
            future = client.submit(_call_target, self.job, job, pure=False)
            paths[future] = job.path
            return future

        initial: list[Any] = []
        while pending and len(initial) < self.workers and time.monotonic() < deadline:
            initial.append(submit())
        if not initial:
            return results
        completed: Any = dist.as_completed(initial)
        for future in completed:
            try:
                outcome: WarmOutcome = future.result()
            except Exception as exc:  # noqa: BLE001 - a lost worker fails only its job
                outcome = WarmOutcome(
                    path=paths[future], status="failed", error="extraction_failed", message=str(exc)[:200]
                )
            results.append(outcome)
            if on_done is not None:
                on_done(outcome)
            if pending and time.monotonic() < deadline:
                completed.add(submit())
        return results

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None
            if self._cluster is not None:
                self._cluster.close()
                self._cluster = None
