"""The table layout reader on glyphs set by hand: overprinting, leaders, signs, wrapped labels,
headers over column groups."""

from __future__ import annotations

import itertools

from adapters._table_columns import column_cuts, column_span
from adapters._table_glyphs import Glyph, Rule, Word, build_lines, dedupe, segment_of
from adapters._table_layout import read_table
from adapters._table_rows import Row
from adapters._table_spans import centred_between

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


def _drawn(x: float, text: str, first: int) -> list[Glyph]:
    """``text`` at ``x`` on one baseline, its glyphs drawn in order from ``first`` on."""
    return [
        Glyph(x + k * ADVANCE, 0, x + (k + 1) * ADVANCE, SIZE, ch, SIZE, seq=first + k) for k, ch in enumerate(text)
    ]


def test_a_digit_another_text_sets_on_it_is_no_copy() -> None:
    """A figure drawn over a cell's hidden overflow (``144, 156`` under ``26406576``), some of
    whose digits fall on the same digit of the overflow: the figure keeps every digit. The same
    string drawn twice (fake bold), or one letter drawn twice, counts once."""
    under = _drawn(0, "8241859", 0)
    figure = _drawn(0, "2640657", 20)
    assert "".join(g.text for g in dedupe(under + figure) if g.seq >= 20) == "2640657"
    bold = _drawn(0, "Total", 0) + [
        Glyph(g.x0 + 0.3, g.y0, g.x1 + 0.3, g.y1, g.text, g.size, seq=g.seq + 5) for g in _drawn(0, "Total", 0)
    ]
    assert "".join(g.text for g in dedupe(bold)) == "Total"
    # (one letter drawn twice, apart in the drawing order, is a copy too)
    assert "".join(g.text for g in dedupe(_drawn(0, "C", 0) + _drawn(0, "Corn", 10))) == "Corn"


def test_a_sliver_of_a_glyph_cut_by_the_regions_edge_is_no_copy() -> None:
    """The foot of the line above a region, cut by its edge (a glyph 0.8 pt high), over the
    same letter of the first row: two glyphs, not one drawn twice."""
    full = Glyph(78.1, 125.4, 83.0, 136.5, "a", 11.0)
    sliver = Glyph(76.8, 123.5, 81.8, 124.3, "a", 9.0)
    assert len(dedupe([full, sliver])) == 2
    assert len(dedupe([sliver, full])) == 2


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


def test_a_header_of_six_rows_is_one_header() -> None:
    heading = [
        [(170, "Reorganization")],
        [(170, "of Product"), (260, "Consolidation")],
        [(80, "Closure of"), (170, "Development"), (260, "of a Wafer")],
        [(80, "Fabrication"), (170, "and"), (260, "Fabrication"), (350, "Total")],
        [(80, "Facility"), (170, "Support"), (260, "Facility in"), (350, "Special")],
        [(0, "Statement"), (80, "in Sunnyvale"), (170, "Programs"), (260, "Limerick"), (350, "Charges")],
    ]
    body = [
        [(0, "Workforce"), (80, "$20,315"), (170, "$11,165"), (260, "—"), (350, "$31,480")],
        [(0, "Facility"), (80, "—"), (170, "554"), (260, "—"), (350, "554")],
        [(0, "Other"), (80, "—"), (170, "459"), (260, "—"), (350, "459")],
    ]
    found = read_table(_rows(*((14.0 * k, cells) for k, cells in enumerate(heading + body))))
    assert found is not None
    assert found.header == [
        "Statement",
        "Closure of Fabrication Facility in Sunnyvale",
        "Reorganization of Product Development and Support Programs",
        "Consolidation of a Wafer Fabrication Facility in Limerick",
        "Total Special Charges",
    ]
    assert found.rows[0] == ["Workforce", "$20,315", "$11,165", "—", "$31,480"]


def test_a_group_heading_is_a_spanning_header_cell() -> None:
    """Two header levels: a heading over two columns (centred, crossing the boundary between
    them) and headings set once beside both levels (row span)."""
    glyphs = _rows(
        (0, [(0, "Region"), (125, "Revenue"), (260, "Staff")]),
        (14, [(80, "North"), (170, "South")]),
        (28, [(0, "Alpha"), (80, "1,204"), (170, "981"), (260, "12")]),
        (42, [(0, "Beta"), (80, "2,310"), (170, "764"), (260, "9")]),
        (56, [(0, "Gamma"), (80, "455"), (170, "1,020"), (260, "31")]),
    )
    found = read_table(glyphs)
    assert found is not None
    assert found.header == ["Region", "Revenue North", "Revenue South", "Staff"]
    assert found.header_cells == [
        (0, 0, 2, 1, "Region"),
        (0, 1, 1, 2, "Revenue"),
        (0, 3, 2, 1, "Staff"),
        (1, 1, 1, 1, "North"),
        (1, 2, 1, 1, "South"),
    ]


