"""Headings side by side over groups of columns, one ruling under all of them (their underlines
drawn end to end): each heads the run of columns centred under it."""

from __future__ import annotations

from adapters._table_header import underline_groups

#: Five columns: a stub (0 to 220), then four 80 pt wide.
CUTS = [220.0, 300.0, 380.0, 460.0]


def test_two_groups_of_two() -> None:
    # the ruling from 220 to 540 under columns 1-4; headings centred at 300 and 460
    assert underline_groups({1: 300.0, 3: 460.0}, [1, 2, 3, 4], CUTS, (220.0, 540.0), 5) == {1: (1, 2), 3: (3, 4)}


def test_a_heading_standing_in_the_second_column_of_its_group() -> None:
    # groups of three and one: the first heading, centred at 340, stands in column 2
    assert underline_groups({2: 340.0, 4: 500.0}, [1, 2, 3, 4], CUTS, (220.0, 540.0), 5) == {2: (1, 3), 4: (4, 4)}


def test_a_ruling_under_every_column_is_no_group_underline() -> None:
    assert underline_groups({1: 300.0, 3: 460.0}, [0, 1, 2, 3, 4], CUTS, (0.0, 540.0), 5) is None


def test_one_heading_is_no_group() -> None:
    assert underline_groups({1: 380.0}, [1, 2, 3, 4], CUTS, (220.0, 540.0), 5) is None


def test_a_column_between_two_groups_is_left_to_neither() -> None:
    # a count's column (2) between a heading over one column and one over two
    assert underline_groups({1: 260.0, 3: 460.0}, [1, 2, 3, 4], CUTS, (220.0, 540.0), 5) == {1: (1, 1), 3: (3, 4)}
