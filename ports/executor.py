"""WarmExecutor: where corpus warming runs (a local process pool, a Dask cluster, ...)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from pdfcore.models import WarmJob, WarmOutcome


class WarmExecutor(Protocol):
    """Runs warm jobs (extract, index and optionally embed one document each) in parallel.

    Contract:

    - The constructor takes ``workers`` (0: the executor's default) and ``job``, the
      ``"module:function"`` of the unit of work, given by the composition root
      (``pdfcore.registry.WARM_JOB``) and imported by name in the workers.
    - ``run`` executes every job with the ``job`` function in workers that share the job's cache
      directory, calls ``on_done`` in the caller's thread as each job finishes (in any order),
      and returns the outcomes of the jobs that finished.
    - No job is started after ``deadline`` (a ``time.monotonic()`` value); jobs already running
      complete and are written. Jobs never started are absent from the result.
    - A job that fails comes back as an outcome with ``status="failed"`` and an error code; a
      crashed worker does not fail the other jobs.
    - ``workers`` is the degree of parallelism.

    Errors that may escape: ``backend_unavailable`` (e.g. the cluster cannot be reached).
    """

    name: str
    workers: int
    #: The ``"module:function"`` each job is run with.
    job: str

    def run(
        self,
        jobs: Sequence[WarmJob],
        *,
        deadline: float,
        on_done: Callable[[WarmOutcome], None] | None = None,
    ) -> list[WarmOutcome]: ...

    def close(self) -> None: ...
