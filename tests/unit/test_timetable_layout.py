"""A timetable without rules between its rows: bold headings over groups of columns, then each
column's heading wrapped onto a second line, all over a ruling across the table (the header,
three lines deep); cells ending open ("9.15am and") going on in the next line ("10.00am"); a
label ending with a comma going on under it ("Minster Court Hotel," over "Duncombe Place")."""

from __future__ import annotations

from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _text


def _line(y: float, cells: list[tuple[float, str]], *, bold: bool = False) -> list[Glyph]:
    return [g for x, t in cells for g in _text(x, y, t, bold=bold)]


def test_a_header_of_bold_lines_over_a_ruling_and_cells_left_open() -> None:
    glyphs = [
        *_line(2, [(4, "Day"), (150, "Morning"), (270, "Evening")], bold=True),
        *_line(14, [(130, "York"), (200, "Minster"), (270, "Leaves")], bold=True),
        *_line(25, [(130, "station"), (200, "Court"), (270, "venue")], bold=True),
        *_line(42, [(4, "Tuesday"), (130, "9.15 and"), (200, "9.25 and"), (270, "6.00")]),
        *_line(53, [(130, "10.00"), (200, "10.10")]),
        *_line(68, [(4, "Wednesday"), (130, "8.00"), (200, "8.10"), (270, "5.45 and")]),
        *_line(79, [(270, "11.15")]),
        *_line(94, [(4, "Thursday"), (130, "8.15"), (200, "8.25"), (270, "3.45")]),
    ]
    rules = [Rule(126, 12.5, 330, 13.0), Rule(0, 37.0, 330, 37.5)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.rows == [
        ["Tuesday", "9.15 and 10.00", "9.25 and 10.10", "6.00"],
        ["Wednesday", "8.00", "8.10", "5.45 and 11.15"],
        ["Thursday", "8.15", "8.25", "3.45"],
    ], found.rows
    assert found.header == ["Day", "Morning York station", "Morning Minster Court", "Evening Leaves venue"], (
        found.header
    )


def test_a_label_ending_with_a_comma_goes_on_under_it() -> None:
    """Its next line would have fitted after it (the column is as wide as its longest label):
    the comma tells it goes on."""
    glyphs = [
        *_line(2, [(4, "Hotel"), (200, "Walk"), (270, "Per night")], bold=True),
        *_line(18, [(4, "Minster Court Hotel,"), (200, "3 minutes"), (270, "139.00")]),
        *_line(29, [(4, "Duncombe Place")]),
        *_line(44, [(4, "Walmgate Lodge,"), (200, "15 minutes"), (270, "98.00")]),
        *_line(55, [(4, "Walmgate")]),
        *_line(70, [(4, "Clifford Street Youth Hostel annexe"), (200, "8 minutes"), (270, "62.00")]),
    ]
    found = read_table(glyphs, [Rule(0, 14.0, 320, 14.5)])
    assert found is not None
    assert [r[0] for r in found.rows] == [
        "Minster Court Hotel, Duncombe Place",
        "Walmgate Lodge, Walmgate",
        "Clifford Street Youth Hostel annexe",
    ], found.rows
