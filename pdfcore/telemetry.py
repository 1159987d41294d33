"""What one call cost: wall time per phase, pages extracted or served from the cache.

A caller opens :func:`collect` around a call; the services mark their phases with
:func:`phase` (and page iterators with :func:`timed`) and count pages with :func:`count`.
Outside :func:`collect` every hook is one context-variable lookup and returns.

Phases are exclusive within a thread: a phase entered inside another pauses the outer one (an
index built from pages being extracted counts the extraction under ``extract`` and the rest
under ``index``). The threads that carry the call's context record (the event loop that
receives the call, the worker thread that runs it: one after the other); threads that do not
inherit it (the cache writer, the prefetcher, the engine workers) are not the call's.
"""

from __future__ import annotations

import contextvars
import functools
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

#: The phases a call's time is split into, in the order they are reported.
PHASES = ("resolve", "extract", "ocr", "index", "search", "render", "serialize")
#: The backend behind each phase (keys of the core's ``backend_names``).
PHASE_BACKENDS = {
    "extract": ("text",),
    "render": ("renderer",),
    "ocr": ("ocr",),
    "index": ("store",),
    "search": ("store",),
}


class CallStats:
    """The measurements of one call (mutable; read it once the call is over)."""

    __slots__ = ("_lock", "_stacks", "counts", "cuts", "pages", "phases_s", "started")

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.phases_s: dict[str, float] = {}
        self.counts: dict[str, int] = {}
        #: The budgets that cut this call's answer short (e.g. "max_chars").
        self.cuts: set[str] = set()
        #: Pages by how they were obtained ("extracted", "cached"): (document digest, index).
        self.pages: dict[str, set[tuple[str, int]]] = {}
        self._stacks: dict[int, list[tuple[str, float]]] = {}  # per thread: (phase, entered or resumed at)
        self._lock = threading.Lock()

    def enter(self, name: str) -> None:
        now = time.perf_counter()
        stack = self._stacks.setdefault(threading.get_ident(), [])
        if stack:
            outer, since = stack[-1]
            self._add(outer, now - since)
        stack.append((name, now))

    def leave(self) -> None:
        now = time.perf_counter()
        stack = self._stacks.get(threading.get_ident())
        if not stack:
            return
        name, since = stack.pop()
        self._add(name, now - since)
        if stack:
            stack[-1] = (stack[-1][0], now)

    def _add(self, name: str, seconds: float) -> None:
        with self._lock:
            self.phases_s[name] = self.phases_s.get(name, 0.0) + seconds

    def add(self, name: str, n: int) -> None:
        with self._lock:
            self.counts[name] = self.counts.get(name, 0) + n

    def wall_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000.0

    def phases_ms(self) -> dict[str, float]:
        """Milliseconds per phase that ran, in :data:`PHASES` order (others after)."""
        order = {p: i for i, p in enumerate(PHASES)}
        return {
            name: round(self.phases_s[name] * 1000.0, 3)
            for name in sorted(self.phases_s, key=lambda n: (order.get(n, len(order)), n))
        }


_current: contextvars.ContextVar[CallStats | None] = contextvars.ContextVar("pdfcore_call_stats", default=None)


def _mine() -> CallStats | None:
    return _current.get()


@contextmanager
def collect() -> Iterator[CallStats]:
    """Measure the call run inside this block."""
    stats = CallStats()
    token = _current.set(stats)
    try:
        yield stats
    finally:
        _current.reset(token)


def current() -> CallStats | None:
    """The measurements being collected for the call this code runs in, if any."""
    return _mine()


class phase:  # lower-case: used like a function, ``with telemetry.phase("extract"):``
    """Count the time inside this block under ``name`` (not across a generator's yield)."""

    __slots__ = ("name", "stats")

    def __init__(self, name: str) -> None:
        self.name = name
        self.stats = _current.get()

    def __enter__(self) -> None:
        if self.stats is not None:
            self.stats.enter(self.name)

    def __exit__(self, *exc: object) -> None:
        if self.stats is not None:
            self.stats.leave()


def phased(name: str) -> Callable[[F], F]:
    """A function's (or method's) time counted under ``name``, as :func:`phase` does."""

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            stats = _mine()
            if stats is None:
                return fn(*args, **kwargs)
            stats.enter(name)
            try:
                return fn(*args, **kwargs)
            finally:
                stats.leave()

        return cast(F, wrapper)

    return decorate


def timed(items: Iterable[T], name: str) -> Iterator[T]:
    """``items``, the time spent producing each one counted under ``name`` (the consumer's
    time between items is not)."""
    iterator = iter(items)
    while True:
        stats = _mine()
        if stats is not None:
            stats.enter(name)
        try:
            item = next(iterator)
        except StopIteration:
            return
        finally:
            if stats is not None:
                stats.leave()
        yield item


def count(name: str, n: int = 1) -> None:
    """Add ``n`` to the counter ``name`` (e.g. ``pages_extracted``)."""
    stats = _mine()
    if stats is not None and n:
        stats.add(name, n)


def cut(budget: str) -> None:
    """Record that the budget ``budget`` (e.g. ``max_chars``) cut this call's answer short."""
    stats = _mine()
    if stats is not None:
        with stats._lock:
            stats.cuts.add(budget)


def pages(kind: str, document: str, indexes: Iterable[int]) -> None:
    """Record that these pages of ``document`` were ``kind`` ("extracted", "cached") in this
    call; a page counts once per kind however often it is read."""
    stats = _mine()
    if stats is not None:
        with stats._lock:
            stats.pages.setdefault(kind, set()).update((document, i) for i in indexes)


def summary(
    stats: CallStats,
    *,
    backend_names: dict[str, str],
    bytes_out: int,
    cuts: Iterable[str] = (),
    engines: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The report of one call (``_meta["pdfcore/stats"]``, ``pdfcore --stats``): wall and phase
    milliseconds, pages extracted and served from the cache (each page once), ``bytes_out``, the
    engines behind the phases that ran (and ``engines`` given), and the budgets that cut it."""
    phases = stats.phases_ms()
    used: dict[str, str] = {}
    for name in phases:
        for key in PHASE_BACKENDS.get(name, ()):
            if key in backend_names:
                used[key] = backend_names[key]
    used.update(engines or {})
    extracted = stats.pages.get("extracted", set())
    cut = sorted(stats.cuts.union(cuts))
    return {
        "wall_ms": round(stats.wall_ms(), 3),
        "phases_ms": phases,
        "pages_extracted": len(extracted),
        "pages_cached": len(stats.pages.get("cached", set()) - extracted),
        "bytes_out": bytes_out,
        "engines": used,
        "cut_by_budget": bool(cut),
        "cut_by": cut,
    }
