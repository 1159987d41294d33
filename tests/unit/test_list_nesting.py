"""A list item's ``level`` is the depth the Markdown sets it at: at most one level below the item
before it, a list's first item at level 0, on a page and on a page the document's join changed."""

from __future__ import annotations

from pdfcore.layout import assemble
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, Table, TextLine
from pdfcore.structure import Element, PageStructure, join_pages, learn, page_structure, render_document, render_page
from pdfcore.structure.elements import nest_items

FACTS = DocumentFacts(page_count=1, metadata=(), outline=(), pages=(PageInfo(index=0, width=612.0, height=792.0),))


def _page(*rows: tuple[str, float, float]) -> PageText:
    """A page of 10 pt lines: (text, left edge, top)."""
    lines = tuple(TextLine(t, Box(x, y, x + 6.0 * len(t), y + 10.0), 10.0, False, False) for t, x, y in rows)
    return assemble(PageText(index=0, text="", lines=lines))


def _items(page: PageStructure) -> list[tuple[str, int]]:
    return [(el.text, el.level) for el in (*page.elements, *page.footnotes) if el.kind == "list_item"]


def test_an_item_set_right_of_the_items_after_it_is_at_level_0_as_the_markdown_shows() -> None:
    page = _page(
        ("Some words of a paragraph here.", 72.0, 40.0),
        ("1. alpha beta", 110.0, 70.0),  # right of the item under it: its left edge says level 1
        ("3. gamma", 72.0, 82.0),
    )
    built = page_structure(page, FACTS, learn([page], FACTS))
    assert _items(built) == [("alpha beta", 0), ("gamma", 0)]
    assert render_page(built).split("\n\n")[1] == "1. alpha beta\n3. gamma"


def test_items_nested_by_their_left_edges_keep_their_levels() -> None:
    page = _page(
        ("Some words of a paragraph here.", 72.0, 40.0),
        ("1. alpha beta", 72.0, 70.0),
        ("2. gamma delta", 110.0, 82.0),
        ("3. epsilon", 72.0, 94.0),
    )
    built = page_structure(page, FACTS, learn([page], FACTS))
    assert _items(built) == [("alpha beta", 0), ("gamma delta", 1), ("epsilon", 0)]
    assert render_page(built).split("\n\n")[1] == "1. alpha beta\n   2. gamma delta\n3. epsilon"


def test_nesting_goes_one_level_at_a_time_across_elements_rendered_empty() -> None:
    items = [
        Element("list_item", "a", marker="-", level=2),
        Element("list_item", "b", marker="-", level=3),
        Element("heading", "", level=2),  # renders to nothing: the list goes on
        Element("list_item", "c", marker="-", level=3),
        Element("paragraph", "between"),
        Element("list_item", "d", marker="-", level=1),
    ]
    nested = nest_items(items)
    assert [el.level for el in nested] == [0, 1, 2, 1, 0, 0]  # c a sibling of b, as set
    assert nested[2] is items[2] and nested[4] is items[4]  # only levels that change are new objects
    assert nest_items(nested) == nested


def test_siblings_lifted_with_the_first_item_of_a_list_stay_siblings() -> None:
    # a page opening inside a list nested in an item of the page before: its items stand right
    # of the parent list's next item, and all read at one level before it
    items = [
        Element("list_item", "xlvi", marker="-", level=1),
        Element("list_item", "xlvii", marker="-", level=1),
        Element("list_item", "b", marker="-", level=0),
        Element("list_item", "i", marker="-", level=1),
    ]
    assert [el.level for el in nest_items(items)] == [0, 0, 0, 1]


def _table(**kwargs: object) -> Table:
    return Table(bbox=Box(72.0, 300.0, 540.0, 400.0), **kwargs)  # type: ignore[arg-type]


