"""A table of two columns ruled between its rows, each row's first line set as one text object
(a LaTeX tabular: the term, a kerned blank, the meaning's first words), the meaning wrapped onto
lines of its own under its first words: the blank on the row's first line is the column's, and
the rows are a table's. A caption whose wrapped line hangs under its text after the label, and a
row whose other cells are lines of their own beside it, get no blank from it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from adapters._pdfium_gaps import alone_on_row
from adapters.pdfium_text import PdfiumTextExtractor
from pdfcore.models import Box, DocumentSource, Fingerprint, TextLine
from tests.pdfgen import Page, write_pdf

ROWS = (
    ("Deposit ID", ["The scheme's unique reference for your deposit,", "6401-7723-5518. Quote it when you call."]),
    (
        "Scheme type",
        ["Insured. This means that we hold the deposit in", "our client account, and the scheme insures it."],
    ),
    ("Lead tenant", ["Ms Chloe Brennan. The scheme will contact the", "lead tenant first, before the other tenants."]),
    ("Landlord", ["Mr Andrew Pryor, whose address for service is", "given in section 1 of your tenancy agreement."]),
)
LEFT, MEANING, RIGHT = 74.0, 219.0, 528.0


def _one_object(pg: Page, x: float, y: float, term: str, first: str, *, size: float = 10) -> None:
    """``term`` and ``first`` in one text object, the blank between them a kern (LaTeX's)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    # the term's advance in Helvetica, then the kern that brings the meaning to MEANING
    kern = -(MEANING - x - stringWidth(term, "Helvetica", size)) * 1000 / size
    pg.ops.append(f"BT /F1 {size} Tf {x} {y} Td [({term}) {kern:.0f} ({first})] TJ ET")


def _page(path: Path) -> Path:
    pg = Page(width=595, height=842)
    pg.lines(68, 790, ["The certificate lists the entries below, each with what it means for you."], size=10)
    y = 760.0
    pg.line(68, y, RIGHT, y)
    for term, (first, wrapped) in ROWS:
        _one_object(pg, LEFT, y - 14, term, first)
        pg.text(MEANING, y - 28, wrapped, size=10)
        y -= 36
        pg.line(68, y, RIGHT, y)
    pg.lines(68, y - 30, ["Please keep this letter with your tenancy agreement until the tenancy ends."], size=10)
    return write_pdf(path, [pg])


def test_rows_whose_meaning_wraps_are_a_table(core: Any, tmp_path: Path) -> None:
    page = core.read_pages(str(_page(tmp_path / "t.pdf")), pages="1", format="markdown").pages[0]
    (table,) = page.tables
    cells = [tuple(r) for r in (table.header, *table.rows)]
    assert (
        "Deposit ID",
        "The scheme's unique reference for your deposit, 6401-7723-5518. Quote it when you call.",
    ) in cells
    assert (
        "Landlord",
        "Mr Andrew Pryor, whose address for service is given in section 1 of your tenancy agreement.",
    ) in cells


def _gaps(pg: Page, tmp_path: Path) -> list[Box]:
    path = write_pdf(tmp_path / "g.pdf", [pg])
    st = os.stat(path)
    (page,) = PdfiumTextExtractor().extract(
        DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "g" * 64)), [0]
    )
    return list(page.gaps)


def test_the_blank_of_a_row_whose_meaning_wraps_is_found(tmp_path: Path) -> None:
    pg = Page(width=595, height=842)
    _one_object(pg, LEFT, 700, "Deposit ID", "The scheme's unique reference for your deposit,")
    pg.text(MEANING, 686, "6401-7723-5518. Quote it when you call.", size=10)
    (gap,) = _gaps(pg, tmp_path)
    assert gap.x0 < 130 and abs(gap.x1 - MEANING) < 2


def test_a_caption_hung_after_its_label_gets_no_blank(tmp_path: Path) -> None:
    pg = Page(width=595, height=842)
    _one_object(pg, LEFT, 700, "Table 1:", "Real growth rate in the three regions for 1996, 2000 and")
    pg.text(MEANING, 686, "2006 (change on the previous year)", size=10)
    assert _gaps(pg, tmp_path) == []


def test_a_row_with_other_cells_beside_it_keeps_no_blank() -> None:
    """An amount set as a line of its own beside the row: the row's other blanks are unknown."""
    row = TextLine("Norwood Corporate headquarters, engineering,", Box(69, 321, 306, 330), 9.0)
    blank = Box(128.4, 321, 156.8, 330)
    assert alone_on_row([blank], [row]) == [blank]
    beside = TextLine("130,000 sq. ft. 2022", Box(357, 321, 480, 330), 9.0)
    assert alone_on_row([blank], [row, beside]) == []
