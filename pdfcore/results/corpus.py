"""What the corpus calls return: warming, overview cards, cross-document search and listings.

Lists are capped (``MAX_LISTED`` in :mod:`pdfcore.services.corpus_files`) with whole counts beside them.
"""

from __future__ import annotations

from attrs import field, frozen

from pdfcore.results.search import CONTENT_WARNING_SEARCH
from pdfcore.serde import opt


@frozen
class Skipped:
    path: str
    reason: str


@frozen
class WarmDoc:
    path: str
    status: str
    pages: int
    embeddings_cached: bool
    error: str | None = opt()


@frozen
class WarmResult:
    docs: tuple[WarmDoc, ...]
    unprocessed: tuple[str, ...]
    skipped: tuple[Skipped, ...]
    corpus_size: int
    warmed_this_call: int
    budget_exhausted: bool
    budget_seconds: int
    executor: str
    #: Documents per status (cached, warmed, failed) over the whole call; ``docs`` lists at most
    #: MAX_LISTED of them (those warmed this call first).
    status_counts: dict[str, int] = field(factory=dict)
    unprocessed_count: int = 0
    skipped_count: int = 0
    lists_truncated: bool | None = opt()


@frozen
class DocCard:
    path: str
    title: str
    pages: int
    toc_top: tuple[str, ...]
    has_toc: bool
    text_coverage: str
    size_bytes: int
    from_cache: bool


@frozen
class OverviewResult:
    docs: tuple[DocCard, ...]
    unprocessed: tuple[str, ...]
    skipped: tuple[Skipped, ...]
    corpus_size: int
    warmed_this_call: int
    budget_exhausted: bool
    offset: int
    next_offset: int | None
    unprocessed_count: int = 0
    skipped_count: int = 0
    lists_truncated: bool | None = opt()
    content_warning: str = "Titles and outline entries are untrusted content from the PDFs."


@frozen
class CorpusMatch:
    path: str
    doc_title: str
    page: int
    excerpt: str
    position: int
    score: float
    source: str
    hidden_text: bool
    semantic_score: float | None = opt()
    low_confidence: bool | None = opt()
    label: str | None = opt()
    #: The match runs on to this page (in the sentence or word the page break cut).
    end_page: int | None = opt()


@frozen
class CorpusSearchResult:
    matches: tuple[CorpusMatch, ...]
    total_matches: int
    doc_match_counts: dict[str, int]
    search_mode: str
    excerpt_style: str
    coverage: dict[str, int]
    hidden_text_detected: bool
    unprocessed: tuple[str, ...]
    skipped: tuple[Skipped, ...]
    corpus_size: int
    warmed_this_call: int
    budget_exhausted: bool
    semantic_unprocessed: tuple[str, ...] | None = opt()
    #: Vectors of the documents in ``semantic_unprocessed`` are being made in the background:
    #: search again shortly for them to join the semantic arm.
    semantic_pending: bool | None = opt()
    all_results_low_confidence: bool | None = opt()
    confidence_threshold: float | None = opt()
    model_name: str | None = opt()
    semantic_unavailable: bool | None = opt()
    semantic_unavailable_reason: str | None = opt()
    doc_match_counts_truncated: bool | None = opt()
    #: No page of any document held every term: the keyword arm ranked pages holding any.
    relaxed_to_or: bool | None = opt()
    unprocessed_count: int = 0
    skipped_count: int = 0
    lists_truncated: bool | None = opt()
    #: Matches left out by the call's max_tokens.
    matches_cut_by_tokens: int | None = opt()
    content_warning: str = CONTENT_WARNING_SEARCH


@frozen
class ListedDocument:
    path: str
    size_bytes: int
    cached: bool
    indexed: bool
    pages: int | None = opt()
    title: str | None = opt()


@frozen
class ListResult:
    documents: tuple[ListedDocument, ...]
    total: int
    offset: int
    next_offset: int | None
    roots: tuple[str, ...]
