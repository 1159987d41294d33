"""Regex search of a document's pages within time budgets.

A regex that runs out of its time budget (per page, or for the whole call) names the pages it
did not search instead of claiming zero matches (``pages_not_searched``,
``regex_budget_exhausted``). The ``regex`` engine is imported on the first regex search.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from pdfcore import pagespec
from pdfcore.errors import InvalidArgument
from pdfcore.models import DocumentFacts, PageText
from pdfcore.results.search import SearchMatch, SearchResult
from pdfcore.services.search_excerpts import snippet

REGEX_PAGE_SECONDS = 0.5
REGEX_CALL_SECONDS = 5.0
MAX_REGEX_MATCHES_PER_PAGE = 1000


def compile_pattern(pattern: object) -> Any:
    """``pattern`` compiled by the ``regex`` engine (VERSION1, MULTILINE: it takes a time
    budget); InvalidArgument when it is empty or not a regular expression."""
    import regex as regex_engine

    if not isinstance(pattern, str) or not pattern:
        raise InvalidArgument("query is empty; pass a regular expression.")
    try:
        return regex_engine.compile(pattern, regex_engine.VERSION1 | regex_engine.MULTILINE)
    except regex_engine.error as exc:
        raise InvalidArgument(f"query is not a valid regular expression: {exc}.") from None


@frozen
class RegexScan:
    """What a regex found on the pages it searched."""

    #: (0-based page, start and end of its first match, its count of matches), best first.
    found: list[tuple[int, int, int, int]]
    #: Matches by 0-based page.
    counts: dict[int, int]
    #: 1-based pages not searched: the call's or the page's time ran out.
    not_searched: list[int]


def scan_pages(
    compiled: Any, pages: Mapping[int, PageText], scope: Sequence[int], *, page_seconds: float, call_seconds: float
) -> RegexScan:
    """The pages of ``scope`` searched in order (at most ``page_seconds`` each, and pages not
    started once ``call_seconds`` have passed), up to 1000 matches a page."""
    deadline = time.monotonic() + call_seconds
    found: list[tuple[int, int, int, int]] = []  # (page, start, end, count)
    counts: dict[int, int] = {}
    not_searched: list[int] = []
    for i in scope:
        if time.monotonic() > deadline:
            not_searched.append(i + 1)
            continue
        text = pages[i].text
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
    return RegexScan(found=found, counts=counts, not_searched=not_searched)


def regex_matches(
    scan: RegexScan, pages: Mapping[int, PageText], facts: DocumentFacts, *, max_results: int, context_chars: int
) -> list[SearchMatch]:
    """The pages with the most matches first (ties by page), each with a snippet of its first."""
    matches = []
    for i, start, end, n in scan.found[:max_results]:
        page = pages[i]
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
    return matches


def regex_result(
    scan: RegexScan,
    matches: Sequence[SearchMatch],
    *,
    pattern: str,
    scope: Sequence[int],
    pages_without_text: str | None,
    coverage_note: str | None,
) -> SearchResult:
    """The answer of a regex search (``scope``: the pages it was to search)."""
    not_searched = scan.not_searched
    return SearchResult(
        matches=tuple(matches),
        total_matches=len(scan.counts),
        page_match_counts={str(p + 1): n for p, n in sorted(scan.counts.items())},
        search_mode="regex",
        searched_pages=len(scope) - len(not_searched),
        excerpt_style="snippet",
        hidden_text_detected=any(m.hidden_text for m in matches),
        query_terms=(pattern,),
        pages_without_text=pages_without_text,
        coverage_note=coverage_note,
        pages_not_searched=pagespec.format_ranges(not_searched) if not_searched else None,
        regex_budget_exhausted=True if not_searched else None,
    )
