"""Worker processes for engine calls: fresh interpreters talking pickled messages on stdin/stdout.

Shared plumbing of the process adapters (engine isolation and corpus warming). A worker runs
``"module:Name"`` targets: a class is instantiated once per worker and its method called; with
the method ``"__call__"`` a module-level function is called directly.

- a worker that dies (segfault, abort, out of memory) is replaced and the call answers
  ``extraction_failed``;
- a call that runs past its time limit kills its worker, which is replaced, and answers
  ``extraction_failed`` too.

Workers are fresh interpreters (no inherited threads or locks, and unlike multiprocessing's
spawn they never re-run the caller's ``__main__``), started on first use or early with
:meth:`WorkerPool.warm`.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import logging
import os
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Iterator
from multiprocessing.connection import Connection
from typing import Any

from pdfcore.errors import ExtractionFailed, PdfcoreError

log = logging.getLogger(__name__)

#: The workers' cyclic collector thresholds (the interpreter's default is 700, 10, 10).
GC_THRESHOLDS = (20_000, 20, 20)
#: Keys of call_keyed remembered (the oldest forgotten first).
_SERVED_KEPT = 64


# ---------------------------------------------------------------------------------------------
# The worker side


def _worker_main(read_fd: int, write_fd: int) -> None:  # pragma: no cover - runs in the child process
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when we stop
    # A call makes thousands of small objects (a page's lines and boxes) that die by reference
    # count once its answer is sent: the cyclic collector runs after 20,000 of them rather than
    # 700, so it rarely walks them (2-5 % of the extraction's CPU at the default).
    gc.set_threshold(*GC_THRESHOLDS)
    conn_in = Connection(read_fd, writable=False)
    conn_out = Connection(write_fd, readable=False)
    instances: dict[str, Any] = {}
    served = False  # a call other than __warm__ was answered
    while True:
        try:
            message = conn_in.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        spec, method, args, kwargs = message
        try:
            obj = instances.get(spec)
            if obj is None:
                module_name, _, attr = spec.partition(":")
                target = getattr(importlib.import_module(module_name), attr)
                obj = target() if isinstance(target, type) else target
                instances[spec] = obj
            if method == "__warm__":
                if not served:  # what start-up loaded lives as long as the worker: never collected
                    gc.freeze()
                conn_out.send(("ok", None))
                continue
            served = True
            result = obj(*args, **kwargs) if method == "__call__" else getattr(obj, method)(*args, **kwargs)
            if isinstance(result, Iterator):  # a generator cannot cross the pipe: its items can
                result = list(result)
            conn_out.send(("ok", result))
        except PdfcoreError as exc:
            conn_out.send(("err", exc))
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which decides
            conn_out.send(("bug", f"{type(exc).__name__}: {exc}"))


def worker_entry() -> None:  # pragma: no cover - runs in the child process
    """Child start-up: the channel is stdin/stdout; stdout is then pointed at stderr so that
    nothing the engine prints can corrupt the channel."""
    out_fd = os.dup(1)
    os.dup2(2, 1)
    _worker_main(0, out_fd)


# ---------------------------------------------------------------------------------------------
# The parent side


def boot_path() -> list[str]:
    """The caller's module search path for a worker: the same folders in the same order, the
    current folder (``""``, a script run with ``-c`` or an interactive session) spelt out, so a
    worker imports the modules its caller did (a checkout's own ``pdfcore`` before an installed
    one), not whichever comes first once its own ``""`` is put last."""
    cwd = os.getcwd()
    return [p or cwd for p in sys.path]


class _Worker:
    """One engine process, started as a fresh interpreter (not a fork, and without re-running the
    caller's ``__main__`` as multiprocessing's spawn would), talking over its stdin/stdout."""

    def __init__(self) -> None:
        boot = "\n".join(
            [
                "import sys",
                f"sys.path[:0] = {boot_path()!r}",
                "from adapters._workers import worker_entry",
                "worker_entry()",
            ]
        )
        self.process = subprocess.Popen(
            [sys.executable, "-c", boot],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None,
            close_fds=True,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self._send = Connection(os.dup(self.process.stdin.fileno()), readable=False)
        self._recv = Connection(os.dup(self.process.stdout.fileno()), writable=False)
        self.process.stdin.close()
        self.process.stdout.close()
        #: Replies still owed for :meth:`preload` messages (read before the next call's reply).
        self._pending = 0
        #: The adapters this worker has served a keyed call for (their engine is loaded here).
        self.keyed: set[str] = set()

    def preload(self, specs: tuple[str, ...]) -> None:
        """Ask the worker to load these adapters now, without waiting for it to answer."""
        for spec in specs:
            self._send.send((spec, "__warm__", (), {}))
            self._pending += 1

    def drain(self, timeout: float) -> None:
        """Read the answers owed for preloads (a failure there shows again on the real call)."""
        while self._pending:
            if not self._recv.poll(timeout):
                raise TimeoutError
            self._recv.recv()
            self._pending -= 1

    def call(self, spec: str, method: str, args: tuple[Any, ...], kwargs: dict[str, Any], timeout: float) -> Any:
        self.drain(timeout)
        self._send.send((spec, method, args, kwargs))
        if not self._recv.poll(timeout):
            raise TimeoutError
        status, value = self._recv.recv()
        if status == "ok":
            return value
        if status == "err":
            raise value
        log.error("engine worker raised an unexpected error: %s", value)
        raise ExtractionFailed("The PDF engine failed on this document's content.")

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, *, kill: bool = False) -> None:
        try:
            if kill:
                self.process.kill()
            else:
                with contextlib.suppress(OSError):
                    self._send.send(None)
                try:
                    self.process.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    self.process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=2)
        finally:
            self._send.close()
            self._recv.close()


class WorkerPool:
    """A fixed number of engine worker processes, each used by one call at a time."""

    def __init__(self, size: int, *, timeout_seconds: float) -> None:
        self.size = max(1, size)
        self.timeout_seconds = timeout_seconds
        #: Workers waiting for a call, the last returned last (it is taken first).
        self._idle: list[_Worker] = []
        self._ready = threading.Condition(threading.Lock())
        #: key -> the worker that last answered a call made with that key (see call_keyed).
        self._served: dict[Any, _Worker] = {}
        self._started = 0
        self._lock = threading.Lock()
        self._all: list[_Worker] = []
        self._closed = False
        self.crashes = 0
        self.timeouts = 0
        _POOLS.add(self)

    def warm(self, *specs: str) -> None:
        """Start every worker now and load the given adapters in each (blocks until done).

        All workers boot at once; each is handed back to the pool as soon as it is ready, so a
        call arriving meanwhile is served by the first ready one instead of waiting for all.
        """
        workers = []
        for _ in range(self.size):
            w = self._take(block=False)
            if w is None:
                break
            workers.append(w)
            with contextlib.suppress(OSError):  # a dead worker shows on its next call (replaced then)
                w.preload(specs)
        for w in workers:
            try:
                w.drain(self.timeout_seconds)
            except (TimeoutError, EOFError, OSError):
                pass  # likewise: the next call on it answers and replaces it
            finally:
                self._put(w)

    def prestart(self, *specs: str, count: int | None = 1) -> None:
        """Start up to ``count`` more workers (``None``: as many as the pool still lacks) and have
        them load the given adapters, without waiting: they boot while the caller goes on (the
        server starts all of them while it imports the MCP SDK)."""
        for _ in range(self.size if count is None else count):
            with self._lock:
                if self._started >= self.size:
                    return
                self._started += 1
            w = self._spawn()
            try:
                w.preload(specs)
            finally:
                self._put(w)

    def preload_idle(self, *specs: str) -> None:
        """Have the workers idle now load the given adapters too, without waiting: each reads
        the answer before its next call's."""
        with self._ready:
            for w in self._idle:
                with contextlib.suppress(OSError):  # a dead worker shows on its next call
                    w.preload(specs)

    def _spawn(self) -> _Worker:
        w = _Worker()
        with self._lock:
            self._all.append(w)
        return w

    def _put(self, worker: _Worker) -> None:
        with self._ready:
            self._idle.append(worker)
            self._ready.notify_all()

    def _take(
        self, *, block: bool = True, prefer: _Worker | None = None, patience: float = 0.0, loaded: str | None = None
    ) -> _Worker | None:
        """An idle worker (the last returned), else a new one while the pool is not full, else
        (``block``) the first one returned. ``prefer``: that worker when it is idle or returns
        within ``patience`` seconds; meanwhile an idle worker that has served a keyed call of
        the adapter ``loaded`` (its engine loaded) is taken at once."""
        with self._ready:
            if prefer is not None and prefer not in self._idle and loaded is not None:
                ready = [w for w in self._idle if loaded in w.keyed]
                if ready:
                    self._idle.remove(ready[-1])
                    return ready[-1]
            if prefer is not None:
                deadline = time.monotonic() + patience
                while prefer not in self._idle and prefer in self._all:
                    left = deadline - time.monotonic()
                    if left <= 0 or not self._ready.wait(left):
                        break
                if prefer in self._idle:
                    self._idle.remove(prefer)
                    return prefer
            if self._idle:
                return self._idle.pop()
        with self._lock:
            can_start = self._started < self.size
            if can_start:
                self._started += 1
        if can_start:
            return self._spawn()
        if not block:
            return None
        with self._ready:
            while not self._idle:
                self._ready.wait()
            return self._idle.pop()

    def call(self, spec: str, method: str, *args: Any, **kwargs: Any) -> Any:
        return self._call(None, 0.0, spec, method, args, kwargs)

    def call_keyed(self, key: Any, patience: float, spec: str, method: str, *args: Any, **kwargs: Any) -> Any:
        """:meth:`call`, on the worker that answered the last call with this ``key`` when it is
        idle or becomes idle within ``patience`` seconds (else on any): for engines whose first
        call on a document costs much more than the next ones in the same process."""
        return self._call(key, patience, spec, method, args, kwargs)

    def _call(
        self, key: Any, patience: float, spec: str, method: str, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        if self._closed:
            raise ExtractionFailed("The PDF engine pool is shut down.")
        prefer = self._served.get(key) if key is not None else None
        worker = self._take(prefer=prefer, patience=patience, loaded=spec if key is not None else None)
        assert worker is not None
        try:
            result = worker.call(spec, method, args, kwargs, self.timeout_seconds)
        except TimeoutError:
            self.timeouts += 1
            self._replace(worker, kill=True)
            raise ExtractionFailed(
                f"The PDF engine did not finish within {self.timeout_seconds:g} s on this document and was stopped.",
                recovery="Ask for fewer pages, or render the page to look at it instead.",
            ) from None
        except (EOFError, OSError, BrokenPipeError):
            self.crashes += 1
            log.error("a PDF engine worker died during %s; it was replaced", method)
            self._replace(worker, kill=True)
            raise ExtractionFailed(
                "The PDF engine crashed on this document; the crash was contained and the engine restarted.",
                recovery="This document (or page) cannot be processed by the engine; try other pages, or render them.",
            ) from None
        except BaseException:
            self._put(worker)
            raise
        if key is not None:
            worker.keyed.add(spec)
            with self._ready:
                self._served.pop(key, None)
                self._served[key] = worker
                while len(self._served) > _SERVED_KEPT:
                    self._served.pop(next(iter(self._served)))
        self._put(worker)
        return result

    def _replace(self, worker: _Worker, *, kill: bool) -> None:
        try:
            worker.stop(kill=kill)
        except Exception:
            log.debug("stopping a worker failed", exc_info=True)
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
        if not self._closed:
            self._put(self._spawn())

    def close(self) -> None:
        self._closed = True
        with self._lock:
            workers, self._all = self._all, []
        for w in workers:
            try:
                w.stop()
            except Exception:
                log.debug("stopping a worker failed", exc_info=True)


_POOLS: weakref.WeakSet[WorkerPool] = weakref.WeakSet()


@atexit.register
def _close_pools() -> None:
    for pool in list(_POOLS):
        pool.close()


def default_size() -> int:
    return max(1, min(4, os.cpu_count() or 1))
