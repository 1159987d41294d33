"""A description list's term in bold filling its line and ending with a colon, its description
wrapped under it with a hanging indent ("Very rare (may affect up to 1 in 10,000 people):"
over "stomach ulcers, ..."), is no heading; a bold heading over text starting where it starts
stays one."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para


def test_a_bold_term_ending_with_a_colon_over_hanging_text_is_no_heading() -> None:
    lines = [
        ln("Side Effects", 50, bold=True),
        *para(LOREM, 66),
        ln("Very rare (may affect up to 1 in 10,000 people):", 110, bold=True),
        *para(
            ["stomach ulcers, kidney problems, liver problems, blood disorders that can cause", "bruising."], 122, x=86
        ),
        ln("Storing the Tablets", 160, bold=True),
        *para(LOREM, 176),
    ]
    (md,) = markdown([page(lines)])
    assert "# Side Effects" in md and "# Storing the Tablets" in md, md
    assert "# Very rare" not in md, md


def test_a_bold_label_ending_with_a_colon_over_a_list_set_in_is_no_heading() -> None:
    """``Yes, please:`` over the items it takes, set in from it: a label, bold text."""
    lines = [
        ln("What Goes in Each Bin", 50, size=16, bold=True),
        *para(LOREM, 72),
        ln("Yes, please:", 110, bold=True),
        ln("\u2022 paper, newspapers, magazines and envelopes", 122, x=86),
        ln("\u2022 cardboard, flattened", 134, x=86),
        ln("No, thank you:", 150, bold=True),
        ln("\u2022 plastic bags and film", 162, x=86),
        ln("\u2022 polystyrene", 174, x=86),
    ]
    (md,) = markdown([page(lines)])
    assert "\n**Yes, please:**\n\n- paper, newspapers" in md and "\n**No, thank you:**\n" in md, md


def test_a_term_in_bold_after_a_closed_sentence_opens_a_paragraph() -> None:
    """Descriptions set close, each opening with its term in bold and a colon: a row opening
    with such a term after a row closing its sentence starts a paragraph, though the row above
    runs to the margin."""
    from attrs import evolve

    lines = [
        ln("Stretched Funding", 50, size=16, bold=True),
        evolve(
            ln("Term-time funding: funded hours are given for 38 weeks a year, and", 72, x1=540),
            lead="Term-time funding:",
        ),
        ln("if your child attends for 51 weeks, we can stretch them over the year.", 84, x1=540),
        evolve(
            ln("Consumables charge: funded hours are free, but we charge for meals,", 96, x1=540),
            lead="Consumables charge:",
        ),
        ln("nappies and outings for children who attend on funded hours only.", 108),
    ]
    (md,) = markdown([page(lines)])
    assert "over the year.\n\n**Consumables charge:** funded hours" in md, md


def test_a_bold_term_with_a_colon_over_its_description_in_lower_case_is_no_heading() -> None:
    """A box's bold ``Dangerous:`` over its description going on in lower case, a little more
    than a line under it: a term, bold text."""
    lines = [
        ln("If Your Vehicle Fails", 50, size=16, bold=True),
        *para(LOREM, 72),
        ln("Dangerous:", 110, bold=True),
        *para(["a direct and immediate risk to road safety or a serious impact on the", "environment."], 124),
        ln("Major:", 160, bold=True),
        *para(["a fault that may affect the safety of the vehicle or put other road users", "at risk."], 174),
    ]
    (md,) = markdown([page(lines)])
    assert "\n**Dangerous:**\n\na direct and immediate" in md and "\n**Major:**\n" in md, md
