"""Searching one document: keyword (BM25, stemming, phrases, CJK), regex, and sections.

Honesty rules:

- pages whose native text is unusable (no text, scanned, garbled) are listed with the note that
  a miss there is not evidence of absence;
- a regex that runs out of its time budget names the pages it did not search instead of
  claiming zero matches;
- a 3+ term keyword query that matches nothing with AND is retried with OR, and says so.

The keyword index reads each page on into the next to the end of the sentence the page break
cut (:mod:`pdfcore.services.seams`): a phrase or a word split by the break is found on the page
where it starts, and its match names the page it runs on to (``end_page``).
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

import attrs
from attrs import frozen

from pdfcore import matching, pagespec, telemetry
from pdfcore.errors import InvalidArgument
from pdfcore.geometry import to_clip
from pdfcore.models import (
    Box,
    DocumentFacts,
    DocumentSource,
    KeywordHit,
    KeywordOutcome,
    KeywordQuery,
    PageText,
    QueryTerm,
    VectorSet,
)
from pdfcore.nextcalls import call, render
from pdfcore.results.search import SearchMatch, SearchResult, SectionMatch, SectionResult
from pdfcore.services import seams
from pdfcore.services.documents import DocumentService
from pdfcore.services.semantic import PageScore, SemanticIndex
from ports.store import Store

MAX_RESULTS = 100
PARAGRAPH_MAX = 2000
SHORT_BLOCK = 80
MAX_SECTION_TITLE_BYTES = 2048
REGEX_PAGE_SECONDS = 0.5
REGEX_CALL_SECONDS = 5.0
MAX_REGEX_MATCHES_PER_PAGE = 1000

_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]")
_QUOTED = re.compile(r'"([^"]+)"')


@frozen
class Section:
    title: str | None
    title_source: str | None
    start: int  # 0-based page
    end: int  # 0-based page, inclusive, >= start


# --------------------------------------------------------------------------------------------
# Query parsing


def parse_query(query: str) -> KeywordQuery:
    """Quoted text becomes exact phrases; other whitespace-separated words are AND-ed terms;
    terms holding CJK characters match as substrings (unspaced scripts have no word breaks)."""
    if not isinstance(query, str) or not query.strip():
        raise InvalidArgument('query is empty; pass the words or a "quoted phrase" to look for.')
    if len(query) > 1000:
        raise InvalidArgument("query is longer than 1000 characters; search for fewer, more specific words.")
    terms: list[QueryTerm] = []
    rest = query
    for m in _QUOTED.finditer(query):
        phrase = " ".join(m.group(1).split())
        if phrase:
            terms.append(QueryTerm(phrase, phrase=" " in phrase, substring=bool(_CJK.search(phrase))))
    rest = _QUOTED.sub(" ", query).replace('"', " ")
    for word in rest.split():
        word = word.strip(".,;:!?()[]{}<>")
        if word:
            terms.append(QueryTerm(word, substring=bool(_CJK.search(word))))
    if not terms:
        raise InvalidArgument("query has no searchable words.")
    # de-duplicate while keeping order
    seen: set[tuple[str, bool, bool]] = set()
    unique = []
    for t in terms:
        key = (t.text.lower(), t.phrase, t.substring)
        if key not in seen:
            seen.add(key)
            unique.append(t)
    return KeywordQuery(terms=tuple(unique), mode="and")


#: Function words are left out of a query that holds other words (pdfcore.matching).
FUNCTION_WORDS = matching.FUNCTION_WORDS
relaxed_query = matching.relaxed_query
content_query = matching.content_query


#: Texts of a document's pages by 0-based index (for the pages asked for that exist).
PageTexts = Callable[[Sequence[int]], Mapping[int, str]]


def keyword_outcome(
    store: Store,
    digest: str,
    query: KeywordQuery,
    *,
    pages: Sequence[int] | None,
    limit: int,
    texts: PageTexts | None = None,
) -> tuple[KeywordOutcome, bool]:
    """The document's keyword matches of ``query`` (its content words: see
    :mod:`pdfcore.matching`); when no page holds every term of a 3+ word query, those of its
    relaxed form. The flag says whether the relaxed form found pages. With the pages'
    ``texts``, a match found only where a page runs on into the next one is left to that next
    page when it matches by itself (see :func:`without_run_on_repeats`)."""
    outcome = store.search_keyword(digest, content_query(query), pages=pages, limit=limit)
    relaxed = False
    if not outcome.hits and len(query.terms) >= 3:
        outcome = store.search_keyword(digest, relaxed_query(query), pages=pages, limit=limit)
        relaxed = bool(outcome.hits)
    return (without_run_on_repeats(outcome, texts) if texts is not None else outcome), relaxed


def without_run_on_repeats(outcome: KeywordOutcome, texts: PageTexts) -> KeywordOutcome:
    """``outcome`` without the matches that lie wholly where the page runs on into the next one
    (the index reads each page on to the end of the sentence the break cut), when the next page
    matches by itself: that occurrence is the next page's. A hit left with no match of its own is
    dropped; one with matches of its own keeps them, with its count cut to them. A phrase or a
    word over the break (which the next page alone does not hold) stays with the page it starts
    on."""
    counts = dict(outcome.page_match_counts)
    suspects = [h for h in outcome.hits if h.spans and h.page + 1 in counts]
    if not suspects:
        return outcome
    got = texts(sorted({h.page for h in suspects} | {h.page + 1 for h in suspects}))
    changed: dict[int, KeywordHit | None] = {}  # None: dropped
    for h in suspects:
        text, next_text = got.get(h.page), got.get(h.page + 1)
        if text is None or next_text is None:
            continue
        cut = seams.seam(text, next_text, seams.lexicon(frozenset(), text, next_text))
        if cut is None:
            continue
        own = tuple(span for span in h.spans if span[0] < cut.start)
        repeats = len(h.spans) - len(own)
        if repeats:
            changed[h.page] = attrs.evolve(h, spans=own, match_count=h.match_count - repeats) if own else None
            counts[h.page] -= repeats
    if not changed:
        return outcome
    return KeywordOutcome(
        hits=tuple(kept for h in outcome.hits if (kept := changed.get(h.page, h)) is not None),
        page_match_counts=tuple(
            (p, counts[p]) for p, _n in outcome.page_match_counts if p not in changed or changed[p] is not None
        ),
        searched_pages=outcome.searched_pages,
    )


def page_texts(documents: DocumentService, source: DocumentSource, facts: DocumentFacts) -> PageTexts:
    """The document's page texts, read through ``documents`` (cached pages)."""

    def texts(indexes: Sequence[int]) -> Mapping[int, str]:
        wanted = [i for i in indexes if 0 <= i < facts.page_count]
        return {i: p.text for i, p in documents.pages(source, wanted, facts).pages.items()}

    return texts


