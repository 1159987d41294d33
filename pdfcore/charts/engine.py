"""Reading the charts of one page: find its panels, read each (:mod:`.panel_reader`), and
collect the charts, the questions to ask and what each hint render should trace.

Hints are applied on every call from scratch (the server keeps no state). The parts: candidate
plot boxes (:mod:`.candidates`), axes (:mod:`.axes`), panels (:mod:`.panels`), what is plotted
(:mod:`.units`, :mod:`.legend`, :mod:`.series`), which y axis a series belongs to
(:mod:`.assignment`), values (:mod:`.values`) and the results written out (:mod:`.outputs`).
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from pdfcore.charts import hints as hintlib
from pdfcore.charts.candidates import has_candidates
from pdfcore.charts.labels import phrases
from pdfcore.charts.panel_reader import Highlight, PanelReader
from pdfcore.charts.panels import find_panels
from pdfcore.charts.primitives import analyse
from pdfcore.models import Box
from pdfcore.results.charts import ChartOut, QuestionOut
from pdfcore.vectors import PageVectors


@frozen
class PageReading:
    page: int  # 0-based
    width: float
    height: float
    status: str
    charts: tuple[ChartOut, ...]
    questions: tuple[QuestionOut, ...]
    reasons: tuple[str, ...]
    regions: dict[str, Box]
    highlights: dict[str, tuple[Highlight, ...]]


def read_page(vectors: PageVectors, *, hints: Mapping[str, str] | None = None, max_points: int = 24) -> PageReading:
    """Read every chart panel of the page; see the module docstring for the rules."""
    parsed = hintlib.parse(hints)
    geo = analyse(vectors)
    plabels = phrases(list(geo.labels))
    panels = find_panels(geo, plabels)
    readers = [PanelReader(i, p, geo, plabels, parsed, max_points) for i, p in enumerate(panels)]
    # Series counts (for hint validation) come from the same reading the answers apply to.
    charts: list[ChartOut] = []
    for r in readers:
        charts.append(r.read())
    hintlib.check_against(parsed, [r.n_series for r in readers])
    questions = [q for r in readers for q in r.questions]
    reasons: list[str] = []
    if questions:
        status = "needs_hint"
    elif any(c.chart_type not in ("declined", "unknown") for c in charts):
        status = "ok"
    else:
        status = "declined"
        if not charts:
            if vectors.images and not vectors.paths:
                reasons.append("no vector chart on this page (raster images only: a raster chart cannot be read)")
            elif not vectors.has_text:
                reasons.append("no chart signature (no plot frame holding curves, bars or markers)")
            else:
                reasons.append("no chart signature (no plot frame with readable tick-label axes)")
        else:
            reasons.extend(f"{c.chart_id}: {c.decline_reason}" for c in charts if c.decline_reason)
            if not reasons:
                reasons.append("no extractable series passed the gates")
    return PageReading(
        page=vectors.page,
        width=vectors.width,
        height=vectors.height,
        status=status,
        charts=tuple(charts),
        questions=tuple(questions),
        reasons=tuple(reasons),
        regions={c.chart_id: c.region_bbox for c in charts},
        highlights={r.cid: tuple(r.highlights) for r in readers if r.highlights},
    )


def could_hold_chart(vectors: PageVectors) -> bool:
    """Geometry-only precheck (text not needed): a plot frame, axis lines or gridlines exist."""
    return has_candidates(analyse(vectors))


def count_panels(vectors: PageVectors) -> int:
    """How many chart panels (plot boxes with readable axes) the page has: a cheap signal."""
    geo = analyse(vectors)
    return sum(
        1
        for p in find_panels(geo)
        if (p.bottom is not None and (p.bottom.numeric or p.bottom.categorical))
        and any(a is not None and a.numeric for a in (p.left, p.right, p.bottom))
    )
