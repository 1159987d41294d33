"""Headings set in the left margin beside their paragraphs (side heads), drawn by the content
stream before the page's text: each is read right before the paragraph it stands level with,
and a search for tables does not take a head and its paragraph's first line for a row of two
cells. Before, every head on the page came first, away from its text."""

from __future__ import annotations

from pdfcore.layout.margin_heads import margin_head_lines
from pdfcore.layout.reading_order import order_blocks
from pdfcore.models import Box, TextLine

PROSE = [
    "Hollins Barn is a restored stone barn on a working hill farm with views across the valley",
    "to the hills beyond. We host only one wedding a day, so the barn and the orchard are yours",
    "from eleven in the morning until midnight, with the ceremony room licensed for civil use.",
]


def _line(text: str, x0: float, y0: float, x1: float, size: float = 9.0) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + size), size)


def _page() -> list[TextLine]:
    heads = [_line("Welcome", 90, 100, 150, 12), _line("Venue Hire", 80, 200, 150, 12)]
    body = [_line(t, 175, 100 + 12 * k, 530) for k, t in enumerate(PROSE)]
    body += [_line(t.replace("Hollins", "Our"), 175, 200 + 12 * k, 530) for k, t in enumerate(PROSE)]
    return [*heads, *body]  # the heads drawn first


def test_side_heads_are_read_before_the_paragraphs_they_stand_beside() -> None:
    texts = [b.text for b in order_blocks(_page())]
    assert texts[0] == "Welcome" and texts[1].startswith("Hollins Barn"), texts
    at = texts.index("Venue Hire")
    assert texts[at + 1].startswith("Our Barn") and texts[at - 1].startswith("Hollins Barn"), texts


def test_side_heads_are_found_as_lines() -> None:
    lines = _page()
    assert {ln.text for ln in lines if id(ln) in margin_head_lines(lines)} == {"Welcome", "Venue Hire"}


def test_one_short_line_beside_text_is_no_side_head() -> None:
    """One label beside a paragraph (a form's field, a note in the margin): no side head; the
    paragraph over it, drawn after it, is read where it stands (see pdfcore.layout.drawn_late),
    the label after it."""
    lines = _page()[1:]
    assert margin_head_lines(lines) == set()
    texts = [b.text for b in order_blocks(lines)]
    assert texts[0].startswith("Hollins Barn") and texts[1] == "Venue Hire", texts


def test_short_lines_of_a_column_of_text_beside_another_are_no_side_heads() -> None:
    """A page in two columns: a bold line of the left column level with a line of the right one
    is a heading of its column, not a side head (the margin holds other text)."""
    left = [_line("Stall holders bring their own tables", 50, 300 + 12 * k, 150) for k in range(8)]
    lines = [*_page(), *left]
    assert margin_head_lines(lines) == set()
