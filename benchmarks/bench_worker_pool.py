"""The engine worker pool beside pebble and loky: crash and hang containment, start-up, per-call cost.

pdfcore runs its PDF engines in worker processes (``adapters/_workers.py``). This script runs the
same tasks (``benchmarks/pool_tasks.py``) through three pools of the same size, in alternating
rounds, and reports for each:

- **start**: a new pool until its first answer (cold: the worker is a new interpreter);
- **per call**: the round trip of one call on a started pool, sequential calls, a small value
  and a 256 KB value (a page of text with its geometry is 10-60 KB pickled);
- **crash**: one worker dies of a segmentation fault while another runs a 1 s task: what the
  crashing call answers and after how long, whether the other call survives, and how long until
  the pool answers again;
- **hang**: a task that never returns, with a 1 s per-task limit: when the call answers, and
  whether the pool still serves the next call (1 worker: only if the hung worker was stopped).

pebble runs with the ``spawn`` context (the server has threads: forking it is unsafe), loky with
its own (fresh interpreters too); ours starts workers as ``python -c`` (not re-running the
caller's ``__main__``).

Run: ``python benchmarks/bench_worker_pool.py [--workers 2] [--rounds 5] [--json PATH]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path[:0] = [str(HERE), str(REPO)]

import pool_tasks  # noqa: E402

BIG = b"x" * 256 * 1024


class Ours:
    """adapters._workers.WorkerPool: one call per worker at a time; callers' threads share it."""

    name = "pdfcore WorkerPool"

    def __init__(self, workers: int, timeout: float) -> None:
        from adapters._workers import WorkerPool

        self.pool = WorkerPool(workers, timeout_seconds=timeout)
        self.threads = ThreadPoolExecutor(max_workers=workers)

    def submit(self, task: str, arg: object, timeout: float | None = None) -> Future[Any]:
        return self.threads.submit(self.pool.call, f"pool_tasks:{task}", "__call__", arg)

    def close(self) -> None:
        self.pool.close()
        self.threads.shutdown(wait=False)


class Pebble:
    name = "pebble ProcessPool"

    def __init__(self, workers: int, timeout: float) -> None:
        import multiprocessing

        import pebble

        self.timeout = timeout
        self.pool = pebble.ProcessPool(max_workers=workers, context=multiprocessing.get_context("spawn"))

    def submit(self, task: str, arg: object, timeout: float | None = None) -> Future[Any]:
        return self.pool.schedule(getattr(pool_tasks, task), args=(arg,), timeout=timeout or self.timeout)

    def close(self) -> None:
        self.pool.stop()
        self.pool.join(timeout=5)


class Loky:
    name = "loky ProcessPoolExecutor"

    def __init__(self, workers: int, timeout: float) -> None:
        import loky

        self.workers = workers
        self.executor = loky.ProcessPoolExecutor(max_workers=workers)

    def submit(self, task: str, arg: object, timeout: float | None = None) -> Future[Any]:
        # loky has no per-task time limit: a caller can only stop waiting (result(timeout=...)).
        return self.executor.submit(getattr(pool_tasks, task), arg)

    def close(self) -> None:
        self.executor.shutdown(wait=False, kill_workers=True)


POOLS: list[Callable[[int, float], Any]] = [Ours, Pebble, Loky]


def _outcome(submit: Callable[[], Future[Any]] | Future[Any], timeout: float) -> tuple[str, float | None]:
    """(what the call answered, seconds until it did) — ``blocked`` if nothing by ``timeout``;
    ``submit`` may be a future or what makes one (a broken pool refuses at submission)."""
    t = time.perf_counter()
    try:
        fut = submit if isinstance(submit, Future) else submit()
        fut.result(timeout=timeout)
        return "ok", time.perf_counter() - t
    except FutureTimeout as exc:  # the same class as a pool's own per-task TimeoutError: tell them by the time
        took = time.perf_counter() - t
        return ("blocked", None) if took >= timeout * 0.98 else (type(exc).__name__, took)
    except BaseException as exc:  # noqa: BLE001 - we report what each pool raises
        return type(exc).__name__, time.perf_counter() - t


def measure_start(make: Callable[[int, float], Any], workers: int) -> float:
    t = time.perf_counter()
    pool = make(workers, 30.0)
    try:
        pool.submit("pid", None).result(timeout=60)
        return time.perf_counter() - t
    finally:
        pool.close()


def measure_calls(make: Callable[[int, float], Any], workers: int, calls: int) -> dict[str, float]:
    pool = make(workers, 30.0)
    try:
        for _ in range(workers * 2):  # every worker started
            pool.submit("pid", None).result(timeout=60)
        out = {}
        for label, value in (("small", 1), ("256k", BIG)):
            times = []
            for _ in range(calls):
                t = time.perf_counter()
                pool.submit("echo", value).result(timeout=60)
                times.append(time.perf_counter() - t)
            out[label] = statistics.median(times)
        return out
    finally:
        pool.close()


