"""A letterhead's lines of contact details stand as lines of their own: a line holding a postal
code, a telephone number or an e-mail address under a line it or that line parts with middle
dots. Before, they ran together into
one paragraph (``Gas Safe registered engineers · Boiler servicing, repairs and installations
22 Mill Road, Ludlow ...``). Rows of a paragraph that only mention an address run on."""

from __future__ import annotations

from pdfcore.models import TextLine
from tests.unit.test_structure import LOREM, ln, markdown, page


def _letterhead(second: TextLine) -> list[TextLine]:
    return [
        ln("Hearth & Flue Heating Services", 40, size=20.0, bold=True),
        second,
        ln("22 Mill Road, Ludlow, Shropshire SY8 1BB · 01584 872 660", 76, size=8.5, x1=330),
        ln("Annual Boiler Service Report", 110, size=17.0, bold=True),
        *(ln(t, 136 + 14 * k) for k, t in enumerate(LOREM)),
    ]


def test_a_contact_line_under_a_dotted_line_is_a_line_of_its_own() -> None:
    second = ln("Gas Safe registered engineers · Boiler servicing, repairs and installations", 64, size=8.5, x1=330)
    body = markdown([page(_letterhead(second))])[0]
    assert (
        "Gas Safe registered engineers · Boiler servicing, repairs and installations\n\n"
        "22 Mill Road, Ludlow, Shropshire SY8 1BB · 01584 872 660"
    ) in body, body


def test_a_paragraph_s_row_with_an_address_runs_on() -> None:
    lines = [
        ln("Please send the completed form by post or by hand to our office at the address below", 80),
        ln("22 Mill Road, Ludlow, Shropshire SY8 1BB, or by e-mail, before the end of the month.", 94),
    ]
    body = markdown([page(lines)])[0]
    assert "address below 22 Mill Road" in body, body
