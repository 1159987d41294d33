"""Searching one document: keyword (BM25, stemming, phrases, CJK), semantic, hybrid, regex,
and sections.

Honesty rules:

- pages whose native text is unusable (no text, scanned, garbled) are listed with the note that
  a miss there is not evidence of absence;
- a regex that runs out of its time budget names the pages it did not search instead of
  claiming zero matches (:mod:`pdfcore.services.regex_search`);
- a 3+ term keyword query that matches nothing with AND is retried with OR, and says so.

The query is parsed in :mod:`pdfcore.services.search_query`; the keyword index, which reads
each page on into the next to the end of the sentence the page break cut, and its matches are
:mod:`pdfcore.services.keyword_index`'s; a match's excerpt is cut in
:mod:`pdfcore.services.search_excerpts` (a match where the page runs on names the page it runs
on to: ``end_page``); hybrid search fuses the rankings in :mod:`pdfcore.services.rank_fusion`;
sections are found and ranked in :mod:`pdfcore.services.search_sections`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs

from pdfcore import pagespec, telemetry
from pdfcore.errors import InvalidArgument
from pdfcore.geometry import to_clip
from pdfcore.models import (
    Box,
    DocumentFacts,
    DocumentSource,
    KeywordHit,
    KeywordQuery,
    PageText,
    VectorSet,
)
from pdfcore.nextcalls import call, render
from pdfcore.results.search import SearchMatch, SearchResult, SectionResult
from pdfcore.services.documents import DocumentService
from pdfcore.services.keyword_index import keyword_outcome, page_texts, read_on
from pdfcore.services.rank_fusion import FUSION_DEPTH, fuse_ranks, hybrid_order
from pdfcore.services.regex_search import (
    REGEX_CALL_SECONDS,
    REGEX_PAGE_SECONDS,
    compile_pattern,
    regex_matches,
    regex_result,
    scan_pages,
)
from pdfcore.services.search_excerpts import paragraph, run_on_match, snippet
from pdfcore.services.search_query import content_query, parse_query
from pdfcore.services.search_sections import (
    Section,
    bm25_sections,
    heading_sections,
    outline_sections,
    section_matches,
)
from pdfcore.services.semantic import PageScore, SemanticIndex
from ports.store import Store

MAX_RESULTS = 100


class SearchService:
    def __init__(
        self,
        documents: DocumentService,
        store_for: Any,
        *,
        max_response_bytes: int,
        semantic: SemanticIndex | None = None,
        confidence_threshold: float = 0.3,
    ) -> None:
        self.documents = documents
        self.store_for = store_for  # (facts) -> Store (the persistent one, or a private one)
        self.max_response_bytes = max_response_bytes
        self.semantic_index = semantic
        self.confidence_threshold = confidence_threshold

    # -- helpers ---------------------------------------------------------------------------

    def all_pages(self, source: DocumentSource, facts: DocumentFacts) -> dict[int, PageText]:
        """Every page of the document (0-based index -> page)."""
        return self.documents.pages(source, list(range(facts.page_count)), facts).pages

    def ensure_indexed(self, source: DocumentSource, facts: DocumentFacts) -> Store:
        store: Store = self.store_for(facts)
        digest = source.fingerprint.sha256
        if not store.is_indexed(digest):
            # The fresh pages are written to the cache after the index (in the background, see
            # DocumentService.deferred_writes): the search answers without waiting for them.
            # The store takes the pages as they are finished, so it can count their terms while
            # the engine extracts the next ones; it writes the index after the last one.
            with self.documents.deferred_writes():
                if facts.private:
                    store.save_facts(digest, facts)
                with telemetry.phase("index"):
                    pages = self.documents.stream_pages(source, range(facts.page_count), facts)
                    store.index_document(digest, read_on(pages, facts.page_count))
        return store

    def scope(self, facts: DocumentFacts, pages: str | int | None) -> list[int] | None:
        """The 0-based pages a ``pages`` argument names; None for the whole document."""
        if pages is None or pages == "":
            return None
        return pagespec.resolve(pages, facts.page_count, [p.label for p in facts.pages])

    def coverage(
        self, source: DocumentSource, facts: DocumentFacts, scope: Sequence[int]
    ) -> tuple[str | None, str | None]:
        """(pages, note) naming the searched pages without usable text; (None, None) when none."""
        bad = self.documents.unusable_pages(source, facts)
        unusable = [i + 1 for i in scope if i in bad]
        if not unusable:
            return None, None
        spec = pagespec.format_ranges(unusable)
        note = render(
            f"{len(unusable)} searched page(s) have no usable text layer ({spec}): a miss there is not "
            f"evidence of absence. Read them with OCR ({call('ocr', pages=pagespec.format_ranges(unusable[:5]))}) "
            f"or look at them ({call('render', pages=unusable[0])})."
        )
        return spec, note

    # -- keyword ---------------------------------------------------------------------------

    @telemetry.phased("search")
    def keyword(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        query: str,
        *,
        max_results: int = 10,
        context_chars: int = 200,
        excerpt_style: str = "paragraph",
        pages: str | int | None = None,
    ) -> SearchResult:
        max_results, context_chars = _clamp_results(max_results, context_chars)
        if excerpt_style not in ("paragraph", "snippet"):
            raise InvalidArgument("excerpt_style must be 'paragraph' or 'snippet'.")
        parsed = parse_query(query)
        store = self.ensure_indexed(source, facts)
        digest = source.fingerprint.sha256
        scope = self.scope(facts, pages)
        texts = page_texts(self.documents, source, facts)
        outcome, relaxed = keyword_outcome(store, digest, parsed, pages=scope, limit=max_results, texts=texts)
        hit_pages = self.documents.pages(source, [h.page for h in outcome.hits], facts).pages
        matches = tuple(
            self._match(hit_pages[h.page], h, facts, excerpt_style, context_chars, source) for h in outcome.hits
        )
        scope_list = scope if scope is not None else list(range(facts.page_count))
        no_text, note = self.coverage(source, facts, scope_list)
        return SearchResult(
            matches=matches,
            total_matches=len(outcome.page_match_counts),
            page_match_counts={str(p + 1): n for p, n in outcome.page_match_counts},
            search_mode="keyword",
            searched_pages=outcome.searched_pages,
            excerpt_style=excerpt_style,
            hidden_text_detected=any(m.hidden_text for m in matches),
            query_terms=tuple(t.text for t in content_query(parsed).terms),
            relaxed_to_or=relaxed,
            pages_without_text=no_text,
            coverage_note=note,
        )

    def _match(
        self,
        page: PageText,
        hit: KeywordHit,
        facts: DocumentFacts,
        style: str,
        context: int,
        source: DocumentSource | None = None,
    ) -> SearchMatch:
        info = facts.pages[page.index]
        label = info.label if info.label and info.label != str(page.index + 1) else None
        position = hit.spans[0][0] if hit.spans else 0
        found = functools.partial(
            SearchMatch,
            page=page.index + 1,
            label=label,
            score=hit.score,
            source=page.source,
            hidden_text=bool(page.hidden),
            match_count=hit.match_count,
        )
        run_on = run_on_match(self.documents, source, facts, page, hit.spans, context) if source else None
        if run_on is not None:
            excerpt, position, bbox = run_on
            return found(
                excerpt=excerpt,
                position=position,
                bbox=bbox,
                page_rect=Box(0.0, 0.0, info.width, info.height) if bbox else None,
                clip=to_clip(bbox, info.width, info.height) if bbox else None,
                end_page=page.index + 2,
            )
        if style == "paragraph":
            text, pos, bbox, clip = paragraph(page, hit.spans, info.width, info.height)
            if text:
                page_rect = Box(0.0, 0.0, info.width, info.height)
                return found(excerpt=text, position=pos, bbox=bbox, page_rect=page_rect, clip=clip)
        end = hit.spans[0][1] if hit.spans else position
        return found(excerpt=snippet(page.text, position, end, context), position=position)

    # -- semantic and hybrid ---------------------------------------------------------------

    def _semantic_ranking(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        query: str,
        scope: list[int] | None,
        partial: VectorSet | None = None,
    ) -> list[PageScore]:
        assert self.semantic_index is not None
        if partial is not None:  # the pages embedded so far (see embedding_jobs)
            if not partial.spans:
                return []
            matrix: object = self.semantic_index.scorer.prepare(partial)
            vs = partial
        else:
            matrix, vs = self.semantic_index.vectors(source, facts, lambda: self.all_pages(source, facts))
        qv = self.semantic_index.query_vector(query)
        return self.semantic_index.rank(matrix, vs, qv, pages=scope)

    def semantic_ranking(
        self, source: DocumentSource, facts: DocumentFacts, query: str, scope: list[int] | None
    ) -> list[PageScore]:
        """The pages of ``scope`` (None: all) ranked by the semantic arm, best first."""
        return self._semantic_ranking(source, facts, query, scope)

    def semantic_match(
        self, page: PageText, ps: PageScore, facts: DocumentFacts, style: str, context: int
    ) -> SearchMatch:
        """The match a page the semantic arm ranked gives (its best passage)."""
        return self._semantic_match(page, ps, facts, style, context)

    def _semantic_match(
        self, page: PageText, ps: PageScore, facts: DocumentFacts, style: str, context: int
    ) -> SearchMatch:
        info = facts.pages[page.index]
        label = info.label if info.label and info.label != str(page.index + 1) else None
        low = ps.score < self.confidence_threshold
        if style == "paragraph":
            text, pos, bbox, clip = paragraph(page, [(ps.chunk.start, ps.chunk.end)], info.width, info.height)
            if text:
                return SearchMatch(
                    page=page.index + 1,
                    label=label,
                    excerpt=text,
                    position=pos,
                    score=ps.score,
                    source=page.source,
                    hidden_text=bool(page.hidden),
                    match_count=0,
                    bbox=bbox,
                    page_rect=Box(0.0, 0.0, info.width, info.height),
                    clip=clip,
                    semantic_score=ps.score,
                    low_confidence=low,
                )
        chunk = page.text[ps.chunk.start : ps.chunk.end]
        excerpt = " ".join(chunk.split())
        if len(excerpt) > 2 * context + 40:
            excerpt = excerpt[: 2 * context] + "..."
        return SearchMatch(
            page=page.index + 1,
            label=label,
            excerpt=excerpt,
            position=ps.chunk.start,
            score=ps.score,
            source=page.source,
            hidden_text=bool(page.hidden),
            match_count=0,
            semantic_score=ps.score,
            low_confidence=low,
        )

    @telemetry.phased("search")
    def semantic(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        query: str,
        *,
        max_results: int = 10,
        context_chars: int = 200,
        excerpt_style: str = "paragraph",
        pages: str | int | None = None,
        partial: VectorSet | None = None,
        missing: Sequence[int] = (),
    ) -> SearchResult:
        """Pages by meaning. With ``partial`` (the vectors of the pages embedded so far, the
        others ``missing``), ranks those and says which pages were not searched."""
        max_results, context_chars = _clamp_results(max_results, context_chars)
        if not isinstance(query, str) or not query.strip():
            raise InvalidArgument("query is empty; describe what you are looking for.")
        scope = self.scope(facts, pages)
        ranking = self._semantic_ranking(source, facts, query, scope, partial)
        top = ranking[:max_results]
        hit_pages = self.documents.pages(source, [r.page for r in top], facts).pages
        matches = tuple(self._semantic_match(hit_pages[r.page], r, facts, excerpt_style, context_chars) for r in top)
        scope_list = scope if scope is not None else list(range(facts.page_count))
        no_text, note = self.coverage(source, facts, scope_list)
        confident = [r for r in ranking if r.score >= self.confidence_threshold]
        assert self.semantic_index is not None
        return SearchResult(
            matches=matches,
            total_matches=len(confident),
            page_match_counts={},
            search_mode="semantic",
            searched_pages=len(scope_list),
            excerpt_style=excerpt_style,
            hidden_text_detected=any(m.hidden_text for m in matches),
            query_terms=(query,),
            pages_without_text=no_text,
            coverage_note=note,
            all_results_low_confidence=bool(matches) and all(m.low_confidence for m in matches),
            confidence_threshold=self.confidence_threshold,
            model_name=self.semantic_index.embedder.model_name,
            **(pending_fields(facts, scope_list, missing) if partial is not None else {}),
        )

    @telemetry.phased("search")
    def hybrid(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        query: str,
        *,
        max_results: int = 10,
        context_chars: int = 200,
        excerpt_style: str = "paragraph",
        pages: str | int | None = None,
    ) -> SearchResult:
        """Keyword (with the OR retry) and semantic rankings fused by reciprocal rank fusion."""
        max_results, context_chars = _clamp_results(max_results, context_chars)
        parsed = parse_query(query)
        store = self.ensure_indexed(source, facts)
        digest = source.fingerprint.sha256
        scope = self.scope(facts, pages)
        texts = page_texts(self.documents, source, facts)
        outcome, relaxed = keyword_outcome(store, digest, parsed, pages=scope, limit=FUSION_DEPTH, texts=texts)
        ranking = self._semantic_ranking(source, facts, query, scope)
        fused = fuse_ranks([h.page for h in outcome.hits], [r.page for r in ranking[:FUSION_DEPTH]])
        order = hybrid_order([h.page for h in outcome.hits], [r.page for r in ranking])[:max_results]
        kw = {h.page: h for h in outcome.hits}
        sem = {r.page: r for r in ranking}
        hit_pages = self.documents.pages(source, order, facts).pages
        matches = []
        for p in order:
            page = hit_pages[p]
            s_score = sem[p].score if p in sem else 0.0
            if p in kw:
                m = self._match(page, kw[p], facts, excerpt_style, context_chars, source)
                low = False
            else:
                m = self._semantic_match(page, sem[p], facts, excerpt_style, context_chars)
                low = s_score < self.confidence_threshold
            matches.append(attrs.evolve(m, score=round(fused[p], 4), semantic_score=s_score, low_confidence=low))
        scope_list = scope if scope is not None else list(range(facts.page_count))
        no_text, note = self.coverage(source, facts, scope_list)
        related = {r.page for r in ranking if r.score >= self.confidence_threshold} - {
            p for p, _ in outcome.page_match_counts
        }
        assert self.semantic_index is not None
        return SearchResult(
            matches=tuple(matches),
            total_matches=len(outcome.page_match_counts),
            related_pages=len(related),
            page_match_counts={str(p + 1): n for p, n in outcome.page_match_counts},
            search_mode="hybrid",
            searched_pages=len(scope_list),
            excerpt_style=excerpt_style,
            hidden_text_detected=any(m.hidden_text for m in matches),
            query_terms=tuple(t.text for t in content_query(parsed).terms),
            relaxed_to_or=relaxed,
            pages_without_text=no_text,
            coverage_note=note,
            all_results_low_confidence=bool(matches) and all(m.low_confidence for m in matches),
            confidence_threshold=self.confidence_threshold,
            model_name=self.semantic_index.embedder.model_name,
        )

    # -- regex -----------------------------------------------------------------------------

    @telemetry.phased("search")
    def regex(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        pattern: str,
        *,
        max_results: int = 10,
        context_chars: int = 200,
        pages: str | int | None = None,
        page_seconds: float = REGEX_PAGE_SECONDS,
        call_seconds: float = REGEX_CALL_SECONDS,
    ) -> SearchResult:
        max_results, context_chars = _clamp_results(max_results, context_chars)
        compiled = compile_pattern(pattern)
        scope = self.scope(facts, pages) or list(range(facts.page_count))
        all_pages = self.documents.pages(source, scope, facts).pages
        scan = scan_pages(compiled, all_pages, scope, page_seconds=page_seconds, call_seconds=call_seconds)
        matches = regex_matches(scan, all_pages, facts, max_results=max_results, context_chars=context_chars)
        no_text, note = self.coverage(source, facts, scope)
        return regex_result(scan, matches, pattern=pattern, scope=scope, pages_without_text=no_text, coverage_note=note)

    # -- sections --------------------------------------------------------------------------

    def sections(self, source: DocumentSource, facts: DocumentFacts) -> list[Section]:
        if facts.outline and any(e.page is not None for e in facts.outline):
            return outline_sections(facts)
        pages = self.all_pages(source, facts)
        return heading_sections([pages[i] for i in sorted(pages)], facts.page_count)

    @telemetry.phased("search")
    def section_search(
        self, source: DocumentSource, facts: DocumentFacts, query: str, *, max_results: int = 10
    ) -> SectionResult:
        """Sections ranked by BM25 over their pages (the best ``max_results``, within the byte
        cap); ``total_matches`` counts every matching section."""
        max_results, _ = _clamp_results(max_results, 200)
        parsed = parse_query(query)
        terms = content_query(parsed).terms
        store = self.ensure_indexed(source, facts)
        digest = source.fingerprint.sha256
        sections = self.sections(source, facts)
        all_pages = self.all_pages(source, facts)
        # Per-term page counts, then BM25 over sections (document-local statistics).
        per_term: list[dict[int, int]] = []
        for term in terms:
            out = store.search_keyword(digest, KeywordQuery((term,)), limit=1)
            per_term.append(dict(out.page_match_counts))
        lengths = [sum(all_pages[p].char_count for p in range(s.start, s.end + 1) if p in all_pages) for s in sections]
        scored, tfs = bm25_sections(sections, per_term, lengths, or_retry=len(parsed.terms) >= 3)
        out_sections, used, omitted = section_matches(
            sections, scored, tfs, max_results=max_results, max_bytes=self.max_response_bytes
        )
        no_text, note = self.coverage(source, facts, list(range(facts.page_count)))
        return SectionResult(
            sections=tuple(out_sections),
            search_mode="section",
            total_sections=len(sections),
            total_matches=len(scored),
            truncated_bytes=omitted > 0,
            matches_omitted=omitted,
            estimated_bytes_returned=used,
            pages_without_text=no_text,
            coverage_note=note,
        )


def pending_fields(facts: DocumentFacts, scope: Sequence[int], missing: Sequence[int]) -> dict[str, Any]:
    """What a result says while the document's vectors are still being made: the share of pages
    embedded, those of ``scope`` not embedded yet (1-based ranges), and a note on what to do."""
    count = facts.page_count
    share = round((count - len(missing)) / count, 3) if count else 1.0
    gone = set(missing)
    left = [p + 1 for p in scope if p in gone]
    note = (
        f"Vectors are being made in the background: {count - len(missing)} of {count} pages are embedded so far. "
        + (f"Pages {pagespec.format_ranges(left)} were not searched by meaning. " if left else "")
        + "Search again shortly (mode='auto' is hybrid once every page is embedded), or use mode='keyword' now."
    )
    return {
        "semantic_pending": True,
        "embedded_share": share,
        "pages_not_embedded": pagespec.format_ranges(left) if left else None,
        "semantic_note": note,
    }


def _clamp_results(max_results: object, context_chars: object) -> tuple[int, int]:
    for name, value in (("max_results", max_results), ("context_chars", context_chars)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgument(f"{name} must be an integer.")
    assert isinstance(max_results, int) and isinstance(context_chars, int)
    return min(MAX_RESULTS, max(1, max_results)), min(2000, max(10, context_chars))
