"""A column heading's unit in brackets on the line under it (``Distance`` over ``(m)``, the rest
of the header on the first line) is the heading's, not the body's first row; an item's label
in brackets there (``(a)``) is no unit."""

from __future__ import annotations

from adapters._table_glyphs import Glyph
from adapters._table_layout import read_table
from tests.unit.glyph_text import set_words

SIZE, ADVANCE, SPACE = 9.0, 4.5, 2.2
ROWS = (("5", "0.24", "0.27", "0.41"), ("10", "0.16", "0.29", "0.01"), ("20", "0.13", "0.28", "0.01"))


def _words(x: float, y: float, text: str) -> list[Glyph]:
    return set_words(x, y, text, size=SIZE, advance=ADVANCE, space=SPACE)


def _table(under: str) -> tuple[list[str], list[list[str]]]:
    glyphs = _words(0, 0, "Distance") + _words(90, 0, "Restored") + _words(160, 0, "Unrestored")
    glyphs += _words(240, 0, "p") + _words(0, 12, under)
    for k, row in enumerate(ROWS):
        y = 26.0 + 13.0 * k
        glyphs += [g for x, t in zip((0, 100, 175, 240), row, strict=True) for g in _words(x, y, t)]
    found = read_table(glyphs)
    assert found is not None
    return list(found.header), [list(r) for r in found.rows]


def test_a_heading_s_unit_under_it_is_the_header_s() -> None:
    header, rows = _table("(m)")
    assert header[0] == "Distance (m)", header
    assert rows[0][0] == "5", rows


def test_an_item_s_label_under_a_heading_is_no_unit() -> None:
    header, rows = _table("(a)")
    assert header[0] == "Distance", header
    assert rows[0][0] == "(a)", rows
