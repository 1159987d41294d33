"""Reading the charts of one page: panels, series, axis assignment, hints, values.

The resolution ladder for a series on a chart with two y-axes: geometry (the series only fits
one axis's tick range), then text (the series colour matches one axis's coloured labels, or its
legend label shares a word with exactly one axis title), then the caller's hint, else a question.
A series whose axis is unresolved carries no numbers: nothing is ever calibrated against a
guessed axis. Hints are applied on every call from scratch (the server keeps no state).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping

from attrs import frozen

from pdfcore.charts import hints as hintlib
from pdfcore.charts.calibration import Scale
from pdfcore.charts.labels import Label, phrases
from pdfcore.charts.panels import AxisReading, Panel, find_panels, has_candidates
from pdfcore.charts.primitives import PageGeometry, Style, analyse, color_name, same_rgb
from pdfcore.charts.sampling import round_sig, sample
from pdfcore.charts.series import BarSet, Content, Curve, LegendEntry, MarkerSet, read_content
from pdfcore.models import Box
from pdfcore.results.charts import (
    AxisOut,
    CardAxisOut,
    CardSeriesOut,
    ChartOut,
    DiagnosticsOut,
    QuestionOut,
    SeriesOut,
    StyleOut,
    TickOut,
    VerificationCardOut,
)
from pdfcore.vectors import PageVectors, Point

HIGHLIGHTS = ("orange", "cyan", "magenta", "lime", "yellow", "red", "blue", "purple")
MULTIVALUED = "all line clouds multivalued (crossing/overlapping curves)"


@frozen
class Highlight:
    """A series to draw a halo around on a hint render."""

    color: str
    kind: str  # "curve" | "bars" | "points"
    points: tuple[Point, ...] = ()
    boxes: tuple[Box, ...] = ()


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


@frozen
class _Series:
    kind: str
    style: Style
    order: int
    curve: Curve | None = None
    bars: BarSet | None = None
    markers: MarkerSet | None = None

    def page_points(self) -> list[Point]:
        if self.curve is not None:
            return list(self.curve.points)
        if self.markers is not None:
            return list(self.markers.centers)
        if self.bars is not None:
            return [((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2) for b in self.bars.rects]
        return []

    def y_extent(self) -> tuple[float, float]:
        if self.bars is not None:
            return (min(b.y0 for b in self.bars.rects), max(b.y1 for b in self.bars.rects))
        ys = [p[1] for p in self.page_points()]
        return (min(ys), max(ys))


def _dash(dash: tuple[float, ...]) -> str | None:
    return " ".join(f"{d:g}" for d in dash) if dash else None


def _style_out(style: Style) -> StyleOut:
    return StyleOut(style.rgb, round(style.width, 2), _dash(style.dash))


def _axis_out(axis: AxisReading, *, side: str | None = None) -> AxisOut:
    if axis.scale is not None:
        s = axis.scale
        lo, hi = s.value_range
        return AxisOut(
            scale=s.kind,
            r2=round(s.r2, 4),
            title=axis.title,
            range=(round_sig(lo), round_sig(hi)),
            side=side,
            verify=axis.verify,
            log_base=s.log_base if s.kind == "log" else None,
        )
    if axis.categories:
        return AxisOut("category", None, axis.title, None, side=side, categories=tuple(c[0] for c in axis.categories))
    return AxisOut("unknown", None, axis.title, None, side=side)


def _card_axis(axis: AxisReading) -> CardAxisOut:
    if axis.scale is not None:
        s = axis.scale
        lo, hi = s.value_range
        ticks = tuple(TickOut(t.raw.replace("\u2212", "-"), round_sig(t.value)) for t in s.ticks)
        return CardAxisOut(s.kind, (round_sig(lo), round_sig(hi)), ticks, axis.verify)
    return CardAxisOut("category", None, (), categories=tuple(c[0] for c in axis.categories))


def _words(text: str | None) -> set[str]:
    if not text:
        return set()
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) >= 3}


def _axis_color(axis: AxisReading | None) -> tuple[float, float, float] | None:
    """The colour an axis's labels are printed in, when it is not black/grey (a colour-coded axis)."""
    if axis is None or not axis.labels:
        return None
    cols = {tuple(round(c, 2) for c in lab.color[:3]) for lab in axis.labels}
    if len(cols) != 1:
        return None
    rgb = next(iter(cols))
    name = color_name((float(rgb[0]), float(rgb[1]), float(rgb[2])))
    if name in ("black", "grey", "white", None):
        return None
    return (float(rgb[0]), float(rgb[1]), float(rgb[2]))


