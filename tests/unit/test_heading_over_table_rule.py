"""A heading set right over a table's top rule, its descent inside the margin the table's region
is taken with (a washing machine manual's ``Error Codes`` over its error table): the line the
region's top edge cuts, less than half of it inside, ruled off from the table by a ruling across
it right under the line, is no row of the table. Before, only a caption's last line was left
out so, and the heading was read as the table's header."""

from __future__ import annotations

from pathlib import Path

from tests.pdfgen import Page, write_pdf
from tests.tableread import page_tables

ROWS = (
    ("Code", "Meaning", "What to do"),
    ("E10", "Water is not coming in", "Check the tap and the inlet hose"),
    ("E20", "Water is not draining", "Clean the drain filter"),
    ("E30", "The door is not locked", "Close the door, then press Start"),
    ("E40", "Too much water in the drum", "Switch off, and call the service centre"),
)


def test_a_heading_right_over_a_tables_top_rule_is_no_row_of_it(tmp_path: Path) -> None:
    p = Page()
    p.text(72, 701, "Error Codes", size=9, font="F2")
    top = 699.0  # the rule 2 pt under the heading's baseline: its descent reaches below it
    for k, row in enumerate(ROWS):
        y = top - 18 * (k + 1)
        for x, cell in zip((76, 150, 330), row, strict=True):
            p.text(x, y + 6, cell, size=8)
        p.line(72, y, 540, y, width=0.5)
    p.line(72, top, 540, top, width=1.5)
    path = write_pdf(tmp_path / "manual.pdf", [p])
    (table,) = page_tables(path)
    cells = [c for row in (table.header, *table.rows) for c in row]
    assert "Error Codes" not in " ".join(cells), table
    assert "E10" in cells and "Code" in cells, table
