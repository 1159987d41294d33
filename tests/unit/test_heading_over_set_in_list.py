"""A heading over a list set in from it, the page's only text (a chapter's summary in points
and its review questions, each under its section's heading at the margin): the items, not a
column, are the page's text, and the heading starts a little left of them. Before, only a
heading starting at an item's marker edge was taken for one; these read as paragraphs."""

from __future__ import annotations

import re

from pdfcore.models import TextLine
from tests.unit.test_structure import ln, markdown, page

ITEMS = (
    ("Soil texture and structure control the size of pores and therefore how fast water moves", "through a soil."),
    ("Infiltration capacity is highest at the start of a storm and declines toward a steady", "rate."),
    ("Overland flow forms either when rainfall exceeds infiltration capacity or when rain", "falls on wet soil."),
)


def items(y: float, markers: list[str], x: float, hang: float) -> list[TextLine]:
    """The items of ITEMS from ``y`` down, 36 points apart: each marker and first line at ``x``
    (to the right margin), its rest hanging at ``hang``."""
    out = []
    for k, (marker, (first, rest)) in enumerate(zip(markers, ITEMS, strict=True)):
        top = y + 36 * k
        out += [ln(f"{marker} {first}", top, x=x, x1=521), ln(rest, top + 13.7, x=hang)]
    return out


BULLETS = ["•"] * len(ITEMS)
NUMBERS = [f"{k}." for k in range(1, len(ITEMS) + 1)]


def test_headings_over_lists_set_in_from_them_are_headings() -> None:
    end = 107.0 + 36 * len(ITEMS)
    lines = [
        ln("Summary", 80, x=91, size=14.35, bold=True),
        *items(107.0, BULLETS, 106, 117.5),
        ln("Review Questions", end + 10, x=91, size=14.35, bold=True),
        *items(end + 38, NUMBERS, 106, 117.5),
    ]
    body = markdown([page(lines)])[0]
    assert body.startswith("# Summary\n\n- Soil texture"), body
    assert "\n\n# Review Questions\n\n1. Soil texture" in body, body


def test_a_short_line_over_a_list_set_in_far_from_it_stays_text() -> None:
    """A list set in several ems further than a line over it: that line is no heading of it
    (a label in a drawing, a form's caption)."""
    lines = [ln("Summary", 80, x=91, size=14.35, bold=True), *items(107.0, BULLETS, 160, 171.5)]
    body = markdown([page(lines)])[0]
    assert not body.startswith("#"), body


def test_a_heading_over_a_table_set_in_from_it_is_a_heading() -> None:
    """A page opening with the last item of a list carried over (set in: the page's running
    text's column), then a section's heading at the margin over a centred table set in from
    it: the heading heads the table. Before, it stood left of the page's one column of text,
    a label inside a drawing."""
    from pdfcore.models import Box, Table

    lines = [
        ln("• Additional articles and book chapters, posted on the course website at least one week", 60, x=88, x1=539),
        ln("before the class in which they are discussed.", 74, x=99.5, x1=276),
        ln("Weekly Schedule", 100, x=72, size=14.35, bold=True),
        ln("Week Dates Topic", 128, x=90),
        ln("1 Jan 13 Introduction", 142, x=90),
        ln("2 Jan 20 Aqueducts", 156, x=90),
    ]
    table = Table(
        header=("Week", "Dates", "Topic"),
        rows=(("1", "Jan 13", "Introduction"), ("2", "Jan 20", "Aqueducts")),
        bbox=Box(83, 125, 529, 170),
    )
    body = markdown([page(lines, tables=(table,), tables_checked=True)])[0]
    assert re.search(r"\n\n#+ Weekly Schedule\n\n\| Week \| Dates \| Topic \|", body), body


def test_a_heading_over_a_subheading_over_a_set_in_list_is_a_heading() -> None:
    """A judgment's numbered paragraphs set in from its headings at the margin: a section's
    heading right over a subheading (the list starting under that) stands where its sibling
    over a list starts, in its style. Before, it read as a paragraph: the list was too far
    below it and its only column of text (the items' marker edge) set in from it."""
    end = 107.0 + 36 * len(ITEMS)
    lines = [
        ln("Introduction", 80, x=76, size=14.5, bold=True),
        *items(107.0, NUMBERS, 92, 104),
        ln("Background", end + 10, x=76, size=14.5, bold=True),
        ln("The accident", end + 36, x=76, size=12, bold=True),
        *items(end + 60, [f"{k}." for k in range(4, 4 + len(ITEMS))], 92, 104),
    ]
    body = markdown([page(lines)])[0]
    assert body.startswith("# Introduction\n\n1. Soil texture"), body
    assert "\n\n# Background\n\n" in body, body
