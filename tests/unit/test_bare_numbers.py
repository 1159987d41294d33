"""Items numbered without a stop (``1 Register your child ...``, the numbers set on drawn
circles): three paragraphs or more opening with 1, 2, 3 in turn at the body's size are a
numbered list; notes set smaller, or two such paragraphs alone, are not."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para

STEPS = [
    "1 Register your child by completing our registration form and paying the fee.",
    "2 Agree your regular sessions with the nursery manager.",
    "3 Pay your fees monthly in advance, by direct debit or bank transfer.",
    "4 Give us at least one month's notice in writing if you want to leave.",
]


def _md(steps: list[str], size: float = 10.0) -> str:
    lines = [ln("Booking and Payment", 50, size=16, bold=True), *para(LOREM, 72), *para(LOREM, 112)]
    lines += [ln(text, 160 + 20 * k, size=size) for k, text in enumerate(steps)]
    (md,) = markdown([page(lines)])
    return md


def test_paragraphs_numbered_one_two_three_without_stops_are_a_numbered_list() -> None:
    md = _md(STEPS)
    assert "\n1. Register your child" in md and "\n2. Agree your regular" in md and "\n4. Give us" in md, md


def test_two_such_paragraphs_or_notes_set_smaller_stay_paragraphs() -> None:
    assert "1. Register" not in _md(STEPS[:2]), _md(STEPS[:2])
    assert "1. Register" not in _md(STEPS, size=7.0), _md(STEPS, size=7.0)
