"""The paragraph after a list item, its first row set in where the item's text is."""

from __future__ import annotations

from pdfcore.models import TextLine
from tests.unit.test_structure import BODY, LEFT, RIGHT, ln, markdown, page

MARK = LEFT + 6.0  # the bullet
TEXT = MARK + 1.0 * BODY  # the item's text (after the bullet and a space), and the paragraph's first-line indent
PITCH = 12.0


def _rows(space_above: float) -> list[TextLine]:
    y = 100.0
    out = [ln("• If the call succeeds, then we record the call in the trace for the", y, x=MARK, x1=RIGHT)]
    y += PITCH
    out.append(ln("outer loop and go on recording it.", y, x=TEXT, x1=300.0))
    y += PITCH
    out.append(ln("• If it fails, we abort recording the first trace and start again at", y, x=MARK))
    y += PITCH
    out.append(ln("the inner loop's header. 2", y, x=TEXT, x1=250.0))
    y += PITCH + space_above
    out.append(ln("If all the loops in a nest are type-stable, then loop nesting creates", y, x=TEXT, x1=RIGHT))
    y += PITCH
    out.append(ln("no duplication. Otherwise we compile several copies of the loop.", y, x=LEFT, x1=450.0))
    return out


def test_a_paragraph_set_in_under_a_list_item_after_a_space_is_no_part_of_it() -> None:
    """Under an item whose sentence closes (a note's number after it), a row at the item's text
    indent, the row below it back at the margin left of the bullet, after a wider space than
    between the item's rows, opens a paragraph: the item ends, the paragraph reads whole."""
    (md,) = markdown([page(_rows(0.6 * BODY))])
    assert "- If it fails, we abort recording the first trace and start again at the inner loop's header. 2\n" in md
    assert (
        "\n\nIf all the loops in a nest are type-stable, then loop nesting creates no duplication. "
        "Otherwise we compile several copies of the loop." in md
    )


def test_without_the_space_above_the_row_goes_on_with_the_item() -> None:
    """The same rows with no wider space above the set-in row: nothing tells a paragraph there,
    so the item is not cut at it."""
    (md,) = markdown([page(_rows(0.0))])
    assert "\n\nIf all the loops in a nest" not in md
