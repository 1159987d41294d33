"""An agreement typeset as LaTeX sets one at 11 pt: each clause's number and title in
``\\large`` (12 pt, not bold, at the margin) over its numbered sub-clauses, set in a little
and standing 2.2 em under it. The clause titles are headings on every page: on the first,
under a paragraph at the margin; on the second, whose only text at the margin is the titles
themselves. Before, a line of 12 pt over 11 pt was not prominent (12 % larger needed) and the
titles read as the items of a list, the sub-clauses nested under them."""

from __future__ import annotations

from pdfcore.models import TextLine
from tests.unit.test_structure import LEFT, LOREM, RIGHT, facts, ln, markdown, page, para

BODY = 10.95
ITEM = LEFT + 13.0


def _clause(number: int, title: str, y: float, *, size: float = 11.96) -> tuple[list[TextLine], float]:
    lines = [ln(f"{number}. {title}" if number else title, y, size=size)]
    y += 38.0  # the title, then 2.2 em of its size to the first sub-clause
    for k in range(1, 4):
        lines.append(
            ln(f"{k}. The Hirer shall keep to the conditions set out in clause {k}", y, x=ITEM, size=BODY, x1=RIGHT)
        )
        lines.append(
            ln("in full, and shall tell the Committee of any breach of them.", y + 13.5, x=ITEM + 13, size=BODY)
        )
        y += 34.0
    return lines, y + 18.0


def _agreement(size: float = 11.96, numbered: bool = True) -> list[str]:
    first: list[TextLine] = [ln("Ashcombe Village Hall", 60, size=17.2, bold=True)]
    first += para(LOREM, 100, size=BODY)
    y = 160.0
    for n, title in enumerate(("Booking and Payment", "Deposit", "Use of the Premises"), start=1):
        got, y = _clause(n if numbered else 0, title, y, size=size)
        first += got
    second: list[TextLine] = []
    y = 80.0
    for n, title in enumerate(("Safety", "Cancellation", "Leaving the Hall"), start=4):
        got, y = _clause(n if numbered else 0, title, y, size=size)
        second += got
    return markdown([page(first), page(second, index=1)], facts(2))


def test_numbered_clause_titles_a_point_larger_are_headings_on_every_page() -> None:
    first, second = _agreement()
    assert "## 1. Booking and Payment" in first and "## 3. Use of the Premises" in first, first
    assert "## 4. Safety" in second and "## 6. Leaving the Hall" in second, second
    assert "\n1. The Hirer shall keep" in first and " 1. The Hirer" not in first, first


def test_unnumbered_titles_a_point_larger_are_not_prominent_by_this() -> None:
    """The same titles without their numbers: 9 % larger than the body is not prominent, as
    before (a standfirst or a pull quote a point larger is no heading)."""
    first, _ = _agreement(numbered=False)
    assert "## Booking and Payment" not in first, first
