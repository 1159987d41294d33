"""A grid ruled between its rows, each row's cells wrapped over several lines: a label wrapped
over as many lines as the text beside it, its last word on a line of its own (``Anchored or`` /
``categorized`` / ``VAS``), is one row's label, not a row of its own."""

from __future__ import annotations

from adapters._table_glyphs import Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows

#: The two columns' left edges, and the grid's width.
LEFT, RIGHT, WIDTH = 0.0, 120.0, 420.0


def _grid(edges: list[float]) -> list[Rule]:
    rules = [Rule(-2.0, y, WIDTH, y + 0.5) for y in edges]
    rules += [Rule(x, edges[0], x + 0.5, edges[-1]) for x in (-2.0, RIGHT - 4.0, WIDTH)]
    return rules


def test_a_label_wrapped_as_long_as_the_text_beside_it_is_one_row() -> None:
    """Before, ``VAS`` (a line holding the label's last word only, below the text's last line)
    came out as a row of its own: the band's two cells held three lines each, which read as
    three rows set without rulings between them."""
    glyphs = _rows(
        (0, [(LEFT, "Type"), (RIGHT, "Description")]),
        (14, [(LEFT, "Visual analog"), (RIGHT, "A line of fixed length with words that")]),
        (26, [(LEFT, "scale (VAS)"), (RIGHT, "anchor the scale at the extreme ends.")]),
        (38, [(RIGHT, "The mark's position is the score.")]),
        (54, [(LEFT, "Anchored or"), (RIGHT, "A VAS that has the addition of one or")]),
        (66, [(LEFT, "categorized"), (RIGHT, "more intermediate marks along the line")]),
        (78, [(RIGHT, "between the scale's ends.")]),
        (84, [(LEFT, "VAS")]),
        (100, [(LEFT, "Likert scale"), (RIGHT, "An ordered set of discrete terms.")]),
        (116, [(LEFT, "Rating scale"), (RIGHT, "A set of numerical categories from")]),
        (128, [(RIGHT, "which patients choose one.")]),
    )
    found = read_table(glyphs, _grid([-2.0, 12.0, 51.0, 97.0, 113.0, 141.0]))
    assert found is not None
    assert [r[0] for r in found.rows] == [
        "Visual analog scale (VAS)",
        "Anchored or categorized VAS",
        "Likert scale",
        "Rating scale",
    ]
    assert found.rows[1][1].startswith("A VAS that has") and found.rows[1][1].endswith("scale's ends.")