def _usable_axis(axis: AxisReading | None) -> bool:
    return axis is not None and axis.scale is not None


def _broken_axis(axis: AxisReading | None) -> bool:
    """An axis whose labels look real (three or more) but cannot be read."""
    return axis is not None and axis.failure is not None and len(axis.labels) >= 3


def _series_list(content: Content) -> list[_Series]:
    out: list[_Series] = []
    for c in content.curves:
        if not c.multivalued:
            out.append(_Series("curve", c.style, c.orders[0], curve=c))
    for b in content.bars:
        out.append(_Series("bars", b.style, b.orders[0], bars=b))
    for m in content.markers:
        out.append(_Series("points", m.style, m.orders[0], markers=m))
    out.sort(key=lambda s: s.order)
    return out


def _legend_labels(series: list[_Series], content: Content) -> list[str | None]:
    def matches(s: _Series, e: LegendEntry) -> bool:
        if s.kind == "curve":
            if e.kind != "line":
                return False
            return (
                same_rgb(s.style.rgb, e.style.rgb, 0.03)
                and abs(s.style.width - e.style.width) <= 0.35
                and tuple(round(d, 1) for d in s.style.dash) == tuple(round(d, 1) for d in e.style.dash)
            )
        if s.kind == "bars":
            return e.kind in ("rect", "marker") and same_rgb(s.style.rgb, e.style.rgb, 0.03)
        if s.markers is not None and e.signature:
            return e.signature[:4] == s.markers.signature[:4] or (
                e.kind == "marker" and same_rgb(s.style.rgb, e.style.rgb, 0.03)
            )
        return e.kind == "marker" and same_rgb(s.style.rgb, e.style.rgb, 0.03)

    out: list[str | None] = []
    for s in series:
        hits = [e for e in content.legend if matches(s, e)]
        if len(hits) == 1 and sum(1 for t in series if matches(t, hits[0])) == 1:
            out.append(hits[0].text)
        else:
            out.append(None)
    return out


