"""The composition root: settings in, a wired :class:`~pdfcore.api.Pdfcore` out.

``build(settings=None, **overrides)`` picks each port's adapter by the name configured in
``[backends]`` (see :mod:`pdfcore.registry`); an override passes a ready instance instead
(tests pass fakes this way), or ``None`` for "no such backend". Every adapter is wired the one
way (:class:`Wiring`): a required backend that cannot load raises; an optional one that is
turned off or cannot load is handed over as ``None`` and its reason recorded, so that
``server_info`` never claims it. With engine isolation (``[backends] isolation = "process"``)
the PDF engines run in worker processes behind one generic proxy per port
(``adapters.process_isolation.isolated``), named here by their ``"module:Class"`` and never
imported in this process.
"""

from __future__ import annotations

import atexit
import importlib
import logging
import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from typing import Any

from pdfcore.api import Pdfcore
from pdfcore.config import Settings, load_settings
from pdfcore.errors import OcrUnavailable, PdfcoreError
from pdfcore.registry import ISOLATION_SPEC, OCR_PREFERENCE, WARM_JOB, load_class, spec
from ports.attachment_reader import AttachmentReader
from ports.document_extras import DocumentExtras
from ports.ocr_engine import OcrEngine
from ports.renderer import Renderer
from ports.table_extractor import TableExtractor
from ports.text_extractor import TextExtractor
from ports.vector_source import VectorSource

log = logging.getLogger(__name__)

_UNSET: Any = object()


def _ensure_private_dir(path: str) -> None:
    os.makedirs(path, mode=0o700, exist_ok=True)
    try:
        os.chmod(path, 0o700)
    except OSError:  # pragma: no cover - e.g. a directory owned by someone else
        log.warning("could not restrict permissions of %s", path)


class Wiring:
    """Builds each port's adapter and keeps the record ``server_info`` reports: ``names`` (port ->
    the backend in use) and ``problems`` (port -> why it is not available)."""

    def __init__(self, pool: Any = None) -> None:
        #: The engine worker pool, when engines are isolated.
        self.pool = pool
        self.names: dict[str, str] = {}
        self.problems: dict[str, str] = {}

    def adapter(
        self,
        port: str,
        given: Any,
        choice: str,
        *,
        required: bool = False,
        can_be_off: bool = True,
        isolate: type | None = None,
        off: str | None = None,
        make: Callable[[type[Any]], Any] | None = None,
        label: Callable[[Any], str] | None = None,
    ) -> Any:
        """The adapter of registry ``port``: ``given`` when the caller passed one (``None``: none),
        else the backend named ``choice``, built in the engine workers behind the ``isolate``
        protocol when there is a pool, else in this process (``make(cls)``, default ``cls()``).

        ``choice = "none"`` (when ``can_be_off``) or an ``off`` reason turns the port off. A
        backend that cannot load raises when ``required``; otherwise it, like one turned off, is
        ``None`` with the reason in :attr:`problems`. ``label(adapter)`` names it in
        :attr:`names` (default: the adapter's ``name``, else ``choice``)."""
        if given is not _UNSET:
            if given is not None:
                self.names[port] = label(given) if label else getattr(given, "name", type(given).__name__)
            return given
        if off is None and can_be_off and choice == "none":
            off = f"disabled by the configuration ([backends] {port} = none)"
        if off is not None:
            self.problems[port] = off
            return None
        try:
            if isolate is not None and self.pool is not None:
                isolation = importlib.import_module(ISOLATION_SPEC)
                adapter = isolation.isolated(isolate, spec(port, choice), self.pool, name=choice)
            else:
                cls = load_class(port, choice)
                adapter = make(cls) if make is not None else cls()
        except PdfcoreError as exc:
            if required:
                raise
            self.problems[port] = f"{exc.code}: {exc.message}"
            log.warning("the %s backend %r is not available: %s", port, choice, exc.message)
            return None
        self.names[port] = label(adapter) if label else choice
        return adapter

    def factory(self, port: str, choice: str, make: Callable[[type[Any]], Any]) -> Callable[[], Any] | None:
        """For a backend built when first needed: checked now (a known name, its packages
        installed; nothing imported), then ``make(cls)`` on each call; ``None`` with the reason
        in :attr:`problems` when it cannot load."""
        try:
            spec(port, choice)
        except PdfcoreError as exc:
            self.problems[port] = f"{exc.code}: {exc.message}"
            log.warning("the %s backend %r is not available: %s", port, choice, exc.message)
            return None
        self.names[port] = choice
        return lambda: make(load_class(port, choice))


