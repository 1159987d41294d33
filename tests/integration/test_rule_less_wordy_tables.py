"""A table without rules whose last column holds short phrases ("Back the way you came, 18 km")
under a row of column headings in bold: a table, not a column of running text beside one, nor
a book's index (a distance after a comma is no page number)."""

from __future__ import annotations

from pathlib import Path

from tests.integration.test_tables import _paragraph, _paragraphs, _set_table

BAIL_OUT = [
    ["Place", "Km", "Shortest route back to Hembury"],
    ["Ashby Fold", "18.4", "Back the way you came, 18 km"],
    ["Wrenholme Farm Shop", "40.1", "B1248 and Carr Lane, 21 km"],
    ["Lowther village", "58.2", "Direct road over the Wolds, 26 km"],
]


def test_short_phrases_under_bold_headings_are_a_tables_column(tmp_path: Path) -> None:
    padding = [("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]
    before = [_paragraph("If you need to leave the ride early, these are the best points to turn back.")]
    cells = _paragraphs(BAIL_OUT, bold=1)
    t = _set_table(tmp_path / "b.pdf", cells, [120, 45, 190], padding, before=before, align="LEFT")
    assert [list(t.header), *map(list, t.rows)] == BAIL_OUT, t
