"""Reading pages: selected pages with geometry, and the whole document in byte-capped windows."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

import attrs

from pdfcore import pagespec, telemetry
from pdfcore.defaults import DEFAULT_MAX_CHARS, DEFAULT_MAX_CHARS_PER_PAGE, READ_FORMATS
from pdfcore.errors import InvalidArgument, ResourceLimit
from pdfcore.geometry import to_clip
from pdfcore.layout.hyphens import HYPHENS
from pdfcore.models import Box, DocumentFacts, DocumentSource, PageText
from pdfcore.nextcalls import call, render, where
from pdfcore.results.info import TocItem
from pdfcore.results.reading import DocumentMap, ImageOut, MapRow, PageOut, ReadAllResult, ReadPagesResult
from pdfcore.services.documents import DocumentService, PageBatch
from pdfcore.services.seams import BrokenWord, broken_word
from pdfcore.services.seams import lexicon as seam_lexicon
from pdfcore.structure import PageStructure, page_comment, render_page
from pdfcore.tokens import chars_for_tokens
from pdfcore.tokens import estimate_tokens as estimate_text_tokens

#: Read formats: the page text (reading order, blocks), or structured Markdown.
FORMATS = READ_FORMATS

MAX_READ_ALL_PAGES = 500
MAP_MAX_ROWS = 200
#: Warnings the map lists on a row of pages without splitting the row where they come and go.
MAP_HOUSEKEEPING = frozenset(
    {
        "running_heads_stripped",
        "running_heads_flagged",
        "line_numbers_stripped",
        "line_numbers_flagged",
        "margin_stamps_stripped",
        "margin_stamps_flagged",
        "outside_crop_text",
    }
)
#: Pages whose token estimate the map lists one by one (the rows sum them all).
MAP_MAX_PAGE_TOKENS = 1000
MAP_MAX_OUTLINE = 60
#: Pages per engine worker that read_all may have on their way at once (see ``_batch``, ``_plan``).
LOOKAHEAD_PER_WORKER = 8
#: Pages per engine worker in one chunk handed to the engine ahead of the caller (see ``_plan``).
CHUNK_PER_WORKER = 4
#: Pages per engine worker that read_all extracts past what its answer has room for: the
#: workers stay busy to the end of the answer (instead of one page at a time as the budget runs
#: out) and while it is sent (those not needed are left on their way, not waited for), and the
#: next call of a read_all loop starts with these pages extracted.
PAST_BUDGET_PER_WORKER = LOOKAHEAD_PER_WORKER
#: Markdown: while the calling thread waits for a page's tables, the workers not reading them
#: extract on, up to this many pages per worker on their way (see ``read_all``'s ``ready``)...
LOOKAHEAD_WAITING_PER_WORKER = 32
#: ... asked again for each this many seconds of the wait. Meanwhile the calling thread builds
#: the elements of later pages at hand that wait for nothing (``read_all``'s ``settled``), up to
#: this many pages past the one waiting.
WAIT_STEP_S = 0.005
BUILD_AHEAD_PAGES = 64


def page_allowance(largest: int, seen: int) -> int:
    """Bytes read_all budgets for a page it has not extracted yet, from the largest of the
    ``seen`` pages so far: four times the largest while fewer than 8 pages are known, twice
    while fewer than 32 are, then the largest itself (0 before any page is seen: then pages
    are extracted one at a time). A page is extracted only when the budget left holds this
    for it and for every page before it not counted yet."""
    return largest * (4 if seen < 8 else 2 if seen < 32 else 1)


def _positive(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidArgument(f"{name} must be a positive integer.")
    return value


def _text_kind(page: PageText) -> str:
    w = set(page.warnings)
    if "likely_scanned" in w:
        return "scanned"
    if "no_text" in w:
        return "none"
    if "garbled_text" in w:
        return "garbled"
    return "native"


def reading_text(text: str, carried: BrokenWord | None, tail: BrokenWord | None) -> str:
    """A page's text as a read_all loop gives it: the rest of the word the page before broke into
    it (``carried``) left out of its start, and its own last word whole when it breaks into the
    next page (``tail``)."""
    start = carried.end if carried is not None else 0
    if tail is not None and tail.start >= start:
        return (text[start : tail.start] + tail.word).lstrip()
    return text[start:].lstrip()


def reading_chunk(page: PageText, labels: Sequence[str | None], carried: BrokenWord | None) -> str:
    """A page's part of a read_all answer, its own last word left as it is."""
    return page_header(page.index + 1, labels[page.index]) + reading_text(page.text, carried, None) + "\n\n"


