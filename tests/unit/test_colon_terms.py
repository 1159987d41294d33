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
