"""A column of prose beside a chart: the chart's labels (inside a region of vector art) do not
keep the gutter between the columns from being seen, when the chart's column holds prose of its
own under it; without the art region the same lines read as one column, and labels outside any
art still do."""

from __future__ import annotations

from pdfcore.layout.columns import column_regions
from pdfcore.models import Box, TextLine

PROSE = "the quick brown fox jumps over the lazy dog while the owls watch"
CHART = Box(48.0, 40.0, 330.0, 470.0)


def _line(text: str, x0: float, y0: float, x1: float, size: float = 9.0) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + size), size)


def _lines() -> list[TextLine]:
    """Left: a chart's caption, its bar labels and values (short lines, one under the other,
    far apart), then five rows of prose under it; right: forty rows of prose from the top."""
    left = [_line("Figure 2.", 58, 50, 95), _line("Sales by region: 2024", 58, 62, 190)]
    for k, name in enumerate(["North", "South", "East", "West", "Central", "Coast", "Hills", "Lakes"]):
        y = 100 + 40 * k
        left += [_line(name, 70, y, 100, 8.0), _line(f"{10 + 3 * k}.5", 120 + 20 * k, y + 10, 136 + 20 * k, 8.0)]
    left += [_line(f"L{k} {PROSE}", 50, 490 + 12 * k, 320) for k in range(5)]
    right = [_line(f"R{k} {PROSE}", 350, 40 + 12 * k, 560) for k in range(40)]
    return left + right


def _columns(regions: list[list[TextLine]] | None) -> list[str]:
    assert regions is not None
    return ["".join(ln.text[0] for ln in region) for region in regions]


def test_the_labels_of_a_chart_beside_a_column_of_prose_do_not_hide_the_gutter() -> None:
    lines = _lines()
    assert column_regions(lines) is None  # labels far apart: no prose on the left
    regions = _columns(column_regions(lines, art=[CHART]))
    # the left column whole (the chart's text, then its prose), then the right column whole
    assert len(regions) == 2 and regions[1] == "R" * 40, regions
    assert "R" not in regions[0] and regions[0].startswith("FS") and regions[0].endswith("LLLLL"), regions


def test_art_elsewhere_on_the_page_changes_nothing() -> None:
    lines = _lines()
    assert column_regions(lines, art=[Box(400.0, 700.0, 500.0, 760.0)]) is None


def test_a_side_with_too_few_rows_of_prose_outside_the_art_is_no_column() -> None:
    lines = [ln for ln in _lines() if not ln.text.startswith(("L2", "L3", "L4"))]
    assert column_regions(lines, art=[CHART]) is None
