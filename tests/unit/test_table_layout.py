"""The table layout reader on glyphs set by hand: overprinting, leaders, signs, wrapped labels,
headers over column groups, confidence."""

from __future__ import annotations

from adapters._table_layout import Glyph, Rule, dedupe, low_confidence, read_table
from pdfcore.models import Box, Table
from pdfcore.services.tables import clean_tables

SIZE = 10.0
ADVANCE = 5.0


def _text(x: float, y: float, text: str, *, bold: bool = False) -> list[Glyph]:
    out = []
    for k, ch in enumerate(text):
        x0 = x + k * ADVANCE
        out.append(Glyph(x0, y, x0 + ADVANCE, y + SIZE, ch, SIZE, bold))
    return out


def _rows(*lines: tuple[float, list[tuple[float, str]]]) -> list[Glyph]:
    return [g for y, cells in lines for x, t in cells for g in _text(x, y, t)]


def test_overprinted_glyphs_count_once() -> None:
    word = _text(0, 0, "Corn")
    shadow = [Glyph(g.x0 + 0.4, g.y0 + 0.3, g.x1 + 0.4, g.y1 + 0.3, g.text, g.size) for g in word]
    assert [g.text for g in dedupe(word + shadow) if g.text.strip()] == list("Corn")


def test_statement_rows_leaders_signs_and_wrapped_labels() -> None:
    glyphs = _rows(
        (0, [(0, "(thousands)"), (300, "2009"), (360, "2008")]),
        (14, [(0, "Revenue")]),
        (28, [(10, "Product revenue . . . . . . . . ."), (280, "$"), (292, "2,014"), (352, "1,900")]),
        (42, [(10, "Income before taxes and")]),
        (56, [(20, "minority interest . . . ."), (290, "(1,266"), (320, ")"), (352, "35")]),
        (70, [(10, "Other"), (300, "—"), (352, "12%")]),
    )
    found = read_table(glyphs)
    assert found is not None
    assert found.header == ["(thousands)", "2009", "2008"]
    assert found.rows == [
        ["Revenue", "", ""],
        ["Product revenue", "$ 2,014", "1,900"],
        ["Income before taxes and minority interest", "(1,266)", "35"],
        ["Other", "—", "12%"],
    ]


def test_header_over_column_groups_is_merged() -> None:
    glyphs = _rows(
        (0, [(100, "Dev"), (220, "Test")]),
        (14, [(0, "Model"), (80, "P"), (120, "R"), (200, "P"), (240, "R")]),
        (28, [(0, "CRF"), (80, "75.1"), (120, "66.6"), (200, "70.6"), (240, "71.0")]),
        (42, [(0, "LSTM"), (80, "75.0"), (120, "72.8"), (200, "73.9"), (240, "74.2")]),
        (56, [(0, "Ours"), (80, "76.3"), (120, "74.0"), (200, "75.1"), (240, "75.9")]),
    )
    # The group headings are underlined across their two columns.
    rules = [Rule(78, 11, 145, 11.5), Rule(198, 11, 265, 11.5)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Model", "Dev P", "Dev R", "Test P", "Test R"]
    assert found.rows[0] == ["CRF", "75.1", "66.6", "70.6", "71.0"]


def test_sparse_tables_are_low_confidence() -> None:
    assert low_confidence(["a", "b"], [["x", ""], ["", "-"], ["y", "z"]])
    assert not low_confidence(["Item", "Qty"], [["Apples", "12"], ["Pears", "7"], ["Plums", "30"]])
    assert low_confidence(["Item", "Qty"], [["Apples", "12 13"], ["Pears", "7 8"], ["Plums", "30"]])
    sparse = Table(
        header=("Item", "Q1", "Q2"),
        rows=(("Apples", "12", ""), ("Pears", "", "-"), ("Plums", "", ""), ("Figs", "4", "")),
        bbox=Box(10, 10, 200, 100),
    )
    (kept,) = clean_tables([sparse], 612, 792)
    assert kept.low_confidence