# --------------------------------------------------------------------------------------------
# Excerpts


def block_offsets(page: PageText) -> list[tuple[int, int, int]]:
    """(start, end, block index) of each block's text inside ``page.text``."""
    out: list[tuple[int, int, int]] = []
    pos = 0
    for i, b in enumerate(page.blocks):
        if not b.text:
            continue
        start = page.text.find(b.text, pos)
        if start < 0:
            continue
        out.append((start, start + len(b.text), i))
        pos = start + len(b.text)
    return out


def snippet(text: str, start: int, end: int, context: int) -> str:
    a = max(0, start - context)
    b = min(len(text), end + context)
    # widen to word boundaries
    while a > 0 and not text[a - 1].isspace() and start - a < context + 30:
        a -= 1
    while b < len(text) and not text[b].isspace() and b - end < context + 30:
        b += 1
    body = " ".join(text[a:b].split())
    return ("..." if a > 0 else "") + body + ("..." if b < len(text) else "")


def paragraph(
    page: PageText, spans: Sequence[tuple[int, int]], width: float, height: float
) -> tuple[str, int, Box | None, Any]:
    """The block that best holds the matches: most matches, then a substantive one (>= 80 chars)."""
    offsets = block_offsets(page)
    best: tuple[int, int, int, int] | None = None  # (matches, substantive, -start, block)
    first_pos = spans[0][0] if spans else 0
    for start, end, idx in offsets:
        n = sum(1 for s, _ in spans if start <= s < end)
        if not n:
            continue
        key = (n, 1 if end - start >= SHORT_BLOCK else 0, -start, idx)
        if best is None or key[:3] > best[:3]:
            best = key
            first_pos = next(s for s, _ in spans if start <= s < end)
    if best is None:
        return "", first_pos, None, None
    block = page.blocks[best[3]]
    text = block.text
    if len(text) > PARAGRAPH_MAX:
        return "", first_pos, None, None
    return " ".join(text.split()), first_pos, block.bbox, to_clip(block.bbox, width, height)


