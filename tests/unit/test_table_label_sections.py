"""A financial summary: sections under short labels, each a few rows of a label of several words
and the figure closing it, set far apart. The rows are a table's, not a column of running text
beside a column of figures, and the sections are one table."""

from __future__ import annotations

from pdfcore.models import Box
from pdfcore.services.table_regions import candidate_regions
from tests.unit.test_tables import H, W, aligned, inside, line, page, prose_lines

XS = (72.0, 480.0)
#: Three label rows of five to seven words each, with their figures.
CLASS_ROWS = [
    ["Net Asset Value at 31 December", "5,111,372"],
    ["Number of outstanding units at 31 December", "49,136"],
    ["Net Asset Value per unit at 31 December", "104.03"],
]


def _section(top: float, rows: list[list[str]]) -> tuple[list, tuple[Box, ...]]:
    return aligned(top, rows, XS, lead=22.0)


def test_labels_of_several_words_beside_their_figures_are_a_table() -> None:
    """Before, the labels (most of four words or more) read as a column of running text beside
    the table, taken out of its region: one column was left, and no region."""
    rows, gaps = _section(200, CLASS_ROWS)
    (region,) = candidate_regions(page(rows, gaps=gaps), W, H)
    assert inside(Box(72, 200, 530, 254), region), region


def test_a_text_column_beside_figures_stays_out_where_rows_are_not_its_labels() -> None:
    """A column of running text beside a table of figures (its lines not each closing on a
    figure across the blank) is still left out of the region."""
    text = prose_lines(300, 6, 72, 300)
    cells = [["12.5", "13.1"], ["9.0", "9.4"], ["7.25", "8.0"], ["3.5", "4.1"], ["1.0", "1.5"], ["0.5", "0.7"]]
    table, gaps = aligned(300, cells, (360.0, 460.0), lead=14.0)
    (region,) = candidate_regions(page([*text, *table], gaps=gaps), W, H)
    assert region.x0 >= 330, region


def test_sections_under_labels_of_four_words_and_a_note_mark_are_one_table() -> None:
    """``Class B`` / ``Total for the Fund`` / ``Investment result per unit2`` over label-and-figure
    sections, each label set apart by a blank wider than the runs go over: one region. The last
    section opens with a label and a dash (no value): its first row is data, not column headings."""
    a, ga = _section(200, CLASS_ROWS)
    b, gb = _section(310, CLASS_ROWS)
    c, gc = _section(420, CLASS_ROWS)
    d, gd = _section(530, [["Direct result", "-"], ["Revaluation", "3.99"], ["Costs", "(0.21)"]])
    gaps = ga + gb + gc + gd
    labels = [
        line("Class B", 72, 283, 110),
        line("Total for the Fund", 72, 393, 170),
        line("Investment result per unit2", 72, 503, 214),
    ]
    (region,) = candidate_regions(page([*a, *b, *c, *d, *labels], gaps=gaps), W, H)
    assert inside(Box(72, 200, 530, 584), region), region
    # a label with a figure of its own (no note's mark) still parts two tables
    dated = [*labels[:2], line("Results 2016", 72, 503, 140)]
    regions = candidate_regions(page([*a, *b, *c, *d, *dated], gaps=gaps), W, H)
    assert len(regions) == 2, regions


def test_labels_of_running_texts_length_beside_their_figures_are_a_table_too() -> None:
    """Labels of seven and eight words (as long as a line of running text's pieces) each closing
    on its figure: before, the run was taken for prose before its columns were looked at."""
    rows, gaps = _section(
        200,
        [
            ["Net assets at the end of the year", "1,204,553"],
            ["Units outstanding at the end of the year", "11,230"],
            ["Net asset value per unit at year end", "107.26"],
        ],
    )
    (region,) = candidate_regions(page(rows, gaps=gaps), W, H)
    assert inside(Box(72, 200, 530, 254), region), region
