"""Where a list item ends and a paragraph starts: a paragraph set in under an item, a first-line
indent that is no hanging one."""

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


def test_a_first_line_indent_under_a_closed_sentence_is_no_hanging_item() -> None:
    """A paragraph's last row closing its sentence, the next paragraph's first row set in under
    it and running on into a row back at the margin: two paragraphs, neither a list item whose
    bullet the text layer lost (a hanging indent sets every row of an item in, not just one)."""
    lines = [
        ln("The first trace covers lines four and five of the program and is compiled", 100, x1=RIGHT),
        ln("at once; the interpreter then loops back to the outer loop's first line.", 112, x1=RIGHT - 12),
        ln("i=3. Now the loop header at the first line has become hot, so the monitor", 124, x=LEFT + 12, x1=RIGHT),
        ln("starts recording the outer loop and nests the inner one inside its trace.", 136, x1=400.0),
    ]
    (md,) = markdown([page(lines)])
    assert "- " not in md
    assert "outer loop's first line.\n\ni=3. Now the loop header" in md
