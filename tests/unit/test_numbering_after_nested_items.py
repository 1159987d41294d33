"""A numbered list goes on after items nested under one of its items: ``9.`` back at the
marker of ``8.`` opens the next item even under the widest row of the block (a long nested
item's row read as running text wrapped before a number joined the item to it). A lettered
item's marker set in bold is no lead-in of its words."""

from __future__ import annotations

import attrs

from tests.unit.test_structure import LEFT, ln, markdown, page

STEP = 14.0
NESTED = LEFT + 16.0


def _agenda() -> list[str]:
    lines = [
        ln("7. Election of officers and committee members", 100),
        ln("8. Motions received:", 100 + STEP),
        ln("a) to rename the second team pitch the Margaret Ellis Field", 100 + 2 * STEP, x=NESTED),
        ln("b) to allow junior members aged 16 and 17 to vote at general meetings", 100 + 3 * STEP, x=NESTED),
        ln("9. Any other business, notified to the Secretary in advance", 100 + 4 * STEP),
    ]
    lines[2] = attrs.evolve(lines[2], lead="a)")
    lines[3] = attrs.evolve(lines[3], lead="b)")
    (md,) = markdown([page(lines)])
    return md.split("\n")


def test_the_next_number_after_nested_items_is_an_item() -> None:
    rows = _agenda()
    assert rows[-1] == "9. Any other business, notified to the Secretary in advance"
    assert rows[-2].endswith("to vote at general meetings")


def test_a_lettered_marker_in_bold_is_no_lead_in() -> None:
    assert [r.strip() for r in _agenda() if "second team" in r] == [
        "- a) to rename the second team pitch the Margaret Ellis Field"
    ]
