"""A WarmExecutor in the caller's process: the jobs one after the other, as the contract says.

A job function that raises anything but a ``PdfcoreError`` stands for a worker that died: its
job comes back ``failed`` with ``extraction_failed``, as the real executors answer a crash.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence

from pdfcore.errors import PdfcoreError
from pdfcore.models import WarmJob, WarmOutcome
from ports.executor import WarmExecutor


class FakeWarmExecutor(WarmExecutor):
    name = "fake"

    def __init__(self, workers: int = 0, *, job: str) -> None:
        self.workers = 1
        self.job = job
        #: The paths of the jobs started, in order (what tests look at).
        self.started: list[str] = []

    def run(
        self,
        jobs: Sequence[WarmJob],
        *,
        deadline: float,
        on_done: Callable[[WarmOutcome], None] | None = None,
    ) -> list[WarmOutcome]:
        module, _, attr = self.job.partition(":")
        work: Callable[[WarmJob], WarmOutcome] = getattr(importlib.import_module(module), attr)
        results: list[WarmOutcome] = []
        for job in jobs:
            if time.monotonic() >= deadline:
                break
            self.started.append(job.path)
            try:
                outcome = work(job)
            except PdfcoreError as exc:
                outcome = WarmOutcome(path=job.path, status="failed", error=exc.code, message=exc.message)
            except Exception as exc:  # noqa: BLE001 - the worker "died": only this job fails
                outcome = WarmOutcome(path=job.path, status="failed", error="extraction_failed", message=str(exc))
            results.append(outcome)
            if on_done is not None:
                on_done(outcome)
        return results

    def close(self) -> None:
        pass
