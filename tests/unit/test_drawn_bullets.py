"""List bullets drawn as art (small dark squares before a row, no character in the text)."""

from __future__ import annotations

from adapters._pdfium_drawings import bullet_marks
from adapters._pdfium_objects import FillRun
from pdfcore.models import Box
from pdfcore.structure.drawn_bullets import drawn_bullets
from pdfcore.structure.rows import Row
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _square(x: float, y: float, side: float = 3.8) -> Box:
    return Box(x, y, x + side, y + side)


def test_rows_led_by_a_drawn_square_are_list_items() -> None:
    items = ["Jennifer Jones at IMDb", "Jennifer Jones at the TCM Movie Database", "Template name"]
    rows = [
        ln("External links", 60, size=14, bold=True),
        *(ln(t, 90 + 14 * k, x=84) for k, t in enumerate(items)),
        *para(LOREM, 150),
    ]
    marks = tuple(_square(72.0, 93.0 + 14 * k) for k in range(len(items)))
    (md,) = markdown([page(rows, marks=marks)])
    assert "\n".join(f"- {t}" for t in items) in md
    (plain,) = markdown([page(rows)])
    assert "- Jennifer" not in plain


def test_a_mark_as_tall_as_the_row_or_far_from_it_is_no_bullet() -> None:
    rows = [ln("Yes, the applicant agrees", 90, x=86), ln("A row far from its mark", 110, x=120), *para(LOREM, 150)]
    marks = (_square(74.0, 90.0, side=9.0), _square(72.0, 113.0))  # a filled field box; a sign 44 pt away
    (md,) = markdown([page(rows, marks=marks)])
    assert "- " not in md


def test_a_mark_inside_vector_art_is_a_diagram_s_not_a_bullet() -> None:
    # an arrowhead or a node of a diagram beside its label ("i7", "biLSTM"), the labels left
    # as text (a diagram not found as a figure)
    def row(text: str, y: float) -> Row:
        return Row(text, "", Box(300.0, y, 330.0, y + 10.0), 10.0, False, False, "", 0)

    marks = (_square(290.0, 123.0), _square(290.0, 143.0))
    rows = [row("biLSTM", 120.0), row("i7", 140.0)]
    drawn_bullets(rows, marks, [Box(250.0, 100.0, 420.0, 200.0)])
    assert [r.text for r in rows] == ["biLSTM", "i7"]
    drawn_bullets(rows, marks)  # the same marks on a page without art: bullets
    assert [r.text for r in rows] == ["• biLSTM", "• i7"]


def test_bullet_marks_are_small_dark_grey_squares() -> None:
    def fill(box: Box, color: tuple[int, int, int, int]) -> FillRun:
        return FillRun(0, box, color, None)

    fills = [
        fill(_square(43.0, 100.0), (0, 0, 0, 255)),  # a bullet
        fill(_square(43.0, 100.0), (0, 0, 0, 255)),  # drawn twice: kept once
        fill(_square(43.0, 120.0), (230, 40, 40, 255)),  # a chart's colour swatch
        fill(Box(43.0, 140.0, 60.0, 143.8), (0, 0, 0, 255)),  # a bar, not square
        fill(_square(43.0, 160.0, side=20.0), (0, 0, 0, 255)),  # a block, too large
        fill(_square(43.0, 180.0), (250, 250, 250, 255)),  # white
    ]
    assert bullet_marks(fills, 612.0, 792.0) == (Box(43.0, 100.0, 46.8, 103.8),)


def test_bright_squares_drawn_alike_are_bullets_pale_ones_are_not() -> None:
    # a list's bullets in a brand's orange (one channel above the grey limit, dark enough to
    # read on the page); the same squares in a pale tint are a background's pattern
    def fills(color: tuple[int, int, int, int]) -> list[FillRun]:
        return [FillRun(0, _square(67.0, 414.0 + 16 * k, side=6.2), color, None) for k in range(3)]

    assert len(bullet_marks(fills((208, 138, 30, 255)), 612.0, 792.0)) == 3
    assert bullet_marks(fills((255, 230, 150, 255)), 612.0, 792.0) == ()
