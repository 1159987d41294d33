"""Reading pages: selected pages with geometry, the map of a long document, and the whole document
in byte-capped windows (the walk over its pages is :mod:`pdfcore.services.read_all`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from pdfcore import pagespec, telemetry
from pdfcore.arguments import check_positive
from pdfcore.defaults import DEFAULT_MAX_CHARS, DEFAULT_MAX_CHARS_PER_PAGE, READ_FORMATS
from pdfcore.errors import InvalidArgument, ResourceLimit
from pdfcore.geometry import to_clip
from pdfcore.models import Box, DocumentFacts, DocumentSource, PageText
from pdfcore.nextcalls import call, render, where
from pdfcore.results.info import TocItem
from pdfcore.results.reading import DocumentMap, ImageOut, MapRow, PageOut, ReadAllResult, ReadPagesResult
from pdfcore.services.documents import DocumentService
from pdfcore.services.read_all import MarkdownHooks, read_all
from pdfcore.tokens import chars_for_tokens
from pdfcore.tokens import estimate_tokens as estimate_text_tokens

#: Read formats: the page text (reading order, blocks), or structured Markdown.
FORMATS = READ_FORMATS

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


def _text_kind(page: PageText) -> str:
    w = set(page.warnings)
    if "likely_scanned" in w:
        return "scanned"
    if "no_text" in w:
        return "none"
    if "garbled_text" in w:
        return "garbled"
    return "native"


def estimate_tokens(chars: int) -> int:
    """Tokens from a character count alone (when the text is not at hand); see pdfcore.tokens."""
    return (chars + 3) // 4


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
        max_chars = check_positive("max_chars", max_chars)
        if max_tokens is not None:
            max_tokens = check_positive("max_tokens", max_tokens)
        max_chars_per_page = check_positive("max_chars_per_page", max_chars_per_page)
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
        markdown: MarkdownHooks | None = None,
        max_tokens: int | None = None,
    ) -> ReadAllResult:
        """Whole pages in order from ``start_page`` within the byte cap (see the tool's
        description); with ``markdown`` (:class:`~pdfcore.services.read_all.MarkdownHooks`),
        the answer is Markdown, in ``markdown``. The walk itself is
        :mod:`pdfcore.services.read_all`."""
        return read_all(
            self.documents,
            source,
            facts,
            cap=self.max_response_bytes,
            parallelism=self.parallelism,
            start_page=start_page,
            max_pages=max_pages,
            markdown=markdown,
            max_tokens=max_tokens,
        )
