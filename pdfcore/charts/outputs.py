"""How a panel's reading is written out: the result classes of :mod:`pdfcore.results.charts`
(axes, styles, the verification card) from the engine's readings.
"""

from __future__ import annotations

from pdfcore.charts.axes import AxisReading
from pdfcore.charts.primitives import Style, color_name
from pdfcore.charts.sampling import round_sig
from pdfcore.charts.series import Series
from pdfcore.results.charts import (
    AxisOut,
    CardAxisOut,
    CardSeriesOut,
    SeriesOut,
    StyleOut,
    TickOut,
    VerificationCardOut,
)


def dash_pattern(dash: tuple[float, ...]) -> str | None:
    """A dash array as text ("3 1.5"); None for a solid line."""
    return " ".join(f"{d:g}" for d in dash) if dash else None


def style_out(style: Style) -> StyleOut:
    return StyleOut(style.rgb, round(style.width, 2), dash_pattern(style.dash))


def axis_out(axis: AxisReading, *, side: str | None = None) -> AxisOut:
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


def card_axis(axis: AxisReading) -> CardAxisOut:
    if axis.scale is not None:
        s = axis.scale
        lo, hi = s.value_range
        ticks = tuple(TickOut(t.raw.replace("\u2212", "-"), round_sig(t.value)) for t in s.ticks)
        return CardAxisOut(s.kind, (round_sig(lo), round_sig(hi)), ticks, axis.verify)
    return CardAxisOut("category", None, (), categories=tuple(c[0] for c in axis.categories))


def verification_card(
    x_axis: AxisReading,
    y_axis: AxisReading,
    right: AxisReading | None,
    series: list[Series],
    outs: list[SeriesOut],
    verify_hint: str | None,
) -> tuple[VerificationCardOut, str]:
    cs = []
    names = []
    for s, o in zip(series, outs):
        name = color_name(s.style.rgb)
        names.append(name)
        cs.append(CardSeriesOut(s.style.rgb, name, dash_pattern(s.style.dash), o.label))
    card = VerificationCardOut(
        x_axis=card_axis(x_axis),
        y_axis=card_axis(y_axis),
        series=tuple(cs),
        color_names_unique=len(set(names)) == len(names),
        y_axis_right=card_axis(right) if right is not None else None,
    )
    state = "unverified"
    if verify_hint == "confirmed":
        state = "card_confirmed"
    elif verify_hint is not None and verify_hint.startswith("labels_wrong"):
        state = "labels_rejected"
    return card, state
