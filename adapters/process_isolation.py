"""Engine calls in worker processes: a crash or hang is contained, and pages extract in parallel.

A PDF that crashes or hangs the engine (pdfium is C++) must not take the server down. These
adapters run another adapter — named by its ``"module:Class"`` spec, so nothing here imports it —
in a small pool of worker processes:

- a worker that dies (segfault, abort, out of memory) is replaced and the call answers
  ``extraction_failed`` ("the engine crashed on this document; the crash was contained");
- a call that runs past its time limit kills its worker, which is replaced, and answers
  ``extraction_failed`` too (the page or document hangs the engine);
- multi-page extraction is split across the workers (the machine's cores), results come back in
  the order asked for.

Workers are fresh interpreters (no inherited threads or locks, and unlike multiprocessing's
spawn they never re-run the caller's ``__main__``), started on first use or early with
:meth:`WorkerPool.warm`; they talk pickled messages over their stdin/stdout.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from adapters._workers import WorkerPool, default_size
from pdfcore.extras import Attachment, FormField, PageAnnotations, XfaForm
from pdfcore.models import Box, Clip, DocumentFacts, DocumentSource, PageText, RenderedImage, Table
from pdfcore.vectors import PageVectors
from ports.attachment_reader import AttachmentReader
from ports.document_extras import DocumentExtras
from ports.renderer import Renderer
from ports.table_extractor import TableExtractor
from ports.text_extractor import TextExtractor
from ports.vector_source import VectorSource

log = logging.getLogger(__name__)

#: Pages per request when a range is split across workers.
CHUNK = 8


__all__ = [
    "IsolatedAttachmentReader",
    "IsolatedDocumentExtras",
    "IsolatedRenderer",
    "IsolatedTextExtractor",
    "IsolatedVectorSource",
    "WorkerPool",
    "default_size",
]


class IsolatedTextExtractor(TextExtractor):
    """A TextExtractor whose engine runs in worker processes (see the module docstring)."""

    def __init__(self, spec: str, pool: WorkerPool, name: str = "") -> None:
        self.spec = spec
        self.pool = pool
        self.name = name or spec
        #: How many pages can be extracted at once.
        self.parallelism = pool.size
        self._threads = ThreadPoolExecutor(max_workers=pool.size, thread_name_prefix="pdfcore-extract")

    def inspect(self, source: DocumentSource) -> DocumentFacts:
        facts: DocumentFacts = self.pool.call(self.spec, "inspect", source)
        return facts

    def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]:
        pages = list(pages)
        if len(pages) <= 1 or self.pool.size == 1:
            for i in pages:
                yield from self.pool.call(self.spec, "extract", source, [i])
            return
        size = max(1, min(CHUNK, -(-len(pages) // self.pool.size)))
        chunks = [pages[i : i + size] for i in range(0, len(pages), size)]
        futures: list[Future[list[PageText]]] = [
            self._threads.submit(self.pool.call, self.spec, "extract", source, chunk) for chunk in chunks
        ]
        try:
            for fut in futures:
                yield from fut.result()
        finally:
            for fut in futures:
                fut.cancel()


class IsolatedRenderer(Renderer):
    def __init__(self, spec: str, pool: WorkerPool, name: str = "") -> None:
        self.spec = spec
        self.pool = pool
        self.name = name or spec

    def render(
        self, source: DocumentSource, page: int, *, dpi: float, clip: Clip | None = None, max_pixels: int | None = None
    ) -> RenderedImage:
        image: RenderedImage = self.pool.call(
            self.spec, "render", source, page, dpi=dpi, clip=clip, max_pixels=max_pixels
        )
        return image


class IsolatedTableExtractor(TableExtractor):
    """A TableExtractor (pdfplumber) run in the worker processes: a page that makes the table
    engine hang or blow up costs that call, not the server."""

    def __init__(self, spec: str, pool: WorkerPool, name: str = "") -> None:
        self.spec = spec
        self.pool = pool
        self.name = name or spec

    def extract_tables(self, source: DocumentSource, page: int, *, regions: tuple[Box, ...] = ()) -> tuple[Table, ...]:
        tables: tuple[Table, ...] = self.pool.call(self.spec, "extract_tables", source, page, regions=regions)
        return tables


class IsolatedVectorSource(VectorSource):
    """A VectorSource (chart reading) whose engine runs in the worker processes."""

    def __init__(self, spec: str, pool: WorkerPool, name: str = "") -> None:
        self.spec = spec
        self.pool = pool
        self.name = name or spec

    def read_page(
        self,
        source: DocumentSource,
        page: int,
        *,
        text: bool = True,
        glyphs: bool = True,
        max_objects: int = 100_000,
    ) -> PageVectors:
        vectors: PageVectors = self.pool.call(
            self.spec, "read_page", source, page, text=text, glyphs=glyphs, max_objects=max_objects
        )
        return vectors


class IsolatedAttachmentReader(AttachmentReader):
    """An AttachmentReader whose engine runs in the worker processes."""

    def __init__(self, spec: str, pool: WorkerPool, name: str = "") -> None:
        self.spec = spec
        self.pool = pool
        self.name = name or spec

    def attachments(self, source: DocumentSource) -> tuple[Attachment, ...]:
        found: tuple[Attachment, ...] = self.pool.call(self.spec, "attachments", source)
        return found

    def attachment_data(self, source: DocumentSource, index: int) -> bytes:
        data: bytes = self.pool.call(self.spec, "attachment_data", source, index)
        return data


class IsolatedDocumentExtras(IsolatedAttachmentReader, DocumentExtras):
    """DocumentExtras (files, fields, links, annotations, XFA) in the worker processes; page
    annotations of many pages are read by all workers at once."""

    def __init__(self, spec: str, pool: WorkerPool, name: str = "") -> None:
        super().__init__(spec, pool, name)
        self._threads = ThreadPoolExecutor(max_workers=pool.size, thread_name_prefix="pdfcore-extras")

    def form_fields(self, source: DocumentSource) -> tuple[FormField, ...]:
        found: tuple[FormField, ...] = self.pool.call(self.spec, "form_fields", source)
        return found

    def xfa(self, source: DocumentSource) -> XfaForm:
        form: XfaForm = self.pool.call(self.spec, "xfa", source)
        return form

    def page_annotations(self, source: DocumentSource, pages: Sequence[int]) -> tuple[PageAnnotations, ...]:
        pages = list(pages)
        if len(pages) <= CHUNK or self.pool.size == 1:
            found: tuple[PageAnnotations, ...] = self.pool.call(self.spec, "page_annotations", source, pages)
            return found
        size = max(CHUNK, -(-len(pages) // (self.pool.size * 4)))
        chunks = [pages[i : i + size] for i in range(0, len(pages), size)]
        futures: list[Future[tuple[PageAnnotations, ...]]] = [
            self._threads.submit(self.pool.call, self.spec, "page_annotations", source, chunk) for chunk in chunks
        ]
        out: list[PageAnnotations] = []
        try:
            for fut in futures:
                out.extend(fut.result())
        finally:
            for fut in futures:
                fut.cancel()
        return tuple(out)
