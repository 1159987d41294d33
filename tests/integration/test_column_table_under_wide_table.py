"""A table across the page, ruled under its header, then the page in two columns: a section's
heading in the left one beside the next table's caption in the right one, that table ruled
under its header too. The lines after the first table read as rows going on (two texts side by
side, a row; then a line of text beside the second table's header): two tables, not one run
over both."""

from __future__ import annotations

from pathlib import Path

from tests.pdfgen import Page, write_pdf
from tests.tableread import finished_pages, page_tables

SHUTTLE = [
    ("Tuesday", "9.15am", "9.25am", "6.00pm"),
    ("Wednesday", "8.00am", "8.10am", "5.45pm"),
    ("Thursday", "8.15am", "8.25am", "3.45pm"),
]
HOTELS = [
    ("Minster Court", "3 minutes", "139.00"),
    ("Walmgate Lodge", "15 minutes", "98.00"),
    ("Hostel", "8 minutes", "62.00"),
]
LEFT = [
    "We have reserved rooms at two hotels at",
    "special rates, which include breakfast and",
    "free wireless internet. Rooms must be",
    "booked through the registration website.",
]


def test_a_column_table_under_a_table_across_the_page(tmp_path: Path) -> None:
    page = Page()
    for x, head in zip((72, 220, 330, 440), ("Day", "Station", "Hotel", "Evening"), strict=True):
        page.text(x, 700, head, size=10, font="F2")
    page.line(72, 694, 520, 694, width=0.5)
    for k, row in enumerate(SHUTTLE):
        for x, cell in zip((72, 220, 330, 440), row, strict=True):
            page.text(x, 680 - 13 * k, cell, size=10)
    page.text(72, 612, "Where to Stay", size=14, font="F2")
    page.text(310, 614, "Table 2: Conference hotels", size=10)
    page.line(300, 620, 300, 480, width=0.5)
    for k, text in enumerate(LEFT):
        page.text(72, 592 - 13 * k, text, size=10)
    for x, head in zip((310, 410, 480), ("Hotel", "Walk", "Per night"), strict=True):
        page.text(x, 598, head, size=10, font="F2")
    page.line(310, 592, 530, 592, width=0.5)
    for k, row in enumerate(HOTELS):
        for x, cell in zip((310, 410, 480), row, strict=True):
            page.text(x, 578 - 13 * k, cell, size=10)
    pdf = write_pdf(tmp_path / "g.pdf", [page])
    (p,) = finished_pages(pdf)
    tables = page_tables(pdf, p)
    assert [list(t.header) for t in tables] == [
        ["Day", "Station", "Hotel", "Evening"],
        ["Hotel", "Walk", "Per night"],
    ], tables
    assert [list(r) for r in tables[0].rows] == [list(r) for r in SHUTTLE]
    assert [list(r) for r in tables[1].rows] == [list(r) for r in HOTELS]
