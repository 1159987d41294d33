"""Port interfaces of pdfcore: one ``typing.Protocol`` per module, named for its role.

Domain services depend only on these. Adapters in the ``adapters`` package implement them.
``from ports import Renderer`` works; each protocol's module loads on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Marker checked by ``import pdfcore`` so a foreign top-level ``ports`` package is detected.
__pdfcore_component__ = "ports"

_MODULES = {
    "AttachmentReader": "ports.attachment_reader",
    "DocumentExtras": "ports.document_extras",
    "Embedder": "ports.embedder",
    "Fetcher": "ports.fetcher",
    "ImageProcessor": "ports.image_processor",
    "OcrEngine": "ports.ocr_engine",
    "Renderer": "ports.renderer",
    "Store": "ports.store",
    "TableExtractor": "ports.table_extractor",
    "TextExtractor": "ports.text_extractor",
    "VectorScorer": "ports.vector_scorer",
    "VectorSource": "ports.vector_source",
    "WarmExecutor": "ports.executor",
    "WordList": "ports.word_list",
}

if TYPE_CHECKING:
    from ports.attachment_reader import AttachmentReader
    from ports.document_extras import DocumentExtras
    from ports.embedder import Embedder
    from ports.executor import WarmExecutor
    from ports.fetcher import Fetcher
    from ports.image_processor import ImageProcessor
    from ports.ocr_engine import OcrEngine
    from ports.renderer import Renderer
    from ports.store import Store
    from ports.table_extractor import TableExtractor
    from ports.text_extractor import TextExtractor
    from ports.vector_scorer import VectorScorer
    from ports.vector_source import VectorSource
    from ports.word_list import WordList

__all__ = [
    "AttachmentReader",
    "DocumentExtras",
    "Embedder",
    "Fetcher",
    "ImageProcessor",
    "OcrEngine",
    "Renderer",
    "Store",
    "TableExtractor",
    "TextExtractor",
    "VectorScorer",
    "VectorSource",
    "WarmExecutor",
    "WordList",
]


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'ports' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
