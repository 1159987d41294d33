"""What the compact profile's render returns (its read and search answer Markdown), and the
places refs name."""

from __future__ import annotations

from attrs import frozen

from pdfcore.models import Box, Clip


@frozen
class Place:
    """A line of a page holding hits (or a visual region), named by a short ref (``p47m1``)."""

    ref: str
    page: int  # 0-based
    text: str  # the line (or region caption) holding the hits
    count: int
    bbox: Box
    kind: str = "match"
    origin: str = "text"
    #: Distinct words matched in the place (the best place of a page holds the most).
    terms: int = 0


@frozen
class RenderedView:
    page: int
    png: bytes
    width: int
    height: int
    dpi: int
    clip: Clip | None
    ref: str | None = None


@frozen
class ViewResult:
    markdown: str
    images: tuple[RenderedView, ...]
    regions: tuple[Place, ...]
