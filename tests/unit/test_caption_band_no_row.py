"""A table ruled between its rows only, under a section heading ruled across the page and the
page's running head over its rule: the rules of the heading and the head are as wide as the
table's, and the bands between them (the heading, a paragraph and the table's caption) were
read as the table's first rows, its region grown to the top of the page. A band holding a
caption is no row of a table: the caption heads the table under it."""

from __future__ import annotations

import os
from pathlib import Path

from adapters.pdfium_text import PdfiumTextExtractor
from pdfcore.models import DocumentSource, Fingerprint
from pdfcore.services.table_regions import candidate_regions
from tests.pdfgen import Page, write_pdf

ROWS = (
    ("1", "Back door, outside", "External, toxic", "None"),
    ("2", "Bin store", "External, toxic", "None"),
    ("3", "Kitchen store, left wall", "Internal, toxic", "Less than 25%"),
    ("4", "Kitchen store, by the freezer", "Internal, toxic", "25% to 50%"),
    ("5", "Kitchen, under the sink", "Internal, toxic", "None"),
    ("6", "Cellar steps", "Internal, toxic", "50% to 75%"),
)


def test_a_caption_over_a_table_ruled_row_by_row_is_no_row_of_it(tmp_path: Path) -> None:
    p = Page()
    p.text(52, 760, "Brightwell Pest Management   Service report BPM-77412", size=8)
    p.line(50, 756, 545, 756)
    p.text(60, 718, "3 Bait Station Log", size=13)
    p.line(50, 713, 545, 713)
    p.text(52, 694, "Each station was checked and the amount of bait taken was recorded. Station numbers", size=9)
    p.text(52, 682, "are shown on the site plan in the kitchen folder.", size=9)
    p.text(52, 666, "Table 3. Bait stations checked on 10 February 2026", size=9)
    top = 660.0
    p.line(50, top, 545, top)
    for k, row in enumerate((("Station", "Location", "Type", "Bait taken"), *ROWS)):
        y = top - 16 * (k + 1)
        for x, cell in zip((60, 130, 320, 440), row, strict=True):
            p.text(x, y + 5, cell, size=8)
        p.line(50, y, 545, y)
    path = write_pdf(tmp_path / "report.pdf", [p])
    st = os.stat(path)
    source = DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "r" * 64))
    (page,) = PdfiumTextExtractor().extract(source, [0])
    regions = candidate_regions(page, 612, 792)
    assert regions, regions
    assert min(r.y0 for r in regions) >= 792 - top - 8, regions  # the table's top rule, not the page's
