"""A running order's numbers set flush right just before their items, a little wider apart than
a word space: a column of their own, found by its alignment (adapters._table_counters)."""

from __future__ import annotations

from adapters._table_glyphs import Glyph
from adapters._table_layout import read_table
from tests.unit.glyph_text import set_words

SIZE = 9.0
ADVANCE = 4.0
SPACE = 2.2

ORDER = [
    ("1", ["Now Is the Month of Maying"], ["Thomas Morley"]),
    ("2", ["The Turtle Dove"], ["English folk song,", "arranged by Ralph"]),
    ("3", ["Spring, from The Seasons", "(piano solo)"], ["Antonio Vivaldi"]),
    ("4", ["Summer Is Icumen In"], ["Anonymous"]),
    ("10", ["Siyahamba"], ["South African song"]),
]


def _words(x: float, y: float, text: str, bold: bool = False) -> list[Glyph]:
    """``text`` from ``x``, its words SPACE points apart."""
    return set_words(x, y, text, size=SIZE, advance=ADVANCE, space=SPACE, bold=bold)


def _order(gap: float, marks: str = "") -> list[Glyph]:
    """The running order: numbers ending at 75, items from 75 + ``gap``, composers at 214."""
    glyphs = [
        *_words(75 - 3 * ADVANCE, 0, "No.", bold=True),
        *_words(75 + gap, 0, "Piece", bold=True),
        *_words(214, 0, "Composer", bold=True),
    ]
    y = 16.0
    for number, piece, composer in ORDER:
        number += marks
        glyphs += _words(75 - len(number) * ADVANCE, y, number)
        for k in range(max(len(piece), len(composer))):
            if k < len(piece):
                glyphs += _words(75 + gap, y, piece[k])
            if k < len(composer):
                glyphs += _words(214, y, composer[k])
            y += 11
        y += 5
    return glyphs


def test_row_numbers_set_close_to_their_items_are_a_column() -> None:
    found = read_table(_order(6.0))
    assert found is not None
    assert found.header == ["No.", "Piece", "Composer"]
    assert found.rows == [
        ["1", "Now Is the Month of Maying", "Thomas Morley"],
        ["2", "The Turtle Dove", "English folk song, arranged by Ralph"],
        ["3", "Spring, from The Seasons (piano solo)", "Antonio Vivaldi"],
        ["4", "Summer Is Icumen In", "Anonymous"],
        ["10", "Siyahamba", "South African song"],
    ]


def test_numbers_a_word_space_before_their_items_stay_in_their_cells() -> None:
    """Set no wider apart than the items' words, a number is the start of its item's text."""
    found = read_table(_order(SPACE))
    assert found is not None
    assert found.rows[0] == ["1 Now Is the Month of Maying", "Thomas Morley"]


def test_list_markers_are_no_column_of_numbers() -> None:
    """``1.``: a list's marker, set apart by the list's indent, not a number column."""
    found = read_table(_order(6.0, marks="."))
    assert found is not None
    assert found.rows[0] == ["1. Now Is the Month of Maying", "Thomas Morley"]
