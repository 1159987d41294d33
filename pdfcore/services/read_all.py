"""``read_all``: one call's walk over a document's pages in order, within the byte (and token) cap.

A call answers whole pages from ``start_page`` on while they fit, and names the page to read on
from. With several engine workers it hands them the pages ahead in small chunks as the budget
allows (:func:`batch_pages`, :func:`plan_chunks`), so the workers never wait for the calling
thread; in Markdown it also has each page's tables read side by side and, while a page waits for
its tables, builds the later pages that wait for nothing. A word broken across a page break is
written whole at the end of the page it starts on when both pages are in the answer.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

import attrs

from pdfcore import telemetry
from pdfcore.arguments import check_positive
from pdfcore.errors import InvalidArgument
from pdfcore.layout.hyphens import HYPHENS
from pdfcore.models import DocumentFacts, DocumentSource, PageText
from pdfcore.results.reading import ReadAllResult
from pdfcore.services.documents import DocumentService, PageBatch
from pdfcore.services.seams import BrokenWord, broken_word
from pdfcore.services.seams import lexicon as seam_lexicon
from pdfcore.structure import PageStructure, page_comment, render_page
from pdfcore.structure.document import shown_label
from pdfcore.tokens import chars_for_tokens
from pdfcore.tokens import estimate_tokens as estimate_text_tokens

MAX_READ_ALL_PAGES = 500
#: Pages per engine worker that read_all may have on their way at once (see ``batch_pages``,
#: ``plan_chunks``).
LOOKAHEAD_PER_WORKER = 8
#: Pages per engine worker in one chunk handed to the engine ahead of the caller (see
#: ``plan_chunks``).
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


@attrs.frozen
class MarkdownHooks:
    """What a Markdown ``read_all`` asks of the Markdown and table services, built once by the
    caller: ``structure``, a page's elements (it keeps them: the same page gives the same
    elements, built early or when its turn comes), and ``document``, pages to one Markdown
    document (each page after a comment line naming it, paragraphs that run on across a page
    break joined). ``ahead`` is told of each batch of pages before their elements are built
    (their tables are then read side by side); ``ready`` (a page, seconds) waits at most that
    long for a page's tables to be read and tells whether they are: while they are not, the
    engine is handed more pages to extract, and the elements of later pages at hand whose
    build waits for nothing (``settled``: their tables read, none found) are built meanwhile."""

    structure: Callable[[PageText], PageStructure]
    document: Callable[[Sequence[PageStructure]], str]
    ahead: Callable[[Sequence[PageText]], None] | None = None
    ready: Callable[[PageText, float], bool] | None = None
    settled: Callable[[PageText], bool] | None = None


def page_allowance(largest: int, seen: int) -> int:
    """Bytes read_all budgets for a page it has not extracted yet, from the largest of the
    ``seen`` pages so far: four times the largest while fewer than 8 pages are known, twice
    while fewer than 32 are, then the largest itself (0 before any page is seen: then pages
    are extracted one at a time). A page is extracted only when the budget left holds this
    for it and for every page before it not counted yet."""
    return largest * (4 if seen < 8 else 2 if seen < 32 else 1)


def reading_text(text: str, carried: BrokenWord | None, tail: BrokenWord | None) -> str:
    """A page's text as a read_all loop gives it: the rest of the word the page before broke into
    it (``carried``) left out of its start, and its own last word whole when it breaks into the
    next page (``tail``)."""
    start = carried.end if carried is not None else 0
    if tail is not None and tail.start >= start:
        return (text[start : tail.start] + tail.word).lstrip()
    return text[start:].lstrip()


def page_header(n: int, label: str | None) -> str:
    """A page's header line in a text answer (its label as :func:`shown_label` gives it)."""
    shown = shown_label(n, label)
    return f"--- page {n} (label {shown}) ---\n" if shown else f"--- page {n} ---\n"


def text_chunk(index: int, label: str | None, text: str) -> str:
    """A page's part of a read_all answer in text (its header line, then ``text``)."""
    return page_header(index + 1, label) + text + "\n\n"


