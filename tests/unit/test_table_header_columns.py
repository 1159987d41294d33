"""A heading centred over figures set flush right, too short to reach over them (``Half day``
over ``42``): the blank between the heading and its figures is no column boundary. Before, each
such column came out twice: the heading over an empty column, its figures under none."""

from __future__ import annotations

from adapters._table_glyphs import Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows

HEAD = (
    (0, [(0, "Package"), (120, "Weekdays and weekends")]),
    (14, [(100, "Half day"), (180, "Full day")]),
)
ROWS = (
    *HEAD,
    (28, [(0, "Essential"), (150, "42"), (230, "55")]),
    (42, [(0, "Classic"), (150, "54"), (230, "69")]),
    (56, [(0, "Premier"), (150, "68"), (230, "86")]),
)


def test_a_heading_over_figures_beside_it_heads_their_column() -> None:
    found = read_table(_rows(*ROWS))
    assert found is not None
    assert found.rows == [["Essential", "42", "55"], ["Classic", "54", "69"], ["Premier", "68", "86"]]
    assert found.header[1:] == ["Weekdays and weekends Half day", "Weekdays and weekends Full day"]


def test_a_ruling_between_them_keeps_the_columns_apart() -> None:
    found = read_table(_rows(*ROWS), [Rule(145, 12, 145.5, 68)])
    assert found is not None
    assert found.rows[0][:3] == ["Essential", "", "42"]


def test_a_column_whose_text_starts_lower_down_is_no_headings_own() -> None:
    """Text on the first line only, then figures from the third line on (a line between them
    holds neither): the first line's text is a row's, not the figures' heading."""
    rows = (
        *HEAD,
        (28, [(0, "Essential")]),
        (42, [(0, "Classic"), (150, "54"), (230, "69")]),
        (56, [(0, "Premier"), (150, "68"), (230, "86")]),
    )
    found = read_table(_rows(*rows))
    assert found is not None
    assert found.rows[-1] == ["Premier", "", "68", "", "86"]
