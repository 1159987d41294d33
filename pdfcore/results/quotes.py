"""What quote verification returns: the status, the best passage and where it is."""

from __future__ import annotations

from attrs import frozen

from pdfcore.models import Box, Clip
from pdfcore.results.search import CONTENT_WARNING_SEARCH
from pdfcore.serde import opt


@frozen
class QuoteMatch:
    page: int
    status: str
    score: float
    #: Character offsets of the passage in the page text returned by read_pages.
    start: int
    end: int
    text: str
    label: str | None = opt()
    bbox: Box | None = opt()
    clip: Clip | None = opt()
    page_rect: Box | None = opt()
    #: The passage runs over a page break and ends on this page: ``end`` is an offset into its
    #: text, ``text`` both parts (a line break between them), the box the part on ``page``.
    end_page: int | None = opt()


@frozen
class QuoteDifference:
    """Words of the quote and of the passage that differ where one of them is a number, a date
    or a name (``quote`` or ``document`` empty when the word is only on the other side)."""

    quote: str
    document: str


@frozen
class QuoteResult:
    #: exact | fuzzy | mismatch | not_found
    status: str
    #: Similarity of the best passage (1.0 for exact; 0 when nothing is similar).
    score: float
    threshold: float
    searched_pages: int
    #: index: pages ranked by the keyword index were enough; scan: every page in scope was checked.
    method: str
    page: int | None = opt()
    label: str | None = opt()
    start: int | None = opt()
    end: int | None = opt()
    matched_text: str | None = opt()
    bbox: Box | None = opt()
    clip: Clip | None = opt()
    page_rect: Box | None = opt()
    #: The passage runs over a page break and ends on this page (``end`` is an offset into its
    #: text; ``matched_text`` holds both parts, a line break between them).
    end_page: int | None = opt()
    #: Other exact occurrences (other places or pages).
    also_found: tuple[QuoteMatch, ...] | None = opt()
    note: str | None = opt()
    coverage_note: str | None = opt()
    #: With ``mismatch``: the numbers, dates or names the passage writes otherwise.
    differences: tuple[QuoteDifference, ...] | None = opt()
    content_warning: str = CONTENT_WARNING_SEARCH