def reading_chunk(page: PageText, labels: Sequence[str | None], carried: BrokenWord | None) -> str:
    """A page's part of a read_all answer, its own last word left as it is."""
    return text_chunk(page.index, labels[page.index], reading_text(page.text, carried, None))


def markdown_chunk(index: int, label: str | None, page: PageStructure) -> str:
    """A page's part of a document's Markdown (its comment line, then its Markdown)."""
    body = render_page(page)
    return page_comment(index + 1, label) + "\n\n" + (body + "\n\n" if body else "")


def batch_pages(parallelism: int, window: list[int], i: int, remaining: int, allowance: int) -> list[int]:
    """Pages to extract together starting at ``i``.

    One page at a time, except with several engine workers: then as many following pages as
    the remaining budget holds at ``allowance`` bytes each (see :func:`page_allowance`; none
    before a page has been seen) and ``PAST_BUDGET_PER_WORKER`` pages per worker past that (at
    most ``LOOKAHEAD_PER_WORKER`` per worker in all) are extracted together, split across the
    workers, so they are not handed one page at a time as the budget runs out. A page
    extracted that way and not returned is one of the first pages of the next call and comes
    from the cache there.
    """
    if parallelism == 1:
        return [i]
    past = parallelism * PAST_BUDGET_PER_WORKER
    fits = remaining // allowance + past if allowance else past
    n = int(max(1, min(parallelism * LOOKAHEAD_PER_WORKER, fits)))
    pos = window.index(i)
    return window[pos : pos + n]


