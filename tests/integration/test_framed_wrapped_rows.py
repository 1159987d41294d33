"""A table ruled over its headings, under them and under its rows (a booktabs table, as HTML
and CSS typesetters set one, its cells padded well clear of the rules), whose notes column
wraps most rows onto a second line: one table, each row's wrapped text in its row. Before, the
wrapped lines counted as rows of their own with a cell on one side only, too few rows had text
on both sides of the columns' blanks, and the table was read as text."""

from __future__ import annotations

from pathlib import Path

from tests.pdfgen import Page, write_pdf
from tests.tableread import finished_pages, page_tables

ROWS = [
    ("Reader's ticket", ["Valid for four years; replacement", "for a lost ticket is charged"], "0.00"),
    ("Replacement ticket", [], "3.00"),
    ("Photography permit", ["Own camera or phone, for study"], "8.50"),
    ("Digital image", ["Per image, from documents up to A3;", "larger items are quoted"], "6.00"),
    ("Research service", ["Per hour, minimum one hour; with a", "written report of the sources"], "38.00"),
    ("Certified copy", ["For legal purposes, per document,", "in addition to the copying charge"], "15.00"),
]


def _page() -> Page:
    page = Page()
    page.text(72, 720, "Charges apply to copying, research and certain other services, as below.", size=10)
    top = 690.0
    page.line(70, top, 420, top, width=1.2)
    for x, head in ((74, "Service"), (190, "Notes"), (392, "Fee")):
        page.text(x, top - 14, head, size=9, font="F2")
    page.line(70, top - 20, 420, top - 20, width=0.6)
    y = top - 40  # padded: the first row stands more than a line height under the rule
    for service, notes, fee in ROWS:
        page.text(74, y, service, size=9)
        page.text(392, y, fee, size=9)
        for k, note in enumerate(notes):
            page.text(190, y - 11 * k, note, size=9)
        y -= 11 * max(len(notes), 1) + 10
    page.line(70, y + 4, 420, y + 4, width=1.2)
    page.text(140, y - 12, "Table 1: Fees for copying and research from 1 April 2025", size=9)
    return page


def test_rows_wrapped_between_three_rules_are_one_table(tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "p.pdf", [_page()])
    (p,) = finished_pages(pdf)
    (t,) = page_tables(pdf, p)
    assert list(t.header) == ["Service", "Notes", "Fee"], t.header
    assert [list(r) for r in t.rows] == [[s, " ".join(n), f] for s, n, f in ROWS], t.rows
