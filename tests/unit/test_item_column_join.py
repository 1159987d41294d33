"""A list item cut by a column break runs on into the next column's first paragraph when that
one starts mid-sentence, as a paragraph does, and into one under it in its column unless that one
is set back left of the item's marker; an index's entries set as items (page references at their end, or a cross reference) stay
apart."""

from __future__ import annotations

from pdfcore.models import Box
from pdfcore.structure.elements import join_columns
from pdfcore.structure.model import Element

#: The item at the foot of the left column; the next column's top; the left column under the item.
FOOT = Box(72.0, 700.0, 290.0, 724.0)
TOP = Box(320.0, 72.0, 540.0, 96.0)
UNDER = Box(72.0, 730.0, 290.0, 754.0)
BACK = Box(64.0, 730.0, 290.0, 754.0)


def _item(text: str) -> Element:
    return Element("list_item", text=text, bbox=FOOT, marker="-", open_end=True, size=10.0)


def _para(text: str, *, open_start: bool = True, bbox: Box = TOP) -> Element:
    return Element("paragraph", text=text, bbox=bbox, open_end=not text.endswith("."), open_start=open_start, size=10.0)


def test_an_item_cut_by_a_column_break_runs_on() -> None:
    out = join_columns([_item("The offices by the coast sold less than the"), _para("others, as they always have.")])
    assert [(e.kind, e.text) for e in out] == [
        ("list_item", "The offices by the coast sold less than the others, as they always have.")
    ]
    assert not out[0].open_end


def test_past_a_table_between_them() -> None:
    table = Element("table", caption="Table 1.")
    out = join_columns([_item("as shown in the"), table, _para("table below.")])
    assert [e.kind for e in out] == ["list_item", "table"] and out[0].text == "as shown in the table below."


def test_an_item_before_a_capital_or_of_another_size_stays() -> None:
    assert len(join_columns([_item("the last word"), _para("A new start.", open_start=False)])) == 2
    small = Element("paragraph", text="others.", bbox=TOP, open_start=True, size=7.0)
    assert len(join_columns([_item("less than the"), small])) == 2


def test_an_item_runs_on_into_a_paragraph_under_it_not_into_one_set_back_left_of_its_marker() -> None:
    out = join_columns([_item("the conditions have been"), _para("satisfied.", bbox=UNDER)])
    assert [e.text for e in out] == ["the conditions have been satisfied."]
    assert len(join_columns([_item("loop nesting creates"), _para("no duplication.", bbox=BACK)])) == 2


def test_index_entries_set_as_items_stay_apart() -> None:
    for first, second in [
        ("file sharing on, see peer-to-peer (p2p) file sharing", "pornography on, 325n"),
        ("as establishment protectionism, 126–28, 188–99", "four modalities of, 121–26, 317n"),
    ]:
        assert len(join_columns([_item(first), _para(second)])) == 2, (first, second)
