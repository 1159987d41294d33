"""``render_pages`` as the API answers it: pages, a clip of one page, or the place a ref names.

A document seen for the first time renders a single named page without being inspected first
(its facts are read when a call needs them; past the end, they give the page range for the
error). A ref is cropped with :func:`around`: the whole line and a few lines of context.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from pdfcore import pagespec
from pdfcore.errors import InvalidArgument, PageOutOfRange, UnknownRef
from pdfcore.geometry import parse_clip, to_clip
from pdfcore.models import Box, Clip, DocumentSource
from pdfcore.nextcalls import call
from pdfcore.results.render import RenderResult
from pdfcore.services.documents import DocumentService
from pdfcore.services.rendering import RenderService, blank_note

if TYPE_CHECKING:  # built on the first call that names a ref
    from pdfcore.services.places import RefBook


class PageRenderer:
    def __init__(self, documents: DocumentService, rendering: RenderService, refs: Callable[[], RefBook]) -> None:
        self.documents = documents
        self.rendering = rendering
        self.refs = refs

    def render_pages(
        self,
        source: DocumentSource,
        pages: str | int | None,
        *,
        dpi: float,
        clip: Sequence[float] | Clip | None,
        ref: str | None,
    ) -> RenderResult:
        facts = self.documents.known_facts(source)
        first = pagespec.single_page(pages) if facts is None and ref is None else None
        if first is not None:
            try:
                return self._warn(source, self.rendering.render(source, None, first + 1, dpi=dpi, clip=_region(clip)))
            except PageOutOfRange:
                pass
        if facts is None:
            facts, _ = self.documents.facts(source)
        if ref is not None:
            if pages not in (None, "") or clip is not None:
                raise InvalidArgument(
                    "ref already names a page and a region: pass ref alone, without pages or clip.",
                    recovery=f"Call {call('render_ref')} alone.",
                )
            found = self.refs().resolve(source, ref, encrypted=facts.private)
            info = facts.pages[found.page]
            region = around(found.bbox, info.width, info.height, found.kind)
            return self._warn(source, self.rendering.render(source, facts, found.page + 1, dpi=dpi, clip=region))
        if pages in (None, ""):
            raise InvalidArgument("pages is required (or pass ref).", recovery="Pass pages='1' or a ref from a search.")
        return self._warn(source, self.rendering.render(source, facts, pages, dpi=dpi, clip=_region(clip)))

    def _warn(self, source: DocumentSource, result: RenderResult) -> RenderResult:
        """The result, saying which pages rendered blank though they have text."""
        blank = [im for im in result.images if im.blank and im.clip is None]
        if not blank:
            return result
        facts, _ = self.documents.facts(source)
        texts = self.documents.pages(source, [im.page - 1 for im in blank], facts).pages
        notes = [blank_note(texts[im.page - 1], im.fonts_not_embedded or ()) for im in blank]
        said = tuple(n for n in notes if n)
        return attrs.evolve(result, render_warnings=said) if said else result


def page_figures(documents: DocumentService, source: DocumentSource, index: int) -> dict[str, Box]:
    """The figures of page ``index`` (0-based) by their refs (what figure refs, ``p3f1`` and
    ``p3v1``, name: they come from a page's Markdown and are not stored)."""
    from pdfcore.structure import figure_refs

    facts, _ = documents.facts(source)
    if not 0 <= index < facts.page_count:
        raise UnknownRef(
            f"Figure refs name pages 1-{facts.page_count}; page {index + 1} is not one of them.",
            recovery="Read the page with format='markdown' to see its figures and their refs.",
        )
    page = documents.pages(source, [index], facts).pages[index]
    info = facts.pages[index]
    return figure_refs(page, info.width, info.height)


def _region(clip: Sequence[float] | Clip | None) -> Clip | None:
    return clip if isinstance(clip, Clip) or clip is None else parse_clip(clip)


def around(box: Box, width: float, height: float, kind: str) -> Clip:
    """A readable crop around a place: the whole line's width and a few lines of context."""
    if kind == "match":
        pad_y = max(36.0, box.height * 3)
        x0, x1 = max(0.0, min(box.x0, width * 0.08) - 12), min(width, max(box.x1, width * 0.92) + 12)
    else:
        pad_y = 12.0
        x0, x1 = max(0.0, box.x0 - 12), min(width, box.x1 + 12)
    y0, y1 = max(0.0, box.y0 - pad_y), min(height, box.y1 + pad_y)
    c = to_clip(Box(x0, y0, x1, y1), width, height)
    if c.x1 - c.x0 < 0.01 or c.y1 - c.y0 < 0.01:
        return Clip(0.0, 0.0, 1.0, 1.0)
    return c
