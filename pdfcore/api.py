"""The public Python API: one object, built by :func:`pdfcore.build`, one method per capability.

Every method takes the document as a local path (relative paths resolve under the first
configured root) or an ``https://`` URL, and an optional ``password``. Page numbers are 1-based.
Methods return frozen result objects (:mod:`pdfcore.results`); ``pdfcore.serde.unstructure``
turns them into the JSON shapes the MCP tools return. Errors are :class:`pdfcore.PdfcoreError`
subclasses with a stable ``code``.

:class:`Pdfcore` is a façade: it checks the arguments, opens the document and hands the call to
the use-case service of the capability (:class:`pdfcore.assembly.Services` builds each on first
use, so building a Pdfcore imports none of them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Unpack

from pdfcore.arguments import check_bool, check_password
from pdfcore.assembly import Backends, Services
from pdfcore.config import Settings
from pdfcore.defaults import DEFAULT_MAX_CHARS, DEFAULT_MAX_CHARS_PER_PAGE
from pdfcore.errors import InvalidArgument
from pdfcore.models import Clip, DocumentFacts, DocumentSource
from pdfcore.nextcalls import answering

if TYPE_CHECKING:
    from pdfcore import results
    from pdfcore.extras import Attachment
    from pdfcore.services.documents import DocumentService


class Pdfcore:
    """pdfcore's capabilities over a set of backends (see :func:`pdfcore.build`)."""

    def __init__(self, settings: Settings, **backends: Unpack[Backends]) -> None:
        """``backends``: the adapters :func:`pdfcore.build` chose (see :class:`~pdfcore.assembly.Backends`)."""
        self.settings = settings
        #: The backends and the services built from them (for embedders and tests that need a
        #: service itself; the methods below are the API).
        self.services = Services(settings, **backends)

    @property
    def documents(self) -> DocumentService:
        """The document service: facts and finished pages, from memory, the cache or the engine."""
        return self.services.documents

    def capabilities(self) -> results.Capabilities:
        """What this instance can do, from the backends that actually loaded."""
        return self.services.capabilities()

    # -- documents -------------------------------------------------------------------------

    def open(self, path: str, password: str | None = None) -> DocumentSource:
        """Resolve ``path`` (policy, existence, fingerprint) without reading pages."""
        return self.services.sources.resolve(path, check_password(password))

    def _document(self, path: str, password: str | None) -> tuple[DocumentSource, DocumentFacts]:
        source = self.open(path, password)
        return source, self.services.documents.facts(source)[0]

    def info(
        self, path: str, *, password: str | None = None, detail: bool = False, content_trust: bool = False
    ) -> results.InfoResult:
        detail, trust = check_bool("detail", detail), check_bool("content_trust", content_trust)
        return self.services.info.info(self.open(path, password), detail=detail, trust=trust)

    def toc(self, path: str, *, password: str | None = None) -> results.TocResult:
        return self.services.info.toc(self.open(path, password))

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
    ) -> results.ReadPagesResult:
        """Read pages. Without ``pages``: the whole document when it has at most 20 pages, else
        its map (``document_map``: outline, quality by page range, the next calls) and no text.
        ``format="markdown"``: each page's structured Markdown in ``markdown`` (``text`` empty);
        ``use_structure_tree=False`` ignores a tagged PDF's structure tree; ``max_tokens`` caps the
        estimated tokens beside ``max_chars`` (the tighter wins)."""
        ocr, detect_charts = check_bool("ocr", ocr), check_bool("detect_charts", detect_charts)
        markdown, use_tree = self.services.page_reader.options(format, use_structure_tree)
        source = self.open(path, password)
        return self.services.page_reader.read_pages(
            source,
            pages,
            name=source.display_name or path,
            max_chars=max_chars,
            max_chars_per_page=max_chars_per_page,
            ocr=ocr,
            ocr_lang=ocr_lang,
            detect_charts=detect_charts,
            markdown=markdown,
            use_structure_tree=use_tree,
            max_tokens=max_tokens,
        )

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
    ) -> results.ReadAllResult:
        """The pages from ``start_page`` within the response byte cap (and ``max_tokens``);
        ``format="markdown"``: one Markdown document in ``markdown`` (``full_text`` empty)."""
        markdown, use_tree = self.services.page_reader.options(format, use_structure_tree)
        return self.services.page_reader.read_all(
            self.open(path, password),
            start_page=start_page,
            max_pages=max_pages,
            markdown=markdown,
            use_structure_tree=use_tree,
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
    ) -> results.RenderResult:
        """Render pages, a clip of one page, or the place a ref names (``ref`` alone)."""
        source = self.open(path, password)
        return self.services.page_renderer.render_pages(source, pages, dpi=dpi, clip=clip, ref=ref)

    def extract_chart(
        self,
        path: str,
        page: int,
        *,
        hints: Mapping[str, str] | None = None,
        max_points: int = 24,
        include_render: bool = False,
        password: str | None = None,
    ) -> results.ChartResult:
        """Data of the vector charts on ``page`` (1-based), calibrated against their tick labels."""
        if isinstance(page, bool) or not isinstance(page, int) or page < 1:
            raise InvalidArgument("page must be a page number (1 or more).")
        include = check_bool("include_render", include_render)
        source = self.open(path, password)
        return self.services.charts.extract(
            source, page - 1, hints=hints, max_points=max_points, include_render=include
        )

    # -- search and quotes -------------------------------------------------------------------

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
        max_tokens: int | None = None,
        budget_seconds: float = 20.0,
        progress: Callable[[int, int], None] | None = None,
    ) -> results.SearchResult | results.SectionResult:
        """Search one document. ``mode``: auto | keyword | regex (| semantic when available);
        ``granularity``: page | section. ``max_tokens``: the matches (sections) cut to that many
        estimated tokens (the first always kept; ``matches_cut_by_tokens`` counts the rest). ``auto``
        never waits for vectors; ``semantic`` waits at most ``budget_seconds`` (``progress(embedded,
        pages)`` hears of each step)."""
        search = self.services.document_search
        search.check(mode, granularity, max_tokens)
        return search.search(
            self.open(path, password),
            query,
            mode=mode,
            granularity=granularity,
            max_results=max_results,
            context_chars=context_chars,
            excerpt_style=excerpt_style,
            pages=pages,
            max_tokens=max_tokens,
            budget_seconds=budget_seconds,
            progress=progress,
        )

    def verify_quote(
        self, path: str, text: str, *, pages: str | int | None = None, password: str | None = None
    ) -> results.QuoteResult:
        """Whether ``text`` occurs in the document: exact (after normalising whitespace, case,
        hyphenation, quote characters), fuzzy (similarity above a threshold) or not found, with the
        page, printed label, offsets in the page text, bbox and clip of the passage."""
        return self.services.quotes.verify(*self._document(path, password), text, pages)

    # -- attachments, forms, links, annotations, XFA ---------------------------------------

    def attachments(self, path: str, *, password: str | None = None) -> results.AttachmentsResult:
        """The files embedded in the document (document level and file-attachment annotations)."""
        return self.services.extras.attachments(*self._document(path, password))

    def attachment(
        self, path: str, name_or_index: str | int, *, password: str | None = None
    ) -> results.AttachmentResult:
        """One embedded file by name or 1-based number: text files (XML, JSON, CSV, TXT...) as text,
        images as PNG; other files raise ``unsupported_for_format``."""
        return self.services.extras.attachment(*self._document(path, password), name_or_index)

    def attachment_bytes(
        self, path: str, name_or_index: str | int, *, password: str | None = None
    ) -> tuple[Attachment, bytes]:
        """One embedded file's description and raw bytes, whatever its type (for saving it)."""
        return self.services.extras.attachment_bytes(*self._document(path, password), name_or_index)

    def forms(self, path: str, *, pages: str | int | None = None, password: str | None = None) -> results.FormsResult:
        """AcroForm fields (value, type, page, box, options, flags) and an XFA form's data values."""
        return self.services.extras.forms(*self._document(path, password), pages)

    def links(self, path: str, *, pages: str | int | None = None, password: str | None = None) -> results.LinksResult:
        """Links of the selected pages (default: all): web addresses and targets inside the document."""
        return self.services.extras.links(*self._document(path, password), pages)

    def annotations(
        self, path: str, *, pages: str | int | None = None, password: str | None = None
    ) -> results.AnnotationsResult:
        """Annotations (notes, highlights with the text they mark, stamps...) of the selected pages."""
        return self.services.extras.annotations(*self._document(path, password), pages)

    def page_extras(
        self,
        path: str,
        *,
        pages: str | int | None = None,
        include: Sequence[str] = ("links", "annotations", "form_fields"),
        password: str | None = None,
    ) -> results.PageExtrasResult:
        """Links, annotations and form fields of the selected pages (default: all) in one result."""
        return self.services.extras.page_extras(*self._document(path, password), pages, include)

    def xfa(self, path: str, *, password: str | None = None) -> results.XfaStatus:
        return self.services.extras.xfa_status(*self._document(path, password))

    # -- the compact agent surface -----------------------------------------------------------

    def read_pdf(
        self,
        path: str,
        pages: str | int | None = None,
        *,
        ocr: bool | str = False,
        password: str | None = None,
        max_tokens: int | None = None,
    ) -> str:
        """Markdown: the pages (budgeted; ``max_tokens`` beside the character budget), or the
        document map for a long document without pages. ``ocr`` (true or languages like
        ``"jpn+eng"``) recognises pages without usable text first (at most 5 per call)."""
        with answering("compact"):
            agent = self.services.agent
            agent.check_read(pages, ocr)
            source = self.open(path, password)
            return agent.read(source, pages, name=source.display_name or path, ocr=ocr, max_tokens=max_tokens)

    def attachment_markdown(
        self, path: str, which: str | int, *, password: str | None = None
    ) -> str | tuple[str, bytes]:
        """An embedded file for the compact read: Markdown text, or (caption, PNG) for an image."""
        with answering("compact"):
            return self.services.agent.attachment(self.open(path, password), which)

    def search_pdf(
        self,
        path: str,
        query: str,
        *,
        pages: str | int | None = None,
        regex: bool = False,
        password: str | None = None,
        max_tokens: int | None = None,
    ) -> str:
        """Markdown: the pages holding the query, best first, with refs (``p47m1``); ``max_tokens``
        keeps the rows that fit (the first always). Replaces the source's ref set."""
        with answering("compact"):
            regex, source = check_bool("regex", regex), self.open(path, password)
            return self.services.agent.search(source, query, pages=pages, regex=regex, max_tokens=max_tokens)[0]

    def render_pdf(
        self,
        path: str,
        *,
        pages: str | int | None = None,
        ref: str | None = None,
        region: Sequence[float] | None = None,
        password: str | None = None,
    ) -> results.ViewResult:
        """Pages fitted to a 1568 px long side (listing visual regions with refs), a region, or a ref."""
        with answering("compact"):
            agent = self.services.agent
            agent.check_render(pages, ref, region)
            return agent.render(self.open(path, password), pages=pages, ref=ref, region=region)

    # -- corpus ----------------------------------------------------------------------------

    def corpus_warm(
        self,
        paths: str | Sequence[str],
        *,
        budget_seconds: float = 45,
        embeddings: bool = False,
        recursive: bool = False,
        progress: Callable[[int, int, str], None] | None = None,
    ) -> results.WarmResult:
        recursive, embeddings = check_bool("recursive", recursive), check_bool("embeddings", embeddings)
        return self.services.corpus.warm(
            paths, budget_seconds=budget_seconds, recursive=recursive, embeddings=embeddings, progress=progress
        )

    def corpus_overview(
        self,
        paths: str | Sequence[str],
        *,
        budget_seconds: float = 45,
        recursive: bool = False,
        offset: int = 0,
        limit: int = 100,
    ) -> results.OverviewResult:
        recursive = check_bool("recursive", recursive)
        corpus = self.services.corpus
        return corpus.overview(paths, budget_seconds=budget_seconds, recursive=recursive, offset=offset, limit=limit)

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
        max_tokens: int | None = None,
        progress: Callable[[int, int, str], None] | None = None,
    ) -> results.CorpusSearchResult:
        """Search every PDF of a folder (or a list); ``progress(done, total, path)`` hears of
        each document indexed within ``budget_seconds``."""
        return self.services.corpus.search(
            paths,
            query,
            mode=mode,
            top_k=top_k,
            excerpt_style=excerpt_style,
            context_chars=context_chars,
            budget_seconds=budget_seconds,
            recursive=check_bool("recursive", recursive),
            max_tokens=max_tokens,
            progress=progress,
        )

    def list_documents(
        self, folder: str | None = None, *, recursive: bool = True, offset: int = 0, limit: int = 100
    ) -> results.ListResult:
        recursive = check_bool("recursive", recursive)
        return self.services.corpus.list_documents(folder, recursive=recursive, offset=offset, limit=limit)

    # -- cache and lifecycle -----------------------------------------------------------------

    def cache_stats(self) -> dict[str, Any]:
        return self.services.cache.stats()

    def cache_clear(self, *, expired_only: bool = True) -> dict[str, Any]:
        return self.services.cache.clear(expired_only=check_bool("expired_only", expired_only))

    def warm(self, *, store: bool = True, engines: bool = True) -> None:
        """Start engine workers and load engines (text, rendering, tables) now instead of on the
        first call, open the cache store, import the code that reads pages and their tables and
        load the word list of line-end hyphens; ``store``/``engines`` pick one."""
        self.services.warm(store=store, engines=engines)

    def flush(self) -> None:
        """Wait until the pages extracted so far are written to the cache (they are written in
        the background, after the call that extracted them has answered)."""
        self.services.flush()

    def close(self) -> None:
        self.services.close()
