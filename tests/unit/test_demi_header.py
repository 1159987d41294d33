"""A table's header set in a face its name calls bold by another word (URW's ``-Demi``, TeX's
``CMBX``): the table reader takes it as bold, as the text reader does, and reads one header row
over the body (not the header with the rows under it up to the first row of figures)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adapters._font_names import bold_name
from tests.pdfgen import Page, build_pdf

ROWS = (
    ("Service", "Telephone", "Notes"),
    ("Cottages office", "01665 711 842", "9.00 am to 5.00 pm daily"),
    ("Out-of-hours emergencies", "07700 915 336", "Leaking water, loss of power"),
    ("Minor injuries unit", "01665 626 700", "8.00 am to 8.00 pm"),
    ("NHS non-emergency advice", "111", "24 hours"),
    ("Amble Taxis", "01665 713 222", "Book ahead at weekends"),
    ("Coastguard", "999", "Ask for the coastguard"),
)


def test_font_names_that_mean_bold() -> None:
    assert bold_name("UQKULT+URWGothic-Demi")
    assert bold_name("CMBX10")
    assert bold_name("Helvetica-Bold")
    assert not bold_name("YCFJOH+URWGothic-Book")
    assert not bold_name("Helvetica")


def test_a_header_in_a_demi_face_is_one_row(core: Any, tmp_path: Path) -> None:
    pg = Page()
    pg.lines(72, 720, ["Keep these numbers to hand during your stay with us at the cottage."], size=10)
    for k, row in enumerate(ROWS):
        for x, text in zip((72, 280, 395), row, strict=True):
            pg.text(x, 690 - 13 * k, text, size=9, font="F2" if k == 0 else "F1")
    pg.lines(72, 580, ["Please tell us about anything that is broken or missing as soon as you can."], size=10)
    data = build_pdf([pg]).replace(b"/BaseFont /Helvetica-Bold", b"/BaseFont /Helvetica-Demi")
    path = tmp_path / "t.pdf"
    path.write_bytes(data)
    (table,) = core.read_pages(str(path), pages="1").pages[0].tables
    assert tuple(table.header) == ROWS[0]
    assert tuple(table.rows[0]) == ROWS[1]