class _Chart:
    """Reads one panel."""

    def __init__(
        self, index: int, panel: Panel, geo: PageGeometry, plabels: list[Label], hints: hintlib.Hints, max_points: int
    ) -> None:
        self.index = index
        self.cid = f"p{index}"
        self.panel = panel
        self.geo = geo
        self.plabels = plabels
        self.hints = hints
        self.max_points = max_points
        self.questions: list[QuestionOut] = []
        self.highlights: list[Highlight] = []
        self.notes: list[str] = []
        self.n_series = 0

    # -- helpers -------------------------------------------------------------------------------

    def declined(
        self,
        reason: str,
        *,
        x: AxisReading | None = None,
        y: AxisReading | None = None,
        content: Content | None = None,
        extra_notes: tuple[str, ...] = (),
    ) -> ChartOut:
        notes = (*self.notes, *extra_notes, reason)
        diag = self.diagnostics(content, notes=notes)
        return ChartOut(
            chart_id=self.cid,
            chart_type="declined",
            region_bbox=self.panel.region,
            x_axis=_axis_out(x) if x is not None and (x.scale or x.categories) else None,
            y_axis=_axis_out(y, side=y.side) if y is not None and y.scale is not None else None,
            series=(),
            diagnostics=diag,
            decline_reason=reason,
        )

    def diagnostics(self, content: Content | None, *, notes: tuple[str, ...], dual: bool = False) -> DiagnosticsOut:
        if content is None:
            return DiagnosticsOut(1, 0, 0, 0, dual, notes)
        multi = sum(1 for c in content.curves if c.multivalued)
        return DiagnosticsOut(
            n_frames=1,
            n_bar_rects=sum(len(b.rects) for b in content.bars),
            n_marker_groups=len(content.markers),
            n_line_clouds=len(content.curves),
            dual_axis=dual,
            notes=notes,
            declined_multivalued=multi or None,
        )

    # -- the reading ------------------------------------------------------------------------------

    def read(self) -> ChartOut:
        p = self.panel
        horizontal = p.left is not None and p.left.categorical and p.bottom is not None and not p.bottom.categorical
        if horizontal:
            cat_axis = p.left
            x_axis = p.left
        else:
            x_axis = p.bottom
            cat_axis = p.bottom if p.bottom is not None and p.bottom.categorical else None
        assert x_axis is not None
        # Axis readability gates.
        if horizontal:
            assert p.bottom is not None
            if p.bottom.failure:
                return self.declined(f"value axis: {p.bottom.failure}", x=p.bottom)
        elif x_axis.failure:
            return self.declined(f"x axis: {x_axis.failure}", x=x_axis, y=p.left or p.right)
        left = p.left if not horizontal else None
        right = p.right if not horizontal else None
        if not horizontal:
            if _broken_axis(left):
                assert left is not None
                return self.declined(f"left y axis: {left.failure}", x=x_axis, y=right)
            if _broken_axis(right):
                assert right is not None
                return self.declined(f"right y axis: {right.failure}", x=x_axis, y=left)
            if not _usable_axis(left):
                left = None
            if not _usable_axis(right):
                right = None
            if left is None and right is None:
                return self.declined("no readable y axis", x=x_axis)
        verify_hint = self.hints.verify.get(self.index)
        content = read_content(self.geo, p.box, p.decoration, self.plabels)
        series = _series_list(content)
        self.n_series = len(series)
        if verify_hint == "axes_wrong":
            return self.declined(
                "the caller rejected the axis reading (axes_wrong)", x=x_axis, y=left or right, content=content
            )
        multi = [c for c in content.curves if c.multivalued]
        if multi:
            self.notes.append(
                f"{len(multi)} line cloud(s) of one style overlap in x (crossing/overlapping curves): left out, "
                "not stitched"
            )
        hinted_type = self.hints.types.get(self.index)
        if hinted_type == "not_a_chart":
            return self.declined(
                "the caller says this panel is not a chart", x=x_axis, y=left or right, content=content
            )
        if not series and hinted_type is not None:
            series = self._series_from_hint(hinted_type, content)
            self.n_series = len(series)
            if not series:
                return self.declined(
                    f"no {hinted_type} geometry found even with the chart-type hint",
                    x=x_axis,
                    y=left or right,
                    content=content,
                )
        dual = left is not None and right is not None
        if not series:
            if multi:
                return self.declined(MULTIVALUED, x=x_axis, y=left or right, content=content)
            # Calibrated axes but nothing that reads as a series: ask what it is.
            qid = f"{self.cid}.type"
            self.questions.append(QuestionOut(qid, self.cid, "chart_type", hintlib.TYPE_OPTIONS, "magenta"))
            y_only = left or right
            return ChartOut(
                chart_id=self.cid,
                chart_type="unknown",
                region_bbox=p.region,
                x_axis=_axis_out(x_axis),
                y_axis=_axis_out(y_only, side=y_only.side) if y_only is not None else None,
                series=(),
                diagnostics=self.diagnostics(content, notes=tuple(self.notes), dual=dual),
                y_axis_right=_axis_out(right, side="right") if dual and right is not None else None,
            )
        labels = _legend_labels(series, content)
        verify_hint_series = hintlib.labels_wrong_series(verify_hint) if verify_hint else None
        outs: list[SeriesOut] = []
        for k, s in enumerate(series):
            label = labels[k]
            rejected = verify_hint == "labels_wrong" or verify_hint_series == k
            if horizontal:
                assert p.bottom is not None and cat_axis is not None
                outs.append(
                    self._bars_out(
                        k,
                        s,
                        label,
                        value_axis=p.bottom,
                        side="bottom",
                        cat=cat_axis,
                        horizontal=True,
                        resolved="geometry",
                        rejected=rejected,
                    )
                )
                continue
            side, resolved = self._assign(k, s, left, right, label)
            if side is None:
                qid = f"{self.cid}.s{k}.axis"
                color = HIGHLIGHTS[len(self.questions) % len(HIGHLIGHTS)]
                self.questions.append(
                    QuestionOut(qid, self.cid, f"y_axis_for_{s.kind}", hintlib.AXIS_OPTIONS, color, _style_out(s.style))
                )
                self.highlights.append(self._highlight(color, s))
                outs.append(self._pending(s, label, qid))
                continue
            yaxis = left if side == "left" else right
            assert yaxis is not None
            if s.kind == "bars":
                outs.append(
                    self._bars_out(
                        k,
                        s,
                        label,
                        value_axis=yaxis,
                        side=side,
                        cat=cat_axis,
                        horizontal=False,
                        x_axis=x_axis,
                        resolved=resolved,
                        rejected=rejected,
                    )
                )
            else:
                outs.append(self._points_out(s, label, x_axis, yaxis, side, resolved, rejected))
        unread = [o for o in outs if o.points is None and o.bars is None and not o.pending_question]
        if unread:
            # A series that does not fit the axes means the axes were misread (a date axis taken
            # for categories, a stacked chart, ...): nothing on this chart is trusted.
            reason = self.notes[-1] if self.notes else "a series could not be read against the axes"
            return self.declined(reason, x=x_axis, y=left or right, content=content)
        kinds = [s.kind for s in series]
        chart_type = "line" if "curve" in kinds else ("bar" if "bars" in kinds else "scatter")
        if kinds.count("bars") > kinds.count("curve"):
            chart_type = "bar"
        y_main = p.bottom if horizontal else (left or right)
        assert y_main is not None
        card, verification = self._card(x_axis, y_main, right if dual else None, series, outs, verify_hint)
        notes = list(self.notes) + list(content.notes)
        for o in outs:
            if o.n_extrema_dropped:
                notes.append(
                    f"sampling dropped {o.n_extrema_dropped} local extrema of a {o.kind} series; raise max_points "
                    "or read the render for exact peaks/troughs"
                )
        if horizontal:
            x_out = _axis_out(p.bottom) if p.bottom is not None else None
            y_out = _axis_out(cat_axis, side="left") if cat_axis is not None else None
        else:
            x_out = _axis_out(x_axis)
            y_out = _axis_out(y_main, side=y_main.side)
        return ChartOut(
            chart_id=self.cid,
            chart_type=chart_type,
            region_bbox=p.region,
            x_axis=x_out,
            y_axis=y_out,
            series=tuple(outs),
            diagnostics=self.diagnostics(content, notes=tuple(notes), dual=dual),
            y_axis_right=_axis_out(right, side="right") if dual and right is not None else None,
            verification_card=card,
            verification=verification,
        )

    # -- series -------------------------------------------------------------------------------------

    def _series_from_hint(self, kind: str, content: Content) -> list[_Series]:
        if kind == "line":
            return [_Series("curve", c.style, c.orders[0], curve=c) for c in content.flat_lines]
        if kind == "bar":
            groups: dict[tuple[object, ...], list[tuple[Box, Style, int]]] = {}
            for b, st, order in content.loose_rects:
                groups.setdefault(st.key(), []).append((b, st, order))
            return [
                _Series("bars", g[0][1], g[0][2], bars=BarSet(g[0][1], tuple(x[0] for x in g), tuple(x[2] for x in g)))
                for g in groups.values()
            ]
        if kind == "scatter":
            return [_Series("points", m.style, m.orders[0], markers=m) for m in content.loose_markers]
        return []

    def _assign(
        self, k: int, s: _Series, left: AxisReading | None, right: AxisReading | None, label: str | None
    ) -> tuple[str | None, str | None]:
        if left is None or right is None:
            only = left or right
            assert only is not None
            return only.side, "geometry"
        # 1. geometry: the series fits the tick range of one axis only.
        lo, hi = s.y_extent()
        fits = []
        for axis in (left, right):
            assert axis.scale is not None
            a, b = axis.scale.pos_range
            slack = 0.02 * self.panel.box.height
            if a - slack <= lo and hi <= b + slack:
                fits.append(axis.side)
        if len(fits) == 1:
            return fits[0], "geometry"
        # 2. text: a colour-coded axis, or a legend label sharing a word with one axis title.
        lc, rc = _axis_color(left), _axis_color(right)
        by_color = [
            side for side, c in (("left", lc), ("right", rc)) if c is not None and same_rgb(c, s.style.rgb, 0.06)
        ]
        if len(by_color) == 1:
            return by_color[0], "text"
        words = _words(label)
        if words:
            by_title = [side for side, axis in (("left", left), ("right", right)) if words & _words(axis.title)]
            if len(by_title) == 1:
                return by_title[0], "text"
        # 3. the caller's hint.
        hinted = self.hints.axis.get((self.index, k))
        if hinted is not None:
            return hinted, "hint"
        return None, None

    def _pending(self, s: _Series, label: str | None, qid: str) -> SeriesOut:
        return SeriesOut(
            kind=s.kind,
            style=_style_out(s.style),
            label=label,
            axis=None,
            resolved_by=None,
            multivalued=False,
            downsampled=False,
            n_extrema_dropped=0,
            pending_question=qid,
            marker_size=s.markers.size if s.markers is not None else None,
        )

    def _highlight(self, color: str, s: _Series) -> Highlight:
        if s.curve is not None:
            return Highlight(color, "curve", points=s.curve.points)
        if s.bars is not None:
            return Highlight(color, "bars", boxes=s.bars.rects)
        return Highlight(color, "points", points=tuple(s.page_points()))

    def _x_value(self, x_axis: AxisReading, px: float) -> float | str | None:
        if x_axis.scale is not None:
            return _value(x_axis.scale, px)
        return _nearest_category(x_axis.categories, px, 0.35)

    def _points_out(
        self,
        s: _Series,
        label: str | None,
        x_axis: AxisReading,
        yaxis: AxisReading,
        side: str,
        resolved: str | None,
        rejected: bool,
    ) -> SeriesOut:
        assert yaxis.scale is not None
        pts = s.page_points()
        if s.kind == "curve":
            picked = sample(pts, self.max_points)
            chosen = [pts[i] for i in picked.indexes]
            downsampled, dropped = picked.downsampled, picked.n_extrema_dropped
        else:
            chosen = sorted(pts)
            downsampled, dropped = False, 0
        values: list[tuple[float | str, float]] = []
        seen_categories: set[str] = set()
        for px, py in chosen:
            xv = self._x_value(x_axis, px)
            if isinstance(xv, str):
                if xv in seen_categories:
                    xv = None  # two vertices on one category: not a category axis after all
                else:
                    seen_categories.add(xv)
            if xv is None:
                self.notes.append(f"a {s.kind} series has vertices between category labels: left out")
                return SeriesOut(
                    kind=s.kind,
                    style=_style_out(s.style),
                    label=label,
                    axis=side,
                    resolved_by=resolved,
                    multivalued=False,
                    downsampled=False,
                    n_extrema_dropped=0,
                )
            values.append((xv, _value(yaxis.scale, py)))
        return SeriesOut(
            kind=s.kind,
            style=_style_out(s.style)
            if s.kind != "points"
            else StyleOut(s.style.rgb, s.markers.size if s.markers else 0.0),
            label=None if rejected else label,
            axis=side,
            resolved_by="caller_rejected" if rejected else resolved,
            multivalued=False,
            downsampled=downsampled,
            n_extrema_dropped=dropped,
            points=tuple(values),
            marker_size=s.markers.size if s.markers is not None else None,
            n_source_points=len(pts) if s.kind == "curve" else None,
        )

    def _bars_out(
        self,
        k: int,
        s: _Series,
        label: str | None,
        *,
        value_axis: AxisReading,
        side: str,
        cat: AxisReading | None,
        horizontal: bool,
        resolved: str | None,
        rejected: bool,
        x_axis: AxisReading | None = None,
    ) -> SeriesOut:
        assert s.bars is not None and value_axis.scale is not None
        scale: Scale = value_axis.scale
        rects = list(s.bars.rects)
        box = self.panel.box

        def empty(note: str) -> SeriesOut:
            self.notes.append(note)
            return SeriesOut(
                kind="bars",
                style=_style_out(s.style),
                label=label,
                axis=side,
                resolved_by=resolved,
                multivalued=False,
                downsampled=False,
                n_extrema_dropped=0,
            )

        # The baseline: the value axis's zero when it is on the plot, else an edge of the box.
        zero = scale.pos(0.0) if scale.kind == "linear" else None
        if horizontal:
            cands = [c for c in (zero, box.x0, box.x1) if c is not None]
            near, far = "x0", "x1"
        else:
            cands = [c for c in (zero, box.y1, box.y0) if c is not None]
            near, far = "y1", "y0"

        def near_edge(b: Box) -> float:
            return float(getattr(b, near))

        def far_edge(b: Box) -> float:
            return float(getattr(b, far))

        base = None
        for c in cands:
            # Every bar must stand on the baseline (upwards or, below zero, downwards).
            if all(abs(near_edge(b) - c) <= 0.75 or abs(far_edge(b) - c) <= 0.75 for b in rects):
                base = c
                break
        if base is None:
            return empty("bars do not stand on a common baseline (stacked or floating bars are not read)")
        values: list[tuple[float | str, float]] = []
        seen: set[object] = set()
        for b in sorted(rects, key=lambda r: r.y0 if horizontal else r.x0):
            tip = far_edge(b) if abs(near_edge(b) - base) <= 0.75 else near_edge(b)
            v = _value(scale, tip)
            center = (b.y0 + b.y1) / 2 if horizontal else (b.x0 + b.x1) / 2
            key: float | str | None
            if cat is not None and cat.categories:
                key = _nearest_category(cat.categories, center, 0.5)
            elif x_axis is not None and x_axis.scale is not None:
                key = _value(x_axis.scale, center)
            else:
                key = None
            if key is None:
                return empty("a bar does not line up with any category label")
            if key in seen:
                return empty("two bars of one colour share a category (stacked or overlapping bars are not read)")
            seen.add(key)
            values.append((key, v))
        if cat is not None and cat.categories and len(seen) < len(cat.categories):
            missing = [c[0] for c in cat.categories if c[0] not in seen]
            self.notes.append(
                f"bar series s{k} has no bar at {', '.join(missing[:5])}{' ...' if len(missing) > 5 else ''} "
                "(a zero value, a missing value, or a bar not recognised: check the render)"
            )
        return SeriesOut(
            kind="bars",
            style=_style_out(s.style),
            label=None if rejected else label,
            axis=side if not horizontal else None,
            resolved_by="caller_rejected" if rejected else resolved,
            multivalued=False,
            downsampled=False,
            n_extrema_dropped=0,
            bars=tuple(values),
        )

    def _card(
        self,
        x_axis: AxisReading,
        y_axis: AxisReading,
        right: AxisReading | None,
        series: list[_Series],
        outs: list[SeriesOut],
        verify_hint: str | None,
    ) -> tuple[VerificationCardOut, str]:
        cs = []
        names = []
        for s, o in zip(series, outs):
            name = color_name(s.style.rgb)
            names.append(name)
            cs.append(CardSeriesOut(s.style.rgb, name, _dash(s.style.dash), o.label))
        card = VerificationCardOut(
            x_axis=_card_axis(x_axis),
            y_axis=_card_axis(y_axis),
            series=tuple(cs),
            color_names_unique=len(set(names)) == len(names),
            y_axis_right=_card_axis(right) if right is not None else None,
        )
        state = "unverified"
        if verify_hint == "confirmed":
            state = "card_confirmed"
        elif verify_hint is not None and verify_hint.startswith("labels_wrong"):
            state = "labels_rejected"
        return card, state


