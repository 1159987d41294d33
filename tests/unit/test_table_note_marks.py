"""A note's mark set small and raised after a figure in a table's cell is no digit of it."""

from __future__ import annotations

from adapters._table_glyphs import Glyph, build_lines

SIZE = 11.0
ADVANCE = 6.0


def _figure(x: float, text: str) -> list[Glyph]:
    return [Glyph(x + k * ADVANCE, 0.0, x + (k + 1) * ADVANCE, SIZE, ch, SIZE) for k, ch in enumerate(text)]


def _texts(glyphs: list[Glyph]) -> list[list[str]]:
    return [[s.text for s in ln.segments] for ln in build_lines(glyphs)]


def test_a_raised_small_digit_after_a_figure_is_a_word_of_its_own() -> None:
    """``83,190,556²``: the mark at 0.6 of the figure's size, raised by half of it, stays
    apart, so the figure keeps its value."""
    figure = _figure(0.0, "83,190,556")
    mark = Glyph(60.5, -0.7, 64.0, 5.9, "2", 6.6)
    assert _texts([*figure, mark]) == [["83,190,556 2"]]


def test_a_digit_of_the_figures_size_or_on_its_line_stays_in_it() -> None:
    """A digit of the same size, or a small one on the figure's own line, is part of it."""
    assert _texts(_figure(0.0, "83,190,5562")) == [["83,190,5562"]]
    low = Glyph(60.5, 4.4, 64.0, SIZE, "2", 6.6)
    assert _texts([*_figure(0.0, "83,190,556"), low]) == [["83,190,5562"]]
