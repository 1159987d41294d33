"""Headings set run-in, in bold at the start of their first paragraph, the paragraph going on on
the same line: a numbered one (``2.1 The Alarm Signals``) in a document whose sections a level
up have headings of their own, and unnumbered ones (``Lab coats`` before ``Your lab coat ...``),
two on the page at least, are headings over their paragraphs. A bold lead-in ending with a
colon or a stop (a term), or running on into its sentence, stays one."""

from __future__ import annotations

from attrs import evolve

from tests.unit.test_structure import LOREM, ln, markdown, page, para

ALARM = "2.1 The Alarm Signals The building has a two-stage alarm. You must know both sounds."
LEAVING = "2.2 Leaving the Building Leave calmly and follow the green signs to the nearest stairs."


def test_a_numbered_heading_set_run_in_is_a_heading_under_its_section() -> None:
    lines = [
        ln("1 Purpose and Scope", 50, size=14, bold=True),
        *para(LOREM, 72),
        ln("2 When the Alarm Sounds", 120, size=14, bold=True),
        evolve(ln(ALARM, 142), lead="2.1 The Alarm Signals"),
        *para(LOREM, 156),
        evolve(ln(LEAVING, 200), lead="2.2 Leaving the Building"),
        ln("3 Fire Wardens", 230, size=14, bold=True),
        *para(LOREM, 252),
    ]
    (md,) = markdown([page(lines)])
    assert "\n# 2 When the Alarm Sounds\n" in md, md
    assert "\n## 2.1 The Alarm Signals\n\nThe building has a two-stage alarm." in md, md
    assert "\n## 2.2 Leaving the Building\n\nLeave calmly" in md, md


def test_a_numbered_lead_in_with_no_numbered_headings_stays_text() -> None:
    lines = [
        ln("Fire Safety", 50, size=14, bold=True),
        evolve(ln(ALARM, 72), lead="2.1 The Alarm Signals"),
        *para(LOREM, 86),
    ]
    (md,) = markdown([page(lines)])
    assert "**2.1 The Alarm Signals** The building" in md, md


PPE = [
    ("Lab coats", "Lab coats Your lab coat must be knee-length, made of cotton, and fastened at all times."),
    ("Night tariffs", "Night tariffs EV Overnight charges you less for electricity used after midnight."),
    ("Eye protection", "Eye protection Safety spectacles must be worn at all times in the laboratory."),
    ("Footwear", "Footwear Wear closed shoes that cover the whole foot, and tie long hair back."),
]


def test_headings_set_run_in_without_numbers_are_headings_under_the_one_above() -> None:
    lines = [ln("1 Protective Equipment", 50, size=14, bold=True), *para(LOREM, 72)]
    lines += [evolve(ln(text, 120 + 30 * k), lead=lead) for k, (lead, text) in enumerate(PPE)]
    (md,) = markdown([page(lines)])
    assert "\n## Lab coats\n\nYour lab coat must be knee-length" in md, md
    assert "\n## Eye protection\n\nSafety spectacles" in md and "\n## Footwear\n\nWear closed" in md, md
    assert "\n## Night tariffs\n\nEV Overnight charges" in md, md  # (a sentence opening with a name in capitals)


def test_bold_terms_and_a_lone_lead_in_stay_text() -> None:
    terms = [
        ("Peak time:", "Peak time: 8pm to 10pm each day, when most people are online."),
        ("Rolling contract:", "Rolling contract: A contract with no fixed end date."),
    ]
    lines = [ln("1 Terms Explained", 50, size=14, bold=True), *para(LOREM, 72)]
    lines += [evolve(ln(text, 120 + 30 * k), lead=lead) for k, (lead, text) in enumerate(terms)]
    lines.append(evolve(ln(PPE[0][1], 200), lead=PPE[0][0]))  # one on the page
    (md,) = markdown([page(lines)])
    assert "**Peak time:** 8pm" in md and "**Rolling contract:** A contract" in md, md
    assert "**Lab coats** Your lab coat" in md, md


def test_a_numbered_clause_title_closed_by_a_stop_stays_its_sentence_s_lead_in() -> None:
    """``4.3 Waste.`` then ``Please take all unsold goods home``: a clause's title run into its
    first sentence, in a document whose sections have numbered headings of their own."""
    lines = [
        ln("3 Goods that may not be sold", 50, size=14, bold=True),
        *para(LOREM, 72),
        ln("4 Conditions of booking", 120, size=14, bold=True),
        evolve(
            ln("4.1 Cancellations by you. If you cancel at least 48 hours before, we refund it.", 142),
            lead="4.1 Cancellations by you.",
        ),
        evolve(ln("4.3 Waste. Please take all unsold goods, packaging and rubbish home.", 172), lead="4.3 Waste."),
        ln("5 Packing up", 210, size=14, bold=True),
        *para(LOREM, 232),
    ]
    (md,) = markdown([page(lines)])
    assert "**4.1 Cancellations by you.** If you cancel" in md, md
    assert "**4.3 Waste.** Please take" in md, md
    assert "\n# 5 Packing up\n" in md, md
