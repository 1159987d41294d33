"""A table ruled under its header and at its foot only (a LaTeX ``booktabs`` table whose top
rule falls outside its region), its rows labelled by names in lower case (``role``, ``mode``:
a data set's variables) beside a description and a type that each open with a capital, some
descriptions wrapped: the rows between the two rules read as one row, each name taken for the
rest of the label above it. A line whose every other cell opens anew starts a row."""

from __future__ import annotations

from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import read_table
from tests.unit.glyph_text import set_words

SIZE = 9.0
ADVANCE = 4.5
ROWS = [
    ("role", ["Undergraduate, postgraduate or staff"], "Categorical"),
    ("mode", ["Main mode of travel: walk, cycle, bus or other"], "Categorical"),
    ("distance", ["Distance from home to campus, in kilometres,", "from the postcode"], "Continuous"),
    ("days", ["Number of days on campus in a typical week"], "Discrete"),
    ("satisfied", ["Satisfaction with the journey, from 1 to 5"], "Ordinal"),
]


def _text(x: float, y: float, text: str, bold: bool = False) -> list[Glyph]:
    return set_words(x, y, text, size=SIZE, advance=ADVANCE, space=2.5, bold=bold)


def test_rows_labelled_in_lower_case_between_a_header_rule_and_a_foot_rule_are_rows() -> None:
    glyphs = [*_text(67, 0, "Variable", True), *_text(160, 0, "Description", True), *_text(450, 0, "Type", True)]
    y = 14.0
    for label, text, kind in ROWS:
        glyphs += _text(67, y, label) + _text(450, y, kind)
        for part in text:
            glyphs += _text(160, y, part)
            y += 11
        y += 2
    rules = [Rule(61, 11.5, 534, 11.5), Rule(61, y + 1, 534, y + 1)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Variable", "Description", "Type"]
    assert found.rows == [[label, " ".join(text), kind] for label, text, kind in ROWS]
