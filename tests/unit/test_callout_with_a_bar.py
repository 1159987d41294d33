"""A callout framed with a coloured bar down its left side (the bar's two edges a few points
apart) holding a paragraph whose last line is short (``£21,845.``) is no grid: the paragraph is
running text framed. Before, the bar's edges made three columns and the short last line no
running text, and the table under the callout took the line in as its first row. And ``›`` is
a list's bullet."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.ruled_grids import rule_groups, rule_regions
from pdfcore.structure.markers import list_marker

LINES = (
    "Reserve fund balance: the reserve fund is held in a separate interest-bearing trust account with Lloyds",
    "Bank, as required by section 42 of the Landlord and Tenant Act 1987. The balance on 31 January 2026 was",
    "£21,845.",
)


def _regions(bar: bool) -> list[Box]:
    rules = [Box(53.9, 280.1, 541.4, 280.6), Box(53.9, 328.3, 541.4, 328.8), Box(541.0, 280.1, 541.4, 328.3)]
    rules += [Box(53.9, 280.1, 54.3, 328.3)] + ([Box(58.5, 280.1, 58.9, 328.3)] if bar else [])
    lines = [
        TextLine(text=t, bbox=Box(69.5, 288.5 + 12.1 * k, 520.0 if k < 2 else 105.8, 296.8 + 12.1 * k), font_size=8.5)
        for k, t in enumerate(LINES)
    ]
    return rule_regions(rule_groups(rules), lines)


def test_a_paragraph_framed_with_a_bar_down_its_side_is_no_grid() -> None:
    assert _regions(bar=True) == []
    assert _regions(bar=False) == []


def test_a_single_guillemet_is_a_bullet() -> None:
    assert list_marker("› ask us for a mandate form;") == "›"
