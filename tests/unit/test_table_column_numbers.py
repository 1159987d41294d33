"""A header whose last row numbers the columns under a group heading (``Places offered under
each rule`` over ``1 2 3 4``) keeps that row: the body starts under it. Before, the row of
figures ended the header and read as the body's first row, empty under the other headings."""

from __future__ import annotations

from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows

HEAD = [
    (0.0, [(0, "School"), (120, "Places"), (200, "Offered under each rule"), (420, "Distance")]),
    (14.0, [(200, "1"), (250, "2"), (300, "3"), (350, "4")]),
]
BODY = [
    (28.0 + 14 * k, [(0, name), (120, places), (200, "1"), (250, "0"), (300, "14"), (350, "45"), (420, "0.9 miles")])
    for k, (name, places) in enumerate((("Ancholme", "60"), ("Barnetby", "15"), ("Barton", "45"), ("Brigg", "60")))
]


def test_a_row_numbering_the_columns_is_the_header_s_last() -> None:
    found = read_table(_rows(*HEAD, *BODY))
    assert found is not None
    assert [r[0] for r in found.rows] == ["Ancholme", "Barnetby", "Barton", "Brigg"], found.rows
