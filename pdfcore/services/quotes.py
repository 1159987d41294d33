"""Quote verification: does this text occur in the document, where, and how exactly?

Texts are compared after normalisation: Unicode compatibility forms (ligatures, full-width
forms), case, accents, every kind of quotation mark and apostrophe, hyphens and dashes (so a word
hyphenated at a line end matches the whole word), and whitespace (so line breaks, column joins and
the spacing errors of PDF text extraction do not matter) are all ignored. Punctuation and letters
are not.

Footnote reference marks are ignored too: one to three digits right after a lowercase letter,
or after punctuation that follows a letter, and before a space (``Bill,2 and``, ``parody.3 The``),
in the quote and in the page alike (so a quote with or without them matches; numbers such as
``1,000`` or ``B12`` are kept).

- ``exact``: the normalised quote occurs in the normalised page text, or across a page break
  (the end of one page's text and the start of the next's, read as one: a sentence or a word
  the break cut); then ``end_page`` names the page it ends on and ``end`` is an offset there.
- ``fuzzy``: no exact occurrence, but a passage of a page is similar: the best window's
  similarity (``difflib`` ratio over the normalised characters: 2 x matched / total) is at least
  :data:`FUZZY_THRESHOLD`. Measured on corpus sentences of 10-35 words: one changed word scores
  0.79-0.98; invented sentences score under 0.45 against their best passage. Quotes shorter
  than :data:`MIN_FUZZY_CHARS` normalised characters are only ever exact.
- ``mismatch``: the similar passage writes a number, a date or a name otherwise (``May`` for
  ``June``, ``1928`` for ``1929``, ``Disney`` for ``Warner``): one changed word scores high, yet the
  quote says something the document does not. ``differences`` lists the words; the passage is
  given as for ``fuzzy``. A word split or joined by extraction (``Ameri can``) is no difference.
- ``not_found``: neither; the note says which pages could not be checked (no usable text, XFA
  placeholders): a miss there is not evidence of absence.

Speed: the document's keyword index (built by the first search) ranks pages by the quote's
words (BM25, any word); the best pages are checked first (exact and similar passages). Without an
exact occurrence there, every other page in scope is checked for one (a substring test on cached
normalised text); the search for a similar passage widens to every page only when the first pages
held none above the threshold. Similar passages are located by character seeds and aligned with
``difflib`` only at the few best-seeded places.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

from attrs import evolve, frozen

from pdfcore import pagespec
from pdfcore.errors import InvalidArgument, PdfcoreError
from pdfcore.geometry import to_clip, union
from pdfcore.models import Box, DocumentFacts, DocumentSource, KeywordQuery, PageText, QueryTerm
from pdfcore.nextcalls import call, render, where
from pdfcore.results.quotes import QuoteDifference, QuoteMatch, QuoteResult
from pdfcore.services.documents import DocumentService
from pdfcore.services.quote_text import (
    CJK,
    DOUBLE_QUOTES,
    MAX_ALSO_FOUND,
    STOPWORDS,
    WORD,
    changed_facts,
    exact_spans,
    normalize,
    offset_map,
    refine,
    seed_candidates,
    swapped_marks,
    to_original,
)
from ports.store import Store

#: Lowest similarity reported as ``fuzzy``.
FUZZY_THRESHOLD = 0.75
#: Shortest normalised quote that may match fuzzily.
MIN_FUZZY_CHARS = 20
#: Longest quote accepted, in characters.
MAX_QUOTE_CHARS = 5000
#: Pages checked first, from the keyword index.
SHORTLIST_PAGES = 12
#: Seed clusters (over all pages) aligned in full when looking for a similar passage.
FUZZY_CANDIDATES = 6
#: Normalised pages kept in memory.
CACHE_PAGES = 20_000


@frozen
class _Hit:
    page: int
    status: str
    score: float
    nstart: int  # normalised offsets
    nend: int  # in the next page's normalised text when ``across`` (a match over a page break)
    across: bool = False


def span_box(page: PageText, start: int, end: int) -> Box | None:
    """The union of the line boxes (cut proportionally at the ends) covering page.text[start:end]."""
    boxes: list[Box] = []
    pos = 0
    for block in page.blocks:
        if not block.text:
            continue
        bstart = page.text.find(block.text, pos)
        if bstart < 0:
            continue
        bend = bstart + len(block.text)
        pos = bend
        if bend <= start or bstart >= end:
            continue
        found_line = False
        cursor = 0
        for ln in block.lines:
            piece = ln.text.replace("\ufffe", "").replace("\u00ad", "").strip()
            if not piece:
                continue
            at = block.text.find(piece, cursor)
            if at < 0:
                continue
            cursor = at + len(piece)
            ls, le = bstart + at, bstart + at + len(piece)
            if le <= start or ls >= end:
                continue
            found_line = True
            a, b = max(start, ls), min(end, le)
            width = ln.bbox.width
            x0 = ln.bbox.x0 + width * (a - ls) / len(piece)
            x1 = ln.bbox.x0 + width * (b - ls) / len(piece)
            boxes.append(Box(x0, ln.bbox.y0, max(x1, x0 + 0.1), ln.bbox.y1))
        if not found_line:
            boxes.append(block.bbox)
    return union(boxes) if boxes else None


# --------------------------------------------------------------------------------------------
# The service


class QuoteService:
    def __init__(
        self,
        documents: DocumentService,
        index_for: Callable[[DocumentSource, DocumentFacts], Store] | None = None,
        *,
        placeholders: Callable[[DocumentSource, DocumentFacts], frozenset[int]] | None = None,
    ) -> None:
        self.documents = documents
        self.index_for = index_for
        self.placeholders = placeholders
        self._norm: OrderedDict[tuple[str, int], str] = OrderedDict()
        self._lock = threading.Lock()

    def _normalized(self, digest: str, page: PageText) -> str:
        key = (digest, page.index)
        with self._lock:
            hit = self._norm.get(key)
            if hit is not None:
                self._norm.move_to_end(key)
                return hit
        norm = normalize(page.text)
        with self._lock:
            self._norm[key] = norm
            while len(self._norm) > CACHE_PAGES:
                self._norm.popitem(last=False)
        return norm

    def _shortlist(self, source: DocumentSource, facts: DocumentFacts, quote: str, scope: list[int]) -> list[int]:
        if self.index_for is None or CJK.search(quote):
            return []
        words = []
        for w in WORD.findall(quote):
            lw = w.casefold()
            if len(lw) >= 3 and lw not in STOPWORDS and not lw.isdigit() and lw not in words:
                words.append(lw)
        if not words:
            words = [w.casefold() for w in WORD.findall(quote) if len(w) >= 2][:8]
        if not words:
            return []
        words.sort(key=len, reverse=True)
        query = KeywordQuery(tuple(QueryTerm(w) for w in words[:16]), mode="or")
        try:
            store = self.index_for(source, facts)
            outcome = store.search_keyword(source.fingerprint.sha256, query, pages=scope, limit=SHORTLIST_PAGES)
        except PdfcoreError:
            return []
        return [h.page for h in outcome.hits]

    def verify(
        self, source: DocumentSource, facts: DocumentFacts, quote: str, pages: str | int | None = None
    ) -> QuoteResult:
        if not isinstance(quote, str) or not quote.strip():
            raise InvalidArgument("text is empty; pass the passage to look for.")
        if len(quote) > MAX_QUOTE_CHARS:
            raise InvalidArgument(
                f"text is longer than {MAX_QUOTE_CHARS} characters; verify a shorter passage (one or two sentences)."
            )
        body = quote.strip()
        if len(body) > 2 and body[0] in DOUBLE_QUOTES and body[-1] in DOUBLE_QUOTES:
            body = body[1:-1]  # the whole passage wrapped in quotation marks
        norm_quote = normalize(body)
        if not norm_quote:
            raise InvalidArgument("text has nothing to compare once spaces and dashes are ignored.")
        if pages is None or pages == "":
            scope = list(range(facts.page_count))
        else:
            scope = pagespec.resolve(pages, facts.page_count, [p.label for p in facts.pages])
        digest = source.fingerprint.sha256
        fuzzy_ok = len(norm_quote) >= MIN_FUZZY_CHARS

        shortlist = self._shortlist(source, facts, quote, scope)
        checked: set[int] = set()
        exact: list[_Hit] = []
        seeds: list[tuple[int, int, int]] = []  # (votes, page, guessed start)
        norms: dict[int, str] = {}

        def check(indexes: Sequence[int], *, fuzzy: bool) -> None:
            todo = [i for i in indexes if i not in checked]
            if not todo:
                return
            got = self.documents.pages(source, todo, facts).pages
            for i in todo:
                checked.add(i)
                page = got.get(i)
                if page is None or not page.text:
                    continue
                norm_page = self._normalized(digest, page)
                spans = exact_spans(norm_page, norm_quote)
                exact.extend(_Hit(i, "exact", 1.0, a, b) for a, b in spans)
                if fuzzy and not spans and fuzzy_ok and not exact:
                    norms[i] = norm_page
                    seeds.extend((votes, i, guess) for votes, guess in seed_candidates(norm_page, norm_quote))

        def best_fuzzy() -> _Hit | None:
            found: _Hit | None = None
            for _, i, guess in sorted(seeds, key=lambda s: (-s[0], s[1]))[:FUZZY_CANDIDATES]:
                score, a, b = refine(norms[i], norm_quote, guess)
                if score > 0 and (found is None or score > found.score):
                    found = _Hit(i, "fuzzy", score, a, b)
            return found

        # 1. The pages the keyword index ranks first; 2. an exact occurrence anywhere else;
        # 3. the best similar passage anywhere, when the first pages held none.
        check(shortlist, fuzzy=True)
        method = "index"
        rest = [i for i in scope if i not in checked]
        best: _Hit | None = None
        if not exact and rest:
            method = "scan"
            for k in range(0, len(rest), 64):
                check(rest[k : k + 64], fuzzy=False)
                if exact:
                    break
        if not exact:
            exact.extend(self._across_breaks(source, facts, scope, norm_quote))
        if not exact:
            best = best_fuzzy()
            if (best is None or best.score < FUZZY_THRESHOLD) and rest and fuzzy_ok:
                checked.difference_update(rest)
                check(rest, fuzzy=True)
                best = best_fuzzy()

        coverage = self._coverage(source, facts, scope)
        if exact:
            found = self._result(
                source,
                facts,
                "exact",
                exact[: 4 * MAX_ALSO_FOUND],
                quote,
                len(checked),
                method,
                coverage,
                quote_note=None,
            )
            swapped = swapped_marks(body, found.matched_text or "")
            if swapped:
                return _mismatch(found, swapped, found.score)
            return found
        if best is not None and best.score >= FUZZY_THRESHOLD:
            note = (
                f"No exact occurrence; the closest passage is {best.score:.0%} similar (threshold "
                f"{FUZZY_THRESHOLD:.0%}). Compare matched_text with the quote before relying on it."
            )
            found = self._result(source, facts, "fuzzy", [best], quote, len(checked), method, coverage, quote_note=note)
            changed = changed_facts(body, found.matched_text or "")
            if changed:
                return _mismatch(found, changed, best.score)
            return found
        note = "The text does not occur in the searched pages"
        if not fuzzy_ok:
            note += f" (a quote under {MIN_FUZZY_CHARS} normalised characters is only matched exactly)"
        elif best is not None:
            note += f"; the closest passage (page {best.page + 1}) is only {best.score:.0%} similar"
        note += "."
        return QuoteResult(
            status="not_found",
            score=round(best.score, 3) if best is not None else 0.0,
            threshold=FUZZY_THRESHOLD,
            searched_pages=len(checked),
            method=method,
            note=note,
            coverage_note=coverage,
        )

    def _across_breaks(
        self, source: DocumentSource, facts: DocumentFacts, scope: Sequence[int], norm_quote: str
    ) -> list[_Hit]:
        """Exact occurrences over a page break: the quote starting near the end of a page in
        ``scope`` and ending at the start of the next page."""
        n = len(norm_quote)
        if n < 2:
            return []
        digest = source.fingerprint.sha256
        wanted = sorted(
            {i for i in scope if i + 1 < facts.page_count} | {i + 1 for i in scope if i + 1 < facts.page_count}
        )
        got = self.documents.pages(source, wanted, facts).pages
        norms = {i: self._normalized(digest, p) for i, p in got.items() if p.text}
        hits: list[_Hit] = []
        for i in scope:
            a, b = norms.get(i), norms.get(i + 1)
            if not a or not b:
                continue
            head, tail = a[-(n - 1) :], b[: n - 1]
            pos = (head + tail).find(norm_quote)
            if pos >= 0:
                hits.append(_Hit(i, "exact", 1.0, len(a) - len(head) + pos, pos + n - len(head), across=True))
        return hits

    def _coverage(self, source: DocumentSource, facts: DocumentFacts, scope: Sequence[int]) -> str | None:
        parts: list[str] = []
        bad = self.documents.unusable_pages(source, facts)
        unusable = [i + 1 for i in scope if i in bad]
        if unusable:
            parts.append(
                f"{len(unusable)} page(s) have no usable text layer ({pagespec.format_ranges(unusable)}): a quote "
                f"there cannot be found this way; read them with OCR "
                f"({call('ocr', pages=pagespec.format_ranges(unusable[:5]))}) or look at them "
                f"({call('render', pages=unusable[0])})."
            )
        if self.placeholders is not None:
            try:
                held = self.placeholders(source, facts)
            except PdfcoreError:
                held = frozenset()
            xfa = [i + 1 for i in scope if i in held]
            if xfa:
                parts.append(
                    f"Page(s) {pagespec.format_ranges(xfa)} only show an XFA form's viewer placeholder: the form's "
                    "content is not in the page text" + where(f" ({call('form_data')} lists the form's data)") + "."
                )
        return render(" ".join(parts)) or None

    def _result(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        status: str,
        hits: Sequence[_Hit],
        quote: str,
        searched: int,
        method: str,
        coverage: str | None,
        *,
        quote_note: str | None,
    ) -> QuoteResult:
        needed = {h.page for h in hits} | {h.page + 1 for h in hits if h.across}
        pages = self.documents.pages(source, sorted(needed), facts).pages
        matches = [self._match(pages[h.page], facts, h, pages.get(h.page + 1) if h.across else None) for h in hits]
        # The occurrence writing the quote's numbers first, then the one written exactly as quoted
        # (case and all), then document order.
        wanted = " ".join(quote.split())
        matches.sort(
            key=lambda m: (
                status == "exact" and bool(swapped_marks(quote, m.text)),
                " ".join(m.text.split()) != wanted,
                m.page,
                m.start,
            )
        )
        main, also = matches[0], tuple(matches[1 : 1 + MAX_ALSO_FOUND])
        return QuoteResult(
            status=status,
            score=main.score,
            threshold=FUZZY_THRESHOLD,
            searched_pages=searched,
            method=method,
            page=main.page,
            label=main.label,
            start=main.start,
            end=main.end,
            matched_text=main.text,
            bbox=main.bbox,
            clip=main.clip,
            page_rect=main.page_rect,
            end_page=main.end_page,
            also_found=also or None,
            note=quote_note,
            coverage_note=coverage,
        )

    def _match(self, page: PageText, facts: DocumentFacts, hit: _Hit, next_page: PageText | None = None) -> QuoteMatch:
        ends = offset_map(page.text)
        end_page: int | None = None
        if hit.across and next_page is not None:
            # from the page's normalised offset to its end, then on the next page to ``nend``
            start, _ = to_original(ends, hit.nstart, max(hit.nstart + 1, ends[-1] if ends else 0))
            _, end = to_original(offset_map(next_page.text), 0, hit.nend)
            text = page.text[start:].rstrip() + "\n" + next_page.text[:end].lstrip()
            box_end = len(page.text)
            end_page = next_page.index + 1
        else:
            start, end = to_original(ends, hit.nstart, hit.nend)
            text = page.text[start:end]
            box_end = end
        info = facts.pages[page.index] if page.index < len(facts.pages) else None
        width, height = (info.width, info.height) if info else (612.0, 792.0)
        box = span_box(page, start, box_end)
        label = info.label if info and info.label and info.label != str(page.index + 1) else None
        return QuoteMatch(
            page=page.index + 1,
            end_page=end_page,
            status=hit.status,
            score=round(hit.score, 3),
            start=start,
            end=end,
            text=text,
            label=label,
            bbox=box,
            clip=to_clip(box, width, height) if box is not None else None,
            page_rect=Box(0.0, 0.0, width, height),
        )


def _mismatch(found: QuoteResult, changed: Sequence[QuoteDifference], score: float) -> QuoteResult:
    """``found`` as a mismatch: the passage writes the quote's numbers, dates or names otherwise."""
    said = "; ".join(
        f"{d.quote or '(nothing)'!r} where the document has {d.document or '(nothing)'!r}" for d in changed
    )
    note = (
        f"Not verified: the closest passage (page {found.page}, {score:.0%} similar) says something "
        f"else: the quote writes {said}. Quote the document's words, or do not cite it."
    )
    return evolve(found, status="mismatch", note=note, differences=tuple(changed))
