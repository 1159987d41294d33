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
    - Thread-safe (implementations serialise engine calls).

    Errors that may escape: ``password_required``, ``password_incorrect``, ``malformed_pdf``,
    ``extraction_failed``, ``page_out_of_range``.
    """

    def render(self, source: DocumentSource, page: int, *, dpi: float, clip: Clip | None = None) -> RenderedImage: ...
