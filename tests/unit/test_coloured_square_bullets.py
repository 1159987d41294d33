"""A list's bullets drawn as squares in a colour (a leaflet's blue squares): alike, drawn twice
or more at one size, they are bullets; a chart's colour swatches, each a colour of its own, are
not. Bullets drawn left of a column of art that holds the circled numbers of the items they are
nested under lead their rows; art reaching into a row's text is a diagram's."""

from __future__ import annotations

from adapters._pdfium_drawings import bullet_marks
from adapters._pdfium_objects import FillRun
from pdfcore.models import Box
from pdfcore.structure.drawn_bullets import drawn_bullets
from pdfcore.structure.rows import Row

BLUE = (11, 83, 148, 255)


def _fill(x: float, y: float, color: tuple[int, int, int, int], side: float = 5.1) -> FillRun:
    return FillRun(0, Box(x, y, x + side, y + side), color, None, coverage=1.0)


def test_squares_alike_in_a_colour_are_bullets() -> None:
    marks = bullet_marks([_fill(63.3, 123.6, BLUE), _fill(63.3, 147.9, BLUE)], 595.0, 842.0)
    assert [round(m.y0, 1) for m in marks] == [123.6, 147.9]


def test_a_lone_coloured_square_and_swatches_of_their_own_colours_are_no_bullets() -> None:
    assert bullet_marks([_fill(63.3, 123.6, BLUE)], 595.0, 842.0) == ()
    swatches = [_fill(400.0, 100.0, (230, 40, 40, 255)), _fill(400.0, 120.0, (40, 160, 40, 255))]
    assert bullet_marks(swatches, 595.0, 842.0) == ()
    assert bullet_marks([*swatches, _fill(400.0, 140.0, BLUE, side=7.0), _fill(63.3, 160.0, BLUE)], 595.0, 842.0) == ()


def _row(text: str, y: float) -> Row:
    return Row(text, "", Box(92.9, y, 333.0, y + 9.3), 9.8, False, False, "", 0)


def test_bullets_beside_a_column_of_art_left_of_the_rows_lead_them() -> None:
    marks = (Box(82.45, 622.18, 87.84, 627.57), Box(82.45, 635.14, 87.84, 640.53))
    rows = [
        _row("this is normal and means the preparation is working;", 620.7),
        _row("by the end, a clear liquid.", 633.7),
    ]
    drawn_bullets(rows, marks, [Box(62.3, 588.4, 87.8, 640.5)])  # circled numbers 1 to 4 and the bullets
    assert [r.text[:2] for r in rows] == ["• ", "• "]
    rows = [_row("this is normal and means the preparation is working;", 620.7)]
    drawn_bullets(rows, marks, [Box(62.3, 588.4, 140.0, 640.5)])  # art reaching into the text
    assert rows[0].text.startswith("this")


def test_a_square_before_a_heading_is_its_decoration() -> None:
    def row(text: str, y: float, size: float) -> Row:
        return Row(text, "", Box(100.0, y, 300.0, y + size), size, size > 12, False, "", 0)

    rows = [row("Groups and Activities", 100.0, 15.0), row("Stout footwear is essential.", 140.0, 10.0)]
    rows += [row(f"Members can join any of our groups, line {k}", 160.0 + 14 * k, 10.0) for k in range(3)]
    marks = (Box(88.0, 104.0, 95.0, 111.0), Box(92.0, 143.0, 96.0, 147.0))
    drawn_bullets(rows, marks)
    assert [r.text[:2] for r in rows[:2]] == ["Gr", "• "]
