"""A PDF's pages and their tables as pdfcore reads them, for tests of the table reader: the
pdfium text adapter's pages (finished as a read finishes them) and the tables the plumber
adapter finds on one of them through the table service."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from adapters.pdfium_text import PdfiumTextExtractor
from adapters.plumber_tables import PlumberTableExtractor
from pdfcore.models import DocumentSource, Fingerprint, PageText
from pdfcore.results import TableOut
from pdfcore.services.quality import finish_page
from pdfcore.services.tables import TableService


def source_of(path: Path, password: str | None = None) -> DocumentSource:
    st = os.stat(path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, digest), password=password)


def finished_pages(path: Path, indexes: list[int] | None = None, password: str | None = None) -> list[PageText]:
    """The pages of these 0-based ``indexes`` (all when None), extracted and finished."""
    text = PdfiumTextExtractor()
    source = source_of(path, password)
    facts = text.inspect(source)
    wanted = list(range(facts.page_count)) if indexes is None else indexes
    return [finish_page(p, facts) for p in text.extract(source, wanted)]


def page_tables(path: Path, page: PageText | int = 0, password: str | None = None) -> tuple[TableOut, ...]:
    """The tables pdfcore reads on one page of the PDF at ``path``: ``page``, already
    extracted, or the page of that 0-based index."""
    source = source_of(path, password)
    facts = PdfiumTextExtractor().inspect(source)
    if isinstance(page, int):
        (page,) = finished_pages(path, [page], password)
    info = facts.pages[page.index]
    extractor = PlumberTableExtractor()
    try:
        return TableService(extractor).page_tables(source, page, info.width, info.height).tables
    finally:
        extractor.close()
