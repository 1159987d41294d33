"""A summary of assumptions as a statistical agency sets one: rulings over and under its column
headings and under its last row, each row one text object (a variable, then the sentence
describing it moved flush right by kerning inside the object: no gap between pdfium's rects),
sections under labels of their own, some rows' cells wrapped. Every row is the table's, under
its headings, its sections' labels rows of their own."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.pdfgen import Page, _esc, write_pdf
from tests.tableread import page_tables

LEFT, RIGHT, SIZE = 40.0, 564.0, 8.0
#: (label, text set flush right); an empty text: a section's label; a label set in: a wrapped row.
ROWS = [
    ("Demographic assumptions", ""),
    ("Population", "Projections are consistent with the bureau's estimates"),
    ("18- to 24-year-old population", "Bureau projection: average annual growth rate of 0.1%"),
    ("25- to 29-year-old population", "Bureau projection: average annual growth rate of 0.6%"),
    ("30- to 34-year-old population", "Bureau projection: average annual growth rate of 1.3%"),
    ("Economic assumptions", ""),
    ("Disposable income per capita in", "Annual percent changes range between -1.9% and 2.2%"),
    ("  constant dollars", "with an annual growth rate of 1.4%"),
    ("Inflation rate", "Inflation rate ranges between 1.0% and 2.0%"),
    ("Unemployment rate (men)", ""),
    ("Ages 18 and 19", "Remains between 17.7% and 26.8%"),
    ("Ages 20 to 24", "Remains between 10.8% and 15.6%"),
]


def _row(page: Page, y: float, label: str, text: str) -> None:
    """One text object: the label at the left edge (set in by its leading spaces' width), the
    text kerned to end at RIGHT."""
    x = LEFT + (8.0 if label.startswith(" ") else 0.0)
    label = label.strip()
    parts = [f"({_esc(label)})"]
    if text:
        after = x + stringWidth(label, "Helvetica", SIZE)
        move = RIGHT - stringWidth(text, "Helvetica", SIZE) - after
        parts += [str(-round(move * 1000 / SIZE)), f"({_esc(text)})"]
    page.ops.append(f"BT /F1 {SIZE:g} Tf {x:g} {y:g} Td [{' '.join(parts)}] TJ ET")


def test_a_summary_with_its_descriptions_set_flush_right_is_one_table(tmp_path: Path) -> None:
    page = Page()
    page.text(LEFT, 740, "Table A-1. Summary of forecast assumptions", size=9, font="F2")
    page.line(LEFT, 735, RIGHT, 735, width=0.5)
    page.text(LEFT, 726, "Variable", size=SIZE)  # the headings: two text objects
    page.text(RIGHT - stringWidth("Assumption", "Helvetica", SIZE), 726, "Assumption", size=SIZE)
    page.line(LEFT, 722, RIGHT, 722, width=0.5)
    y = 712.0
    for label, text in ROWS:
        y -= 4 if not text and label != ROWS[0][0] else 0  # a little space over a section
        _row(page, y, label, text)
        y -= 11
    page.line(LEFT, y + 6, RIGHT, y + 6, width=0.5)
    page.lines(LEFT, y - 20, ["1 The projections were adjusted to the latest estimates of the bureau."], size=8)
    pdf = write_pdf(tmp_path / "assumptions.pdf", [page])
    (table,) = page_tables(pdf)
    assert list(table.header) == ["Variable", "Assumption"], table.header
    expected = [
        [label.strip() if text or label.startswith(" ") else label, text]
        for label, text in ROWS
        if not label.startswith(" ")
    ]
    expected[6] = ["Disposable income per capita in constant dollars", f"{ROWS[6][1]} {ROWS[7][1]}"]
    assert [list(r) for r in table.rows] == expected, table.rows
