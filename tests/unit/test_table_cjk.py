"""A cell's lines joined: Chinese and Japanese wrapped in a cell join with no space (they set
none between words), short items stacked over longer ones stay apart, other scripts keep theirs."""

from __future__ import annotations

from adapters._plumber_table_page import _cell_text
from adapters._table_rows import join_lines


def test_a_cjk_label_wrapped_in_its_cell_is_one_word() -> None:
    assert join_lines("销售商品、提供劳务收到的现", "金") == "销售商品、提供劳务收到的现金"
    assert join_lines("持分法の適用範囲", "の変動") == "持分法の適用範囲の変動"
    assert (
        _cell_text("清偿债务减少预计负债，计入营\n业外收入 3,340 元") == "清偿债务减少预计负债，计入营业外收入 3,340 元"
    )


def test_short_items_stacked_over_longer_ones_and_other_scripts_keep_a_space() -> None:
    assert join_lines("英语", "意大利语") == "英语 意大利语"
    assert join_lines("Revenue from", "contracts") == "Revenue from contracts"
    assert join_lines("2018 年", "1-3 月") == "2018 年 1-3 月"
    assert _cell_text("Total  net\nincome") == "Total net income"
