"""Engine calls in worker processes: a crash or hang is contained, and pages extract in parallel.

A PDF that crashes or hangs the engine (pdfium is C++) must not take the server down.
:func:`isolated` wraps any port's adapter, named by its ``"module:Class"`` spec (so nothing here
imports it), in one generic proxy that implements the same port: each method the port declares
becomes a call to a small pool of worker processes (:mod:`adapters._workers`):

- a worker that dies (segfault, abort, out of memory) is replaced and the call answers
  ``extraction_failed`` ("the engine crashed on this document; the crash was contained");
- a call that runs past its time limit kills its worker, which is replaced, and answers
  ``extraction_failed`` too (the page or document hangs the engine);
- a method over a list of pages (:data:`SPLIT_BY_PAGES`: ``extract``, ``page_annotations``) is
  split across the workers (the machine's cores); results come back in the order asked for;
- a method whose first call on a document costs a worker far more than the next ones
  (:data:`SAME_WORKER`: ``extract_tables``; and ``prepare``, which pays that cost ahead) goes
  to the worker that served the document last when it is free or frees soon;
- the data attributes the port declares (``OcrEngine.preferred_dpi``) are asked of a worker once;
- a port whose contract names its own failure code (:data:`CONTAINED_AS`: the OCR engine's
  ``ocr_failed``) answers a contained crash or hang with it.

Workers are fresh interpreters (no inherited threads or locks, and unlike multiprocessing's
spawn they never re-run the caller's ``__main__``), started on first use or early with
:meth:`WorkerPool.warm`; they talk pickled messages over their stdin/stdout.
"""

from __future__ import annotations

import functools
import logging
import threading
import types
import typing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

import attrs

from adapters._workers import WorkerPool, default_size
from pdfcore.errors import ExtractionFailed, OcrFailed, PdfcoreError

log = logging.getLogger(__name__)

#: Pages per request when a range is split across workers.
CHUNK = 8

T = TypeVar("T")

__all__ = [
    "CHUNK",
    "SAME_WORKER",
    "SPLIT_BY_PAGES",
    "IsolatedAdapter",
    "WorkerPool",
    "default_size",
    "isolated",
    "port_methods",
]