def test_a_ruled_grid_says_which_header_cells_span() -> None:
    """A heading set at the left of a merged cell (crossing nothing): the grid's wall between
    the two columns under it stops at the second header row."""
    glyphs = _rows(
        (2, [(4, "Item"), (104, "Sales"), (304, "Note")]),
        (22, [(104, "2019"), (204, "2020")]),
        (42, [(4, "Apples"), (104, "1,204"), (204, "981"), (304, "new")]),
        (62, [(4, "Pears"), (104, "2,310"), (204, "764"), (304, "old")]),
    )
    # rows: 0, 20, 40, 60, 80; columns: 0, 100, 200, 300, 400; no wall at 200 in the top row,
    # and the line under the top row runs across the two columns of "Sales" only.
    rules = [Rule(0, y, 400, y + 0.5) for y in (0, 40, 60, 80)] + [Rule(100, 20, 300, 20.5)]
    rules += [Rule(x, 0, x + 0.5, 80) for x in (0, 100, 300, 400)] + [Rule(200, 20, 200.5, 80)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Item", "Sales 2019", "Sales 2020", "Note"]
    assert (0, 1, 1, 2, "Sales") in found.header_cells
    assert (0, 0, 2, 1, "Item") in found.header_cells and (1, 2, 1, 1, "2020") in found.header_cells


def test_a_title_in_a_merged_cell_over_the_whole_grid_spans_every_column() -> None:
    """A title centred in a cell the grid's walls do not divide (they start under it): it heads
    every column, those left of it as well as those right of it."""
    glyphs = _rows(
        (2, [(170, "Results 2014")]),
        (22, [(4, "Item"), (104, "2019"), (204, "2020"), (304, "Note")]),
        (42, [(4, "Apples"), (104, "1,204"), (204, "981"), (304, "new")]),
        (62, [(4, "Pears"), (104, "2,310"), (204, "764"), (304, "old")]),
    )
    rules = [Rule(0, y, 400, y + 0.5) for y in (0, 20, 40, 60, 80)]
    rules += [Rule(x, 0, x + 0.5, 80) for x in (0, 400)] + [Rule(x, 20, x + 0.5, 80) for x in (100, 200, 300)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert (0, 0, 1, 4, "Results 2014") in found.header_cells


def test_years_set_over_a_ruled_grid_head_their_own_columns_only() -> None:
    """Years set above a grid, each centred over its two columns, their underline the grid's
    top ruling: the walls start under them, but no ruling runs over them, so they are in no
    merged cell of the grid. Each heads the two columns under it, not the columns left of it."""
    glyphs = _rows(
        (2, [(140, "2001"), (240, "2002")]),
        (22, [(4, "Code"), (104, "TM"), (154, "US$"), (204, "TM"), (254, "US$")]),
        (42, [(4, "0301"), (104, "1"), (154, "25"), (204, "1"), (254, "23")]),
        (62, [(4, "0302"), (104, "7"), (154, "71"), (204, "8"), (254, "68")]),
    )
    rules = [Rule(100, 20, 300, 20.5)] + [Rule(0, y, 300, y + 0.5) for y in (40, 60, 80)]
    rules += [Rule(x, 20, x + 0.5, 80) for x in (100, 150, 200, 250, 300)] + [Rule(0, 40, 0.5, 80)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert (0, 1, 1, 2, "2001") in found.header_cells and (0, 3, 1, 2, "2002") in found.header_cells
    assert found.header == ["Code", "2001 TM", "2001 US$", "2002 TM", "2002 US$"]
    # A lone title over the same grid (no ruling over it either) heads all of it.
    titled = [g for g in glyphs if g.y0 != 2] + _text(150, 2, "Tonnes")
    found = read_table(titled, rules)
    assert found is not None and (0, 0, 1, 5, "Tonnes") in found.header_cells


def test_a_one_row_header_has_no_cells_of_its_own() -> None:
    glyphs = _rows(
        (0, [(0, "Item"), (100, "Qty"), (200, "Price")]),
        (14, [(0, "Apples"), (100, "12"), (200, "3.50")]),
        (28, [(0, "Pears"), (100, "7"), (200, "2.25")]),
        (42, [(0, "Plums"), (100, "30"), (200, "9.00")]),
    )
    found = read_table(glyphs)
    assert found is not None and found.header == ["Item", "Qty", "Price"] and found.header_cells == []


def test_a_heading_set_between_two_header_lines_heads_its_column() -> None:
    """``Model`` centred on two header lines (a group heading over P R F1, then P R F1), and a
    heading wrapped with a hyphen; a caption taken in with the region is no header."""
    glyphs = _rows(
        (-20, [(0, "Table 3: Results on the test set.")]),
        (0, [(105, "Data: EC-MT")]),
        (5, [(0, "Model")]),
        (10, [(80, "P"), (130, "R"), (180, "F1")]),
        (24, [(0, "CRF"), (80, "75.12"), (130, "66.67"), (180, "70.64")]),
        (38, [(0, "LSTM"), (80, "75.02"), (130, "72.84"), (180, "73.91")]),
        (52, [(0, "Ours"), (80, "76.33"), (130, "74.00"), (180, "75.15")]),
    )
    rules = [Rule(78, 10.2, 205, 10.6)]  # the group heading's underline
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Model", "Data: EC-MT P", "Data: EC-MT R", "Data: EC-MT F1"]
    assert (0, 0, 2, 1, "Model") in found.header_cells and (0, 1, 1, 3, "Data: EC-MT") in found.header_cells
    assert found.rows[0] == ["CRF", "75.12", "66.67", "70.64"]


def test_a_stub_heading_centred_between_two_header_lines_apart_from_both_heads_its_column() -> None:
    """``Membership`` in a merged cell of a ruled grid, set halfway between the group headings
    (``Peak``, ``Off-peak``) and the columns' headings under them, touching neither line: the
    first column's heading over both header rows (not a body row of its own)."""
    glyphs = _rows(
        (0, [(205, "Peak"), (405, "Off-peak")]),
        (12, [(5, "Membership")]),
        (24, [(105, "Monthly"), (205, "Annual"), (305, "Monthly"), (405, "Annual")]),
        (40, [(5, "Adult"), (105, "38.50"), (205, "385.00"), (305, "27.00"), (405, "270.00")]),
        (54, [(5, "Senior"), (105, "29.00"), (205, "290.00"), (305, "19.50"), (405, "195.00")]),
    )
    rules = _ruled_grid([0, 100, 300, 500], -2, 66, [-2, 37, 51, 66])
    rules += [Rule(100, 10.75, 500, 11.25)] + [Rule(x - 0.25, 11, x + 0.25, 66) for x in (200, 400)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert (0, 0, 2, 1, "Membership") in found.header_cells
    assert (0, 1, 1, 2, "Peak") in found.header_cells and (1, 1, 1, 1, "Monthly") in found.header_cells
    assert found.rows[0] == ["Adult", "38.50", "385.00", "27.00", "270.00"]


def _spread(x0: float, x1: float, y: float, text: str, size: float = 8.5) -> list[Glyph]:
    """``text`` set from ``x0`` to ``x1`` at ``y``, its characters equally wide."""
    step = (x1 - x0) / len(text)
    return [Glyph(x0 + k * step, y, x0 + (k + 1) * step, y + size, ch, size, False) for k, ch in enumerate(text)]


def test_a_group_heading_centred_over_the_blank_between_two_columns_cuts_nothing() -> None:
    """A ruled grid walled between groups of columns only (``Electricity`` centred over two
    columns of figures set flush right, their headings wrapped and set flush right too, as an
    energy tariff's prices by region): the group heading, centred over the blank between its
    two columns, is over both, no text of either, so the columns are cut in the blank the
    headings under it leave (before ``Unit rate (pence``), not near the second column's figures
    (through its heading)."""
    placed = [
        (64.9, 93.3, 87.2, "Region"),
        (264.1, 304.2, 87.2, "Electricity"),
        (213.3, 279.1, 105.0, "Standing charge"),
        (303.4, 366.9, 105.0, "Unit rate (pence"),
        (217.1, 279.1, 115.4, "(pence per day)"),
        (331.0, 366.9, 115.4, "per kWh)"),
        (451.7, 467.6, 87.2, "Gas"),
        (388.8, 454.7, 105.0, "Standing charge"),
        (478.9, 542.4, 105.0, "Unit rate (pence"),
        (392.6, 454.7, 115.4, "(pence per day)"),
        (506.5, 542.4, 115.4, "per kWh)"),
    ]
    for k in range(14):
        y = 131.6 + 16.6 * k
        placed += [(64.9, 94.5, y, f"Region {k}"), (257.6, 279.1, y, "48.92"), (345.4, 366.9, y, "24.61")]
        placed += [(433.1, 454.7, y, "31.43"), (525.7, 542.4, y, "6.02")]
    glyphs = [g for x0, x1, y, text in placed for g in _spread(x0, x1, y, text)]
    rules = _ruled_grid([59.9, 196.4, 371.9, 547.4], 83.0, 360.0, [83.0, *(127.4 + 16.6 * k for k in range(14))])
    rules += [Rule(196.4, 100.6, 547.4, 101.0)]
    inner = [c for c in column_cuts(build_lines(glyphs, rules), rules) if 200 < c < 370]
    assert len(inner) == 1 and 279.1 <= inner[0] <= 303.4, inner


def test_a_heading_wrapped_onto_a_second_line() -> None:
    glyphs = _rows(
        (0, [(0, "Detail Num-"), (80, "Project"), (160, "Little")]),
        (11, [(0, "ber")]),
        (24, [(0, "Discover"), (80, "24,242"), (160, "206")]),
        (38, [(0, "Define"), (80, "43.9"), (160, "31,428")]),
        (52, [(0, "Layer"), (80, "68,137"), (160, "171")]),
    )
    found = read_table(glyphs)
    assert found is not None
    # the broken word joined at a soft hyphen (the table service drops it: see ports.table_extractor)
    assert found.header == ["Detail Num\u00adber", "Project", "Little"]
    assert found.rows[0] == ["Discover", "24,242", "206"]


def test_a_table_of_text_has_one_header_row_at_most() -> None:
    """Rows of text alone (no figures under the first row) are rows, not a header of many."""
    glyphs = _rows(
        (0, [(0, "Greeting"), (120, "Hello there")]),
        (14, [(0, "Question"), (120, "Where from")]),
        (28, [(0, "Answer"), (120, "The north")]),
        (42, [(0, "Closing")]),
    )
    rules = [Rule(-2, y, 240, y + 0.5) for y in (-3, 11, 25, 39, 53)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert len(found.header) == 2 and found.header[0] == "Greeting"
    assert [r[0] for r in found.rows] == ["Question", "Answer", "Closing"]


def test_a_year_under_the_first_columns_heading_opens_the_body() -> None:
    """A filmography: ``Year`` heads the first column, each row opens with a year over titles
    and roles in words (no figure to tell the body from the header), a year spanning two rows
    and a role spanning two more: one header row, ``Year Title Role Notes``."""
    glyphs = _rows(
        (2, [(4, "Year"), (104, "Title"), (204, "Role"), (304, "Notes")]),
        (22, [(4, "2006"), (104, "Hood"), (204, "Scout")]),
        (42, [(4, "2012"), (104, "Pitch"), (204, "Benji")]),
        (62, [(104, "Pitch 2")]),
        (82, [(4, "2015"), (104, "Ricki"), (204, "Daniel")]),
        (102, [(4, "2016"), (104, "Billy"), (204, "Josh"), (304, "[42]")]),
    )
    rules = [Rule(0, y, 400, y + 0.5) for y in (0, 20, 40, 80, 100, 120)] + [Rule(0, 60, 200, 60.5)]
    rules += [Rule(x, 0, x + 0.5, 120) for x in (0, 100, 200, 300, 400)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Year", "Title", "Role", "Notes"], found.header
    assert [r[0] for r in found.rows][:2] == ["2006", "2012"], found.rows


def test_a_heading_across_a_ruling_does_not_split_the_column_beside_it() -> None:
    """Right-aligned figures leave a blank from one figure to the next that holds the ruling
    between their columns; a group heading over both columns crosses that ruling and stands in
    no blank: one boundary, at the ruling, and no empty column beside it."""
    glyphs = _rows(
        (2, [(150, "Rates over the two years")]),
        (22, [(4, "Item"), (150, "Low"), (255, "High")]),
        *((42 + 20 * k, [(4, f"Row {k}"), (160, f"{k}.37%"), (265, f"{k}.51%")]) for k in range(5)),
    )
    rules = [Rule(0, y, 300, y + 0.5) for y in (0, 40, 140)] + [Rule(100, 20, 300, 20.5)]
    rules += [Rule(x, 0, x + 0.5, 140) for x in (0, 100, 300)] + [Rule(200, 20, 200.5, 140)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert [len(r) for r in found.rows] == [3] * 5, found.rows
    assert found.rows[0] == ["Row 0", "0.37%", "0.51%"]


def test_a_value_wrapped_onto_the_next_line_is_one_cell() -> None:
    """An infobox's value broken over two lines (the first word of the second would not have
    fit on the first within the column) is one cell; so is a short line under a short value set
    at the value's leading, closer than the rows are set apart (a value of several lines); a
    short line set as far under a short value as the rows are apart is a row of its own."""
    glyphs = _rows(
        (0, [(4, "Developer"), (100, "Mozilla Foundation")]),
        (20, [(4, "Platform"), (100, "JavaScript engine, web")]),
        (40, [(4, "License"), (100, "Apache Software")]),
        (52, [(100, "Foundation 2.0")]),
        (72, [(4, "Type"), (100, "PDF viewer")]),
        (84, [(100, "Editor")]),
        (104, [(4, "Size"), (100, "3.94 MB")]),
        (124, [(100, "unpacked")]),
        (144, [(4, "Written in"), (100, "JavaScript")]),
    )
    found = read_table(glyphs)
    assert found is not None
    rows = [found.header, *found.rows] if found.header else found.rows
    assert ["License", "Apache Software Foundation 2.0"] in rows, rows
    assert ["Type", "PDF viewer Editor"] in rows, rows
    assert ["Size", "3.94 MB"] in rows and ["", "unpacked"] in rows, rows


def test_a_label_set_over_two_lines_around_its_figures_is_one_row() -> None:
    """A label broken over two lines centred on its row's figures (the first line leaves a
    bracket open), and one whose second line follows the row with its figures: one row each."""
    glyphs = _rows(
        (0, [(4, "Product"), (150, "Rate"), (250, "Comparison")]),
        (20, [(4, "Home Loan (2 Year")]),
        (26, [(150, "3.84%"), (250, "4.39%")]),
        (32, [(4, "Introductory Rate)")]),
        (52, [(4, "Home Loan (Ratio"), (150, "3.79%"), (250, "3.80%")]),
        (62, [(4, "70.01% - 80%)")]),
        (82, [(4, "Standard Rate"), (150, "5.37%"), (250, "5.51%")]),
    )
    found = read_table(glyphs)
    assert found is not None
    assert found.rows == [
        ["Home Loan (2 Year Introductory Rate)", "3.84%", "4.39%"],
        ["Home Loan (Ratio 70.01% - 80%)", "3.79%", "3.80%"],
        ["Standard Rate", "5.37%", "5.51%"],
    ], found.rows


def test_a_short_column_of_one_lines_text_set_on_after_its_neighbour_is_no_column() -> None:
    """An infobox whose values wrap at the column's width: one value line ends early and its
    last word is set apart after a wide space (``4.0.379`` ``/``), the only text right of the
    blank that leaves among the lines with a label, which the value lines under them run
    across. It is the end of that value, not a column of its own (which cut the long value lines
    in two)."""
    glyphs = _rows(
        (0, [(4, "Developer"), (100, "Mozilla")]),
        (20, [(4, "Initial release"), (100, "2 July")]),
        (40, [(4, "Stable release"), (100, "4.0.379"), (145, "/")]),
        (52, [(100, "December 31, 2023")]),
        (72, [(4, "Repository"), (100, "github")]),
        (84, [(100, "/mozilla/pdf.js")]),
        (104, [(4, "Written in"), (100, "JavaScript")]),
    )
    found = read_table(glyphs)
    assert found is not None
    rows = [found.header, *found.rows] if found.header else found.rows
    assert ["Stable release", "4.0.379 / December 31, 2023"] in rows, rows
    assert ["Repository", "github /mozilla/pdf.js"] in rows, rows


def test_a_column_a_ruling_sets_apart_stays_a_column() -> None:
    """A ruled checklist (marks in some columns only): a column whose one filled cell is its
    heading, set after the heading on its left, is a column of its own when a ruling stands
    between the two (words a wide space sets apart inside one cell are not walled off)."""
    glyphs = _rows(
        (0, [(0, "Parameter"), (100, "Alarm"), (150, "Slowdown"), (210, "Stop")]),
        (14, [(0, "Fuel pressure"), (100, "H")]),
        (28, [(0, "Oil pressure"), (100, "L"), (150, "X")]),
        (42, [(0, "Oil mist"), (100, "H"), (150, "X")]),
        (56, [(0, "Engine speed"), (100, "H")]),
    )
    rules = [Rule(x, -2, x + 0.5, 70) for x in (-2, 95, 145, 205, 240)]
    rules += [Rule(-2, y, 240, y + 0.5) for y in (-2, 70)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.rows[0] == ["Parameter", "Alarm", "Slowdown", "Stop"]
    assert found.rows[2] == ["Oil pressure", "L", "X", ""]


def test_a_dash_at_the_end_of_a_wrapped_cells_line_is_no_broken_word() -> None:
    """A ruled cell wrapped over three lines: a dash set apart at a line's end (``Kings Cross -``
    over ``York``) keeps its space; a word broken at the line's end (``Num-`` over ``ber``)
    joins at a soft hyphen."""
    glyphs = _rows(
        (0, [(0, "Route"), (100, "Fare")]),
        (14, [(0, "London"), (100, "76.00")]),
        (28, [(0, "Kings Cross -")]),
        (42, [(0, "York")]),
        (56, [(0, "Leeds"), (100, "12.00")]),
        (70, [(0, "Num-")]),
        (84, [(0, "ber 9"), (100, "3.00")]),
    )
    rules = [Rule(x, -2, x + 0.5, 98) for x in (-2, 95, 140)]
    rules += [Rule(-2, y, 140, y + 0.5) for y in (-2, 12, 54, 68, 98)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Route", "Fare"]
    assert found.rows == [["London Kings Cross - York", "76.00"], ["Leeds", "12.00"], ["Num\u00adber 9", "3.00"]]


def test_a_first_row_of_figures_ruled_off_is_no_header() -> None:
    """A ruled table continued from the page before starts with a row of figures: the ruling
    under it makes it no header (a header holds no figures but years)."""
    glyphs = _rows(
        (0, [(0, "3 001"), (60, "419"), (120, "806"), (180, "List of the alliance"), (300, "2")]),
        (14, [(0, "387"), (60, "50"), (120, "60"), (180, "List of justice"), (300, "3")]),
        (28, [(0, "1 193"), (60, "135"), (120, "87"), (180, "List of the republic"), (300, "4")]),
    )
    rules = [Rule(x, -2, x + 0.5, 40) for x in (-2, 50, 110, 170, 290, 320)]
    rules += [Rule(-2, y, 320, y + 0.5) for y in (-2, 12, 26, 40)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == []
    assert found.rows[0] == ["3 001", "419", "806", "List of the alliance", "2"]


def test_a_label_and_value_set_as_one_text_are_two_cells() -> None:
    """An infobox row whose label and value are one text with a space between them, wider than
    its other spaces but no gap, is cut where the values' column starts in the other rows, not
    read as a title over the table and left out."""
    glyphs = _rows(
        (0, [(0, "Original developers"), (102.6, "Andreas Gal")]),  # 7.6 apart: no gap, a wide space
        (14, [(0, "Developer"), (102.6, "Mozilla")]),
        (28, [(0, "Initial release"), (102.6, "2 July 2011")]),
        (42, [(0, "Written in"), (102.6, "JavaScript")]),
        (56, [(0, "License"), (102.6, "Apache License")]),
    )
    found = read_table(glyphs)
    assert found is not None
    rows = [found.header, *found.rows] if found.header else found.rows
    assert rows[0] == ["Original developers", "Andreas Gal"]
    assert rows[-1] == ["License", "Apache License"]


def test_a_label_and_value_set_a_little_wider_apart_than_their_words_are_two_cells() -> None:
    """An infobox row set as one text whose label and value stand a quarter wider apart than
    the value's words (``Occupation(s)`` and ``Actress, singer``, 3.8 points against 3.0 in
    ``Jennifer Jones.pdf``): two cells, cut where the values' column starts."""
    at = 13 * ADVANCE + 1.26 * ADVANCE  # "Occupation(s)", then a space 1.26 times the others
    glyphs = _rows(
        (0, [(0, "Born"), (at, "Phylis Lee Isley")]),
        (14, [(0, "Died"), (at, "December 17, 2009")]),
        (28, [(0, "Alma mater"), (at, "Northwestern University")]),
        (42, [(0, "Occupation(s)"), (at, "Actress, singer")]),
        (56, [(0, "Years active"), (at, "1939-1974")]),
        (70, [(0, "Children"), (at, "3, including Robert")]),
    )
    found = read_table(glyphs)
    assert found is not None
    rows = [found.header, *found.rows] if found.header else found.rows
    assert ["Occupation(s)", "Actress, singer"] in rows
    assert rows[-1] == ["Children", "3, including Robert"]


def test_letters_drawn_out_of_order_side_by_side_are_one_text() -> None:
    """A producer that draws a line's letters out of order (every other letter first, then the
    rest) without any letter standing on another: the line reads as printed."""
    order: dict[tuple[int, int, int], int] = {}
    texts = [(0, "Prairie Brand"), (100, "PB-1566R2"), (200, "1.5")]
    glyphs = []
    for y in (0, 14, 28):
        for x, text in texts:
            for k in range(len(text)):
                order[(y, x, k)] = len(order)
        for x, text in texts:
            for k, ch in enumerate(text):
                seq = order[(y, x, k)] + (0 if k % 2 == 0 else 1000)
                glyphs.append(Glyph(x + k * ADVANCE, y, x + (k + 1) * ADVANCE, y + SIZE, ch, SIZE, False, seq))
    found = read_table(glyphs)
    assert found is not None
    assert all(r == ["Prairie Brand", "PB-1566R2", "1.5"] for r in [found.header, *found.rows] if r)


def test_a_sentence_is_not_cut_at_a_column_start() -> None:
    """A line of running text under a two-column table, one of whose words starts where the
    values' column starts, its spaces all alike: no label and value."""
    glyphs = _rows(
        (0, [(0, "Developer"), (100, "Mozilla")]),
        (14, [(0, "Initial release"), (100, "2 July 2011")]),
        (28, [(0, "Written in"), (100, "JavaScript")]),
        (42, [(0, "License"), (100, "Apache License")]),
        (62, [(0, "It is released in a year")]),
    )
    found = read_table(glyphs)
    assert found is not None
    assert [found.header, *found.rows][-1] == ["License", "Apache License"]


def test_a_note_under_a_wider_table_is_not_cut_at_a_column_start() -> None:
    """A note under a table of three columns, one of whose words happens to start where the
    second column's text starts, runs on past the third column: it is no label and value, and
    stays out of the table."""
    glyphs = _rows(
        (0, [(0, "Item"), (100, "Region"), (200, "Grade")]),
        (14, [(0, "Wheat"), (100, "North"), (200, "A")]),
        (28, [(0, "Barley"), (100, "South"), (200, "B")]),
        (42, [(0, "Oats"), (100, "East"), (200, "C")]),
        (56, [(0, "Rye"), (100, "West"), (200, "A")]),
        (76, [(0, "Some text after the table ends the page.")]),
    )
    found = read_table(glyphs)
    assert found is not None
    assert found.rows[-1] == ["Rye", "West", "A"]


def test_bars_drawn_over_letters_afterwards_leave_the_line_whole() -> None:
    """A formula's bars drawn over its letters after the rest of the line (``y¯`` twice): a
    mark over a letter is no text drawn over another, and the line reads as with its glyphs in
    place."""
    text = "p(y|X) = exp y"
    line = [Glyph(k * ADVANCE, 0, (k + 1) * ADVANCE, SIZE, ch, SIZE, False, k) for k, ch in enumerate(text)]
    bars = [
        Glyph(g.x0 + 0.5, 0, g.x1 - 0.5, SIZE, "¯", SIZE, False, 100 + k) for k, g in enumerate(line) if g.text == "y"
    ]
    drawn = build_lines(line + bars)
    placed = build_lines([Glyph(g.x0, g.y0, g.x1, g.y1, g.text, g.size) for g in line + bars])
    assert [[s.text for s in ln.segments] for ln in drawn] == [[s.text for s in ln.segments] for ln in placed]


def _ruled_grid(walls: list[float], top: float, bottom: float, across: list[float]) -> list[Rule]:
    x0, x1 = walls[0], walls[-1]
    return [Rule(x - 0.25, top, x + 0.25, bottom) for x in walls] + [Rule(x0, y - 0.25, x1, y + 0.25) for y in across]


def test_a_heading_set_left_over_figures_set_right_in_one_ruled_column_is_one_column() -> None:
    """Between two column rulings, the heading set at the left and the figures (one digit each)
    set at the right leave a blank that runs down the whole column; no row holds text on both
    sides of it, so it divides nothing: the column stays one."""
    walls = [-5.0, 60.0, 140.0, 200.0]
    glyphs = _rows(
        (0, [(0, "Item"), (62, "Other"), (142, "Total")]),
        (16, [(0, "Wheat"), (130, "3"), (185, "12")]),
        (30, [(0, "Barley"), (130, "0"), (185, "40")]),
        (44, [(0, "Oats"), (130, "7"), (185, "71")]),
        (58, [(0, "Rye"), (130, "1"), (185, "98")]),
    )
    found = read_table(glyphs, _ruled_grid(walls, -3, 72, [-3, 13, 72]))
    assert found is not None
    assert found.header == ["Item", "Other", "Total"]
    assert found.rows == [["Wheat", "3", "12"], ["Barley", "0", "40"], ["Oats", "7", "71"], ["Rye", "1", "98"]]


#: A ruled grid of checks by state (its walls, its header and first three rows), the start of
#: several tests' tables.
_CHECKS_WALLS = (-5.0, 60.0, 140.0, 200.0, 260.0, 320.0)
_CHECKS = (
    (0, [(0, "Item"), (62, "Other"), (142, "Total"), (202, "North"), (262, "South")]),
    (16, [(0, "Wheat"), (112, "13"), (185, "12"), (245, "3"), (305, "9")]),
    (30, [(0, "Barley"), (112, "20"), (185, "40"), (245, "1"), (305, "0")]),
    (44, [(0, "Oats"), (112, "17"), (185, "71"), (245, "2"), (305, "6")]),
)


def test_a_title_and_notes_framed_with_a_grid_stay_out_of_it() -> None:
    """A frame drawn round a title, a ruled grid and notes: the title, set larger than the
    table, stands above where the column rulings start and the notes below where they end, each
    set off by a ruling across the grid; neither is part of the table, and the table's box is
    the grid's."""
    walls = list(_CHECKS_WALLS)
    title = [Glyph(40 + 10 * k, -40, 50 + 10 * k, -20, ch, 20.0) for k, ch in enumerate("Checks by state")]
    glyphs = title + _rows(
        *_CHECKS,
        (58, [(0, "Rye"), (112, "11"), (185, "98"), (245, "7"), (305, "5")]),
        (80, [(0, "NOTES:"), (62, "Counts of checks.")]),
    )
    rules = _ruled_grid(walls, -3, 72, [-3, 13, 72])
    frame = [Rule(-5.25, -45, -4.75, 95), Rule(319.75, -45, 320.25, 95), Rule(-5, -45.25, 320, -44.75)]
    frame.append(Rule(-5, 94.75, 320, 95.25))
    found = read_table(glyphs, rules + frame)
    assert found is not None
    assert found.header == ["Item", "Other", "Total", "North", "South"]
    assert found.rows[-1] == ["Rye", "11", "98", "7", "5"]
    assert found.bbox[1] >= -4.0 and found.bbox[3] <= 73.0


def test_a_section_row_spanning_the_columns_at_a_ruled_grids_foot_stays_in_it() -> None:
    """The last row of a ruled grid holds one text running over the first column rulings (a
    section's name, ``7. Freedom of association``), the rulings of the columns past it running
    down beside it to the grid's foot: a row of the table, not a note under it. A note set
    below where the column rulings end still stays out."""
    walls = list(_CHECKS_WALLS)
    glyphs = _rows(
        *_CHECKS,
        (58, [(0, "7. Freedom of association")]),
        (80, [(0, "Counts of checks by the board.")]),
    )
    rules = _ruled_grid(walls, -3, 72, [-3, 13, 42, 56, 72])
    # the section's name runs over the first two column rulings: they stop above its row
    rules = [r for r in rules if not (r.vertical and 50 < r.x0 < 150)]
    rules += [Rule(59.75, -3, 60.25, 56), Rule(139.75, -3, 140.25, 56)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.rows[-1][0].startswith("7. Freedom")
    assert "Counts of checks by the board." not in " ".join(" ".join(r) for r in found.rows)


def test_group_headings_over_column_headings_in_a_table_of_prose_are_two_header_rows() -> None:
    """A table of prose (no column of figures to tell the header from the body): a bold row
    naming groups of columns, the label column left empty, over a row naming every column in
    a few words; both are the header, the rows of prose under them its body."""
    glyphs = [
        *_text(130, 0, "Findings", bold=True),
        *_text(330, 0, "Remediation", bold=True),
        *_rows(
            (14, [(0, "Issue"), (100, "Benchmark"), (200, "Finding"), (300, "Plan"), (400, "Follow up")]),
            (28, [(0, "Wages"), (100, "Pay on time"), (200, "Paid late"), (300, "Pay weekly"), (400, "Done")]),
            (42, [(0, "Hours"), (100, "Rest days"), (200, "No rest day"), (300, "Add a day"), (400, "Open")]),
            (56, [(0, "Safety"), (100, "Exits clear"), (200, "Exit shut"), (300, "Open exits"), (400, "Done")]),
        ),
    ]
    found = read_table(glyphs)
    assert found is not None
    assert found.rows[0][0] == "Wages"
    assert found.header[0] == "Issue"
    assert found.header[1].startswith("Findings")


def test_a_shaded_header_over_a_grid_ruled_below_it_keeps_its_columns_apart() -> None:
    """A header with no rulings in it (a shaded band) over a grid whose column walls start
    under it, dots drawn where the row rulings meet the walls between the column groups:
    ``Revenue`` heads its two columns, each named under it (``Medical & Public Health`` wrapped
    over three lines beside ``Family Welfare`` over two). The wall open at the header is no
    merged cell: the columns are headed apart on the lines above, so ``Health`` heads its own
    column only; and a dot is no wall."""
    glyphs = _rows(
        (0, [(0, "State"), (115, "Revenue"), (255, "Capital")]),
        (14, [(70, "Medical &"), (140, "Family"), (210, "Medical &"), (280, "Family")]),
        (28, [(70, "Public"), (140, "Welfare"), (210, "Public"), (280, "Welfare")]),
        (42, [(70, "Health"), (210, "Health")]),
        (60, [(0, "Goa"), (90, "4,055"), (160, "110"), (230, "330"), (300, "0")]),
        (76, [(0, "Kerala"), (90, "2,792"), (160, "398"), (230, "929"), (300, "0")]),
        (92, [(0, "Delhi"), (90, "2,808"), (160, "411"), (230, "4,550"), (300, "0")]),
        (108, [(0, "Assam"), (90, "1,487"), (160, "255"), (230, "161"), (300, "0")]),
        (124, [(0, "Bihar"), (90, "2,101"), (160, "433"), (230, "5,329"), (300, "0")]),
    )
    top, bottom = 57.0, 137.0
    rules = [Rule(x - 0.25, -3, x + 0.25, bottom) for x in (-5.0, 65.0, 340.0)]
    rules += [Rule(x - 0.25, top, x + 0.25, bottom) for x in (135.0, 275.0)]  # under the header only
    rules += [Rule(-5, y - 0.25, 340, y + 0.25) for y in (-3, top, 73, 89, 105, 121, bottom)]
    rules += [Rule(204.5, y - 0.5, 205.5, y + 0.5) for y in (top, 73, 89, 105, 121, bottom)]  # dots at corners
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.rows[0] == ["Goa", "4,055", "110", "330", "0"]
    assert (0, 1, 1, 2, "Revenue") in found.header_cells
    assert (1, 1, 1, 1, "Medical & Public Health") in found.header_cells
    assert (1, 2, 1, 1, "Family Welfare") in found.header_cells


_TITLED_WALLS = [0.0, 60.0, 120.0, 180.0, 240.0]


def _titled_grid(top: float = 0.0, *, pieces: bool = False) -> list[Rule]:
    """A grid ruled round every cell, its top row (from ``top`` to 14) one cell over every
    column: the inner walls start under it, the outer walls and the top ruling close it. With
    ``pieces`` the walls are drawn cell by cell, 1.5 points short of each ruling."""
    x0, x1 = _TITLED_WALLS[0], _TITLED_WALLS[-1]
    across = [top, 14.0, 28.0, 42.0, 56.0, 70.0]
    rules = [Rule(x0, y - 0.25, x1, y + 0.25) for y in across]
    for x in _TITLED_WALLS:
        start = 0 if x in (x0, x1) else 1
        if pieces:
            rules += [Rule(x - 0.25, a + 0.75, x + 0.25, b - 0.75) for a, b in itertools.pairwise(across[start:])]
        else:
            rules.append(Rule(x - 0.25, across[start], x + 0.25, 70.0))
    return rules


def _titled_glyphs(*, title_y: float = 2.0, heading_bold: bool = False, body: str = "figures") -> list[Glyph]:
    title = _text(50, title_y, "Google Embedding Vectors", bold=True)
    headings = [
        g
        for x, t in [(2, "Algorithm"), (62, "Acc."), (122, "Prec."), (182, "F1")]
        for g in _text(x, 16, t, bold=heading_bold)
    ]
    if body == "figures":
        cells = [
            ("NB", "74.19", "68.44", "68.92"),
            ("LR", "82.56", "81.71", "75.04"),
            ("RF", "77.56", "78.89", "62.68"),
        ]
        xs = (2, 80, 140, 200)
    else:
        cells = [("NB", "fast", "plain", "low"), ("LR", "slow", "linear", "high"), ("RF", "slow", "trees", "high")]
        xs = (2, 62, 122, 182)
    rows = _rows(*((30 + 14 * k, list(zip(xs, row, strict=True))) for k, row in enumerate(cells)))
    return title + headings + rows


def test_a_title_row_inside_a_ruled_grid_is_its_first_header_row() -> None:
    """A ruled grid whose top row holds one bold text over every column (a paper's table
    titled ``Google Embedding Vectors`` over ``Algorithm | Acc. | ...``), the outer walls and
    the grid's top ruling round it, the column rulings starting under it: the title is the
    table's first header row, one cell spanning the columns, and the table's box reaches the
    grid's top. Walls drawn cell by cell do the same."""
    for pieces in (False, True):
        found = read_table(_titled_glyphs(), _titled_grid(pieces=pieces))
        assert found is not None
        assert (0, 0, 1, 4, "Google Embedding Vectors") in found.header_cells
        assert (1, 0, 1, 1, "Algorithm") in found.header_cells
        assert found.rows[0] == ["NB", "74.19", "68.44", "68.92"] and len(found.rows) == 3
        assert found.bbox[1] <= 0.0


def test_a_title_standing_above_a_ruled_grid_stays_out_of_it() -> None:
    """The same title set above the grid's top ruling (the grid starts at the column headings)
    is text over the table, a caption's or a heading's place, not a row of it; so is one under
    a frame's top with a line between them (a caption, ``Exhibit 9``, and then the title, the
    grid's top ruling under the title)."""
    glyphs = [g for g in _titled_glyphs() if g.y0 != 2.0] + _text(50, -14, "Google Embedding Vectors", bold=True)
    found = read_table(glyphs, _titled_grid(top=14.0))
    assert found is not None
    assert found.header_cells == [] and found.header[0] == "Algorithm"
    assert found.bbox[1] >= 13.0
    framed = [Glyph(g.x0, g.y0 + 14, g.x1, g.y1 + 14, g.text, g.size, g.bold) for g in _titled_glyphs()]
    framed += _text(95, 2, "Exhibit 9", bold=True)
    rules = [Rule(r.x0, r.y0 + 14, r.x1, r.y1 + 14) for r in _titled_grid(top=14.0)]
    rules += [Rule(-0.25, 0, 0.25, 84), Rule(239.75, 0, 240.25, 84), Rule(0, -0.25, 240, 0.25)]
    found = read_table(framed, rules)
    assert found is not None
    assert found.header_cells == [] and found.header[0] == "Algorithm"


def test_a_short_title_row_keeps_the_row_under_it_and_leaves_the_text_above_out() -> None:
    """A grid's title row whose text stays clear of the first column boundary, over a row
    naming a group of rows (one text across the first boundary, ruled off above and below, the
    column rulings starting under it), with a heading set above the grid's top ruling: the
    title is in the header, the group's row stays in the table (it was left out as a title
    over the table, and the real title with it), and the heading above the grid is not the
    table's."""
    x0, x1 = _TITLED_WALLS[0], _TITLED_WALLS[-1]
    rules = [Rule(x0, y - 0.25, x1, y + 0.25) for y in (14.0, 28.0, 42.0, 56.0, 70.0, 84.0)]
    rules += [Rule(x - 0.25, 14.0, x + 0.25, 84.0) for x in (x0, x1)]
    rules += [Rule(x - 0.25, 42.0, x + 0.25, 84.0) for x in _TITLED_WALLS[1:-1]]
    glyphs = _text(95, 0, "THERAPY", bold=True) + _text(70, 16, "Adjuvant", bold=True)
    glyphs += _text(2, 30, "Other recommended")
    glyphs += _rows(
        (44, [(2, "NB"), (62, "weekly"), (122, "daily"), (182, "oral")]),
        (58, [(2, "LR"), (62, "monthly"), (122, "weekly"), (182, "drip")]),
        (72, [(2, "RF"), (62, "daily"), (122, "monthly"), (182, "oral")]),
    )
    found = read_table(glyphs, rules)
    assert found is not None
    assert "Adjuvant" in found.header
    cells = [c for r in found.rows for c in r]
    assert "Other recommended" in cells
    assert not any("THERAPY" in c for c in cells) and "THERAPY" not in " ".join(found.header)
    assert found.rows[-1] == ["RF", "daily", "monthly", "oral"]


def test_bold_column_headings_under_a_grids_title_row_stay_the_header() -> None:
    """Under the title row, the columns' headings set in bold over cells of text (no column of
    figures tells them apart): the header is both rows, the title no stand-in for the bold row
    under it."""
    found = read_table(_titled_glyphs(heading_bold=True, body="words"), _titled_grid())
    assert found is not None
    assert (0, 0, 1, 4, "Google Embedding Vectors") in found.header_cells
    assert (1, 3, 1, 1, "F1") in found.header_cells
    assert found.rows[0] == ["NB", "fast", "plain", "low"]


def test_a_space_drawn_apart_over_a_word_does_not_cut_it() -> None:
    """A space drawn after its line, lying over two letters that touch (``LE GISLATIVE``), is
    no word break; a space drawn in its text's order, or apart but in a gap, still is one."""
    word = [Glyph(g.x0, g.y0, g.x1, g.y1, g.text, g.size, seq=k) for k, g in enumerate(_text(0, 0, "LEGISLATIVE"))]
    stray = Glyph(8.5, 0, 10.5, SIZE, " ", SIZE, seq=len(word))
    lines = build_lines([*word, stray])
    assert [s.text for s in lines[0].segments] == ["LEGISLATIVE"]
    spaced = [Glyph(g.x0, g.y0, g.x1, g.y1, g.text, g.size, seq=k) for k, g in enumerate(_text(0, 0, "NEW YORK"))]
    assert [s.text for s in build_lines(spaced)[0].segments] == ["NEW YORK"]
    apart = [g for g in spaced if g.text.strip()] + [Glyph(15, 0, 20, SIZE, " ", SIZE, seq=len(spaced))]
    assert [s.text for s in build_lines(apart)[0].segments] == ["NEW YORK"]


def test_header_lines_a_ruling_parts_are_two_cells() -> None:
    """A ruled grid's header of three levels: ``State`` and ``Governor`` each in a cell over
    the same two columns, ``Dist 2`` and ``Smith`` each in a cell of one column, a ruling
    between them: cells one over the other, not one heading wrapped over two lines."""
    glyphs = _rows(
        (2, [(4, "Item"), (104, "State"), (304, "Board")]),
        (22, [(104, "Governor"), (304, "Dist 2")]),
        (42, [(104, "North"), (204, "South"), (304, "Smith")]),
        (62, [(4, "Apples"), (104, "1,204"), (204, "981"), (304, "12")]),
        (82, [(4, "Pears"), (104, "2,310"), (204, "764"), (304, "9")]),
    )
    rules = [Rule(0, y, 400, y + 0.5) for y in (0, 20, 40, 60, 80, 100)]
    rules += [Rule(x, 0, x + 0.5, 100) for x in (0, 100, 300, 400)] + [Rule(200, 40, 200.5, 100)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Item", "State Governor North", "State Governor South", "Board Dist 2 Smith"]
    assert (0, 1, 1, 2, "State") in found.header_cells and (1, 1, 1, 2, "Governor") in found.header_cells
    assert (1, 3, 1, 1, "Dist 2") in found.header_cells and (2, 3, 1, 1, "Smith") in found.header_cells


def test_a_superscript_raised_into_the_line_above_stays_on_its_word() -> None:
    """``Offset#``: the mark, set small at the top of its word, lies mostly in the band of the
    heading line above (read first, top down): it joins the word it touches."""
    above = _text(0, 0, "Interest Only")
    word = _text(300, 6, "Offset")
    mark = Glyph(330, 6, 333, 11.5, "#", 5.5)
    lines = build_lines([*above, *word, mark])
    assert [[s.text for s in ln.segments] for ln in lines] == [["Interest Only"], ["Offset#"]]


def _banded(pitch: float) -> tuple[list[Glyph], list[Rule]]:
    """A table ruled between its rows: wrapped bands (a label over two lines beside one line, or
    the other way round) and, in the second band, two lines each filling both cells ``pitch``
    apart."""
    second = 16 + pitch
    b2 = second + 15
    lines = [
        (2, [(4, "Type"), (154, "Rates")]),
        (16, [(4, "3 Year Special"), (154, "Base rate 5.12 p.a.")]),
        (second, [(4, "Economiser"), (154, "Base only rate 5.56 p.a.")]),
        (b2, [(4, "No Fee"), (154, "Fee rate 5.25 p.a.")]),
        (b2 + 11, [(154, "Fee only rate 5.69 p.a.")]),
        (b2 + 26, [(4, "Extra Rate"), (154, "Extra rate 4.95 p.a.")]),
        (b2 + 40, [(4, "Extra Interest"), (154, "Extra only rate 5.69 p.a.")]),
        (b2 + 51, [(4, "Only Rate")]),
        (b2 + 66, [(4, "Basic"), (154, "Basic rate 4.10 p.a.")]),
    ]
    rules = [Rule(0, y, 400, y + 0.5) for y in (0, 14, b2 - 2, b2 + 24, b2 + 38, b2 + 64, b2 + 78)]
    return _rows(*lines), rules


def test_a_band_of_full_lines_set_like_wrapped_text_is_one_row() -> None:
    """Rulings between single rows; a band whose two lines each fill both cells, set as close
    as the wrapped bands' lines, is one row too (a label wrapped beside two lines of rates)."""
    found = read_table(*_banded(11))
    assert found is not None
    assert ["3 Year Special Economiser", "Base rate 5.12 p.a. Base only rate 5.56 p.a."] in found.rows
    assert ["Extra Interest Only Rate", "Extra only rate 5.69 p.a."] in found.rows


def test_a_band_of_full_lines_set_apart_as_rows_stays_rows() -> None:
    found = read_table(*_banded(14))
    assert found is not None
    assert ["3 Year Special", "Base rate 5.12 p.a."] in found.rows
    assert ["Economiser", "Base only rate 5.56 p.a."] in found.rows


def test_groups_of_rows_between_rulings_stay_rows() -> None:
    """Rulings between groups of rows, one line each (a query wrapped in some): no band is a
    single line, none is plainly one wrapped row, so the rows of a group stay rows."""
    lines: list[tuple[float, list[tuple[float, str]]]] = [(2, [(4, "Model"), (104, "Query"), (304, "Answer")])]
    rules = [Rule(0, 0, 400, 0.5), Rule(0, 14, 400, 14.5)]
    y = 16.0
    for group in range(4):
        wrapped = group < 3
        lines.append((y, [(4, "Search"), (104, f"utah jazz jersey {group}"), (304, "karl malone")]))
        if wrapped:
            lines.append((y + 11, [(104, "retired twelve")]))
            y += 11
        lines.append((y + 11, [(4, "Oracle"), (104, f"what is name {group}"), (304, "john stockton")]))
        y += 26
        rules.append(Rule(0, y - 2, 400, y - 1.5))
    found = read_table(_rows(*lines), rules)
    assert found is not None
    assert ["Search", "utah jazz jersey 3", "karl malone"] in found.rows
    assert ["Oracle", "what is name 3", "john stockton"] in found.rows


def test_a_cells_first_line_under_the_headers_ruling_is_no_heading() -> None:
    """A grid drawn with thick walls, its row edges stopping at each wall's side (no one piece
    runs across the table), whose first body row wraps its wide cell over two lines, the first
    standing alone above the row's other cells: the edges between rows still part the rows, so
    that line is the row's, not a header row."""
    walls = [0.0, 60.0, 260.0, 330.0]
    glyphs = _rows(
        (2, [(4, "No"), (64, "Specification"), (264, "Packing")]),
        (22, [(64, "Inj. Lidocaine HCL")]),
        (33, [(4, "1"), (64, "0.01 30 ml"), (264, "30")]),
        (52, [(4, "2"), (64, "Inj. Lidocaine 10 ml"), (264, "10")]),
        (72, [(4, "3"), (64, "Oint. Lidocaine 5 gm"), (264, "5")]),
    )
    rules = [Rule(x - 0.75, 0, x + 0.75, 90) for x in walls]
    rules += [
        Rule(a + 0.75, y - 0.4, b - 0.75, y + 0.4) for y in (0, 20, 50, 70, 90) for a, b in itertools.pairwise(walls)
    ]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["No", "Specification", "Packing"]
    assert found.rows[0] == ["1", "Inj. Lidocaine HCL 0.01 30 ml", "30"]


def test_rows_ruled_apart_and_alike_are_no_header() -> None:
    """A grid with thick walls whose rows each wrap their text over two lines, the first rows
    holding no figures and a later one a fine: each band between the row edges is one row,
    and the rows above the first figure, filling the same cells as it, are rows, not a header."""
    walls = [0.0, 40.0, 240.0, 320.0, 400.0]
    lines: list[tuple[float, list[tuple[float, str]]]] = []
    across = [0.0]
    for k, fine in enumerate(["", "", "", "$5,000", "$2,500"]):
        y = 2.0 + 30 * k
        cells = [(4, f"{k + 1}-1"), (44, "Abuse and other"), (244, "Felony"), (324, "Person")]
        lines.append((y, cells + ([(364, fine)] if fine else [])))
        lines.append((y + 11, [(44, f"conduct case {k}")]))
        across.append(y + 26)
    rules = [Rule(x - 0.75, 0, x + 0.75, across[-1]) for x in walls]
    rules += [Rule(a + 0.75, y - 0.4, b - 0.75, y + 0.4) for y in across for a, b in itertools.pairwise(walls)]
    found = read_table(_rows(*lines), rules)
    assert found is not None
    assert found.header == []
    assert found.rows[0] == ["1-1", "Abuse and other conduct case 0", "Felony", "Person", ""]
    assert found.rows[3] == ["4-1", "Abuse and other conduct case 3", "Felony", "Person", "$5,000"]


def test_a_wrapped_label_beside_a_wrapped_cell_is_one_row() -> None:
    """Rulings between rows, every row's text wrapped (no row of one line): the last band's two
    lines fill both cells, the label running on (``Travel and`` / ``miscellaneous expenses``):
    one row, as the bands above it."""
    lines: list[tuple[float, list[tuple[float, str]]]] = [(2, [(4, "Item"), (154, "Description")])]
    across = [0.0, 14.0]
    y = 16.0
    for label in ("Tuition", "Room and board", "Fees"):
        lines += [(y, [(4, label), (154, "The cost varies from school")]), (y + 11, [(154, "to school.")])]
        y += 26
        across.append(y - 2)
    lines += [(y, [(4, "Travel and"), (154, "You travel in the breaks.")])]
    lines += [(y + 11, [(4, "miscellaneous costs"), (154, "Other costs are clothes.")])]
    across.append(y + 24)
    found = read_table(_rows(*lines), [Rule(0, a, 400, a + 0.5) for a in across])
    assert found is not None
    assert found.rows[-1] == ["Travel and miscellaneous costs", "You travel in the breaks. Other costs are clothes."]
    assert found.rows[0] == ["Tuition", "The cost varies from school to school."]


def test_rows_of_a_group_between_rulings_stay_rows_when_a_cell_wraps() -> None:
    """Rulings between groups of four rows, one row of each group wrapping its query: the
    lines of a group are read as one band, and a line with a label of its own under a whole
    label starts a row; the wrapped query's second line stays in its cell."""
    lines: list[tuple[float, list[tuple[float, str]]]] = [(2, [(4, "Model"), (104, "Query"), (304, "Answer")])]
    rules = [Rule(0, 0, 400, 0.5), Rule(0, 14, 400, 14.5)]
    y = 16.0
    for group in range(3):
        for k, model in enumerate(("Search", "Rewrite", "Convnet", "Oracle")):
            lines.append((y, [(4, model), (104, f"utah jazz jersey {group}"), (304, f"karl malone {k}")]))
            y += 11
            if k == 0:
                lines.append((y, [(104, "retired twelve")]))
                y += 11
        y += 4
        rules.append(Rule(0, y - 2, 400, y - 1.5))
    found = read_table(_rows(*lines), rules)
    assert found is not None
    assert ["Search", "utah jazz jersey 0 retired twelve", "karl malone 0"] in found.rows
    assert ["Rewrite", "utah jazz jersey 0", "karl malone 1"] in found.rows
    assert ["Oracle", "utah jazz jersey 2", "karl malone 3"] in found.rows
    assert len(found.rows) == 12


def test_a_currency_sign_set_apart_neither_splits_nor_holds_a_column() -> None:
    """A statement whose figures stand right-aligned under a year set to the left of them, a
    currency sign set well apart at the column's left in a few rows, the widest of those
    figures running into the blank between the year and the other figures: one column per
    year, the signs in their figures' cells."""
    lines: list[tuple[float, list[tuple[float, str]]]] = [(0, [(0, "(thousands)"), (300, "2019"), (395, "2018")])]
    for k in range(16):
        signed = k in (0, 15)
        later = [(360, "$"), (410, "(44,624)")] if signed else [(435, "636")] if k % 2 else [(420, "13,645")]
        lines.append((14 * (k + 1), [(0, f"Line {k}"), *([(250, "$")] if signed else []), (315, "(3,241)"), *later]))
    found = read_table(_rows(*lines))
    assert found is not None
    assert found.header == ["(thousands)", "2019", "2018"]
    assert found.rows[0] == ["Line 0", "$ (3,241)", "$ (44,624)"]
    assert found.rows[1] == ["Line 1", "(3,241)", "636"]
    assert found.rows[2] == ["Line 2", "(3,241)", "13,645"]


def test_a_sentence_set_apart_under_the_last_row_is_no_row() -> None:
    """A sentence introducing what follows the table, set a paragraph's blank under its last
    row, inside the region read: text after the table, not a row of it (a label wrapped under
    its row's figures stays)."""
    found = read_table(
        _rows(
            (0, [(0, "Item"), (300, "2019"), (360, "2018")]),
            (12, [(0, "Revenue"), (300, "1,200"), (360, "1,100")]),
            (24, [(0, "Costs of the goods sold"), (300, "400"), (360, "380")]),
            (36, [(10, "and of the services rendered")]),
            (48, [(0, "Net income"), (300, "800"), (360, "720")]),
            (70, [(10, "We use this measure to review the results of the Company:")]),
        )
    )
    assert found is not None
    assert found.rows[-1] == ["Net income", "800", "720"]
    assert found.rows[1] == ["Costs of the goods sold and of the services rendered", "400", "380"]
    assert found.bbox[3] < 70


def test_a_cell_over_two_ruled_rows_beside_their_wrapped_cells() -> None:
    """A grid whose first column holds one cell over two rows (``Suivi`` and its text), the
    rulings between those rows drawn from that column's wall on, the lines of that cell set on
    other baselines than the wrapped lines beside it (a line of each falls into one band): two
    rows, the first column's cell over both."""
    walls = [0.0, 100.0, 300.0, 400.0]
    glyphs = _rows(
        (-14, [(4, "Axis"), (104, "Actions"), (304, "Who")]),
        (8.2, [(104, "Plan the network over")]),
        (15.4, [(4, "Follow")]),
        (21.6, [(104, "the years."), (304, "Town board")]),
        (28.4, [(4, "Done without")]),
        (39.8, [(104, "Set targets for each")]),
        (43.9, [(4, "end, so that")]),
        (53.3, [(104, "year and measure"), (304, "Town board")]),
        (59.3, [(4, "it keeps")]),
        (66.7, [(104, "them again.")]),
        (74.8, [(4, "going.")]),
        (108, [(4, "Access"), (104, "Open the paths."), (304, "Town board")]),
    )
    rules = [Rule(x - 0.25, -16, x + 0.25, 122) for x in walls]
    rules += [Rule(0, y - 0.25, 400, y + 0.25) for y in (-16, 1.1, 104.3, 122)]
    rules += [Rule(100, 35.0, 400, 35.4)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.rows[:2] == [
        ["Follow Done without end, so that it keeps going.", "Plan the network over the years.", "Town board"],
        ["", "Set targets for each year and measure them again.", "Town board"],
    ]
    assert (0, 0, 2, 1) in found.body_spans


def test_a_figure_after_a_currency_sign_goes_to_its_figures_column() -> None:
    """A cut standing between a sign set apart and its figure places the cell by the figure."""
    sign, figure = Word(100, 105, "$", SIZE, False), Word(150, 180, "(44,624)", SIZE, False)
    assert column_span(segment_of([sign, figure]), [60.0, 140.0], SIZE) == (2, 2)


def test_a_currency_sign_before_a_dash_for_none_holds_no_column() -> None:
    """``$`` set apart before ``--`` (nil) in some rows, before figures in others: the sign joins
    the dash as it joins a figure, and makes no column of signs."""
    lines: list[tuple[float, list[tuple[float, str]]]] = [(0, [(0, "Item"), (300, "2019"), (400, "2018")])]
    for k in range(6):
        first = [(260, "$"), (310, "--")] if k else [(260, "$"), (290, "1,130")]
        lines.append((14 * (k + 1), [(0, f"Line {k}"), *first, (360, "$"), (390, "7,302")]))
    found = read_table(_rows(*lines))
    assert found is not None
    assert found.header == ["Item", "2019", "2018"]
    assert found.rows[:2] == [["Line 0", "$ 1,130", "$ 7,302"], ["Line 1", "$ --", "$ 7,302"]]


def test_a_section_label_over_a_row_whose_label_is_a_figure_stays_a_row() -> None:
    """``Female`` set over the rows of its section, close over the first (``0`` under it, set
    further in): a figure alone is that row's label, not the rest of ``Female``."""
    glyphs = _rows(
        (0, [(0, "Dose"), (100, "No."), (200, "Weight")]),
        (16, [(0, "Male")]),
        (30, [(20, "0"), (100, "39"), (200, "5.8")]),
        (44, [(10, "250"), (100, "30"), (200, "5.9")]),
        (60, [(0, "Female")]),
        (72, [(20, "0"), (100, "23"), (200, "5.4")]),
        (86, [(10, "250"), (100, "34"), (200, "5.6")]),
    )
    found = read_table(glyphs)
    assert found is not None
    assert found.rows == [
        ["Male", "", ""],
        ["0", "39", "5.8"],
        ["250", "30", "5.9"],
        ["Female", "", ""],
        ["0", "23", "5.4"],
        ["250", "34", "5.6"],
    ]
    # a label left open (a bracket) goes on onto the figure under it: ``(Note`` over ``2)``
    glyphs = _rows(
        (0, [(0, "Item"), (100, "2019"), (200, "2020")]),
        (16, [(0, "Sales"), (100, "12"), (200, "14")]),
        (30, [(0, "Adoption (Note")]),
        (42, [(10, "2)"), (100, "1,287"), (200, "--")]),
    )
    found = read_table(glyphs)
    assert found is not None and found.rows[-1] == ["Adoption (Note 2)", "1,287", "--"], found.rows


def test_a_page_foot_set_far_under_a_grid_stays_out_of_it() -> None:
    """A footer of several texts (as many as the grid has columns) set under a ruling far below
    the grid's last line, farther than any two of the grid's lines are apart: the page's foot,
    not the table's last row, and the table's box stops at the grid."""
    walls = list(_CHECKS_WALLS)
    glyphs = _rows(
        *_CHECKS,
        (58, [(0, "Rye"), (112, "11"), (185, "98"), (245, "7"), (305, "5")]),
        (120, [(0, "Printed 2016"), (90, "S-Shifted, E-Expired"), (210, "Issued by the office"), (290, "Page 3")]),
    )
    rules = [*_ruled_grid(walls, -3, 72, [-3, 13, 72]), Rule(-5, 110, 320, 110.5)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.rows[-1] == ["Rye", "11", "98", "7", "5"]
    assert found.bbox[3] <= 73.0


def test_section_rows_ruled_apart_stay_rows() -> None:
    """Section headings in the label column, one per band between full-width rulings, set as
    close as wrapped lines (``1. Code Awareness`` over ``2. Forced Labor``: a figure starts
    each): the rulings part them, so each is a row of its own, not one label wrapped."""
    walls = [0.0, 100.0, 250.0, 400.0]
    glyphs = _rows(
        (2, [(4, "Issue"), (104, "Finding"), (254, "Plan")]),
        (14, [(4, "1. Awareness")]),
        (26, [(4, "2. Forced Labor")]),
        (38, [(4, "3. Child Labor")]),
        (50, [(4, "Other"), (104, "No posted code"), (254, "Post the code")]),
    )
    rules = [Rule(x - 0.25, 0, x + 0.25, 62) for x in walls]
    rules += [Rule(0, y - 0.25, 400, y + 0.25) for y in (0, 12.5, 24.5, 36.5, 48.5, 62)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.rows[:3] == [["1. Awareness", "", ""], ["2. Forced Labor", "", ""], ["3. Child Labor", "", ""]]
    assert found.rows[3] == ["Other", "No posted code", "Post the code"]


def test_a_justified_headings_words_set_apart_make_no_column() -> None:
    """A ruled grid whose heading is justified in its cell (``Number      of`` over ``units   on``
    over ``sale``): the words set wide apart over the heading's ruling, with the column's figures
    under it all on the left, are one heading, not a column of their own."""
    glyphs = _rows(
        (2, [(4, "Item"), (104, "Number"), (170, "of"), (204, "Share")]),
        (14, [(104, "units"), (170, "on")]),
        (26, [(104, "sale")]),
        (42, [(4, "Apples"), (104, "14"), (204, "20%")]),
        (54, [(4, "Pears"), (104, "4"), (204, "18%")]),
        (66, [(4, "Plums"), (104, "2"), (204, "9%")]),
    )
    rules = [Rule(x - 0.25, 0, x + 0.25, 78) for x in (0.0, 100.0, 200.0, 300.0)]
    rules += [Rule(0, y - 0.25, 300, y + 0.25) for y in (0, 39, 78)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Item", "Number of units on sale", "Share"]
    assert found.rows[0] == ["Apples", "14", "20%"]


def test_sub_columns_over_notes_under_the_grid_stay_apart() -> None:
    """Two sub-columns in one ruled column, figures on both sides of their blank in every row,
    over notes set under the grid's foot: the figures make the sub-columns, not a heading set
    out over the notes."""
    lines: list[tuple[float, list[tuple[float, str]]]] = [(2, [(4, "Indicator"), (104, "Total"), (154, "Rural")])]
    lines += [(14 + 12 * i, [(4, f"Item {i}"), (104, f"{i}.5"), (154, f"{i}.9")]) for i in range(6)]
    lines += [(100, [(4, "Note one applies to the items listed over the line here")])]
    lines += [(112, [(4, "Note two applies to the items listed over the line too")])]
    rules = [Rule(x - 0.25, 0, x + 0.25, 86) for x in (0.0, 100.0, 200.0)]
    rules += [Rule(0, y - 0.25, 200, y + 0.25) for y in (0, 12.5, 86)]
    found = read_table(_rows(*lines), rules)
    assert found is not None
    assert found.rows[1][:3] == ["Item 1", "1.5", "1.9"]


def test_a_blank_in_the_outer_column_of_a_table_ruled_between_its_columns_is_no_column() -> None:
    """A table whose columns are ruled off from each other, with no frame (a paper's examples:
    a label, a query, an answer). In the last column two justified lines' last words stand apart
    and a few long answers run across that blank: the blank is inside the column, as it would be
    between two rulings; the answer is one cell."""
    body = []
    for k in range(20):
        answer = [(310, f"ans {k}")]
        if k in (5, 14):
            answer = [(310, "alaska located"), (420, "northwest tip")]
        elif k in (8, 12, 16):
            answer = [(310, "rain man 1988 best picture")]
        body.append((14.0 * (k + 1), [(0, f"R{k}"), (70, f"query text {k}"), *answer]))
    glyphs = _rows((0.0, [(0, "Model"), (70, "Query"), (310, "Answer")]), *body)
    rules = [Rule(x, -2, x + 0.5, 14.0 * 21 + 2) for x in (60.0, 300.0)]
    found = read_table(glyphs, rules)
    assert found is not None
    rows = [found.header, *found.rows] if found.header else found.rows
    assert rows[0] == ["Model", "Query", "Answer"]
    assert rows[6] == ["R5", "query text 5", "alaska located northwest tip"]
    assert rows[9] == ["R8", "query text 8", "rain man 1988 best picture"]


def test_bullets_set_apart_in_a_column_of_their_own_open_their_items() -> None:
    """A table's cell holding a list whose bullets stand in a column of their own, each set
    right before its item's first line: the bullets are the items' markers, no column; each
    item in its cell opens with its bullet."""
    glyphs = _rows(
        (0.0, [(0, "Property"), (134, "Reason")]),
        (14.0, [(0, "Clarity"), (118, "•"), (134, "not relevant")]),
        (28.0, [(118, "•"), (134, "many questions from")]),
        (42.0, [(134, "patients")]),
        (56.0, [(0, "Range"), (118, "•"), (134, "floor or ceiling")]),
        (70.0, [(118, "•"), (134, "skewed")]),
    )
    found = read_table(glyphs, [Rule(-2, y, 300, y + 0.5) for y in (12.0, 54.0)])
    assert found is not None
    assert found.header == ["Property", "Reason"]
    assert found.rows == [
        ["Clarity", "• not relevant • many questions from patients"],
        ["Range", "• floor or ceiling • skewed"],
    ]


def test_marks_alone_in_their_columns_are_values() -> None:
    """Marks standing in columns of their own, none set right before a text (a matrix of which
    row has which property), are the table's values: each column stays."""
    glyphs = _rows(
        (0.0, [(0, "Product"), (100, "Fast"), (160, "Safe"), (220, "Notes")]),
        (14.0, [(0, "alpha"), (110, "•"), (220, "first one")]),
        (28.0, [(0, "beta"), (170, "•"), (220, "second")]),
        (42.0, [(0, "gamma"), (110, "•"), (170, "•"), (220, "both")]),
    )
    found = read_table(glyphs)
    assert found is not None
    rows = [found.header, *found.rows] if found.header else found.rows
    assert rows[0] == ["Product", "Fast", "Safe", "Notes"]
    assert rows[1:] == [["alpha", "•", "", "first one"], ["beta", "", "•", "second"], ["gamma", "•", "•", "both"]]


def _counts_and_shares(total_x: float) -> list[Glyph]:
    body = [("Sciences", "38", "(24.7%)", "672 (24.8%)"), ("Social", "58", "(37.7%)", "1137 (41.9%)")]
    body += [("Humanities", "18", "(11.7%)", "413 (15.2%)"), ("Civil", "40", "(26.0%)", "492 (18.1%)")]
    lines = [(0.0, [(0, "Cluster"), (150, "Male students")]), (14.0, [(100, "Sample"), (220, "Population")])]
    lines += [(28.0 + 14 * i, [(0, a), (100, b), (125, c), (220, d)]) for i, (a, b, c, d) in enumerate(body)]
    lines.append((84.0, [(0, "Total"), (total_x, "154"), (220, "2714")]))
    return _rows(*lines)


def test_counts_and_their_shares_under_one_heading_are_one_column() -> None:
    """``Sample`` heads two columns, the counts and their shares in parentheses set apart:
    one column, each count with its share, as ``Population`` beside it reads (the total, set
    under the shares with no share of its own, joins its column)."""
    rules = [Rule(95, 11, 300, 11.5), Rule(95, 25, 170, 25.5), Rule(215, 25, 300, 25.5)]
    found = read_table(_counts_and_shares(130), rules)
    assert found is not None
    assert found.header == ["Cluster", "Male students Sample", "Male students Population"]
    assert found.rows[0] == ["Sciences", "38 (24.7%)", "672 (24.8%)"]
    assert found.rows[-1] == ["Total", "154", "2714"]
    assert (0, 1, 1, 2, "Male students") in found.header_cells


def test_figures_in_parentheses_under_a_heading_of_their_own_stay_a_column() -> None:
    """A statement's negative amounts in parentheses fill the 2008 column beside 2009's: each
    year heads its own column, none spans the two."""
    glyphs = _rows(
        (0.0, [(0, "Item"), (100, "2009"), (160, "2008")]),
        (14.0, [(0, "Revenue"), (100, "2,014"), (160, "(1,100)")]),
        (28.0, [(0, "Other"), (100, "36"), (160, "(36)")]),
        (42.0, [(0, "Net"), (100, "1,950"), (160, "(1,136)")]),
    )
    found = read_table(glyphs)
    assert found is not None
    rows = [found.header, *found.rows] if found.header else found.rows
    assert rows[0] == ["Item", "2009", "2008"]
    assert rows[2] == ["Other", "36", "(36)"]


def test_a_caption_running_on_to_a_second_line_stays_out_of_the_table() -> None:
    """A caption over two lines, the first ending with a comma, the second flush with it: both
    are the caption, and the column headings set over two lines make the header."""
    head = [(150, "Sample"), (220, "Weighted")]
    body = [
        (28.0, [(0, "Status"), *head]),
        (40.0, [(155, "size"), (225, "Percent")]),
        (54.0, [(0, "Total"), (150, "39695"), (220, "100.0")]),
        (68.0, [(0, "Not interviewed"), (150, "5701"), (220, "18.2")]),
        (82.0, [(0, "Examined"), (150, "30818"), (220, "73.4")]),
    ]
    glyphs = _rows((0.0, [(0, "Table A.3: Overall response rates,")]), (12.0, [(0, "NHANES III, 1988-94")]), *body)
    found = read_table(glyphs)
    assert found is not None
    assert found.header == ["Status", "Sample size", "Weighted Percent"]
    assert found.rows[0] == ["Total", "39695", "100.0"]


def test_a_heading_centred_over_two_headings_centres_stands_over_both() -> None:
    """``2004`` over ``n`` and ``% Pos``: its centre in the blank between them, far nearer the
    wider ``% Pos`` than the blank's middle, but at the middle of the two headings' centres (each
    centred in its cell): over both. One set near one of them stands over that one only."""
    from adapters._table_header import _centred_over

    n, pos = (407.6, 413.1), (428.2, 449.4)
    assert _centred_over(424.4, n, pos)
    assert not _centred_over(416.0, n, pos)  # nearer `n`: over it only
    assert _centred_over(420.0, n, pos)  # the blank's middle


def test_a_bulleted_list_with_a_word_set_apart_is_no_table() -> None:
    """Items of a bulleted list, a justified line's last word set apart by a wide space, are
    no table of two columns (the list's lines, the word alone in the other); a table whose rows
    open with bullets keeps its columns when they hold values."""
    items = _rows(
        (0, [(0, "\u2022"), (15, "Origin current claim"), (140, "single")]),
        (12, [(15, "worker import justice.")]),
        (30, [(0, "\u2022"), (15, "Harbor proper figure.")]),
        (48, [(0, "\u2022"), (15, "Harbor present object.")]),
    )
    assert read_table(items) is None
    table = _rows(
        (0, [(0, "\u2022"), (15, "Apples"), (140, "12")]),
        (18, [(0, "\u2022"), (15, "Pears"), (140, "7")]),
        (36, [(0, "\u2022"), (15, "Plums"), (140, "30")]),
    )
    found = read_table(table)
    assert found is not None
    assert [row[-1] for row in ([found.header] if found.header else []) + found.rows] == ["12", "7", "30"]


def test_a_box_drawn_round_a_table_and_its_caption_stops_short_of_the_caption() -> None:
    """A region that took in the table's caption (``Table 21 ...``) inside a box drawn round
    both: the caption is no row, and the table's box, grown to the box's rulings, stops short of
    it (the caption stays text above the table, not text the table's box covers)."""
    glyphs = _rows(
        (0, [(0, "Table 21 Current use-Continued")]),
        (30, [(0, "Group"), (150, "Any"), (250, "None")]),
        (50, [(0, "Caste"), (150, "74.8"), (250, "25.2")]),
        (70, [(0, "Tribe"), (150, "59.3"), (250, "40.7")]),
    )
    frame = [Rule(-6, -6, 306, -5.5), Rule(-6, 84, 306, 84.5), Rule(-6, -6, -5.5, 84.5), Rule(305.5, -6, 306, 84.5)]
    found = read_table(glyphs, frame)
    assert found is not None
    assert all("Table 21" not in cell for row in [found.header, *found.rows] for cell in row)
    assert found.bbox[1] >= SIZE  # under the caption's line (0 to SIZE)
    assert found.bbox[3] >= 84  # down to the frame's foot


def _bold(x: float, y: float, text: str) -> list[Glyph]:
    return _text(x, y, text, bold=True)


def test_a_bold_group_label_under_a_two_level_header_is_a_body_row() -> None:
    """A fully ruled matrix: ``Allergens`` over the allergens' columns, ``Dish`` set between the
    header's two lines, then a bold label alone in the first column (``Breakfast``) over the
    dishes of its group: the label is the body's first row, not the header's last (before, the
    header took it in and read as one cell across the table)."""
    xs = (0, 150, 200, 250)
    glyphs = [
        *_bold(212, 2, "Allergens"),
        *_bold(4, 9, "Dish"),
        *(g for x, name in zip(xs[1:], ("Milk", "Eggs", "Soya"), strict=True) for g in _bold(x + 4, 16, name)),
        *_bold(4, 32, "Breakfast (to 11:30am)"),
        *_rows((48, [(4, "Full English"), (162, "Y"), (212, "Y")]), (64, [(4, "Porridge"), (162, "Y")])),
        *_bold(4, 80, "Lunch (12 to 3pm)"),
        *_rows(
            (96, [(4, "Soup of the day"), (262, "Y")]), (112, [(4, "Fish finger sandwich"), (162, "Y"), (212, "Y")])
        ),
    ]
    rules = [Rule(0, y, 300, y + 0.5) for y in (0, 28, 44, 60, 76, 92, 108, 124)]
    rules += [Rule(x, 0, x + 0.5, 124) for x in (0, 150, 300)]
    rules += [Rule(x, 14, x + 0.5, 28) for x in (200, 250)]
    rules += [Rule(x, 44, x + 0.5, 76) for x in (200, 250)] + [Rule(x, 92, x + 0.5, 124) for x in (200, 250)]
    found = read_table(glyphs, rules)
    assert found is not None
    assert found.header == ["Dish", "Allergens Milk", "Allergens Eggs", "Allergens Soya"], found.header
    assert found.rows[0][0] == "Breakfast (to 11:30am)" and "Lunch (12 to 3pm)" in [r[0] for r in found.rows]


def test_a_cell_centred_between_two_rows_spans_them() -> None:
    """``none``, set once for two plots and centred on the blank between their rows, read as a
    row of its own between them: it stands in the upper row, over both (a body span), and no
    row of its own is left."""
    glyphs = _rows(
        (0, [(0, "Plot"), (150, "Standard"), (250, "Water")]),
        (20, [(0, "Full plot"), (150, "52.00"), (250, "8.00")]),
        (36, [(0, "Starter bed"), (150, "9.00")]),
        (44, [(250, "none")]),
        (52, [(0, "Raised bed"), (150, "9.00")]),
        (68, [(0, "Key deposit"), (150, "10.00")]),
    )
    found = read_table(glyphs)
    assert found is not None
    assert found.rows == [
        ["Full plot", "52.00", "8.00"],
        ["Starter bed", "9.00", "none"],
        ["Raised bed", "9.00", ""],
        ["Key deposit", "10.00", ""],
    ], found.rows
    assert found.body_spans == [(1, 2, 2, 1)], found.body_spans


def test_cells_between_every_other_row_stay_rows() -> None:
    """Lone cells set between the rows every other line (a chart's axis labels between its rows
    of marks): rows of their own, no spans. One such cell alone spans the rows around it."""

    def row(y: float, *cells: str) -> Row:
        return Row(y, y + 10, [[c] if c else [] for c in cells])

    axis = [row(0, "3", "", ""), row(8, "", "*", "*"), row(16, "2", "", ""), row(24, "", "*", "*")]
    axis += [row(32, "1", "", ""), row(40, "", "*", "*"), row(48, "0", "", "")]
    body, spans = centred_between(axis, [])
    assert len(body) == len(axis) and spans == [], spans
    once = [row(0, "", "*", "*"), row(8, "3", "", ""), row(16, "", "*", "*"), row(24, "", "+", "+")]
    body, spans = centred_between(once, [])
    assert [r.text(0) for r in body] == ["3", "", ""] and spans == [(0, 0, 2, 1)], spans


def test_a_cell_running_on_to_the_last_column_spans_them() -> None:
    """``£10.00, refunded when the key is returned`` set from the second column on, across the
    empty cells of its row to the table's last column: one cell over three columns. A text
    running into a column that is not the last (an address overflowing) spans nothing."""
    top = [
        (0, [(0, "Plot"), (150, "Standard"), (250, "Concession"), (350, "Water")]),
        (16, [(0, "Full plot"), (150, "52.00"), (250, "39.00"), (350, "8.00")]),
        (32, [(0, "Half plot"), (150, "28.00"), (250, "21.00"), (350, "4.00")]),
    ]
    found = read_table(
        _rows(*top, (48, [(0, "Key deposit"), (150, "10.00, refunded when the key is returned in full")]))
    )
    assert found is not None
    assert found.rows[-1] == ["Key deposit", "10.00, refunded when the key is returned in full", "", ""], found.rows
    assert found.body_spans == [(2, 1, 1, 3)], found.body_spans
    found = read_table(_rows(*top, (48, [(0, "Key deposit"), (150, "10.00 refunded on return"), (350, "1.00")])))
    assert found is not None and found.body_spans == [], (found.rows, found.body_spans)


def test_a_first_row_of_dashes_and_a_figure_is_a_row_of_the_body() -> None:
    """The first row of a table continued from the page before, ruled under (its rows shaded in
    turn): a label and dashes for nil figures beside one figure, no header."""
    glyphs = _rows(
        (2, [(4, "Deconsolidation"), (104, "--"), (164, "--"), (224, "--"), (284, "11,476")]),
        (22, [(4, "Net loss"), (104, "--"), (164, "(5,183)"), (224, "4"), (284, "(5,179)")]),
        (42, [(4, "Balance"), (104, "7"), (164, "28,473"), (224, "(1)"), (284, "9,027")]),
        (62, [(4, "Shares issued"), (104, "--"), (164, "615"), (224, "--"), (284, "615")]),
    )
    rules = [Rule(0, y, 340, y + 0.5) for y in (0, 20, 40, 60, 80)]
    found = read_table(glyphs, rules)
    assert found is not None and found.header == [], found
    assert found.rows[0] == ["Deconsolidation", "--", "--", "--", "11,476"], found.rows
