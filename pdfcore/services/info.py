"""What a document is: page count, metadata, outline, coverage, quality, content trust."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Sequence

from pdfcore import pagespec
from pdfcore.errors import PdfcoreError
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
from pdfcore.services.furniture import sample_indexes
from pdfcore.services.quality import UNUSABLE
from pdfcore.tokens import estimate_tokens

log = logging.getLogger(__name__)

TOC_INLINE_MAX = 50
OCR_CANDIDATES_MAX = 50
SPANS_MAX = 200
SPAN_TEXT_MAX = 200
SIGNALS = ("invisible_render", "tiny_font", "transparent", "white_on_white", "offpage")
#: A cold ``info`` on a document of more pages than this looks at a sample of them (the pages
#: its furniture profile is learnt from and SAMPLE_SPREAD pages spread evenly); a shorter one,
#: or one whose pages are all cached, is read whole.
SAMPLE_ABOVE = 40
SAMPLE_SPREAD = 16

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


def info_sample(page_count: int) -> list[int]:
    """0-based pages a cold ``info`` looks at: the furniture profile's sample (extracted with
    any first page anyway) and SAMPLE_SPREAD pages spread evenly, the first among them."""
    spread = {k * page_count // SAMPLE_SPREAD for k in range(SAMPLE_SPREAD)}
    return sorted(spread.union(sample_indexes(page_count)))


class InfoService:
    def __init__(
        self, documents: DocumentService, *, injection_phrases: Sequence[str] = (), rest_in_background: bool = True
    ) -> None:
        self.documents = documents
        self.injection_phrases = tuple(injection_phrases)
        #: Extracts the pages a sampled ``info`` left, so that the next read is warm.
        self.rest = RestExtraction(documents) if rest_in_background else None

    def close(self) -> None:
        if self.rest is not None:
            self.rest.close()

    def toc(self, source: DocumentSource) -> TocResult:
        facts, from_cache = self.documents.facts(source)
        items = toc_items(facts)
        return TocResult(toc=items, has_toc=bool(items), entry_count=len(items), from_cache=from_cache)

    def info(self, source: DocumentSource, *, detail: bool = False, trust: bool = False) -> InfoResult:
        """The document's facts with its text coverage, quality and token estimate: exact when
        its pages are cached, it is short, or ``detail``/``trust`` ask for every page; else from
        a sample of its pages (``coverage_sampled``), the others then extracted in the background."""
        facts, facts_cached = self.documents.facts(source)
        n = facts.page_count
        everything = list(range(n))
        if detail or trust or n <= SAMPLE_ABOVE:
            got = self.documents.pages(source, everything, facts)
            pages = [got.pages[i] for i in everything]
            return self._result(source, facts, pages, detail, trust, facts_cached and got.cache_hits == n)
        cached = self.documents.cached_pages(source, everything, facts)
        if len(cached) == n:
            return self._result(source, facts, [cached[i] for i in everything], detail, trust, facts_cached)
        looked = sorted(set(info_sample(n)).union(cached))
        fresh = self.documents.pages(source, [i for i in looked if i not in cached], facts).pages
        pages = [cached[i] if i in cached else fresh[i] for i in looked]
        if self.rest is not None and not facts.private:
            self.rest.add(source, facts, [i for i in everything if i not in cached and i not in fresh])
        return self._result(source, facts, pages, detail, trust, False, sampled=True)

    def _result(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        pages: Sequence[PageText],
        detail: bool,
        trust: bool,
        from_cache: bool,
        *,
        sampled: bool = False,
    ) -> InfoResult:
        """The result from ``pages``: every page of the document, or (``sampled``) some of
        them, the counts then estimated for the document (see :func:`_estimate`)."""
        n = facts.page_count
        count = _estimate(pages, n, sampled)
        candidates = [p.index + 1 for p in pages if set(p.warnings) & UNUSABLE]
        pages_with_text = min(n, round(count(lambda p: 1.0 if p.char_count > 0 else 0.0)))
        coverage = TextCoverage(
            summary=CoverageSummary(
                pages_with_text=pages_with_text,
                pages_without_text=n - pages_with_text,
                pages_likely_scanned=min(n, round(count(lambda p: 1.0 if "likely_scanned" in p.warnings else 0.0))),
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
            page_count=n,
            metadata=dict(facts.metadata),
            toc_entry_count=len(items),
            toc=items if len(items) <= TOC_INLINE_MAX else None,
            toc_truncated=True if len(items) > TOC_INLINE_MAX else None,
            text_coverage=coverage,
            quality=fold_quality(pages),
            file_size_bytes=size,
            file_size_mb=round(size / (1024 * 1024), 2),
            estimated_tokens=round(count(lambda p: float(estimate_tokens(p.text)))),
            from_cache=from_cache,
            pdf_version=facts.pdf_version,
            encrypted=facts.encrypted,
            has_forms=facts.has_acroform,
            has_xfa=facts.has_xfa,
            attachment_count=facts.attachment_count,
            page_labels=fold_labels(facts),
            content_trust=content_trust(pages, detail=detail, phrases=self.injection_phrases) if trust else None,
            next_calls=next_calls,
            coverage_sampled=sampled,
            pages_sampled=len(pages) if sampled else None,
        )


def _estimate(
    pages: Sequence[PageText], page_count: int, sampled: bool
) -> Callable[[Callable[[PageText], float]], float]:
    """A function summing a per-page value over the document: over ``pages`` when they are the
    whole document; from a sample, the first page's own value (a cover or title page is seldom
    like the others: a scanned cover scaled to the page count would call a tenth of a book
    scanned) plus the other sampled pages' values scaled to the other pages."""
    first = [p for p in pages if p.index == 0] if sampled else list(pages)
    others = [p for p in pages if p.index != 0] if sampled else []
    scale = (page_count - len(first)) / len(others) if others else 0.0

    def total(value: Callable[[PageText], float]) -> float:
        return sum(value(p) for p in first) + scale * sum(value(p) for p in others)

    return total


