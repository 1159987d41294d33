"""A page's own number after the publication's name at its foot ("The Millbrook Messenger ·
Page 2") is a running foot even in a document too short to learn one from repeats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, write_pdf

BODY = [
    "Spring is the best time of year to listen for the dawn chorus, and the village",
    "is lucky to have a wide variety of songbirds in its hedges and its gardens.",
    "Members of the wildlife group are also keen to hear about any sightings of",
    "hedgehogs, which last year were recorded in more than forty gardens.",
]


def _doc(path: Path, foot: str) -> Path:
    pages = []
    for k in range(2):
        pg = Page()
        pg.lines(72, 700, BODY, size=10)
        pg.text(250, 40, foot.format(k + 1), size=8)
        pages.append(pg)
    return write_pdf(path, pages)


def test_the_name_and_the_page_number_at_the_foot_are_furniture(core: Any, tmp_path: Path) -> None:
    path = str(_doc(tmp_path / "news.pdf", "The Millbrook Messenger · Page {}"))
    for fmt in ("text", "markdown"):
        for page in core.read_pages(path, pages="1-2", format=fmt).pages:
            out = page.text if fmt == "text" else page.markdown
            assert "Millbrook Messenger" not in out
            assert f"The Millbrook Messenger · Page {page.page}" in page.furniture
            assert "hedgehogs" in out


def test_a_number_that_is_not_the_page_s_stays_in_the_text(core: Any, tmp_path: Path) -> None:
    """A line at the foot naming a section and a number that is not the page's ("Clause 7")."""
    path = str(_doc(tmp_path / "clause.pdf", "See the terms of supply | {}7"))
    for page in core.read_pages(path, pages="1-2").pages:
        assert f"See the terms of supply | {page.page}7" in page.text


def test_a_name_holding_a_separator_then_the_page_number(core: Any, tmp_path: Path) -> None:
    """``Halden Instruments plc | Annual Report 2023 1``: the separator inside the name, the
    number after a space."""
    path = str(_doc(tmp_path / "report.pdf", "Halden Instruments plc | Annual Report 2023 {}"))
    for page in core.read_pages(path, pages="1-2").pages:
        assert "Annual Report" not in page.text
        assert f"Halden Instruments plc | Annual Report 2023 {page.page}" in page.furniture
