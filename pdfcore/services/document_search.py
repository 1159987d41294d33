"""Searching one document as the API answers it, and warming a document for search.

:meth:`DocumentSearch.search` checks the arguments, runs the search the mode asks for (section,
regex, semantic, hybrid or keyword: ``auto`` is hybrid when semantic search is available and
keyword otherwise, saying why), adds the hits in form fields, links and annotations and the XFA
note (:meth:`with_extras`), and gives every page hit a ref (:meth:`with_refs`), which replaces
the document's ref set. Pages extracted for a first search are written to the cache once it has
its answer.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from pdfcore import pagespec
from pdfcore.errors import BackendUnavailable, InvalidArgument, PdfcoreError
from pdfcore.models import DocumentFacts, DocumentSource, PageText, VectorSet
from pdfcore.nextcalls import call, where
from pdfcore.results.agent import Place
from pdfcore.results.extras import ExtraMatch
from pdfcore.results.search import SearchResult, SectionResult
from pdfcore.services.budgets import check_max_tokens, matches_within
from pdfcore.services.documents import DocumentService
from pdfcore.services.embedding_jobs import EmbeddingJobs, PagesFor, ProgressFn
from pdfcore.services.extras import ExtrasService
from pdfcore.services.places import RefBook, locate
from pdfcore.services.search import SearchService, pending_fields
from pdfcore.services.semantic import SemanticIndex
from pdfcore.services.stores import DocumentStores

log = logging.getLogger(__name__)

MODES = ("auto", "keyword", "regex", "semantic")
#: How long ``mode="semantic"`` waits for a document's vectors before answering with those made.
SEMANTIC_BUDGET_S = 20.0
MAX_BUDGET_S = 300.0


def check_budget(seconds: object) -> float:
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds <= MAX_BUDGET_S:
        raise InvalidArgument(f"budget_seconds must be a number of seconds from 0 to {MAX_BUDGET_S:.0f}.")
    return float(seconds)


GRANULARITIES = ("page", "section")


class DocumentSearch:
    def __init__(
        self,
        documents: DocumentService,
        search: SearchService,
        extras: ExtrasService,
        refs: RefBook,
        stores: DocumentStores,
        *,
        semantic: SemanticIndex | None,
        semantic_problem: str,
        jobs: EmbeddingJobs | None = None,
    ) -> None:
        self.documents = documents
        self.search_service = search
        self.extras = extras
        self.refs = refs
        self.stores = stores
        self.semantic = semantic
        #: The background embedding queue (vectors are never made inside a search call).
        self.jobs = jobs
        #: Why semantic search is unavailable (when it is).
        self.semantic_problem = semantic_problem

    @staticmethod
    def check(mode: str, granularity: str, max_tokens: int | None = None) -> None:
        """Refuse a mode, granularity or token budget that does not exist (before the document
        is opened)."""
        check_max_tokens(max_tokens)
        if mode not in MODES:
            raise InvalidArgument("mode must be one of auto, keyword, regex, semantic.")
        if granularity not in GRANULARITIES:
            raise InvalidArgument("granularity must be 'page' or 'section'.")

    def search(
        self,
        source: DocumentSource,
        query: str,
        *,
        mode: str,
        granularity: str,
        max_results: int,
        context_chars: int,
        excerpt_style: str,
        pages: str | int | None,
        max_tokens: int | None = None,
        budget_seconds: float = SEMANTIC_BUDGET_S,
        progress: ProgressFn | None = None,
    ) -> SearchResult | SectionResult:
        """The search the mode asks for; with ``max_tokens`` its matches (sections) cut to that
        many estimated tokens (the first always kept, ``matches_cut_by_tokens`` counts the rest).
        ``auto`` never waits for the document's vectors; ``semantic`` waits for them at most
        ``budget_seconds`` (``progress(pages embedded, pages)`` hears of each step)."""
        found = self._search(
            source, query, mode, granularity, max_results, context_chars, excerpt_style, pages, budget_seconds, progress
        )
        return matches_within(found, max_tokens, field="sections" if granularity == "section" else "matches")

    def _search(
        self,
        source: DocumentSource,
        query: str,
        mode: str,
        granularity: str,
        max_results: int,
        context_chars: int,
        excerpt_style: str,
        pages: str | int | None,
        budget_seconds: float = SEMANTIC_BUDGET_S,
        progress: ProgressFn | None = None,
    ) -> SearchResult | SectionResult:
        self.check(mode, granularity)
        budget_seconds = check_budget(budget_seconds)
        if granularity == "section" and mode == "regex":
            raise InvalidArgument("regex mode searches pages; use granularity='page'.")
        with self.documents.deferred_writes():
            facts, _ = self.documents.facts(source)
            if granularity == "section":
                return self.search_service.section_search(source, facts, query, max_results=max_results)
            if mode == "regex":
                result = self.search_service.regex(
                    source, facts, query, max_results=max_results, context_chars=context_chars, pages=pages
                )
            else:
                options: dict[str, Any] = {
                    "max_results": max_results,
                    "context_chars": context_chars,
                    "excerpt_style": excerpt_style,
                    "pages": pages,
                }
                result = self._page_search(source, facts, query, mode, options, budget_seconds, progress)
                result = self.with_extras(source, facts, result, query, mode, pages)
            return self.with_refs(source, facts, result)

    def _page_search(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        query: str,
        mode: str,
        options: dict[str, Any],
        budget_seconds: float = SEMANTIC_BUDGET_S,
        progress: ProgressFn | None = None,
    ) -> SearchResult:
        """A semantic, hybrid or keyword search (``auto``: hybrid when the document's vectors
        exist, else keyword at once while they are made in the background; keyword when semantic
        search is unavailable, saying why)."""
        if mode == "semantic":
            if self.semantic is None:
                raise BackendUnavailable(
                    f"Semantic search is not available on this server: {self.semantic_problem}",
                    recovery="Use mode='keyword', or install pdfcore[semantic]"
                    + where(" (" + call("server_info") + " lists the modes)")
                    + ".",
                )
            return self._semantic(source, facts, query, options, budget_seconds, progress)
        self._prefetch_extras(source, facts)
        reason = self.semantic_problem
        if mode == "auto" and self.semantic is not None:
            try:
                if self.jobs is None or self.semantic.has_vectors(source, facts):
                    return self.search_service.hybrid(source, facts, query, **options)
                return self._keyword_while_embedding(source, facts, query, options)
            except BackendUnavailable as exc:
                reason = exc.message
        result = self.search_service.keyword(source, facts, query, **options)
        if mode == "auto":
            result = attrs.evolve(result, semantic_unavailable=True, semantic_unavailable_reason=reason)
        return result

    def _pages_for(self, source: DocumentSource, facts: DocumentFacts) -> PagesFor:
        documents = self.documents

        def pages_for(indexes: Sequence[int]) -> Mapping[int, PageText]:
            return documents.pages(source, list(indexes), facts).pages

        return pages_for

    def queue_vectors(self, source: DocumentSource, facts: DocumentFacts, first: Sequence[int] = ()) -> None:
        """Have the document's vectors made in the background, the 0-based pages ``first``
        ahead of the rest (for a search that ranks by keyword meanwhile); never waits. Nothing
        happens without a semantic index and its queue, or when the vectors are complete."""
        if self.jobs is None or self.semantic is None:
            return
        self.jobs.request(source, facts, self._pages_for(source, facts), first=first)

    def _keyword_while_embedding(
        self, source: DocumentSource, facts: DocumentFacts, query: str, options: dict[str, Any]
    ) -> SearchResult:
        """``auto`` before the document's vectors exist: the keyword answer now, and the vectors
        made in the background, the pages this query found first."""
        assert self.jobs is not None
        result = self.search_service.keyword(source, facts, query, **options)
        first = [m.page - 1 for m in result.matches]
        state = self.jobs.request(source, facts, self._pages_for(source, facts), first=first)
        if state.error is not None:
            raise BackendUnavailable(f"Semantic search failed on this document: {state.error}")
        scope = self.search_service.scope(facts, options.get("pages"))
        scope_list = scope if scope is not None else list(range(facts.page_count))
        return attrs.evolve(result, **pending_fields(facts, scope_list, state.missing))

    def _semantic(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        query: str,
        options: dict[str, Any],
        budget_seconds: float,
        progress: ProgressFn | None,
    ) -> SearchResult:
        """``semantic``: waits for the document's vectors at most ``budget_seconds``, then ranks
        the pages embedded by then and names the others (never a silent partial answer)."""
        assert self.semantic is not None
        if self.jobs is None or self.semantic.has_vectors(source, facts):
            return self.search_service.semantic(source, facts, query, **options)
        self.jobs.request(source, facts, self._pages_for(source, facts))
        state = self.jobs.wait(source, facts, seconds=budget_seconds, on_progress=progress)
        if state.error is not None:
            raise BackendUnavailable(f"Semantic search failed on this document: {state.error}")
        if state.complete:
            return self.search_service.semantic(source, facts, query, **options)
        partial = state.vectors or VectorSet(
            key=self.semantic.partial_key, dimension=self.semantic.embedder.dimension, spans=(), data=b""
        )
        return self.search_service.semantic(source, facts, query, partial=partial, missing=state.missing, **options)

    def _prefetch_extras(self, source: DocumentSource, facts: DocumentFacts) -> None:
        """On a document's first search (indexing ahead), read its form fields in the
        background: the engine workers do it while this process finishes and indexes the pages,
        instead of after. (Links and annotations come with the page text.)"""
        if (
            not self.extras.available
            or not facts.has_acroform
            or self.stores.for_document(facts.private).is_indexed(source.fingerprint.sha256)
        ):
            return
        extras = self.extras

        def run() -> None:
            try:
                extras.form_widgets(source, facts)
            except PdfcoreError as exc:  # the search reads them itself, and reports what fails
                log.debug("extras prefetch skipped: %s", exc.code)

        threading.Thread(target=run, name="pdfcore-extras-prefetch", daemon=True).start()

    def with_extras(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        result: SearchResult,
        query: str,
        mode: str,
        pages: str | int | None,
    ) -> SearchResult:
        """``result`` with the hits in form fields, links and annotations (labelled by origin)
        and the note on pages that only show an XFA placeholder."""
        scope = self.search_service.scope(facts, pages)
        wanted = set(scope) if scope is not None else set(range(facts.page_count))
        extras: tuple[ExtraMatch, ...] = ()
        annotated = self.extras.annotated_pages(source, facts)
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
        if facts.has_xfa:
            placeholders = sorted(i + 1 for i in self.extras.xfa_placeholder_pages(source, facts) if i in wanted)
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
        if not self.extras.available:
            return ()
        from pdfcore.services.extras_search import search_extras

        return search_extras(
            self.extras,
            source,
            facts,
            query,
            mode=mode,
            pages=pages,
            require_all=require_all,
            max_results=max_results,
            annotated_pages=annotated_pages,
        )

    def with_refs(self, source: DocumentSource, facts: DocumentFacts, result: SearchResult) -> SearchResult:
        """Give every hit a ref (``p{page}m{k}``) that pdf_render_pages(ref=...) crops to; the
        search replaces the document's ref set."""
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
        self.refs.replace(source, places, encrypted=facts.private)
        return attrs.evolve(result, matches=tuple(matches))

    def warm(self, source: DocumentSource, facts: DocumentFacts, *, embeddings: bool) -> dict[str, Any]:
        """Extract and index (and embed) the document; whether it was cached already."""
        store = self.stores.for_document(facts.private)
        digest = source.fingerprint.sha256
        semantic = self.semantic if embeddings else None
        had = store.is_indexed(digest) and (semantic is None or semantic.has_vectors(source, facts))
        self.search_service.ensure_indexed(source, facts)
        if semantic is not None:
            semantic.vectors(source, facts, lambda: self.search_service.all_pages(source, facts))
        has_vectors = bool(self.semantic is not None and self.semantic.has_vectors(source, facts))
        return {"status": "cached" if had else "warmed", "pages": facts.page_count, "embeddings_cached": has_vectors}
