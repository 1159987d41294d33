"""A document's one subsection heading, bold and a point larger than its body, under sections
whose headings are larger: a heading level of its own, though some bold lines set smaller than
the body (a table's column headings read as text) look like headings too. Before, those smaller
bold lines, learnt as the lowest level, kept the lone heading from being one."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para

BODY = 9.5


def _lines() -> list:
    return [
        ln("Your Council Tax Explained", 40, size=24, bold=True),
        ln("How Council Tax Works", 80, size=13, bold=True),
        *para(LOREM, 100, size=BODY),
        ln("Bands and Charges", 150, size=13, bold=True),
        ln("Band Value on 1 April 1991", 170, size=9, bold=True),
        *para(LOREM, 184, size=BODY),
        ln("Where Your Money Goes", 234, size=10.5, bold=True),
        *para(LOREM, 252, size=BODY),
        ln("Authority Band D 2026/27", 302, size=9, bold=True),
        *para(LOREM, 316, size=BODY),
        ln("Discounts and Exemptions", 366, size=13, bold=True),
        *para(LOREM, 386, size=BODY),
        ln("Paying Your Bill", 436, size=13, bold=True),
        *para(LOREM, 456, size=BODY),
        ln("Total charge 2,193.81", 506, size=9, bold=True, x=300),
    ]


def test_a_lone_larger_bold_heading_is_a_level_below_the_sections() -> None:
    (md,) = markdown([page(_lines())])
    assert "\n\n### Where Your Money Goes\n\n" in md, md
    assert "## Bands and Charges" in md, md
