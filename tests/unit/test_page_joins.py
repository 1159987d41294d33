"""A paragraph running on across a page break (pdfcore.structure.document.join_pages): joined
where it started, also under figures opening the next page (floats, left on that page)."""

from __future__ import annotations

from attrs import evolve

from pdfcore.structure import Element, PageStructure, join_pages, render_document


def _para(text: str) -> Element:
    return Element("paragraph", text=text, open_end=not text.endswith("."), open_start=text[:1].islower())


def test_a_sentence_goes_on_under_a_figure_opening_the_next_page() -> None:
    first = PageStructure(0, (_para("A first paragraph."), _para("She suffered from problems during her life and")), ())
    figure = Element("figure", ref="p2f1", caption="A still from the film")
    second = PageStructure(1, (figure, _para("survived a fall in 1966."), _para("Another paragraph.")), ())
    pages = join_pages([first, second])
    assert pages[0].elements[-1].text == "She suffered from problems during her life and survived a fall in 1966."
    assert [el.kind for el in pages[1].elements] == ["figure", "paragraph"]
    assert pages[1].elements[1].text == "Another paragraph."
    md = render_document([first, second], [None, None])
    assert md.index("and survived a fall") < md.index("<!-- page 2") < md.index("![A still") < md.index("Another")


def test_a_figure_alone_or_a_new_sentence_under_it_joins_nothing() -> None:
    first = PageStructure(0, (_para("She suffered from problems during her life and"),), ())
    figure = Element("figure", ref="p2f1", caption="A still")
    alone = PageStructure(1, (figure,), ())
    assert join_pages([first, alone]) == [first, alone]
    new = PageStructure(1, (figure, _para("Another paragraph starts here.")), ())
    assert join_pages([first, new]) == [first, new]


def test_a_sentence_goes_on_under_a_table_opening_the_next_page() -> None:
    first = PageStructure(0, (_para("The rates were set by the board and"),), ())
    table = Element("table", caption="Table 2. Rates")
    second = PageStructure(1, (table, _para("published in the spring."), _para("Another paragraph.")), ())
    pages = join_pages([first, second])
    assert pages[0].elements[-1].text == "The rates were set by the board and published in the spring."
    assert [el.kind for el in pages[1].elements] == ["table", "paragraph"]


def test_a_sentence_goes_on_into_a_page_whose_text_size_is_unknown() -> None:
    """The next page's text drawn in a font whose size the text layer does not tell (0): no
    size tells the two paragraphs apart, the sentence goes on."""
    first = PageStructure(0, (evolve(_para("A final value was then calculated as the lowest mean of"), size=11.0),), ())
    second = PageStructure(1, (evolve(_para("values for each of the two classes."), size=0.0),), ())
    pages = join_pages([first, second])
    assert (
        pages[0].elements[-1].text
        == "A final value was then calculated as the lowest mean of values for each of the two classes."
    )


def test_a_lettered_paragraph_at_a_pages_foot_is_an_item_when_the_next_page_goes_on_its_lettering() -> None:
    """ "(a) whether ..." alone at the foot of a page, read as a paragraph there (a list has two
    items at least), then "(b) ..." and "(c) ..." opening the next page as items: in the
    document, the first is an item of the same list. A next page opening with other lettering,
    or with no item, leaves it a paragraph."""
    first = PageStructure(
        0,
        (_para("The issues are as follows:"), _para("(a) whether the respondent breached the contract;")),
        (),
        lettering="(a)",
    )

    def item(text: str) -> Element:
        return Element("list_item", text=text, marker="-")

    second = PageStructure(
        1, (item("(b) whether the shifts put women at a disadvantage; and"), item("(c) what sum is owed.")), ()
    )
    pages = join_pages([first, second])
    assert pages[0].elements[-1].kind == "list_item" and pages[0].elements[-1].text.startswith("(a) whether")
    md = render_document([first, second], [None, None])
    assert "- (a) whether the respondent breached the contract;" in md
    for other in (
        PageStructure(1, (item("(c) what sum is owed."),), ()),
        PageStructure(1, (_para("(b) whether the shifts put women at a disadvantage."),), ()),
    ):
        assert join_pages([first, other])[0].elements[-1].kind == "paragraph"


def test_the_caption_under_a_tables_last_part_stays_with_the_joined_table() -> None:
    """A table going on onto the next page, its caption printed under its end there: the table
    made one where it started keeps that caption (under it); a caption of the first part's own
    leaves the second's where it was."""
    from pdfcore.models import Box, Table

    first = Table(("Item", "Check"), (("Lights", "Walk round"),), Box(70, 600, 500, 760), page=0, continued_on=1)
    rest = Table(("Item", "Check"), (("Brakes", "Handbrake"),), Box(70, 60, 500, 100), page=1, continued_from=0)
    caption = "Table 1. Items checked during the test"
    upper = PageStructure(0, (Element("table", table=first),), ())
    lower = PageStructure(1, (Element("table", table=rest, caption=caption, caption_below=True), _para("Next.")), ())
    pages = join_pages([upper, lower])
    joined = pages[0].elements[0]
    assert joined.table is not None and len(joined.table.rows) == 2
    assert joined.caption == caption and joined.caption_below
    assert [el.text for el in pages[1].elements] == ["Next."]
    own = PageStructure(0, (Element("table", table=first, caption="Table 1. Items"),), ())
    pages = join_pages([own, lower])
    assert pages[0].elements[0].caption == "Table 1. Items"
    assert [el.text for el in pages[1].elements] == [caption, "Next."]
