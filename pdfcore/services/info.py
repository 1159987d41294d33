"""What a document is: page count, metadata, outline, coverage, quality, content trust."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pdfcore import pagespec
from pdfcore.models import DocumentFacts, DocumentSource, HiddenSpan, PageText
from pdfcore.nextcalls import call, render, where
from pdfcore.results.info import (
    ContentTrust,
    CoverageSummary,
    HiddenSpanOut,
    InfoResult,
    QualityRange,
    TextCoverage,
    TocItem,
    TocResult,
)
from pdfcore.services.documents import DocumentService
from pdfcore.services.quality import UNUSABLE
from pdfcore.tokens import estimate_tokens

TOC_INLINE_MAX = 50
OCR_CANDIDATES_MAX = 50
SPANS_MAX = 200
SPAN_TEXT_MAX = 200
SIGNALS = ("invisible_render", "tiny_font", "transparent", "white_on_white", "offpage")

BUILTIN_INJECTION_PHRASES = (
    "ignore previous instructions",
    "ignore all previous instructions",
    "ignore the above",
    "disregard previous instructions",
    "disregard all prior",
    "you are now",
    "system prompt",
    "give a positive review",
    "do not mention",
    "new instructions",
    "act as",
    "forget your instructions",
)


def toc_items(facts: DocumentFacts) -> tuple[TocItem, ...]:
    return tuple(TocItem(level=e.level, title=e.title, page=e.page) for e in facts.outline)


def fold_labels(facts: DocumentFacts) -> str | None:
    """Page labels folded into runs, e.g. 'i-xii (1-12), 1-340 (13-352)'; None when they are plain."""
    labels = [p.label for p in facts.pages]
    if not any(labels) or all(lab == str(i + 1) for i, lab in enumerate(labels)):
        return None
    runs: list[str] = []
    i = 0
    while i < len(labels):
        j = i
        while j + 1 < len(labels) and _continues(labels[j], labels[j + 1]):
            j += 1
        a, b = labels[i] or "?", labels[j] or "?"
        runs.append(f"{a} (page {i + 1})" if i == j else f"{a}-{b} (pages {i + 1}-{j + 1})")
        i = j + 1
        if len(runs) > 40:
            runs.append("...")
            break
    return ", ".join(runs)


def _continues(a: str | None, b: str | None) -> bool:
    if not a or not b:
        return False
    ma, mb = re.match(r"^(.*?)(\d+)$", a), re.match(r"^(.*?)(\d+)$", b)
    if ma and mb:
        return ma.group(1) == mb.group(1) and int(mb.group(2)) == int(ma.group(2)) + 1
    ra, rb = _roman(a), _roman(b)
    return ra is not None and rb is not None and rb == ra + 1


def _roman(s: str) -> int | None:
    vals = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
    low = s.lower()
    if not low or any(ch not in vals for ch in low):
        return None
    total = 0
    for k, ch in enumerate(low):
        v = vals[ch]
        total += -v if k + 1 < len(low) and vals[low[k + 1]] > v else v
    return total


def fold_quality(pages: Sequence[PageText]) -> tuple[QualityRange, ...]:
    by_code: dict[str, list[int]] = {}
    for p in pages:
        for code in p.warnings:
            by_code.setdefault(code, []).append(p.index + 1)
    return tuple(
        QualityRange(code=code, pages=pagespec.format_ranges(nums), count=len(nums))
        for code, nums in sorted(by_code.items())
    )


def content_trust(pages: Sequence[PageText], *, detail: bool, phrases: Sequence[str]) -> ContentTrust:
    spans: list[HiddenSpan] = [s for p in pages for s in p.hidden]
    signals = dict.fromkeys(SIGNALS, 0)
    for s in spans:
        for r in s.reasons:
            if r in signals:
                signals[r] += 1
    lowered = [ph.lower() for ph in (*BUILTIN_INJECTION_PHRASES, *phrases) if ph.strip()]
    injections = 0
    for s in spans:
        text = " ".join(s.text.lower().split())
        injections += sum(text.count(ph) for ph in lowered)
    out_spans = None
    truncated = None
    if detail:
        out_spans = tuple(
            HiddenSpanOut(
                page=s.page,
                reason=s.reasons,
                text=s.text[:SPAN_TEXT_MAX],
                bbox=s.bbox,
                font_size=s.font_size,
                opacity=s.opacity,
            )
            for s in spans[:SPANS_MAX]
        )
        truncated = len(spans) > SPANS_MAX
    return ContentTrust(
        suspicious=bool(spans),
        hidden_text_runs=len(spans),
        hidden_chars=sum(len(s.text) for s in spans),
        injection_in_hidden=injections,
        pages_flagged=tuple(sorted({s.page for s in spans})),
        signals=signals,
        pages_errored=0,
        detail_included=detail,
        spans=out_spans,
        spans_truncated=truncated,
    )


class InfoService:
    def __init__(self, documents: DocumentService, *, injection_phrases: Sequence[str] = ()) -> None:
        self.documents = documents
        self.injection_phrases = tuple(injection_phrases)

    def toc(self, source: DocumentSource) -> TocResult:
        facts, from_cache = self.documents.facts(source)
        items = toc_items(facts)
        return TocResult(toc=items, has_toc=bool(items), entry_count=len(items), from_cache=from_cache)

    def info(self, source: DocumentSource, *, detail: bool = False, trust: bool = False) -> InfoResult:
        facts, facts_cached = self.documents.facts(source)
        got = self.documents.pages(source, list(range(facts.page_count)), facts)
        pages = [got.pages[i] for i in range(facts.page_count)]
        with_text = [p for p in pages if p.char_count > 0]
        scanned = [p.index + 1 for p in pages if "likely_scanned" in p.warnings]
        candidates = [p.index + 1 for p in pages if set(p.warnings) & UNUSABLE]
        coverage = TextCoverage(
            summary=CoverageSummary(
                pages_with_text=len(with_text),
                pages_without_text=facts.page_count - len(with_text),
                pages_likely_scanned=len(scanned),
                ocr_candidate_pages=tuple(candidates[:OCR_CANDIDATES_MAX]),
                ocr_candidate_pages_truncated=len(candidates) > OCR_CANDIDATES_MAX,
            ),
            text_chars_per_page=tuple(p.char_count for p in pages) if detail else None,
            raster_images_per_page=tuple(p.image_count for p in pages) if detail else None,
        )
        items = toc_items(facts)
        size = source.fingerprint.size
        next_calls = _next_calls(facts, candidates, pages)
        return InfoResult(
            page_count=facts.page_count,
            metadata=dict(facts.metadata),
            toc_entry_count=len(items),
            toc=items if len(items) <= TOC_INLINE_MAX else None,
            toc_truncated=True if len(items) > TOC_INLINE_MAX else None,
            text_coverage=coverage,
            quality=fold_quality(pages),
            file_size_bytes=size,
            file_size_mb=round(size / (1024 * 1024), 2),
            estimated_tokens=sum(estimate_tokens(p.text) for p in pages),
            from_cache=facts_cached and got.cache_hits == facts.page_count,
            pdf_version=facts.pdf_version,
            encrypted=facts.encrypted,
            has_forms=facts.has_acroform,
            has_xfa=facts.has_xfa,
            attachment_count=facts.attachment_count,
            page_labels=fold_labels(facts),
            content_trust=content_trust(pages, detail=detail, phrases=self.injection_phrases) if trust else None,
            next_calls=next_calls,
        )


def _next_calls(facts: DocumentFacts, candidates: list[int], pages: Sequence[PageText]) -> tuple[str, ...]:
    calls: list[str] = []
    n = facts.page_count
    if n <= 20:
        calls.append(f"{call('read_all')} to read the whole document")
    else:
        calls.append(f"{call('search')} to find the pages that matter")
        calls.append(f"{call('read_pages', pages=f'1-{min(n, 10)}')} to read a range")
    if len(facts.outline) > TOC_INLINE_MAX:
        calls.append(f"{call('toc')} for the full outline")
    if candidates:
        spec = pagespec.format_ranges(candidates[:20])
        calls.append(
            f"{call('ocr', pages=spec)} or {call('render', pages=candidates[0])} for pages without usable text"
        )
    if any(p.hidden for p in pages):
        calls.append(where(f"{call('hidden_text')} to see hidden text"))
    return tuple(c for c in (render(c) for c in calls) if c)
