"""What this pdfcore can do, from the backends that actually loaded (:meth:`Pdfcore.capabilities`).

Facts only; the MCP server's ``server_info`` is assembled from them. A capability whose backend
failed to load, or was turned off, is reported unavailable with the reason, never claimed.
"""

from __future__ import annotations

from attrs import frozen


@frozen
class OcrCapability:
    available: bool
    #: The engine that recognises pages (``[backends] ocr``; ``auto`` picks the best installed).
    engine: str | None = None
    languages: str | None = None
    #: Why OCR is unavailable, and how to get it.
    reason: str | None = None
    install: str | None = None


@frozen
class Capabilities:
    version: str
    #: Port -> the backend serving it (only backends that loaded).
    backends: dict[str, str]
    #: Port -> why its backend is not there (failed to load, or turned off).
    backend_problems: dict[str, str]
    ocr: OcrCapability
    #: Embedded files, form fields, links, annotations and XFA data: a document-extras backend loaded.
    extras: bool
    #: Image attachments are returned as PNG and chart hint renders traced: an image backend loaded.
    images: bool
    #: Tables are read with the page text: a table backend loaded.
    tables: bool
    #: Vector charts can be read (a chart vector source is configured).
    charts: bool
    #: The PDF engine runs in worker processes (a crash or hang answers extraction_failed).
    crash_isolation: bool
    #: Where corpus warming runs (``[backends] executor``).
    executor: str
    #: Search modes of one document (``semantic`` only when an embedder and a scorer loaded).
    search_modes: tuple[str, ...]
    #: The embedding model of semantic search; None when it is unavailable.
    embedding_model: str | None
    #: Why semantic search is unavailable; None when it is available.
    semantic_problem: str | None
    #: True when indexes persist in the cache store (else they live as long as the process).
    persistent_index: bool
    #: The allowed roots, resolved.
    roots: tuple[str, ...]
