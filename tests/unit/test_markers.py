"""List markers at the start of a row."""

from __future__ import annotations

from pdfcore.structure.markers import list_marker
from tests.unit.test_structure import LEFT, ln, markdown, page


def test_labels_alone_are_no_list_marker() -> None:
    """A row of labels only, ``(a) (b)`` under a figure's two parts, opens no list item; a label
    followed by words does."""
    assert list_marker("(a) (b)") == ""
    assert list_marker("(i) (ii) (iii)") == ""
    assert list_marker("(a) The first part of the figure") == "(a)"
    assert list_marker("1. (a)") == "1."


def test_a_figures_part_labels_read_as_text_not_as_an_item() -> None:
    lines = [
        ln("The control flow graph of the nested loop is drawn below for the reader.", 100),
        ln("(a) (b)", 140, x=LEFT + 120),
        ln("In general, if loops are nested to depth k, the strategy yields many traces.", 180),
    ]
    (md,) = markdown([page(lines)])
    assert "- (a)" not in md
    assert "(a) (b)" in md
