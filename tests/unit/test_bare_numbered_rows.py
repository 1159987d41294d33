"""A list numbered without a stop, white figures on drawn squares (a washing machine's manual:
``1 Switch off and unplug the machine ...``), its items a row each: an item whose row runs to
the margin was read with the next as one paragraph (``2 Open the filter cover ... 3 Pull out
the small emergency drain hose ...``), and the list, its items no longer counting 1, 2, 3, was
text. A row opening with the next number at the edge the item one less opened at, under a row
closing a sentence, opens an item."""

from __future__ import annotations

from tests.unit.test_structure import RIGHT, ln, markdown, page

ITEMS = (
    ("1 Switch off and unplug the machine, and let the water cool.", False),
    ("2 Open the filter cover at the bottom right of the front panel, and put a shallow tray.", True),
    ("3 Pull out the small emergency drain hose and let the water run into the tray.", False),
    ("4 Close the filter cover.", False),
)


def test_items_numbered_without_a_stop_one_row_each_are_a_list() -> None:
    lines = [ln("Clean the drain filter every three months, or sooner if the machine is slow.", 80)]
    for k, (text, full) in enumerate(ITEMS):
        lines.append(ln(text, 100 + 13 * k, x1=RIGHT if full else None))
    (md,) = markdown([page(lines)])
    assert "\n2. Open the filter cover" in md and "\n3. Pull out the small" in md, md


def test_a_number_opening_a_row_of_running_text_stays_in_its_paragraph() -> None:
    rows = [
        "The machine weighs about 70 kg, so two people should lift it. The parts listed in",
        "section 2 are sent in the box with it; the other parts come with the engineer.",
        "3 Pull out the small emergency drain hose and let the water run into the tray.",
    ]
    lines = [ln(r, 100 + 13 * k, x1=RIGHT) for k, r in enumerate(rows)]
    (md,) = markdown([page(lines)])
    assert "3. Pull out" not in md, md
