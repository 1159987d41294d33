"""A row ending with dot leaders and a price or an amount (a menu's dish, a statement's line)
is complete, as one ending with a page number is: the line under it starts a unit of its own.
Before, only a page number, a roman numeral or a dash after the leaders counted, and a dish's
description ran on into its name's line."""

from __future__ import annotations

import pytest

from pdfcore.structure.units import ends_in_leaders
from tests.unit.test_structure import ln, markdown, page


@pytest.mark.parametrize(
    "text",
    [
        "Wild garlic and potato soup (v) . . . . . . . . . . . . 6.50",
        "Liability gain during gap period .................... 10,099",
        "Room hire, evening ...... £1,250",
        "Chapter 1 ..... 12",
    ],
)
def test_leaders_to_a_figure_end_a_row(text: str) -> None:
    assert ends_in_leaders(text)


def test_words_after_leaders_do_not() -> None:
    assert not ends_in_leaders("Wild garlic soup . . . . . . . . served warm")


def test_a_dishs_description_under_its_priced_name_is_a_paragraph_of_its_own() -> None:
    lines = [
        ln("Smoked trout on rye with horseradish cream . . . . . . . . . . . . . . . 2.40", 100, x1=500),
        ln("Hot-smoked trout from the valley, pickled cucumber and a little dill.", 113, x=80),
        ln("Lamb kofta with mint yoghurt (gf) . . . . . . . . . . . . . . . . . . . . . . 2.60", 132, x1=500),
        ln("Spiced lamb skewers, grilled over charcoal and served warm.", 145, x=80),
    ]
    body = markdown([page(lines)])[0]
    assert body.split("\n\n")[:2] == [
        "Smoked trout on rye with horseradish cream . . . . . . . . . . . . . . . 2.40",
        "Hot-smoked trout from the valley, pickled cucumber and a little dill.",
    ], body
