"""Chart extraction as a service: read the page's vectors, read its charts, attach the renders.

Renders follow the status: a declined page comes with a full-page render (read the values
visually instead); a page with questions comes with one render per panel in question, the
series in question traced in the question's highlight colour; an ``ok`` page comes with chart
region renders only when asked (``include_render``). Renders that would not fit the byte budget
are left out and flagged ``render_oversized``.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import evolve

from pdfcore.charts.engine import PageReading, could_hold_chart, count_panels, read_page
from pdfcore.charts.halo import halo_marks
from pdfcore.charts.sampling import MIN_BUDGET
from pdfcore.errors import InvalidArgument
from pdfcore.models import Box, Clip, DocumentSource
from pdfcore.nextcalls import call, render, where
from pdfcore.results.charts import ChartImage, ChartOut, ChartResult
from ports.image_processor import ImageProcessor
from ports.renderer import Renderer
from ports.vector_source import VectorSource

#: Said when a hint render goes out without its halo.
NO_HALO = "the series in question are not traced on the hint renders: no image backend is loaded" + where(
    " (see " + call("server_info") + ")"
)
PAGE_DPI = 100
REGION_DPI = 150
MAX_POINTS_LIMIT = 10_000


def _b64(n: int) -> int:
    return 4 * ((n + 2) // 3)


class ChartService:
    """Reads vector charts through a :class:`VectorSource`, renders through a :class:`Renderer`
    and traces the series a question is about with an :class:`ImageProcessor`."""

    def __init__(
        self,
        vectors: VectorSource,
        renderer: Renderer,
        *,
        images: ImageProcessor | None = None,
        byte_budget: int = 8 * 1024 * 1024,
        max_objects: int = 100_000,
    ) -> None:
        self.vectors = vectors
        self.renderer = renderer
        self.images = images
        self.byte_budget = byte_budget
        self.max_objects = max_objects

    def extract(
        self,
        source: DocumentSource,
        page: int,
        *,
        hints: Mapping[str, str] | None = None,
        max_points: int = 24,
        include_render: bool = False,
    ) -> ChartResult:
        """Read the charts on ``page`` (0-based). See :mod:`pdfcore.charts.engine` for the rules."""
        if (
            isinstance(max_points, bool)
            or not isinstance(max_points, int)
            or not (MIN_BUDGET <= max_points <= MAX_POINTS_LIMIT)
        ):
            raise InvalidArgument(f"max_points must be an integer from {MIN_BUDGET} to {MAX_POINTS_LIMIT}.")
        if not isinstance(include_render, bool):
            raise InvalidArgument("include_render must be true or false.")
        # Geometry first: a page without a plot box holding data-like drawing declines without
        # its text being read (text-heavy pages are the costly ones).
        vectors = self.vectors.read_page(source, page, text=False, max_objects=self.max_objects)
        if could_hold_chart(vectors):
            vectors = self.vectors.read_page(source, page, text=True, max_objects=self.max_objects)
        reading = read_page(vectors, hints=hints, max_points=max_points)
        return self._with_renders(source, reading, include_render)

    def count_charts(self, source: DocumentSource, page: int) -> int:
        """A cheap signal: how many chart panels ``page`` (0-based) has (0 on pages with no plot frame)."""
        light = self.vectors.read_page(source, page, text=False, max_objects=self.max_objects)
        if not could_hold_chart(light):
            return 0
        # Whole text objects are enough to find tick labels (powers still assemble from their
        # separate base and exponent objects); glyph detail is only read to extract.
        full = self.vectors.read_page(source, page, text=True, glyphs=False, max_objects=self.max_objects)
        return count_panels(full)

    # -- renders -----------------------------------------------------------------------------

    def _with_renders(self, source: DocumentSource, reading: PageReading, include_render: bool) -> ChartResult:
        page1 = reading.page + 1
        charts = list(reading.charts)
        images: list[ChartImage] = []
        remaining = self.byte_budget
        oversized = False
        untraced = False

        def fits(n: int) -> bool:
            nonlocal remaining
            if _b64(n) > remaining:
                return False
            remaining -= _b64(n)
            return True

        if reading.status == "declined":
            img = self.renderer.render(source, reading.page, dpi=PAGE_DPI)
            if fits(len(img.png)):
                images.append(ChartImage("declined_page", page1, img.png, img.width, img.height, PAGE_DPI))
            else:
                oversized = True
        else:
            wanted: list[str] = []
            if reading.status == "needs_hint":
                wanted = list(dict.fromkeys(q.chart_id for q in reading.questions))
            elif include_render:
                wanted = [c.chart_id for c in charts]
            for cid in wanted:
                region = reading.regions[cid]
                clip = _clip(region, reading.width, reading.height)
                img = self.renderer.render(source, reading.page, dpi=REGION_DPI, clip=clip)
                png, w, h = img.png, img.width, img.height
                kind = "chart_region"
                if reading.status == "needs_hint":
                    kind = "hint_panel"
                    halos = reading.highlights.get(cid, ())
                    if halos and self.images is None:
                        untraced = True
                    elif halos and self.images is not None:
                        drawn = self.images.draw(png, halo_marks((w, h), region, tuple(halos)))
                        png, w, h = drawn.png, drawn.width, drawn.height
                if fits(len(png)):
                    images.append(ChartImage(kind, page1, png, w, h, REGION_DPI, chart_id=cid))
                else:
                    oversized = True
                    charts = [_oversized(c) if c.chart_id == cid else c for c in charts]
        return ChartResult(
            page=page1,
            status=reading.status,
            charts=tuple(charts),
            questions=reading.questions,
            reasons=reading.reasons + ((render(NO_HALO),) if untraced else ()),
            render_oversized=True if oversized else None,
            images=tuple(images),
        )


def _oversized(chart: ChartOut) -> ChartOut:
    return evolve(chart, render_oversized=True)


def _clip(region: Box, width: float, height: float) -> Clip:
    w, h = max(width, 1e-6), max(height, 1e-6)
    return Clip(max(0.0, region.x0 / w), max(0.0, region.y0 / h), min(1.0, region.x1 / w), min(1.0, region.y1 / h))
