"""Glyphs of a text set by hand for the table reader's tests: one glyph per character, each
``advance`` wide and ``size`` high, words ``space`` points apart."""

from __future__ import annotations

from adapters._table_glyphs import Glyph


def set_words(
    x: float, y: float, text: str, *, size: float, advance: float, space: float, bold: bool = False
) -> list[Glyph]:
    """The glyphs of ``text``'s words from ``x`` on the line at ``y``."""
    out = []
    for word in text.split():
        for ch in word:
            out.append(Glyph(x, y, x + advance, y + size, ch, size, bold))
            x += advance
        x += space
    return out
