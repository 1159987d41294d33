"""A LaTeX table of two columns, no rules, under a shaded header whose headings are texts of
their own side by side (the first wrapped onto a second line), each row's label and first line
of text one text object, the rest of its text wrapped onto lines of its own in the second
column: a table of labels and descriptions, its header two lines deep, every row one row."""

from __future__ import annotations

from pathlib import Path

from tests import tablegen
from tests.pdfgen import Page, write_pdf
from tests.tableread import finished_pages, page_tables

PROGRESS = [
    (
        "First two weeks",
        "Walking around the house and short distances outside with two",
        "crutches; needing help with washing and shopping",
    ),
    ("Two to six weeks", "Moving to one crutch or a stick; managing most personal care;", "gradually walking further"),
    ("Six weeks", "Follow-up appointment in clinic; most people can start to drive", "again if their surgeon agrees"),
    (
        "Six to twelve weeks",
        "Returning to office work and light activities such as swimming",
        "and cycling on an exercise bike",
    ),
]


def test_rows_of_wordy_text_under_headings_side_by_side(tmp_path: Path) -> None:
    page = Page()
    page.rect(68, 585, 420, 29, rgb=(0.85, 0.9, 0.95))
    page.text(72, 602, "Time after", size=10, font="F2")
    page.text(72, 590, "operation", size=10, font="F2")
    page.text(190, 602, "Typical progress", size=10, font="F2")
    y = 576.0
    for label, first, second in PROGRESS:
        tablegen.columns_rows(page, [[label, first]], [72.0, 190.0], top=y)
        page.text(190, y - 12, second, size=10)
        y -= 27
    pdf = write_pdf(tmp_path / "p.pdf", [page])
    (p,) = finished_pages(pdf)
    (t,) = page_tables(pdf, p)
    assert list(t.header) == ["Time after operation", "Typical progress"], t
    assert [list(r) for r in t.rows] == [[a, f"{b} {c}"] for a, b, c in PROGRESS], t.rows