def measure_crash(make: Callable[[int, float], Any], workers: int) -> dict[str, Any]:
    pool = make(max(2, workers), 30.0)
    try:
        for _ in range(4):
            pool.submit("pid", None).result(timeout=60)
        other = pool.submit("sleep", 1.0)
        time.sleep(0.05)  # the other task is running
        answer, after = _outcome(lambda: pool.submit("segfault", None), 20)
        survived, _ = _outcome(other, 20)
        t = time.perf_counter()
        recovered = None
        while time.perf_counter() - t < 20:
            if _outcome(lambda: pool.submit("pid", None), 20)[0] == "ok":
                recovered = time.perf_counter() - t
                break
        return {
            "crash_answer": answer,
            "crash_seconds": after,
            "other_call": survived,
            "next_answer_seconds": recovered,
        }
    finally:
        pool.close()


def measure_hang(make: Callable[[int, float], Any]) -> dict[str, Any]:
    pool = make(1, 1.0)  # one worker: the next call is served only if the hung one was stopped
    try:
        pool.submit("pid", None).result(timeout=60)
        answer, after = _outcome(lambda: pool.submit("hang", None, timeout=1.0), 1.0 + 10)
        if answer == "blocked":  # no per-task limit: the caller can only stop waiting
            answer, after = "nothing (the caller gave up waiting)", None
        nxt, nxt_after = _outcome(lambda: pool.submit("pid", None), 5)
        return {"hang_answer": answer, "hang_seconds": after, "next_call": nxt, "next_seconds": nxt_after}
    finally:
        pool.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--json", default=str(HERE / "results" / "worker_pool.json"))
    args = parser.parse_args()
    load = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    starts: dict[str, list[float]] = {make.name: [] for make in POOLS}  # type: ignore[attr-defined]
    calls: dict[str, list[dict[str, float]]] = {make.name: [] for make in POOLS}  # type: ignore[attr-defined]
    crashes: dict[str, list[dict[str, Any]]] = {make.name: [] for make in POOLS}  # type: ignore[attr-defined]
    hangs: dict[str, list[dict[str, Any]]] = {make.name: [] for make in POOLS}  # type: ignore[attr-defined]
    for r in range(args.rounds):
        order = POOLS if r % 2 == 0 else list(reversed(POOLS))  # alternate who goes first
        for make in order:
            name = make.name  # type: ignore[attr-defined]
            starts[name].append(measure_start(make, args.workers))
            calls[name].append(measure_calls(make, args.workers, args.calls // args.rounds or 1))
            if r < 3:
                crashes[name].append(measure_crash(make, args.workers))
            if r < 2:
                hangs[name].append(measure_hang(make))
    results = {}
    for make in POOLS:
        name = make.name  # type: ignore[attr-defined]
        results[name] = {
            "start_first_answer_s": statistics.median(starts[name]),
            "call_small_ms": statistics.median(c["small"] for c in calls[name]) * 1000,
            "call_256k_ms": statistics.median(c["256k"] for c in calls[name]) * 1000,
            "crash": crashes[name],
            "hang": hangs[name],
        }
    report = {
        "started": started,
        "load_average_at_start": load,
        "workers": args.workers,
        "rounds": args.rounds,
        "python": sys.version.split()[0],
        "results": results,
    }
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, indent=1) + "\n")
    print(f"started {started}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {args.workers} workers")
    print(
        "| pool | start, s | call small, ms | call 256 KB, ms | segfault answers | other call | next answer, s | hang (1 s limit) answers | next call |"
    )
    print("|---|---|---|---|---|---|---|---|---|")

    def seconds(values: list[float | None], digits: int) -> str:
        known = [v for v in values if v is not None]
        if len(known) < len(values):
            return f"none within 20 s ({len(values) - len(known)} of {len(values)})"
        return f"{statistics.median(known):.{digits}f}"

    for name, res in results.items():
        c, h = res["crash"][0], res["hang"][0]
        crash_s = seconds([x["crash_seconds"] for x in res["crash"]], 3)
        nxt = seconds([x["next_answer_seconds"] for x in res["crash"]], 4)
        hang_s = seconds([x["hang_seconds"] for x in res["hang"]], 2)
        print(
            f"| {name} | {res['start_first_answer_s']:.3f} | {res['call_small_ms']:.3f} | {res['call_256k_ms']:.3f} "
            f"| {c['crash_answer']} after {crash_s} s | {c['other_call']} | {nxt} "
            f"| {h['hang_answer']} after {hang_s} s | {h['next_call']} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