def _spread(pages: list[int], workers: int) -> list[list[int]]:
    """Text: one page per call when there is one worker (the caller may stop early), else up to
    ``CHUNK`` pages per call, spread so that every worker has some."""
    if len(pages) <= 1 or workers == 1:
        return [[i] for i in pages]
    size = max(1, min(CHUNK, -(-len(pages) // workers)))
    return [pages[i : i + size] for i in range(0, len(pages), size)]


def _batches(pages: list[int], workers: int) -> list[list[int]]:
    """Annotations (cheap per page): one call up to ``CHUNK`` pages, else about four calls per worker."""
    if len(pages) <= CHUNK or workers == 1:
        return [pages]
    size = max(CHUNK, -(-len(pages) // (workers * 4)))
    return [pages[i : i + size] for i in range(0, len(pages), size)]


@attrs.frozen
class Split:
    """How a port method ``method(source, pages, ...)`` over a list of 0-based pages is shared by
    the workers: ``chunks`` splits the pages; ``stream`` methods return an iterator (yielded as
    the chunks come back), the others a tuple (the chunks' tuples joined)."""

    chunks: Callable[[list[int], int], list[list[int]]]
    stream: bool


#: The port methods over a list of pages, by name; every other method is one call.
SPLIT_BY_PAGES: dict[str, Split] = {
    "extract": Split(_spread, stream=True),  # TextExtractor
    "page_annotations": Split(_batches, stream=False),  # DocumentExtras
}


#: Methods whose first call on a document in a worker costs more than the next ones (the table
#: engine, pdfplumber, loads itself once per process, ~0.07 s, and opens the document): sent to
#: the worker that served the document last when it is idle or frees within this many seconds,
#: else to any; meanwhile an idle worker that has the engine loaded already (from any document)
#: is taken at once, so the pages of a read have their tables read side by side. ``prepare``
#: pays that cost ahead (a read about to ask for tables sends it in the background).
SAME_WORKER: dict[str, float] = {"extract_tables": 0.1, "prepare": 0.1}

#: The error a contained crash or hang becomes, for ports whose contract says which may escape
#: (by port name; the others answer ``extraction_failed``).
CONTAINED_AS: dict[str, type[PdfcoreError]] = {"OcrEngine": OcrFailed}
#: Attributes every proxy sets itself (not asked of the workers).
_OWN = frozenset({"name", "spec", "pool", "parallelism"})


def port_attributes(port: type) -> tuple[str, ...]:
    """The data attributes ``port`` (a ``typing.Protocol``) declares, its parent protocols' included."""
    found: list[str] = []
    for klass in reversed(port.__mro__):
        if klass in (object, typing.Protocol, typing.Generic) or not getattr(klass, "_is_protocol", False):
            continue
        for name in vars(klass).get("__annotations__", {}):
            if not name.startswith("_") and name not in found and name not in _OWN:
                found.append(name)
    return tuple(found)


def port_methods(port: type) -> tuple[str, ...]:
    """The public methods ``port`` (a ``typing.Protocol``) declares, its parent protocols' included."""
    found: list[str] = []
    for klass in reversed(port.__mro__):
        if klass in (object, typing.Protocol, typing.Generic) or not getattr(klass, "_is_protocol", False):
            continue
        for name, value in vars(klass).items():
            if not name.startswith("_") and callable(value) and name not in found:
                found.append(name)
    return tuple(found)


class IsolatedAdapter:
    """The state every isolated proxy shares; the port's methods are added by :func:`isolated`."""

    def __init__(self, spec: str, pool: WorkerPool, name: str = "") -> None:
        self.spec = spec
        self.pool = pool
        self.name = name or spec
        #: How many calls can run at once (the read service plans its look-ahead with it).
        self.parallelism = pool.size
        self._threads: ThreadPoolExecutor | None = None
        self._threads_lock = threading.Lock()

    def _executor(self) -> ThreadPoolExecutor:
        with self._threads_lock:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(max_workers=self.pool.size, thread_name_prefix="pdfcore-isolated")
            return self._threads

    #: The error a contained crash or hang becomes (None: ``extraction_failed`` as it is).
    _contained_as: type[PdfcoreError] | None = None

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        try:
            patience = SAME_WORKER.get(method)
            digest = getattr(getattr(args[0], "fingerprint", None), "sha256", None) if args else None
            if patience is not None and digest is not None:
                return self.pool.call_keyed((self.spec, digest), patience, self.spec, method, *args, **kwargs)
            return self.pool.call(self.spec, method, *args, **kwargs)
        except ExtractionFailed as exc:
            if self._contained_as is None:
                raise
            raise self._contained_as(f"The {self.name} engine failed: {exc.message}", recovery=exc.recovery) from exc

    def _attribute(self, name: str) -> Any:
        """The engine's attribute ``name``, asked of a worker once."""
        known: dict[str, Any] = self.__dict__.setdefault("_attributes", {})
        if name not in known:
            known[name] = self._call("__getattribute__", name)
        return known[name]

    def _chunk_results(
        self, method: str, chunks: list[list[int]], source: Any, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Iterator[Any]:
        """Each chunk's result, in order: one call after the other when there is nothing to
        share, else all chunks at once on the workers (those not started are cancelled when the
        caller stops reading)."""
        if len(chunks) <= 1 or self.pool.size == 1:
            for chunk in chunks:
                yield self._call(method, source, chunk, *args, **kwargs)
            return
        threads = self._executor()
        futures: list[Future[Any]] = [
            threads.submit(self._call, method, source, chunk, *args, **kwargs) for chunk in chunks
        ]
        try:
            for fut in futures:
                yield fut.result()
        finally:
            for fut in futures:
                fut.cancel()

    def _split_stream(
        self,
        method: str,
        split: Split,
        source: Any,
        pages: Sequence[int],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> Iterator[Any]:
        for result in self._chunk_results(method, split.chunks(list(pages), self.pool.size), source, args, kwargs):
            yield from result

    def _split_tuple(
        self,
        method: str,
        split: Split,
        source: Any,
        pages: Sequence[int],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> tuple[Any, ...]:
        out: list[Any] = []
        for result in self._chunk_results(method, split.chunks(list(pages), self.pool.size), source, args, kwargs):
            out.extend(result)
        return tuple(out)


def _forward(port: type, method: str) -> Callable[..., Any]:
    split = SPLIT_BY_PAGES.get(method)
    call: Callable[..., Any]
    if split is None:

        def call(self: IsolatedAdapter, *args: Any, **kwargs: Any) -> Any:
            return self._call(method, *args, **kwargs)

    elif split.stream:

        def call(self: IsolatedAdapter, source: Any, pages: Sequence[int], *args: Any, **kwargs: Any) -> Any:
            return self._split_stream(method, split, source, pages, args, kwargs)

    else:

        def call(self: IsolatedAdapter, source: Any, pages: Sequence[int], *args: Any, **kwargs: Any) -> Any:
            return self._split_tuple(method, split, source, pages, args, kwargs)

    functools.update_wrapper(call, getattr(port, method))  # the port's name, docstring and signature
    return call


def _read_attribute(name: str) -> property:
    def read(self: IsolatedAdapter) -> Any:
        return self._attribute(name)

    return property(read, doc=f"The engine's ``{name}`` (asked of a worker once).")


@functools.cache
def proxy_class(port: type) -> type:
    """The isolated proxy class of ``port``: :class:`IsolatedAdapter` and the port, each method of
    the port a call to the workers."""
    body: dict[str, Any] = {"__module__": __name__, "__doc__": f"A {port.__name__} run in the engine workers."}
    body.update((name, _forward(port, name)) for name in port_methods(port))
    body.update((name, _read_attribute(name)) for name in port_attributes(port))
    body["_contained_as"] = CONTAINED_AS.get(port.__name__)
    return types.new_class(f"Isolated{port.__name__}", (IsolatedAdapter, port), exec_body=lambda ns: ns.update(body))


def isolated(port: type[T], spec: str, pool: WorkerPool, *, name: str = "") -> T:
    """An adapter of ``port`` whose engine, ``spec`` (``"module:Class"``), runs in ``pool``'s
    worker processes; ``name`` is what ``server_info`` reports (default: the spec)."""
    proxy: T = proxy_class(typing.cast(type, port))(spec, pool, name)
    return proxy
