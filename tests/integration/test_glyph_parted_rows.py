"""A table's row drawn as one run of text whose cells the producer spaced apart by kerning, a
glyph from another font in it (an apostrophe, a registered sign) parting pdfium's rects: the
rects are set edge to edge, so the blanks lie inside them and are looked for as in a row of one
rect. Two wide runs side by side (a change of face in running text) are two runs, not parted by
a glyph: a justified line's wide word spaces there are no table's blanks."""

from __future__ import annotations

from pathlib import Path

from tests.pdfgen import Page, write_pdf
from tests.tableread import finished_pages

SIZE = 10.0


def test_a_row_parted_by_an_apostrophe_from_another_font_has_its_blanks_found(tmp_path: Path) -> None:
    page = Page()
    # `L. Carter    Clerk's salary, October    612.40`: the apostrophe from the bold face
    page.ops.append(
        f"BT 40 700 Td /F1 {SIZE:g} Tf [(L. Carter) -6000 (Clerk)] TJ /F2 {SIZE:g} Tf (') Tj "
        f"/F1 {SIZE:g} Tf [(s salary, October) -9000 (612.40)] TJ ET"
    )
    (p,) = finished_pages(write_pdf(tmp_path / "row.pdf", [page]))
    (line,) = [ln for b in p.blocks for ln in b.lines]
    assert line.text == "L. Carter Clerk's salary, October 612.40", line.text
    assert [round(g.width) for g in p.gaps] == [60, 90], p.gaps


def test_two_runs_of_running_text_side_by_side_are_not_looked_at(tmp_path: Path) -> None:
    page = Page()
    # a justified line in two faces, its word spaces three times a space (spread like a row)
    page.ops.append(
        f"BT 40 700 Td 8 Tw /F1 {SIZE:g} Tf (the survey of 2019 used the panel of) Tj "
        f"/F2 {SIZE:g} Tf ( 1980 and the census of 2020) Tj ET"
    )
    (p,) = finished_pages(write_pdf(tmp_path / "justified.pdf", [page]))
    (line,) = [ln for b in p.blocks for ln in b.lines]
    assert line.text.startswith("the survey of 2019"), line.text
    assert p.gaps == (), p.gaps
