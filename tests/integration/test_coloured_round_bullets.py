"""List bullets drawn as small discs in a colour (a brand's maroon bullet, filled Bezier
circles): the items are list items. Before, only dark grey marks counted as bullets (a chart's
colour swatches are none), so such a list read as paragraphs. A chart's colour swatches
(squares) beside their labels still make no list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, write_pdf

ITEMS = [
    "Return coach travel in an executive coach with an experienced driver.",
    "Six nights' dinner, bed and breakfast in three and four star hotels.",
    "Ferry crossings and a guided tour of the island's castles.",
]
SERIES = ["Series one sales", "Series two sales", "Series three sales"]
K = 0.5523  # a quarter circle's control points


def _disc(page: Page, cx: float, cy: float, r: float, rgb: tuple[float, float, float]) -> None:
    k = K * r
    path = (
        f"{cx + r:g} {cy:g} m "
        f"{cx + r:g} {cy + k:g} {cx + k:g} {cy + r:g} {cx:g} {cy + r:g} c "
        f"{cx - k:g} {cy + r:g} {cx - r:g} {cy + k:g} {cx - r:g} {cy:g} c "
        f"{cx - r:g} {cy - k:g} {cx - k:g} {cy - r:g} {cx:g} {cy - r:g} c "
        f"{cx + k:g} {cy - r:g} {cx + r:g} {cy - k:g} {cx + r:g} {cy:g} c f"
    )
    page.ops.append(f"q {rgb[0]} {rgb[1]} {rgb[2]} rg {path} Q")


def _page() -> Page:
    page = Page()
    page.text(72, 720, "The price of the tour includes the following:", size=10)
    for k, item in enumerate(ITEMS):
        y = 700 - 16 * k
        _disc(page, 78, y + 3.5, 1.8, (0.47, 0.08, 0.16))
        page.text(86, y, item, size=10)
    page.text(72, 630, "Please read the booking conditions before you pay your deposit.", size=10)
    for k, label in enumerate(SERIES):
        y = 560 - 16 * k
        page.rect(76, y, 3.6, 3.6, rgb=(0.1 + 0.3 * k, 0.6, 0.2))
        page.text(86, y, label, size=10)
    return page


def test_coloured_discs_are_bullets_and_swatches_are_not(core: Any, tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "p.pdf", [_page()])
    markdown = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    for item in ITEMS:
        assert f"- {item}" in markdown, markdown
    for label in SERIES:
        assert f"- {label}" not in markdown, markdown
