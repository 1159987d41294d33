"""Chart reading on in-memory pages (fake vector source and renderer): the status ladder, the
resolution ladder for dual axes, hints, verification, sampling and renders."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

import pytest

from pdfcore.charts.engine import read_page
from pdfcore.charts.panel_reader import MULTIVALUED
from pdfcore.charts.service import NO_HALO, ChartService
from pdfcore.errors import InvalidArgument, PageOutOfRange
from pdfcore.models import Box, DocumentSource, Fingerprint
from pdfcore.nextcalls import render
from pdfcore.serde import unstructure
from tests.fakes.fake_images import FakeImageProcessor
from tests.fakes.fake_renderer import FakeRenderer
from tests.fakes.fake_vectors import FakeVectorSource, PageBuilder, glyph_width

X0, Y0, X1, Y1 = 60.0, 40.0, 360.0, 260.0  # plot box, page space
BLUE = (0.12, 0.47, 0.71)
RED = (0.84, 0.15, 0.16)
GREEN = (0.17, 0.63, 0.17)
SOURCE = DocumentSource("/fake/chart.pdf", Fingerprint(1, 1, "f" * 64))


def _w(s: str, size: float = 9.0) -> float:
    return sum(glyph_width(c, size) for c in s)


class Chart:
    """Axes drawn in page space: x from xlim over [X0, X1], y from ylim over [Y1, Y0]."""

    def __init__(
        self,
        xlim: tuple[float, float] = (0, 10),
        ylim: tuple[float, float] = (0, 100),
        yrlim: tuple[float, float] | None = None,
    ) -> None:
        self.b = PageBuilder(420, 320)
        self.xlim, self.ylim, self.yrlim = xlim, ylim, yrlim
        for pts in (((X0, Y0), (X1, Y0)), ((X0, Y1), (X1, Y1)), ((X0, Y0), (X0, Y1)), ((X1, Y0), (X1, Y1))):
            self.b.line(list(pts), width=0.8)

    def px(self, v: float) -> float:
        lo, hi = self.xlim
        return X0 + (v - lo) / (hi - lo) * (X1 - X0)

    def py(self, v: float, right: bool = False) -> float:
        lo, hi = self.yrlim if right and self.yrlim else self.ylim
        return Y1 - (v - lo) / (hi - lo) * (Y1 - Y0)

    def xticks(self, values: Sequence[float]) -> Chart:
        for v in values:
            x, lab = self.px(v), f"{v:g}"
            self.b.line([(x, Y1), (x, Y1 + 3.5)], width=0.8)
            self.b.text(x - _w(lab) / 2, Y1 + 7 + 6.5, lab)
        return self

    def yticks(
        self,
        values: Sequence[float],
        *,
        right: bool = False,
        rgb: tuple[float, float, float] = (0, 0, 0),
        labels: Sequence[str] | None = None,
    ) -> Chart:
        edge = X1 if right else X0
        for i, v in enumerate(values):
            y, lab = self.py(v, right), (labels[i] if labels else f"{v:g}")
            self.b.line([(edge, y), (edge + 3.5 if right else edge - 3.5, y)], width=0.8)
            x = edge + 7 if right else edge - 7 - _w(lab)
            self.b.text(x, y + 3.2, lab, rgb=rgb)
        return self

    def plot(
        self,
        xs: Sequence[float],
        ys: Sequence[float],
        *,
        rgb: tuple[float, float, float] = BLUE,
        right: bool = False,
        width: float = 1.5,
    ) -> Chart:
        self.b.line([(self.px(x), self.py(y, right)) for x, y in zip(xs, ys)], rgb=rgb, width=width)
        return self

    def page(self):  # type: ignore[no-untyped-def]
        return self.b.build()


def _data(r):  # type: ignore[no-untyped-def]
    """The wire form, as a JSON client sees it."""
    d = unstructure(r)
    d.pop("images", None)
    return json.loads(json.dumps(d))


XS = [0, 2, 4, 6, 8, 10]


def test_single_line_is_read_exactly_with_a_card() -> None:
    c = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100]).plot([0, 5, 10], [10, 55.5, 90])
    d = _data(read_page(c.page()))
    assert d["status"] == "ok" and d["questions"] == [] and d["reasons"] == []
    (chart,) = d["charts"]
    assert chart["chart_type"] == "line"
    (s,) = chart["series"]
    assert s["points"] == [[0.0, 10.0], [5.0, 55.5], [10.0, 90.0]]
    assert s["axis"] == "left" and s["resolved_by"] == "geometry" and s["kind"] == "curve"
    assert chart["x_axis"]["range"] == [0.0, 10.0] and chart["y_axis"]["side"] == "left"
    card = chart["verification_card"]
    assert [t["value"] for t in card["x_axis"]["ticks"]] == [0, 2, 4, 6, 8, 10]
    assert card["series"][0]["color_name"] == "blue" and card["color_names_unique"]
    assert chart["verification"] == "unverified"


def _dual() -> Chart:
    c = Chart(ylim=(0, 10), yrlim=(0, 200)).xticks(XS)
    c.yticks([0, 2, 4, 6, 8, 10]).yticks([0, 50, 100, 150, 200], right=True, rgb=RED)
    c.plot([0, 10], [2, 8], rgb=BLUE).plot([0, 10], [180, 40], rgb=RED, right=True)
    return c


def test_dual_axis_ladder_text_then_question_then_hint() -> None:
    page = _dual().page()
    d = _data(read_page(page))
    assert d["status"] == "needs_hint"
    chart = d["charts"][0]
    blue, red = chart["series"]
    # Red matches the colour of the right axis's labels: resolved by text, with numbers.
    assert red["axis"] == "right" and red["resolved_by"] == "text"
    assert red["points"] == [[0.0, 180.0], [10.0, 40.0]]
    # Blue cannot be resolved: a question and no numbers at all.
    assert blue["axis"] is None and "points" not in blue and blue["pending_question"] == "p0.s0.axis"
    (q,) = d["questions"]
    assert q["id"] == "p0.s0.axis" and q["options"] == ["left", "right"] and q["kind"] == "y_axis_for_curve"
    assert chart["diagnostics"]["dual_axis"] and chart["y_axis_right"]["range"] == [0.0, 200.0]

    d = _data(read_page(page, hints={"p0.s0.axis": "left"}))
    assert d["status"] == "ok"
    blue, red = d["charts"][0]["series"]
    assert blue["resolved_by"] == "hint" and blue["points"] == [[0.0, 2.0], [10.0, 8.0]]
    assert red["resolved_by"] == "text"


def test_dual_axis_legend_label_matching_an_axis_title() -> None:
    c = Chart(ylim=(0, 10), yrlim=(0, 200)).xticks(XS)
    c.yticks([0, 2, 4, 6, 8, 10]).yticks([0, 50, 100, 150, 200], right=True)
    c.plot([0, 10], [2, 8], rgb=BLUE).plot([0, 10], [180, 40], rgb=GREEN, right=True)
    # Legend: a green sample left of "Revenue"; the right axis title (rotated) says "Revenue (EUR)".
    c.b.line([(80, 60), (100, 60)], rgb=GREEN, width=1.5)
    c.b.text(108, 63, "Revenue")
    c.b.text(X1 + 35, 200, "Revenue (EUR)", angle=90.0)
    d = _data(read_page(c.page()))
    blue, green = d["charts"][0]["series"]
    assert green["label"] == "Revenue" and green["axis"] == "right" and green["resolved_by"] == "text"
    assert blue["pending_question"] == "p0.s0.axis"


def test_axes_without_series_ask_for_the_chart_type() -> None:
    page = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100]).page()
    d = _data(read_page(page))
    assert d["status"] == "needs_hint"
    (q,) = d["questions"]
    assert q["id"] == "p0.type" and "series_style" not in q and q["options"][-1] == "not_a_chart"
    assert d["charts"][0]["chart_type"] == "unknown"
    d = _data(read_page(page, hints={"p0.type": "not_a_chart"}))
    assert d["status"] == "declined" and "not a chart" in d["reasons"][0]
    d = _data(read_page(page, hints={"p0.type": "line"}))
    assert d["status"] == "declined"


def test_a_flat_reference_line_is_read_only_when_the_caller_says_line() -> None:
    c = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100])
    c.b.line([(X0, c.py(30)), (X1, c.py(30))], rgb=RED, width=1.5)
    page = c.page()
    assert _data(read_page(page))["status"] == "needs_hint"
    d = _data(read_page(page, hints={"p0.type": "line"}))
    assert d["status"] == "ok"
    assert d["charts"][0]["series"][0]["points"] == [[0.0, 30.0], [10.0, 30.0]]


def test_verification_hints() -> None:
    c = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100]).plot([0, 10], [10, 90], rgb=GREEN)
    c.b.line([(80, 60), (100, 60)], rgb=GREEN, width=1.5)
    c.b.text(108, 63, "growth")
    page = c.page()
    d = _data(read_page(page))
    assert d["charts"][0]["series"][0]["label"] == "growth"
    d = _data(read_page(page, hints={"p0.verify": "confirmed"}))
    assert d["charts"][0]["verification"] == "card_confirmed"
    d = _data(read_page(page, hints={"p0.verify": "labels_wrong"}))
    s = d["charts"][0]["series"][0]
    assert s["label"] is None and s["resolved_by"] == "caller_rejected" and s["points"]
    assert d["charts"][0]["verification"] == "labels_rejected"
    d = _data(read_page(page, hints={"p0.verify": "axes_wrong"}))
    assert d["status"] == "declined" and d["charts"][0]["chart_type"] == "declined"


def test_unknown_hints_are_errors() -> None:
    page = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100]).plot([0, 10], [10, 90]).page()
    for bad in ({"p3.type": "line"}, {"p0.s4.axis": "left"}, {"p0.s0.axis": "middle"}):
        with pytest.raises(InvalidArgument):
            read_page(page, hints=bad)


def test_crossing_lines_of_one_style_decline() -> None:
    c = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100])
    c.plot([0, 10], [10, 90], rgb=(0, 0, 0), width=1.0).plot([0, 10], [90, 10], rgb=(0, 0, 0), width=1.0)
    d = _data(read_page(c.page()))
    assert d["status"] == "declined"
    assert d["charts"][0]["decline_reason"] == MULTIVALUED
    assert d["charts"][0]["diagnostics"]["declined_multivalued"] == 1


def test_log_title_with_linear_ticks_declines() -> None:
    c = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100]).plot([0, 10], [10, 90])
    c.b.text(20, 190, "count (log scale)", angle=90.0)
    d = _data(read_page(c.page()))
    assert d["status"] == "declined" and "log scale" in d["reasons"][0]


def test_max_points_sampling_keeps_extrema_and_reports_drops() -> None:
    xs = [i * 0.1 for i in range(101)]
    ys = [50 + 40 * math.sin(3 * x) for x in xs]
    page = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100]).plot(xs, ys).page()
    d = _data(read_page(page, max_points=8))
    s = d["charts"][0]["series"][0]
    assert s["downsampled"] and len(s["points"]) == 8 and s["n_source_points"] == 101
    got_y = [p[1] for p in s["points"]]
    assert s["points"][0][0] == 0.0 and s["points"][-1][0] == 10.0
    assert max(got_y) == pytest.approx(max(ys), abs=0.01) and min(got_y) == pytest.approx(min(ys), abs=0.01)
    assert s["n_extrema_dropped"] > 0
    assert any("extrema" in n for n in d["charts"][0]["diagnostics"]["notes"])
    d = _data(read_page(page, max_points=200))
    s = d["charts"][0]["series"][0]
    assert not s["downsampled"] and len(s["points"]) == 101 and s["n_extrema_dropped"] == 0


def test_raster_only_page_declines() -> None:
    b = PageBuilder()
    b.image(Box(50, 50, 350, 250))
    d = _data(read_page(b.build()))
    assert d["status"] == "declined" and "raster" in d["reasons"][0]


# -- the service: renders and the cheap count ---------------------------------------------------


def _service(page, **kw):  # type: ignore[no-untyped-def]
    vs = FakeVectorSource({0: page})
    kw.setdefault("images", FakeImageProcessor())
    return ChartService(vs, FakeRenderer(page_count=1, size=(420.0, 320.0)), **kw), vs


def test_renders_follow_the_status() -> None:
    ok_page = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100]).plot([0, 10], [10, 90]).page()
    svc, _ = _service(ok_page)
    assert svc.extract(SOURCE, 0).images == ()
    r = svc.extract(SOURCE, 0, include_render=True)
    assert [(im.kind, im.chart_id, im.page) for im in r.images] == [("chart_region", "p0", 1)]

    svc, _ = _service(PageBuilder(420, 320).build())
    r = svc.extract(SOURCE, 0, include_render=True)
    assert r.status == "declined" and [im.kind for im in r.images] == ["declined_page"]

    images = FakeImageProcessor()
    svc, _ = _service(_dual().page(), images=images)
    r = svc.extract(SOURCE, 0)
    assert r.status == "needs_hint"
    (im,) = r.images
    assert im.kind == "hint_panel" and im.chart_id == "p0"
    # The halo is traced over the render in the question's highlight colour (orange), inside it.
    (marks,) = images.drawn
    assert marks and {m.rgba[:3] for m in marks} == {(255, 140, 0)}
    assert all(0 <= x <= im.width and 0 <= y <= im.height for m in marks for x, y in m.points)
    assert render(NO_HALO) not in r.reasons

    # Without an image backend the render goes out untraced, and the answer says so.
    svc, _ = _service(_dual().page(), images=None)
    r = svc.extract(SOURCE, 0)
    assert [im.kind for im in r.images] == ["hint_panel"] and render(NO_HALO) in r.reasons


def test_render_budget_is_respected() -> None:
    svc, _ = _service(PageBuilder(420, 320).build(), byte_budget=100)
    r = svc.extract(SOURCE, 0)
    assert r.images == () and r.render_oversized is True


def test_argument_checks_and_page_range() -> None:
    svc, _ = _service(PageBuilder().build())
    for bad in (0, 3, 100_000, True):
        with pytest.raises(InvalidArgument):
            svc.extract(SOURCE, 0, max_points=bad)
    with pytest.raises(PageOutOfRange):
        svc.extract(SOURCE, 5)


def test_count_charts_is_cheap_on_pages_without_a_frame() -> None:
    chart = Chart().xticks(XS).yticks([0, 20, 40, 60, 80, 100]).plot([0, 10], [10, 90]).page()
    svc, vs = _service(chart)
    assert svc.count_charts(SOURCE, 0) == 1
    b = PageBuilder()
    b.text(50, 50, "Just a paragraph of text, 12 34 56.")
    svc, vs = _service(b.build())
    assert svc.count_charts(SOURCE, 0) == 0
    assert [text for _p, _i, text in vs.calls] == [False]  # the text was never read


def _table_page():  # type: ignore[no-untyped-def]
    """A ruled table with a spanning cell and numbers in its cells: no chart."""
    b = PageBuilder()
    for i in range(5):
        b.line([(60, 40 + 30 * i), (360, 40 + 30 * i)], width=0.5)
    for x in (60, 160, 260, 360):
        b.line([(x, 40), (x, 160)], width=0.5)
    b.rect(60, 40, 160, 160, fill=(0.9, 0.9, 0.9))  # a cell spanning every row
    b.rect(160, 40, 260, 70, fill=(0.9, 0.9, 0.9))
    for r in range(4):
        for c in range(3):
            b.text(70 + 100 * c, 60 + 30 * r, f"{(r + 1) * (c + 2) * 10}")
    return b.build()


def test_tables_are_not_charts_and_their_text_is_not_read() -> None:
    svc, vs = _service(_table_page())
    r = svc.extract(SOURCE, 0)
    assert r.status == "declined" and r.charts == ()
    assert [text for _p, _i, text in vs.calls] == [False]
    assert svc.count_charts(SOURCE, 0) == 0


def test_extraction_reads_text_only_after_the_geometry_check() -> None:
    c = Chart(ylim=(0, 50)).yticks([0, 10, 20, 30, 40, 50])
    for i, (name, v) in enumerate((("A", 12.5), ("B", 40.0), ("C", 7.0))):
        x = 100 + 100 * i
        c.b.line([(x, Y1), (x, Y1 + 3.5)], width=0.8)
        c.b.text(x - _w(name) / 2, Y1 + 13.5, name)
        c.b.rect(x - 20, c.py(v), x + 20, Y1, fill=BLUE)
    svc, vs = _service(c.page())
    d = _data(svc.extract(SOURCE, 0))
    assert [text for _p, _i, text in vs.calls] == [False, True]
    assert d["charts"][0]["series"][0]["bars"] == [["A", 12.5], ["B", 40.0], ["C", 7.0]]
