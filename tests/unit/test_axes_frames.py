"""A chart told by its axes and their tick labels when its plot holds too few paths to be art."""

from __future__ import annotations

from pdfcore.models import Box
from pdfcore.structure.axes_frames import axes_frames
from pdfcore.structure.vector_figures import vector_figure_boxes
from tests.unit.test_structure import LOREM, ln, markdown, page, para

LEFT_AXIS = Box(100.0, 200.0, 101.0, 400.0)
BOTTOM_AXIS = Box(100.0, 399.0, 460.0, 400.0)
#: the white background's edges along the page's sides
PAGE_EDGES = (Box(0.0, 0.0, 612.0, 0.0), Box(0.0, 0.0, 0.0, 792.0), Box(0.0, 792.0, 612.0, 792.0))


def _ticks(values: list[str]) -> list:  # type: ignore[type-arg]
    step = 200.0 / (len(values) - 1)
    return [ln(v, 400.0 - k * step - 4, x=96.0 - 5 * len(v), x1=96.0, size=8) for k, v in enumerate(values)]


def _chart(values: list[str]) -> list:  # type: ignore[type-arg]
    return [*para(LOREM, 80), *_ticks(values), ln("0 2 4 6 8 10", 404, x=100, x1=460, size=8), *para(LOREM, 460)]


def test_axes_meeting_at_a_corner_with_a_value_axis_beside_them_are_a_chart() -> None:
    p = page(_chart(["0", "20", "40", "60", "80", "100"]), rules=(LEFT_AXIS, BOTTOM_AXIS, *PAGE_EDGES))
    (frame,) = axes_frames(p)
    assert frame.bbox == Box(100.0, 200.0, 460.0, 400.0)
    (box,) = vector_figure_boxes(p, 612.0, 792.0)
    assert box.x0 < 100 and box.y1 > 400 and box.x1 < 500, box  # its tick labels, not the page's edges
    (md,) = markdown([p])
    parts = md.split("\n\n")
    assert parts[1] == "![](p1v1)" and len(parts) == 3, parts


def test_no_chart_without_ticks_stepping_evenly_or_without_the_corner() -> None:
    # (the numbers under the bottom axis would make a value axis: left out)
    lines = [x for x in _chart(["3", "17", "4", "60", "8", "100"]) if x.text != "0 2 4 6 8 10"]
    uneven = page(lines, rules=(LEFT_AXIS, BOTTOM_AXIS))
    assert axes_frames(uneven) == []
    apart = page(_chart(["0", "20", "40", "60", "80", "100"]), rules=(LEFT_AXIS, Box(140.0, 399.0, 460.0, 400.0)))
    assert axes_frames(apart) == []
