"""A heading spanning two columns over narrower column heads, each over one letter or figure
centred under it (a condition table's ``Span 1`` over ``Severity`` and ``Extent``): the blanks
beside the narrow values that one heading alone crosses made columns of nothing
(adapters._table_columns.without_empty_columns)."""

from __future__ import annotations

from adapters._table_glyphs import Glyph
from adapters._table_layout import read_table
from tests.unit.glyph_text import set_words

SIZE = 10.0
ADVANCE = 5.0


def _text(x: float, y: float, text: str, bold: bool = False) -> list[Glyph]:
    """``text`` from ``x``, its words 3 points apart."""
    return set_words(x, y, text, size=SIZE, advance=ADVANCE, space=3.0, bold=bold)


def _centred(mid: float, y: float, text: str, bold: bool = False) -> list[Glyph]:
    return _text(mid - ADVANCE * len(text) / 2, y, text, bold)


#: Column middles: Severity and Extent under Span 1, then under Span 2.
MIDS = [230.0, 283.0, 336.0, 389.0]
ROWS = [("Arch barrel", "2BC3"), ("Spandrel walls", "1A3B"), ("Parapets", "2B2C"), ("Drainage", "3C3C")]


def _table() -> list[Glyph]:
    glyphs = [*_text(80, 0, "Element", True), *_centred(256.5, 0, "Span 1", True), *_centred(362.5, 0, "Span 2", True)]
    for mid, head in zip(MIDS, ["Severity", "Extent", "Severity", "Extent"], strict=True):
        glyphs += _centred(mid, 14, head, True)
    for k, (label, values) in enumerate(ROWS):
        y = 30.0 + 14 * k
        glyphs += _text(80, y, label)
        for mid, v in zip(MIDS, values, strict=True):
            glyphs += _centred(mid, y, v)
    return glyphs


def test_a_heading_over_two_narrow_columns_makes_no_empty_ones() -> None:
    found = read_table(_table())
    assert found is not None
    assert found.rows == [[label, *values] for label, values in ROWS]
    assert found.header == ["Element", "Span 1 Severity", "Span 1 Extent", "Span 2 Severity", "Span 2 Extent"]
