"""A section's heading ruled under, right below a table ruled between its rows with rules of
the same width, ends the table's stack of rules: it is no row of the table."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.row_rules import row_rule_regions
from pdfcore.services.ruled_grids import rule_groups

ROWS = (
    ("Thursday 5 February", "Options assemblies"),
    ("Monday 2 March", "Form opens"),
    ("Friday 13 March", "Deadline"),
)


def _region(heading_size: float) -> Box:
    rules = [Box(48, y, 548, y + 1) for y in (100, 120, 140, 160, 200)]
    lines = []
    for k, (left, right) in enumerate(ROWS):
        y = 106 + 20 * k
        lines.append(TextLine(text=left, bbox=Box(54, y, 150, y + 8), font_size=9))
        lines.append(TextLine(text=right, bbox=Box(300, y, 400, y + 8), font_size=9))
    lines.append(TextLine(text="Core Subjects", bbox=Box(48, 178, 160, 178 + heading_size), font_size=heading_size))
    (region,) = row_rule_regions(rules, rule_groups(rules), lines, [])
    return region


def test_a_heading_over_the_last_rule_is_no_row() -> None:
    assert _region(16.0).y1 < 178


def test_a_last_row_in_the_table_s_size_stays() -> None:
    assert _region(9.0).y1 > 186