def plan_chunks(
    parallelism: int,
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
    if parallelism == 1 or allowance == 0:
        return []
    room = parallelism * lookahead - coming
    # a deeper lookahead (the caller waits for tables: the workers would idle) reaches past
    # the budget as far: the next call of the loop takes those pages
    past = parallelism * max(PAST_BUDGET_PER_WORKER, lookahead)
    n = int(min(room, free // allowance + past, len(window) - frontier))
    step = parallelism * CHUNK_PER_WORKER
    return [window[frontier + k : frontier + min(n, k + step)] for k in range(0, max(n, 0), step)]


def read_all(
    documents: DocumentService,
    source: DocumentSource,
    facts: DocumentFacts,
    *,
    cap: int,
    parallelism: int,
    start_page: int = 1,
    max_pages: int = 50,
    markdown: MarkdownHooks | None = None,
    max_tokens: int | None = None,
) -> ReadAllResult:
    """Whole pages in order from ``start_page`` within ``cap`` bytes (see the tool's
    description and :meth:`pdfcore.services.reading.ReadService.read_all`); with ``markdown``,
    the answer is the pages' Markdown."""
    if isinstance(start_page, bool) or not isinstance(start_page, int):
        raise InvalidArgument("start_page must be an integer (1-based).")
    if isinstance(max_pages, bool) or not isinstance(max_pages, int):
        raise InvalidArgument("max_pages must be an integer.")
    if max_tokens is not None:
        max_tokens = check_positive("max_tokens", max_tokens)
    total = facts.page_count
    start = max(1, start_page)
    max_pages = min(MAX_READ_ALL_PAGES, max(1, max_pages))
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
            markdown="" if markdown is not None else None,
        )
    window = list(range(start - 1, min(total, start - 1 + max_pages)))
    return _Walk(documents, source, facts, window, cap, parallelism, max_tokens, markdown).run(start)


class _Walk:
    """One read_all call: its window of pages, what is at hand, what the answer holds so far."""

    def __init__(
        self,
        documents: DocumentService,
        source: DocumentSource,
        facts: DocumentFacts,
        window: list[int],
        cap: int,
        parallelism: int,
        max_tokens: int | None,
        markdown: MarkdownHooks | None,
    ) -> None:
        self.documents, self.source, self.facts = documents, source, facts
        self.window, self.cap, self.parallelism, self.max_tokens = window, cap, parallelism, max_tokens
        self.markdown = markdown  # None: the answer is the pages' text
        self.labels = [p.label for p in facts.pages]
        # The answer so far.
        self.parts: list[str] = []
        self.included: list[int] = []
        self.empty: list[int] = []
        self.used = 0
        self.used_tokens = 0
        self.page_tokens: list[int] = []  # of each page answered, in order
        self.token_cut = False
        self.hits = 0
        self.hidden = False
        self.truncated_bytes = False
        self.next_index: int | None = None
        self.cut_page: int | None = None
        # What is at hand.
        self.largest = 0  # the largest page known (returned or at hand) in bytes...
        self.known = 0  # ...and how many pages are known
        self.pending: dict[int, tuple[PageText, str, int]] = {}  # at hand, not returned yet: page, text, bytes
        self.built: dict[int, PageStructure] = {}  # markdown mode: the pages' elements
        self.pending_bytes = 0
        # Pages past the cap are not extracted but for PAST_BUDGET_PER_WORKER per worker (the
        # next call's first pages, see batch_pages and plan_chunks) and the document's furniture
        # sample: on a document not read before, its sample pages are extracted with the first
        # batch (once; they are cached), so every page is finished with the same profile as on
        # any other path. Freshly extracted pages are written to the store once, at the end of
        # the loop.
        # While a document is being extracted (a batch came back without cache hits), the pages
        # after the current one are handed to the engine workers in small chunks as soon as the
        # budget holds an allowance for each of them (plan_chunks), up to LOOKAHEAD_PER_WORKER
        # pages per worker, so the workers never wait for this thread between batches.
        self.planned: deque[list[int]] = deque()
        # Markdown: a planned chunk whose extraction is over is taken at once (finished, and
        # its pages told to ``ahead``), not when the loop reaches it, so the tables of its
        # pages are read while this thread builds the pages before them.
        self.taken: dict[int, PageBatch] = {}
        self.frontier = 0  # position in window of the first page neither read nor planned
        self.extracting = False
        self.built_ahead: set[int] = set()
        # A word broken across a page break is written whole at the end of the page it starts
        # on, when both pages are in this answer; ``carried`` is the one the page before broke
        # into the current one (its rest is left out of the current page's start). A call
        # starts with its first page's own text, and its last page keeps its word broken.
        self.carried: BrokenWord | None = None
        # the last page answered: its chunk with its broken word left broken, and the size of
        # the chunk answered (its word joined), to undo the join when the next page does not fit
        self.unjoined: tuple[str, int] = ("", 0)

    def run(self, start: int) -> ReadAllResult:
        with self.documents.deferred_writes():
            for pos, i in enumerate(self.window):
                if i not in self.pending:
                    self._take(pos, i)
                if not self._answer(i):
                    break
            # Pages planned past this answer stay on their way: the next call of a loop takes
            # them (extracted meanwhile, while this answer is sent), see DocumentService.prefetch.
        if self.markdown is not None and self.extracting and self.next_index is not None:
            # this thread now puts the answer's Markdown together and builds that of the pages
            # at hand past it (for bytes_available): the workers extract on meanwhile
            self._plan(LOOKAHEAD_WAITING_PER_WORKER)
        return self._result(start)

    def _plan(self, lookahead: int = LOOKAHEAD_PER_WORKER) -> None:
        """Hand the engine the next pages the budget has room for (see ``plan_chunks``), up to
        ``lookahead`` pages per worker on their way; in Markdown, take the planned chunks whose
        extraction is over."""
        allowance = page_allowance(self.largest, self.known)
        planned = self.planned
        coming = sum(len(c) for c in planned)
        free = self.cap - self.used - self.pending_bytes - coming * allowance
        for more in plan_chunks(self.parallelism, self.window, self.frontier, free, allowance, coming, lookahead):
            self.documents.prefetch(self.source, more, self.facts)
            planned.append(more)
            self.frontier += len(more)
        markdown = self.markdown
        if markdown is None or markdown.ahead is None:
            return
        taken = self.taken
        for chunk in planned:
            if chunk[0] in taken:
                continue
            if not self.documents.prefetched(self.source, chunk):
                break
            taken[chunk[0]] = self.documents.pages(self.source, chunk, self.facts)
            markdown.ahead(list(taken[chunk[0]].pages.values()))

    def _build_ahead(self, after: int, current: PageBatch) -> bool:
        """While page ``after`` waits for its tables: build the elements of the first later page
        at hand (in ``current`` or a chunk taken) whose build waits for nothing; whether one was
        built."""
        markdown = self.markdown
        if markdown is None or markdown.settled is None:
            return False
        for held in (current, *self.taken.values()):
            for j, p in held.pages.items():
                if j > after + BUILD_AHEAD_PAGES:
                    return False
                if j > after and j not in self.built_ahead and markdown.settled(p):
                    self.built_ahead.add(j)
                    markdown.structure(p)
                    return True
        return False

    def _take(self, pos: int, i: int) -> None:
        """Get the pages from ``i`` on (a planned chunk, or a batch extracted now) and hold them
        with their text (in Markdown, their elements built) for the answer."""
        window, markdown = self.window, self.markdown
        if self.planned and self.planned[0][0] == i:
            batch = self.planned.popleft()
        else:
            batch = batch_pages(
                self.parallelism,
                window,
                i,
                self.cap - self.used - self.pending_bytes,
                page_allowance(self.largest, self.known),
            )
        early = self.taken.pop(batch[0], None)
        got = early if early is not None else self.documents.pages(self.source, batch, self.facts)
        self.hits += got.cache_hits
        self.frontier = max(self.frontier, pos + len(batch))
        self.extracting = got.cache_hits < len(got.pages) or (
            # served from the cache (pages an earlier call extracted ahead, or sample pages) up
            # to where the document has not been read yet: extract on from there
            self.frontier < len(window)
            and not self.documents.cached_pages(self.source, [window[self.frontier]], self.facts)
        )
        if markdown is not None and markdown.ahead is not None:
            markdown.ahead(list(got.pages.values()))
        labels = self.labels
        for k, fresh in got.pages.items():
            if markdown is None:
                text = text_chunk(k, labels[k], fresh.text)
            else:
                # a page whose tables are being read: the workers not reading them extract on
                # meanwhile (no chunk would be handed to them while this thread waits in the
                # page's build), and this thread builds later pages that wait for nothing
                ready = markdown.ready
                while ready is not None and self.extracting and not ready(fresh, 0.0):
                    if not self._build_ahead(k, got) and ready(fresh, WAIT_STEP_S):
                        break
                    self._plan(LOOKAHEAD_WAITING_PER_WORKER)
                self.built[k] = markdown.structure(fresh)
                text = markdown_chunk(k, labels[k], self.built[k])
            nbytes = len(text.encode("utf-8"))
            self.pending[k] = (fresh, text, nbytes)
            self.pending_bytes += nbytes
            self.largest = max(self.largest, nbytes)
            self.known += 1
            if self.extracting and markdown is not None:
                # the engine extracts on while this thread builds the batch's pages
                self._plan()

    def _answer(self, i: int) -> bool:
        """Put page ``i`` (at hand) in the answer; False when it does not fit (the answer ends:
        the page is the next call's first, or its head is returned when no page fits)."""
        page, chunk, size = self.pending.pop(i)
        self.pending_bytes -= size
        plain = chunk
        # the last page of the window keeps its broken word: the next call starts with the next
        # page's own text (Markdown joins paragraphs across breaks itself)
        tail = self._broken_at_end(page) if self.markdown is None and i != self.window[-1] else None
        carried = self.carried
        if carried is not None or tail is not None:
            chunk = text_chunk(i, self.labels[i], reading_text(page.text, carried, tail))
            size = len(chunk.encode("utf-8"))
        tokens = estimate_text_tokens(chunk)
        max_tokens = self.max_tokens
        over_tokens = max_tokens is not None and self.used_tokens + tokens > max_tokens
        if self.used + size > self.cap or over_tokens:
            self.truncated_bytes = True
            self.token_cut = over_tokens and self.used + size <= self.cap
            if self.included:
                self.next_index = i
                if carried is not None:
                    # this page is the next call's first, whole: the page before keeps its word
                    # broken
                    self.parts[-1], joined = self.unjoined
                    self.used += len(self.parts[-1].encode("utf-8")) - joined
                    rejoined = estimate_text_tokens(self.parts[-1])
                    self.used_tokens += rejoined - self.page_tokens[-1]
                    self.page_tokens[-1] = rejoined
            else:
                # Not even this one page fits: return its head, cut on a character boundary, so
                # a caller looping on next_page still sees every page exactly once.
                cut = chunk.encode("utf-8")[: self.cap].decode("utf-8", "ignore")
                if max_tokens is not None:
                    cut = cut[: chars_for_tokens(cut, max_tokens)]
                self.parts.append(cut)
                self.used += len(cut.encode("utf-8"))
                self.used_tokens += estimate_text_tokens(cut)
                self.page_tokens.append(estimate_text_tokens(cut))
                self.included.append(i)
                self.hidden = self.hidden or bool(page.hidden)
                self.cut_page = i + 1
                self.next_index = i + 1 if i + 1 < self.facts.page_count else None
            return False
        self.parts.append(chunk)
        self.used += size
        self.unjoined = (plain if carried is None else reading_chunk(page, self.labels, carried), size)
        self.carried = tail
        self.used_tokens += tokens
        self.page_tokens.append(tokens)
        self.included.append(i)
        self.hidden = self.hidden or bool(page.hidden)
        if page.char_count == 0:
            self.empty.append(i + 1)
        if self.extracting:
            self._plan()
        return True

    def _result(self, start: int) -> ReadAllResult:
        window, total, md = self.window, self.facts.page_count, self.markdown
        next_index = self.next_index
        if not self.truncated_bytes:
            next_index = window[-1] + 1 if window[-1] + 1 < total else None
        truncated_pages = not self.truncated_bytes and next_index is not None
        next_page = next_index + 1 if next_index is not None else None
        last_included = self.included[-1] if self.included else start - 2
        full_text = "".join(self.parts)
        used = self.used
        markdown: str | None = None
        rest = [i for i in window if i > last_included]
        if md is not None:
            if self.cut_page is None:
                full_text = md.document([self.built[i] for i in self.included])
                used = len(full_text.encode("utf-8"))
            markdown, full_text = full_text, ""
        available = used + self._known_bytes(rest)
        chars = len(full_text if markdown is None else markdown)
        if self.token_cut:
            telemetry.cut("max_tokens")
        return ReadAllResult(
            full_text=full_text,
            markdown=markdown,
            page_count=len(self.included),
            start_page=start,
            total_pages=total,
            truncated=self.truncated_bytes or truncated_pages,
            truncated_pages=truncated_pages,
            truncated_bytes=self.truncated_bytes,
            bytes_returned=used,
            bytes_available=available,
            next_page=next_page,
            hidden_text_detected=self.hidden,
            total_chars=chars,
            estimated_tokens=self.used_tokens,
            page_tokens=tuple(self.page_tokens),
            cache_hits=self.hits,
            pages_without_text=tuple(self.empty),
            page_cut=self.cut_page,
        )

    def _broken_at_end(self, page: PageText) -> BrokenWord | None:
        """The word ``page`` breaks into the next page, or None. The next page is asked for only
        when the page ends with a hyphen after a letter (it is usually at hand already)."""
        text = page.text.rstrip()
        if (
            page.index + 1 >= self.facts.page_count
            or len(text) < 2
            or text[-1] not in HYPHENS
            or not text[-2].isalpha()
        ):
            return None
        at_hand = self.pending
        nxt = at_hand[page.index + 1][0] if page.index + 1 in at_hand else None
        if nxt is None:
            nxt = self.documents.pages(self.source, [page.index + 1], self.facts).pages.get(page.index + 1)
        if nxt is None:
            return None
        return broken_word(page.text, nxt.text, seam_lexicon(frozenset(), page.text, nxt.text, self.documents.common))

    def _known_bytes(self, rest: Sequence[int]) -> int:
        """Bytes of omitted window pages that are already cached (none are extracted for this),
        as the answer would hold them: their text, or their Markdown."""
        md, labels = self.markdown, self.labels
        total = 0
        for i, page in self.documents.cached_pages(self.source, rest, self.facts).items():
            chunk = (
                text_chunk(i, labels[i], page.text) if md is None else markdown_chunk(i, labels[i], md.structure(page))
            )
            total += len(chunk.encode("utf-8"))
        return total