def build(
    settings: Settings | None = None,
    *,
    text: Any = _UNSET,
    renderer: Any = _UNSET,
    store: Any = _UNSET,
    fetcher: Any = _UNSET,
    ephemeral_store: Any = _UNSET,
    embedder: Any = _UNSET,
    extras: Any = _UNSET,
    tables: Any = _UNSET,
    attachment_reader: Any = _UNSET,
    vectors: Any = _UNSET,
    images: Any = _UNSET,
    scorer: Any = _UNSET,
    words: Any = _UNSET,
) -> Pdfcore:
    """Assemble pdfcore from ``settings`` (default: :func:`load_settings`) and overrides."""
    s = settings if settings is not None else load_settings()
    b = s.backends
    lifecycle: list[Any] = []

    pool: Any = None
    if b.isolation == "process" and (text is _UNSET or renderer is _UNSET):
        isolation = importlib.import_module(ISOLATION_SPEC)
        pool = isolation.WorkerPool(
            b.workers or isolation.default_size(), timeout_seconds=s.limits.call_timeout_seconds
        )
        lifecycle.append(pool)
    wiring = Wiring(pool)

    # The PDF engines: in the engine workers when they exist.
    text = wiring.adapter("text", text, b.text, required=True, can_be_off=False, isolate=TextExtractor)
    renderer = wiring.adapter("renderer", renderer, b.renderer, required=True, can_be_off=False, isolate=Renderer)
    if pool is not None:
        wiring.names["isolation"] = f"process ({pool.size} engine workers)"
    # Attachments, forms, links, annotations, XFA; tables; the vectors of chart reading.
    extras = wiring.adapter("extras", extras, b.extras, isolate=DocumentExtras)
    attachment_reader = wiring.adapter("attachments", attachment_reader, b.attachments, isolate=AttachmentReader)
    tables = wiring.adapter("tables", tables, b.tables, isolate=TableExtractor)
    vectors = wiring.adapter("charts", vectors, b.charts, isolate=VectorSource)
    # Image decoding and drawing, vector scoring: in this process (their libraries load on first use).
    images = wiring.adapter("images", images, b.images)
    scorer = wiring.adapter("scorer", scorer, b.scorer)
    # The common words of English (a compound's hyphen at a line end): read on first use.
    words = wiring.adapter("words", words, b.words)

    def open_store(cls: type[Any]) -> Any:
        _ensure_private_dir(s.cache.dir)
        return cls(path=os.path.join(s.cache.dir, "index.sqlite"), ttl_seconds=s.cache.ttl_hours * 3600)

    store = wiring.adapter(
        "store",
        store,
        b.store,
        required=True,
        off=None if s.cache.enabled else "disabled by the configuration ([cache] enabled = false)",
        make=open_store,
    )
    fetcher = wiring.adapter(
        "fetcher",
        fetcher,
        b.fetcher,
        off=None if s.urls.enabled else "disabled by the configuration ([urls] enabled = false)",
        make=lambda cls: cls(settings=s.urls, download_dir=os.path.join(s.cache.dir, "downloads")),
    )

    def load_embedder(cls: type[Any]) -> Any:
        options: dict[str, Any] = {}
        if getattr(cls, "uses_cache_dir", False):  # where an exported model is kept (none: per process)
            options["cache_dir"] = os.path.join(s.cache.dir, "models") if s.cache.enabled else None
        found = cls(model=s.embedding.model, batch_size=s.embedding.batch_size, threads=s.embedding.threads, **options)
        found.check()  # cheap: no torch import
        return found

    embedder = wiring.adapter(
        "embedder",
        embedder,
        b.embedder,
        make=load_embedder,
        label=lambda e: f"{getattr(e, 'name', type(e).__name__)} ({e.model_name})",
    )

    if ephemeral_store is _UNSET:
        ephemeral_store = None if b.store == "none" else (lambda: _private_store(b.store))
    core = Pdfcore(
        s,
        text=text,
        renderer=renderer,
        store=store,
        fetcher=fetcher,
        backend_names=wiring.names,
        backend_problems=wiring.problems,
        lifecycle=lifecycle,
        ephemeral_store=ephemeral_store,
        embedder=embedder,
        executor_factory=wiring.factory("executor", b.executor, lambda cls: cls(workers=b.workers or 0, job=WARM_JOB)),
        extras=extras,
        attachment_reader=attachment_reader,
        ocr_engine=_ocr_engine_factory(s, lifecycle),
        tables=tables,
        vectors=vectors,
        images=images,
        scorer=scorer,
        words=words,
    )
    # The first engine worker boots now, in its own process, while the caller goes on: the first
    # call does not wait for an interpreter and pdfium to load (no-op without isolation).
    core.services.prestart(1)
    return core


