"""Lists side by side in columns under headings, their bullets drawn as art and their items
wrapped to two or three lines, are no table: a column's lines are items (a bullet drawn just
left of the first line) and the lines wrapped under them."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.list_runs import listed_columns

RUN = Box(60.0, 105.0, 535.0, 260.0)


def _column(x: float, heading: str, items: list[list[str]]) -> tuple[list[TextLine], list[Box]]:
    lines = [TextLine(text=heading, bbox=Box(x - 10, 108.5, x + 60, 119.0), font_size=11.0)]
    marks = []
    y = 122.2
    for item in items:
        marks.append(Box(x - 9.8, y + 1.4, x - 4.7, y + 6.5))
        for text in item:
            lines.append(TextLine(text=text, bbox=Box(x, y, x + 5.0 * len(text), y + 8.8), font_size=9.2))
            y += 12.2
    return lines, marks


def _page() -> tuple[list[TextLine], list[Box]]:
    lines, marks = [], []
    for x, heading, items in (
        (73.0, "What to Bring", [["This leaflet and your", "appointment letter."], ["A dressing gown."]]),
        (
            235.7,
            "Sedation",
            [["Most people have a sedative", "injection to help them relax."], ["Gas and air", "instead."]],
        ),
        (
            398.0,
            "After the Test",
            [["You will rest in the recovery", "area for about an hour."], ["Your GP will", "be told."]],
        ),
    ):
        more_lines, more_marks = _column(x, heading, items)
        lines += more_lines
        marks += more_marks
    return lines, marks


def test_lists_with_drawn_bullets_in_columns_are_no_table() -> None:
    lines, marks = _page()
    assert listed_columns(RUN, lines, marks)
    assert not listed_columns(RUN, lines)  # no bullets seen: labels and text, maybe a table
