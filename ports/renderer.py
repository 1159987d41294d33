"""Renderer: pages and regions as PNG images."""

from __future__ import annotations

from typing import Protocol

from pdfcore.models import Clip, DocumentSource, RenderedImage


class Renderer(Protocol):
    """Rasterises a page, or a region of it, to PNG.

    Contract:

    - ``page`` is a 0-based index; ``dpi`` is already clamped by the caller (72..400).
    - ``clip`` is a region in page fractions (top-left origin, as displayed); None renders the
      whole page. The image shows the page as displayed (rotation applied), on white.
    - ``max_pixels``, when given, caps the bitmap: if the page (or clip) at ``dpi`` would have more
      pixels, it is rendered at the highest whole DPI that fits (at least 1) instead, and the
      returned ``dpi`` says which. The renderer knows the page's size, so a caller need not.
    - ``blank`` says whether the image is one colour (nothing drawn: a page of text whose fonts
      are neither embedded nor available renders so); then ``fonts_not_embedded`` names the
      page's fonts the PDF does not embed. None / empty when not checked.
    - Thread-safe (implementations serialise engine calls).

    Errors that may escape: ``password_required``, ``password_incorrect``, ``malformed_pdf``,
    ``extraction_failed``, ``page_out_of_range``.
    """

    def render(
        self, source: DocumentSource, page: int, *, dpi: float, clip: Clip | None = None, max_pixels: int | None = None
    ) -> RenderedImage: ...


def fit_dpi(width_pt: float, height_pt: float, dpi: float, max_pixels: int | None) -> float:
    """``dpi``, or the highest whole DPI (at least 1) at which a ``width_pt`` x ``height_pt``
    area stays within ``max_pixels`` (the rule every Renderer applies for ``max_pixels``)."""
    if max_pixels is None:
        return dpi
    pixels = (width_pt * dpi / 72.0) * (height_pt * dpi / 72.0)
    if pixels <= max_pixels or pixels <= 0:
        return dpi
    return max(1, int(dpi * (max_pixels / pixels) ** 0.5))
