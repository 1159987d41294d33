"""A table of contents set in bold, one entry per block: the entries stay apart."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, RIGHT, ln, markdown, page, para


def test_bold_contents_entries_ending_in_leaders_and_a_page_number_are_no_wrapped_heading() -> None:
    # Each entry its own block (18 pt apart at 11 pt): "3. Conclusion ..... 8" leaves no
    # sentence open, yet is no heading's first row to run on into "References ..... 9".
    dots = "." * 60
    entries = [
        f"1. Introduction{dots} 1",
        f"2. Scope of the Routers{dots} 5",
        f"3. Conclusion {dots} 8",
        f"References{dots} 9",
        f"Appendix B. Non-Technical Outcome Considerations{dots} 22",
        f"Appendix C. Acquisition Scenarios Discussion{dots} 25",
    ]
    rows = [
        ln("Table of Contents", 60, size=12, bold=True),
        *(ln(t, 90 + 18 * k, size=11, bold=True, x1=RIGHT) for k, t in enumerate(entries)),
        *para(LOREM, 240),
    ]
    (md,) = markdown([page(rows)])
    lines = [s for s in md.splitlines() if s.strip()]
    for entry in entries:
        assert any(s.endswith(entry) for s in lines), entry


def test_a_bold_label_with_its_value_at_the_edge_is_no_wrapped_heading() -> None:
    """A price list's section ("Les Blancs" at the left, "12.5CL" at the right edge, one text
    line of words set far apart) over its first bold entry in a block of its own: the label's
    row is no title's first row running on into the entry."""
    rows = [
        ln("Les Blancs 12.5CL", 60, size=12, bold=True, x1=RIGHT),
        ln("Cotes du Rhone", 82, size=12, bold=True),
        ln("Domaine de la Guicharde 2016 8", 104, size=12, x1=RIGHT),
        *para(LOREM, 160),
    ]
    (md,) = markdown([page(rows)])
    assert "Les Blancs 12.5CL Cotes" not in md, md
    assert "Cotes du Rhone" in md, md
