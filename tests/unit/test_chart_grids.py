"""Figures that are no figures, grids that are charts, and a caption between two figures."""

from __future__ import annotations

from pdfcore.models import BodySpan, Box, ImageInfo, Table
from pdfcore.structure import false_tables, figure_boxes
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _strip(index: int, y0: float, y1: float, *more: Box) -> ImageInfo:
    box = Box(0.0, y0, 612.0, y1)
    return ImageInfo(index=index, width_px=1253, height_px=195, bbox=box, placements=(box, *more))


def test_a_background_drawn_in_page_wide_strips_is_no_figure() -> None:
    """Eight page-wide images stacked edge to edge behind the text (a coloured margin drawn in
    bands): the bands with little text on them were figures, ``![](p1f1)`` in the Markdown."""
    strips = tuple(_strip(k, k * 99.0, (k + 1) * 99.0) for k in range(8))
    p = page(para(LOREM, 300), images=strips, image_count=len(strips))
    assert figure_boxes(p, 612.0, 792.0) == []
    (md,) = markdown([p])
    assert "![" not in md, md
    # one page-wide photo over a third of the page stays a figure, as do two that leave most of
    # the page bare
    photo = page(para(LOREM, 500), images=(_strip(0, 60.0, 330.0),), image_count=1)
    assert len(figure_boxes(photo, 612.0, 792.0)) == 1
    two = page(para(LOREM, 600), images=(_strip(0, 60.0, 260.0), _strip(1, 300.0, 500.0)), image_count=2)
    assert len(figure_boxes(two, 612.0, 792.0)) == 2


def _grid(first_column: list[str]) -> Table:
    rows = tuple((cell, "", "") for cell in first_column)
    return Table(
        header=("Portugal vs Germany (bp)", "", "Spain vs Germany (bp)"), rows=rows, bbox=Box(78, 180, 519, 518)
    )


def test_a_grid_holding_a_value_axis_down_a_column_is_a_charts_labels() -> None:
    """Two charts side by side read as one grid: the value axis runs down the first column, the
    title over it and the dates under it, empty cells between the ticks."""
    ticks = ["450", "400", "", "350", "", "300", "250", "200", "150", "100", "50", "0", "-50"]
    assert false_tables.axis_table(_grid([*ticks, "Jan-08", "Source: Bloomberg"]))
    # figures that do not step evenly, row numbers, and too few ticks are no axis
    assert not false_tables.axis_table(_grid(["12", "7", "31", "4", "18", "Total"]))
    assert not false_tables.axis_table(_grid([str(k) for k in range(1, 9)]))
    assert not false_tables.axis_table(_grid(["Name", "Age", "30", "20", "Address", "City", "Phone", "Mail", "Notes"]))


def test_a_caption_between_two_figures_goes_to_the_figure_above_it() -> None:
    """Set under the upper figure and over the lower one, a little nearer the lower: a figure's
    caption is set under it."""
    upper = ImageInfo(index=0, width_px=400, height_px=200, bbox=Box(100, 150, 500, 330))
    lower = ImageInfo(index=1, width_px=400, height_px=200, bbox=Box(100, 352, 500, 530))
    rows = [
        *para(LOREM, 80),
        ln("Figure 15: Spreads of Portugal against Germany.", 340, x=200, x1=400, size=9),
        ln("Figure 16: Spreads of Spain against Germany.", 540, x=200, x1=400, size=9),
        *para(LOREM, 600),
    ]
    (md,) = markdown([page(rows, images=(upper, lower), image_count=2)])
    parts = md.split("\n\n")
    assert "![Figure 15: Spreads of Portugal against Germany.](p1f1)" in parts, md
    assert "![Figure 16: Spreads of Spain against Germany.](p1f2)" in parts, md


def test_the_layers_of_a_scanned_page_are_no_figures() -> None:
    """A scan compressed in layers: the page's picture at 150 dpi under text masks at 300 dpi.
    Without text of its own (or with OCR text) every image is the scan's; a page with its own
    text keeps a photo set on a background picture as a figure."""
    scan = ImageInfo(index=0, width_px=1204, height_px=1718, bbox=Box(0, 0, 612, 792))
    masks = tuple(
        ImageInfo(index=k, width_px=1600, height_px=900, bbox=Box(90, 100 + 150 * k, 490, 230 + 150 * k))
        for k in range(1, 4)
    )
    bare = page([], images=(scan, *masks), image_count=4)
    assert figure_boxes(bare, 612.0, 792.0) == []
    read = page(para(LOREM, 100), images=(scan, *masks), image_count=4, source="ocr")
    assert figure_boxes(read, 612.0, 792.0) == []
    brochure = page(para(LOREM, 100), images=(scan, masks[2]), image_count=2, char_count=240)
    assert figure_boxes(brochure, 612.0, 792.0) == [masks[2].bbox]


#: A chart's labels read as a doubted grid: its value axis down the first column, its title and
#: its axis' caption cells over several columns (the caption standing in the first), a year in a
#: corner.
CHART_LABELS = Table(
    header=(),
    rows=(
        ("0.6", "Figure 7.1 Concentration curves", ""),
        ("0.4", "", ""),
        ("", "", "1996"),
        ("0.2", "", ""),
        ("0", "", ""),
        ("number of firms ranked by size", "", ""),
    ),
    bbox=Box(0, 0, 300, 200),
    low_confidence=True,
    body_spans=(BodySpan(0, 1, 1, 2), BodySpan(5, 0, 1, 3)),
)


def test_an_axis_caption_over_the_whole_grid_leaves_its_value_axis_an_axis() -> None:
    """A chart's labels read as a doubted grid, its axis' caption a cell over every column
    (standing in the first): the caption is in no one column, so the ticks down the first
    column are still a value axis and the grid is no table."""
    table = CHART_LABELS
    assert false_tables.scattered_table(table)
