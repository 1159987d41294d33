"""A line of three sentences or more ending with a stop is no heading, whatever sets it apart
(a meeting's date, time and place under its title, over a rule under it read as its underline).
Before, such a line underlined by the rule under a title's block read as a heading."""

from __future__ import annotations

import attrs

from pdfcore.structure.rows import page_rows
from pdfcore.structure.style import NO_STYLE, heading_candidate
from pdfcore.structure.unit import Unit
from pdfcore.structure.units import split_units
from tests.unit.test_structure import ln, page


def _unit(text: str, *, size: float = 12, bold: bool = True, italic: bool = False) -> Unit:
    line = attrs.evolve(ln(text, 100, size=size, bold=bold), italic=italic)
    (u,) = split_units(page_rows(page([line])), True, None)
    return u


def test_three_sentences_are_no_heading() -> None:
    text = "Date: Tuesday 9 April 2024. Time: 7:00 pm to 8:45 pm. Location: Riverside Library."
    assert not heading_candidate(_unit(text), text, attrs.evolve(NO_STYLE, body_size=10.0))


def test_a_heading_with_a_stop_or_initials_may_still_be_one() -> None:
    style = attrs.evolve(NO_STYLE, body_size=10.0)
    for text in ("2.1. Scope of the U.S. Review.", "Dr. J. Smith Memorial Lecture", "Results."):
        assert heading_candidate(_unit(text), text, style), text


def test_two_sentences_set_off_by_italics_alone_are_no_heading() -> None:
    """A painting's credit under its title, in italics at the body's size: a note, not a heading
    (a catalogue's every credit had read as a fifth-level heading)."""
    style = attrs.evolve(NO_STYLE, body_size=10.0)
    credit = "Oil on canvas, 173 x 223 cm. Lent by the Skagens Museum."
    assert not heading_candidate(_unit(credit, size=10, bold=False, italic=True), credit, style)
    # one sentence in italics may be a heading, and so may two set bold or larger
    title = "Light and the Blue Hour"
    assert heading_candidate(_unit(title, size=10, bold=False, italic=True), title, style)
    assert heading_candidate(_unit(credit, size=10, bold=True), credit, style)
    assert heading_candidate(_unit(credit, size=14, bold=False, italic=True), credit, style)
