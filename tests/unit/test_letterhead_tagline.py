"""A letterhead's line of what the sender is, in italic right under its name (``Craft bread and
cakes for cafés, shops and restaurants``), is one of its particulars, not a heading: the name
stays the sender's and takes no heading level, so the title under the letterhead is the
document's first heading. And a heading over a form's fields (``Business name:`` over
``Contact name: Position:`` over ``Delivery address:``) heads them. Before, the title read as a
second-level heading, and the form's heading as a bold paragraph."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from tests.unit.test_structure import LOREM, ln, markdown, page


def _italic(text: str, y: float, size: float) -> TextLine:
    return TextLine(text, Box(72.0, y, 72.0 + 0.45 * size * len(text), y + size), size, False, False, "", True)


def _section(title: str, y: float) -> list[TextLine]:
    return [ln(title, y, size=13.0, bold=True), *(ln(t, y + 22 + 14 * k) for k, t in enumerate(LOREM))]


def test_the_title_under_a_letterhead_with_a_tagline_is_the_first_heading() -> None:
    lines = [
        ln("Millstone Bakery", 40, size=22.0, bold=True),
        _italic("Craft bread and cakes for cafés, shops and restaurants", 66, 10.0),
        ln("Unit 6, Tannery Yard, Frome, Somerset BA11 1RE · 01373 455 902", 80, size=8.5),
        ln("Wholesale Price List, Spring 2025", 120, size=17.0, bold=True),
        *(ln(t, 146 + 14 * k) for k, t in enumerate(LOREM)),
        *_section("Bread and rolls", 210),
        *_section("Delivery", 300),
    ]
    body = markdown([page(lines)])[0]
    assert "\n# Wholesale Price List, Spring 2025\n" in body, body
    assert "\n## Bread and rolls\n" in body and "\n## Delivery\n" in body, body
    assert "# Millstone Bakery" not in body, body


def test_a_heading_over_a_form_s_fields_is_a_heading() -> None:
    lines = [
        *_section("Ordering", 80),
        *_section("Delivery", 170),
        ln("Trade account application", 260, size=13.0, bold=True),
        ln("Business name:", 286),
        ln("Contact name: Position:", 306),
        ln("Delivery address:", 326),
        ln("Telephone: Email:", 346),
    ]
    body = markdown([page(lines)])[0]
    assert "# Trade account application\n\nBusiness name:" in body, body