#: Longest an OCR engine worker may spend on one call before it is stopped (EasyOCR takes
#: minutes for a dense page on one core).
OCR_PAGE_SECONDS = 600.0


def _ocr_engine_factory(s: Settings, lifecycle: list[Any]) -> Callable[[], Any]:
    """The configured OCR engine, built and checked on first use, once (``auto``: the best installed).

    With engine isolation the engine runs in engine workers of its own, started on the first OCR
    call: each holds its own engine (models loaded once per worker) and reads one page at a time
    with one thread, so a call's pages are read side by side, one per core, and reading them does
    not hold up the text extraction of other calls."""
    cache: dict[str, Any] = {}
    lock = threading.Lock()
    if s.backends.isolation == "process":
        lifecycle.append(_Closer(cache, "pool"))

    def engine() -> Any:
        with lock:
            if "engine" in cache:
                return cache["engine"]
            choice = s.backends.ocr
            if choice == "none":
                raise OcrUnavailable("OCR is disabled by the configuration ([backends] ocr = none).")
            reasons = []
            for name in list(OCR_PREFERENCE) if choice == "auto" else [choice]:
                try:
                    # Checked here (cheap, no model loaded), so that asking whether OCR is
                    # available (server_info) starts no worker.
                    found = load_class("ocr", name)()
                    found.check()
                    if s.backends.isolation == "process":
                        isolation = importlib.import_module(ISOLATION_SPEC)
                        if "pool" not in cache:
                            cache["pool"] = isolation.WorkerPool(
                                s.backends.workers or isolation.default_size(),
                                timeout_seconds=max(s.limits.call_timeout_seconds, OCR_PAGE_SECONDS),
                            )
                        found = isolation.isolated(OcrEngine, spec("ocr", name), cache["pool"], name=name)
                except PdfcoreError as exc:
                    reasons.append(f"{name}: {exc.message}")
                    continue
                cache["engine"] = found
                return found
            raise OcrUnavailable(
                "No OCR engine is available: " + "; ".join(reasons),
                recovery=(
                    "Omit ocr to read the text layer alone, or install an engine: apt-get install tesseract-ocr and "
                    "pip install -c constraints.txt 'pdfcore[ocr]' (or choose another engine in [backends] ocr)."
                ),
            )

    return engine


class _Closer:
    """Closes ``holder[key]`` (made later, on first use) when the core closes; nothing else (no
    warm-up: the OCR workers start only when a call needs them)."""

    def __init__(self, holder: dict[str, Any], key: str) -> None:
        self.holder = holder
        self.key = key

    def close(self) -> None:
        item = self.holder.get(self.key)
        if item is not None:
            item.close()


def _private_store(name: str) -> Any:
    """An index only this process sees, deleted at exit: for encrypted documents (their text must
    not reach the shared cache on disk) and for running with the cache disabled."""
    folder = tempfile.mkdtemp(prefix="pdfcore-private-")  # created 0700
    atexit.register(shutil.rmtree, folder, True)
    return load_class("store", name)(path=os.path.join(folder, "index.sqlite"), ttl_seconds=0)
