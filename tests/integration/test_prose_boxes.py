"""Paragraphs set on white boxes drawn edge to edge with the shaded rows of small tables (a
financial report's cash flow notes): each table is read on its own, the paragraphs stay text."""

from __future__ import annotations

import itertools
from pathlib import Path

from tests.tableread import page_tables

LEFT, RIGHT = 72.0, 540.0
#: The columns of the tables: a name, a dollar sign, an amount.
EDGES = [LEFT, 420.0, 432.0, RIGHT]
ROW = 12.0
SHADE = (0.8, 0.93, 1.0)
WHITE = (1.0, 1.0, 1.0)
PROSE = [
    ["Net cash used in operating activities during the year was $10.7 million, as follows:"],
    ["The non-cash income and expense of $21.6 million consisted of the following amounts:"],
    ["The cash flows of the year before are set out in the same way in the table below here:"],
]
TABLES = [
    [["Net loss", "$", "(33,982)"], ["Non-cash income and expenses", "", "21,602"], ["Net change", "", "1,715"]],
    [["Depreciation", "$", "4,756"], ["Amortization of right of use asset", "", "398"], ["Other", "", "(223)"]],
]


def _draw(path: Path) -> Path:
    """Each paragraph on white boxes the width of the tables (a blank line's box above and under
    the text's), each table's cells filled one by one (shaded and white rows by turns), every
    box touching the next."""
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 8)
    top = 720.0
    for k, lines in enumerate(PROSE):
        c.setFillColorRGB(*WHITE)
        for height in (ROW, ROW * len(lines), ROW):
            c.rect(LEFT, top - height, RIGHT - LEFT, height, stroke=0, fill=1)
            top -= height
        c.setFillColorRGB(0, 0, 0)
        for n, line in enumerate(lines):
            c.drawString(LEFT + 24, top + ROW * (len(lines) - n) + 3, line)
        if k >= len(TABLES):
            break
        for r, row in enumerate(TABLES[k]):
            for x0, x1 in itertools.pairwise(EDGES):
                c.setFillColorRGB(*(SHADE if r % 2 == 0 else WHITE))
                c.rect(x0, top - ROW, x1 - x0, ROW, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
            c.drawString(EDGES[0] + 2, top - ROW + 3, row[0])
            c.drawString(EDGES[1] + 2, top - ROW + 3, row[1])
            c.drawRightString(EDGES[3] - 2, top - ROW + 3, row[2])
            top -= ROW
    c.showPage()
    c.save()
    return path


def test_paragraphs_on_white_boxes_between_shaded_tables_stay_out_of_them(tmp_path: Path) -> None:
    """The white boxes under the paragraphs share their sides and edges with the tables' cells,
    so the rulings of the page make one grid; a band of it one cell across holding running text
    is no table's row: each table is read on its own."""
    got = page_tables(_draw(tmp_path / "notes.pdf"))
    cells = [[[c for c in (*row,) if c] for row in (t.header, *t.rows) if any(row)] for t in got]
    words = " ".join(c for t in got for row in (t.header, *t.rows) for c in row)
    assert len(got) == len(TABLES), cells
    assert not any(w in words for w in ("consisted", "activities during", "set out")), cells
    for table, expected in zip(cells, TABLES, strict=True):
        assert [" ".join(row) for row in table] == [" ".join(c for c in row if c) for row in expected]
