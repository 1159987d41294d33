"""VectorSource: the vector drawing and text of a page, for reading charts."""

from __future__ import annotations

from typing import Protocol

from pdfcore.models import DocumentSource
from pdfcore.vectors import PageVectors


class VectorSource(Protocol):
    """Reads what a page draws: paths, filled rectangles, text glyphs and image placements.

    Contract:

    - ``page`` is a 0-based index. Everything comes back in page space: PDF points, the page as
      displayed (after /Rotate), origin at the crop box's top-left corner, y downwards; every
      matrix (the object's, enclosing form XObjects', the page rotation) is already applied.
    - Paths keep their drawing order (``order``), their pieces as on-curve points, their stroke
      and fill colours with alpha (None when not stroked / not filled), stroke width in points,
      dash pattern in points, and painted bounds. ``rects`` lists the filled paths that are
      exactly one axis-aligned rectangle (see :func:`pdfcore.vectors.filled_rects`).
    - Text comes as one run per text object, each with its visible glyphs (character, tight box,
      baseline origin, effective size, angle, fill colour, whether a space precedes it). Invisible
      text (render mode 3) is left out. With ``text=False`` no text is read (cheapest) and
      ``has_text`` is False. With ``glyphs=False`` each run carries a single glyph standing for the
      whole object (its text, bounds, first baseline origin): much cheaper on text-heavy pages.
    - At most ``max_objects`` objects are read; ``truncated`` says when the page had more.
    - Thread-safe (implementations serialise engine calls).

    Errors that may escape: ``password_required``, ``password_incorrect``, ``malformed_pdf``,
    ``extraction_failed``, ``page_out_of_range``, ``file_changed``.
    """

    def read_page(
        self,
        source: DocumentSource,
        page: int,
        *,
        text: bool = True,
        glyphs: bool = True,
        max_objects: int = 100_000,
    ) -> PageVectors: ...
