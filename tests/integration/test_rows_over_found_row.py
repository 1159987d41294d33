"""A table set as TeX sets one, each row one text object, ruled over its headings, under them and
under its rows, whose first rows are dense (long labels against their amounts: no wider spread
than running text) and a later row spread out: the rows over the first one found, and the
headings over them, are the table's too. Before, the table began at the first row spread out
enough to be looked at for its blanks, its headings and first rows read as a paragraph over it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import tablegen
from tests.pdfgen import Page, write_pdf
from tests.tableread import finished_pages, page_tables

XS = [72.0, 262.0, 330.0]
HEAD = ["", "Year to 2025", "Year to 2024"]
DENSE = [
    ["Land, buildings and the permanent way", "1,486,000", "1,492,500"],
    ["Locomotives, carriages and wagons held", "824,300", "583,100"],
]
SPREAD = {
    "long label": ["Cash at bank and investments", "401,650", "512,880"],
    "short label": ["Total assets", "2,711,950", "2,588,480"],
}
TAIL = [["Unrestricted funds", "2,499,550", "2,402,720"], ["Total funds", "2,711,950", "2,588,480"]]


def _page(spread: list[str]) -> Page:
    page = Page()
    page.lines(
        72,
        700,
        [f"Restricted funds stood at the end of the year at the sum shown below {k}." for k in (1, 2)],
        size=10,
        leading=12,
    )
    rows = [DENSE[0], DENSE[1], spread, *TAIL]
    top = 650.0
    page.line(68, top + 13, 385, top + 13, width=0.6)
    tablegen.columns_rows(page, [HEAD], XS, top=top, bold=1)
    page.line(68, top - 4, 385, top - 4, width=0.4)
    tablegen.columns_rows(page, rows, XS, top=top - 16)
    bottom = top - 16 - 14 * (len(rows) - 1) - 5
    page.line(68, bottom, 385, bottom, width=0.6)
    page.lines(72, bottom - 30, ["The full accounts are available from the Secretary of the Society."], size=10)
    return page


@pytest.mark.parametrize("kind", sorted(SPREAD))
def test_dense_first_rows_over_a_row_spread_out(tmp_path: Path, kind: str) -> None:
    pdf = write_pdf(tmp_path / "p.pdf", [_page(SPREAD[kind])])
    (p,) = finished_pages(pdf)
    (t,) = page_tables(pdf, p)
    assert [list(r) for r in t.rows] == [DENSE[0], DENSE[1], SPREAD[kind], *TAIL], t.rows
    assert list(t.header) == HEAD, t.header
