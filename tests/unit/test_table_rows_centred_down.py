"""A table without rulings between its rows, its cells centred down each row, some wrapped onto
two lines: a row's label stands between the lines of its wrapped cells, so the first line of a
row holds no label. That line opens the row under it (it stands clear of the row above, a
blank between them, and right over the label); before, it went on the row above, whose label
was whole, and every row took the next one's first line."""

from __future__ import annotations

from adapters._table_glyphs import Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows

WIDTH = 520.0
COLUMNS = (0.0, 80.0, 260.0, 450.0)


def _line(y: float, *cells: str) -> tuple[float, list[tuple[float, str]]]:
    return (y, [(x, c) for x, c in zip(COLUMNS, cells, strict=True) if c])


def _table() -> list:
    return _rows(
        _line(0, "Material", "Accepted", "Not accepted", "Container"),
        _line(20, "", "Boxes, flattened packaging, egg", "", ""),
        _line(27.6, "Cardboard", "", "Waxed or food-stained card", "Bay 1"),
        _line(35.2, "", "boxes", "", ""),
        _line(59, "", "Newspapers, magazines,", "Wallpaper, tissues, shredded paper", ""),
        _line(66.6, "Paper", "", "", "Bay 2"),
        _line(74.2, "", "envelopes, junk mail", "in bags", ""),
        _line(98, "", "", "Window glass, mirrors, drinking", ""),
        _line(105.6, "Glass", "Bottles and jars of any colour", "", "Bottle banks"),
        _line(113.2, "", "", "glasses", ""),
        _line(137, "Wood", "Furniture, fencing, pallets, doors", "Railway sleepers", "Bay 6"),
    )


def test_a_rows_first_line_over_its_label_opens_that_row() -> None:
    rules = [Rule(-2.0, y, WIDTH, y + 0.5) for y in (-2.0, 13.0, 150.0)]
    found = read_table(_table(), rules)
    assert found is not None
    assert found.header == ["Material", "Accepted", "Not accepted", "Container"]
    assert found.rows == [
        ["Cardboard", "Boxes, flattened packaging, egg boxes", "Waxed or food-stained card", "Bay 1"],
        ["Paper", "Newspapers, magazines, envelopes, junk mail", "Wallpaper, tissues, shredded paper in bags", "Bay 2"],
        ["Glass", "Bottles and jars of any colour", "Window glass, mirrors, drinking glasses", "Bottle banks"],
        ["Wood", "Furniture, fencing, pallets, doors", "Railway sleepers", "Bay 6"],
    ]
