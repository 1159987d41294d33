"""A note at a page's foot whose text wraps hung under its first word, past the note's number
(``1 Distances are measured ... for the home.`` over ``Where two children ...`` set in under
``Distances``), is one paragraph: the row set in is no paragraph's first-line indent."""

from __future__ import annotations

from tests.unit.test_structure import ln, markdown, page

FIRST = "1 Distances are measured by the council's mapping system, using the address point for the home."


def _rows(x: float) -> list[str]:
    lines = [
        ln(FIRST, 700, x=69.1, size=8.0, x1=535.0),
        ln("Where two children live the same distance away, a place is given by drawing lots.", 709.6, x=x, size=8.0),
    ]
    (md,) = markdown([page(lines)])
    return [r for r in md.split("\n") if r]


def test_a_note_s_text_hung_under_its_first_word_is_one_paragraph() -> None:
    assert len(_rows(69.1 + (535.0 - 69.1) / len(FIRST) * 2)) == 1


def test_a_paragraph_set_in_further_is_another() -> None:
    assert len(_rows(69.1 + 24.0)) == 2


def test_a_paragraph_s_last_row_opening_with_a_figure_hangs_nothing() -> None:
    lines = [
        ln(
            "The number of positive comments made increased across all three conditions from",
            700,
            x=69.1,
            size=8.0,
            x1=535.0,
        ),
        ln(
            "20 per cent at Site A to 48.4 per cent at Site B and even 108 per cent at Site C.",
            709.6,
            x=69.1,
            size=8.0,
            x1=400.0,
        ),
        ln("However, the most striking difference across conditions and time was the fall.", 719.2, x=77.5, size=8.0),
    ]
    (md,) = markdown([page(lines)])
    assert len([r for r in md.split("\n") if r]) == 2
