"""A section's heading under lists set in three columns, below all of them, over a list across
the page (a removal firm's inventory, then ``How Your Move Will Work``): the heading heads what
spans the columns, read after the third column. Before, it was looked for below the right
column only, and the left side's own two columns (lines of both below the third's foot)
hid it: it was read after the first column, heading the second. A heading set larger than the
column's lines may stand as far from what it heads as from the text above it."""

from __future__ import annotations

from pdfcore.layout.columns import column_regions
from pdfcore.models import Box, TextLine

ITEM = "■ an item of the inventory list"


def _line(text: str, x0: float, y0: float, x1: float, size: float = 8.0) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + size), size)


def _lines() -> list[TextLine]:
    a = [_line(f"A{k} {ITEM}", 54, 200 + 14 * k, 200) for k in range(11)]  # foot 348
    b = [_line(f"B{k} {ITEM}", 224, 200 + 14 * k, 365) for k in range(11)]
    c = [_line(f"C{k} {ITEM}", 393, 200 + 14 * k, 535) for k in range(9)]  # foot 320
    heading = [_line("H How Your Move Will Work", 54, 368, 204, size=11.0)]
    spanning = [
        _line(f"S{k} Accept the quotation by signing and returning the form, with a deposit", 59, 399 + 16 * k, 533)
        for k in range(3)
    ]
    return a + b + c + heading + spanning


def test_a_heading_under_three_columns_heads_what_spans_them() -> None:
    regions = column_regions(_lines())
    assert regions is not None
    order = "".join(ln.text[0] for region in regions for ln in region)
    assert order == "A" * 11 + "B" * 11 + "C" * 9 + "H" + "SSS", order


def test_a_columns_last_entries_below_the_other_column_stay_in_it() -> None:
    """A contents page's last entries in its long first column, a group's gap above them, below
    the sidebar beside it, over a notice across the page: the column's, read before the sidebar."""
    left = [_line(f"L{k} Papillary carcinoma and its treatment", 54, 100 + 14 * k, 300, size=11.0) for k in range(16)]
    left += [
        _line(f"M{k} Principles of therapy in thyroid carcinoma", 54, 340 + 14 * k, 300, size=11.0) for k in range(4)
    ]
    right = [_line(f"R{k} Clinical trials: participation is encouraged", 330, 100 + 14 * k, 520) for k in range(12)]
    notice = [
        _line(f"S{k} The guidelines are a statement of evidence and consensus of the authors", 54, 410 + 12 * k, 520)
        for k in range(3)
    ]
    regions = column_regions(left + right + notice)
    assert regions is not None
    order = "".join(ln.text[0] for region in regions for ln in region)
    assert order == "L" * 16 + "M" * 4 + "R" * 12 + "SSS", order
