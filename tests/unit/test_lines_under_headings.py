"""A line of particulars (figures or a comma in it) at the body's size, set apart by italics only,
that stands right under each of several headings (a play's dates and venue under its title) is
text under the heading, not a heading of a level of its own: no section would ever open with
text under it. Italic headings at the body's size that stand over text after text are headings
(and titles so set right under each headline: see test_bylines)."""

from __future__ import annotations

import attrs

from tests.unit.test_structure import BODY, LOREM, ln, markdown, page, para


def italic(text: str, y: float) -> object:
    return attrs.evolve(ln(text, y), italic=True)


def test_a_dates_line_under_each_show_title_is_text() -> None:
    lines = [
        ln("The Lantern Theatre", 40, size=22, bold=True),
        ln("The Importance of Being Earnest", 104, size=11, bold=True),
        italic("18-27 September, Main House", 120),
        *para(LOREM[:2], 134),
        ln("Low Tide", 170, size=11, bold=True),
        italic("9-11 October, Studio", 186),
        *para(LOREM[:2], 200),
        ln("The Long Room", 236, size=11, bold=True),
        italic("13-22 November, Studio", 252),
        *para(LOREM[:2], 266),
    ]
    body = markdown([page(lines)])[0]  # type: ignore[list-item]
    heads = [b for b in body.split("\n\n") if b.startswith("#")]
    assert heads == [
        "# The Lantern Theatre",
        "## The Importance of Being Earnest",
        "## Low Tide",
        "## The Long Room",
    ], body
    assert "\n\n*18-27 September, Main House*\n\n" in body, body


def test_italic_headings_over_text_after_text_are_headings() -> None:
    """One of them right under a heading, the others after text: headings all."""
    step = 4 * 1.2 * BODY
    lines = [
        ln("Methods", 40, size=13, bold=True),
        *para(LOREM, 60),
        italic("Participants", 60 + step),
        *para(LOREM, 74 + step),
        ln("Results", 74 + 2 * step, size=13, bold=True),
        italic("Measures", 94 + 2 * step),
        *para(LOREM, 108 + 2 * step),
        italic("Outcomes", 108 + 3 * step),
        *para(LOREM, 122 + 3 * step),
    ]
    body = markdown([page(lines)])[0]  # type: ignore[list-item]
    heads = [b for b in body.split("\n\n") if b.startswith("#")]
    assert heads == ["# Methods", "## Participants", "# Results", "## Measures", "## Outcomes"], body
