"""Renderer on pdfium: a page or a clip of it to PNG (Pillow encodes)."""

from __future__ import annotations

import ctypes
import io

from adapters._pdfium import PageSpace, check_page, load_engine, pdfium_document
from pdfcore.models import Clip, DocumentSource, RenderedImage
from ports.renderer import Renderer, fit_dpi

#: zlib level for page PNGs. Level 3 encodes a 150 dpi page in about 60% of the time of Pillow's
#: default (6), for files within a few percent of its size (docs/benchmarks.md, Foundation).
PNG_COMPRESS_LEVEL = 3
#: Largest spread of a colour channel over an image that counts as one colour (blank).
BLANK_SPREAD = 4


class PdfiumRenderer(Renderer):
    name = "pdfium"

    def __init__(self) -> None:
        # Load the engine and the image codecs with the adapter (a worker does this while it
        # warms up), not during the first render.
        from PIL import Image, PngImagePlugin  # noqa: F401

        Image.preinit()
        load_engine()

    def render(
        self, source: DocumentSource, page: int, *, dpi: float, clip: Clip | None = None, max_pixels: int | None = None
    ) -> RenderedImage:
        with pdfium_document(source) as doc:
            check_page(doc, page)
            pdf_page = doc[page]
            try:
                crop = (0.0, 0.0, 0.0, 0.0)
                if clip is not None or max_pixels is not None:
                    space = PageSpace(pdf_page)
                    w, h = space.width, space.height
                    fx, fy = (clip.x1 - clip.x0, clip.y1 - clip.y0) if clip is not None else (1.0, 1.0)
                    dpi = fit_dpi(w * fx, h * fy, dpi, max_pixels)
                    if clip is not None:
                        # pdfium crops after rotation: (left, bottom, right, top) amounts in points.
                        crop = (clip.x0 * w, (1.0 - clip.y1) * h, (1.0 - clip.x1) * w, clip.y0 * h)
                bitmap = pdf_page.render(scale=dpi / 72.0, crop=crop, may_draw_forms=True, draw_annots=True)
                try:
                    # A detached copy: the bitmap's memory belongs to pdfium and is freed here,
                    # under the lock, not later by the garbage collector.
                    image = bitmap.to_pil().convert("RGB")
                finally:
                    bitmap.close()
                blank = all(hi - lo <= BLANK_SPREAD for lo, hi in image.getextrema())
                missing = fonts_not_embedded(pdf_page) if blank else ()
            finally:
                pdf_page.close()
        # PNG encoding needs no pdfium: do it outside the lock.
        buf = io.BytesIO()
        image.save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
        return RenderedImage(
            png=buf.getvalue(),
            width=image.width,
            height=image.height,
            dpi=dpi,
            blank=blank,
            fonts_not_embedded=missing,
        )


def fonts_not_embedded(pdf_page: object) -> tuple[str, ...]:
    """The base names of the fonts the page's text objects use that the PDF does not embed
    (called under the engine lock, with the page open)."""
    import pypdfium2.raw as raw

    handle = pdf_page.raw  # type: ignore[attr-defined]
    names: list[str] = []
    for k in range(raw.FPDFPage_CountObjects(handle)):
        obj = raw.FPDFPage_GetObject(handle, k)
        if raw.FPDFPageObj_GetType(obj) != raw.FPDF_PAGEOBJ_TEXT:
            continue
        font = raw.FPDFTextObj_GetFont(obj)
        if not font or raw.FPDFFont_GetIsEmbedded(font):
            continue
        size = raw.FPDFFont_GetBaseFontName(font, None, 0)
        buf = ctypes.create_string_buffer(max(1, size))
        raw.FPDFFont_GetBaseFontName(font, buf, size)
        name = buf.value.decode("utf-8", "replace") or "(unnamed)"
        if name not in names:
            names.append(name)
    return tuple(names)
