"""The compact profile's render: pages fitted to a 1568-pixel long side, each listing its visual
regions (figures, tables, form areas) with refs, at most 4 pages and 6 MB of images per call;
a region of one page; or a place named by a ref (from a search or an earlier render). A page
that renders blank though it has text says why. The answer is Markdown beside the images.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore import pagespec, telemetry
from pdfcore.errors import InvalidArgument, PdfcoreError
from pdfcore.geometry import parse_clip
from pdfcore.models import Box, Clip, DocumentFacts, DocumentSource, PageText
from pdfcore.nextcalls import call
from pdfcore.results.agent import Place, RenderedView, ViewResult
from pdfcore.services.agent_markdown import first_range, say
from pdfcore.services.documents import DocumentService
from pdfcore.services.extras import ExtrasService
from pdfcore.services.page_rendering import around
from pdfcore.services.places import RefBook, regions
from pdfcore.services.rendering import blank_note
from pdfcore.services.table_reading import TableReader
from pdfcore.structure import drawing_refs
from ports.renderer import Renderer

MAX_RENDER_PAGES = 4
IMAGE_BUDGET = 6 * 1024 * 1024
LONG_SIDE_PX = 1568


def fit_dpi(width_pt: float, height_pt: float, long_side: int = LONG_SIDE_PX, max_dpi: int = 300) -> int:
    long_pt = max(width_pt, height_pt, 1.0)
    return int(max(36, min(max_dpi, long_side * 72.0 / long_pt)))


class AgentViews:
    """The compact profile's render (:class:`~pdfcore.services.agent.AgentSurface` answers with
    it), over the services the full profile uses."""

    def __init__(
        self,
        documents: DocumentService,
        tables: TableReader,
        extras: ExtrasService,
        renderer: Renderer,
        refs: RefBook,
    ) -> None:
        self.documents = documents
        self.tables = tables
        self.extras = extras
        self.renderer = renderer
        self.refs = refs

    @staticmethod
    def check_render(pages: str | int | None, ref: str | None, region: Sequence[float] | None) -> None:
        """Refuse a ref given with pages or a region (before the document is opened)."""
        if ref is not None and (pages not in (None, "") or region is not None):
            raise InvalidArgument(
                "ref already names a page and a region: pass ref alone, without pages or region.",
                recovery=f"Call {call('render_ref')} alone, or {call('render_clip')}.",
            )

    def render(
        self,
        source: DocumentSource,
        *,
        pages: str | int | None = None,
        ref: str | None = None,
        region: Sequence[float] | None = None,
    ) -> ViewResult:
        """Pages fitted to a 1568 px long side (listing visual regions with refs), a region, or a ref."""
        self.check_render(pages, ref, region)
        facts, _ = self.documents.facts(source)
        if ref is not None:
            r = self.refs.resolve(source, ref, encrypted=facts.private)
            info = facts.pages[r.page]
            clip = around(r.bbox, info.width, info.height, r.kind)
            image = self._render_one(source, facts, r.page, clip)
            md = f"Rendered {ref} (page {r.page + 1}{', ' + r.kind if r.kind != 'match' else ''})."
            return ViewResult(markdown=md, images=(image,), regions=())
        if pages in (None, ""):
            pages = "1"
        indexes = pagespec.resolve(pages, facts.page_count, [p.label for p in facts.pages])
        if region is not None:
            if len(indexes) != 1:
                raise InvalidArgument("region renders part of a single page: pass one page with it.")
            clip = parse_clip(region)
            image = self._render_one(source, facts, indexes[0], clip)
            return ViewResult(markdown=f"Rendered a region of page {indexes[0] + 1}.", images=(image,), regions=())
        shown = indexes[:MAX_RENDER_PAGES]
        rest = indexes[MAX_RENDER_PAGES:]
        images: list[RenderedView] = []
        used = 0
        skipped: list[int] = []
        all_regions: list[Place] = []
        texts = self.documents.pages(source, shown, facts).pages
        blank: list[str] = []
        for i in shown:
            img = self._render_one(source, facts, i, None, text=texts[i], notes=blank)
            if used + len(img.png) > IMAGE_BUDGET:
                skipped.append(i + 1)
                continue
            used += len(img.png)
            images.append(img)
            all_regions.extend(self._regions(source, facts, texts[i]))
        lines = [f"Rendered page(s) {pagespec.format_ranges([im.page for im in images])}."]
        lines.extend(f"\n_Warning: {note}_" for note in blank)
        if all_regions:
            self.refs.replace(source, all_regions, encrypted=facts.private)
            lines.append(f"\nVisual regions (render one with {call('render_ref')}):")
            for pl in all_regions:
                lines.append(f"- {pl.ref}: {pl.kind} on page {pl.page + 1} — {pl.text}")
        if rest or skipped:
            telemetry.cut("render_budget")
            missing = pagespec.format_ranges([i + 1 for i in rest] + skipped)
            lines.append(
                f"\n_[Not rendered (limit {MAX_RENDER_PAGES} pages / 6 MB per call): pages {missing}. "
                f"Next: {call('render', pages=first_range(missing))}.]_"
            )
        return ViewResult(markdown=say("\n".join(lines)), images=tuple(images), regions=tuple(all_regions))

    def _regions(self, source: DocumentSource, facts: DocumentFacts, page: PageText) -> list[Place]:
        tables: list[Box] = []
        try:
            tables = [t.bbox for t in self.tables.page(source, facts, page).tables]
        except PdfcoreError:
            tables = []
        forms: list[Box] = []
        if facts.has_acroform:
            try:
                fields = self.extras.forms(source, facts, str(page.index + 1))
                forms = [f.bbox for f in fields.fields if f.bbox is not None]
            except (PdfcoreError, AttributeError):
                forms = []
        info = facts.pages[page.index]
        return regions(page, tables, forms, drawing_refs(page, info.width, info.height))

    def _render_one(
        self,
        source: DocumentSource,
        facts: DocumentFacts,
        index: int,
        clip: Clip | None,
        *,
        text: PageText | None = None,
        notes: list[str] | None = None,
    ) -> RenderedView:
        """One render; a whole page (``text`` given) that shows nothing though it has text adds
        a note to ``notes``."""
        info = facts.pages[index]
        w = info.width * ((clip.x1 - clip.x0) if clip else 1.0)
        h = info.height * ((clip.y1 - clip.y0) if clip else 1.0)
        dpi = fit_dpi(w, h)
        with telemetry.phase("render"):
            img = self.renderer.render(source, index, dpi=dpi, clip=clip)
        if img.blank and text is not None and notes is not None:
            note = blank_note(text, img.fonts_not_embedded)
            if note:
                notes.append(note)
        return RenderedView(page=index + 1, png=img.png, width=img.width, height=img.height, dpi=dpi, clip=clip)