# --------------------------------------------------------------------------------------------
# Page breaks


def read_on(pages: Iterable[PageText], page_count: int) -> Iterator[PageText]:
    """The pages (in any order) as the keyword index reads them, each once the page after it is
    at hand: its text run on into the next page's to the end of the sentence the break cut (see
    :mod:`pdfcore.services.seams`). Offsets into a page's text stay valid up to its seam's
    ``start``."""
    held: dict[int, PageText] = {}  # not handed on yet
    texts: dict[int, str] = {}  # every page's own text, for the page before it
    for page in pages:
        held[page.index] = page
        texts[page.index] = page.text
        for k in (page.index - 1, page.index):
            if k in held and (k + 1 in texts or k + 1 >= page_count):
                yield _read_on(held.pop(k), texts.get(k + 1))
    for k in sorted(held):  # pages whose next page never came (not asked for)
        yield _read_on(held[k], texts.get(k + 1))


def _read_on(page: PageText, next_text: str | None) -> PageText:
    if not next_text:
        return page
    cut = seams.seam(page.text, next_text, seams.lexicon(frozenset(), page.text, next_text))
    return page if cut is None else attrs.evolve(page, text=cut.joined(page.text))


def run_on_match(
    documents: DocumentService,
    source: DocumentSource,
    facts: DocumentFacts,
    page: PageText,
    spans: Sequence[tuple[int, int]],
    context: int,
) -> tuple[str, int, Box | None] | None:
    """For a keyword match on ``page`` whose first span is in the part the index read on into
    the next page: (excerpt, position, box of the page's last block); else None."""
    if not spans or page.index + 1 >= facts.page_count:
        return None
    nxt = documents.pages(source, [page.index + 1], facts).pages.get(page.index + 1)
    if nxt is None:
        return None
    cut = seams.seam(page.text, nxt.text, seams.lexicon(frozenset(), page.text, nxt.text))
    if cut is None or spans[0][1] <= cut.start:
        return None
    joined = cut.joined(page.text)
    a, b = spans[0]
    block = page.blocks[-1] if page.blocks else None
    return snippet(joined, a, b, context), min(a, cut.start), block.bbox if block is not None else None


# --------------------------------------------------------------------------------------------
# Sections


def outline_sections(facts: DocumentFacts) -> list[Section]:
    entries = [(e.page - 1, e.title) for e in facts.outline if e.page is not None]
    entries.sort(key=lambda x: x[0])
    out: list[Section] = []
    for k, (start, title) in enumerate(entries):
        nxt = entries[k + 1][0] if k + 1 < len(entries) else facts.page_count
        end = max(start, nxt - 1) if nxt > start else start
        out.append(
            Section(
                title=title.strip() or None,
                title_source="toc" if title.strip() else None,
                start=start,
                end=min(end, facts.page_count - 1),
            )
        )
    if out and out[0].start > 0:
        out.insert(0, Section(title=None, title_source=None, start=0, end=out[0].start - 1))
    return out


_NUMBERED = re.compile(r"^(\d+(\.\d+)*\.?|[IVXLC]+\.|Chapter\s+\w+|Section\s+\w+|Appendix\s+\w+)\s+\S", re.IGNORECASE)


