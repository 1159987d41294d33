"""Which y axis a series belongs to, on a chart with two.

The resolution ladder: geometry (the series only fits one axis's tick range), then text (the
series colour matches one axis's coloured labels, or its legend label shares a word with exactly
one axis title), then the caller's hint, else a question. A series whose axis is unresolved
carries no numbers: nothing is ever calibrated against a guessed axis.
"""

from __future__ import annotations

import re

from pdfcore.charts.axes import AxisReading
from pdfcore.charts.primitives import color_name, same_rgb
from pdfcore.charts.series import Series


def title_words(text: str | None) -> set[str]:
    if not text:
        return set()
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) >= 3}


def axis_color(axis: AxisReading | None) -> tuple[float, float, float] | None:
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


def assign_axis(
    s: Series,
    left: AxisReading | None,
    right: AxisReading | None,
    label: str | None,
    *,
    panel_height: float,
    hinted: str | None,
) -> tuple[str | None, str | None]:
    """(side, resolved_by) of a series on a chart with ``left`` and/or ``right`` y axes;
    (None, None) when the ladder cannot tell (the caller asks)."""
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
        slack = 0.02 * panel_height
        if a - slack <= lo and hi <= b + slack:
            fits.append(axis.side)
    if len(fits) == 1:
        return fits[0], "geometry"
    # 2. text: a colour-coded axis, or a legend label sharing a word with one axis title.
    lc, rc = axis_color(left), axis_color(right)
    by_color = [side for side, c in (("left", lc), ("right", rc)) if c is not None and same_rgb(c, s.style.rgb, 0.06)]
    if len(by_color) == 1:
        return by_color[0], "text"
    words = title_words(label)
    if words:
        by_title = [side for side, axis in (("left", left), ("right", right)) if words & title_words(axis.title)]
        if len(by_title) == 1:
            return by_title[0], "text"
    # 3. the caller's hint.
    if hinted is not None:
        return hinted, "hint"
    return None, None
