"""A row whose middle cell runs on close to the next column's start: its text and the next
cell's set a little further apart than its words (wider than any space of the line, narrower
than a blank between cells), after the row's first cell (the line holds two texts already). It
is cut where the next column starts in the other rows, as a line of one text is."""

from __future__ import annotations

from adapters._table_glyphs import Glyph
from adapters._table_layout import read_table
from tests.unit.glyph_text import set_words

SIZE, ADVANCE, SPACE = 10.0, 5.0, 2.5


def _words(x: float, y: float, text: str) -> tuple[list[Glyph], float]:
    """The words of ``text`` from ``x``, a character ADVANCE wide, SPACE between words; and
    where they end."""
    out = set_words(x, y, text, size=SIZE, advance=ADVANCE, space=SPACE)
    return out, out[-1].x1 if out else x


def _row(y: float, cells: list[tuple[float, str]]) -> list[Glyph]:
    return [g for x, text in cells for g in _words(x, y, text)[0]]


def _read(text: str, x0: float, last: str) -> list[list[str]]:
    """The table's rows (header first) with row "10" holding ``text`` from ``x0``, ending 7.5
    points before the last column's start (a space is 2.5 points), then ``last`` there."""
    glyphs = _row(0, [(0, "Para."), (40, "Step to be taken"), (300, "By")])
    glyphs += _row(20, [(0, "8"), (40, "Both parties write to the Tribunal"), (300, "14 days after")])
    glyphs += _row(40, [(0, "9"), (40, "The claimant sends her schedule"), (300, "9 February 2026")])
    middle, end = _words(x0, 60, text)
    assert end + 7.5 == 300
    glyphs += _row(60, [(0, "10")]) + middle + _row(60, [(300, last)])
    glyphs += _row(80, [(0, "11"), (40, "The respondent prepares the file"), (300, "30 March 2026")])
    found = read_table(glyphs)
    assert found is not None
    return [found.header, *found.rows]


def test_a_cell_running_on_close_to_the_next_columns_start_is_cut_there() -> None:
    text = "Both parties exchange lists of documents and send copy"
    rows = _read(text, 42.5, "9 March")
    assert ["10", text, "9 March"] in rows, rows


def test_a_currency_sign_stays_with_the_figure_after_it() -> None:
    """The same row ending with a sign and its figure ("... $" then "(24,572)" where the last
    column starts): the sign is the figure's, so the text is not cut between them."""
    rows = _read("Both parties exchange lists of documents and sent $", 57.5, "(24,572)")
    assert not any(r[-1:] == ["(24,572)"] for r in rows), rows
