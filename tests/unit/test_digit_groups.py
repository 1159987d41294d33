"""A figure whose digits are grouped by spaces is one cell: a telephone number
(``+351 220 555 014``; ``01680 300 392``, its first group opening with a nought), a number
grouped in thousands (``1 234 567``). Before, every group
was a figure of its own, and the groups of numbers set one under the other lined up into
columns: each number read as four cells. Figures set a space apart that are no such groups
stay apart (``75.12 66.67``, ``2019 2018``, ``1204 1187``), and so do groups set wider apart
than a space (a scale's marks)."""

from __future__ import annotations

import pytest

from adapters._table_glyphs import Glyph, build_lines

SIZE = 9.0
ADVANCE = 4.5
SPACE = 2.5


def _cells(text: str, space: float = SPACE) -> list[str]:
    """The cells of one line of ``text``, its spaces ``space`` wide (a word space: 0.28 em)."""
    glyphs, x = [], 0.0
    for ch in text:
        step = space if ch == " " else ADVANCE
        glyphs.append(Glyph(x, 0.0, x + step, SIZE, ch, SIZE))
        x += step
    (line,) = build_lines(glyphs)
    return [s.text for s in line.segments]


@pytest.mark.parametrize(
    "number",
    [
        "+351 220 555 014",
        "1 234 567",
        "(020) 555 014",
        "112",
        "01680 300 392",
        "020 7946 0958",
        "+44 20 7946 0958",
        "(0131) 496 0000",
    ],
)
def test_digits_grouped_by_spaces_are_one_figure(number: str) -> None:
    assert _cells(number) == [number]


@pytest.mark.parametrize(
    ("text", "cells"),
    [
        ("75.12 66.67", ["75.12", "66.67"]),
        ("2019 2018", ["2019", "2018"]),
        ("1204 1187", ["1204", "1187"]),
        ("12.5 400", ["12.5", "400"]),
        ("1,204 345", ["1,204", "345"]),
    ],
)
def test_figures_a_space_apart_that_are_no_groups_stay_apart(text: str, cells: list[str]) -> None:
    assert _cells(text) == cells


def test_groups_set_wider_apart_than_a_space_are_two_figures() -> None:
    assert _cells("150 125", space=6.0) == ["150", "125"]
    assert _cells("0615 0645 0715", space=6.0) == ["0615", "0645", "0715"]


def test_a_number_after_words_in_its_cell_is_read_whole() -> None:
    assert _cells("Tel 01680 300 392", space=2.5) == ["Tel 01680 300 392"]
