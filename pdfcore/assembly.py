"""The services of one :class:`~pdfcore.api.Pdfcore`, built on first use from its backends.

:func:`pdfcore.bootstrap.build` chooses the backends (adapters behind the ports) and hands them
to :class:`Services`, which builds each use-case service the first time it is asked for, from
the backends, the settings and the other services it needs (typed, narrow dependencies; no
service sees the façade). Every service is built once, under one re-entrant lock, by the one
mechanism :class:`_Service`; building a Pdfcore, as the server does at start-up, imports no
service module. :meth:`Services.capabilities` reports what the backends that loaded allow.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Required, TypedDict, TypeVar, overload

from pdfcore._version import __version__
from pdfcore.config import Settings, to_mapping
from pdfcore.errors import BackendUnavailable, OcrUnavailable, PdfcoreError
from pdfcore.models import DocumentFacts, PageText
from pdfcore.nextcalls import call
from pdfcore.services.sources import PathPolicy, SourceResolver
from pdfcore.services.stores import DocumentStores
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

if TYPE_CHECKING:
    from pdfcore.charts.service import ChartService
    from pdfcore.results.capabilities import Capabilities, OcrCapability
    from pdfcore.services.agent import AgentSurface
    from pdfcore.services.cache import CacheService
    from pdfcore.services.corpus import CorpusService
    from pdfcore.services.document_search import DocumentSearch
    from pdfcore.services.documents import DocumentService
    from pdfcore.services.embedding_jobs import EmbeddingJobs
    from pdfcore.services.extras import ExtrasService
    from pdfcore.services.info import InfoService
    from pdfcore.services.markdown import MarkdownService
    from pdfcore.services.ocr import OcrService
    from pdfcore.services.page_reading import PageReader
    from pdfcore.services.page_rendering import PageRenderer
    from pdfcore.services.places import RefBook
    from pdfcore.services.profile import DocumentProfile
    from pdfcore.services.quotes import QuoteService
    from pdfcore.services.reading import ReadService
    from pdfcore.services.rendering import RenderService
    from pdfcore.services.search import SearchService
    from pdfcore.services.semantic import SemanticIndex
    from pdfcore.services.table_reading import TableReader
    from pdfcore.services.tables import TableService

S = TypeVar("S")
_MISSING = object()


class _Service(Generic[S]):
    """A service built on first use, once per :class:`Services` (thread-safe: services that
    need other services build them in turn under the same re-entrant lock)."""

    def __init__(self, make: Callable[[Services], S]) -> None:
        self.make = make
        self.name = make.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type) -> _Service[S]: ...

    @overload
    def __get__(self, obj: Services, owner: type) -> S: ...

    def __get__(self, obj: Services | None, owner: type) -> _Service[S] | S:
        if obj is None:
            return self
        found = obj.__dict__.get(self.name, _MISSING)
        if found is _MISSING:
            with obj._lock:
                found = obj.__dict__.get(self.name, _MISSING)
                if found is _MISSING:
                    found = obj.__dict__[self.name] = self.make(obj)
        return found  # type: ignore[no-any-return]


class Backends(TypedDict, total=False):
    """The backends :func:`pdfcore.bootstrap.build` hands to a Pdfcore (keyword arguments): the
    adapters it chose, or factories of those built when first needed; None for one that is not
    there."""

    text: Required[TextExtractor]
    renderer: Required[Renderer]
    store: Store | None
    fetcher: Fetcher | None
    backend_names: dict[str, str] | None
    backend_problems: dict[str, str] | None
    lifecycle: Sequence[Any]
    ephemeral_store: Callable[[], Store] | None
    embedder: Embedder | None
    executor_factory: Callable[[], WarmExecutor] | None
    extras: DocumentExtras | None
    attachment_reader: AttachmentReader | None
    ocr_engine: Callable[[], OcrEngine] | None
    tables: TableExtractor | None
    images: ImageProcessor | None
    scorer: VectorScorer | None
    vectors: VectorSource | None
    words: WordList | None


class Services:
    """The backends of one Pdfcore and the services built from them."""

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
        executor_factory: Callable[[], WarmExecutor] | None = None,
        extras: DocumentExtras | None = None,
        attachment_reader: AttachmentReader | None = None,
        ocr_engine: Callable[[], OcrEngine] | None = None,
        tables: TableExtractor | None = None,
        images: ImageProcessor | None = None,
        scorer: VectorScorer | None = None,
        vectors: VectorSource | None = None,
        words: WordList | None = None,
    ) -> None:
        self.settings = settings
        self.text = text
        self.renderer = renderer
        self.store = store
        self.fetcher = fetcher
        self.embedder = embedder
        self.document_extras = extras
        self.attachment_reader = attachment_reader
        self.table_extractor = tables
        self.images = images
        self.scorer = scorer
        #: The common words of English, for words broken at a line end (None: not loaded).
        self.words = words
        self.backend_names = dict(backend_names or {})
        self.backend_problems = dict(backend_problems or {})
        #: Resources with optional prestart()/warm()/close() (engine worker pools, ...), owned here.
        self.lifecycle = list(lifecycle)
        self._executor_factory = executor_factory
        self._ocr_engine_factory = ocr_engine
        #: The vector source of chart reading (None when no backend loaded).
        self.vectors = vectors
        self.policy = PathPolicy.from_settings(settings.paths)
        self.sources = SourceResolver(
            self.policy,
            max_file_bytes=settings.limits.max_file_bytes,
            store=store,
            fetcher=fetcher,
            urls=settings.urls,
            download_dir=os.path.join(settings.cache.dir, "downloads"),
        )
        self.stores = DocumentStores(store, ephemeral_store)
        self._lock = threading.RLock()

    # -- documents, reading, rendering -------------------------------------------------------

    @_Service
    def documents(self) -> DocumentService:
        from pdfcore.services.documents import DocumentService

        ex = self.settings.extraction
        running_heads, join_hyphenation, words = ex.running_heads, ex.join_hyphenation, self.words

        def finish(page: PageText, facts: DocumentFacts, profile: DocumentProfile) -> PageText:
            # Imported when a page is first finished: calls that need no page text (render,
            # info from the cache) do not load the layout code.
            from pdfcore.services.quality import finish_page

            return finish_page(
                page, facts, profile, running_heads=running_heads, join_hyphenation=join_hyphenation, common=words
            )

        return DocumentService(self.text, self.store, finish, common=words)

    @_Service
    def info(self) -> InfoService:
        from pdfcore.services.info import InfoService

        return InfoService(self.documents, injection_phrases=self.settings.content_trust.injection_phrases)

    @_Service
    def reading(self) -> ReadService:
        from pdfcore.services.reading import ReadService

        limits = self.settings.limits
        return ReadService(
            self.documents,
            max_response_bytes=limits.effective_response_bytes,
            max_pages_per_call=limits.max_pages,
            parallelism=int(getattr(self.text, "parallelism", 1)),
        )

    @_Service
    def tables(self) -> TableReader:
        from pdfcore.services.table_reading import TableReader

        extractor = self.table_extractor

        def service() -> TableService | None:
            if extractor is None:
                return None
            from pdfcore.services.tables import TableService

            return TableService(extractor, self.words)

        return TableReader(service, self.documents)

    @_Service
    def page_reader(self) -> PageReader:
        from pdfcore.services.page_reading import PageReader

        return PageReader(
            self.documents,
            self.reading,
            self.tables,
            ocr=lambda: self.ocr,
            markdown=lambda: self.markdown,
            count_charts=lambda source, page: self.charts.count_charts(source, page),
        )

    @_Service
    def markdown(self) -> MarkdownService:
        from pdfcore.services.markdown import MarkdownService

        tables = self.tables.page if self.table_extractor is not None else None
        return MarkdownService(self.documents, tables, join_hyphenation=self.settings.extraction.join_hyphenation)

    @_Service
    def rendering(self) -> RenderService:
        from pdfcore.services.rendering import RenderService

        limits = self.settings.limits
        return RenderService(self.renderer, max_pages=limits.max_render_pages, byte_budget=limits.render_byte_budget)

    @_Service
    def page_renderer(self) -> PageRenderer:
        from pdfcore.services.page_rendering import PageRenderer

        return PageRenderer(self.documents, self.rendering, lambda: self.refs)

    @_Service
    def charts(self) -> ChartService:
        if self.vectors is None:
            raise BackendUnavailable(
                "Chart reading is not available on this server: "
                + self.backend_problems.get("charts", "no chart vector source is configured."),
                recovery=f"Render the page ({call('render')}) and read the chart from the image.",
            )
        from pdfcore.charts.service import ChartService

        return ChartService(
            self.vectors,
            self.renderer,
            images=self.images,
            byte_budget=self.settings.limits.render_byte_budget,
        )

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

    def ocr_engine(self) -> OcrEngine:
        """The configured OCR engine (``[backends] ocr``; ``auto`` = the best installed one)."""
        if self._ocr_engine_factory is None:
            raise OcrUnavailable(
                "No OCR engine is configured on this server.",
                recovery="Omit ocr, or install one: apt-get install tesseract-ocr and pip install 'pdfcore[ocr]'.",
            )
        return self._ocr_engine_factory()

    # -- search, refs, quotes ----------------------------------------------------------------

    @_Service
    def semantic_index(self) -> SemanticIndex | None:
        if self.embedder is None or self.scorer is None:
            return None
        from pdfcore.services.semantic import SemanticIndex

        stores = self.stores
        return SemanticIndex(self.embedder, lambda facts: stores.for_document(facts.private), self.scorer)

    @_Service
    def embedding_jobs(self) -> EmbeddingJobs | None:
        """The process's background embedding queue (one worker; see embedding_jobs)."""
        if self.semantic_index is None:
            return None
        from pdfcore.services.embedding_jobs import EmbeddingJobs

        return EmbeddingJobs(self.semantic_index)

    def semantic_problem(self) -> str:
        """Why semantic search is unavailable (when it is)."""
        if self.embedder is not None and self.scorer is None:
            return self.backend_problems.get("scorer", "no vector scorer is configured")
        return self.backend_problems.get("embedder", "no embedding backend is configured")

    @_Service
    def search(self) -> SearchService:
        from pdfcore.services.search import SearchService

        s = self.settings
        stores = self.stores
        return SearchService(
            self.documents,
            lambda facts: stores.for_document(facts.private),
            max_response_bytes=s.limits.effective_response_bytes,
            semantic=self.semantic_index,
            confidence_threshold=s.embedding.confidence_threshold,
        )

    @_Service
    def refs(self) -> RefBook:
        from pdfcore.services.page_rendering import page_figures
        from pdfcore.services.places import RefBook

        stores, documents = self.stores, self.documents
        return RefBook(
            lambda source, encrypted: stores.for_document(encrypted),
            lambda source, index: page_figures(documents, source, index),
        )

    @_Service
    def document_search(self) -> DocumentSearch:
        from pdfcore.services.document_search import DocumentSearch

        return DocumentSearch(
            self.documents,
            self.search,
            self.extras,
            self.refs,
            self.stores,
            semantic=self.semantic_index,
            semantic_problem=self.semantic_problem(),
            jobs=self.embedding_jobs,
        )

    @_Service
    def quotes(self) -> QuoteService:
        from pdfcore.services.quotes import QuoteService

        search, extras = self.search, self.extras
        return QuoteService(
            self.documents,
            lambda source, facts: search.ensure_indexed(source, facts),
            placeholders=extras.xfa_placeholder_pages,
        )

    # -- attachments, forms, links, annotations, XFA -----------------------------------------

    @_Service
    def extras(self) -> ExtrasService:
        from pdfcore.services.extras import ExtrasService

        return ExtrasService(
            self.document_extras,
            self.documents,
            attachment_reader=self.attachment_reader,
            images=self.images,
            max_response_bytes=self.settings.limits.effective_response_bytes,
        )

    # -- the compact profile, corpus, cache ----------------------------------------------------

    @_Service
    def agent(self) -> AgentSurface:
        from pdfcore.services.agent import AgentSurface

        return AgentSurface(
            self.documents,
            self.reading,
            self.tables,
            self.search,
            self.document_search,
            self.extras,
            self.renderer,
            self.refs,
            self.markdown,
            ocr=lambda: self.ocr,
        )

    def warm_one(self, path: str, *, embeddings: bool = False, password: str | None = None) -> dict[str, Any]:
        """Extract, index (and embed) one document into the cache; the unit of corpus warming.
        Done when the pages are in the cache (other processes read them)."""
        source = self.sources.resolve(path, password)
        facts, _ = self.documents.facts(source)
        outcome = self.document_search.warm(source, facts, embeddings=embeddings)
        self.flush()
        return outcome

    @_Service
    def corpus(self) -> CorpusService:
        from pdfcore.services.corpus import CorpusService

        s = self.settings
        return CorpusService(
            self.policy,
            self.sources,
            self.documents,
            self.store,
            semantic=self.semantic_index,
            semantic_problem=self.semantic_problem(),
            warm_one=lambda path, embeddings: self.warm_one(path, embeddings=embeddings),
            job_settings=to_mapping(s),
            executor_factory=self._executor_factory,
            max_file_bytes=s.limits.max_file_bytes,
            confidence_threshold=s.embedding.confidence_threshold,
            jobs=self.embedding_jobs,
        )

    @_Service
    def cache(self) -> CacheService:
        from pdfcore.services.cache import CacheService

        return CacheService(self.settings.cache, self.stores, self.fetcher, flush=self.flush, forget=self._forget)

    def _forget(self) -> None:
        """Drop what the services built so far keep in memory of documents."""
        documents, extras = self.built("documents"), self.built("extras")
        jobs, index = self.built("embedding_jobs"), self.built("semantic_index")
        if jobs is not None:  # vectors being made would be written into the cleared cache
            jobs.cancel_all()
        info = self.built("info")
        if info is not None and info.rest is not None:  # so would pages
            info.rest.cancel_all()
        if index is not None:
            index.forget()
        if documents is not None:
            documents.forget_memory()
        if extras is not None:
            extras.forget()

    # -- what is built, what is possible -------------------------------------------------------

    def built(self, name: str) -> Any:
        """The service ``name`` when it has been built, else None (nothing is built)."""
        return self.__dict__.get(name)

    def build_all(self) -> None:
        """Build every service now (importing their modules), instead of on first use; a service
        whose backend is unavailable is left unbuilt."""
        for name, attr in type(self).__dict__.items():
            if isinstance(attr, _Service):
                try:
                    getattr(self, name)
                except BackendUnavailable:
                    continue

    def ocr_capability(self) -> OcrCapability:
        from pdfcore.results.capabilities import OcrCapability

        try:
            engine = self.ocr_engine()
        except PdfcoreError as exc:
            return OcrCapability(available=False, reason=exc.message, install=exc.recovery)
        return OcrCapability(
            available=True, engine=str(getattr(engine, "name", "?")), languages=self.settings.ocr.languages
        )

    def capabilities(self) -> Capabilities:
        from pdfcore.results.capabilities import Capabilities

        s = self.settings
        semantic = self.embedder is not None and self.scorer is not None
        modes = ("keyword", "regex", "semantic", "auto") if semantic else ("keyword", "regex", "auto")
        return Capabilities(
            version=__version__,
            backends=dict(self.backend_names),
            backend_problems=dict(self.backend_problems),
            ocr=self.ocr_capability(),
            extras=self.document_extras is not None,
            images=self.images is not None,
            tables=self.table_extractor is not None,
            charts=self.vectors is not None,
            crash_isolation=s.backends.isolation == "process",
            executor=self.backend_names.get("executor", "in-process"),
            search_modes=modes,
            embedding_model=self.embedder.model_name if semantic and self.embedder is not None else None,
            semantic_problem=None if semantic else self.semantic_problem(),
            persistent_index=self.store is not None,
            roots=tuple(self.policy.roots),
        )

    # -- engines and the cache's lifecycle -------------------------------------------------------

    def _engine_specs(self, *, tables: bool = False) -> list[str]:
        """The engines the workers should load ahead (those run in worker processes): text and
        rendering, and with ``tables`` the table engine (~0.1 s of imports per worker, which
        the first Markdown read would otherwise spend; not in the start that serves a first
        call)."""
        engines = (self.text, self.renderer, *((self.table_extractor,) if tables else ()))
        return [s for s in (getattr(e, "spec", None) for e in engines) if s]

    def prestart(self, count: int | None, *, tables: bool = False) -> None:
        """Start up to ``count`` engine workers (None: all) without waiting, loading the text and
        rendering engines; with ``tables`` the table engine too, in the workers already idle as
        well (the server does this once its first call is answered)."""
        specs = self._engine_specs(tables=tables)
        for item in self.lifecycle:
            prestart = getattr(item, "prestart", None)
            if callable(prestart):
                prestart(*specs, count=count)
            preload = getattr(item, "preload_idle", None)
            if tables and callable(preload):
                preload(*specs)

    def warm(self, *, store: bool, engines: bool) -> None:
        store_warm = getattr(self.store, "warm", None) if store else None
        opener = (
            threading.Thread(target=store_warm, name="pdfcore-store-warm", daemon=True)
            if callable(store_warm)
            else None
        )
        if opener is not None:
            opener.start()
        if store:
            import pdfcore.services.quality  # with pdfcore.layout: page finishing
            import pdfcore.services.table_breaks  # tables continued over pages
            import pdfcore.services.table_reading  # a page's tables, read once
            import pdfcore.services.tables  # noqa: F401 - with where to look (~0.02 s)

            _ = self.reading  # the read service (pdfcore.services.reading)
            words_warm = getattr(self.words, "warm", None)
            if callable(words_warm):
                words_warm()  # the word list of line-end hyphens (a few ms), off the first read
        for item in self.lifecycle if engines else ():
            warm = getattr(item, "warm", None)
            if callable(warm):
                warm(*self._engine_specs(tables=True))
        if opener is not None:
            opener.join()

    def flush(self) -> None:
        documents = self.built("documents")
        if documents is not None:
            documents.flush_writes()

    def close(self) -> None:
        jobs, info = self.built("embedding_jobs"), self.built("info")
        if jobs is not None:
            jobs.close()
        if info is not None:
            info.close()
        self.flush()
        corpus = self.built("corpus")
        if corpus is not None:
            corpus.close()
        self.stores.close()
        for item in self.lifecycle:
            closer = getattr(item, "close", None)
            if callable(closer):
                closer()
