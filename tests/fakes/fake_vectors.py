"""A VectorSource serving pages built in memory, and a builder that draws them in page space.

:class:`PageBuilder` works in page space directly (points, top-left origin, y downwards): what
the real adapter reports after converting pdfium's coordinates. Glyphs are Helvetica-like boxes
(digits 0.556 em wide, cap height 0.72 em above the baseline).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from pdfcore.errors import PageOutOfRange
from pdfcore.models import Box, DocumentSource
from pdfcore.vectors import (
    Glyph,
    ImagePlacement,
    PageVectors,
    Subpath,
    TextRun,
    VectorPath,
    filled_rects,
)
from ports.vector_source import VectorSource

RGB = tuple[float, float, float]
_WIDTHS = {".": 0.278, ",": 0.278, "-": 0.333, "\u2212": 0.584}


def glyph_width(ch: str, size: float) -> float:
    return _WIDTHS.get(ch, 0.556) * size


def _joined(glyphs: list[Glyph]) -> str:
    return "".join((" " if g.space_before and k else "") + g.char for k, g in enumerate(glyphs))


class PageBuilder:
    def __init__(self, width: float = 420.0, height: float = 320.0, page: int = 0) -> None:
        self.width, self.height, self.page = width, height, page
        self.order = 0
        self.paths: list[VectorPath] = []
        self.texts: list[TextRun] = []
        self.images: list[ImagePlacement] = []

    def _next(self) -> int:
        self.order += 1
        return self.order

    def line(
        self,
        pts: Sequence[tuple[float, float]],
        *,
        rgb: RGB = (0.0, 0.0, 0.0),
        width: float = 1.0,
        dash: tuple[float, ...] = (),
        group: int = 0,
    ) -> int:
        order = self._next()
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        h = width / 2
        self.paths.append(
            VectorPath(
                order=order,
                subpaths=(Subpath(tuple((float(x), float(y)) for x, y in pts)),),
                bounds=Box(min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h),
                stroke=(*rgb, 1.0),
                line_width=width,
                dash=dash,
                group=group,
            )
        )
        return order

    def rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        *,
        fill: RGB | None = (0.0, 0.0, 0.0),
        stroke: RGB | None = None,
    ) -> int:
        order = self._next()
        pts = ((x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0))
        self.paths.append(
            VectorPath(
                order=order,
                subpaths=(Subpath(pts, closed=True),),
                bounds=Box(x0, y0, x1, y1),
                stroke=(*stroke, 1.0) if stroke is not None else None,
                fill=(*fill, 1.0) if fill is not None else None,
                line_width=1.0 if stroke is not None else 0.0,
            )
        )
        return order

    def marker(self, cx: float, cy: float, r: float = 2.5, *, rgb: RGB = (1.0, 0.5, 0.05)) -> int:
        """A filled circle as the real adapter reports it: on-curve points of four Bezier arcs."""
        order = self._next()
        pts = ((cx + r, cy), (cx, cy + r), (cx - r, cy), (cx, cy - r), (cx + r, cy))
        self.paths.append(
            VectorPath(
                order=order,
                subpaths=(Subpath(pts, closed=True, curved=True),),
                bounds=Box(cx - r, cy - r, cx + r, cy + r),
                fill=(*rgb, 1.0),
                stroke=(*rgb, 1.0),
                line_width=0.5,
            )
        )
        return order

    def text(
        self, x: float, baseline: float, s: str, *, size: float = 9.0, rgb: RGB = (0.0, 0.0, 0.0), angle: float = 0.0
    ) -> int:
        order = self._next()
        glyphs: list[Glyph] = []
        cx, cy = x, baseline
        up = abs(angle - 90.0) < 1.0  # rotated a quarter turn: the text runs upwards
        space = False
        for ch in s:
            w = glyph_width(ch, size)
            if ch.isspace():
                space = True
            else:
                box = Box(cx - 0.72 * size, cy - w, cx, cy) if up else Box(cx, cy - 0.72 * size, cx + w, cy)
                glyphs.append(Glyph(ch, box, (cx, cy), size, angle, (*rgb, 1.0), space))
                space = False
            if up:
                cy -= w
            else:
                cx += w
        if glyphs:
            box = Box(
                min(g.box.x0 for g in glyphs),
                min(g.box.y0 for g in glyphs),
                max(g.box.x1 for g in glyphs),
                max(g.box.y1 for g in glyphs),
            )
            self.texts.append(TextRun(order, _joined(glyphs), box, size, angle, (*rgb, 1.0), tuple(glyphs)))
        return order

    def image(self, box: Box) -> int:
        order = self._next()
        self.images.append(ImagePlacement(order, box))
        return order

    def build(self) -> PageVectors:
        paths = tuple(self.paths)
        return PageVectors(
            page=self.page,
            width=self.width,
            height=self.height,
            paths=paths,
            rects=filled_rects(paths),
            texts=tuple(self.texts),
            images=tuple(self.images),
        )


class FakeVectorSource(VectorSource):
    """Serves prepared pages: ``pages[(path, index)]`` (or ``pages[index]`` for any path)."""

    name = "fake"

    def __init__(self, pages: dict[object, PageVectors] | None = None, page_count: int = 1) -> None:
        self.pages = dict(pages or {})
        self.page_count = page_count
        self.calls: list[tuple[str, int, bool]] = []

    def read_page(
        self,
        source: DocumentSource,
        page: int,
        *,
        text: bool = True,
        glyphs: bool = True,
        max_objects: int = 100_000,
    ) -> PageVectors:
        self.calls.append((source.path, page, text))
        if not 0 <= page < self.page_count:
            raise PageOutOfRange(f"Page {page + 1} does not exist; the document has {self.page_count} page(s).")
        pv = self.pages.get((source.path, page)) or self.pages.get(page)
        if pv is None:
            pv = PageVectors(page=page, width=612.0, height=792.0)
        paths = tuple(p for p in pv.paths if p.order <= max_objects)
        truncated = len(paths) < len(pv.paths) or pv.truncated
        if not text:
            return evolve(pv, paths=paths, rects=filled_rects(paths), texts=(), has_text=False, truncated=truncated)
        texts = pv.texts
        if not glyphs:
            texts = tuple(
                evolve(t, glyphs=(Glyph(t.text, t.box, t.glyphs[0].origin, t.size, t.angle, t.color),)) for t in texts
            )
        return evolve(pv, paths=paths, rects=filled_rects(paths), texts=texts, truncated=truncated)
