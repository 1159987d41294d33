"""Rows opening with a ballot box (a camp's kit list, ``☐ Torch with spare batteries``; a
filing's cover, ``☒ ANNUAL REPORT ...`` over ``☐ TRANSITION REPORT ...``) are a task list's
items, their boxes kept as empty or ticked: ``- [ ] Torch ...``, ``- [x] ANNUAL REPORT ...``.
Before, the rows were paragraphs opening with the box, and a kit list set in two columns
under headings was read as a table."""

from __future__ import annotations

from pdfcore.structure.markers import list_marker
from tests.unit.test_structure import LOREM, ln, markdown, page


def test_ballot_boxes_open_task_list_items_empty_or_ticked() -> None:
    lines = [
        ln(LOREM[0], 80),
        ln(LOREM[1], 94),
        ln(LOREM[2], 108),
        ln("☐ Torch with spare batteries", 130),
        ln("☐ Water bottle, at least 750 ml", 144),
        ln("☒ Sleeping bag, rated for 5 °C or colder", 158),
        ln("☑ Roll mat or camp bed", 172),
    ]
    body = markdown([page(lines)])[0]
    assert (
        "- [ ] Torch with spare batteries\n- [ ] Water bottle, at least 750 ml\n"
        "- [x] Sleeping bag, rated for 5 °C or colder\n- [x] Roll mat or camp bed"
    ) in body, body


def test_a_box_before_a_word_is_a_marker_and_a_word_alone_is_none() -> None:
    assert list_marker("☐ Yes") == "☐"
    assert list_marker("☐") == ""
