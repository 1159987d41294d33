"""One printed row the layout cut into two blocks (a footnote drawn right after its mark, a
superscript after a word with no ascender) reads as one row of one paragraph."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from tests.unit.test_structure import BODY, LEFT, RIGHT, ln, markdown, page

NOTE = 8.0


def piece(text: str, x0: float, y0: float, x1: float, y1: float, size: float = BODY) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y1), size, False, False, "")


def test_a_footnote_drawn_after_its_mark_does_not_cut_the_paragraph() -> None:
    """The content stream draws the note at the foot of the page right after the mark: the
    sentence goes on, on the mark's row, after it."""
    lines = [
        ln("Requirements come from the standards listed in the section above, and NIST", 100, x1=RIGHT),
        ln("recommends the use of four existing router standards", 112, x1=340.0),
        piece("1", 340.0, 111.0, 343.0, 117.0, size=5.0),
        ln("1 These standards primarily focused on technical capabilities for router devices, while", 700, size=NOTE),
        ln("the others focused on cybersecurity requirements alone.", 710, size=NOTE),
        ln("(i.e., items 1 through 4 in the list above), each for a part of", 112, x=346.0, x1=RIGHT),
        ln("the router. Few requirements from the different standards repeat.", 124),
    ]
    (md,) = markdown([page(lines)])
    body, note = md.split("\n\n")
    assert body == (
        "Requirements come from the standards listed in the section above, and NIST recommends the use of"
        " four existing router standards1 (i.e., items 1 through 4 in the list above), each for a part of the"
        " router. Few requirements from the different standards repeat."
    )
    assert note.startswith("1 These standards")


def test_the_rest_of_a_row_after_a_superscript_joins_the_word_it_follows() -> None:
    """``x`` has no ascender: its box stands lower than the rest of its row, which the raised
    ``2`` lifts."""
    lines = [
        piece("x", LEFT, 104.5, LEFT + 5.4, 109.4),
        piece("2 = 9 means", LEFT + 6.3, 100.0, LEFT + 63.6, 109.5),
        piece("x ∈ {3, −3}.", LEFT + 68.0, 101.1, LEFT + 124.5, 112.0),
    ]
    (md,) = markdown([page(lines)])
    assert md == "x 2 = 9 means x ∈ {3, −3}."


def test_a_row_beside_further_than_a_word_space_stays_apart() -> None:
    """A label and its answer (two cells of a table) read after a note stand on one row further
    apart than a word space: two blocks still."""
    lines = [
        ln("Name of the applicant", 100, x1=200.0),
        ln("1 As printed on the passport of the applicant, with each of the given names", 700, size=NOTE),
        ln("in full.", 710, size=NOTE),
        ln("Jane Doe", 100, x=240.0, x1=290.0),
    ]
    (md,) = markdown([page(lines)])
    blocks = md.split("\n\n")
    assert "Name of the applicant" in blocks and "Jane Doe" in blocks
