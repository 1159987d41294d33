"""The last line of a caption set wider than the ruled table under it, right over the table's top
rule, is no row of the table: the line starts left of the table's region, and it ends a caption
("Table 1: ..." on the line above)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, write_pdf

TOP = 500.0


def _page(path: Path) -> Path:
    pg = Page()
    pg.lines(72, 600, ["We replayed the trace against three training jobs of different sizes and compared"], size=10)
    pg.text(72, TOP + 15, "Table 1: Lost GPU-hours and checkpoint overhead over", size=10)
    pg.text(72, TOP + 3, "the 41-day trace.", size=10)  # its descender reaches the rule's margin
    cells = [
        ["Policy", "Lost GPU-h", "Overhead"],
        ["Fixed (60 min)", "1,842", "1.1"],
        ["Young (static)", "1,507", "1.6"],
        ["Tide", "1,160", "1.9"],
    ]
    pg.grid(130, TOP, 16, 90, cells, size=9, lift=5)
    return write_pdf(path, [pg])


def test_the_caption_s_last_line_is_no_row(core: Any, tmp_path: Path) -> None:
    page = core.read_pages(str(_page(tmp_path / "t.pdf")), pages="1", format="markdown").pages[0]
    (table,) = page.tables
    assert tuple(table.header) == ("Policy", "Lost GPU-h", "Overhead")
    assert not any("trace" in cell for row in (table.header, *table.rows) for cell in row)
    assert "Table 1: Lost GPU-hours and checkpoint overhead over the 41-day trace.\n\n| Policy |" in page.markdown