class RestExtraction:
    """Extracts, finishes and caches the pages a sampled ``info`` did not look at, on one
    background thread, a document at a time in slices of SLICE pages (so :meth:`close` waits
    for one slice at most). At most WAITING documents wait; more are not queued (their pages
    are extracted when a call asks for them, as without this)."""

    SLICE = 32
    WAITING = 4

    def __init__(self, documents: DocumentService) -> None:
        self.documents = documents
        self._lock = threading.Lock()
        self._waiting: dict[str, tuple[DocumentSource, DocumentFacts, list[int]]] = {}
        self._thread: threading.Thread | None = None
        self._closed = False
        self._generation = 0  # bumped by cancel_all: the document in hand stops

    def add(self, source: DocumentSource, facts: DocumentFacts, indexes: Sequence[int]) -> bool:
        """Queue ``indexes`` of the document; False when it was not queued (closed, full or
        already waiting)."""
        digest = source.fingerprint.sha256
        with self._lock:
            if self._closed or not indexes or digest in self._waiting or len(self._waiting) >= self.WAITING:
                return False
            self._waiting[digest] = (source, facts, list(indexes))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="pdfcore-info-rest", daemon=True)
                self._thread.start()
        return True

    def pending(self) -> int:
        """Documents waiting or being extracted."""
        with self._lock:
            return len(self._waiting)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every queued document is done (tests, benchmarks); False on time-out."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._closed or not self._waiting:
                    self._thread = None
                    return
                digest, (source, facts, indexes) = next(iter(self._waiting.items()))
                generation = self._generation
            try:
                for start in range(0, len(indexes), self.SLICE):
                    if self._closed or self._generation != generation:
                        break
                    self.documents.pages(source, indexes[start : start + self.SLICE], facts)
            except PdfcoreError as exc:
                log.info("the rest of a sampled document was not extracted: %s", exc.code)
            except Exception:  # a background step must not die silently
                log.warning("the rest of a sampled document was not extracted", exc_info=True)
            with self._lock:
                self._waiting.pop(digest, None)

    def cancel_all(self) -> None:
        """Forget the documents waiting and stop the one in hand after its slice (the cache was
        cleared)."""
        with self._lock:
            self._waiting.clear()
            self._generation += 1

    def close(self, timeout: float = 10.0) -> None:
        """Stop after the slice in hand (its pages are cached) and wait for it."""
        with self._lock:
            self._closed = True
            thread = self._thread
        if thread is not None:
            thread.join(timeout)


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
