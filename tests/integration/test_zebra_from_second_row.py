"""A table shaded cell by cell in stripes from its second row on (every other row, each of its
shaded rows wrapped onto a second line), its header shaded too, its first row left white: one
table, header and every row. Before, the grid the stripes' edges make was taken for the table,
from the first stripe down: the header and the first row were left out of it, read as text over
it."""

from __future__ import annotations

import itertools
from pathlib import Path

from tests.pdfgen import Page, write_pdf
from tests.tableread import finished_pages, page_tables

XS = [72.0, 150.0, 250.0]
LEFT, RIGHT = 66.0, 530.0
HEAD = ["Week", "Hours per day", "Where to wear them"]
ROWS = [
    ["Week 1", "2 to 4", ["At home, in quiet rooms, talking with one person"]],
    ["Week 2", "4 to 6", ["At home with the television or radio on, short walks", "outside"]],
    ["Week 3", "6 to 8", ["Shops, small family gatherings, phone calls"]],
    ["Week 4", "All waking", ["Restaurants, meetings, busy places", "and parties"]],
]


def _page() -> Page:
    page = Page()
    page.text(72, 720, "Build up the time you wear your hearing aids gradually, starting at home.", size=10)
    y = 700.0
    edges = [LEFT, XS[1] - 6, XS[2] - 6, RIGHT]
    for x0, x1 in itertools.pairwise(edges):
        page.rect(x0, y - 20, x1 - x0, 20, rgb=(0.8, 0.8, 0.8))
    for x, head in zip(XS, HEAD, strict=True):
        page.text(x, y - 14, head, size=10, font="F2")
    y -= 20
    for k, (week, hours, notes) in enumerate(ROWS):
        height = 8 + 12 * len(notes)
        if k % 2:
            for x0, x1 in itertools.pairwise(edges):
                page.rect(x0, y - height, x1 - x0, height, rgb=(0.88, 0.95, 0.95))
        page.text(XS[0], y - 14, week, size=10)
        page.text(XS[1], y - 14, hours, size=10)
        for j, note in enumerate(notes):
            page.text(XS[2], y - 14 - 12 * j, note, size=10)
        y -= height
    page.text(72, y - 24, "It is normal to feel tired at the end of the day in the early weeks.", size=10)
    return page


def test_a_table_striped_from_its_second_row_keeps_its_header_and_first_row(tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "p.pdf", [_page()])
    (p,) = finished_pages(pdf)
    (t,) = page_tables(pdf, p)
    assert list(t.header) == HEAD, t.header
    assert [list(r) for r in t.rows] == [[w, h, " ".join(n)] for w, h, n in ROWS], t.rows
