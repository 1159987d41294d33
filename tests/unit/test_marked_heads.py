"""Headings led by a decorative mark (``► Booking Lessons`` in bold, set larger than the
paragraph under it), two on the page at least: headings one level under the page's heading,
not list items. Bold items of a list, each followed by the next, stay a list."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _md(heads: list[str], text: bool = True) -> str:
    lines = [ln("Terms of Business", 40, size=16, bold=True)]
    y = 70.0
    for head in heads:
        lines.append(ln(f"\u25ba {head}", y, size=10.5, bold=True))
        y += 16
        if text:
            lines += para(LOREM, y, size=9.0)
            y += 50
    (md,) = markdown([page(lines)])
    return md


def test_bold_headings_led_by_a_mark_over_their_paragraphs_are_headings() -> None:
    md = _md(["Booking Lessons", "Paying for Lessons", "Refunds"])
    assert "\n## Booking Lessons\n" in md and "\n## Refunds\n" in md, md
    assert "- **Booking" not in md, md


def test_bold_items_one_after_another_stay_a_list() -> None:
    md = _md(["Booking Lessons", "Paying for Lessons", "Refunds"], text=False)
    assert "## Booking Lessons" not in md, md
