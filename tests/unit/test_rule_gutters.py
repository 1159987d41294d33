"""Vertical rules that stand as gutters between columns drawn row by row (and those that do not:
a grid's, a box's side, a flowchart's connector, lines inside vector art)."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.rule_gutters import column_rules, rule_gutters


def line(text: str, x0: float, y0: float, x1: float, h: float = 7.0) -> TextLine:
    return TextLine(text=text, bbox=Box(x0, y0, x1, y0 + h), font_size=h)


def joined_rows(n: int, top: float = 90.0, pitch: float = 10.0) -> list[TextLine]:
    """Two columns drawn row by row, which the extractor joins into one line per row: each line
    runs from the left column (x 34) across x 212 into the right one (to x 330)."""
    return [line(f"A{k} NAME {k} B{k} NAME {k}", 34, top + pitch * k, 330) for k in range(n)]


RULE = Box(212.0, 80.0, 213.0, 220.0)


def test_a_rule_the_rows_of_two_columns_run_across_is_a_gutter() -> None:
    assert rule_gutters(joined_rows(12), [RULE]) == [RULE]


def test_a_rule_with_one_line_across_it_is_no_gutter() -> None:
    # a flowchart: text beside a connector on both sides, one line joined across it by accident
    lines = [line(f"left {k}", 34, 90 + 10 * k, 200) for k in range(12)]
    lines += [line(f"right {k}", 225, 90 + 10 * k, 330) for k in range(12)]
    lines.append(line("stimulation No uptake", 150, 215, 260))
    assert rule_gutters(lines, [RULE]) == []
    assert rule_gutters(lines + joined_rows(4, top=190.0, pitch=6.0), [RULE]) == [RULE]


def test_a_rule_mostly_beside_blank_paper_is_no_gutter() -> None:
    # five rows across the top of a long rule: text beside it along a fifth of its length
    assert rule_gutters(joined_rows(5), [Box(212.0, 80.0, 213.0, 400.0)]) == []


def test_a_rule_inside_vector_art_is_no_gutter() -> None:
    assert rule_gutters(joined_rows(12), [RULE], art=[Box(150.0, 70.0, 300.0, 230.0)]) == []
    # art elsewhere on the page changes nothing
    assert rule_gutters(joined_rows(12), [RULE], art=[Box(400.0, 70.0, 500.0, 230.0)]) == [RULE]


def test_a_grids_vertical_rule_is_no_gutter() -> None:
    rows = tuple(Box(30.0, 89.0 + 10 * k, 335.0, 89.5 + 10 * k) for k in range(13))
    assert rule_gutters(joined_rows(12), [RULE, *rows]) == []


def test_a_column_rule_broken_where_row_rules_cross_it_is_a_grids() -> None:
    # a table whose column rule is drawn piece by piece between the rules under its row groups:
    # the pieces chain through the small breaks, and the row rules cross the chain inside
    pieces = [Box(212.0, 80.0 + 50 * k, 213.0, 126.0 + 50 * k) for k in range(3)]
    groups = [Box(30.0, 127.5 + 50 * k, 335.0, 128.5 + 50 * k) for k in range(2)]
    ends = [Box(30.0, 79.0, 335.0, 79.5), Box(30.0, 226.5, 335.0, 227.0)]
    assert column_rules([*pieces, *groups, *ends]) == []
    assert rule_gutters(joined_rows(14), [*pieces, *groups, *ends]) == []


def test_a_boxs_side_is_no_gutter() -> None:
    # a frame's left side: the rules at both its ends turn right, away from it
    frame = [RULE, Box(212.0, 79.5, 400.0, 80.5), Box(212.0, 219.5, 400.0, 220.5)]
    assert rule_gutters(joined_rows(12), frame) == []
    # rules crossing both its ends (a bulletin's frame above and below the columns) keep it
    crossing = [RULE, Box(30.0, 79.5, 400.0, 80.5), Box(30.0, 219.5, 400.0, 220.5)]
    assert rule_gutters(joined_rows(12), crossing) == [RULE]


def test_the_sides_of_a_column_of_checkboxes_chain_into_one_rule() -> None:
    # each checkbox's left side a short segment, one under the other a little apart
    sides = [Box(212.0, 88.0 + 10 * k, 212.0, 96.0 + 10 * k) for k in range(12)]
    assert column_rules(sides) == [Box(212.0, 88.0, 212.0, 206.0)]
    assert rule_gutters(joined_rows(12), sides) == [Box(212.0, 88.0, 212.0, 206.0)]


def test_a_column_rule_of_a_table_framed_by_rules_as_long_is_no_gutter() -> None:
    # a table ruled down only: its frame's sides and its column rule, all as long, no text beyond
    frame = [Box(30.0, 80.0, 31.0, 220.0), RULE, Box(335.0, 80.0, 336.0, 220.0)]
    assert rule_gutters(joined_rows(12), frame) == []
    # text beyond a side (a column beside the ruled ones): no frame
    beyond = [line(f"C{k}", 340, 90 + 10 * k, 400) for k in range(12)]
    assert rule_gutters(joined_rows(12) + beyond, frame) == [RULE]
