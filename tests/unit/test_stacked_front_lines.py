"""Lines of one style stacked under a paper's title (its subtitle over its version and date, in
italics a little larger than the text) are no heading style: a heading stands over text of
another style, not over a line of its own. Before, the subtitle was learnt as a heading of
its own level, which pushed every heading of a lower level one level down."""

from __future__ import annotations

import attrs

from tests.unit.test_structure import LOREM, ln, markdown, page, para


def italic(text: str, y: float, size: float) -> object:
    return attrs.evolve(ln(text, y, size=size), italic=True)


def test_a_subtitle_over_the_version_line_is_no_heading() -> None:
    lines = [
        ln("Adaptive Tiered Caching for Edge Pipelines", 60, size=21, bold=True),
        italic("A Technical White Paper from the Platform Group", 92, 11),
        italic("Version 1.2, April 2024", 114, 11),
        ln("1 Introduction", 140, size=14, bold=True),
        *para(LOREM, 162),
        ln("1.1 Background", 230, size=12, bold=True),
        *para(LOREM, 250),
        ln("1.2 Scope", 320, size=12, bold=True),
        *para(LOREM, 340),
        ln("2 Design", 410, size=14, bold=True),
        *para(LOREM, 432),
    ]
    body = markdown([page(lines)])[0]  # type: ignore[list-item]
    heads = [b for b in body.split("\n\n") if b.startswith("#")]
    assert heads == [
        "# Adaptive Tiered Caching for Edge Pipelines",
        "## 1 Introduction",
        "### 1.1 Background",
        "### 1.2 Scope",
        "## 2 Design",
    ], body


def test_headings_of_one_style_each_over_its_text_are_headings() -> None:
    lines = [
        ln("Adaptive Tiered Caching for Edge Pipelines", 60, size=21, bold=True),
        italic("Background", 92, 11),
        *para(LOREM[:2], 108),
        italic("Scope", 150, 11),
        *para(LOREM[:2], 166),
    ]
    body = markdown([page(lines)])[0]  # type: ignore[list-item]
    assert "\n\n## Background\n\n" in body and "\n\n## Scope\n\n" in body, body


def test_a_subtitle_flush_with_the_title_in_a_regular_face_is_no_heading() -> None:
    """A title and its subtitle set flush left, the subtitle in a regular face as large as the
    page's section headings, which are bold: the subtitle is text under the title."""
    lines = [
        ln("Northside Tool Library", 48, size=21, bold=True),
        ln("Membership and Lending Terms", 78, size=13),
        *para(LOREM, 112),
        ln("Membership", 180, size=13, bold=True),
        *para(LOREM, 200),
        ln("Borrowing Tools", 270, size=13, bold=True),
        *para(LOREM, 290),
    ]
    body = markdown([page(lines)])[0]  # type: ignore[list-item]
    blocks = body.split("\n\n")
    assert "Membership and Lending Terms" in blocks, body
    assert [b for b in blocks if b.startswith("#")] == [
        "# Northside Tool Library",
        "## Membership",
        "## Borrowing Tools",
    ]


def test_a_first_article_heading_set_as_the_others_stays_a_heading() -> None:
    """A newsletter's first article's heading right under the title, flush with it, set as
    every other article's heading (a regular face): a heading."""
    lines = [
        ln("Riverside Residents News", 48, size=21, bold=True),
        ln("Road resurfacing starts in May", 80, size=13),
        *para(LOREM, 100),
        ln("Allotment waiting list reopens", 170, size=13),
        *para(LOREM, 190),
    ]
    body = markdown([page(lines)])[0]  # type: ignore[list-item]
    heads = [b for b in body.split("\n\n") if b.startswith("#")]
    assert "## Road resurfacing starts in May" in heads, body


def test_a_subtitle_over_a_first_page_without_headings_is_no_heading() -> None:
    """A subtitle flush with the title, in a regular face, where the first page holds no heading
    under it (a table fills it) and the document's section headings, as large and bold, come on
    the next page: text too (before, a heading of the third level)."""
    first = [
        ln("The Copper Kettle Cafe", 54, size=22, bold=True),
        ln("Allergen Information for Our Menu, updated 1 September 2025", 80, size=13),
        *para(LOREM[:2], 105, size=9.5),
        ln("Table 1. Allergens contained in each dish", 135, size=9),
    ]
    second = [
        ln("Please Note", 141, size=13, bold=True),
        *para(LOREM, 160, size=9.5),
        ln("If You Have a Reaction", 246, size=13, bold=True),
        *para(LOREM, 266, size=9.5),
    ]
    body = markdown([page(first), page(second, index=1)])
    assert [b for b in body[0].split("\n\n") if b.startswith("#")] == ["# The Copper Kettle Cafe"], body[0]
    assert [b for b in body[1].split("\n\n") if b.startswith("#")] == ["## Please Note", "## If You Have a Reaction"]


def test_a_subtitle_larger_than_the_bold_section_headings_is_no_heading() -> None:
    """A subtitle flush with the title, regular, larger than the document's numbered bold
    section headings, its style found nowhere else: text (before, a heading of the second
    level)."""
    lines = [
        ln("Brightwater Community Energy", 65, size=25, bold=True),
        ln("Annual Report to Members, 2024/25", 94, size=14.3),
        ln("1 Chair's Report", 129, size=12, bold=True),
        *para(LOREM, 150),
        ln("2 Generation", 220, size=12, bold=True),
        *para(LOREM, 240),
    ]
    body = markdown([page(lines)])[0]  # type: ignore[list-item]
    heads = [b for b in body.split("\n\n") if b.startswith("#")]
    assert heads == ["# Brightwater Community Energy", "## 1 Chair's Report", "## 2 Generation"], body
