"""Where a column boundary goes when a text after the blank starts a few billionths of a point
before the blank's edge (the same x computed through other transforms, the last digits apart):
that text enters the blank no more than its neighbours, so the cut stays near the next column's
start, clear of a heading wider than its column; it went to the blank's middle, through the
heading (``Longest single booking`` then read over two columns)."""

from __future__ import annotations

from adapters._table_columns import _cut
from adapters._table_glyphs import Glyph, Line, build_lines

SIZE = 9.0


def _line(y: float, cells: list[tuple[float, str]]) -> Line:
    glyphs = []
    for x, text in cells:
        for ch in text:
            glyphs.append(Glyph(x, y, x + 4.5, y + SIZE, ch, SIZE))
            x += 4.5
    (line,) = build_lines(glyphs)
    return line


def test_a_text_a_hair_before_the_blanks_edge_does_not_move_the_cut_to_its_middle() -> None:
    z = 388.95932384
    lines = [
        _line(0.0, [(258.0, "4hours"), (z, "12hours")]),
        _line(14.0, [(258.0, "3hours"), (z - 3e-14, "9hours")]),
    ]
    a = max(s.x1 for ln in lines for s in ln.segments if s.x0 < 300)
    assert _cut(a, z, lines, SIZE) >= z - 0.5 * SIZE - 0.01
