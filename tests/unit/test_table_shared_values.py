"""A value two columns share, set once centred across both (``0 to 100`` under ``HX-40`` and
``HX-40E``), is a body cell spanning them, not a column of its own; tolerances (``±2.0``) are
figures; and a bold row of headings over rows labelled in the body's face is the header alone
(the first of them holding values in words, ``0 to 100``). Before, the table read five header
rows and an empty column between the two."""

from __future__ import annotations

from adapters._table_glyphs import Glyph, is_figure
from adapters._table_layout import read_table
from tests.unit.test_table_layout import _rows, _text


def _spec(at: float = 200) -> list[Glyph]:
    heads = [(0, "Parameter"), (150, "HX-40"), (270, "HX-40E"), (380, "Unit")]
    return [g for x, t in heads for g in _text(x, 0, t, bold=True)] + _rows(
        (14, [(0, "Humidity range"), (at, "0 to 100"), (380, "%RH")]),
        (28, [(0, "Humidity accuracy"), (150, "±2.0"), (270, "±1.5"), (380, "%RH")]),
        (42, [(0, "Temperature range"), (140, "-40 to +85"), (260, "-40 to +125"), (380, "°C")]),
        (56, [(0, "Temperature accuracy"), (150, "±0.3"), (270, "±0.2"), (380, "°C")]),
        (70, [(0, "Response time"), (155, "8"), (275, "6"), (380, "s")]),
        (84, [(0, "Supply voltage"), (205, "9 to 30"), (380, "V DC")]),
        (98, [(0, "Current"), (155, "12"), (275, "18"), (380, "mA")]),
    )


def test_a_value_centred_across_two_columns_spans_them() -> None:
    found = read_table(_spec())
    assert found is not None
    assert found.header == ["Parameter", "HX-40", "HX-40E", "Unit"]
    assert found.rows[0] == ["Humidity range", "0 to 100", "", "%RH"]
    assert found.rows[1] == ["Humidity accuracy", "±2.0", "±1.5", "%RH"]
    assert found.rows[5] == ["Supply voltage", "9 to 30", "", "V DC"]
    assert [tuple(s) for s in found.body_spans] == [(0, 1, 1, 2), (5, 1, 1, 2)]


def test_a_column_of_values_off_the_middle_stays_a_column() -> None:
    """One of its texts set off the middle between the two columns: the column stays."""
    found = read_table(_spec(at=225))
    assert found is not None and not found.body_spans
    assert found.rows[0][:3] == ["Humidity range", "", "0 to 100"]


def test_tolerances_are_figures() -> None:
    assert is_figure("±2.0") and is_figure("±0.3") and not is_figure("±")


def test_a_bold_row_naming_groups_of_columns_stays_over_the_headings_under_it() -> None:
    """The bold row leaves the label column empty (``Pre-Pawn`` over ``Handgun``, ``Long Gun``):
    both rows are the header, as before."""
    groups = [(150, "Pre-Pawn"), (270, "Redemption")]
    glyphs = [g for x, t in groups for g in _text(x, 0, t, bold=True)] + _rows(
        (14, [(0, "State"), (130, "Handgun"), (190, "Long Gun"), (250, "Handgun"), (310, "Long Gun")]),
        (28, [(0, "Alabama"), (140, "12"), (200, "7"), (260, "3"), (320, "9")]),
        (42, [(0, "Alaska"), (140, "5"), (200, "1"), (260, "0"), (320, "2")]),
        (56, [(0, "Arizona"), (140, "8"), (200, "4"), (260, "6"), (320, "1")]),
    )
    found = read_table(glyphs)
    assert found is not None and found.rows[0][0] == "Alabama"
