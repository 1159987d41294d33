"""Column headings closing with a currency's sign (``2025 £`` and ``2024 £`` over columns of
figures set flush right): a sign set far from the figure after it is the heading's before it,
not that figure's (``£ 2024`` is a value only a space apart)."""

from __future__ import annotations

from adapters._table_glyphs import Glyph
from adapters._table_layout import read_table
from tests.unit.glyph_text import set_words

SIZE, ADVANCE, SPACE = 8.0, 4.0, 2.0


def _right(x1: float, y: float, text: str) -> list[Glyph]:
    """``text`` set flush right at ``x1``."""
    width = sum(ADVANCE * len(w) for w in text.split()) + SPACE * (len(text.split()) - 1)
    return set_words(x1 - width, y, text, size=SIZE, advance=ADVANCE, space=SPACE)


def test_a_currency_sign_closing_a_heading_stays_with_it() -> None:
    glyphs = [*set_words(300, 0, "Note", size=SIZE, advance=ADVANCE, space=SPACE)]
    glyphs += _right(400, 0, "2025 £") + _right(480, 0, "2024 £")
    rows = [
        ("Rents: general needs, Riverside Terrace", "", "412,880", "383,210"),
        ("Rents: general needs, Mill Street flats", "", "298,140", "277,050"),
        ("Less: rent lost through empty homes", "2", "(14,320)", "(9,880)"),
        ("Service charges", "", "96,410", "91,200"),
        ("Amortised government grant", "3", "41,250", "41,250"),
    ]
    for k, (label, note, a, b) in enumerate(rows, start=1):
        y = 14.0 * k
        glyphs += set_words(0, y, label, size=SIZE, advance=ADVANCE, space=SPACE)
        if note:
            glyphs += set_words(304, y, note, size=SIZE, advance=ADVANCE, space=SPACE)
        glyphs += _right(400, y, a) + _right(480, y, b)
    found = read_table(glyphs)
    assert found is not None
    assert list(found.header)[-2:] == ["2025 £", "2024 £"], found.header
