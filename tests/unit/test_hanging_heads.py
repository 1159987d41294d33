"""A description list whose terms are bold at the start of each item (their weight lost: a line
has one) is known by its hanging indent; its first item, one row, does not hang, and closes on a
semicolon as the others do: it is the list's first item, not a paragraph over it."""

from __future__ import annotations

from pdfcore.models import TextLine
from tests.unit.test_structure import LEFT, RIGHT, ln, markdown, page

HANG = LEFT + 20.0


def _lines(first: str) -> list[TextLine]:
    return [
        ln("We use ticket counts for three years. Three kinds of traveller are distinguished:", 100, x1=RIGHT),
        ln(first, 121, x1=420),
        ln("Visitors who buy single tickets, mostly between the months of May", 142, x1=RIGHT),
        ln("and September;", 154, x=HANG, x1=160),
        ln("Freight drivers, counted by the vehicle rather than by the person", 175, x1=RIGHT),
        ln("who drives it.", 187, x=HANG, x1=150),
    ]


def test_the_first_item_of_one_row_joins_the_hanging_list() -> None:
    (md,) = markdown([page(_lines("Residents who hold a season pass and travel all year;"))])
    assert "\n- Residents who hold a season pass and travel all year;\n- Visitors who buy" in md


def test_a_row_closing_its_sentence_stays_a_paragraph() -> None:
    """The same row closing on a period: a paragraph may, so nothing tells an item."""
    (md,) = markdown([page(_lines("Residents who hold a season pass travel all year."))])
    assert "- Residents" not in md
    assert "- Visitors who buy" in md
