"""The WarmExecutor contract (ports/executor.py), run against the fake and every installed
executor: every job run once with the job function it was given, outcomes handed to ``on_done``
in the caller's thread, nothing started after the deadline, a failed or crashed job failing
alone."""

from __future__ import annotations

import importlib.util
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from pdfcore.models import WarmJob
from pdfcore.registry import load_class
from tests.fakes.fake_executor import FakeWarmExecutor

JOB = "tests.warmjobs:job"
KINDS = [
    "fake",
    "process",
    pytest.param(
        "dask",
        marks=[
            pytest.mark.slow,
            pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="pdfcore[dask] not installed"),
        ],
    ),
]


@pytest.fixture(scope="module", params=KINDS)
def executor(request: pytest.FixtureRequest) -> Iterator[Any]:
    made = FakeWarmExecutor(job=JOB) if request.param == "fake" else load_class("executor", request.param)(2, job=JOB)
    yield made
    made.close()


def _jobs(*names: str, **settings: object) -> list[WarmJob]:
    return [WarmJob(path=f"/corpus/{n}.pdf", settings={"test_pid": os.getpid(), **settings}) for n in names]


def test_every_job_runs_once_and_on_done_sees_it_in_the_callers_thread(executor: Any) -> None:
    jobs = _jobs(*(f"ok-{i}" for i in range(6)))
    seen: list[tuple[str, int]] = []
    results = executor.run(
        jobs, deadline=time.monotonic() + 120, on_done=lambda o: seen.append((o.path, threading.get_ident()))
    )
    assert sorted(o.path for o in results) == sorted(j.path for j in jobs)
    assert all(o.status == "warmed" and o.pages == 1 for o in results)
    assert sorted(p for p, _ in seen) == sorted(j.path for j in jobs)
    assert {t for _, t in seen} == {threading.get_ident()}
    assert executor.workers >= 1 and executor.job == JOB and isinstance(executor.name, str)


def test_nothing_starts_after_the_deadline(executor: Any) -> None:
    assert executor.run(_jobs("ok-a", "ok-b"), deadline=time.monotonic() - 1) == []


def test_jobs_running_at_the_deadline_finish_and_the_rest_are_absent(executor: Any) -> None:
    jobs = _jobs(*(f"slow-{i}" for i in range(8)), sleep=0.6)
    results = executor.run(jobs, deadline=time.monotonic() + 0.2)
    assert 1 <= len(results) < len(jobs)
    assert all(o.status == "warmed" for o in results)
    assert len({o.path for o in results}) == len(results)


def test_a_failed_job_fails_alone(executor: Any) -> None:
    results = {o.path: o for o in executor.run(_jobs("ok-1", "fail-2", "ok-3"), deadline=time.monotonic() + 120)}
    assert results["/corpus/fail-2.pdf"].status == "failed" and results["/corpus/fail-2.pdf"].error == "malformed_pdf"
    assert results["/corpus/ok-1.pdf"].status == results["/corpus/ok-3.pdf"].status == "warmed"


def test_a_crashed_worker_fails_its_job_only(executor: Any) -> None:
    results = {o.path: o for o in executor.run(_jobs("ok-1", "crash-2", "ok-3"), deadline=time.monotonic() + 120)}
    assert set(results) == {"/corpus/ok-1.pdf", "/corpus/crash-2.pdf", "/corpus/ok-3.pdf"}
    crashed = results["/corpus/crash-2.pdf"]
    assert crashed.status == "failed" and crashed.error == "extraction_failed"
    assert results["/corpus/ok-1.pdf"].status == results["/corpus/ok-3.pdf"].status == "warmed"
    # The executor goes on working after the crash.
    again = executor.run(_jobs("ok-4"), deadline=time.monotonic() + 120)
    assert [o.status for o in again] == ["warmed"]
