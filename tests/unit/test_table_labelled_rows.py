"""A ruled grid whose rows are each labelled in the first column, the top row naming the
columns over an empty corner: one header row, and cells merged across columns read as printed."""

from __future__ import annotations

import itertools

from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import read_table

SIZE = 10.0
ADVANCE = 5.0
#: The grid's column edges and row edges.
WALLS = (0.0, 70.0, 150.0, 230.0, 310.0, 390.0, 470.0)
EDGES = (0.0, 24.0, 48.0, 72.0, 96.0, 120.0)


def _text(x: float, y: float, text: str) -> list[Glyph]:
    return [Glyph(x + k * ADVANCE, y, x + (k + 1) * ADVANCE, y + SIZE, ch, SIZE, False) for k, ch in enumerate(text)]


def _grid(open_rows: dict[int, set[int]]) -> list[Rule]:
    """Every row edge across the grid; each wall down every row but those ``open_rows`` names
    (row -> the walls left out in it, by index into WALLS)."""
    rules = [Rule(WALLS[0], y - 0.25, WALLS[-1], y + 0.25) for y in EDGES]
    for w, x in enumerate(WALLS):
        for r, (top, bottom) in enumerate(itertools.pairwise(EDGES)):
            if w not in open_rows.get(r, set()):
                rules.append(Rule(x - 0.25, top - 0.5, x + 0.25, bottom + 0.5))
    return rules


def _glyphs(rows: list[list[tuple[float, str]]]) -> list[Glyph]:
    """Each row's texts (column, text) set 4 pt into their column; a text whose column is
    given as a float is set at that x."""
    out: list[Glyph] = []
    for r, cells in enumerate(rows):
        for col, text in cells:
            x = col if isinstance(col, float) else WALLS[col] + 4.0
            out += _text(x, EDGES[r] + 7.0, text)
    return out


#: Rows both grids share: the column names over the empty corner, and two labelled rows.
NAMES: list[tuple[float, str]] = [(1, "North"), (2, "South"), (3, "East"), (4, "West"), (5, "Centre")]
CAPITALS: list[tuple[float, str]] = [(0, "Capital"), (1, "Oslo"), (2, "Rome"), (3, "Kyiv"), (4, "Dublin"), (5, "Bern")]
POPULATION: list[tuple[float, str]] = [
    (0, "Population"),
    (1, "5,500,000"),
    (2, "59,000,000"),
    (3, "2,900,000"),
    (4, "1,200,000"),
    (5, "8,700,000"),
]


def test_rows_labelled_one_by_one_under_column_names_are_body_rows() -> None:
    """Before, every row above the first figure was a header row: labels and values read as
    headings, four header rows over one body row."""
    glyphs = _glyphs(
        [
            NAMES,
            [(0, "Climate"), (1, "Cold"), (2, "Warm"), (3, "Mild"), (4, "Wet"), (5, "Dry")],
            CAPITALS,
            [(0, "Currency"), (1, "Krone"), (2, "Euro"), (3, "Hryvnia"), (4, "Euro"), (5, "Franc")],
            POPULATION,
        ]
    )
    found = read_table(glyphs, _grid({}))
    assert found is not None
    assert found.header == ["", "North", "South", "East", "West", "Centre"]
    assert [row[0] for row in found.rows] == ["Climate", "Capital", "Currency", "Population"]
    assert found.rows[1] == ["Capital", "Oslo", "Rome", "Kyiv", "Dublin", "Bern"]


def test_a_text_centred_in_a_cell_over_several_columns_stands_in_its_first_column() -> None:
    """A cell drawn over columns 2 to 5 with its text centred in it (over column 3): the text
    belongs to the whole cell, which starts at column 2, not at the column it happens to sit in."""
    glyphs = _glyphs(
        [
            NAMES,
            [(0, "Zone"), (1, "Cold"), (287.5, "Temperate")],
            CAPITALS,
            [(0, "Currency"), (1, "Krone"), (260.0, "Euro"), (5, "Franc")],
            POPULATION,
        ]
    )
    found = read_table(glyphs, _grid({1: {3, 4, 5}, 3: {3, 4}}))
    assert found is not None
    assert found.header == ["", "North", "South", "East", "West", "Centre"]
    assert found.rows[0] == ["Zone", "Cold", "Temperate", "", "", ""]
    assert found.rows[2] == ["Currency", "Krone", "Euro", "", "", "Franc"]
    assert sorted(found.body_spans) == [(0, 2, 1, 4), (2, 2, 1, 3)]


def test_values_in_cells_a_grid_leaves_open_stay_in_their_own_columns() -> None:
    """A row of values in cells the grid leaves open to their left (a wall not drawn there):
    before, its label moved back to the first of the open cells and spanned both (the total's
    label over the number column, "<td colspan=2>Total</td>"), and a figure centred over an
    open wall spanned the columns either side. A row holding figures is a row of values, each
    in its own column; a figure spans columns only among headings (a code over two columns)."""
    glyphs = _glyphs(
        [
            NAMES,
            CAPITALS,
            POPULATION,
            [(0, "Area"), (1, "385"), (2, "302"), (311.0, "604"), (5, "41")],
            [(72.0, "Total"), (2, "9,100"), (3, "2,900"), (4, "1,200"), (5, "8,700")],
            [(0, "Fund"), (1, "911"), (3, "Parks"), (5, "Roads")],
        ]
    )
    edges = (*EDGES, 144.0)
    rules = [Rule(WALLS[0], y - 0.25, WALLS[-1], y + 0.25) for y in edges]
    open_rows = {3: {4}, 4: {1}, 5: {2, 4}}
    for w, x in enumerate(WALLS):
        for r, (top, bottom) in enumerate(itertools.pairwise(edges)):
            if w not in open_rows.get(r, set()):
                rules.append(Rule(x - 0.25, top - 0.5, x + 0.25, bottom + 0.5))
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["", "North", "South", "East", "West", "Centre"]
    assert found.rows[2] == ["Area", "385", "302", "", "604", "41"]
    assert found.rows[3] == ["", "Total", "9,100", "2,900", "1,200", "8,700"]
    assert found.rows[4] == ["Fund", "911", "", "Parks", "", "Roads"]
    assert sorted(found.body_spans) == [(4, 1, 1, 2), (4, 3, 1, 2)]
