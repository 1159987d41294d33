"""Reading one chart panel: its axes' readability, its series, each series' axis and values,
the questions to ask and what to trace on the hint render; or a decline with the reason.
"""

from __future__ import annotations

from attrs import frozen

from pdfcore.charts import hints as hintlib
from pdfcore.charts.assignment import assign_axis
from pdfcore.charts.axes import AxisReading
from pdfcore.charts.labels import Label
from pdfcore.charts.legend import LegendEntry
from pdfcore.charts.outputs import axis_out, style_out, verification_card
from pdfcore.charts.panels import Panel
from pdfcore.charts.primitives import PageGeometry, Style, same_rgb
from pdfcore.charts.series import BarSet, Content, Series, read_content, series_list
from pdfcore.charts.values import bar_series, point_series
from pdfcore.models import Box
from pdfcore.results.charts import ChartOut, DiagnosticsOut, QuestionOut, SeriesOut
from pdfcore.vectors import Point

HIGHLIGHTS = ("orange", "cyan", "magenta", "lime", "yellow", "red", "blue", "purple")


MULTIVALUED = "all line clouds multivalued (crossing/overlapping curves)"


@frozen
class Highlight:
    """A series to draw a halo around on a hint render."""

    color: str
    kind: str  # "curve" | "bars" | "points"
    points: tuple[Point, ...] = ()
    boxes: tuple[Box, ...] = ()


def _usable_axis(axis: AxisReading | None) -> bool:
    return axis is not None and axis.scale is not None


def _broken_axis(axis: AxisReading | None) -> bool:
    """An axis whose labels look real (three or more) but cannot be read."""
    return axis is not None and axis.failure is not None and len(axis.labels) >= 3


def legend_labels(series: list[Series], content: Content) -> list[str | None]:
    def matches(s: Series, e: LegendEntry) -> bool:
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


class PanelReader:
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
            x_axis=axis_out(x) if x is not None and (x.scale or x.categories) else None,
            y_axis=axis_out(y, side=y.side) if y is not None and y.scale is not None else None,
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
        series = series_list(content)
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
                x_axis=axis_out(x_axis),
                y_axis=axis_out(y_only, side=y_only.side) if y_only is not None else None,
                series=(),
                diagnostics=self.diagnostics(content, notes=tuple(self.notes), dual=dual),
                y_axis_right=axis_out(right, side="right") if dual and right is not None else None,
            )
        labels = legend_labels(series, content)
        verify_hint_series = hintlib.labels_wrong_series(verify_hint) if verify_hint else None
        outs: list[SeriesOut] = []
        for k, s in enumerate(series):
            label = labels[k]
            rejected = verify_hint == "labels_wrong" or verify_hint_series == k
            if horizontal:
                assert p.bottom is not None and cat_axis is not None
                outs.append(
                    bar_series(
                        k,
                        s,
                        label,
                        value_axis=p.bottom,
                        side="bottom",
                        cat=cat_axis,
                        horizontal=True,
                        resolved="geometry",
                        rejected=rejected,
                        box=p.box,
                        notes=self.notes,
                    )
                )
                continue
            side, resolved = assign_axis(
                s, left, right, label, panel_height=p.box.height, hinted=self.hints.axis.get((self.index, k))
            )
            if side is None:
                qid = f"{self.cid}.s{k}.axis"
                color = HIGHLIGHTS[len(self.questions) % len(HIGHLIGHTS)]
                self.questions.append(
                    QuestionOut(qid, self.cid, f"y_axis_for_{s.kind}", hintlib.AXIS_OPTIONS, color, style_out(s.style))
                )
                self.highlights.append(self._highlight(color, s))
                outs.append(self._pending(s, label, qid))
                continue
            yaxis = left if side == "left" else right
            assert yaxis is not None
            if s.kind == "bars":
                outs.append(
                    bar_series(
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
                        box=p.box,
                        notes=self.notes,
                    )
                )
            else:
                outs.append(
                    point_series(
                        s, label, x_axis, yaxis, side, resolved, rejected, max_points=self.max_points, notes=self.notes
                    )
                )
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
        card, verification = verification_card(x_axis, y_main, right if dual else None, series, outs, verify_hint)
        notes = list(self.notes) + list(content.notes)
        for o in outs:
            if o.n_extrema_dropped:
                notes.append(
                    f"sampling dropped {o.n_extrema_dropped} local extrema of a {o.kind} series; raise max_points "
                    "or read the render for exact peaks/troughs"
                )
        if horizontal:
            x_out = axis_out(p.bottom) if p.bottom is not None else None
            y_out = axis_out(cat_axis, side="left") if cat_axis is not None else None
        else:
            x_out = axis_out(x_axis)
            y_out = axis_out(y_main, side=y_main.side)
        return ChartOut(
            chart_id=self.cid,
            chart_type=chart_type,
            region_bbox=p.region,
            x_axis=x_out,
            y_axis=y_out,
            series=tuple(outs),
            diagnostics=self.diagnostics(content, notes=tuple(notes), dual=dual),
            y_axis_right=axis_out(right, side="right") if dual and right is not None else None,
            verification_card=card,
            verification=verification,
        )

    # -- series -------------------------------------------------------------------------------------

    def _series_from_hint(self, kind: str, content: Content) -> list[Series]:
        if kind == "line":
            return [Series("curve", c.style, c.orders[0], curve=c) for c in content.flat_lines]
        if kind == "bar":
            groups: dict[tuple[object, ...], list[tuple[Box, Style, int]]] = {}
            for b, st, order in content.loose_rects:
                groups.setdefault(st.key(), []).append((b, st, order))
            return [
                Series("bars", g[0][1], g[0][2], bars=BarSet(g[0][1], tuple(x[0] for x in g), tuple(x[2] for x in g)))
                for g in groups.values()
            ]
        if kind == "scatter":
            return [Series("points", m.style, m.orders[0], markers=m) for m in content.loose_markers]
        return []

    def _pending(self, s: Series, label: str | None, qid: str) -> SeriesOut:
        return SeriesOut(
            kind=s.kind,
            style=style_out(s.style),
            label=label,
            axis=None,
            resolved_by=None,
            multivalued=False,
            downsampled=False,
            n_extrema_dropped=0,
            pending_question=qid,
            marker_size=s.markers.size if s.markers is not None else None,
        )

    def _highlight(self, color: str, s: Series) -> Highlight:
        if s.curve is not None:
            return Highlight(color, "curve", points=s.curve.points)
        if s.bars is not None:
            return Highlight(color, "bars", boxes=s.bars.rects)
        return Highlight(color, "points", points=tuple(s.page_points()))
