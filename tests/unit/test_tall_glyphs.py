"""A line of upright letters beside a glyph drawn tall (a display formula's closing bracket
spanning its fraction) stands where its letters do: it is not read as text set sideways."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdfium2 as pdfium

from adapters.pdfium_text import _extract_page
from tests.pdfgen import Page, write_pdf

#: Two columns of running text, a line each (on a page of columns, lines read as text set
#: sideways are placed after them).
LEFT = [
    "Small terminals serve islands whose population",
    "doubles in summer. Operators plan timetables a",
    "year ahead, and most keep the same number of",
    "sailings in every month of the year. This wastes",
    "fuel in winter and crowds the boats in July, so",
    "a rule that follows demand is worth having. We",
    "use ticket counts for three years and drop the",
    "days on which a terminal was closed by weather,",
    "because a closure moves demand to the next day",
    "rather than removing it. Three kinds of traveller",
    "are counted apart: residents, visitors and the",
    "drivers of freight, counted by their vehicles.",
]
RIGHT = [
    "The rule sets the number of sailings in",
    "each week of the season from the demand",
    "forecast for that week, the boat's capacity",
    "and the load factor aimed at, to the value",
]
AFTER = [
    "where the forecast demand is divided by",
    "the capacity and the load factor. A sailing",
    "is added whenever the forecast load would",
    "exceed the target, and removed when two",
    "sailings in a row would each run below half.",
]


def _page(path: Path) -> Path:
    pg = Page()
    pg.lines(72, 700, LEFT, size=10)
    pg.lines(320, 700, RIGHT, size=10)
    # `c u` at 10 pt and the bracket closing its fraction at 48 pt, one text object: the line's
    # box is taller than wide
    pg.ops.append("BT /F1 10 Tf 420 630 Td (c u) Tj /F1 48 Tf (\\)) Tj ET")
    pg.lines(320, 600, AFTER, size=10)
    return write_pdf(path, [pg])


def test_the_line_has_its_letters_extent(tmp_path: Path) -> None:
    doc = pdfium.PdfDocument(_page(tmp_path / "tall.pdf"))
    try:
        line = next(ln for ln in _extract_page(doc, 0).lines if ln.text.startswith("c u"))
    finally:
        doc.close()
    b = line.bbox
    assert b.y1 - b.y0 < b.x1 - b.x0  # not taller than wide
    assert b.y1 - b.y0 < 12  # the 10 pt letters' height, not the bracket's 48 pt


def test_the_line_is_read_in_place(core: Any, tmp_path: Path) -> None:
    path = str(_page(tmp_path / "tall.pdf"))
    text = core.read_pages(path, pages="1").pages[0].text
    markdown = core.read_pages(path, pages="1", format="markdown").pages[0].markdown
    for out in (text, markdown):
        assert out.index("load factor aimed at") < out.index("c u)") < out.index("where the forecast")
