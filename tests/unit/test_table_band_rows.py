"""Rows between rulings that mark off a table's headings and its body only (a rule over the
headings, one under them, one under the last row): the body is one band whose lines are rows
of their own, its sections' labels (a label alone, in capitals) rows too, and labels opening
with a figure (``18- to 24-year-old population``) rows' own labels, not the rest of the label
above them; a label wrapped over two lines (``Disposable income per capita in`` / ``constant
dollars``) still makes one row."""

from __future__ import annotations

from adapters._table_glyphs import Rule
from adapters._table_rows import Row, merge_bands

X0, X1 = 40.0, 564.0


def _row(y: float, label: str, text: str = "") -> Row:
    return Row(y0=y, y1=y + 8.0, cells=[[label] if label else [], [text] if text else []], x0=X0, x1=X1)


LINES = [
    ("Variable", "Assumption"),
    ("Demographic assumptions", ""),
    ("Population", "Projections are consistent with the estimates"),
    ("18- to 24-year-old population", "Projection: annual growth rate of 0.1%"),
    ("25- to 29-year-old population", "Projection: annual growth rate of 0.6%"),
    ("Economic assumptions", ""),
    ("Disposable income per capita in", "Annual percent changes range between -1.9% and 2.2%"),
    ("constant dollars", "with an annual growth rate of 1.4%"),
    ("Inflation rate", "Inflation rate ranges between 1.0% and 2.0%"),
]


def test_a_body_between_the_rule_under_its_headings_and_the_last_rule_keeps_its_rows() -> None:
    rows = [_row(56.0 + 11.0 * k, label, text) for k, (label, text) in enumerate(LINES)]
    rules = [Rule(X0, y, X1, y + 0.5) for y in (52.0, 65.5, 56.0 + 11.0 * len(LINES) + 1.0)]
    out = merge_bands(rows, rules, X0, X1)
    assert [(r.text(0), r.text(1)) for r in out] == [
        *LINES[:6],
        ("Disposable income per capita in constant dollars", f"{LINES[6][1]} {LINES[7][1]}"),
        LINES[8],
    ]
