"""The public Python API: one object, built by :func:`pdfcore.build`, one method per capability.

Every method takes the document as a local path (relative paths resolve under the first
configured root) or an ``https://`` URL, and an optional ``password``. Page numbers are 1-based.
Methods return frozen result objects (:mod:`pdfcore.results`); ``pdfcore.serde.unstructure``
turns them into the JSON shapes the MCP tools return. Errors are :class:`pdfcore.PdfcoreError`
subclasses with a stable ``code``.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

import attrs

from pdfcore import pagespec
from pdfcore._version import __version__
from pdfcore.config import Settings, to_mapping
from pdfcore.defaults import DEFAULT_MAX_CHARS, DEFAULT_MAX_CHARS_PER_PAGE, MAP_THRESHOLD_PAGES
from pdfcore.errors import BackendUnavailable, InvalidArgument, OcrUnavailable, PageOutOfRange, PdfcoreError
from pdfcore.geometry import parse_clip
from pdfcore.models import Clip, DocumentFacts, DocumentSource, PageText, Table
from pdfcore.services.sources import PathPolicy, SourceResolver
from ports.attachment_reader import AttachmentReader
from ports.document_extras import DocumentExtras
from ports.embedder import Embedder
from ports.fetcher import Fetcher
from ports.image_processor import ImageProcessor
from ports.ocr_engine import OcrEngine
from ports.renderer import Renderer
from ports.store import Store
from ports.table_extractor import TableExtractor
from ports.text_extractor import TextExtractor
from ports.vector_scorer import VectorScorer
from ports.vector_source import VectorSource

# The services (and their result classes) load on first use: building a Pdfcore, as the server
# does at start-up, imports none of them.
if TYPE_CHECKING:
    from pdfcore.charts import ChartService
    from pdfcore.extras import Attachment
    from pdfcore.results.agent import ViewResult
    from pdfcore.results.charts import ChartResult
    from pdfcore.results.corpus import CorpusSearchResult, ListResult, OverviewResult, WarmResult
    from pdfcore.results.extras import (
        AnnotationsResult,
        AttachmentResult,
        AttachmentsResult,
        ExtraMatch,
        FormsResult,
        LinksResult,
        PageExtrasResult,
        XfaStatus,
    )
    from pdfcore.results.info import InfoResult, TocResult
    from pdfcore.results.ocr import OcrReport
    from pdfcore.results.quotes import QuoteResult
    from pdfcore.results.reading import PageOut, ReadAllResult, ReadPagesResult
    from pdfcore.results.render import RenderResult
    from pdfcore.results.search import SearchResult, SectionResult
    from pdfcore.services.agent import AgentSurface
    from pdfcore.services.corpus import CorpusService
    from pdfcore.services.documents import DocumentService
    from pdfcore.services.extras import ExtrasService
    from pdfcore.services.info import InfoService
    from pdfcore.services.markdown import MarkdownService
    from pdfcore.services.ocr import OcrService
    from pdfcore.services.profile import DocumentProfile
    from pdfcore.services.quotes import QuoteService
    from pdfcore.services.reading import ReadService
    from pdfcore.services.rendering import RenderService
    from pdfcore.services.search import SearchService
    from pdfcore.services.semantic import SemanticIndex
    from pdfcore.services.tables import TableService

S = TypeVar("S")


class _Service(Generic[S]):
    """A service built on first use, once per Pdfcore (thread-safe; services that need other
    services build them in turn under the same re-entrant lock)."""

    def __init__(self, make: Callable[[Pdfcore], S]) -> None:
        self.make = make
        self.name = make.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type) -> _Service[S]: ...

    @overload
    def __get__(self, obj: Pdfcore, owner: type) -> S: ...

    def __get__(self, obj: Pdfcore | None, owner: type) -> _Service[S] | S:
        if obj is None:
            return self
        found = obj.__dict__.get(self.name, _MISSING)
        if found is _MISSING:
            with obj._services_lock:
                found = obj.__dict__.get(self.name, _MISSING)
                if found is _MISSING:
                    found = obj.__dict__[self.name] = self.make(obj)
        return found  # type: ignore[no-any-return]


_MISSING = object()

log = logging.getLogger(__name__)


def _check_password(password: object) -> str | None:
    if password is None:
        return None
    if not isinstance(password, str):
        raise InvalidArgument("password must be a string.")
    if len(password) > 1024 or "\x00" in password:
        raise InvalidArgument("password is not a usable password (too long or contains NUL).")
    return password


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name} must be true or false.")
    return value


class Pdfcore:
    """pdfcore's capabilities over a set of backends (see :func:`pdfcore.build`)."""

    def __init__(
        self,
        settings: Settings,
        *,
        text: TextExtractor,
        renderer: Renderer,
        store: Store | None = None,
        fetcher: Fetcher | None = None,
        backend_names: dict[str, str] | None = None,
        backend_problems: dict[str, str] | None = None,
        lifecycle: Sequence[Any] = (),
        ephemeral_store: Callable[[], Store] | None = None,
        embedder: Embedder | None = None,
        executor_factory: Callable[[], Any] | None = None,
        extras: DocumentExtras | None = None,
        attachment_reader: AttachmentReader | None = None,
        ocr_engine: Callable[[], OcrEngine] | None = None,
        tables: TableExtractor | None = None,
        images: ImageProcessor | None = None,
        scorer: VectorScorer | None = None,
        vectors: VectorSource | None = None,
    ) -> None:
        self.settings = settings
        self.text = text
        self.renderer = renderer
        self.store = store
        self.fetcher = fetcher
        self.backend_names = dict(backend_names or {})
        self.backend_problems = dict(backend_problems or {})
        #: Resources with optional warm()/close() (engine worker pools, ...), owned by this object.
        self.lifecycle = list(lifecycle)
        self.policy = PathPolicy.from_settings(settings.paths)
        self.sources = SourceResolver(
            self.policy,
            max_file_bytes=settings.limits.max_file_bytes,
            store=store,
            fetcher=fetcher,
            urls=settings.urls,
            download_dir=os.path.join(settings.cache.dir, "downloads"),
        )
        self._ephemeral_factory = ephemeral_store
        self._ephemeral: Store | None = None
        self._ephemeral_lock = threading.Lock()
        self.embedder = embedder
        self._executor_factory = executor_factory
        self._ocr_engine_factory = ocr_engine
        self._tables = tables
        self.images = images
        self.scorer = scorer
        #: Attachments, form fields, links, annotations and XFA (None when no backend loads).
        self.extras = extras
        self.attachment_reader = attachment_reader
        #: The vector source of chart reading (None when no backend loads).
        self.vectors = vectors
        self._services_lock = threading.RLock()

    # -- services (built on first use) -------------------------------------------------------

    @_Service
    def documents(self) -> DocumentService:
        from pdfcore.services.documents import DocumentService

        ex = self.settings.extraction
        running_heads, join_hyphenation = ex.running_heads, ex.join_hyphenation

        def finish(page: PageText, facts: DocumentFacts, profile: DocumentProfile) -> PageText:
            # Imported when a page is first finished: calls that need no page text (render,
            # info from the cache) do not load the layout code.
            from pdfcore.services.quality import finish_page

            return finish_page(page, facts, profile, running_heads=running_heads, join_hyphenation=join_hyphenation)

        return DocumentService(self.text, self.store, finish)

    @_Service
    def markdown(self) -> MarkdownService:
        from pdfcore.services.markdown import MarkdownService

        tables = self.page_tables if self.tables_service is not None else None
        return MarkdownService(self.documents, tables, join_hyphenation=self.settings.extraction.join_hyphenation)

    @_Service
    def semantic_index(self) -> SemanticIndex | None:
        if self.embedder is None or self.scorer is None:
            return None
        from pdfcore.services.semantic import SemanticIndex

        return SemanticIndex(self.embedder, self._index_store, self.scorer)

    @_Service
    def corpus(self) -> CorpusService:
        from pdfcore.services.corpus import CorpusService

        return CorpusService(self, self._executor_factory)

    @_Service
    def agent(self) -> AgentSurface:
        from pdfcore.services.agent import AgentSurface

        return AgentSurface(self)

    @_Service
    def tables_service(self) -> TableService | None:
        if self._tables is None:
            return None
        from pdfcore.services.tables import TableService

        return TableService(self._tables)

    @_Service
    def ocr(self) -> OcrService:
        from pdfcore.services.ocr import OcrService

        s = self.settings
        return OcrService(
            self.documents,
            self.renderer,
            self.ocr_engine,
            default_languages=s.ocr.languages,
            max_pages=s.ocr.max_pages_per_call,
            min_confidence=s.ocr.min_confidence,
            call_seconds=max(10.0, s.limits.call_timeout_seconds * 0.9),
        )

    @_Service
    def _search(self) -> SearchService:
        from pdfcore.services.search import SearchService

        s = self.settings
        return SearchService(
            self.documents,
            self._index_store,
            max_response_bytes=s.limits.effective_response_bytes,
            semantic=self.semantic_index,
            confidence_threshold=s.embedding.confidence_threshold,
        )

    @_Service
    def _info(self) -> InfoService:
        from pdfcore.services.info import InfoService

        return InfoService(self.documents, injection_phrases=self.settings.content_trust.injection_phrases)

    @_Service
    def _reader(self) -> ReadService:
        from pdfcore.services.reading import ReadService

        limits = self.settings.limits
        return ReadService(
            self.documents,
            max_response_bytes=limits.effective_response_bytes,
            max_pages_per_call=limits.max_pages,
            parallelism=int(getattr(self.text, "parallelism", 1)),
        )

    @_Service
    def _renderer(self) -> RenderService:
        from pdfcore.services.rendering import RenderService

        limits = self.settings.limits
        return RenderService(self.renderer, max_pages=limits.max_render_pages, byte_budget=limits.render_byte_budget)

    @_Service
    def extras_service(self) -> ExtrasService:
        from pdfcore.services.extras import ExtrasService

        return ExtrasService(
            self.extras,
            self.documents,
            attachment_reader=self.attachment_reader,
            images=self.images,
            max_response_bytes=self.settings.limits.effective_response_bytes,
        )

    @_Service
    def _quotes(self) -> QuoteService:
        from pdfcore.services.quotes import QuoteService

        return QuoteService(
            self.documents,
            lambda source, facts: self._search.ensure_indexed(source, facts),
            placeholders=self.extras_service.xfa_placeholder_pages,
        )

    def load_services(self) -> None:
        """Build every service now (importing their modules), instead of on first use."""
        for name, attr in type(self).__dict__.items():
            if isinstance(attr, _Service):
                getattr(self, name)

    # -- documents -------------------------------------------------------------------------

    def open(self, path: str, password: str | None = None) -> DocumentSource:
        """Resolve ``path`` (policy, existence, fingerprint) without reading pages."""
        return self.sources.resolve(path, _check_password(password))

    def info(
        self, path: str, *, password: str | None = None, detail: bool = False, content_trust: bool = False
    ) -> InfoResult:
        source = self.open(path, password)
        return self._info.info(
            source, detail=_check_bool("detail", detail), trust=_check_bool("content_trust", content_trust)
        )

    def toc(self, path: str, *, password: str | None = None) -> TocResult:
        return self._info.toc(self.open(path, password))

    def read_pages(
        self,
        path: str,
        pages: str | int | None = None,
        *,
        password: str | None = None,
        max_chars: int = DEFAULT_MAX_CHARS,
        max_chars_per_page: int = DEFAULT_MAX_CHARS_PER_PAGE,
        ocr: bool = False,
        ocr_lang: str | None = None,
        detect_charts: bool = False,
        format: str = "text",
        use_structure_tree: bool = True,
        max_tokens: int | None = None,
    ) -> ReadPagesResult:
        """Read pages. Without ``pages``: the whole document when it has at most 20 pages, else
        its map (``document_map``: outline, quality by page range, the next calls) and no text.

        ``format="markdown"``: each page's structured Markdown in ``markdown`` (headings, lists,
        tables and figures in place; ``text`` empty), the budgets counting it.
        ``use_structure_tree=False`` ignores a tagged PDF's structure tree (headings from the
        outline and typography only)."""
        from pdfcore.services.reading import check_format

        markdown = check_format(format) == "markdown"
        use_tree = _check_bool("use_structure_tree", use_structure_tree)
        source = self.open(path, password)
        # The services a call uses are built (their modules imported) before it waits for the
        # engine's facts: on a first call the imports then run while an engine worker works.
        reader = self._reader
        facts, _ = self.documents.facts(source)
        if pages is None or pages == "":
            if facts.page_count > MAP_THRESHOLD_PAGES:
                from pdfcore.results.reading import ReadPagesResult

                dmap = reader.document_map(source, facts, path_hint=repr(source.display_name or path))
                return ReadPagesResult(
                    pages=(),
                    hidden_text_detected=False,
                    total_chars=0,
                    estimated_tokens=0,
                    cache_hits=0,
                    total_images=0,
                    document_map=dmap,
                    notices=(
                        f"The document has {facts.page_count} pages (over {MAP_THRESHOLD_PAGES}): this is its map, "
                        "not its text. Name pages to read them, or search first.",
                    ),
                )
            if facts.page_count == 0:
                raise InvalidArgument("The document has no pages.")
            pages = f"1-{facts.page_count}"
        report = None
        if _check_bool("ocr", ocr):
            indexes = pagespec.resolve(pages, facts.page_count, [p.label for p in facts.pages])
            report = self.ocr.run(source, facts, indexes, languages=ocr_lang)
        render = self._page_markdown(source, facts, use_tree) if markdown else None
        result = reader.read_pages(
            source,
            facts,
            pages,
            max_chars=max_chars,
            max_chars_per_page=max_chars_per_page,
            markdown=render,
            max_tokens=max_tokens,
        )
        result = self.with_tables(source, facts, result)
        if report is not None:
            from pdfcore.serde import unstructure

            result = attrs.evolve(result, ocr=unstructure(report))
        if _check_bool("detect_charts", detect_charts):
            result = attrs.evolve(result, pages=tuple(self._with_chart_count(source, p) for p in result.pages))
        return result

    def page_tables(self, source: DocumentSource, facts: DocumentFacts, page: PageText) -> PageText:
        """The page with its tables read (once: the result is cached with the page). Table reading
        runs only where the page's geometry suggests a table (ruling lines, aligned columns)."""
        if page.tables_checked or self.tables_service is None:
            return page
        info = facts.pages[page.index]
        found = self.tables_service.page_tables(source, page, info.width, info.height)
        tables = tuple(
            Table(
                header=t.header,
                rows=t.rows,
                bbox=t.bbox,
                page=page.index,
                low_confidence=bool(t.low_confidence),
                continued_from=None if t.continued_from is None else t.continued_from - 1,
                continued_on=None if t.continued_on is None else t.continued_on - 1,
            )
            for t in found.tables
        )
        warnings = page.warnings + (("tables_skipped",) if found.skipped else ())
        updated = attrs.evolve(page, tables=tables, tables_checked=True, warnings=warnings)
        self.documents.replace_page(source, updated, facts)
        return updated

    def with_tables(self, source: DocumentSource, facts: DocumentFacts, result: ReadPagesResult) -> ReadPagesResult:
        if self.tables_service is None or not result.pages:
            return result
        from pdfcore.services.tables import table_out

        got = self.documents.pages(source, [p.page - 1 for p in result.pages], facts).pages
        outs = []
        total = 0
        for p in result.pages:
            page = self.page_tables(source, facts, got[p.page - 1])
            info = facts.pages[page.index]
            tables = tuple(
                table_out(attrs.evolve(t, page=page.index) if t.page is None else t, info.width, info.height)
                for t in page.tables
            )
            total += len(tables)
            outs.append(attrs.evolve(p, tables=tables, table_count=len(tables)))
        return attrs.evolve(result, pages=tuple(outs), total_tables=total)

    def _with_chart_count(self, source: DocumentSource, page: PageOut) -> PageOut:
        """``charts_detected``: chart panels found by a cheap signature check; null when the check
        could not finish (unknown, not chart-free)."""
        try:
            count: int | None = self._charts().count_charts(source, page.page - 1)
        except PdfcoreError:
            count = None
        return attrs.evolve(page, charts_detected=count)

    def _page_markdown(self, source: DocumentSource, facts: DocumentFacts, use_tree: bool) -> Callable[[PageText], str]:
        md = self.markdown
        style = md.style(source, facts, use_structure_tree=use_tree)
        return lambda page: md.page_markdown(source, facts, page, style)

    def read_all(
        self,
        path: str,
        *,
        start_page: int = 1,
        max_pages: int = 50,
        password: str | None = None,
        format: str = "text",
        use_structure_tree: bool = True,
        max_tokens: int | None = None,
    ) -> ReadAllResult:
        """The document's pages from ``start_page`` within the response byte cap; with
        ``format="markdown"`` as one Markdown document in ``markdown`` (``full_text`` empty)."""
        from pdfcore.services.reading import check_format

        markdown = check_format(format) == "markdown"
        use_tree = _check_bool("use_structure_tree", use_structure_tree)
        source = self.open(path, password)
        reader = self._reader
        facts, _ = self.documents.facts(source)
        if not markdown:
            return reader.read_all(source, facts, start_page=start_page, max_pages=max_pages, max_tokens=max_tokens)
        md = self.markdown
        style = md.style(source, facts, use_structure_tree=use_tree)
        return reader.read_all(
            source,
            facts,
            start_page=start_page,
            max_pages=max_pages,
            structure=lambda page: md.structure(source, facts, page, style),
            document=lambda pages: md.document_markdown(facts, pages),
            max_tokens=max_tokens,
        )

    def render_pages(
        self,
        path: str,
        pages: str | int | None = None,
        *,
        dpi: float = 200,
        clip: Sequence[float] | Clip | None = None,
        ref: str | None = None,
        password: str | None = None,
    ) -> RenderResult:
        """Render pages, a clip of one page, or the place a ref names (``ref`` alone)."""
        source = self.open(path, password)
        renderer = self._renderer
        facts = self.documents.known_facts(source)
        first = pagespec.single_page(pages) if facts is None and ref is None else None
        if first is not None:
            # A document seen for the first time: render the page without inspecting the whole
            # document first (its facts are read when a call needs them). Past the end, the
            # facts give the page range for the error.
            region = clip if isinstance(clip, Clip) or clip is None else parse_clip(clip)
            try:
                return renderer.render(source, None, first + 1, dpi=dpi, clip=region)
            except PageOutOfRange:
                pass
        if facts is None:
            facts, _ = self.documents.facts(source)
        if ref is not None:
            if pages not in (None, "") or clip is not None:
                raise InvalidArgument(
                    "ref already names a page and a region: pass ref alone, without pages or clip.",
                    recovery="Call pdf_render_pages(path, ref='...') alone.",
                )
            found = self.agent.refs.resolve(source, ref, encrypted=facts.private)
            info = facts.pages[found.page]
            from pdfcore.services.agent import _around

            return renderer.render(
                source, facts, found.page + 1, dpi=dpi, clip=_around(found.bbox, info.width, info.height, found.kind)
            )
        if pages in (None, ""):
            raise InvalidArgument("pages is required (or pass ref).", recovery="Pass pages='1' or a ref from a search.")
        region = clip if isinstance(clip, Clip) or clip is None else parse_clip(clip)
        return renderer.render(source, facts, pages, dpi=dpi, clip=region)

    # -- charts ----------------------------------------------------------------------------

    def extract_chart(
        self,
        path: str,
        page: int,
        *,
        hints: Mapping[str, str] | None = None,
        max_points: int = 24,
        include_render: bool = False,
        password: str | None = None,
    ) -> ChartResult:
        """Data of the vector charts on ``page`` (1-based), calibrated against their tick labels."""
        if isinstance(page, bool) or not isinstance(page, int) or page < 1:
            raise InvalidArgument("page must be a page number (1 or more).")
        include = _check_bool("include_render", include_render)
        source = self.open(path, password)
        return self._charts().extract(source, page - 1, hints=hints, max_points=max_points, include_render=include)

    def _charts(self) -> ChartService:
        service: ChartService | None = getattr(self, "_chart_service", None)
        if service is None:
            from pdfcore.charts import ChartService

            if self.vectors is None:
                reason = self.backend_problems.get("charts", "no chart backend was given")
                raise BackendUnavailable(
                    f"Chart reading is not available on this server ({reason}).",
                    recovery="Render the page (pdf_render_pages) and read the chart from the image.",
                )
            service = ChartService(
                self.vectors, self.renderer, images=self.images, byte_budget=self.settings.limits.render_byte_budget
            )
            self._chart_service = service
        return service

    # -- search ----------------------------------------------------------------------------

    def _index_store(self, facts: DocumentFacts) -> Store:
        """Where a document's index lives: the persistent store, except for documents that need a
        password (their text never goes to disk) or when the cache is disabled: then a
        process-private one."""
        if self.store is not None and not facts.private:
            return self.store
        with self._ephemeral_lock:
            if self._ephemeral is None:
                if self._ephemeral_factory is None:
                    raise BackendUnavailable("No index store is available for this document.")
                self._ephemeral = self._ephemeral_factory()
            return self._ephemeral

    def search(
        self,
        path: str,
        query: str,
        *,
        mode: str = "auto",
        granularity: str = "page",
        max_results: int = 10,
        context_chars: int = 200,
        excerpt_style: str = "paragraph",
        pages: str | int | None = None,
        password: str | None = None,
    ) -> SearchResult | SectionResult:
        """Search one document. ``mode``: auto | keyword | regex (| semantic when available);
        ``granularity``: page | section."""
        # Pages extracted for a first search are written to the cache once it has its answer.
        with self.documents.deferred_writes():
            if mode not in ("auto", "keyword", "regex", "semantic"):
                raise InvalidArgument("mode must be one of auto, keyword, regex, semantic.")
            if granularity not in ("page", "section"):
                raise InvalidArgument("granularity must be 'page' or 'section'.")
            source = self.open(path, password)
            search = self._search
            facts, _ = self.documents.facts(source)
            if granularity == "section":
                if mode == "regex":
                    raise InvalidArgument("regex mode searches pages; use granularity='page'.")
                return search.section_search(source, facts, query)
            if mode == "regex":
                return self._with_refs(
                    source,
                    facts,
                    search.regex(
                        source, facts, query, max_results=max_results, context_chars=context_chars, pages=pages
                    ),
                )
            options: dict[str, Any] = {
                "max_results": max_results,
                "context_chars": context_chars,
                "excerpt_style": excerpt_style,
                "pages": pages,
            }
            if mode != "semantic":
                self._prefetch_extras(source, facts)
            if mode == "semantic":
                if self.semantic_index is None:
                    raise BackendUnavailable(
                        f"Semantic search is not available on this server: {self.semantic_problem()}",
                        recovery="Use mode='keyword', or install pdfcore[semantic] (server_info lists the modes).",
                    )
                return self._with_refs(
                    source,
                    facts,
                    self._with_extras(
                        source, facts, search.semantic(source, facts, query, **options), query, mode, pages
                    ),
                )
            if mode == "auto" and self.semantic_index is not None:
                try:
                    hybrid = search.hybrid(source, facts, query, **options)
                    return self._with_refs(source, facts, self._with_extras(source, facts, hybrid, query, mode, pages))
                except BackendUnavailable as exc:
                    reason = exc.message
                else:  # pragma: no cover - returned above
                    reason = ""
            else:
                reason = self.semantic_problem()
            result = search.keyword(source, facts, query, **options)
            if mode == "auto":
                result = attrs.evolve(result, semantic_unavailable=True, semantic_unavailable_reason=reason)
            return self._with_refs(source, facts, self._with_extras(source, facts, result, query, mode, pages))

    def _prefetch_extras(self, source: DocumentSource, facts: DocumentFacts) -> None:
        """On a document's first search (indexing ahead), read its form fields in the
        background: the engine workers do it while this process finishes and indexes the pages,
        instead of after. (Links and annotations come with the page text.)"""
        if (
            self.extras_service is None
            or not facts.has_acroform
            or self._index_store(facts).is_indexed(source.fingerprint.sha256)
        ):
            return
        service = self.extras_service

        def run() -> None:
            try:
                service.form_widgets(source, facts)
            except PdfcoreError as exc:  # the search reads them itself, and reports what fails
                log.debug("extras prefetch skipped: %s", exc.code)

        threading.Thread(target=run, name="pdfcore-extras-prefetch", daemon=True).start()

    def _with_extras(
        self, source: DocumentSource, facts: DocumentFacts, result: SearchResult, query: str, mode: str, pages: Any
    ) -> SearchResult:
        """Add hits in form fields, links and annotations (labelled by origin) and the XFA note."""
        scope = self._search._scope(facts, pages)
        wanted = set(scope) if scope is not None else set(range(facts.page_count))
        extras: tuple[Any, ...] = ()
        if self.extras_service is not None:
            annotated = self.extras_service.annotated_pages(source, facts)
            if annotated is not None:  # every page is cached
                with_annots = sorted(annotated & wanted)
                uncached: set[int] = set()
            else:
                all_pages = self.documents.cached_pages(source, sorted(wanted), facts)
                with_annots = sorted(i for i in wanted if i in all_pages and all_pages[i].annotation_count > 0)
                uncached = wanted - set(all_pages)
            if with_annots or facts.has_acroform or facts.has_xfa:
                try:
                    extras = self.search_extras(
                        source,
                        facts,
                        query,
                        mode="regex" if mode == "regex" else "keyword",
                        pages=sorted(set(with_annots) | (wanted if facts.has_acroform or facts.has_xfa else set())),
                        # pages not in the cache (none after indexing) are asked for theirs too
                        annotated_pages=sorted(set(with_annots) | uncached),
                    )
                except PdfcoreError as exc:
                    log.info("extras search skipped: %s", exc.code)
        placeholders: list[int] = []
        if facts.has_xfa and self.extras_service is not None:
            placeholders = sorted(i + 1 for i in self.xfa_placeholder_pages(source, facts) if i in wanted)
        note = None
        if placeholders:
            note = (
                f"Pages {pagespec.format_ranges(placeholders)} are a dynamic XFA form's viewer placeholder "
                '("Please wait..."): the form\'s content is not in them, so a miss there is not evidence of '
                "absence. Open the file in Adobe Acrobat/Reader; rendering shows only the placeholder."
            )
        return attrs.evolve(
            result,
            extra_matches=extras or None,
            xfa_placeholder_pages=pagespec.format_ranges(placeholders) if placeholders else None,
            xfa_note=note,
        )

    def _with_refs(self, source: DocumentSource, facts: DocumentFacts, result: SearchResult) -> SearchResult:
        """Give every hit a ref (``p{page}m{k}``) that pdf_render_pages(ref=...) crops to; the
        search replaces the document's ref set."""
        from pdfcore.results.agent import Place
        from pdfcore.services.places import locate

        pages = self.documents.pages(source, sorted({m.page - 1 for m in result.matches}), facts).pages
        per_page: dict[int, int] = {}
        places = []
        matches = []
        for m in result.matches:
            k = per_page[m.page] = per_page.get(m.page, 0) + 1
            ref = f"p{m.page}m{k}"
            page = pages[m.page - 1]
            _key, box, text = locate(page, m.position, m.position + 1)
            if m.bbox is not None and (box.width <= 0 or box.height <= 0):
                box = m.bbox
            places.append(Place(ref=ref, page=m.page - 1, text=text, count=max(1, m.match_count), bbox=box))
            matches.append(attrs.evolve(m, ref=ref))
        self.agent.refs.replace(source, places, encrypted=facts.private)
        return attrs.evolve(result, matches=tuple(matches))

    def semantic_problem(self) -> str:
        if self.embedder is not None and self.scorer is None:
            return self.backend_problems.get("scorer", "no vector scorer is configured")
        return self.backend_problems.get("embedder", "no embedding backend is configured")

    # -- attachments, forms, links, annotations, XFA ---------------------------------------

    def attachments(self, path: str, *, password: str | None = None) -> AttachmentsResult:
        """The files embedded in the document (document level and file-attachment annotations)."""
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self.extras_service.attachments(source, facts)

    def attachment(self, path: str, name_or_index: str | int, *, password: str | None = None) -> AttachmentResult:
        """One embedded file by name or 1-based number: text files (XML, JSON, CSV, TXT...) as text,
        images as PNG; other files raise ``unsupported_for_format``."""
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self.extras_service.attachment(source, facts, name_or_index)

    def attachment_bytes(
        self, path: str, name_or_index: str | int, *, password: str | None = None
    ) -> tuple[Attachment, bytes]:
        """One embedded file's description and raw bytes, whatever its type (for saving it)."""
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self.extras_service.attachment_bytes(source, facts, name_or_index)

    def forms(self, path: str, *, pages: str | int | None = None, password: str | None = None) -> FormsResult:
        """AcroForm fields (value, type, page, box, options, flags) and an XFA form's data values."""
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self.extras_service.forms(source, facts, pages)

    def links(self, path: str, *, pages: str | int | None = None, password: str | None = None) -> LinksResult:
        """Links of the selected pages (default: all): web addresses and targets inside the document."""
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self.extras_service.links(source, facts, pages)

    def annotations(
        self, path: str, *, pages: str | int | None = None, password: str | None = None
    ) -> AnnotationsResult:
        """Annotations (notes, highlights with the text they mark, stamps...) of the selected pages."""
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self.extras_service.annotations(source, facts, pages)

    def page_extras(
        self,
        path: str,
        *,
        pages: str | int | None = None,
        include: Sequence[str] = ("links", "annotations", "form_fields"),
        password: str | None = None,
    ) -> PageExtrasResult:
        """Links, annotations and form fields of the selected pages (default: all) in one result."""
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self.extras_service.page_extras(source, facts, pages, include)

    def xfa(self, path: str, *, password: str | None = None) -> XfaStatus:
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self.extras_service.xfa_status(source, facts)

    def xfa_placeholder_pages(self, source: DocumentSource, facts: DocumentFacts) -> frozenset[int]:
        """0-based pages that only show an XFA viewer placeholder (for the read and search services)."""
        return self.extras_service.xfa_placeholder_pages(source, facts)

    def search_extras(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        query: str,
        *,
        mode: str = "keyword",
        pages: Sequence[int] | None = None,
        require_all: bool = True,
        max_results: int = 20,
        annotated_pages: Sequence[int] | None = None,
    ) -> tuple[ExtraMatch, ...]:
        """Matches of a search in form values, link targets and annotation texts (``origin`` says
        which), to merge into a page search's results. ``pages`` are 0-based; ``annotated_pages``
        (when known) the only ones whose annotations and links are read."""
        if self.extras is None:
            return ()
        from pdfcore.services.extras_search import search_extras

        return search_extras(
            self.extras_service,
            source,
            facts,
            query,
            mode=mode,
            pages=pages,
            require_all=require_all,
            max_results=max_results,
            annotated_pages=annotated_pages,
        )

    # -- quotes ----------------------------------------------------------------------------

    def verify_quote(
        self, path: str, text: str, *, pages: str | int | None = None, password: str | None = None
    ) -> QuoteResult:
        """Whether ``text`` occurs in the document: exact (after normalising whitespace, case,
        hyphenation, quote characters), fuzzy (similarity above a threshold) or not found, with the
        page, printed label, offsets in the page text, bbox and clip of the passage."""
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        return self._quotes.verify(source, facts, text, pages)

    # -- OCR -------------------------------------------------------------------------------

    def ocr_engine(self) -> OcrEngine:
        """The configured OCR engine (``[backends] ocr``; ``auto`` = the best installed one)."""
        if self._ocr_engine_factory is None:
            raise OcrUnavailable(
                "No OCR engine is configured on this server.",
                recovery="Omit ocr, or install one: apt-get install tesseract-ocr and pip install 'pdfcore[ocr]'.",
            )
        engine: OcrEngine = self._ocr_engine_factory()
        return engine

    def ocr_status(self) -> dict[str, Any]:
        try:
            engine = self.ocr_engine()
        except PdfcoreError as exc:
            return {"available": False, "reason": exc.message, "install": exc.recovery}
        return {"available": True, "engine": getattr(engine, "name", "?"), "languages": self.settings.ocr.languages}

    # -- the compact agent surface -----------------------------------------------------------

    def ref_store(self, source: DocumentSource, encrypted: bool) -> Store:
        """Where refs of a document live: the persistent store (so they survive restarts), except
        for encrypted documents, whose refs (with text snippets) stay in the private store."""
        if self.store is not None and not encrypted:
            return self.store
        with self._ephemeral_lock:
            if self._ephemeral is None:
                if self._ephemeral_factory is None:
                    raise BackendUnavailable("No store is available for refs.")
                self._ephemeral = self._ephemeral_factory()
            return self._ephemeral

    def read_pdf(
        self, path: str, pages: str | int | None = None, *, ocr: bool | str = False, password: str | None = None
    ) -> str:
        """Markdown: the pages (budgeted), or the document map for a long document without pages.
        ``ocr`` (true or languages like ``"jpn+eng"``) recognises pages without usable text first
        (at most 5 per call)."""
        note = ""
        if ocr:
            if pages in (None, ""):
                raise InvalidArgument("ocr needs pages: name the pages to recognise (at most 5 per call).")
            source = self.open(path, password)
            facts, _ = self.documents.facts(source)
            indexes = pagespec.resolve(pages, facts.page_count, [p.label for p in facts.pages])
            rep = self.ocr.run(source, facts, indexes, languages=ocr, max_pages=5, call_name="read_pdf")
            note = _ocr_note(rep)
        body = self.agent.read(path, pages, password=password)
        return body + ("\n\n" + note if note else "")

    def attachment_markdown(
        self, path: str, which: str | int, *, password: str | None = None
    ) -> str | tuple[str, bytes]:
        """An embedded file for the compact read: Markdown text, or (caption, PNG) for an image."""
        return self.agent.attachment(path, which, password=password)

    def search_pdf(
        self, path: str, query: str, *, pages: str | int | None = None, regex: bool = False, password: str | None = None
    ) -> str:
        """Markdown: hits collapsed per line with refs (``p47m1``); replaces the source's ref set."""
        markdown, _places = self.agent.search(
            path, query, pages=pages, regex=_check_bool("regex", regex), password=password
        )
        return markdown

    def render_pdf(
        self,
        path: str,
        *,
        pages: str | int | None = None,
        ref: str | None = None,
        region: Sequence[float] | None = None,
        password: str | None = None,
    ) -> ViewResult:
        """Pages fitted to a 1568 px long side (listing visual regions with refs), a region, or a ref."""
        return self.agent.render(path, pages=pages, ref=ref, region=region, password=password)

    # -- corpus ----------------------------------------------------------------------------

    def settings_mapping(self) -> dict[str, Any]:
        """The settings as a plain mapping (what warm jobs carry to their workers)."""
        return to_mapping(self.settings)

    def warm_one(self, path: str, *, embeddings: bool = False, password: str | None = None) -> dict[str, Any]:
        """Extract, index (and embed) one document into the cache; the unit of corpus warming."""
        source = self.open(path, password)
        facts, _ = self.documents.facts(source)
        store = self._index_store(facts)
        digest = source.fingerprint.sha256
        want_vectors = embeddings and self.semantic_index is not None
        had = store.is_indexed(digest) and (
            not want_vectors or (self.semantic_index is not None and self.semantic_index.has_vectors(source, facts))
        )
        self._search.ensure_indexed(source, facts)
        if want_vectors and self.semantic_index is not None:
            self.semantic_index.vectors(source, facts, lambda: self._search._all_pages(source, facts))
        has_vectors = bool(self.semantic_index is not None and self.semantic_index.has_vectors(source, facts))
        self.flush()  # warming is done when the pages are in the cache (other processes read them)
        return {"status": "cached" if had else "warmed", "pages": facts.page_count, "embeddings_cached": has_vectors}

    def corpus_warm(
        self,
        paths: str | Sequence[str],
        *,
        budget_seconds: float = 45,
        embeddings: bool = False,
        recursive: bool = False,
        progress: Callable[[int, int, str], None] | None = None,
    ) -> WarmResult:
        return self.corpus.warm(
            paths,
            budget_seconds=budget_seconds,
            recursive=_check_bool("recursive", recursive),
            embeddings=_check_bool("embeddings", embeddings),
            progress=progress,
        )

    def corpus_overview(
        self,
        paths: str | Sequence[str],
        *,
        budget_seconds: float = 45,
        recursive: bool = False,
        offset: int = 0,
        limit: int = 100,
    ) -> OverviewResult:
        return self.corpus.overview(
            paths,
            budget_seconds=budget_seconds,
            recursive=_check_bool("recursive", recursive),
            offset=offset,
            limit=limit,
        )

    def corpus_search(
        self,
        paths: str | Sequence[str],
        query: str,
        *,
        mode: str = "auto",
        top_k: int = 10,
        excerpt_style: str = "snippet",
        context_chars: int = 200,
        budget_seconds: float = 45,
        recursive: bool = False,
    ) -> CorpusSearchResult:
        return self.corpus.search(
            paths,
            query,
            mode=mode,
            top_k=top_k,
            excerpt_style=excerpt_style,
            context_chars=context_chars,
            budget_seconds=budget_seconds,
            recursive=_check_bool("recursive", recursive),
        )

    def list_documents(
        self, folder: str | None = None, *, recursive: bool = True, offset: int = 0, limit: int = 100
    ) -> ListResult:
        return self.corpus.list_documents(
            folder, recursive=_check_bool("recursive", recursive), offset=offset, limit=limit
        )

    # -- cache -----------------------------------------------------------------------------

    def cache_stats(self) -> dict[str, Any]:
        self.flush()
        out: dict[str, Any] = {"cache_dir": self.settings.cache.dir, "cache_ttl_hours": self.settings.cache.ttl_hours}
        if self.store is not None:
            st = self.store.stats()
            out.update(
                total_files=st.total_files,
                total_pages=st.total_pages,
                total_images=st.total_images,
                total_embeddings=st.total_embeddings,
                total_ocr_pages=st.total_ocr_pages,
                cache_size_bytes=st.size_bytes,
                cache_size_mb=round(st.size_bytes / (1024 * 1024), 2),
                index_path=st.path,
                rows_by_table=dict(st.rows_by_table),
            )
        else:
            out["cache_enabled"] = False
        url_stats = getattr(self.fetcher, "stats", None)
        if callable(url_stats):
            out["url_cache"] = url_stats()
        return out

    def cache_clear(self, *, expired_only: bool = True) -> dict[str, Any]:
        expired_only = _check_bool("expired_only", expired_only)
        self.flush()
        cleared = self.store.clear(expired_only=expired_only) if self.store is not None else 0
        url_files = 0
        if not expired_only:
            clear_urls = getattr(self.fetcher, "clear", None)
            if callable(clear_urls):
                url_files = int(clear_urls())
            if self._ephemeral is not None:
                self._ephemeral.clear(expired_only=False)
        for name, forget in (("documents", "forget_memory"), ("extras_service", "forget")):
            service = self.__dict__.get(name)
            if service is not None:
                getattr(service, forget)()
        what = "expired entries" if expired_only else "everything, including downloaded URLs"
        return {
            "expired_only": expired_only,
            "cleared_files": cleared,
            "cleared_downloads": url_files,
            "message": f"Cleared {what}: {cleared} document(s)"
            + (f", {url_files} download(s)." if not expired_only else "."),
        }

    # -- the server ------------------------------------------------------------------------

    def search_modes(self) -> list[str]:
        if self.semantic_index is not None:
            return ["keyword", "regex", "semantic", "auto"]
        return ["keyword", "regex", "auto"]

    def server_info(self) -> dict[str, Any]:
        s = self.settings
        return {
            "version": __version__,
            "backends": dict(self.backend_names),
            "backend_problems": dict(self.backend_problems),
            "features": {
                "extraction": {
                    "text": {"available": True, "backend": self.backend_names.get("text", "?")},
                    "render": {"available": True, "backend": self.backend_names.get("renderer", "?")},
                    "hidden_text": {
                        "available": True,
                        "description": "invisible, tiny, transparent, white-on-white and off-page text is "
                        "flagged on every read (pdf_info content_trust=true for the report)",
                    },
                    "ocr": self.ocr_status(),
                    "column_aware": {"available": True},
                    "vertical_aware": {"available": True},
                    "crash_isolation": {
                        "available": s.backends.isolation == "process",
                        "description": "the PDF engine runs in worker processes; a crash or hang answers "
                        "extraction_failed and the worker is replaced",
                    },
                },
                "agent": {
                    "profiles": ["full", "compact"],
                    "refs": "durable (stored with the document's content digest)",
                    "resources": ["pdf://info/{+path}", "pdf://text/{page}/{+path}", "pdf://image/{page}/{+path}"],
                    "attachments": {"available": self.extras is not None or self.attachment_reader is not None},
                    "forms_links_annotations": {"available": self.extras is not None},
                    "quote_verification": {"available": True},
                    "page_labels": {"available": True},
                },
                "corpus": {
                    "tools": ["pdf_corpus_warm", "pdf_corpus_overview", "pdf_corpus_search", "pdf_list_documents"],
                    "max_files": None,
                    "budget_seconds_range": [1, 300],
                    "executor": self.backend_names.get("executor", "in-process"),
                    "modes_available": [m for m in self.search_modes() if m != "regex"],
                },
                "search": {
                    "modes_available": self.search_modes(),
                    "default_mode": "auto",
                    "granularities": ["page", "section"],
                    "cjk_keyword": True,
                    "regex": {"page_seconds": 0.5, "call_seconds": 5.0},
                    "index": "persistent" if self.store is not None else "per-process",
                    **(
                        {"embedding_model": self.embedder.model_name, "auto": "hybrid (keyword + semantic, RRF)"}
                        if self.embedder is not None
                        else {"semantic_unavailable_reason": self.semantic_problem(), "auto": "keyword"}
                    ),
                },
            },
            "config": {
                "max_response_bytes": s.limits.effective_response_bytes,
                "cache_dir": s.cache.dir,
                "cache_ttl_hours": s.cache.ttl_hours,
                "roots": list(self.policy.roots),
                "effective": to_mapping(s),
            },
        }

    def _engine_specs(self) -> list[str]:
        """The engines the workers should load ahead (those run in worker processes)."""
        return [s for s in (getattr(self.text, "spec", None), getattr(self.renderer, "spec", None)) if s]

    def prestart(self, count: int | None = 1) -> None:
        """Start ``count`` engine workers (``None``: all of them) now, without waiting for them
        (the rest start with :meth:`warm` or when a call needs them)."""
        for item in self.lifecycle:
            prestart = getattr(item, "prestart", None)
            if callable(prestart):
                prestart(*self._engine_specs(), count=count)

    def warm(self, *, store: bool = True, engines: bool = True) -> None:
        """Start engine workers and load engines now instead of on the first call; the cache
        store is opened (and its schema checked) alongside, and the code that reads and
        finishes pages is imported (~0.04 s the first call would spend). ``store``/``engines``
        pick one."""
        store_warm = getattr(self.store, "warm", None) if store else None
        opener = (
            threading.Thread(target=store_warm, name="pdfcore-store-warm", daemon=True)
            if callable(store_warm)
            else None
        )
        if opener is not None:
            opener.start()
        if store:
            import pdfcore.services.quality  # noqa: F401 - with pdfcore.layout: page finishing

            _ = self._reader  # the read service (pdfcore.services.reading)
        for item in self.lifecycle if engines else ():
            warm = getattr(item, "warm", None)
            if callable(warm):
                warm(*self._engine_specs())
        if opener is not None:
            opener.join()

    def flush(self) -> None:
        """Wait until the pages extracted so far are written to the cache (they are written in
        the background, after the call that extracted them has answered)."""
        documents = self.__dict__.get("documents")
        if documents is not None:
            documents.flush_writes()

    def close(self) -> None:
        self.flush()
        corpus = self.__dict__.get("corpus")
        for item in [self.store, self._ephemeral, getattr(corpus, "_executor", None), *self.lifecycle]:
            closer = getattr(item, "close", None)
            if callable(closer):
                closer()


def _ocr_note(rep: OcrReport) -> str:
    parts = [f"_OCR ({rep.engine}, {rep.languages}):"]
    if rep.pages_recognised:
        parts.append(f"recognised pages {pagespec.format_ranges(list(rep.pages_recognised))}")
    if rep.pages_from_cache:
        parts.append(f"pages {pagespec.format_ranges(list(rep.pages_from_cache))} were already recognised")
    if rep.pages_with_usable_text:
        parts.append(
            f"pages {pagespec.format_ranges(list(rep.pages_with_usable_text))} have usable native text (not OCRed)"
        )
    if rep.pages_not_done:
        parts.append(f"NOT done: pages {rep.pages_not_done} ({rep.reason_not_done}); next: {rep.next_call}")
    return " ".join(parts) + "._"
