"""Port interfaces of pdfcore: one ``typing.Protocol`` per module, named for its role.

Domain services depend only on these. Adapters in the ``adapters`` package implement them.
"""

from __future__ import annotations

from ports.attachment_reader import AttachmentReader
from ports.document_extras import DocumentExtras
from ports.embedder import Embedder
from ports.fetcher import Fetcher
from ports.ocr_engine import OcrEngine
from ports.renderer import Renderer
from ports.store import Store
from ports.table_extractor import TableExtractor
from ports.text_extractor import TextExtractor

#: Marker checked by ``import pdfcore`` so a foreign top-level ``ports`` package is detected.
__pdfcore_component__ = "ports"

__all__ = [
    "AttachmentReader",
    "DocumentExtras",
    "Embedder",
    "Fetcher",
    "OcrEngine",
    "Renderer",
    "Store",
    "TableExtractor",
    "TextExtractor",
]
