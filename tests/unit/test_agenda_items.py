"""A meeting's agenda: items numbered ``1.`` to ``6.``, set a little larger than the running text
and one under the other at the list's own leading, a nested list of lettered items under two of
them. Each item's words read as a heading over text (the next item has four words or more), so
their style was learnt as a heading style and the agenda read as a run of headings. They are a
numbered list; numbered headings apart from the text over them stay headings."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para

ITEMS = (
    "1. Welcome and apologies for absence",
    "2. Minutes of the Annual General Meeting held on 12 June 2025",
    "3. Matters arising from the minutes",
    "4. Reports:",
    "a) President's report",
    "b) Chair's report",
    "5. Appointment of the independent examiner for 2026/27",
    "6. Election of officers and committee members",
)


def _agenda() -> str:
    lines = [ln("Agenda", 80, size=15, bold=True)]
    y = 104.0
    for item in ITEMS:
        nested = item[1] == ")"
        lines.append(ln(item, y, x=90 if nested else 72, size=9.6 if nested else 10.1))
        y += 14.85
    lines += [ln("Chair's Report", y + 20, size=15, bold=True), *para(LOREM * 4, y + 44, size=9.1)]
    (md,) = markdown([page(lines)])
    return md


def test_an_agendas_numbered_items_are_a_list() -> None:
    md = _agenda()
    assert "\n1. Welcome and apologies for absence\n" in md, md
    assert "\n5. Appointment of the independent examiner for 2026/27\n" in md, md
    assert "# 1." not in md and "# 5." not in md, md


def test_numbered_headings_apart_over_their_text_stay_headings() -> None:
    lines = []
    y = 80.0
    for n, title in enumerate(("Purpose of the Role", "Main Duties", "Working Hours"), start=1):
        lines += [ln(f"{n}. {title}", y, size=12, bold=True), *para(LOREM, y + 20)]
        y += 80
    (md,) = markdown([page(lines)])
    assert "## 1. Purpose of the Role" in md or "# 1. Purpose of the Role" in md, md
    assert "# 2. Main Duties" in md, md
