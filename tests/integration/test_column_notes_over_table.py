"""Two columns of prose, each with its footnote at its foot, over a table whose caption is its
label alone with its title under it: the notes come after the page's body (the title under
them is the caption's, no body text), and a sentence cut by the column break after an aside in
brackets (``(12.6 percent)`` / ``had a ...``) reads as one paragraph."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, write_pdf

LEFT = [
    "The survey counted the people living in the",
    "region in the spring and again in the autumn,",
    "and found that about one in five of them had",
    "moved at least once in the last ten years,1",
    "about 38.3 million people (12.6 percent)",
]
RIGHT = [
    "had moved more than once in the same period,",
    "most of them within the region itself, as the",
    "table below shows for each of the age groups",
    "the survey asked about in both of its rounds.2",
]
NOTE_LEFT = "1 Counted from the day of the first round."
NOTE_RIGHT = "2 Both rounds asked the same questions."
TITLE = "Moves by Age Group: 2024 and 2025"


def _pdf(path: Path) -> Path:
    page = Page()
    page.lines(72, 740, LEFT, size=10, leading=12)
    page.lines(320, 740, RIGHT, size=10, leading=12)
    page.line(72, 668, 140, 668, width=0.5)
    page.text(72, 656, NOTE_LEFT, size=7)
    page.line(320, 668, 388, 668, width=0.5)
    page.text(320, 646, NOTE_RIGHT, size=7)
    page.text(72, 620, "Table 1.", size=9)
    page.text(72, 606, TITLE, size=11, font="F2")
    cells = [["Age", "2024", "2025", "Change"]] + [
        [a, str(10 + k), str(12 + k), "+2"] for k, a in enumerate(["Under 15", "15 to 24", "25 to 44", "45 and over"])
    ]
    page.grid(72.0, 590.0, 20.0, 110.0, cells, size=9)
    return write_pdf(path, [page])


def test_column_notes_over_a_table_follow_the_body_and_the_aside_runs_on(core: Any, tmp_path: Path) -> None:
    path = _pdf(tmp_path / "notes.pdf")
    md = str(core.read_pages(str(path), "1", format="markdown").pages[0].markdown)
    parts = md.split("\n\n")
    body = " ".join(LEFT) + " " + " ".join(RIGHT)
    assert parts[0] == body, md
    assert parts[1] == f"Table 1. {TITLE}", md
    table = next(k for k, p in enumerate(parts) if p.startswith("| Age"))
    assert table == 2 and parts[table + 1 :] == [NOTE_LEFT, NOTE_RIGHT], md
