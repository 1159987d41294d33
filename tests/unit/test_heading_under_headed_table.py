"""A section's heading under a table ruled under its header, in the table's first column (under
the first cell's start, ending before the second column starts): a cell's text wrapped onto a
line of its own stands a line height under its row at most; the heading, set apart, is no part
of the table."""

from __future__ import annotations

from pdfcore.models import TextLine
from pdfcore.services.framed_rows import headed_regions
from tests.unit.test_framed_rows import line, rule

FOODS = (
    ("Boiled rice", "Cool within one hour and keep it in the fridge"),
    ("Chicken stock", "Freeze in an ice cube tray for small amounts"),
    ("Cooked pasta", "Freeze only in a sauce, not on its own"),
    ("Mashed potato", "Add a little extra butter or milk when reheating"),
)


def _table() -> tuple[list[TextLine], float]:
    lines = [line("Food", 89, 78, 112), line("Notes", 300, 78, 328)]
    y = 96.0
    for food, note in FOODS:
        lines += [line(food, 89, y, 89 + 5 * len(food)), line(note, 300, y, 300 + 4.5 * len(note))]
        y += 15
    return lines, y - 15 + 9


def test_a_heading_set_apart_under_the_rows_is_not_the_tables() -> None:
    lines, bottom = _table()
    rules = [rule(85, 530, 90)]
    heading = line("Nutrition per Serving", 89, bottom + 20, 250, h=14.0)
    (region,) = headed_regions(rules, [*lines, heading], [])
    assert region.y1 < heading.bbox.y0
    wrapped = line("before it goes cold", 300, bottom + 3, 390)
    (region,) = headed_regions(rules, [*lines, wrapped], [])
    assert region.y1 >= wrapped.bbox.y1
