"""A quotation set apart in a larger face between a document's sections (a pull quote, its
speakers on a line under it): a sentence in quotation marks, its stop inside them, is text, not
a heading. Before, it read as a heading of the second level."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para

QUOTE = "\u201cWe could not have asked for a more beautiful day, and the team thought of everything.\u201d"


def _body(quote: str) -> str:
    lines = [
        ln("Hollins Barn Weddings", 40, size=24, bold=True),
        ln("Welcome", 80, size=14, bold=True),
        *para(LOREM, 100),
        ln(quote, 150, x=120, x1=500, size=13),
        ln("Amy and Tom, married in June 2025", 168, x=240, x1=380, size=9),
        ln("Venue Hire", 200, size=14, bold=True),
        *para(LOREM, 220),
    ]
    (md,) = markdown([page(lines)])
    return md


def test_a_sentence_in_quotation_marks_set_apart_is_no_heading() -> None:
    md = _body(QUOTE)
    assert not any(b.startswith("#") and "beautiful day" in b for b in md.split("\n\n")), md
    assert "## Welcome" in md and "## Venue Hire" in md, md


def test_a_title_with_a_quoted_word_stays_a_heading() -> None:
    """Quotation marks inside a heading, or round a title with no stop inside them: a heading."""
    md = _body("The \u201cGreen Room\u201d and the Orchard")
    assert any(b.startswith("#") and "Green Room" in b for b in md.split("\n\n")), md
