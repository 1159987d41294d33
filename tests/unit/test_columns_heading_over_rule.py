"""A section's heading in bold capitals at the left margin under two columns, the left one
running longer than the right, a rule across the page right under it, then text across the
page (a council's bin guide: ``MISSED COLLECTIONS`` under ``What goes in which bin``): the
heading heads what spans the columns, read after the right column, though it is set no larger
than the columns' text; and so does one set close atop the spanning text, nearer it than half
its gap to the column above. Without either, it stays the left column's."""

from __future__ import annotations

from pdfcore.layout.columns import column_regions
from pdfcore.models import Box, TextLine

ITEM = "– an item of what goes in the bin"


def _line(text: str, x0: float, y0: float, x1: float, *, bold: bool = False) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + 8.5), 9.0, bold=bold)


def _page(*, rule: bool, head_y: float = 587.0) -> tuple[list[TextLine], list[Box]]:
    left = [_line(f"L{k} {ITEM}", 57, 204 + 15 * k, 283) for k in range(24)]  # foot 557.5
    right = [_line(f"R{k} {ITEM}", 309, 204 + 15 * k, 538) for k in range(20)]  # foot 497.5
    head = [_line("HMISSED COLLECTIONS", 58, head_y, 192, bold=True)]
    spanning = [
        _line(f"S{k} If your bin has not been emptied by 6.00 pm on your collection day, please", 58, 609 + 14 * k, 531)
        for k in range(3)
    ]
    rules = [Box(57, 600, 538, 601)] if rule else []
    return left + right + head + spanning, rules


def _order(lines: list[TextLine], rules: list[Box]) -> str:
    regions = column_regions(lines, rules)
    assert regions is not None
    return "".join(ln.text[0] for region in regions for ln in region)


def test_a_heading_over_a_rule_across_heads_what_spans_the_columns() -> None:
    assert _order(*_page(rule=True)) == "L" * 24 + "R" * 20 + "H" + "SSS"


def test_without_the_rule_it_stays_the_left_column_s() -> None:
    assert _order(*_page(rule=False, head_y=572.0)) == "L" * 24 + "H" + "R" * 20 + "SSS"


def test_a_heading_set_close_atop_the_spanning_text_heads_it() -> None:
    """(a box's heading right over its text, far under the column: ``Join us in September``)"""
    assert _order(*_page(rule=False, head_y=598.0)) == "L" * 24 + "R" * 20 + "H" + "SSS"


def test_a_heading_over_a_rule_across_and_a_field_under_it_follow_both_columns() -> None:
    """Under two columns, a section's heading set larger over a rule across the page, then a
    form's first field under the rule, left, then a line across (``Application``, ``Business
    name:``, ``Contact name: ... Telephone: ...``): heading and field are read after the right
    column. Before, they were read as the left column's last lines."""
    left = [_line(f"L{k} {ITEM}", 57, 204 + 15 * k, 283) for k in range(6)]  # foot 287.5
    right = [_line(f"R{k} {ITEM}", 309, 204 + 15 * k, 538) for k in range(6)]
    head = [TextLine("HApplication", Box(57, 310, 140, 322), 12.0)]
    field = [_line("FBusiness name:", 57, 345, 120)]
    spanning = [_line("SContact name: Telephone:", 57, 370, 460)]
    regions = column_regions(left + right + head + field + spanning, [Box(57, 330, 538, 331)])
    assert regions is not None
    order = "".join(ln.text[0] for region in regions for ln in region)
    assert order == "L" * 6 + "R" * 6 + "HFS", order
