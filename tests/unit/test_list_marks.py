"""A list's markers drawn apart from their items (after the page's text, as HTML and CSS
typesetters draw them) are joined to the front of the items they mark
(:func:`pdfcore.layout.list_marks.markers_in_place`); markers read right before their items, or
with no item beside them, stay as they are."""

from __future__ import annotations

from pdfcore.layout.list_marks import markers_in_place
from pdfcore.models import Box, TextLine


def _line(text: str, x0: float, y0: float, x1: float, size: float = 10.0) -> TextLine:
    return TextLine(text=text, bbox=Box(x0, y0, x1, y0 + size), font_size=size)


ITEMS = ["violists and double bass players", "horn players for third and fourth parts"]


def test_bullets_drawn_after_the_page_join_their_items() -> None:
    lines = [
        _line("We are keen to hear from:", 72, 100, 300),
        _line(ITEMS[0], 92, 115, 260),
        _line(ITEMS[1], 92, 130, 300),
        _line("Rehearsals run on Tuesdays.", 72, 150, 250),
        _line("\u2022", 84, 116.5, 90, size=6),
        _line("\u2022", 84, 131.5, 90, size=6),
    ]
    out = markers_in_place(lines)
    assert [ln.text for ln in out] == [
        "We are keen to hear from:",
        f"\u2022 {ITEMS[0]}",
        f"\u2022 {ITEMS[1]}",
        "Rehearsals run on Tuesdays.",
    ]
    assert out[1].bbox == Box(84, 115, 260, 125)
    assert out[1].font_size == 10.0


def test_numbers_set_flush_against_their_items_join_them() -> None:
    lines = [
        _line("A piece of your own choice.", 92, 100, 260),
        _line("One orchestral excerpt.", 92, 115, 230),
        _line("1.", 81, 100.5, 92.2),
        _line("2.", 80.5, 115.5, 92.2),
    ]
    assert [ln.text for ln in markers_in_place(lines)] == [
        "1. A piece of your own choice.",
        "2. One orchestral excerpt.",
    ]


def test_markers_read_with_their_items_or_alone_stay() -> None:
    # a table's number column read row by row: each number right before its row's text
    rows = [
        _line("1.", 72, 100, 80),
        _line("Apples", 90, 100, 130),
        _line("2.", 72, 115, 80),
        _line("Pears", 90, 115, 125),
    ]
    assert markers_in_place(rows) is rows
    # a number far left of the text on its row (a column of its own), and one with nothing beside it
    apart = [_line("Totals for the year", 200, 100, 320), _line("3.", 72, 100, 80), _line("4.", 72, 300, 80)]
    assert markers_in_place(apart) is apart
    # a text on another row is no item of the marker
    below = [_line("Not beside it", 92, 130, 200), _line("\u2022", 84, 100, 90, size=6)]
    assert markers_in_place(below) is below
