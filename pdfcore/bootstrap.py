"""The composition root: settings in, a wired :class:`~pdfcore.api.Pdfcore` out.

``build(settings=None, **overrides)`` picks each port's adapter by the name configured in
``[backends]`` (see :mod:`pdfcore.registry`); an override passes a ready instance instead
(tests pass fakes this way). Optional backends that cannot load here are recorded with the
reason and reported by ``server_info``; required ones raise.
"""

from __future__ import annotations

import atexit
import importlib
import logging
import os
import shutil
import tempfile
import threading
from typing import Any

from pdfcore.api import Pdfcore
from pdfcore.config import Settings, load_settings
from pdfcore.errors import OcrUnavailable, PdfcoreError
from pdfcore.registry import ISOLATION_SPEC, OCR_PREFERENCE, WARM_JOB, load_class, spec

log = logging.getLogger(__name__)

_UNSET: Any = object()


def _ensure_private_dir(path: str) -> None:
    os.makedirs(path, mode=0o700, exist_ok=True)
    try:
        os.chmod(path, 0o700)
    except OSError:  # pragma: no cover - e.g. a directory owned by someone else
        log.warning("could not restrict permissions of %s", path)


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
    images: Any = _UNSET,
    scorer: Any = _UNSET,
) -> Pdfcore:
    """Assemble pdfcore from ``settings`` (default: :func:`load_settings`) and overrides."""
    s = settings if settings is not None else load_settings()
    names: dict[str, str] = {}
    problems: dict[str, str] = {}
    lifecycle: list[Any] = []

    pool: Any = None
    if s.backends.isolation == "process" and (text is _UNSET or renderer is _UNSET):
        isolation = importlib.import_module(ISOLATION_SPEC)
        pool = isolation.WorkerPool(
            s.backends.workers or isolation.default_size(), timeout_seconds=s.limits.call_timeout_seconds
        )
        lifecycle.append(pool)

    if text is _UNSET:
        if pool is not None:
            text = isolation.IsolatedTextExtractor(spec("text", s.backends.text), pool, name=s.backends.text)
        else:
            text = load_class("text", s.backends.text)()
        names["text"] = s.backends.text
    else:
        names["text"] = getattr(text, "name", type(text).__name__)
    if renderer is _UNSET:
        if pool is not None:
            renderer = isolation.IsolatedRenderer(spec("renderer", s.backends.renderer), pool, name=s.backends.renderer)
        else:
            renderer = load_class("renderer", s.backends.renderer)()
        names["renderer"] = s.backends.renderer
    else:
        names["renderer"] = getattr(renderer, "name", type(renderer).__name__)
    if pool is not None:
        names["isolation"] = f"process ({pool.size} engine workers)"

    # Attachments, forms, links, annotations, XFA: in the engine workers when they exist.
    if extras is _UNSET:
        extras_name = s.backends.extras
        try:
            if extras_name == "none":
                extras = None
                problems["extras"] = "disabled by the configuration ([backends] extras = none)"
            elif pool is not None:
                extras = isolation.IsolatedDocumentExtras(spec("extras", extras_name), pool, name=extras_name)
            else:
                extras = load_class("extras", extras_name)()
            if extras is not None:
                names["extras"] = extras_name
        except PdfcoreError as exc:
            extras = None
            problems["extras"] = f"{exc.code}: {exc.message}"
    elif extras is not None:
        names["extras"] = getattr(extras, "name", type(extras).__name__)
    if attachment_reader is _UNSET:
        reader_name = s.backends.attachments
        try:
            if reader_name == "none":
                attachment_reader = None
                problems["attachments"] = "disabled by the configuration ([backends] attachments = none)"
            elif pool is not None:
                attachment_reader = isolation.IsolatedAttachmentReader(
                    spec("attachments", reader_name), pool, name=reader_name
                )
            else:
                attachment_reader = load_class("attachments", reader_name)()
            if attachment_reader is not None:
                names["attachments"] = reader_name
        except PdfcoreError as exc:
            attachment_reader = None
            problems["attachments"] = f"{exc.code}: {exc.message}"
    elif attachment_reader is not None:
        names["attachments"] = getattr(attachment_reader, "name", type(attachment_reader).__name__)

    if tables is _UNSET:
        tables = None
        if s.backends.tables != "none":
            try:
                if pool is not None:
                    tables = isolation.IsolatedTableExtractor(
                        spec("tables", s.backends.tables), pool, name=s.backends.tables
                    )
                else:
                    tables = load_class("tables", s.backends.tables)()
                names["tables"] = s.backends.tables
            except PdfcoreError as exc:
                problems["tables"] = f"{exc.code}: {exc.message}"
        else:
            problems["tables"] = "disabled by the configuration ([backends] tables = none)"
    elif tables is not None:
        names["tables"] = getattr(tables, "name", type(tables).__name__)

    if store is _UNSET:
        store = None
        if s.cache.enabled and s.backends.store != "none":
            _ensure_private_dir(s.cache.dir)
            store = load_class("store", s.backends.store)(
                path=os.path.join(s.cache.dir, "index.sqlite"), ttl_seconds=s.cache.ttl_hours * 3600
            )
            names["store"] = s.backends.store
        else:
            names["store"] = "none"
    else:
        names["store"] = "none" if store is None else getattr(store, "name", type(store).__name__)

    if fetcher is _UNSET:
        fetcher = None
        if s.urls.enabled and s.backends.fetcher != "none":
            try:
                fetcher = load_class("fetcher", s.backends.fetcher)(
                    settings=s.urls, download_dir=os.path.join(s.cache.dir, "downloads")
                )
                names["fetcher"] = s.backends.fetcher
            except PdfcoreError as exc:
                problems["fetcher"] = f"{exc.code}: {exc.message}"
    else:
        names["fetcher"] = "none" if fetcher is None else getattr(fetcher, "name", type(fetcher).__name__)

    if embedder is _UNSET:
        embedder = None
        if s.backends.embedder != "none":
            try:
                embedder = load_class("embedder", s.backends.embedder)(
                    model=s.embedding.model, batch_size=s.embedding.batch_size, threads=s.embedding.threads
                )
                embedder.check()  # cheap: no torch import
                names["embedder"] = f"{s.backends.embedder} ({s.embedding.model})"
            except PdfcoreError as exc:
                embedder = None
                problems["embedder"] = f"{exc.code}: {exc.message}"
        else:
            problems["embedder"] = "disabled by the configuration ([backends] embedder = none)"
    elif embedder is not None:
        names["embedder"] = getattr(embedder, "model_name", type(embedder).__name__)

    # Image decoding and drawing, vector scoring: in this process (their libraries load on first use).
    helpers = {"images": images, "scorer": scorer}
    for port, given in helpers.items():
        chosen = getattr(s.backends, port)
        if given is not _UNSET:
            if given is not None:
                names[port] = getattr(given, "name", type(given).__name__)
            continue
        helpers[port] = None
        if chosen == "none":
            problems[port] = f"disabled by the configuration ([backends] {port} = none)"
            continue
        try:
            helpers[port] = load_class(port, chosen)()
            names[port] = chosen
        except PdfcoreError as exc:
            problems[port] = f"{exc.code}: {exc.message}"

    ocr_cache: dict[str, Any] = {}
    ocr_lock = threading.Lock()

    def ocr_engine_factory() -> Any:
        """The configured OCR engine, built and checked once (``auto``: the best installed)."""
        with ocr_lock:
            if "engine" in ocr_cache:
                return ocr_cache["engine"]
            choice = s.backends.ocr
            if choice == "none":
                raise OcrUnavailable("OCR is disabled by the configuration ([backends] ocr = none).")
            names_to_try = list(OCR_PREFERENCE) if choice == "auto" else [choice]
            reasons = []
            for name in names_to_try:
                try:
                    engine = load_class("ocr", name)()
                    engine.check()
                except PdfcoreError as exc:
                    reasons.append(f"{name}: {exc.message}")
                    continue
                ocr_cache["engine"] = engine
                return engine
            raise OcrUnavailable(
                "No OCR engine is available: " + "; ".join(reasons),
                recovery=(
                    "Omit ocr to read the text layer alone, or install an engine: apt-get install tesseract-ocr and "
                    "pip install -c constraints.txt 'pdfcore[ocr]' (or choose another engine in [backends] ocr)."
                ),
            )

    def executor_factory() -> Any:
        workers = s.backends.workers or 0
        return load_class("executor", s.backends.executor)(workers=workers, job=WARM_JOB)

    if ephemeral_store is _UNSET:
        ephemeral_store = _private_sqlite_store if s.backends.store == "sqlite" else None
    core = Pdfcore(
        s,
        text=text,
        renderer=renderer,
        store=store,
        fetcher=fetcher,
        backend_names=names,
        backend_problems=problems,
        lifecycle=lifecycle,
        ephemeral_store=ephemeral_store,
        embedder=embedder,
        executor_factory=executor_factory,
        extras=extras,
        attachment_reader=attachment_reader,
        ocr_engine=ocr_engine_factory,
        tables=tables,
        images=helpers["images"],
        scorer=helpers["scorer"],
    )
    # The first engine worker boots now, in its own process, while the caller goes on: the first
    # call does not wait for an interpreter and pdfium to load (no-op without isolation).
    core.prestart()
    return core


def _private_sqlite_store() -> Any:
    """An index only this process sees, deleted at exit: for encrypted documents (their text must
    not reach the shared cache on disk) and for running with the cache disabled."""
    folder = tempfile.mkdtemp(prefix="pdfcore-private-")  # created 0700
    atexit.register(shutil.rmtree, folder, True)
    return load_class("store", "sqlite")(path=os.path.join(folder, "index.sqlite"), ttl_seconds=0)
