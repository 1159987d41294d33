"""A grid whose header row is shaded (its walls not drawn there) and whose body opens with a
section's label across the table (``Produce and craft stalls``, a shaded row of its own): the
header is the one row of headings, each over its own column, and the label is the body's
first row, one cell across. Before, the label was read as a second header row and every heading
over it spanned the whole table."""

from __future__ import annotations

from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import read_table
from tests.unit.glyph_text import set_words

SIZE = 9.0
ADVANCE = 4.5
COLUMNS = (60.0, 160.0, 262.0, 365.0)
RIGHT = 468.0


def _text(x: float, y: float, text: str, bold: bool = False) -> list[Glyph]:
    return set_words(x, y, text, size=SIZE, advance=ADVANCE, space=2.5, bold=bold)


def test_a_section_label_under_a_shaded_header_is_the_body_s_first_row() -> None:
    glyphs = [
        *(
            g
            for x, t in zip(COLUMNS, ("Pitch", "Size", "Per market", "Per quarter"), strict=True)
            for g in _text(x + 3, 2, t, True)
        ),
        *_text(63, 16, "Produce and craft stalls", True),
    ]
    rows = [
        ("Single pitch", "3 m by 3 m", "£22.00", "£120.00"),
        ("Double pitch", "6 m by 3 m", "£38.00", "£210.00"),
        ("Food van or trailer", "Up to 6 m", "£45.00", "£250.00"),
    ]
    y = 30.0
    for row in rows:
        glyphs += [g for x, t in zip(COLUMNS, row, strict=True) for g in _text(x + 3, y, t)]
        y += 14
    edges = [0.0, 13.0, 27.0, *(27.0 + 14 * (k + 1) for k in range(len(rows)))]
    rules = [Rule(COLUMNS[0], e, RIGHT, e + 0.4) for e in edges]
    rules += [Rule(x, 27.0, x + 0.4, edges[-1]) for x in (*COLUMNS, RIGHT)]  # walls in the body only
    rules += [Rule(COLUMNS[0], 0.0, COLUMNS[0] + 0.4, edges[-1]), Rule(RIGHT, 0.0, RIGHT + 0.4, edges[-1])]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Pitch", "Size", "Per market", "Per quarter"]
    assert found.rows[0][0] == "Produce and craft stalls"
    assert [list(r) for r in found.rows[1:]] == [list(r) for r in rows]
