"""A heading needs a word: three letters in a row, or two words of two letters joined by a
hyphen ("Wi-Fi", a hotel guide's section). Before, "Wi-Fi" set in the guide's heading style read
as a paragraph for want of three letters in a row."""

from __future__ import annotations

import attrs

from pdfcore.structure.heading_shape import heading_shaped
from pdfcore.structure.style import NO_STYLE, heading_candidate
from tests.unit.test_sentences_are_no_heading import _unit

STYLE = attrs.evolve(NO_STYLE, body_size=10.0)


def test_two_short_words_joined_by_a_hyphen_make_a_heading() -> None:
    for text in ("Wi-Fi", "Wi-Fi and TV", "Q4: Wi-Fi"):
        assert heading_candidate(_unit(text, size=11), text, STYLE), text


def test_no_word_of_letters_is_no_heading() -> None:
    for text in ("12-24", "A-B", "x-y-z", "IT", "7 A", "Q-3", "ab-2c"):
        assert not heading_shaped(_unit(text, size=11), text), text