def _value(scale: Scale, pos: float) -> float:
    """The scale's value at ``pos``, with float noise around zero snapped to zero."""
    v = scale.value(pos)
    if scale.kind == "linear":
        lo, hi = scale.value_range
        if abs(v) <= 1e-7 * (abs(hi - lo) or 1.0):
            v = 0.0
    return round_sig(v)


def _nearest_category(cats: tuple[tuple[str, float], ...], pos: float, frac: float) -> str | None:
    if not cats:
        return None
    positions = [c[1] for c in cats]
    pitch = min((b - a for a, b in itertools.pairwise(positions) if b - a > 0.5), default=None)
    best = min(cats, key=lambda c: abs(c[1] - pos))
    limit = frac * pitch if pitch is not None else float("inf")
    if abs(best[1] - pos) > limit:
        return None
    return best[0]


def read_page(vectors: PageVectors, *, hints: Mapping[str, str] | None = None, max_points: int = 24) -> PageReading:
    """Read every chart panel of the page; see the module docstring for the rules."""
    parsed = hintlib.parse(hints)
    geo = analyse(vectors)
    plabels = phrases(list(geo.labels))
    panels = find_panels(geo, plabels)
    readers = [_Chart(i, p, geo, plabels, parsed, max_points) for i, p in enumerate(panels)]
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
