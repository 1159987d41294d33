"""A page of tables and a list with a few lines of text between them: its only text of several
rows is the list, set in from the margin, so the running text's column starts there; headings
at the page's margin, where the lines of text between the tables start, are headings. Before,
they stood left of the page's one column: labels inside a drawing, and their style, set twice
in the document, was learnt from one heading only and dropped."""

from __future__ import annotations

from tests.unit.test_structure import ln, markdown, page

SIZE = 10.5


def _page() -> list[str]:
    lines = [
        ln("Combustion Readings", 100, x=60, size=SIZE, bold=True),
        ln("All readings are within the manufacturer's limits on the day.", 118, x=60, x1=330),
        ln("Parts and Charges", 150, x=60, size=SIZE, bold=True),
        ln("Payment was taken by card on the day of the visit. Thank you.", 168, x=60, x1=320),
        ln("1. Have the external condensate pipe replaced with a 32 mm insulated pipe before", 190, x=68, x1=520),
        ln("the winter. A frozen pipe will stop the boiler working.", 201, x=88, x1=360),
        ln("2. Fit a carbon monoxide alarm in the kitchen, between one and three metres from", 215, x=68, x1=515),
        ln("the boiler, at head height.", 226, x=88, x1=230),
        ln("Your next service is due by 14 October 2026. We will send you a reminder.", 250, x=60, x1=450),
    ]
    return markdown([page(lines)])


def test_headings_at_the_margin_of_a_page_whose_text_is_a_list_set_in() -> None:
    body = _page()[0]
    assert "\n# Combustion Readings\n" in f"\n{body}", body
    assert "\n\n# Parts and Charges\n\n" in body, body


def test_a_bold_line_left_of_a_list_with_no_text_at_its_margin_stays_text() -> None:
    """Text at the margin only once (the page's one line there): no margin the page sets text
    at, and a bold line there over the list is no heading of it."""
    lines = [
        ln("Readings", 100, x=20, size=SIZE, bold=True),
        ln("All readings are within the manufacturer's limits on the day.", 118, x=20, x1=290),
        ln("1. Have the external condensate pipe replaced with a 32 mm insulated pipe before", 190, x=68, x1=520),
        ln("the winter. A frozen pipe will stop the boiler working.", 201, x=88, x1=360),
        ln("2. Fit a carbon monoxide alarm in the kitchen, between one and three metres from", 215, x=68, x1=515),
        ln("the boiler, at head height.", 226, x=88, x1=230),
    ]
    body = markdown([page(lines)])[0]
    assert "# Readings" not in body, body
