"""A Renderer that draws a grey page of the right pixel size (a real PNG, no engine)."""

from __future__ import annotations

import struct
import zlib

from pdfcore.errors import PageOutOfRange
from pdfcore.models import Clip, DocumentSource, RenderedImage
from ports.renderer import Renderer, fit_dpi


def png_bytes(width: int, height: int, gray: int = 200) -> bytes:
    raw = b"".join(b"\x00" + bytes([gray]) * width for _ in range(height))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


class FakeRenderer(Renderer):
    name = "fake"

    def __init__(
        self,
        page_count: int = 100,
        size: tuple[float, float] = (612.0, 792.0),
        noise: int = 0,
        *,
        blank_pages: frozenset[int] = frozenset(),
        fonts_not_embedded: tuple[str, ...] = (),
    ) -> None:
        """``blank_pages`` (0-based) render as nothing drawn, naming ``fonts_not_embedded``."""
        self.page_count = page_count
        self.blank_pages = blank_pages
        self.fonts_not_embedded = fonts_not_embedded
        self.size = size
        self.noise = noise
        self.calls: list[tuple[int, float]] = []

    def render(
        self, source: DocumentSource, page: int, *, dpi: float, clip: Clip | None = None, max_pixels: int | None = None
    ) -> RenderedImage:
        if not 0 <= page < self.page_count:
            raise PageOutOfRange(f"Page {page + 1} does not exist.")
        w, h = self.size
        if clip is not None:
            w, h = w * (clip.x1 - clip.x0), h * (clip.y1 - clip.y0)
        dpi = fit_dpi(w, h, dpi, max_pixels)
        self.calls.append((page, dpi))
        pw, ph = max(1, round(w * dpi / 72)), max(1, round(h * dpi / 72))
        png = png_bytes(pw, ph)
        if self.noise:
            png += b"\x00" * int(self.noise * (dpi / 72) ** 2)  # bulk that scales with resolution
        blank = page in self.blank_pages
        return RenderedImage(
            png=png,
            width=pw,
            height=ph,
            dpi=dpi,
            blank=blank,
            fonts_not_embedded=self.fonts_not_embedded if blank else (),
        )
