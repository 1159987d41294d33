"""Rows of a list item: the structure tree's gaps and words broken at a hyphen do not cut it."""

from __future__ import annotations

from tests.unit.test_structure import LEFT, RIGHT, ln, markdown, page

STEP = 12.0
INDENT = LEFT + 22.0


def test_a_row_the_structure_tree_leaves_out_stays_in_its_item() -> None:
    """A reference list whose tree tags some rows as list items and leaves others out (a
    Wikipedia print): the item's rows are one item all the same."""
    lines = [
        ln(
            '190. "WNBA Approves Relocation of Shock" (http://www.wnba.com/news/wnba-approves', 100, role="LI", x1=RIGHT
        ),
        ln(
            "relocation-dallas-fort-worth/) (Press release). Women's National Basketball",
            100 + STEP,
            x=INDENT,
            x1=RIGHT - 40,
        ),
        ln("Association. July 23, 2015. Retrieved November 9, 2015.", 100 + 2 * STEP, x=INDENT, role="LI"),
        ln(
            '191. "Dallas Wings Introduced" (http://www.wnba.com/news/wnbas-dallas-wings-introduced',
            100 + 3 * STEP,
            role="LI",
        ),
    ]
    (md,) = markdown([page(lines)])
    items = md.split("\n")
    assert items[0].startswith("190. ") and items[0].endswith("Retrieved November 9, 2015.")
    assert items[1].startswith("191. ")
    assert len(items) == 2


def test_a_row_starting_with_a_hyphen_glued_to_a_word_goes_on_with_the_row_above() -> None:
    """An address or a word broken after its hyphen (`...hall-of` / `-fame-award/...`) is no bullet
    item: a dash bullet has a space after it."""
    lines = [
        ln("The address given for the award is http://newsok.com/musical-actor-to-be-honored-hall-of", 100, x1=RIGHT),
        ln("-fame-award/article/2447341 on the page of the newspaper.", 100 + STEP),
    ]
    (md,) = markdown([page(lines)])
    assert md == (
        "The address given for the award is http://newsok.com/musical-actor-to-be-honored-hall-of"
        " -fame-award/article/2447341 on the page of the newspaper."
    )
    dashed = [ln("Items to bring:", 100), ln("- a pencil and paper", 100 + STEP), ln("- a ruler", 100 + 2 * STEP)]
    (md,) = markdown([page(dashed)])
    assert md.split("\n") == ["Items to bring:", "", "- a pencil and paper", "- a ruler"]