def heading_sections(pages: Sequence[PageText], page_count: int) -> list[Section]:
    """Headings from typography: larger than the body text, short, starting a block; numbered
    headings count more. At most ~2 per page and 60 overall, keeping the strongest tiers, so a
    short paper never gets hundreds of sections."""
    sizes: list[float] = []
    for p in pages:
        for b in p.blocks:
            for ln in b.lines:
                if ln.font_size:
                    sizes.extend([ln.font_size] * max(1, len(ln.text) // 20))
    if not sizes:
        return [Section(title=None, title_source=None, start=0, end=max(0, page_count - 1))]
    sizes.sort()
    body = sizes[len(sizes) // 2]
    candidates: list[tuple[float, int, str]] = []  # (strength, page, title)
    for p in pages:
        for b in p.blocks:
            if not b.lines:
                continue
            first = b.lines[0]
            title = " ".join(ln.text.strip() for ln in b.lines[:2] if abs(ln.font_size - first.font_size) < 0.5)
            if not title or len(title) > 120 or len(b.lines) > 3:
                continue
            ratio = first.font_size / body if body else 1.0
            numbered = bool(_NUMBERED.match(title))
            if ratio >= 1.15 or (numbered and ratio >= 1.0 and len(title) < 80):
                strength = ratio + (0.3 if numbered else 0.0) + (0.1 if title[:1].isupper() else 0.0)
                candidates.append((strength, p.index, title))
    limit = max(3, min(60, 2 * page_count))
    candidates.sort(key=lambda c: -c[0])
    chosen = sorted(candidates[:limit], key=lambda c: c[1])
    sections: list[Section] = []
    for k, (_, page, title) in enumerate(chosen):
        nxt = chosen[k + 1][1] if k + 1 < len(chosen) else page_count
        sections.append(
            Section(
                title=title, title_source="heading_detected", start=page, end=max(page, nxt - 1) if nxt > page else page
            )
        )
    if not sections:
        return [Section(title=None, title_source=None, start=0, end=max(0, page_count - 1))]
    if sections[0].start > 0:
        sections.insert(0, Section(title=None, title_source=None, start=0, end=sections[0].start - 1))
    return sections


# --------------------------------------------------------------------------------------------
# The service


#: Reciprocal rank fusion: an item scores sum(1 / (RRF_K + rank)) over the rankings. With the
#: customary 60, a page both arms place anywhere in their first 60 outscores either arm's first;
#: with 10, only pages both place in their first 11 do. Measured on the DEV question sets
#: (docs/benchmarks.md, Search): hybrid R@5 single/folder 85.0/75.0 at 60, 86.7/75.0 at 20,
#: 90.0/83.3 at 10 and at 5.
RRF_K = 10
FUSION_DEPTH = 50
K = TypeVar("K")


def fuse_ranks(*rankings: Sequence[K]) -> dict[K, float]:
    """Reciprocal rank fusion of best-first rankings (an item may be missing from some)."""
    fused: dict[K, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            fused[item] = fused.get(item, 0.0) + 1.0 / (RRF_K + rank)
    return fused


def hybrid_order(keyword: Sequence[int], semantic: Sequence[int]) -> list[int]:
    """Pages ranked by hybrid search: the first FUSION_DEPTH of each best-first ranking fused by
    reciprocal rank fusion, best first (ties by page)."""
    fused = fuse_ranks(list(keyword[:FUSION_DEPTH]), list(semantic[:FUSION_DEPTH]))
    return sorted(fused, key=lambda p: (-fused[p], p))


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
        import regex as regex_engine

        max_results, context_chars = _clamp_results(max_results, context_chars)
        if not isinstance(pattern, str) or not pattern:
            raise InvalidArgument("query is empty; pass a regular expression.")
        try:
            compiled = regex_engine.compile(pattern, regex_engine.VERSION1 | regex_engine.MULTILINE)
        except regex_engine.error as exc:
            raise InvalidArgument(f"query is not a valid regular expression: {exc}.") from None
        scope = self.scope(facts, pages) or list(range(facts.page_count))
        all_pages = self.documents.pages(source, scope, facts).pages
        deadline = time.monotonic() + call_seconds
        found: list[tuple[int, int, int, int]] = []  # (page, start, end, count)
        counts: dict[int, int] = {}
        not_searched: list[int] = []
        for i in scope:
            if time.monotonic() > deadline:
                not_searched.append(i + 1)
                continue
            text = all_pages[i].text
            try:
                spans = []
                for m in compiled.finditer(text, timeout=page_seconds):
                    if m.end() > m.start():
                        spans.append((m.start(), m.end()))
                    if len(spans) >= MAX_REGEX_MATCHES_PER_PAGE:
                        break
            except TimeoutError:
                not_searched.append(i + 1)
                continue
            if spans:
                counts[i] = len(spans)
                found.append((i, spans[0][0], spans[0][1], len(spans)))
        found.sort(key=lambda f: (-f[3], f[0]))
        matches = []
        for i, start, end, n in found[:max_results]:
            page = all_pages[i]
            info = facts.pages[i]
            matches.append(
                SearchMatch(
                    page=i + 1,
                    label=info.label if info.label and info.label != str(i + 1) else None,
                    excerpt=snippet(page.text, start, end, context_chars),
                    position=start,
                    score=float(n),
                    source=page.source,
                    hidden_text=bool(page.hidden),
                    match_count=n,
                )
            )
        no_text, note = self.coverage(source, facts, scope)
        return SearchResult(
            matches=tuple(matches),
            total_matches=len(counts),
            page_match_counts={str(p + 1): n for p, n in sorted(counts.items())},
            search_mode="regex",
            searched_pages=len(scope) - len(not_searched),
            excerpt_style="snippet",
            hidden_text_detected=any(m.hidden_text for m in matches),
            query_terms=(pattern,),
            pages_without_text=no_text,
            coverage_note=note,
            pages_not_searched=pagespec.format_ranges(not_searched) if not_searched else None,
            regex_budget_exhausted=True if not_searched else None,
        )

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
        import math

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
        avg = (sum(lengths) / len(lengths)) if lengths else 1.0
        n = len(sections)

        def tf(sec: Section, counts: dict[int, int]) -> int:
            return sum(counts.get(p, 0) for p in range(sec.start, sec.end + 1))

        tfs = [[tf(s, counts) for counts in per_term] for s in sections]
        require_all = True
        hit_idx = [k for k in range(n) if all(t > 0 for t in tfs[k])]
        if not hit_idx and len(parsed.terms) >= 3:
            require_all = False
            hit_idx = [k for k in range(n) if any(t > 0 for t in tfs[k])]
        dfs = [sum(1 for k in range(n) if tfs[k][j] > 0) for j in range(len(terms))]
        scored = []
        for k in hit_idx:
            score = 0.0
            for j, f in enumerate(tfs[k]):
                if f <= 0:
                    continue
                idf = math.log(1.0 + (n - dfs[j] + 0.5) / (dfs[j] + 0.5))
                norm = 1.0 - 0.75 + 0.75 * (lengths[k] / avg if avg else 1.0)
                score += idf * f * 2.2 / (f + 1.2 * norm)
            scored.append((score, k))
        scored.sort(key=lambda x: (-x[0], x[1]))
        out_sections: list[SectionMatch] = []
        used = 0
        omitted = 0
        for score, k in scored[:max_results]:
            sec = sections[k]
            title, truncated = _truncate_title(sec.title)
            m = SectionMatch(
                section_id=k,
                title=title,
                title_source=sec.title_source,
                start_page=sec.start + 1,
                end_page=sec.end + 1,
                score=round(score, 4),
                match_count=sum(tfs[k]),
                title_truncated=True if truncated else None,
            )
            size = 160 + len((title or "").encode("utf-8"))
            if used + size > self.max_response_bytes:
                omitted += 1
                continue
            used += size
            out_sections.append(m)
        no_text, note = self.coverage(source, facts, list(range(facts.page_count)))
        del require_all
        return SectionResult(
            sections=tuple(out_sections),
            search_mode="section",
            total_sections=n,
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


def _truncate_title(title: str | None) -> tuple[str | None, bool]:
    if title is None:
        return None, False
    raw = title.encode("utf-8")
    if len(raw) <= MAX_SECTION_TITLE_BYTES:
        return title, False
    return raw[:MAX_SECTION_TITLE_BYTES].decode("utf-8", "ignore"), True


def _clamp_results(max_results: object, context_chars: object) -> tuple[int, int]:
    for name, value in (("max_results", max_results), ("context_chars", context_chars)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgument(f"{name} must be an integer.")
    assert isinstance(max_results, int) and isinstance(context_chars, int)
    return min(MAX_RESULTS, max(1, max_results)), min(2000, max(10, context_chars))
