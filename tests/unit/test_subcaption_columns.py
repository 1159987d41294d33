"""Subcaptions set side by side under their figures: each read as one block, left then right,
however close they stand (a space between them) and whatever labels of a drawing stand over
one of them."""

from __future__ import annotations

from pdfcore.layout import assemble
from pdfcore.models import Box, DocumentFacts, PageInfo, PageText, TextLine
from pdfcore.structure import learn, page_structure, render_page

LEFT = [
    "(a) Example of an artificial neuron unit.",
    "xi are the input signals and wi are",
    "weights which have to get learned.",
    "Each input signal gets multiplied",
    "with its weight, everything gets",
    "summed up and the activation func-",
    "tion is applied.",
]
RIGHT = [
    "(b) A visualization of a simple feed-",
    "forward neural network. The five in-",
    "put nodes are red, the two bias nodes",
    "are gray, the three hidden units are",
    "green and the single output node",
    "is blue.",
]


def _line(text: str, x0: float, y0: float, x1: float, size: float = 8.0) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + size), size)


PROSE = "the quick brown fox jumps over the lazy dog while seven wise owls watch"


def _page() -> PageText:
    """A page in two columns; at the top of the right one a drawing's labels over the left
    subcaption (nothing beside them), the two subcaptions side by side, then running text."""
    body = [_line(f"L{k} {PROSE}", 50, 40 + 12 * k, 290, 10.0) for k in range(40)]
    labels = [_line(f"x{k}", 330 + 30 * (k % 2), 40 + 12 * k, 340 + 30 * (k % 2), 10.0) for k in range(9)]
    left = [_line(t, 310 if k == 0 else 322, 160 + 9 * k, 434) for k, t in enumerate(LEFT)]
    left[-1] = _line(LEFT[-1], 322, 160 + 9 * 6, 370)
    right = [_line(t, 433.6 if k == 0 else 446, 160 + 9 * k, 550) for k, t in enumerate(RIGHT)]
    right[-1] = _line(RIGHT[-1], 446, 160 + 9 * 5, 470)
    text = [_line(f"R{k} {PROSE}", 310, 240 + 12 * k, 550, 10.0) for k in range(30)]
    return assemble(PageText(index=0, text="", lines=(*body, *labels, *left, *right, *text)))


def test_side_by_side_subcaptions_are_read_one_after_the_other() -> None:
    """The page's text gives each whole, and so do the page's blocks: rows at one height are no
    one row across the two."""
    page = _page()
    assert all(b.bbox.x1 <= 435 or b.bbox.x0 >= 433 for b in page.blocks if "applied" in b.text or "blue" in b.text)
    text = page.text
    assert text.index("is applied.") < text.index("(b) A visualization"), text
    assert text.index("xi are the input signals") < text.index("is applied."), text


def test_side_by_side_subcaptions_are_two_items_of_one_level() -> None:
    page = _page()
    facts = DocumentFacts(page_count=1, metadata=(), outline=(), pages=(PageInfo(index=0, width=612.0, height=792.0),))
    md = render_page(page_structure(page, facts, learn([page], facts)))
    assert "- (a) Example of an artificial neuron unit. xi are the input signals" in md, md
    assert "\n- (b) A visualization of a simple feed" in md, md


def test_boxes_beside_each_other_here_and_there_are_no_columns() -> None:
    """A flowchart's boxes: the left side's lines beside the right's are not one block (short
    labels stand between them), so the side is not judged by them alone: no columns there."""
    body = [_line(f"L{k} {PROSE}", 50, 40 + 12 * k, 290, 10.0) for k in range(40)]
    labels = [_line(f"x{k}", 330 + 30 * (k % 2), 40 + 12 * k, 340 + 30 * (k % 2), 10.0) for k in range(9)]
    tops = [160, 169, 178, 214, 223, 232]  # two boxes on each side, at the same heights
    left = [_line(t, 322, y, 434) for t, y in zip(LEFT, tops, strict=False)]
    between = [_line(f"y{k}", 330, 190 + 8 * k, 340, 6.0) for k in range(3)]  # a label between, left only
    right = [_line(t, 446, y, 550) for t, y in zip(RIGHT, tops, strict=True)]
    text = [_line(f"R{k} {PROSE}", 310, 280 + 12 * k, 550, 10.0) for k in range(30)]
    page = assemble(PageText(index=0, text="", lines=(*body, *labels, *left, *between, *right, *text)))
    assert page.text.index("(b) A visualization") < page.text.index("summed up"), page.text
