"""Search hits outside the page text: form field values, link targets, annotation texts.

A form's filled-in values, the address behind a link and the text of a sticky note are not in the
page's text layer, so a keyword or regex search of the pages misses them. :func:`search_extras`
runs the same query over them and returns :class:`ExtraMatch` records, each labelled with its
``origin`` (``form_field``, ``link`` or ``annotation``), for the caller to merge into a search
result.

Matching follows the keyword search's rules in spirit, on short texts: every term must occur
(``require_all``), a word term matches at a word start case-insensitively (``invoice`` finds
"Invoices"), a quoted phrase matches as a whole with whitespace normalised, CJK terms match as
substrings; function words are left out and numbers match as numbers (:mod:`pdfcore.matching`). In regex mode the pattern runs over each item's text with a time budget.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from pdfcore import matching, pagespec
from pdfcore.errors import InvalidArgument
from pdfcore.geometry import to_clip
from pdfcore.models import Box, Clip, DocumentFacts, DocumentSource, QueryTerm
from pdfcore.results.extras import ExtraMatch
from pdfcore.services.extras import ExtrasService
from pdfcore.services.search_query import content_query, parse_query
from pdfcore.services.xfa import xfa_values

#: Most extra matches returned by one call.
MAX_EXTRA_MATCHES = 100
#: Longest excerpt of one match, in characters.
EXCERPT_CHARS = 300
#: Time budget of a regex over all items of one document, and per item.
REGEX_CALL_SECONDS = 2.0
REGEX_ITEM_SECONDS = 0.05

ORIGINS = ("form_field", "link", "annotation")


@frozen
class _Item:
    origin: str
    page: int | None  # 0-based
    bbox: Box | None
    name: str | None
    text: str  # what is searched and excerpted: one line, whitespace collapsed
    uri: str | None = None
    target_page: int | None = None  # 0-based
    hidden: bool = False


def search_extras(
    extras: ExtrasService,
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
    """Matches of ``query`` in the form fields, links and annotations of ``pages`` (0-based;
    None: the whole document), best first. ``mode``: keyword (or auto) | regex.
    ``annotated_pages``: when known, the only pages that hold annotations or links (the others
    are not asked for theirs)."""
    if mode not in ("keyword", "auto", "regex", "semantic"):
        raise InvalidArgument("mode must be one of auto, keyword, regex, semantic.")
    scope = "all" if pages is None else pagespec.format_ranges([i + 1 for i in pages])
    annotated = "all" if annotated_pages is None else pagespec.format_ranges([i + 1 for i in annotated_pages])
    items = extras.derived(
        (source.fingerprint.sha256, f"search items {scope} {annotated}"),
        list,
        lambda: collect_items(extras, source, facts, pages, annotated_pages),
    )
    if not items:
        return ()
    if mode == "regex":
        scored = _regex_matches(items, query)
    else:
        scored = _keyword_matches(items, content_query(parse_query(query)).terms, require_all=require_all)
    scored.sort(key=lambda s: (-s[1], s[0].page if s[0].page is not None else 1 << 30))
    limit = max(1, min(MAX_EXTRA_MATCHES, max_results))
    return tuple(_match(item, count, span, facts) for item, count, span in scored[:limit])


def collect_items(
    extras: ExtrasService,
    source: DocumentSource,
    facts: DocumentFacts,
    pages: Sequence[int] | None,
    annotated_pages: Sequence[int] | None = None,
) -> list[_Item]:
    scope = list(range(facts.page_count)) if pages is None else [i for i in pages if 0 <= i < facts.page_count]
    wanted = set(scope)
    if annotated_pages is None:
        annotated = scope
    else:
        holding = set(annotated_pages)
        annotated = [i for i in scope if i in holding]
    items: list[_Item] = []
    seen_fields: set[str] = set()
    for w in extras.form_widgets(source, facts):
        if w.page not in wanted or w.name in seen_fields:
            continue
        seen_fields.add(w.name)  # a radio group is one field
        parts = [p for p in (w.value if w.value not in ("Off",) else None, w.alternate_name) if p]
        if w.selected and w.value not in w.selected:
            parts.extend(w.selected)
        text = f"{w.name}: " + " | ".join(parts) if parts else w.name
        items.append(_Item("form_field", w.page, w.bbox, w.name, text, hidden=False))
    if facts.has_xfa and pages is None:
        form = extras.xfa_form(source, facts)
        values = xfa_values(form.datasets) if form.datasets else None
        for name, value in values or ():
            items.append(_Item("form_field", None, None, name, f"{name}: {value}"))
    for i, page in sorted(extras.page_annotations(source, facts, annotated).items()):
        for link in page.links:
            target = f"page {link.target_page + 1}" if link.target_page is not None else None
            where = link.uri or link.file_path or target or ""
            text = " -> ".join(p for p in (link.text, where) if p)
            if text:
                items.append(_Item("link", i, link.bbox, link.kind, text, link.uri, link.target_page))
        for a in page.annotations:
            parts = [p for p in (a.contents, a.subject, a.marked_text, a.author) if p]
            if parts:
                items.append(_Item("annotation", i, a.bbox, a.subtype, " | ".join(parts), hidden=a.hidden))
    return [
        _Item(it.origin, it.page, it.bbox, it.name, " ".join(it.text.split()), it.uri, it.target_page, it.hidden)
        for it in items
    ]


def _keyword_matches(
    items: Sequence[_Item], terms: Sequence[QueryTerm], *, require_all: bool
) -> list[tuple[_Item, int, tuple[int, int]]]:
    patterns = [_term_pattern(t) for t in terms]
    out: list[tuple[_Item, int, tuple[int, int]]] = []
    for item in items:
        total = 0
        first: tuple[int, int] | None = None
        hit_terms = 0
        for term, pattern in zip(terms, patterns, strict=True):
            found = matching.verified(item.text, term, [(m.start(), m.end()) for m in pattern.finditer(item.text)])
            if found:
                hit_terms += 1
                total += len(found)
                span = found[0]
                if first is None or span[0] < first[0]:
                    first = span
        if not hit_terms or (require_all and hit_terms < len(patterns)) or first is None:
            continue
        out.append((item, total, first))
    return out


def _term_pattern(term: QueryTerm) -> re.Pattern[str]:
    words = " ".join(term.text.split())
    body = r"\s+".join(re.escape(w) for w in words.split(" "))
    if term.substring:
        return re.compile(body, re.IGNORECASE)
    return re.compile(r"(?<!\w)" + body, re.IGNORECASE)


def _regex_matches(items: Sequence[_Item], pattern: str) -> list[tuple[_Item, int, tuple[int, int]]]:
    import regex as regex_engine

    if not isinstance(pattern, str) or not pattern:
        raise InvalidArgument("query is empty; pass a regular expression.")
    try:
        compiled: Any = regex_engine.compile(pattern, regex_engine.VERSION1 | regex_engine.MULTILINE)
    except regex_engine.error as exc:
        raise InvalidArgument(f"query is not a valid regular expression: {exc}.") from None
    deadline = time.monotonic() + REGEX_CALL_SECONDS
    out: list[tuple[_Item, int, tuple[int, int]]] = []
    for item in items:
        if time.monotonic() > deadline:
            break
        try:
            spans = [
                (m.start(), m.end())
                for m in compiled.finditer(item.text, timeout=REGEX_ITEM_SECONDS)
                if m.end() > m.start()
            ]
        except TimeoutError:
            continue
        if spans:
            out.append((item, len(spans), spans[0]))
    return out


def _match(item: _Item, count: int, span: tuple[int, int], facts: DocumentFacts) -> ExtraMatch:
    page_rect: Box | None = None
    clip: Clip | None = None
    label: str | None = None
    if item.page is not None and 0 <= item.page < len(facts.pages):
        info = facts.pages[item.page]
        page_rect = Box(0.0, 0.0, info.width, info.height)
        clip = to_clip(item.bbox, info.width, info.height) if item.bbox is not None else None
        label = info.label if info.label and info.label != str(item.page + 1) else None
    return ExtraMatch(
        origin=item.origin,
        page=item.page + 1 if item.page is not None else None,
        excerpt=_excerpt(item.text, span),
        match_count=count,
        score=float(count),
        label=label,
        bbox=item.bbox,
        page_rect=page_rect,
        clip=clip,
        name=item.name,
        uri=item.uri,
        target_page=item.target_page + 1 if item.target_page is not None else None,
        hidden=True if item.hidden else None,
    )


def _excerpt(text: str, span: tuple[int, int]) -> str:
    if len(text) <= EXCERPT_CHARS:
        return text
    start = max(0, min(span[0] - EXCERPT_CHARS // 3, len(text) - EXCERPT_CHARS))
    cut = text[start : start + EXCERPT_CHARS]
    return ("..." if start > 0 else "") + cut + ("..." if start + EXCERPT_CHARS < len(text) else "")
