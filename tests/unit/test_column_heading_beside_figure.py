"""A heading at the top of the right column, level with a figure opening the left one: the
column's heading, read after the left column, not the page's title read first; and figures side
by side read left to right whatever order they were drawn in."""

from __future__ import annotations

from pdfcore.models import Box
from pdfcore.structure.placement import in_rows
from pdfcore.structure.reading import headings_before_their_text
from pdfcore.structure.rows import Row
from pdfcore.structure.unit import Unit


def _unit(text: str, kind: str, x0: float, y0: float, x1: float, y1: float) -> Unit:
    u = Unit([Row(text, "", Box(x0, y0, x1, y1), 10.0, False, False, "", 0)])
    u.kind = kind
    return u


def test_a_heading_level_with_a_figure_in_the_other_column_stays_in_its_column() -> None:
    """A paper's page: the left column opens with a figure, its caption and text; the right
    column with a section's heading over its text. No text stands as high as the heading, but
    the figure does: the heading stays where the column order puts it. Without the figure (or
    with the figure below it) the heading is above everything on the page and goes first."""
    caption = _unit("(a) Original Image (b) Style image", "paragraph", 76, 157, 252, 164)
    left = _unit("This artistic style imitation can be seen itself as creative work.", "paragraph", 40, 431, 293, 464)
    heading = _unit("IV. TEXT DATA", "heading", 396, 58, 463, 65)
    right = _unit("Digital text is the first form of natural communication.", "paragraph", 304, 80, 556, 148)
    units = [caption, left, heading, right]
    figure = Box(50, 61, 283, 151)
    kept = [u.text for u in headings_before_their_text(units, (), [figure])]
    assert kept == [caption.text, left.text, heading.text, right.text]
    first = [heading.text, caption.text, left.text, right.text]
    assert [u.text for u in headings_before_their_text(units)] == first
    assert [u.text for u in headings_before_their_text(units, (), [Box(50, 70, 283, 151)])] == first


def test_figures_side_by_side_read_left_to_right() -> None:
    """Two pictures side by side, the right one drawn first and set a little higher, over a
    wide one: left, right, then the wide one. Pictures one over the other, or laid over each
    other, keep the order they were drawn in."""
    right, left, wide = Box(170, 61, 283, 151), Box(50, 66, 163, 151), Box(49, 174, 283, 349)
    assert in_rows([right, left, wide]) == [1, 0, 2]
    assert in_rows([wide, right]) == [0, 1]
    assert in_rows([Box(78, 103, 349, 269), Box(56, 123, 301, 321)]) == [0, 1]
    knots = [Box(415, 139, 505, 247), Box(318, 145, 408, 247), Box(221, 151, 311, 247), Box(124, 157, 214, 247)]
    assert in_rows(knots) == [3, 2, 1, 0]


def test_a_row_of_part_labels_right_under_a_figure_is_its_parts_caption() -> None:
    """``(a) Original Image (b) Style image`` right under two pictures: the caption of the
    figure's parts, a paragraph. The same row far below the figure, or beside it, stays a list
    item."""
    from pdfcore.structure.figures import subcaptions

    figure = Box(50, 61, 283, 151)
    under = _unit("(a) Original Image (b) Style image", "list_item", 76, 157, 252, 164)
    far = _unit("(a) an item of a list", "list_item", 76, 300, 252, 307)
    beside = _unit("(b) another item", "list_item", 300, 152, 500, 159)
    subcaptions([under, far, beside], [figure])
    assert [u.kind for u in (under, far, beside)] == ["paragraph", "list_item", "list_item"]


def test_boxes_without_width_keep_their_order() -> None:
    """Two degenerate boxes at one x (no width): neither is left of the other; the order stays
    and the ordering ends."""
    assert in_rows([Box(50, 10, 50, 40), Box(50, 12, 50, 38)]) == [0, 1]