def estimate_tokens(chars: int) -> int:
    """Tokens from a character count alone (when the text is not at hand); see pdfcore.tokens."""
    return (chars + 3) // 4


def page_header(n: int, label: str | None) -> str:
    return f"--- page {n} (label {label}) ---\n" if label and label != str(n) else f"--- page {n} ---\n"


def check_format(value: object) -> str:
    if value not in FORMATS:
        raise InvalidArgument(
            f"format must be one of {', '.join(FORMATS)}.", recovery="Pass format='text' (the default) or 'markdown'."
        )
    return str(value)


def page_out(page: PageText, facts: DocumentFacts, text: str | None = None, *, markdown: str | None = None) -> PageOut:
    """A page as returned: its text (``text``, default the page's), or, in markdown mode, its
    Markdown in ``markdown`` and an empty ``text``; ``chars`` counts what is returned."""
    info = facts.pages[page.index] if page.index < len(facts.pages) else None
    width = info.width if info else 0.0
    height = info.height if info else 0.0
    images = tuple(
        ImageOut(
            index=img.index,
            width=img.width_px,
            height=img.height_px,
            bbox=img.bbox,
            clip=to_clip(img.bbox, width, height) if img.bbox else None,
            placements=img.placements or None,
            filter=img.filter,
        )
        for img in page.images
    )
    body = page.text if text is None else text
    if markdown is not None:
        body = ""
    return PageOut(
        page=page.index + 1,
        label=info.label if info else None,
        text=body,
        markdown=markdown,
        chars=len(body) if markdown is None else len(markdown),
        estimated_tokens=estimate_text_tokens(body if markdown is None else markdown),
        hidden_text=bool(page.hidden),
        images=images,
        image_count=len(images),
        page_rect=Box(0.0, 0.0, width, height),
        source=page.source,
        warnings=page.warnings,
        ocr_confidence=page.ocr_confidence,
        furniture=page.furniture or None,
    )


def _markdown_chunk(index: int, label: str | None, page: PageStructure) -> str:
    """A page's part of a document's Markdown (its comment line, then its Markdown)."""
    body = render_page(page)
    return page_comment(index + 1, label) + "\n\n" + (body + "\n\n" if body else "")


def _page(page: PageText, facts: DocumentFacts, body: str, markdown: bool) -> PageOut:
    return page_out(page, facts, markdown=body) if markdown else page_out(page, facts, body)


