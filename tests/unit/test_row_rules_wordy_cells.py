"""A table ruled between its rows whose cells are wordy (a symptom in a sentence beside what to
do, in one), each cell a line or two, is a table, not a page's two columns of running text; and
the paragraph between a section heading's rule and the table's top rule, as wide, is no row."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.row_rules import row_rule_regions
from pdfcore.services.ruled_grids import rule_groups

ROWS = (
    (
        ("A small amount of blood from your bottom,", "for a day or two"),
        "This is normal if polyps were removed. No action is needed",
    ),
    (("Tummy pain that gets worse, or a swollen,", "hard tummy"), "Call the Endoscopy Unit, or NHS 111 out of hours"),
    (("Bleeding of more than a few tablespoons, or", "clots"), "Go to your nearest emergency department now"),
    (("A temperature of 38°C or more, or shivering",), "Call the Endoscopy Unit, or NHS 111 out of hours"),
)
PARAGRAPH = (
    "Most people feel back to normal by the next day. You may feel bloated and pass a lot of wind for a few",
    "hours, because air is used to open up the bowel during the test. Start eating normally straight away,",
    "and drink plenty of fluids for the rest of the day.",
)


def _regions(paragraph: bool) -> list[Box]:
    ys = [364.0, 416.0, 431.0, 458.0, 485.0, 512.0, 527.0]
    rules = [Box(61.0, y, 534.0, y + 1.0) for y in (ys if paragraph else ys[1:])]
    lines = [TextLine(text="If you notice", bbox=Box(69, 421, 121, 430), font_size=9.0)]
    lines.append(TextLine(text="What to do", bbox=Box(273, 421, 318, 430), font_size=9.0))
    for k, (left, right) in enumerate(ROWS):
        top = ys[2 + k] + 5
        for j, text in enumerate(left):
            lines.append(TextLine(text=text, bbox=Box(69, top + 12 * j, 255, top + 12 * j + 8.6), font_size=9.0))
        lines.append(TextLine(text=right, bbox=Box(273, top, 516, top + 8.6), font_size=9.0))
    if paragraph:
        for j, text in enumerate(PARAGRAPH):
            lines.append(
                TextLine(text=text, bbox=Box(62, 372 + 13 * j, 532 if j < 2 else 280, 381 + 13 * j), font_size=9.8)
            )
    return row_rule_regions(rules, rule_groups(rules), lines, [])


def test_wordy_cells_of_a_line_or_two_make_a_table() -> None:
    (region,) = _regions(paragraph=False)
    assert region.y0 <= 417 and region.y1 >= 526


def test_the_paragraph_over_the_table_s_top_rule_is_no_row() -> None:
    (region,) = _regions(paragraph=True)
    assert 410 <= region.y0 <= 417
