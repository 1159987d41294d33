"""Rendering pages and regions to PNG within an image-count cap and a byte budget.

The budget is counted in base64 bytes (what the transport carries). A page that does not fit
the remaining budget is re-rendered down a DPI ladder (reported in ``render_downsampled``); a
page that does not fit even at 72 DPI is reported in ``render_oversized_pages`` with the calls
that would work. A clipped render is a single page and is never downsampled.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore import pagespec, telemetry
from pdfcore.errors import InvalidArgument, PdfcoreError
from pdfcore.models import Clip, DocumentFacts, DocumentSource, PageText, RenderedImage
from pdfcore.nextcalls import call, render, where
from pdfcore.results.render import DownsampledOut, OversizedOut, RenderedPageOut, RenderResult
from ports.renderer import Renderer

#: Visible characters a page must have for a blank render of it to be a fault.
MIN_USABLE_CHARS = 20
MIN_DPI = 72
MAX_DPI = 400
LADDER = (300, 200, 150, 120, 100, 72)


def clamp_dpi(dpi: object) -> int:
    if isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or dpi != dpi:
        raise InvalidArgument("dpi must be a number (72-400).")
    return int(min(MAX_DPI, max(MIN_DPI, round(dpi))))


def b64_size(n: int) -> int:
    return 4 * ((n + 2) // 3)


class RenderService:
    def __init__(self, renderer: Renderer, *, max_pages: int, byte_budget: int, max_pixels: int = 40_000_000) -> None:
        self.renderer = renderer
        self.max_pages = max_pages
        self.byte_budget = byte_budget
        self.max_pixels = max_pixels

    @telemetry.phased("render")
    def render(
        self,
        source: DocumentSource,
        facts: DocumentFacts | None,
        pages: str | int,
        *,
        dpi: object = 200,
        clip: Clip | None = None,
    ) -> RenderResult:
        """Render ``pages`` of ``source``.

        ``facts`` may be None when ``pages`` names one page by number (:func:`pagespec.single_page`): the
        page is then checked by the renderer, which raises ``page_out_of_range`` past the end.
        """
        requested = dpi
        dpi_used = clamp_dpi(dpi)
        if facts is None:
            single = pagespec.single_page(pages)
            if single is None:
                raise ValueError("rendering without the document's facts takes one page number")
            indexes = [single]
        else:
            labels = [p.label for p in facts.pages]
            indexes = pagespec.resolve(pages, facts.page_count, labels)
        if clip is not None and len(indexes) != 1:
            raise InvalidArgument(
                "clip renders a region of a single page; pages names several.",
                recovery="Pass one page with clip, e.g. pages='3'.",
            )
        truncated = len(indexes) > self.max_pages
        todo = indexes[: self.max_pages]
        remaining = self.byte_budget
        images: list[RenderedPageOut] = []
        downsampled: list[DownsampledOut] = []
        oversized: list[OversizedOut] = []
        failed: list[int] = []
        for i in todo:
            try:
                # The renderer lowers the DPI of a page too large for max_pixels (it knows the size).
                img = self.renderer.render(source, i, dpi=dpi_used, clip=clip, max_pixels=self.max_pixels)
            except PdfcoreError as exc:
                if exc.code in ("extraction_failed",):
                    failed.append(i + 1)
                    continue
                raise
            target = used_dpi = round(img.dpi)
            if b64_size(len(img.png)) > remaining and clip is None:
                img2, used_dpi = self._downsample(source, i, target, remaining)
                if img2 is None:
                    oversized.append(_oversized(i, len(img.png)))
                    continue
                img = img2
                downsampled.append(DownsampledOut(page=i + 1, dpi_used=used_dpi, dpi_requested=dpi_used))
            elif b64_size(len(img.png)) > remaining:
                oversized.append(_oversized(i, len(img.png), clipped=True))
                continue
            elif used_dpi != dpi_used:
                downsampled.append(DownsampledOut(page=i + 1, dpi_used=used_dpi, dpi_requested=dpi_used))
            remaining -= b64_size(len(img.png))
            images.append(_out(i, used_dpi, img, clip))
        rest = indexes[self.max_pages :]
        return RenderResult(
            pages_rendered=tuple(im.page for im in images),
            dpi_used=dpi_used,
            dpi_requested=int(requested)
            if isinstance(requested, (int, float)) and not isinstance(requested, bool)
            else dpi_used,
            images=tuple(images),
            clip=clip,
            truncated_render=True if truncated else None,
            truncated_at=self.max_pages if truncated else None,
            pages_not_rendered=pagespec.format_ranges([i + 1 for i in rest]) if rest else None,
            render_failed_pages=tuple(failed) or None,
            render_downsampled=tuple(downsampled) or None,
            render_oversized_pages=tuple(oversized) or None,
            bytes_returned=sum(len(im.png) for im in images),
        )

    def _downsample(
        self, source: DocumentSource, index: int, dpi: int, remaining: int
    ) -> tuple[RenderedImage | None, int]:
        for step in LADDER:
            if step >= dpi:
                continue
            img = self.renderer.render(source, index, dpi=step, clip=None, max_pixels=self.max_pixels)
            if b64_size(len(img.png)) <= remaining:
                return img, step
        return None, MIN_DPI


def _out(index: int, dpi: int, img: RenderedImage, clip: Clip | None) -> RenderedPageOut:
    return RenderedPageOut(
        page=index + 1,
        dpi=dpi,
        width=img.width,
        height=img.height,
        png=img.png,
        clip=clip,
        blank=True if img.blank else None,
        fonts_not_embedded=img.fonts_not_embedded or None if img.blank else None,
    )


def blank_note(page: PageText, fonts: Sequence[str]) -> str | None:
    """What to say of a page whose render shows nothing (``fonts``: those the PDF does not
    embed): None when the page has no visible text either (a blank page is drawn right)."""
    hidden = sum(len("".join(h.text.split())) for h in page.hidden)
    visible = len("".join(page.text.split())) - hidden
    if visible < MIN_USABLE_CHARS:
        return None
    n = page.index + 1
    why = (
        f"its fonts ({', '.join(fonts)}) are not embedded in the PDF and not available on this server"
        if fonts
        else "its fonts could not be drawn on this server"
    )
    return render(
        f"Page {n} renders blank though it has {visible} characters of text: {why}, so nothing is drawn. "
        f"Its text is readable: {call('read_pages', pages=n)}."
    )


def _oversized(index: int, size: int, clipped: bool = False) -> OversizedOut:
    n = index + 1
    return OversizedOut(
        page=n,
        size_bytes=size,
        reason="does not fit the remaining image budget of this call"
        + (" at the requested DPI" if clipped else " even at 72 DPI"),
        suggestions=tuple(
            render(text)
            for text in (
                f"{call('render', pages=n)} alone in a call",
                f"{call('render_clip', pages=n, clip=[0, 0, 1, 0.5])} for the top half",
                where(call("render_dpi", pages=n, dpi=100)),
            )
            if render(text)
        ),
    )
