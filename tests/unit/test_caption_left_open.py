"""A caption under a table, left open (no stop at its end) and set as wide as the column, is
not carried on by the paragraph of running text right under it: a caption goes on only in a
paragraph of a row or two (its formula, a second row in another face). Before, the paragraph
under a two-row caption ending `... both adjudicators` was read as the caption's end."""

from __future__ import annotations

from pdfcore.models import Box, Table, TextLine
from tests.unit.test_structure import LEFT, LOREM, RIGHT, ln, markdown, page, para

CAPTION = ["Table 1: Championship Section results, combined marks of both adjudicators and", "the stewards"]


def _rows(gap: float) -> list[TextLine]:
    top = 260.0
    rows = [*para(LOREM, 100), ln("Place Band Points", 200), ln("1 Pennine Moor Brass 197", 215)]
    rows += [ln("2 Skelmanthorpe Band 195", 230), ln("3 Haworth Silver 192", 245)]
    rows += [ln(CAPTION[0], top, size=9, x1=RIGHT), ln(CAPTION[1], top + 10.8, size=9)]
    return rows + para(LOREM, top + 10.8 + 9 + gap)


def _table() -> Table:
    body = (("1", "Pennine Moor Brass", "197"), ("2", "Skelmanthorpe Band", "195"), ("3", "Haworth Silver", "192"))
    return Table(("Place", "Band", "Points"), body, Box(LEFT, 198, 300, 256))


def test_running_text_under_a_caption_left_open_is_its_own_paragraph() -> None:
    (md,) = markdown([page(_rows(gap=7.0), tables=(_table(),), tables_checked=True)])
    assert f"\n\n{' '.join(CAPTION)}\n\n{' '.join(LOREM)}" in md, md
