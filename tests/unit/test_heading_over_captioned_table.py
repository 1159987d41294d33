"""A section's heading over its table's caption over the table, set in from the table's left edge
past a mark drawn before it (a golf club's ``Course Card`` over ``Table 2. Brackenridge course
card`` over the card, on a page whose side column holds the other text): the heading heads the
table. Before, a heading was taken to head a table only with nothing between them and starting
at the table's edge or left of it, and this one was read as bold text."""

from __future__ import annotations

from pdfcore.models import Box, Table
from tests.unit.test_structure import LOREM, ln, markdown, page


def test_a_heading_over_a_captioned_table_set_in_past_a_mark_is_a_heading() -> None:
    side = [ln(f"{LOREM[k % 3][:40]}", 60 + 12 * k, x=360, x1=540) for k in range(20)]
    rows = [
        ln("Course Card", 60, x=95, size=13, bold=True),
        ln("Table 2. Brackenridge course card", 82, x=72, size=8.8, bold=True),
        ln("Hole Name Yards", 100, x=76),
        ln("1 Heather Bank 364", 114, x=76),
        ln("2 Long Acre 512", 128, x=76),
        *side,
    ]
    table = Table(
        header=("Hole", "Name", "Yards"),
        rows=(("1", "Heather Bank", "364"), ("2", "Long Acre", "512")),
        bbox=Box(72, 96, 300, 140),
    )
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    assert "# Course Card\n" in md, md
