"""Grids of display formulas the table reader gives are no tables."""

from __future__ import annotations

from pdfcore.models import Box, Table
from pdfcore.structure.false_tables import formula_table
from tests.unit.test_structure import LEFT, RIGHT, ln, markdown, page

STEP = 12.0


def test_display_formulas_beside_their_numbers_are_no_table() -> None:
    """A grid the table reader makes of display formulas (a sum sign it found no character for,
    "(cid:88)", and the equation's number "(5)" in a column of its own) stays text: the
    formula and the sentence between two formulas keep their places."""
    rows = [
        ln("We often observed collapse onto a sub-optimal policy and use entropy regularization", 100, x1=RIGHT),
        ln("H[p(q)] = - X p(w) log p(w) (5)", 100 + 2 * STEP),
        ln("This final objective is:", 100 + 3 * STEP),
        ln("E[R(f(q)) - B(q)] + H[p(q)], (6)", 100 + 4 * STEP),
        ln("where the weight is a number.", 100 + 5 * STEP),
    ]
    table = Table(
        header=("T (cid:88) (cid:88)", ""),
        rows=(
            ("H[p(q)] = - p(w) log p(w)", "(5)"),
            ("This final objective is:", ""),
            ("E[R(f(q)) - B(q)] + H[p(q)],", "(6)"),
        ),
        bbox=Box(LEFT, 100 + STEP, RIGHT, 100 + 5 * STEP - 1),
    )
    assert formula_table(table)
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    assert "|" not in md and "(cid:" not in md
    assert md.index("(5)") < md.index("This final objective") < md.index("(6)") < md.index("where the weight")
    # a table with a column of numbers in parentheses and no formula's glyph is one
    plain = Table(header=("Model", "Score"), rows=(("base", "(1)"), ("ours", "(2)")), bbox=Box(LEFT, 0, RIGHT, 20))
    assert not formula_table(plain)
    # tall brackets drawn from a math font's pieces beside the number
    bracket = Table(header=("", ""), rows=(("x = \uf8eb a \uf8f6", "\uf8f8 (3)"),), bbox=Box(LEFT, 0, RIGHT, 20))
    assert formula_table(bracket)
