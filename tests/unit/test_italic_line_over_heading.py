"""A line set apart by italics alone right over a bold heading as large, nothing between them
(the last word of a letter's signature, "Whitworth", wrapped onto a line of its own right over
the next section's heading) is no heading: headings grow no larger down a page."""

from __future__ import annotations

from attrs import evolve

from pdfcore.models import TextLine
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _italic(text: str, y: float) -> TextLine:
    return evolve(ln(text, y), italic=True)


def test_an_italic_line_right_over_a_bold_heading_is_no_heading() -> None:
    lines = [
        ln("From the Vicarage", 50, size=11, bold=True),
        *para(LOREM, 66),
        _italic("Opening Hours", 110),
        *para(LOREM, 126),
        _italic("Route and Costs", 170),
        *para(LOREM, 186),
        _italic("With every blessing, Reverend Claire", 230),
        evolve(ln("Whitworth", 243, x=283.5), italic=True),  # centred in the column
        ln("Church Services and Events in the Three Parishes in May", 260, size=11, bold=True),
        *para(LOREM, 276),
        _italic("How to Apply", 320),
        *para(LOREM, 336),
    ]
    (md,) = markdown([page(lines)])
    assert "# Opening Hours" in md and "# Church Services and Events" in md
    assert "# Whitworth" not in md
