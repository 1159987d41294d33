"""A row opening with the next marker of the numbering its unit opened with starts an item: it is
no running text wrapped before a letter or a number."""

from __future__ import annotations

from tests.unit.test_structure import LEFT, RIGHT, ln, markdown, page


def test_the_next_roman_numeral_under_the_wider_row_opens_an_item() -> None:
    """Two items of a row each, numbered (i) and (ii) and nested under an item, the first the
    wider: its row reaches the block's right edge (the widest row's end) as running text wrapped
    there would, but "(ii)" goes on the numbering the first opened with, so it is an item."""
    lines = [
        ln("(d) “Service Levels” means the performance standards described in clause 3.2, including:", 100, x1=RIGHT),
        ln("(i) the monthly availability target of 99.9% for the hosting platform; and", 121, x=LEFT + 34, x1=455),
        ln("(ii) the response times for support requests classified by severity.", 137, x=LEFT + 31, x1=412),
        ln("Clause headings do not affect the interpretation of this Agreement in any way.", 163, x1=RIGHT),
    ]
    (md,) = markdown([page(lines)])
    assert "- (i) the monthly availability target of 99.9% for the hosting platform; and\n" in md
    assert "- (ii) the response times for support requests classified by severity." in md
