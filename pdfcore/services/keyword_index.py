"""The keyword index of a document: the pages as it reads them, and its matches of a query.

The index reads each page on into the next to the end of the sentence the page break cut
(:mod:`pdfcore.services.seams`): a phrase or a word split by the break is found on the page
where it starts. A match found only where a page runs on is left to the next page when that
page matches by itself (:func:`without_run_on_repeats`); a 3+ term query that matches nothing
with AND is retried with OR, and says so (:func:`keyword_outcome`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import attrs

from pdfcore.models import DocumentFacts, DocumentSource, KeywordHit, KeywordOutcome, KeywordQuery, PageText
from pdfcore.services import seams
from pdfcore.services.documents import DocumentService
from pdfcore.services.search_query import content_query, relaxed_query
from ports.store import Store


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
