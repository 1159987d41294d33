"""A page's tables, read once and cached with the page, and linked to the parts of them on
the pages before and after.

Table reading runs only where the page's geometry suggests a table (ruling lines, aligned
columns: see :mod:`pdfcore.services.table_regions`); the page is stored with its tables and
``tables_checked``, so a page is never searched twice. A table that may run over a page break
(nothing but the page's foot under the lowest table, or a repeated title over the highest) is
compared with the next (or previous) page's tables, read for it, by
:func:`~pdfcore.services.table_breaks.continues`; its ``continued_on`` / ``continued_from`` are set
on every read from that one decision (the links are not stored: a page reads the same whether
its neighbour was read before or not). Without a table backend pages come back as they are.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import TYPE_CHECKING

import attrs

from pdfcore import pagespec
from pdfcore.errors import PdfcoreError
from pdfcore.models import DocumentFacts, DocumentSource, PageText, Table
from pdfcore.results.reading import ReadPagesResult
from pdfcore.services.documents import DocumentService

if TYPE_CHECKING:  # built only when a table backend is configured
    from pdfcore.services.tables import PageTables, TableService
    from ports.table_extractor import TableExtractor

log = logging.getLogger(__name__)


#: Documents :meth:`TableReader.prepare` remembers having prepared.
PREPARED_KEPT = 64
#: Pages whose tables :class:`TableReader` remembers having read (see ``_done``): more than a
#: read_all builds ahead of the page it waits for (``read_all.BUILD_AHEAD_PAGES``).
DONE_KEPT = 128
#: Table reads started ahead (:meth:`TableReader.ahead`) kept for their page's own read; the
#: oldest are dropped (cancelled when not started) past this many.
AHEAD_KEPT = 512


def _prepare(extractor: TableExtractor, source: DocumentSource) -> None:
    try:
        extractor.prepare(source)
    except PdfcoreError as exc:  # the table calls report it (or the text read does)
        log.debug("preparing the table engine failed: %s", exc.code)


class TableReader:
    """``tables`` builds the table service on first use (None: no table backend), so a read
    that never looks for tables does not load it."""

    def __init__(self, tables: Callable[[], TableService | None], documents: DocumentService) -> None:
        self._make = tables
        self._tables: list[TableService | None] = []
        self._lock = threading.Lock()
        self.documents = documents
        #: Documents the table engine was asked to prepare for (by digest, oldest first).
        self._prepared: dict[str, None] = {}
        #: (digest, page index) -> the page as handed in and as read, for the last pages read:
        #: a read loop holds the pages of a batch from before a neighbour's read updated them.
        self._done: dict[tuple[str, int], tuple[PageText, PageText]] = {}
        #: (digest, page index) -> the page handed to :meth:`ahead` and its tables (read, or on
        #: their way), for the page's own read to take.
        self._ahead: OrderedDict[tuple[str, int], tuple[PageText, Future[PageTables] | PageTables]] = OrderedDict()
        self._threads: ThreadPoolExecutor | None = None

    @property
    def tables(self) -> TableService | None:
        if not self._tables:
            with self._lock:
                if not self._tables:
                    self._tables.append(self._make())
        return self._tables[0]

    def prepare(self, source: DocumentSource, facts: DocumentFacts, first: int) -> None:
        """A read that will ask for the tables of pages from ``first`` (0-based) on is starting:
        the table engine loads itself and parses the document in the background (in one of
        several engine workers, while the others extract the text), unless that page's tables
        were read already or there is no worker to spare. Once per document; failures are left
        to the table calls themselves to report."""
        tables = self.tables
        if tables is None or getattr(tables.extractor, "parallelism", 1) < 2 or not 0 <= first < facts.page_count:
            return
        key = source.fingerprint.sha256
        with self._lock:
            if key in self._prepared:
                return
            self._prepared[key] = None
            while len(self._prepared) > PREPARED_KEPT:
                self._prepared.pop(next(iter(self._prepared)))
        cached = self.documents.cached_pages(source, [first], facts).get(first)
        if cached is not None and cached.tables_checked:
            return
        threading.Thread(
            target=_prepare, args=(tables.extractor, source), name="pdfcore-tables-ahead", daemon=True
        ).start()

    def prepare_pages(self, source: DocumentSource, facts: DocumentFacts, pages: str | int) -> None:
        """:meth:`prepare` for a read of ``pages`` (a page spec; a bad one is left to the read)."""
        try:
            first = pagespec.resolve(pages, facts.page_count, [p.label for p in facts.pages])[:1]
        except PdfcoreError:
            return
        if first:
            self.prepare(source, facts, first[0])

    def ahead(self, source: DocumentSource, facts: DocumentFacts, pages: Sequence[PageText]) -> None:
        """A read is about to build ``pages``: where to look is decided for each (in this
        thread) and the table engine is asked for all of them at once, on as many engine
        workers as it has, instead of one page after the other as each is built; each page's
        own read (:meth:`page`) takes its result. Nothing to do without a table backend or with
        one worker."""
        tables = self.tables
        workers = getattr(tables.extractor, "parallelism", 1) if tables is not None else 1
        if tables is None or workers < 2:
            return
        from pdfcore.services.table_regions import candidate_regions
        from pdfcore.services.tables import PageTables

        digest = source.fingerprint.sha256
        for page in pages:
            key = (digest, page.index)
            with self._lock:
                if page.tables_checked or key in self._ahead or self._done.get(key, (None,))[0] is page:
                    continue
            info = facts.pages[page.index]
            regions = candidate_regions(page, info.width, info.height)
            found: Future[PageTables] | PageTables = PageTables()
            if regions:
                found = self._executor(workers).submit(tables.read, source, page, regions, info.width, info.height)
            with self._lock:
                self._ahead[key] = (page, found)
                while len(self._ahead) > AHEAD_KEPT:
                    _, (_, old) = self._ahead.popitem(last=False)
                    if isinstance(old, Future):
                        old.cancel()

    def ready(self, source: DocumentSource, page: PageText, seconds: float) -> bool:
        """Whether ``page``'s tables asked for by :meth:`ahead` are read, after waiting at most
        ``seconds`` for them (True when none are on their way)."""
        _, early = self._known(source, page, take=False)
        if not isinstance(early, Future):
            return True
        wait([early], timeout=seconds)
        return early.done()

    def settled(self, source: DocumentSource, page: PageText) -> bool:
        """Whether :meth:`page` would answer for ``page`` at once without a table: its tables
        are read (asked for by :meth:`ahead`, or read already from this very page) and none was
        found, so no engine call, no wait and no neighbouring page is needed."""
        if page.tables_checked:
            return not page.tables
        read, found = self._known(source, page, take=False)
        if read is not None:
            return not read.tables
        if found is None:
            return False
        if isinstance(found, Future):
            if not found.done() or found.cancelled() or found.exception() is not None:
                return False
            found = found.result()
        return not found.tables

    def _known(
        self, source: DocumentSource, page: PageText, *, take: bool
    ) -> tuple[PageText | None, Future[PageTables] | PageTables | None]:
        """What is known already of ``page``'s tables (for :meth:`ready`, :meth:`settled` and
        :meth:`_read` alike): the page as :meth:`_read` gave it, when read from this very page
        object, and its tables asked for by :meth:`ahead` for this very page object (read, or on
        their way); None for either not known. ``take``: the page's
        own read takes what :meth:`ahead` asked for (for any page object: one handed in before
        the page changed is of no use to any later read either)."""
        key = (source.fingerprint.sha256, page.index)
        with self._lock:
            done = self._done.get(key)
            early = self._ahead.pop(key, None) if take else self._ahead.get(key)
        read = done[1] if done is not None and done[0] is page else None
        return read, early[1] if early is not None and early[0] is page else None

    def _executor(self, workers: int) -> ThreadPoolExecutor:
        with self._lock:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pdfcore-tables")
            return self._threads

    def page(self, source: DocumentSource, facts: DocumentFacts, page: PageText) -> PageText:
        """The page with its tables read (cached with the page), each linked to its parts on
        the neighbouring pages."""
        page = self._read(source, facts, page)
        if not page.tables or self.tables is None:
            return page
        from pdfcore.services.table_breaks import continues, may_go_on, may_go_on_from

        tables = list(page.tables)
        width = facts.pages[page.index].width
        if page.index + 1 < facts.page_count and may_go_on(page):
            nxt = self._neighbour(source, facts, page.index + 1)
            pair = continues(page, nxt, width) if nxt is not None else None
            if pair is not None:
                k = page.tables.index(pair[0])
                tables[k] = attrs.evolve(tables[k], continued_on=page.index + 1)
        if page.index > 0 and may_go_on_from(page):
            prev = self._neighbour(source, facts, page.index - 1)
            pair = continues(prev, page, facts.pages[page.index - 1].width) if prev is not None else None
            if pair is not None:
                k = page.tables.index(pair[1])
                tables[k] = attrs.evolve(tables[k], continued_from=page.index - 1)
        return attrs.evolve(page, tables=tuple(tables))

    def _neighbour(self, source: DocumentSource, facts: DocumentFacts, index: int) -> PageText | None:
        got = self.documents.pages(source, [index], facts).pages.get(index)
        return None if got is None else self._read(source, facts, got)

    def _read(self, source: DocumentSource, facts: DocumentFacts, page: PageText) -> PageText:
        """The page with its own tables read (the result replaces the cached page)."""
        if page.tables_checked or self.tables is None:
            return page
        read, early = self._known(source, page, take=True)
        if read is not None:
            # read already (as a neighbour) from this very page, handed in again by a caller
            # that holds it from before the cache was updated
            return read
        info = facts.pages[page.index]
        if early is None:
            found = self.tables.page_tables(source, page, info.width, info.height)
        else:
            found = early.result() if isinstance(early, Future) else early
        tables = tuple(
            Table(
                header=t.header,
                rows=t.rows,
                bbox=t.bbox,
                page=page.index,
                low_confidence=bool(t.low_confidence),
                header_cells=t.header_cells or (),
                body_spans=t.body_spans or (),
            )
            for t in found.tables
        )
        warnings = page.warnings + (("tables_skipped",) if found.skipped else ())
        updated = attrs.evolve(page, tables=tables, tables_checked=True, warnings=warnings)
        with self._lock:
            self._done[(source.fingerprint.sha256, page.index)] = (page, updated)
            while len(self._done) > DONE_KEPT:
                self._done.pop(next(iter(self._done)))
        self.documents.replace_page(source, updated, facts)
        return updated

    def add_to(self, source: DocumentSource, facts: DocumentFacts, result: ReadPagesResult) -> ReadPagesResult:
        """``result`` with the tables of each of its pages (and their count)."""
        if self.tables is None or not result.pages:
            return result
        from pdfcore.services.tables import table_out

        got = self.documents.pages(source, [p.page - 1 for p in result.pages], facts).pages
        self.ahead(source, facts, [got[p.page - 1] for p in result.pages])
        outs = []
        total = 0
        for p in result.pages:
            page = self.page(source, facts, got[p.page - 1])
            info = facts.pages[page.index]
            tables = tuple(
                table_out(attrs.evolve(t, page=page.index) if t.page is None else t, info.width, info.height)
                for t in page.tables
            )
            total += len(tables)
            outs.append(attrs.evolve(p, tables=tables, table_count=len(tables)))
        return attrs.evolve(result, pages=tuple(outs), total_tables=total)