def test_a_table_that_renders_once_joined_ends_the_list_before_it_on_its_page() -> None:
    # page 1 ends with an item, the (empty) top of a table going on on page 2, and an item nested
    # under the first: the table rendered nothing, so the second item nested in the first's list
    first = PageStructure(
        0,
        (
            Element("list_item", "one", marker="-"),
            Element("table", table=_table(header=(), rows=(), continued_on=1)),
            Element("list_item", "two", marker="-", level=1),
        ),
    )
    assert render_page(first) == "- one\n  - two"
    second = PageStructure(
        1, (Element("table", table=_table(header=("x", "y"), rows=(("1", "2"),), continued_from=0)),)
    )
    joined = join_pages([first, second])
    # joined, the table holds page 2's rows and stands between the items: the second starts a list
    assert _items(joined[0]) == [("one", 0), ("two", 0)]
    assert render_document([first, second], [None, None]) == (
        "<!-- page 1 -->\n\n- one\n\n| x | y |\n| --- | --- |\n| 1 | 2 |\n\n- two\n\n<!-- page 2 -->\n"
    )


def _item(text: str, x: float, y: float, level: int = 0) -> Element:
    return Element("list_item", text, bbox=Box(x, y, 500.0, y + 10.0), marker="-", level=level)


def test_items_set_in_at_the_top_of_a_page_nest_under_the_item_ending_the_page_before() -> None:
    """A page ends with a bullet's item; the next opens with items set an em further in, then a
    bullet back level with it: those items are its sub-items (the page's own nesting, blind to
    the page before, made them its list's first level). They join the item's page, so the
    Markdown nests them in one list (the page's comment line between them would end it)."""
    first = PageStructure(
        0, (_item("Unlimited use of the gym.", 63.0, 700.0), _item("Classes, booked by app:", 63.0, 720.0))
    )
    second = PageStructure(
        1,
        (
            _item("Peak members book eight a week.", 79.0, 60.0),
            _item("Off-peak members book four a week.", 79.0, 75.0),
            _item("Swimming in public sessions.", 63.0, 90.0),
        ),
    )
    joined = join_pages([first, second])
    assert _items(joined[0])[-2:] == [("Peak members book eight a week.", 1), ("Off-peak members book four a week.", 1)]
    assert _items(joined[1]) == [("Swimming in public sessions.", 0)]
    assert render_document([first, second], [None, None]).startswith(
        "<!-- page 1 -->\n\n- Unlimited use of the gym.\n- Classes, booked by app:\n"
        "  - Peak members book eight a week.\n  - Off-peak members book four a week.\n\n<!-- page 2 -->"
    )


def test_a_page_set_further_right_throughout_keeps_its_items_own_level() -> None:
    """A page whose items all stand further right (a book's facing pages set with other margins)
    has no item back level with the page before's: its items open a list of their own."""
    first = PageStructure(0, (_item("One.", 63.0, 700.0), _item("Two:", 63.0, 720.0)))
    second = PageStructure(1, (_item("Three.", 81.0, 60.0), _item("Four.", 81.0, 75.0)))
    joined = join_pages([first, second])
    assert _items(joined[1]) == [("Three.", 0), ("Four.", 0)]


def test_a_nested_item_stands_where_the_text_of_the_item_it_nests_in_starts() -> None:
    # CommonMark nests an item only under its parent's text: two columns in under "-", three
    # under "1.", five under "100." (four spaces there would run the item into its parent's text)
    items = [
        Element("list_item", "one", marker="1."),
        Element("list_item", "under one", marker="-", level=1),
        Element("list_item", "deeper", marker="-", level=2),
        Element("list_item", "hundred", marker="100."),
        Element("list_item", "under a hundred", marker="-", level=1),
        Element("list_item", "bullet", marker="-"),
        Element("list_item", "under a bullet", marker="2)", level=1),
        Element("list_item", "under that", marker="-", level=2),
    ]
    nested = nest_items(items)
    assert [el.indent for el in nested] == [0, 3, 5, 0, 5, 0, 2, 5]
    assert render_page(PageStructure(0, tuple(nested))) == (
        "1. one\n   - under one\n     - deeper\n100. hundred\n     - under a hundred\n"
        "- bullet\n  2) under a bullet\n     - under that"
    )


def test_a_list_after_a_paragraph_starts_again_at_the_margin() -> None:
    nested = nest_items(
        [
            Element("list_item", "ten", marker="10."),
            Element("list_item", "under ten", marker="-", level=1),
            Element("paragraph", "Words between."),
            Element("list_item", "again", marker="-"),
            Element("list_item", "under again", marker="-", level=1),
        ]
    )
    assert [el.indent for el in nested if el.kind == "list_item"] == [0, 4, 0, 2]
