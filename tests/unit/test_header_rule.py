"""A table ruled over and under its header, its body's rows shaded (the shading's edges are its
column rules, from the rule under the header down): the header between the two rules is the
table's, not a paragraph over it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, write_pdf

ROWS = [
    ("Sat 13 April", "Spring plant sale, Library Garden"),
    ("Wed 24 April", "Parish council meeting, Village Hall"),
    ("Sun 5 May", "Repair Cafe, Methodist Church Hall"),
    ("Mon 6 May", "May Day fun run and picnic"),
    ("Sat 18 May", "Quiz night in aid of the school"),
    ("Sat 8 June", "Open gardens weekend"),
]
LEFT, RIGHT, TOP, ROW = 100.0, 400.0, 600.0, 24.0


def _page(path: Path, head: tuple[str, str] | str) -> Path:
    pg = Page()
    pg.lines(100, 680, ["Dates for your diary. All events are free unless otherwise stated."], size=10)
    pg.line(LEFT, TOP, RIGHT, TOP, width=1.2)  # over the header
    if isinstance(head, tuple):
        pg.text(LEFT + 4, TOP - 14, head[0], size=9).text(LEFT + 110, TOP - 14, head[1], size=9)
    else:
        pg.text(LEFT + 4, TOP - 14, head, size=9)
    body = TOP - 20
    pg.line(LEFT, body, RIGHT, body, width=0.6)  # under the header
    for k, (day, event) in enumerate(ROWS):
        y = body - (k + 1) * ROW
        pg.rect(LEFT, y, RIGHT - LEFT, ROW, rgb=(1, 1, 1) if k % 2 == 0 else (0.93, 0.96, 0.94))
        pg.text(LEFT + 4, y + 8, day, size=9).text(LEFT + 110, y + 8, event, size=9)
    pg.line(LEFT, body - len(ROWS) * ROW, RIGHT, body - len(ROWS) * ROW, width=1.2)
    return write_pdf(path, [pg])


def test_the_header_between_the_rules_heads_the_table(core: Any, tmp_path: Path) -> None:
    path = str(_page(tmp_path / "events.pdf", ("Date", "Event")))
    page = core.read_pages(path, pages="1", format="markdown").pages[0]
    (table,) = page.tables
    assert tuple(table.header) == ("Date", "Event")
    assert len(table.rows) == len(ROWS)
    assert "| Date | Event |\n| --- | --- |\n| Sat 13 April |" in page.markdown


def test_a_caption_between_the_rules_stays_over_the_table(core: Any, tmp_path: Path) -> None:
    """One piece of text between the rules, not cut where the table's columns start: a caption."""
    path = str(_page(tmp_path / "caption.pdf", "Events this spring in the village and around it"))
    page = core.read_pages(path, pages="1", format="markdown").pages[0]
    assert "Events this spring in the village and around it\n\n|" in page.markdown
