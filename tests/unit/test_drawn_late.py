"""Parts of a page drawn after the text below them; numbers hung left of their items without a
stop.

- A run of blocks the content stream draws after the text under it (a list whose numbers are
  positioned, drawn after the rest of the page) is read where it stands, not after the page's
  last paragraph; blocks set side by side keep the order they are drawn in.
- Numbers alone without a stop (``1``, ``3``, ``4`` ...), one above the other at one left
  edge, counting up, each level with its item's first line, are the items' markers: the list is
  a numbered one (an item whose number the text layer gave with its text counts too).
"""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para

STEPS = [
    "Do not bend your hip more than ninety degrees when you sit down.",
    "Do not cross your legs, whether you are lying, sitting or standing.",
    "Do not twist on your operated leg when you turn round in a room.",
    "Sleep on your back for the first six weeks with a pillow between your knees.",
]


def _late_list() -> list:  # type: ignore[type-arg]
    """A heading, a paragraph, a paragraph further down, a footer; then a list in the space
    between the two paragraphs, drawn last."""
    lines = [ln("Protecting Your New Hip", 60, size=14, bold=True), *para(LOREM, 84)]
    lines += para(LOREM, 260)
    lines.append(ln("Leaflet ORT-041", 740, size=8))
    lines += [ln(f"- {text}", 140 + 24 * k, x=90) for k, text in enumerate(STEPS[:3])]
    return lines


def test_a_run_drawn_after_the_text_under_it_is_read_where_it_stands() -> None:
    texts = [b.text for b in page(_late_list()).blocks]
    bend = next(k for k, t in enumerate(texts) if "bend" in t)
    below = next(k for k, t in enumerate(texts) if t.startswith("Lorem") and k > 1)
    assert bend < below, texts
    assert texts[-1] == "Leaflet ORT-041"


def test_one_wide_block_drawn_after_the_text_under_it_is_read_where_it_stands() -> None:
    # a list whose items the grouping keeps in one block (no bullet in the text), drawn last
    lines = [ln("Arrival and Departure", 60, size=14, bold=True), *para(LOREM, 84)]
    lines += para(LOREM, 200)
    lines.append(ln("Leaflet ORT-041", 740, size=8))
    lines += [ln(text, 150 + 12 * k, x=90, x1=520) for k, text in enumerate(STEPS[:3])]
    texts = [b.text for b in page(lines).blocks]
    bend = next(k for k, t in enumerate(texts) if "bend" in t)
    below = next(k for k, t in enumerate(texts) if t.startswith("Lorem") and k > 1)
    assert bend < below, texts
    # a formula's piece of two short lines drawn late stays where it is drawn
    lines = [*para(LOREM, 84), *para(LOREM, 200), ln("= a(b + c)", 150, x=300), ln("+ d", 162, x=300)]
    texts = [b.text for b in page(lines).blocks]
    assert texts[-1].startswith("= a(b + c)"), texts


def test_blocks_side_by_side_keep_the_order_they_are_drawn_in() -> None:
    # labels drawn first, then their values beside them: nothing to move
    labels = [ln(f"Label {k}", 100 + 30 * k, x=72, size=10) for k in range(4)]
    values = [ln(f"Value number {k} of the form", 100 + 30 * k, x=300, size=10) for k in range(4)]
    texts = [b.text for b in page([*labels, *values]).blocks]
    assert texts.index("Label 3") < texts.index("Value number 0 of the form"), texts


def _numbered(hung: list[int], joined: list[int]) -> str:
    """Items whose big numbers in ``hung`` are drawn after all the items' text, at one left
    edge; those in ``joined`` given with their item's text."""
    lines = [ln("Precautions", 60, size=14, bold=True), *para(LOREM, 84)]
    for k, text in enumerate(STEPS, 1):
        y = 140 + 30 * k
        lines.append(ln(f"{k} {text}" if k in joined else text, y, x=72 if k in joined else 94))
    lines += [ln(str(k), 138 + 30 * k, x=72, size=15, bold=True) for k in hung]
    (md,) = markdown([page(lines)])
    return md


def test_numbers_hung_left_of_their_items_number_the_list() -> None:
    md = _numbered([1, 3, 4], [2])
    for k, text in enumerate(STEPS, 1):
        assert f"{k}. {text}" in md, md


def test_numbers_that_do_not_count_up_are_no_markers() -> None:
    md = _numbered([1, 4, 3], [])
    assert "1. Do not bend" not in md, md


def test_numbers_hung_left_of_items_going_on_from_column_to_column_number_the_list() -> None:
    # each number given right before its item; items 1 and 2 in the left column, 3 to 5 in
    # the right one
    lines = [ln("Arranging a Funeral", 60, size=14, bold=True)]
    texts = [*STEPS, "After the funeral we will send you a final invoice, payable in 28 days."]
    for k, text in enumerate(texts, 1):
        x, y = (60, 100 + 50 * (k - 1)) if k <= 2 else (310, 100 + 50 * (k - 3))
        lines += [
            ln(str(k), y - 2, x=x, size=15),
            ln(text[:48], y, x=x + 24, x1=x + 230),
            ln(text[48:], y + 12, x=x + 24),
        ]
    (md,) = markdown([page(lines)])
    for k, text in enumerate(texts, 1):
        assert f"{k}. {text[:20]}" in md, md


def test_note_numbers_set_smaller_than_their_text_are_no_list_markers() -> None:
    from pdfcore.layout.list_marks import markers_in_place

    lines = []
    for k, text in enumerate(STEPS, 1):
        lines += [ln(str(k), 160 + 30 * k, x=72, size=7), ln(text, 160 + 30 * k, x=80)]
    assert markers_in_place(lines) == lines  # each note's number stays a line of its own
    big = []
    for k, text in enumerate(STEPS, 1):
        big += [ln(str(k), 158 + 30 * k, x=60, size=15), ln(text, 160 + 30 * k, x=80)]
    assert len(markers_in_place(big)) == len(STEPS)  # set as large as the text: the items' numbers
