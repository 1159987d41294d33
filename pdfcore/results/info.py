"""What ``info`` and ``toc`` return: page count, metadata, outline, text coverage, quality and
the content-trust report. Page numbers are 1-based.
"""

from __future__ import annotations

from attrs import frozen

from pdfcore.models import Box
from pdfcore.serde import opt

CONTENT_WARNING_METADATA = "Metadata and outline titles are untrusted content from the PDF."


@frozen
class TocItem:
    level: int
    title: str
    page: int | None


@frozen
class TocResult:
    toc: tuple[TocItem, ...]
    has_toc: bool
    entry_count: int
    from_cache: bool
    content_warning: str = CONTENT_WARNING_METADATA


@frozen
class CoverageSummary:
    pages_with_text: int
    pages_without_text: int
    pages_likely_scanned: int
    ocr_candidate_pages: tuple[int, ...]
    ocr_candidate_pages_truncated: bool


@frozen
class TextCoverage:
    summary: CoverageSummary
    text_chars_per_page: tuple[int, ...] | None = opt()
    raster_images_per_page: tuple[int, ...] | None = opt()


@frozen
class QualityRange:
    """A warning code and the pages (folded into ranges, e.g. '3-7,12') it applies to."""

    code: str
    pages: str
    count: int


@frozen
class HiddenSpanOut:
    page: int
    reason: tuple[str, ...]
    text: str
    bbox: Box
    font_size: float
    opacity: float


@frozen
class ContentTrust:
    suspicious: bool
    hidden_text_runs: int
    hidden_chars: int
    injection_in_hidden: int
    pages_flagged: tuple[int, ...]
    signals: dict[str, int]
    pages_errored: int
    detail_included: bool
    spans: tuple[HiddenSpanOut, ...] | None = opt()
    spans_truncated: bool | None = opt()


@frozen
class InfoResult:
    page_count: int
    metadata: dict[str, str]
    toc_entry_count: int
    text_coverage: TextCoverage
    quality: tuple[QualityRange, ...]
    file_size_bytes: int
    file_size_mb: float
    estimated_tokens: int
    from_cache: bool
    pdf_version: str | None
    encrypted: bool
    has_forms: bool
    has_xfa: bool
    attachment_count: int
    toc: tuple[TocItem, ...] | None = opt()
    toc_truncated: bool | None = opt()
    page_labels: str | None = opt()
    content_trust: ContentTrust | None = opt()
    next_calls: tuple[str, ...] = ()
    content_warning: str = CONTENT_WARNING_METADATA
    #: True when coverage, quality and ``estimated_tokens`` come from ``pages_sampled`` pages (a
    #: long document not extracted yet): the counts are estimated from them (the first page as
    #: itself, the others scaled), the quality ranges and OCR candidates name sampled pages only.
    #: Exact once the pages are cached.
    coverage_sampled: bool = False
    pages_sampled: int | None = opt()
