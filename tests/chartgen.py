"""Drawing charts with known data into test PDFs (on top of :mod:`tests.pdfgen`).

The drawing commands are written here, the way plotting libraries emit them: a frame, tick
marks with Helvetica tick labels, polylines, filled rectangles, Bezier-circle markers, a legend.
Coordinates passed to :class:`Axes` are data values; the plot box is in PDF user space.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from tests.pdfgen import Page

RGB = tuple[float, float, float]
BLUE: RGB = (0.12, 0.47, 0.71)
ORANGE: RGB = (1.0, 0.5, 0.05)
GREEN: RGB = (0.17, 0.63, 0.17)
RED: RGB = (0.84, 0.15, 0.16)
BLACK: RGB = (0.0, 0.0, 0.0)

_HELVETICA = {".": 0.278, ",": 0.278, "-": 0.333, " ": 0.278}


def text_width(s: str, size: float) -> float:
    return sum(_HELVETICA.get(c, 0.556) for c in s) * size


def _c(rgb: RGB) -> str:
    return f"{rgb[0]} {rgb[1]} {rgb[2]}"


@dataclass
class Axes:
    page: Page
    x0: float
    y0: float
    w: float
    h: float
    xlim: tuple[float, float] = (0.0, 10.0)
    ylim: tuple[float, float] = (0.0, 10.0)
    yrlim: tuple[float, float] | None = None
    xlog: bool = False
    ylog: bool = False
    size: float = 9.0
    categories: list[str] = field(default_factory=list)

    # -- mapping ------------------------------------------------------------------------------

    def px(self, v: float) -> float:
        lo, hi = self.xlim
        if self.xlog:
            v, lo, hi = math.log10(v), math.log10(lo), math.log10(hi)
        return self.x0 + (v - lo) / (hi - lo) * self.w

    def py(self, v: float, *, right: bool = False) -> float:
        lo, hi = self.yrlim if right and self.yrlim else self.ylim
        if self.ylog and not right:
            v, lo, hi = math.log10(v), math.log10(lo), math.log10(hi)
        return self.y0 + (v - lo) / (hi - lo) * self.h

    def cat_x(self, i: int) -> float:
        n = len(self.categories)
        return self.x0 + (i + 0.5) * self.w / n

    def cat_y(self, i: int) -> float:
        n = len(self.categories)
        return self.y0 + self.h - (i + 0.5) * self.h / n

    # -- furniture -------------------------------------------------------------------------------

    def frame(self, *, background: RGB | None = None) -> Axes:
        if background is not None:
            self.page.rect(self.x0, self.y0, self.w, self.h, rgb=background)
        x1, y1 = self.x0 + self.w, self.y0 + self.h
        for a, b, c, d in (
            (self.x0, self.y0, x1, self.y0),
            (self.x0, y1, x1, y1),
            (self.x0, self.y0, self.x0, y1),
            (x1, self.y0, x1, y1),
        ):
            self.page.ops.append(f"q 0.8 w 0 0 0 RG {a} {b} m {c} {d} l S Q")
        return self

    def xticks(self, values: Sequence[float], labels: Sequence[str] | None = None, *, marks: bool = True) -> Axes:
        labels = labels or [_fmt(v) for v in values]
        for v, lab in zip(values, labels):
            x = self.px(v)
            if marks:
                self.page.ops.append(f"q 0.8 w 0 0 0 RG {x} {self.y0} m {x} {self.y0 - 3.5} l S Q")
            self.page.text(
                x - text_width(lab, self.size) / 2, self.y0 - 3.5 - 3.5 - self.size * 0.72, lab, size=self.size
            )
        return self

    def yticks(
        self,
        values: Sequence[float],
        labels: Sequence[str] | None = None,
        *,
        side: str = "left",
        rgb: RGB = BLACK,
        marks: bool = True,
    ) -> Axes:
        labels = labels or [_fmt(v) for v in values]
        right = side == "right"
        edge = self.x0 + self.w if right else self.x0
        for v, lab in zip(values, labels):
            y = self.py(v, right=right)
            if marks:
                end = edge + 3.5 if right else edge - 3.5
                self.page.ops.append(f"q 0.8 w 0 0 0 RG {edge} {y} m {end} {y} l S Q")
            width = text_width(lab, self.size)
            x = edge + 7.0 if right else edge - 7.0 - width
            self.page.text(x, y - self.size * 0.36, lab, size=self.size, rgb=rgb)
        return self

    def ypowers(self, exponents: Sequence[int], *, base: int = 10, drawn_minus: bool = False) -> Axes:
        """Log-axis labels typeset as a base with a raised, smaller exponent (one text object each)."""
        for e in exponents:
            y = self.py(float(base) ** e)
            self.page.ops.append(f"q 0.8 w 0 0 0 RG {self.x0} {y} m {self.x0 - 3.5} {y} l S Q")
            b = str(base)
            exp = str(abs(e)) if drawn_minus else str(e)
            small = self.size * 0.7
            right = self.x0 - 7.0
            exp_w = text_width(exp, small)
            minus_w = 0.5 * small if (drawn_minus and e < 0) else 0.0
            bx = right - exp_w - minus_w - text_width(b, self.size)
            baseline = y - self.size * 0.36
            self.page.text(bx, baseline, b, size=self.size)
            ex = bx + text_width(b, self.size) + 0.4
            if minus_w:
                # The exponent's minus drawn as a filled rule, not typed (a known typesetting habit).
                self.page.rect(ex, baseline + 0.62 * self.size, minus_w - 0.4, 0.5)
                ex += minus_w
            self.page.text(ex, baseline + 0.42 * self.size, exp, size=small)
        return self

    def xcategories(self, names: Sequence[str], *, marks: bool = True) -> Axes:
        self.categories = list(names)
        for i, lab in enumerate(names):
            x = self.cat_x(i)
            if marks:
                self.page.ops.append(f"q 0.8 w 0 0 0 RG {x} {self.y0} m {x} {self.y0 - 3.5} l S Q")
            self.page.text(x - text_width(lab, self.size) / 2, self.y0 - 7.0 - self.size * 0.72, lab, size=self.size)
        return self

    def ycategories(self, names: Sequence[str]) -> Axes:
        self.categories = list(names)
        for i, lab in enumerate(names):
            y = self.cat_y(i)
            self.page.ops.append(f"q 0.8 w 0 0 0 RG {self.x0} {y} m {self.x0 - 3.5} {y} l S Q")
            self.page.text(self.x0 - 7.0 - text_width(lab, self.size), y - self.size * 0.36, lab, size=self.size)
        return self

    def title(self, text: str, *, side: str = "bottom") -> Axes:
        if side == "bottom":
            self.page.text(self.x0 + self.w / 2 - text_width(text, self.size) / 2, self.y0 - 30, text, size=self.size)
        return self

    # -- data ---------------------------------------------------------------------------------

    def plot(
        self,
        xs: Sequence[float],
        ys: Sequence[float],
        *,
        rgb: RGB = BLUE,
        width: float = 1.5,
        dash: tuple[float, ...] = (),
        right: bool = False,
    ) -> Axes:
        pts = [(self.px(x), self.py(y, right=right)) for x, y in zip(xs, ys)]
        self.page.ops.append(_polyline(pts, rgb, width, dash))
        return self

    def markers(self, xs: Sequence[float], ys: Sequence[float], *, rgb: RGB = ORANGE, r: float = 2.5) -> Axes:
        for x, y in zip(xs, ys):
            self.page.ops.append(_circle(self.px(x), self.py(y), r, rgb))
        return self

    def bars(self, values: Sequence[float], *, rgb: RGB = BLUE, width: float = 0.6, offset: float = 0.0) -> Axes:
        """One bar per category, ``width`` and ``offset`` as fractions of the category pitch."""
        pitch = self.w / len(self.categories)
        base = self.py(0.0) if self.ylim[0] <= 0 <= self.ylim[1] else self.y0
        for i, v in enumerate(values):
            cx = self.cat_x(i) + offset * pitch
            top = self.py(v)
            self.page.rect(cx - width * pitch / 2, min(base, top), width * pitch, abs(top - base), rgb=rgb)
        return self

    def hbars(self, values: Sequence[float], *, rgb: RGB = BLUE, height: float = 0.6) -> Axes:
        pitch = self.h / len(self.categories)
        base = self.px(0.0)
        for i, v in enumerate(values):
            cy = self.cat_y(i)
            self.page.rect(base, cy - height * pitch / 2, self.px(v) - base, height * pitch, rgb=rgb)
        return self

    def legend(self, entries: Sequence[tuple[str, str, RGB]], *, at: tuple[float, float] | None = None) -> Axes:
        """Entries (label, kind 'line'|'rect'|'marker', colour) stacked from the top-left corner."""
        x, y = at if at is not None else (self.x0 + 10, self.y0 + self.h - 14)
        for label, kind, rgb in entries:
            if kind == "line":
                self.page.ops.append(_polyline([(x, y + 3), (x + 10, y + 3), (x + 20, y + 3)], rgb, 1.5, ()))
            elif kind == "rect":
                self.page.rect(x + 4, y, 12, 7, rgb=rgb)
            else:
                self.page.ops.append(_circle(x + 10, y + 3, 2.5, rgb))
            self.page.text(x + 27, y, label, size=self.size)
            y -= self.size * 1.5
        return self


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _polyline(pts: Sequence[tuple[float, float]], rgb: RGB, width: float, dash: tuple[float, ...]) -> str:
    d = f"[{' '.join(f'{v:g}' for v in dash)}] 0 d " if dash else ""
    body = f"{pts[0][0]:.4f} {pts[0][1]:.4f} m " + " ".join(f"{x:.4f} {y:.4f} l" for x, y in pts[1:])
    return f"q {width} w {_c(rgb)} RG 1 j {d}{body} S Q"


def _circle(x: float, y: float, r: float, rgb: RGB) -> str:
    k = 0.5523 * r
    return (
        f"q {_c(rgb)} rg {_c(rgb)} RG 0.5 w {x + r:.4f} {y:.4f} m "
        f"{x + r:.4f} {y + k:.4f} {x + k:.4f} {y + r:.4f} {x:.4f} {y + r:.4f} c "
        f"{x - k:.4f} {y + r:.4f} {x - r:.4f} {y + k:.4f} {x - r:.4f} {y:.4f} c "
        f"{x - r:.4f} {y - k:.4f} {x - k:.4f} {y - r:.4f} {x:.4f} {y - r:.4f} c "
        f"{x + k:.4f} {y - r:.4f} {x + r:.4f} {y - k:.4f} {x + r:.4f} {y:.4f} c h B Q"
    )


def chart_page(width: float = 420.0, height: float = 320.0) -> Page:
    return Page(width=width, height=height)


def standard_axes(page: Page, **kwargs: object) -> Axes:
    """A plot box leaving room for tick labels (left 60, bottom 50)."""
    return Axes(page, 60.0, 50.0, page.width - 100.0, page.height - 80.0, **kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Fixtures with known data (used by the tests and benchmarks/bench_charts.py)

Truth = dict[str, object]


def _save(out: object, name: str, page: Page) -> str:
    from pathlib import Path

    from tests.pdfgen import write_pdf

    path = Path(str(out)) / f"{name}.pdf"
    write_pdf(path, [page])
    return str(path)


def build_fixtures(out: object) -> dict[str, tuple[str, Truth]]:
    """Write the known-data charts into folder ``out``: name -> (path, truth).

    Truth has the corpus ground-truth shape: ``{"type": ..., "series": {name: [xs, ys]}}``; bar
    truths list category names as xs.
    """
    fx: dict[str, tuple[str, Truth]] = {}

    p = chart_page()
    ax = standard_axes(p, ylim=(0, 35))
    ax.frame().xcategories(["North", "South", "East", "West"]).yticks([0, 5, 10, 15, 20, 25, 30, 35])
    ax.bars([12.5, 30, 7.25, 22])
    fx["bars_category"] = (
        _save(out, "bars_category", p),
        {"type": "bar", "series": {"blue": [["North", "South", "East", "West"], [12.5, 30, 7.25, 22]]}},
    )

    p = chart_page()
    ax = standard_axes(p, ylim=(0, 50))
    ax.frame().xcategories(["Q1", "Q2", "Q3", "Q4"]).yticks([0, 10, 20, 30, 40, 50])
    ax.bars([10, 20, 30, 40], rgb=BLUE, width=0.35, offset=-0.2).bars(
        [15, 25, 35, 45], rgb=ORANGE, width=0.35, offset=0.2
    )
    ax.legend([("2023", "rect", BLUE), ("2024", "rect", ORANGE)])
    cats = ["Q1", "Q2", "Q3", "Q4"]
    fx["bars_grouped_legend"] = (
        _save(out, "bars_grouped_legend", p),
        {"type": "bar", "series": {"2023": [cats, [10, 20, 30, 40]], "2024": [cats, [15, 25, 35, 45]]}},
    )

    p = chart_page()
    ax = Axes(p, 90, 50, 300, 240, xlim=(0, 100))
    ax.frame().ycategories(["Apples", "Pears", "Plums"]).xticks([0, 20, 40, 60, 80, 100]).hbars([64, 12.5, 88])
    fx["bars_horizontal"] = (
        _save(out, "bars_horizontal", p),
        {"type": "bar", "series": {"blue": [["Apples", "Pears", "Plums"], [64, 12.5, 88]]}},
    )

    p = chart_page()
    ax = standard_axes(p, ylim=(-10, 15))
    ax.frame().xcategories(["A", "B", "C"]).yticks([-10, -5, 0, 5, 10, 15]).bars([-5, 10, -2.5])
    fx["bars_negative"] = (
        _save(out, "bars_negative", p),
        {"type": "bar", "series": {"blue": [["A", "B", "C"], [-5, 10, -2.5]]}},
    )

    xs = [i * 0.5 for i in range(21)]
    sq = [x * x for x in xs]
    sine = [50 + 20 * math.sin(x) for x in xs]
    p = chart_page()
    ax = standard_axes(p, xlim=(0, 10), ylim=(0, 100))
    ax.frame().xticks([0, 2, 4, 6, 8, 10]).yticks([0, 20, 40, 60, 80, 100])
    ax.plot(xs, sq, rgb=BLUE).plot(xs, sine, rgb=RED, dash=(4, 2)).markers(xs, sq, rgb=BLUE)
    ax.legend([("squares", "line", BLUE), ("sine", "line", GREEN)])
    fx["lines_markers_legend"] = (
        _save(out, "lines_markers_legend", p),
        {"type": "line", "series": {"squares": [xs, sq], "sine": [xs, sine]}},
    )

    sx = [0.5, 1.5, 2.25, 3.0, 4.75, 5.5, 6.0, 7.25, 8.0, 9.5]
    sy = [3, 7.5, 1, 9, 4.25, 6, 2.5, 8, 5, 0.5]
    p = chart_page()
    ax = standard_axes(p, xlim=(0, 10), ylim=(0, 10))
    ax.frame().xticks([0, 2, 4, 6, 8, 10]).yticks([0, 2, 4, 6, 8, 10]).markers(sx, sy, rgb=GREEN)
    fx["scatter"] = (_save(out, "scatter", p), {"type": "scatter", "series": {"green": [sx, sy]}})

    lx = [0, 1, 2, 3, 4]
    ly = [0.002, 0.03, 0.5, 7, 60]
    p = chart_page()
    ax = standard_axes(p, xlim=(0, 4), ylim=(1e-3, 1e2), ylog=True)
    ax.frame().xticks([0, 1, 2, 3, 4]).ypowers([-3, -2, -1, 0, 1, 2]).plot(lx, ly)
    fx["log_superscript"] = (_save(out, "log_superscript", p), {"type": "line", "series": {"blue": [lx, ly]}})

    p = chart_page()
    ax = standard_axes(p, xlim=(0, 4), ylim=(1e-3, 1e2), ylog=True)
    ax.frame().xticks([0, 1, 2, 3, 4]).ypowers([-3, -2, -1, 0, 1, 2], drawn_minus=True).plot(lx, ly)
    # The data are known, but pdfcore declines by policy: a drawn exponent minus cannot be read as text.
    fx["log_drawn_minus"] = (_save(out, "log_drawn_minus", p), {"type": "line", "series": {"blue": [lx, ly]}})
    return fx
