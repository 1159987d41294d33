"""A table cut by a column break, its header printed again over its rest at the top of the next
column, is one table in the page's Markdown; a second table with the same header standing
under the first, or with a caption of its own, is a table of its own."""

from __future__ import annotations

from pdfcore.models import BodySpan, Box, Table
from pdfcore.structure.elements import column_tables
from pdfcore.structure.model import Element

HEADER = ("Pitch", "Size", "Fee")


def _table(box: Box, rows: list[tuple[str, ...]], spans: tuple[BodySpan, ...] = ()) -> Element:
    return Element("table", bbox=box, table=Table(header=HEADER, rows=tuple(rows), bbox=box, body_spans=spans))


def test_a_table_going_on_at_the_top_of_the_next_column_is_one_table() -> None:
    first = _table(Box(50, 600, 290, 760), [("Standard", "3 m", "£22"), ("Double", "6 m", "£40")])
    rest = _table(Box(305, 80, 545, 160), [("Corner", "3 m", "£26"), ("Van", "4 m", "£30")], (BodySpan(1, 1, 1, 2),))
    (one,) = column_tables([first, rest])
    assert one.table is not None
    assert [r[0] for r in one.table.rows] == ["Standard", "Double", "Corner", "Van"]
    assert one.table.body_spans == (BodySpan(3, 1, 1, 2),)


def test_a_table_under_another_or_with_its_own_caption_stays_apart() -> None:
    first = _table(Box(50, 100, 290, 200), [("Standard", "3 m", "£22")])
    under = _table(Box(50, 260, 290, 360), [("Corner", "3 m", "£26")])
    assert len(column_tables([first, under])) == 2
    beside = _table(Box(305, 80, 545, 160), [("Corner", "3 m", "£26")])
    captioned = Element("table", bbox=beside.bbox, table=beside.table, caption="Table 2. Winter fees")
    assert len(column_tables([first, captioned])) == 2
