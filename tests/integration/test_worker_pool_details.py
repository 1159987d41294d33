"""Engine workers run the cyclic collector rarely (a page's objects die by reference count)
and freeze what their start-up loaded, never what a call made; a keyed call goes back to the
worker that served its key (the table engine opens a document once per worker), or at once to
an idle worker that has that engine loaded."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from adapters._workers import GC_THRESHOLDS, WorkerPool


def test_workers_collect_rarely_and_freeze_their_start_up_only() -> None:
    pool = WorkerPool(1, timeout_seconds=60)
    try:
        pool.warm("adapters.pdfium_text:PdfiumTextExtractor")
        assert pool.call("gc:get_threshold", "__call__") == GC_THRESHOLDS
        frozen = pool.call("gc:get_freeze_count", "__call__")
        assert frozen > 1000  # the interpreter, pdfcore and pypdfium2 as loaded
        pool.warm("adapters.pdfium_text:PdfiumTextExtractor")  # again, after calls: no freeze
        assert pool.call("gc:get_freeze_count", "__call__") == frozen
    finally:
        pool.close()


def test_a_keyed_call_waits_a_little_for_the_worker_that_served_its_key() -> None:
    pool = WorkerPool(2, timeout_seconds=60)
    try:
        first = pool.call_keyed("a", 1.0, "os:getpid", "__call__")
        assert pool.call_keyed("b", 1.0, "os:getpid", "__call__") == first
        busy = threading.Thread(target=pool.call, args=("time:sleep", "__call__", 0.4))
        busy.start()
        time.sleep(0.1)  # the sleep holds the worker that served "a" and "b"
        other = pool.call("os:getpid", "__call__")  # a second worker
        assert other != first
        assert pool.call_keyed("b", 0.0, "os:getppid", "__call__") > 0  # no patience: any idle one
        t0 = time.monotonic()
        assert pool.call_keyed("a", 2.0, "os:getpid", "__call__") == first  # waits for it to free
        assert time.monotonic() - t0 < 1.5
        busy.join()
    finally:
        pool.close()


def test_a_keyed_call_takes_an_idle_worker_with_its_engine_loaded_at_once() -> None:
    pool = WorkerPool(2, timeout_seconds=60)
    try:
        first = pool.call_keyed("a", 1.0, "os:getpid", "__call__")
        busy = threading.Thread(target=pool.call, args=("time:sleep", "__call__", 1.5))
        busy.start()
        time.sleep(0.1)  # the sleep holds the worker that served "a"
        other = pool.call_keyed("b", 0.0, "os:getpid", "__call__")  # the second worker loads the engine
        assert other != first
        t0 = time.monotonic()
        assert pool.call_keyed("a", 2.0, "os:getpid", "__call__") == other  # not waiting for "a"'s worker
        assert time.monotonic() - t0 < 1.0
        busy.join()
    finally:
        pool.close()


def test_a_worker_imports_the_modules_its_caller_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A caller whose search path starts with the current folder (``""``: ``python -c``, an
    interactive session in a checkout) has its workers import from that folder first too, not
    from a folder further down its path that holds a module of the same name."""
    here, later = tmp_path / "here", tmp_path / "later"
    for folder in (here, later):
        folder.mkdir()
        (folder / "pdfcore_probe_module.py").write_text(f"def where():\n    return {folder.name!r}\n")
    monkeypatch.chdir(here)
    monkeypatch.setattr(sys, "path", ["", *sys.path, str(later)])
    pool = WorkerPool(1, timeout_seconds=60)
    try:
        assert pool.call("pdfcore_probe_module:where", "__call__") == "here"
    finally:
        pool.close()
