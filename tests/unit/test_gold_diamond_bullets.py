"""A list's bullets drawn as diamonds in gold (a bright colour, its luminance over the dark
marks' but its channels far apart: no pale tint), alike, drawn twice or more: bullets, each
the square of as much ink as its diamond (a diamond of 7.4 points a side of its box is a
square of 5.2: a bullet's size beside text of 10 points). A pale tint's shapes stay none."""

from __future__ import annotations

import math

from adapters._pdfium_drawings import bullet_marks
from adapters._pdfium_objects import FillRun
from pdfcore.models import Box
from pdfcore.structure.drawn_bullets import drawn_bullets
from pdfcore.structure.rows import Row

GOLD = (247, 168, 27, 255)
TINT = (255, 247, 228, 255)


def _diamond(y: float, color: tuple[int, int, int, int] = GOLD) -> FillRun:
    return FillRun(0, Box(58.46, y, 65.83, y + 7.37), color, None, coverage=0.5)


def test_gold_diamonds_alike_are_bullets_the_size_of_their_ink() -> None:
    marks = bullet_marks([_diamond(95.17), _diamond(110.48)], 595.0, 842.0)
    assert [round(m.y0 + m.y1, 1) for m in marks] == [round(2 * 95.17 + 7.37, 1), round(2 * 110.48 + 7.37, 1)]
    assert all(math.isclose(m.x1 - m.x0, 7.37 / math.sqrt(2), abs_tol=0.02) for m in marks)
    rows = [
        Row("food and drink of any kind", "", Box(75.0, 95.0, 415.0, 104.0), 10.0, False, False, "", 0),
        Row("live animals, including fish", "", Box(76.0, 110.0, 262.0, 119.0), 10.0, False, False, "", 0),
    ]
    drawn_bullets(rows, marks)
    assert [r.text[:2] for r in rows] == ["• ", "• "]


def test_shapes_in_a_pale_tint_are_no_bullets() -> None:
    assert bullet_marks([_diamond(95.17, TINT), _diamond(110.48, TINT)], 595.0, 842.0) == ()
