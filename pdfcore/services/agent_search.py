"""The compact search answer's rows: the best place of each ranked page, the other places, how
many fit a token budget, and the sentence saying how the search was made."""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore import pagespec
from pdfcore.models import Box, KeywordQuery
from pdfcore.results.agent import Place
from pdfcore.results.search import SearchMatch
from pdfcore.services.agent_markdown import md_escape_cell
from pdfcore.tokens import estimate_tokens

__all__ = [
    "MAX_PLACES",
    "TOP_PAGES",
    "best_place",
    "described",
    "page_cell",
    "pages_phrase",
    "passage_place",
    "place_cell",
    "place_rows",
    "rows_within_tokens",
    "unshown_pages",
]

#: Rows of places in one answer.
MAX_PLACES = 100
#: Pages listed in the first table (one row each, best first).
TOP_PAGES = 25


def place_rows(
    order: Sequence[int], by_page: dict[int, list[Place]]
) -> tuple[list[tuple[int, Place]], list[tuple[int, Place]], int]:
    """(rank, place) rows: the best place of each of the first TOP_PAGES pages, then the other
    places of the ranked pages in rank order, MAX_PLACES rows in all; and the places left out."""
    first: list[tuple[int, Place]] = []
    for rank, p in enumerate(order[:TOP_PAGES], start=1):
        first.append((rank, best_place(by_page[p])))
    room = MAX_PLACES - len(first)
    more: list[tuple[int, Place]] = []
    omitted = 0
    shown = {pl.ref for _r, pl in first}
    for rank, p in enumerate(order, start=1):
        for pl in by_page[p]:
            if pl.ref in shown:
                continue
            if rank > TOP_PAGES or len(more) >= room:
                omitted += 1
                continue
            more.append((rank, pl))
    return first, more, omitted


def rows_within_tokens(
    head: Sequence[str], first: Sequence[str], more: Sequence[str], max_tokens: int | None
) -> tuple[int, int]:
    """How many of the best-place rows and of the more-places rows fit ``max_tokens`` after the
    answer's head (all without a budget); rows are kept in rank order, the first one always."""
    if max_tokens is None:
        return len(first), len(more)
    used = estimate_tokens("\n".join(head)) + 40  # the tables' headings and the closing lines
    kept = 0
    for line in (*first, *more):
        cost = estimate_tokens(line) + 1
        if kept and used + cost > max_tokens:
            break
        kept += 1
        used += cost
    return min(kept, len(first)), max(0, kept - len(first))


def unshown_pages(order: Sequence[int], rows: Sequence[tuple[int, Place]]) -> str:
    """The ranked pages (1-based, as ranges) without a row of their own, else all of them."""
    shown = {pl.page for _r, pl in rows}
    pages = [p + 1 for p in order if p not in shown] or [p + 1 for p in order]
    return pagespec.format_ranges(pages[:20])


def best_place(places: Sequence[Place]) -> Place:
    """The place holding the most distinct words of the query, then the most hits, then the first."""
    return max(places, key=lambda pl: (pl.terms, pl.count, -places.index(pl)))


def passage_place(page: int, m: SearchMatch) -> Place:
    box = m.bbox or Box(0.0, 0.0, 0.0, 0.0)
    return Place(ref=f"p{page + 1}s1", page=page, text=m.excerpt[:160], count=0, bbox=box, kind="passage")


def page_cell(page: int, labels: Sequence[str | None]) -> str:
    label = labels[page]
    return f"{page + 1}" + (f" ({label})" if label and label != str(page + 1) else "")


def place_cell(pl: Place) -> str:
    if pl.kind == "passage":
        return f"_related passage (no word match):_ {md_escape_cell(pl.text)[:160]}"
    text = md_escape_cell(pl.text)[:200] or "_(no text on the line)_"
    return text + (f" ×{pl.count}" if pl.count > 1 else "")


def pages_phrase(scope: Sequence[int], page_count: int) -> str:
    if len(scope) == page_count:
        return f"all {page_count} pages"
    return f"pages {pagespec.format_ranges([p + 1 for p in scope])} ({len(scope)} of {page_count})"


def described(parsed: KeywordQuery, searched: KeywordQuery, relaxed: bool, relevance: str) -> str:
    """How a keyword search was made: what it looked for and how pages were ranked."""
    phrases = [t.text for t in searched.terms if t.phrase]
    words = [t.text for t in searched.terms if not t.phrase]
    parts = []
    if phrases:
        parts.append("the exact phrase" + ("s " if len(phrases) > 1 else " ") + ", ".join(f'"{p}"' for p in phrases))
    if words:
        parts.append(("any of the words " if relaxed else "the words ") + ", ".join(words))
    left = [t.text for t in parsed.terms if t not in searched.terms]
    what = " and ".join(parts)
    if relaxed:
        what = f"no page holds every term, so pages holding any: {what}"
    elif len(searched.terms) > 1:
        what = f"pages holding all of: {what}"
    how = (
        "keyword relevance (BM25)"
        if relevance == "keyword"
        else "keyword relevance (BM25) fused with semantic similarity"
    )
    out = f"Looked for {what}" + (f" (left out, as function words: {', '.join(left)})" if left else "")
    return out + f"; ranked by {how}."
