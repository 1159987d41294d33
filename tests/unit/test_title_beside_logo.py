"""The first page's title, set in beside a logo (so lining up with no column of the page), the
first and largest text on the page: the document's heading. Before, it was read as bold text."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _md(title_size: float) -> str:
    lines = [
        ln("Lesson Prices and Terms of Business", 40, x=150, size=title_size, bold=True),
        ln("Clearway School of Motoring, manual and automatic tuition", 70, x=150, size=10),
        *para(LOREM, 100),
        ln("Booking Lessons", 160, size=13, bold=True),
        *para(LOREM, 180),
        ln("Paying for Lessons", 240, size=13, bold=True),
        *para(LOREM, 260),
    ]
    (md,) = markdown([page(lines)])
    return md


def test_a_title_set_in_beside_a_logo_is_the_pages_heading() -> None:
    md = _md(25.0)
    assert md.startswith("# Lesson Prices and Terms of Business\n"), md


def test_the_headings_under_a_title_set_beside_a_logo_are_a_level_below_it() -> None:
    # (the title's style is learnt as the document's most prominent: its sections' headings,
    # learnt as the next style, were read at the title's level)
    md = _md(25.0)
    assert "\n## Booking Lessons\n" in md and "\n## Paying for Lessons\n" in md, md


def test_a_first_line_not_much_larger_than_the_text_is_no_title_by_its_size_alone() -> None:
    md = _md(12.0)
    assert "# Lesson Prices" not in md, md