class ReadService:
    def __init__(
        self, documents: DocumentService, *, max_response_bytes: int, max_pages_per_call: int, parallelism: int = 1
    ) -> None:
        self.documents = documents
        self.max_response_bytes = max_response_bytes
        self.max_pages_per_call = max_pages_per_call
        #: Pages read_all may extract at once (the engine's worker count).
        self.parallelism = max(1, parallelism)

    def read_pages(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        pages: str | int,
        *,
        max_chars: int = DEFAULT_MAX_CHARS,
        max_chars_per_page: int = DEFAULT_MAX_CHARS_PER_PAGE,
        markdown: Callable[[PageText], str] | None = None,
        ahead: Callable[[Sequence[PageText]], None] | None = None,
        max_tokens: int | None = None,
    ) -> ReadPagesResult:
        """Pages in order within a per-call and a per-page character budget, and a per-call
        token budget (estimated, :mod:`pdfcore.tokens`): the tighter of the two wins.

        A page over the per-page budget is cut (``truncated``, ``chars_available``); pages past the
        per-call budget are not returned and ``next_pages`` names them, with the call to make.
        With ``markdown`` (a page's Markdown), pages are returned as Markdown and the budgets
        count it; ``ahead`` is told first of the pages whose text fits the budget (their tables
        are then read side by side).
        """
        max_chars = _positive("max_chars", max_chars)
        if max_tokens is not None:
            max_tokens = _positive("max_tokens", max_tokens)
        max_chars_per_page = _positive("max_chars_per_page", max_chars_per_page)
        labels = [p.label for p in facts.pages]
        indexes = pagespec.resolve(pages, facts.page_count, labels)
        if len(indexes) > self.max_pages_per_call:
            first = indexes[: self.max_pages_per_call]
            raise ResourceLimit(
                f"{len(indexes)} pages were asked for; one call reads at most {self.max_pages_per_call}.",
                recovery=f"Read in smaller ranges, e.g. pages='{pagespec.format_ranges([i + 1 for i in first])}'.",
            )
        got = self.documents.pages(source, indexes, facts)
        if ahead is not None and markdown is not None:
            fitting: list[PageText] = []
            chars = 0
            for i in indexes:
                if fitting and chars >= max_chars:
                    break
                fitting.append(got.pages[i])
                chars += min(len(got.pages[i].text), max_chars_per_page)
            ahead(fitting)
        outs: list[PageOut] = []
        used = 0
        used_tokens = 0
        token_cut = False
        omitted: list[int] = []
        cut_pages: list[int] = []
        for i in indexes:
            if omitted or (outs and (used >= max_chars or (max_tokens is not None and used_tokens >= max_tokens))):
                omitted.append(i + 1)
                continue
            page = got.pages[i]
            text = page.text if markdown is None else markdown(page)
            limit = min(max_chars_per_page, max_chars - used)
            if max_tokens is not None:
                by_tokens = chars_for_tokens(text, max_tokens - used_tokens)
                if by_tokens < limit:
                    limit = by_tokens
                    token_cut = token_cut or by_tokens < len(text)
            if len(text) > limit:
                if outs and limit < min(len(text), max_chars_per_page):
                    omitted.append(i + 1)  # would only fit cut: leave it whole for the next call
                    continue
                out = _page(page, facts, text[:limit], markdown is not None)
                out = attrs.evolve(out, truncated=True, chars_available=len(text))
                cut_pages.append(i + 1)
            else:
                out = _page(page, facts, text, markdown is not None)
            outs.append(out)
            used += out.chars
            used_tokens += out.estimated_tokens or 0
        total_chars = sum(p.chars for p in outs)
        note = None
        if token_cut:
            telemetry.cut("max_tokens")
        if cut_pages and not token_cut:
            telemetry.cut("max_chars_per_page")
        if omitted and not token_cut:
            telemetry.cut("max_chars")
        if omitted or cut_pages:
            parts = []
            if cut_pages:
                parts.append(
                    f"page(s) {pagespec.format_ranges(cut_pages)} were cut at {max_chars_per_page} characters "
                    f"(chars_available gives the full length): use {call('search')} to find the passage, or "
                    f"{call('render', pages=cut_pages[0])} to look at the page"
                )
            if omitted:
                spec = pagespec.format_ranges(omitted)
                also = " (with format='markdown')" if markdown is not None else ""
                budget = f"{max_tokens}-token" if token_cut else f"{max_chars}-character"
                parts.append(
                    f"the {budget} budget of this call ran out: pages {spec} were not returned; "
                    f"call {call('read_pages', pages=spec)}{also} next"
                )
            note = render("; ".join(parts) + ".")
        return ReadPagesResult(
            pages=tuple(outs),
            hidden_text_detected=any(p.hidden_text for p in outs),
            total_chars=total_chars,
            estimated_tokens=sum(p.estimated_tokens or 0 for p in outs),
            cache_hits=got.cache_hits,
            total_images=sum(p.image_count for p in outs),
            truncated=True if note else None,
            truncation_note=note,
            next_pages=pagespec.format_ranges(omitted) if omitted else None,
        )

    def document_map(
        self, source: DocumentSource, facts: DocumentFacts, *, path_hint: str | None = None
    ) -> DocumentMap:
        """The map of a long document: outline, quality folded into page ranges, next calls
        (naming the document as ``path_hint`` when given)."""
        got = self.documents.pages(source, list(range(facts.page_count)), facts)
        pages = [got.pages[i] for i in range(facts.page_count)]
        rows: list[MapRow] = []
        page_tokens = [estimate_text_tokens(p.text) for p in pages]
        telling: tuple[str, ...] | None = None  # the warnings that split rows, of the last row
        for p, tokens in zip(pages, page_tokens):
            kind = _text_kind(p)
            warnings = tuple(w for w in p.warnings if w not in ("no_text", "likely_scanned", "garbled_text"))
            # Housekeeping (furniture taken out, margin text left out) comes and goes page by page:
            # it is listed on the row, it does not split it.
            splits = tuple(w for w in warnings if w not in MAP_HOUSEKEEPING)
            if rows and rows[-1].text == kind and telling == splits:
                last = rows[-1]
                start = last.pages.split("-")[0]
                rows[-1] = MapRow(
                    pages=f"{start}-{p.index + 1}",
                    text=kind,
                    warnings=(*last.warnings, *(w for w in warnings if w not in last.warnings)),
                    chars=last.chars + len(p.text),
                    estimated_tokens=(last.estimated_tokens or 0) + tokens,
                )
            else:
                telling = splits
                rows.append(
                    MapRow(
                        pages=str(p.index + 1), text=kind, warnings=warnings, chars=len(p.text), estimated_tokens=tokens
                    )
                )
        clipped_after = None
        if len(rows) > MAP_MAX_ROWS:
            rows = rows[:MAP_MAX_ROWS]
            clipped_after = int(rows[-1].pages.split("-")[-1])
        outline = tuple(TocItem(level=e.level, title=e.title, page=e.page) for e in facts.outline[:MAP_MAX_OUTLINE])
        total = sum(len(p.text) for p in pages)
        calls: list[str] = []
        first_text = next((int(r.pages.split("-")[0]) for r in rows if r.text == "native"), 1)
        end = min(facts.page_count, first_text + 9)
        doc = path_hint
        calls.append(f"{call('search', path=doc)} to find the pages about a topic")
        calls.append(
            f"{call('read_pages', path=doc, pages=f'{first_text}-{end}')} to read from the first page with text"
        )
        for e in facts.outline[:3]:
            if e.page:
                calls.append(f"{call('read_pages', path=doc, pages=e.page)} for '{e.title[:60]}'")
        bad = [r.pages for r in rows if r.text in ("none", "scanned", "garbled")]
        if bad:
            calls.append(
                f"{call('ocr', path=doc, pages=','.join(bad[:5]))} or "
                f"{call('render', path=doc, pages=bad[0].split('-')[0])} for pages without usable text"
            )
        if any(p.hidden for p in pages):
            calls.append(where(f"{call('hidden_text', path=doc)} to see the hidden text"))
        calls = [c for c in (render(c) for c in calls) if c]
        from pdfcore.services.info import fold_labels

        return DocumentMap(
            page_count=facts.page_count,
            outline=outline,
            outline_truncated=len(facts.outline) > MAP_MAX_OUTLINE,
            quality=tuple(rows),
            quality_clipped_after_page=clipped_after,
            total_chars=total,
            estimated_tokens=sum(page_tokens),
            page_tokens=tuple(page_tokens[:MAP_MAX_PAGE_TOKENS]),
            page_tokens_truncated=True if len(page_tokens) > MAP_MAX_PAGE_TOKENS else None,
            next_calls=tuple(calls),
            page_labels=fold_labels(facts),
            title=dict(facts.metadata).get("title") or None,
        )

    def read_all(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        *,
        start_page: int = 1,
        max_pages: int = 50,
        structure: Callable[[PageText], PageStructure] | None = None,
        document: Callable[[Sequence[PageStructure]], str] | None = None,
        ahead: Callable[[Sequence[PageText]], None] | None = None,
        ready: Callable[[PageText, float], bool] | None = None,
        settled: Callable[[PageText], bool] | None = None,
        max_tokens: int | None = None,
    ) -> ReadAllResult:
        """Whole pages in order from ``start_page`` within the byte cap (see the tool's
        description). With ``structure`` (a page's elements) and ``document`` (pages to one
        Markdown document), the answer is Markdown: each page after a comment line naming it,
        paragraphs that run on across a page break joined, in ``markdown``; ``ahead`` is told
        of each batch of pages before their elements are built (their tables are then read
        side by side), and ``ready`` (a page, seconds) waits at most that long for a page's
        tables to be read and tells whether they are: while they are not, the engine is handed
        more pages to extract, and the elements of later pages at hand whose build waits for
        nothing (``settled``: their tables read, none found) are built meanwhile (``structure``
        keeps them: the same page gives the same elements, built now or when its turn comes)."""
        if isinstance(start_page, bool) or not isinstance(start_page, int):
            raise InvalidArgument("start_page must be an integer (1-based).")
        if isinstance(max_pages, bool) or not isinstance(max_pages, int):
            raise InvalidArgument("max_pages must be an integer.")
        if max_tokens is not None:
            max_tokens = _positive("max_tokens", max_tokens)
        total = facts.page_count
        start = max(1, start_page)
        max_pages = min(MAX_READ_ALL_PAGES, max(1, max_pages))
        cap = self.max_response_bytes
        if start > total:
            return ReadAllResult(
                full_text="",
                page_count=0,
                start_page=start,
                total_pages=total,
                truncated=False,
                truncated_pages=False,
                truncated_bytes=False,
                bytes_returned=0,
                bytes_available=0,
                next_page=None,
                hidden_text_detected=False,
                total_chars=0,
                estimated_tokens=0,
                cache_hits=0,
                markdown="" if structure is not None else None,
            )
        window = list(range(start - 1, min(total, start - 1 + max_pages)))
        labels = [p.label for p in facts.pages]
        parts: list[str] = []
        included: list[int] = []
        empty: list[int] = []
        used = 0
        used_tokens = 0
        page_tokens: list[int] = []  # of each page answered, in order
        token_cut = False
        hits = 0
        hidden = False
        truncated_bytes = False
        next_index: int | None = None
        cut_page: int | None = None
        largest = 0  # the largest page known (returned or at hand) in bytes...
        known = 0  # ...and how many pages are known
        pending: dict[int, tuple[PageText, str, int]] = {}  # at hand, not returned yet: page, text, bytes
        built: dict[int, PageStructure] = {}  # markdown mode: the pages' elements
        pending_bytes = 0
        # Pages past the cap are not extracted but for PAST_BUDGET_PER_WORKER per worker (the
        # next call's first pages, see _batch and _plan) and the document's furniture sample: on
        # a document not read before, its sample pages are extracted with the first batch (once;
        # they are cached), so every page is finished with the same profile as on any other path. Freshly extracted pages are written to the store once, at the
        # end of the loop.
        # While a document is being extracted (a batch came back without cache hits), the pages
        # after the current one are handed to the engine workers in small chunks as soon as the
        # budget holds an allowance for each of them (_plan), up to LOOKAHEAD_PER_WORKER pages
        # per worker, so the workers never wait for this thread between batches.
        planned: deque[list[int]] = deque()
        # Markdown: a planned chunk whose extraction is over is taken at once (finished, and
        # its pages told to ``ahead``), not when the loop reaches it, so the tables of its
        # pages are read while this thread builds the pages before them.
        taken: dict[int, PageBatch] = {}
        frontier = 0  # position in window of the first page neither read nor planned
        extracting = False
        # A word broken across a page break is written whole at the end of the page it starts
        # on, when both pages are in this answer; ``carried`` is the one the page before broke
        # into the current one (its rest is left out of the current page's start). A call starts
        # with its first page's own text, and its last page keeps its word broken.
        carried: BrokenWord | None = None
        # the last page answered: its chunk with its broken word left broken, and the size of the
        # chunk answered (its word joined), to undo the join when the next page does not fit
        unjoined: tuple[str, int] = ("", 0)

        def plan(lookahead: int = LOOKAHEAD_PER_WORKER) -> None:
            """Hand the engine the next pages the budget has room for (see ``_plan``), up to
            ``lookahead`` pages per worker on their way; in Markdown, take the planned chunks
            whose extraction is over."""
            nonlocal frontier
            allowance = page_allowance(largest, known)
            coming = sum(len(c) for c in planned)
            free = cap - used - pending_bytes - coming * allowance
            for more in self._plan(window, frontier, free, allowance, coming, lookahead):
                self.documents.prefetch(source, more, facts)
                planned.append(more)
                frontier += len(more)
            if ahead is None or structure is None:
                return
            for ready in planned:
                if ready[0] in taken:
                    continue
                if not self.documents.prefetched(source, ready):
                    break
                taken[ready[0]] = self.documents.pages(source, ready, facts)
                ahead(list(taken[ready[0]].pages.values()))

        def build_ahead(after: int, current: PageBatch) -> bool:
            """While page ``after`` waits for its tables: build the elements of the first later
            page at hand (in ``current`` or a chunk taken) whose build waits for nothing; whether
            one was built."""
            if settled is None or structure is None:
                return False
            for held in (current, *taken.values()):
                for j, p in held.pages.items():
                    if j > after + BUILD_AHEAD_PAGES:
                        return False
                    if j > after and j not in built_ahead and settled(p):
                        built_ahead.add(j)
                        structure(p)
                        return True
            return False

        built_ahead: set[int] = set()
        with self.documents.deferred_writes():
            for pos, i in enumerate(window):
                if i not in pending:
                    if planned and planned[0][0] == i:
                        batch = planned.popleft()
                    else:
                        batch = self._batch(window, i, cap - used - pending_bytes, page_allowance(largest, known))
                    early = taken.pop(batch[0], None)
                    got = early if early is not None else self.documents.pages(source, batch, facts)
                    hits += got.cache_hits
                    frontier = max(frontier, pos + len(batch))
                    extracting = got.cache_hits < len(got.pages) or (
                        # served from the cache (pages an earlier call extracted ahead, or
                        # sample pages) up to where the document has not been read yet:
                        # extract on from there
                        frontier < len(window) and not self.documents.cached_pages(source, [window[frontier]], facts)
                    )
                    if ahead is not None and structure is not None:
                        ahead(list(got.pages.values()))
                    for k, fresh in got.pages.items():
                        if structure is None:
                            text = page_header(k + 1, labels[k]) + fresh.text + "\n\n"
                        else:
                            # a page whose tables are being read: the workers not reading
                            # them extract on meanwhile (no chunk would be handed to them
                            # while this thread waits in the page's build), and this thread
                            # builds later pages that wait for nothing
                            while ready is not None and extracting and not ready(fresh, 0.0):
                                if not build_ahead(k, got) and ready(fresh, WAIT_STEP_S):
                                    break
                                plan(LOOKAHEAD_WAITING_PER_WORKER)
                            built[k] = structure(fresh)
                            text = _markdown_chunk(k, labels[k], built[k])
                        nbytes = len(text.encode("utf-8"))
                        pending[k] = (fresh, text, nbytes)
                        pending_bytes += nbytes
                        largest = max(largest, nbytes)
                        known += 1
                        if extracting and structure is not None:
                            # the engine extracts on while this thread builds the batch's pages
                            plan()
                page, chunk, size = pending.pop(i)
                pending_bytes -= size
                plain = chunk
                # the last page of the window keeps its broken word: the next call starts with
                # the next page's own text (Markdown joins paragraphs across breaks itself)
                tail = (
                    self._broken_at_end(source, facts, page, pending) if structure is None and i != window[-1] else None
                )
                if carried is not None or tail is not None:
                    chunk = page_header(i + 1, labels[i]) + reading_text(page.text, carried, tail) + "\n\n"
                    size = len(chunk.encode("utf-8"))
                tokens = estimate_text_tokens(chunk)
                over_tokens = max_tokens is not None and used_tokens + tokens > max_tokens
                if used + size > cap or over_tokens:
                    truncated_bytes = True
                    token_cut = over_tokens and used + size <= cap
                    if included:
                        next_index = i
                        if carried is not None:
                            # this page is the next call's first, whole: the page before keeps
                            # its word broken
                            parts[-1], joined = unjoined
                            used += len(parts[-1].encode("utf-8")) - joined
                            rejoined = estimate_text_tokens(parts[-1])
                            used_tokens += rejoined - page_tokens[-1]
                            page_tokens[-1] = rejoined
                    else:
                        # Not even this one page fits: return its head, cut on a character boundary,
                        # so a caller looping on next_page still sees every page exactly once.
                        cut = chunk.encode("utf-8")[:cap].decode("utf-8", "ignore")
                        if max_tokens is not None:
                            cut = cut[: chars_for_tokens(cut, max_tokens)]
                        parts.append(cut)
                        used += len(cut.encode("utf-8"))
                        used_tokens += estimate_text_tokens(cut)
                        page_tokens.append(estimate_text_tokens(cut))
                        included.append(i)
                        hidden = hidden or bool(page.hidden)
                        cut_page = i + 1
                        next_index = i + 1 if i + 1 < total else None
                    break
                parts.append(chunk)
                used += size
                unjoined = (plain if carried is None else reading_chunk(page, labels, carried), size)
                carried = tail
                used_tokens += tokens
                page_tokens.append(tokens)
                included.append(i)
                hidden = hidden or bool(page.hidden)
                if page.char_count == 0:
                    empty.append(i + 1)
                if extracting:
                    plan()
            # Pages planned past this answer stay on their way: the next call of a loop takes
            # them (extracted meanwhile, while this answer is sent), see DocumentService.prefetch.
        if structure is not None and extracting and next_index is not None:
            # this thread now puts the answer's Markdown together and builds that of the pages
            # at hand past it (for bytes_available): the workers extract on meanwhile
            plan(LOOKAHEAD_WAITING_PER_WORKER)
        if not truncated_bytes:
            next_index = window[-1] + 1 if window[-1] + 1 < total else None
        truncated_pages = not truncated_bytes and next_index is not None
        next_page = next_index + 1 if next_index is not None else None
        last_included = included[-1] if included else start - 2
        full_text = "".join(parts)
        markdown: str | None = None
        rest = [i for i in window if i > last_included]
        if structure is not None:
            if cut_page is None and document is not None:
                full_text = document([built[i] for i in included])
                used = len(full_text.encode("utf-8"))
            markdown, full_text = full_text, ""
            available = used + self._known_markdown_bytes(source, facts, rest, labels, structure)
        else:
            available = used + self._known_bytes(source, facts, rest, labels)
        chars = len(full_text if markdown is None else markdown)
        if token_cut:
            telemetry.cut("max_tokens")
        return ReadAllResult(
            full_text=full_text,
            markdown=markdown,
            page_count=len(included),
            start_page=start,
            total_pages=total,
            truncated=truncated_bytes or truncated_pages,
            truncated_pages=truncated_pages,
            truncated_bytes=truncated_bytes,
            bytes_returned=used,
            bytes_available=available,
            next_page=next_page,
            hidden_text_detected=hidden,
            total_chars=chars,
            estimated_tokens=used_tokens,
            page_tokens=tuple(page_tokens),
            cache_hits=hits,
            pages_without_text=tuple(empty),
            page_cut=cut_page,
        )

    def _broken_at_end(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        page: PageText,
        at_hand: dict[int, tuple[PageText, str, int]],
    ) -> BrokenWord | None:
        """The word ``page`` breaks into the next page, or None. The next page is asked for only
        when the page ends with a hyphen after a letter (it is usually at hand already)."""
        text = page.text.rstrip()
        if page.index + 1 >= facts.page_count or len(text) < 2 or text[-1] not in HYPHENS or not text[-2].isalpha():
            return None
        nxt = at_hand[page.index + 1][0] if page.index + 1 in at_hand else None
        if nxt is None:
            nxt = self.documents.pages(source, [page.index + 1], facts).pages.get(page.index + 1)
        if nxt is None:
            return None
        return broken_word(page.text, nxt.text, seam_lexicon(frozenset(), page.text, nxt.text))

    def _batch(self, window: list[int], i: int, remaining: int, allowance: int) -> list[int]:
        """Pages to extract together starting at ``i``.

        One page at a time, except with several engine workers: then as many following pages as
        the remaining budget holds at ``allowance`` bytes each (see :func:`page_allowance`; none
        before a page has been seen) and ``PAST_BUDGET_PER_WORKER`` pages per worker past that (at
        most ``LOOKAHEAD_PER_WORKER`` per worker in all) are extracted together, split across the
        workers, so they are not handed one page at a time as the budget runs out. A page
        extracted that way and not returned is one of the first pages of the next call and comes
        from the cache there.
        """
        if self.parallelism == 1:
            return [i]
        past = self.parallelism * PAST_BUDGET_PER_WORKER
        fits = remaining // allowance + past if allowance else past
        n = int(max(1, min(self.parallelism * LOOKAHEAD_PER_WORKER, fits)))
        pos = window.index(i)
        return window[pos : pos + n]

    def _plan(
        self,
        window: list[int],
        frontier: int,
        free: int,
        allowance: int,
        coming: int,
        lookahead: int = LOOKAHEAD_PER_WORKER,
    ) -> list[list[int]]:
        """Chunks of the pages from ``window[frontier]`` on to hand to the engine now: as many
        pages as ``free`` bytes (the budget left after the allowance of every page read or
        planned but not counted yet) holds at ``allowance`` bytes each and
        ``PAST_BUDGET_PER_WORKER`` (or ``lookahead``, when more) per worker more, while fewer
        than ``lookahead`` pages per worker are on their way (``coming`` are already); in
        chunks of ``CHUNK_PER_WORKER`` pages per worker, split across the workers by the
        extractor."""
        if self.parallelism == 1 or allowance == 0:
            return []
        room = self.parallelism * lookahead - coming
        # a deeper lookahead (the caller waits for tables: the workers would idle) reaches past
        # the budget as far: the next call of the loop takes those pages
        past = self.parallelism * max(PAST_BUDGET_PER_WORKER, lookahead)
        n = int(min(room, free // allowance + past, len(window) - frontier))
        step = self.parallelism * CHUNK_PER_WORKER
        return [window[frontier + k : frontier + min(n, k + step)] for k in range(0, max(n, 0), step)]

    def _known_markdown_bytes(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        rest: Sequence[int],
        labels: Sequence[str | None],
        structure: Callable[[PageText], PageStructure],
    ) -> int:
        """Bytes of the Markdown of omitted window pages that are already cached."""
        total = 0
        for i, page in self.documents.cached_pages(source, rest, facts).items():
            total += len(_markdown_chunk(i, labels[i], structure(page)).encode("utf-8"))
        return total

    def _known_bytes(
        self, source: DocumentSource, facts: DocumentFacts, rest: Sequence[int], labels: Sequence[str | None]
    ) -> int:
        """Bytes of omitted window pages that are already cached (none are extracted for this)."""
        total = 0
        for i, page in self.documents.cached_pages(source, rest, facts).items():
            total += len((page_header(i + 1, labels[i]) + page.text + "\n\n").encode("utf-8"))
        return total
