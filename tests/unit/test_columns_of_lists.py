"""Lists side by side in columns (a Scout camp's kit list: items of two to six words, a box for
a bullet, some wrapped onto a second line): too short for running text, so the page had no
columns and the items were read across them, row by row. Two sides that are lists, half their
lines or more opening with a marker, are columns."""

from __future__ import annotations

from pdfcore.layout.columns import column_regions
from pdfcore.models import Box, TextLine

ITEMS = (
    "Sleeping bag",
    "Roll mat",
    "Pillow",
    "Pyjamas",
    "Torch and batteries",
    "Tea towel",
    "Pocket money",
    "Walking boots",
    "Sun hat",
    "Towel",
    "Soap and toothbrush",
    "Water bottle",
)


def _line(text: str, x0: float, y0: float) -> TextLine:
    return TextLine(text, Box(x0, y0, x0 + 4.5 * len(text), y0 + 9), 9.0)


def _lines(items: tuple[str, ...] = ITEMS) -> list[TextLine]:
    left = [_line(f"□ L{k} {t}", 66, 160 + 14 * k) for k, t in enumerate(items)]
    right = [_line(f"□ R{k} {t}", 230, 160 + 14 * k) for k, t in enumerate(items)]
    return left + right  # (drawn column by column)


def test_lists_side_by_side_are_columns() -> None:
    regions = column_regions(_lines())
    assert regions is not None
    order = "".join(ln.text[2] for region in regions for ln in region)
    assert order == "L" * len(ITEMS) + "R" * len(ITEMS), order


def test_a_short_list_in_two_columns_is_no_column_of_the_page() -> None:
    assert column_regions(_lines(ITEMS[:5])) is None
