"""Tables in the domain: candidate regions from page evidence, clean-up, the service on a fake."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from pdfcore.errors import ExtractionFailed, PasswordRequired, ResourceLimit
from pdfcore.models import Box, Clip, DocumentSource, Fingerprint, PageText, Table, TextBlock, TextLine
from pdfcore.services import page_columns, text_pieces, text_rows, text_runs
from pdfcore.services.table_regions import candidate_regions
from pdfcore.services.tables import (
    TableService,
    clean_tables,
    low_confidence,
    normalise_cell,
    normalise_grid,
    table_out,
)
from tests.fakes.fake_tables import FakeTableExtractor

W, H = 612.0, 792.0
SOURCE = DocumentSource("/nowhere.pdf", Fingerprint(1, 1, "u" * 64))
PROSE = (
    "The quick brown fox jumps over the lazy dog near the riverbank while the sun sets",
    "behind the distant hills and a gentle breeze carries the scent of pine across the",
    "valley where farmers gather their harvest before the first frost arrives in autumn",
)


def line(text: str, x0: float, y0: float, x1: float, h: float = 10.0) -> TextLine:
    return TextLine(text=text, bbox=Box(x0, y0, x1, y0 + h), font_size=h)


def page(
    lines: list[TextLine], *, rules: tuple[Box, ...] = (), gaps: tuple[Box, ...] = (), in_blocks: bool = False
) -> PageText:
    if in_blocks:  # as cached pages hold them: lines inside blocks, none loose
        block = TextBlock(text="\n".join(ln.text for ln in lines), bbox=Box(0, 0, W, H), lines=tuple(lines))
        return PageText(index=0, text=block.text, blocks=(block,), rules=rules, gaps=gaps)
    return PageText(index=0, text="", lines=tuple(lines), rules=rules, gaps=gaps)


def prose_lines(top: float = 100.0, n: int = 20, x0: float = 72.0, x1: float = 540.0) -> list[TextLine]:
    return [line(PROSE[i % 3], x0, top + 14 * i, x1) for i in range(n)]


def grid(x0: float, y0: float, cols: int, rows: int, cw: float = 100.0, rh: float = 20.0) -> tuple[Box, ...]:
    hs = tuple(Box(x0, y0 + r * rh, x0 + cols * cw, y0 + r * rh + 0.5) for r in range(rows + 1))
    vs = tuple(Box(x0 + c * cw, y0, x0 + c * cw + 0.5, y0 + rows * rh) for c in range(cols + 1))
    return hs + vs


def grid_text(x0: float, y0: float, cells: list[list[str]], cw: float = 100.0, rh: float = 20.0) -> list[TextLine]:
    return [
        line(cell, x0 + c * cw + 5, y0 + r * rh + 5, x0 + c * cw + 5 + 6 * len(cell))
        for r, row in enumerate(cells)
        for c, cell in enumerate(row)
    ]


def aligned(
    top: float, cells: list[list[str]], xs: tuple[float, ...], lead: float = 16.0
) -> tuple[list[TextLine], tuple[Box, ...]]:
    """One line per row with its cells at ``xs``, and the gaps between them."""
    lines, gaps = [], []
    for r, row in enumerate(cells):
        y0 = top + r * lead
        ends = [x + 6 * len(c) for x, c in zip(xs, row, strict=True)]
        lines.append(line(" ".join(row), xs[0], y0, ends[-1]))
        gaps.extend(Box(ends[k], y0, xs[k + 1], y0 + 10.0) for k in range(len(xs) - 1))
    return lines, tuple(gaps)


CELLS = [["Item", "Qty", "Price"], ["Apples", "12", "3.50"], ["Pears", "7", "2.25"], ["Plums", "30", "9.00"]]
FIGURES = [
    ["Region", "2019", "2020", "2021"],
    ["North", "1,204", "1,310", "1,452"],
    ["South", "981", "1,020", "1,101"],
    ["East", "2,310", "2,455", "2,502"],
]


def inside(box: Box, region: Box) -> bool:
    return region.x0 <= box.x0 and region.y0 <= box.y0 and box.x1 <= region.x1 and box.y1 <= region.y1


# --------------------------------------------------------------------------------------------
# candidate_regions


def test_prose_page_has_no_candidate() -> None:
    assert candidate_regions(page(prose_lines()), W, H) == ()


def test_ruled_grid_is_a_candidate() -> None:
    rules = grid(100, 300, 3, 4)
    p = page([*prose_lines(80, 8), *grid_text(100, 300, CELLS), *prose_lines(420, 8)], rules=rules)
    (region,) = candidate_regions(p, W, H)
    assert inside(Box(100, 300, 400, 380), region)
    assert region.y0 > 180 and region.y1 < 420  # the prose around it stays out


def test_a_ruled_grid_leaves_out_the_aligned_lines_above_and_below_it() -> None:
    """The page's title and date over a ruled table, and a note under it, line up with its
    columns; the table is where its rulings are."""
    rows = [
        ["Title", "of the", "sheet", "9 April 2019"],
        *[[f"Rate {k}", f"{k}.37%", f"{k}.51%", "Full"] for k in range(6)],
    ]
    rows.append(["Note", "one", "line", "under it"])
    lines, gaps = aligned(270, rows, (100, 200, 300, 400), lead=20.0)
    rules = grid(95, 287, 4, 6)  # around the six rows of figures only
    (region,) = candidate_regions(page(lines, rules=rules, gaps=gaps), W, H)
    assert inside(Box(95, 287, 495, 407), region)
    assert region.y0 > 280 and region.y1 < 415, region


def test_a_heading_over_a_column_group_inside_the_frame_is_the_tables() -> None:
    """A heading over a group of columns ("Sales by year" over the years) set across their
    blanks, between the frame's top rule and the column headings, the rule between the first
    column and the others drawn from that top rule down: the table reaches up to the heading."""
    lines, gaps = aligned(300, FIGURES, (100, 200, 300, 400))
    heading = line("Place Sales by year", 100, 282, 340)
    rules = (Box(95, 270, 440, 271), Box(180, 270, 180.6, 370), Box(95, 370, 440, 371))
    # the heading line has no gaps (no figure in it, the text layer's one piece)
    p = page([*prose_lines(100, 8), heading, *lines, *prose_lines(420, 8)], rules=rules, gaps=gaps)
    (region,) = candidate_regions(p, W, H)
    assert region.y0 <= 282 and inside(Box(100, 300, 430, 358), region), region
    assert region.y0 > 270 - 14, region  # the prose above stays out
    # a unit centred over the figures' columns, no column rule parting it: no row of the table
    unit = line("In billions of dollars", 200, 282, 330)
    p = page([*prose_lines(100, 8), unit, *lines, *prose_lines(420, 8)], rules=rules, gaps=gaps)
    (region,) = candidate_regions(p, W, H)
    assert region.y0 > 292, region


def test_two_ruled_tables_of_different_widths_under_one_aligned_run_are_read_apart() -> None:
    """A table of four columns over one of five, a section heading between them: their rows
    line up into one text-aligned run, which the narrower grid covers only in part. Nothing of
    the run stands beside either grid: each is a table of its own."""
    upper = [
        ["Year", "Title", "Role", "Notes"],
        ["2011", "Souls", "Blade", "Voice"],
        ["2014", "Souls", "Sweet", "Voice"],
    ]
    lower = [["Year", "Title", "Role", "Theatre", "Notes"], ["2012", "Viva", "Viva", "Piccadilly", "From 11 May"]]
    above, gaps_a = aligned(300, upper, (45, 105, 165, 225), 20.0)
    below, gaps_b = aligned(400, lower, (45, 105, 165, 225, 315), 20.0)
    rules = grid(40, 295, 4, 3, cw=60.0) + grid(40, 395, 5, 2, cw=90.0)
    lines = [*prose_lines(80, 8), *above, line("Stage", 45, 370, 80), *below, *prose_lines(480, 8)]
    regions = candidate_regions(page(lines, rules=rules, gaps=gaps_a + gaps_b), W, H)
    assert len(regions) == 2, regions
    assert inside(Box(40, 295, 280, 355), regions[0]) and regions[0].y1 < 370, regions
    assert inside(Box(40, 395, 490, 435), regions[1]) and regions[1].y0 > 380, regions


def test_a_ruled_box_beside_running_text_is_read_without_the_text() -> None:
    """An infobox (labels and values in a ruled box) beside a column of text whose lines, set
    apart by gaps, sit level with the box's rows: the box is the table, the text stays out."""
    labels = [["Developer", "Mozilla"], ["Release", "2 July 2011"], ["Written in", "JavaScript"], ["Size", "3.94 MB"]]
    rows = [["Firefox for Android,", "[15] Pale Moon", *pair] for pair in labels * 2]
    lines, gaps = [], []
    for r, row in enumerate(rows):  # the text's pieces and the box's row: lines of their own
        y0 = 305 + 20 * r
        lines += [line(row[0], 54, y0, 174), line(row[1], 200, y0, 284), line(f"{row[2]} {row[3]}", 360, y0, 526)]
        gaps.append(Box(360 + 6 * len(row[2]), y0, 460, y0 + 10))
    rules = grid(350, 300, 2, 8, cw=110.0)
    (region,) = candidate_regions(page([*prose_lines(100, 12, 54, 300), *lines], rules=rules, gaps=gaps), W, H)
    assert region.x0 > 340 and inside(Box(350, 300, 570, 460), region), region


INFOBOX = [
    ("Born", "Phylis Lee Isley"),
    (None, "March 2, 1919"),
    ("Died", "December 17, 2009"),
    (None, "Malibu, California"),
    ("Alma mater", "Northwestern University"),
    ("Occupation", "Actress, singer"),  # label and value as one text: no gap between them
    ("Years active", "1939-1974"),
    ("Spouse", "Robert Walker"),
    (None, "David O. Selznick"),
    ("Children", "3"),
]


def test_an_unruled_infobox_beside_running_text_is_one_region_of_its_own() -> None:
    """An infobox without rules beside a column of text, its rows on a pitch of their own
    (16 points against the text's 14): the text's lines are not the first column of its rows,
    and one row whose label and value are one text (no gap) does not cut it in two."""
    lines, gaps = [], []
    for r, (label, value) in enumerate(INFOBOX):
        y0 = 305 + 16 * r
        if label == "Occupation":
            lines.append(line(f"{label} {value}", 360, y0, 450 + 6 * len(value)))
            continue
        if label is not None:
            lines.append(line(label, 360, y0, 360 + 6 * len(label)))
            gaps.append(Box(360 + 6 * len(label), y0, 450, y0 + 10))
        lines.append(line(value, 450, y0, 450 + 6 * len(value)))
    text = prose_lines(100, 30, 54, 330)
    (region,) = candidate_regions(page([*text, *lines], gaps=tuple(gaps)), W, H)
    assert region.x0 > 330 and inside(Box(360, 305, 550, 305 + 16 * len(INFOBOX) - 6), region), region


def test_a_table_beside_running_text_on_its_rows_keeps_them() -> None:
    """The same box with its rows level with the text's lines (14 points apart, as the text):
    the rows are the text's too, and a text column beside a table stays out of it as before."""
    lines, gaps = [], []
    for r, (label, value) in enumerate(INFOBOX):
        y0 = 100 + 14 * (r + 10)
        if label is not None:
            lines.append(line(label, 360, y0, 360 + 6 * len(label)))
            gaps.append(Box(360 + 6 * len(label), y0, 450, y0 + 10))
        lines.append(line(value, 450, y0, 450 + 6 * len(value)))
    text = prose_lines(100, 30, 54, 330)
    pieces = text_pieces.line_pieces([*text, *lines], gaps)
    assert page_columns.gutters(pieces) == []


def test_lines_inside_blocks_are_used_too() -> None:
    rules = grid(100, 300, 3, 4)
    p = page(grid_text(100, 300, CELLS), rules=rules, in_blocks=True)
    assert len(candidate_regions(p, W, H)) == 1


def test_a_grid_whose_sides_are_drawn_row_by_row_is_one_region() -> None:
    """A grid ruled in full over its first rows, then its frame's sides drawn one piece per row
    (2 pt apart at the rows' corners) with no rule between those rows: the pieces are one
    ruling, and the region runs down to the frame's foot."""
    rules = [*grid(100, 300, 3, 4)]
    for r in range(4, 8):
        rules += [Box(x, 300 + 20 * r + 1, x + 0.5, 300 + 20 * r + 19) for x in (100, 400)]
    rules.append(Box(100, 460, 400, 460.5))
    rows = [*CELLS, *[[f"Row {k}", str(k), f"{k}.00"] for k in range(4, 8)]]
    p = page([*prose_lines(80, 8), *grid_text(100, 300, rows), *prose_lines(480, 8)], rules=tuple(rules))
    (region,) = candidate_regions(p, W, H)
    assert inside(Box(100, 300, 400, 460), region), region


def test_sections_of_a_table_set_apart_under_their_labels_are_one_region() -> None:
    """Column headings, then ``Male`` over rows of figures and ``Female`` over more, each label
    set apart by blank lines wider than the rows' spacing: the text-aligned runs break at the
    blanks, but a section label is all that stands between them: one table."""
    xs = (100.0, 200.0, 300.0, 400.0)
    head, head_gaps = aligned(100, [["Dose", "Count", "Weight", "Ratio"]], xs, lead=12.0)
    rows = [[f"{k}00", f"{30 + k}", f"5.{k}", f"1{k}"] for k in range(4)]
    male, male_gaps = aligned(150, rows, xs, lead=12.0)
    female, female_gaps = aligned(250, rows, xs, lead=12.0)
    labels = [line("Male", 90, 124, 114), line("Female", 90, 224, 126)]
    p = page([*head, *labels, *male, *female], gaps=head_gaps + male_gaps + female_gaps)
    (region,) = candidate_regions(p, W, H)
    assert inside(Box(100, 100, 420, 296), region), region
    # a caption between two tables is no section label
    caption = [line("Table 2: Weights of the females", 90, 224, 260)]
    assert len(candidate_regions(page([*male, *caption, *female], gaps=male_gaps + female_gaps), W, H)) == 2
    # nor is a short one over a second table that opens with its own column headings
    second, second_gaps = aligned(250, [["Dose", "Count", "Weight", "Ratio"], *rows[:3]], xs, lead=12.0)
    short = [line("Light style", 90, 224, 150)]
    p = page([*male, *short, *second], gaps=male_gaps + second_gaps)
    assert len(candidate_regions(p, W, H)) == 2
    # nor a rule typed as a line of dashes between two tables
    dashes = [line("-" * 50, 90, 224, 420)]
    p = page([*male, *dashes, *female], gaps=male_gaps + female_gaps)
    assert len(candidate_regions(p, W, H)) == 2


def test_a_frame_around_text_is_not_a_grid() -> None:
    frame = (Box(60, 90, 552, 90.5), Box(60, 390, 552, 390.5), Box(60, 90, 60.5, 390), Box(552, 90, 552.5, 390))
    assert candidate_regions(page(prose_lines(100, 20), rules=frame), W, H) == ()


def test_a_paragraph_framed_and_ruled_under_each_line_is_not_a_grid() -> None:
    """A note set in a frame with a rule under each of its lines (NIST's boxed notes) is a grid
    one cell across holding running text only: no table region. A grid one cell across holding
    short lines (a framed list of names) stays one, and so does one with two columns of prose."""
    rows = 6
    note = grid(80, 300, 1, rows, cw=450.0, rh=15.0)
    text = [line(PROSE[r % 3], 84, 302 + 15 * r, 526) for r in range(rows)]
    assert candidate_regions(page(text, rules=note), W, H) == ()
    names = [line(f"Name {r}", 84, 302 + 15 * r, 140) for r in range(rows)]
    assert len(candidate_regions(page(names, rules=note), W, H)) == 1
    two = grid(80, 300, 2, rows, cw=225.0, rh=15.0)
    cells = [line(PROSE[r % 3][:40], x, 302 + 15 * r, x + 200) for r in range(rows) for x in (84, 309)]
    assert len(candidate_regions(page(cells, rules=two), W, H)) == 1


def test_a_list_whose_markers_stand_apart_from_their_text_is_no_region() -> None:
    """Bullets set apart from their items' text line up into a column of their own, but a list
    is no table: no region. Numbered rows whose figures stand in columns further right stay
    one."""
    items = [["-", "Environmental Management"], ["-", "Work Health & Safety"], ["-", "Financial trading"]]
    lines, gaps = aligned(300, items, (100.0, 120.0))
    assert candidate_regions(page(lines, gaps=gaps), W, H) == ()
    rows = [["1.", "Revenue", "1,204", "1,310"], ["2.", "Costs", "981", "1,020"], ["3.", "Margin", "223", "290"]]
    lines, gaps = aligned(300, rows, (100.0, 120.0, 300.0, 400.0))
    assert len(candidate_regions(page(lines, gaps=gaps), W, H)) == 1


def test_a_frame_around_a_picture_and_its_caption_is_no_region() -> None:
    """A thumbnail framed twice (a frame around the picture, another around it and its caption)
    is a grid of rules, but its picture fills it with no text beside it: no region. The same
    grid with text beside the picture (a table holding a picture in a cell) stays one."""
    from pdfcore.models import ImageInfo

    outer = (Box(420, 400, 577, 400.5), Box(420, 540, 577, 540.5), Box(420, 586, 577, 586.5))
    outer += (Box(420, 400, 420.5, 586), Box(577, 400, 577.5, 586))
    inner = (Box(424, 404, 573, 404.5), Box(424, 536, 573, 536.5), Box(424, 404, 424.5, 536), Box(573, 404, 573.5, 536))
    picture = ImageInfo(index=0, width_px=300, height_px=260, bbox=Box(425, 405, 572, 535))
    caption = [line("Ray Corrigan, Jennifer Jones,", 426, 545, 556), line("and John Wayne (1939)", 426, 558, 540)]
    framed = PageText(index=0, text="", lines=tuple(caption), rules=outer + inner, images=(picture,))
    assert candidate_regions(framed, W, H) == ()
    beside = [*caption, line("Price 12", 430, 420, 470), line("Stock 3", 430, 450, 470)]
    cell = PageText(index=0, text="", lines=tuple(beside), rules=outer + inner, images=(picture,))
    assert len(candidate_regions(cell, W, H)) == 1


def test_a_sparse_ruled_sheet_is_a_grid() -> None:
    """A sheet ruled for ten columns holding one figure a row, each row's name set left of the
    rulings and running into the first column: few of its cells hold text, but every row and
    every column does (a heading over each column). The region is the whole grid, its top rule
    included (a title printed over it belongs to the table)."""
    rules = grid(100, 300, 10, 6, cw=40.0)
    heads = [line(f"H{c}", 100 + 40 * c + 5, 305, 100 + 40 * c + 20) for c in range(10)]
    rows = [line(f"Township {r} 0", 20, 305 + 20 * r, 125) for r in range(1, 6)]
    title = line("LIBERTARIAN PARTY", 300, 285, 420)
    p = page([*prose_lines(80, 8), title, *heads, *rows, *prose_lines(440, 8)], rules=rules)
    (region,) = candidate_regions(p, W, H)
    assert inside(Box(100, 300, 500, 420), region), region


def test_a_grid_broken_by_one_blank_band_is_one_table() -> None:
    """Rows shaded cell by cell (their fills' edges the rulings), one row left undrawn between
    two of them: two grids with the same column edges, a blank band no taller than a row between
    them and no text in it, are one table. A title in the band keeps two tables apart."""
    upper = [["10.26", "Note", "8-K"], ["10.27", "Amendment", "8-K"], ["10.28", "Waiver", "10-K"]]
    lower = [["10.31", "Agreement", "8-K"], ["10.32", "Note", "8-K"], ["10.33", "Plan", "10-Q"]]
    stray = (Box(160, 402, 160.5, 412),)  # a short stroke inside one cell is no column edge
    rules = grid(100, 300, 3, 3) + grid(100, 372, 3, 3) + stray
    text = [*grid_text(100, 300, upper), *grid_text(100, 372, lower)]
    p = page([*prose_lines(80, 8), *text, *prose_lines(460, 8)], rules=rules)
    (region,) = candidate_regions(p, W, H)
    assert inside(Box(100, 300, 400, 432), region), region
    title = line("Table 2", 100, 361, 150, h=8.0)
    assert (
        len(candidate_regions(page([*prose_lines(80, 8), *text, title, *prose_lines(460, 8)], rules=rules), W, H)) == 2
    )
    # the lower grid opens with a title band across its columns: a table of its own
    banded = [r for r in grid(100, 372, 3, 3) if r.width > r.height or r.x0 in (100, 400)]
    banded += [Box(x, 392, x + 0.5, 432) for x in (200, 300)]
    lower_text = [line("Document Information", 200, 377, 320), *grid_text(100, 372, lower)[3:]]
    text = [*grid_text(100, 300, upper), *lower_text]
    p = page([*prose_lines(80, 8), *text, *prose_lines(460, 8)], rules=(*grid(100, 300, 3, 3), *banded))
    assert len(candidate_regions(p, W, H)) == 2
    # the lower grid repeats the upper one's column headings: a second table
    heads = ["Topic", "Count", "Form"]
    text = [*grid_text(100, 300, [heads, *upper[1:]]), *grid_text(100, 372, [heads, *lower[1:]])]
    p = page([*prose_lines(80, 8), *text, *prose_lines(460, 8)], rules=grid(100, 300, 3, 3) + grid(100, 372, 3, 3))
    assert len(candidate_regions(p, W, H)) == 2


def test_gridlines_of_a_chart_are_not_a_grid() -> None:
    # Ten horizontal gridlines and two axes, labels outside the plot: the cells hold no text.
    gridlines = [Box(100, 100 + 20 * k, 500, 100.5 + 20 * k) for k in range(10)]
    rules = (*gridlines, Box(100, 100, 100.5, 280), Box(500, 100, 500.5, 280))
    labels = [line(str(10 * k), 70, 95 + 20 * k, 90) for k in range(10)]
    assert candidate_regions(page(labels, rules=rules), W, H) == ()


def test_text_aligned_columns_are_a_candidate() -> None:
    lines, gaps = aligned(300, FIGURES, (72, 220, 300, 380))
    p = page([*prose_lines(100, 8), *lines, *prose_lines(400, 8)], gaps=gaps)
    (region,) = candidate_regions(p, W, H)
    assert inside(Box(72, 300, 400, 358), region)
    assert region.y0 > 200 and region.y1 < 400


def test_rows_of_figures_without_gaps_are_a_candidate() -> None:
    rows = [f"State {k} 2,753,4{k}8 2,799,2{k}0 2,815,5{k}4 2,893,0{k}5" for k in range(6)]
    p = page([*prose_lines(100, 5), *(line(t, 40, 200 + 12 * k, 560) for k, t in enumerate(rows))])
    (region,) = candidate_regions(p, W, H)
    assert region.y0 < 200 < 260 < region.y1


def test_two_columns_of_prose_are_not_a_table() -> None:
    left = prose_lines(100, 30, 54, 290)
    right = prose_lines(100, 30, 320, 556)
    gaps = tuple(Box(290, ln.bbox.y0, 320, ln.bbox.y1) for ln in left)  # as if read as one line
    assert candidate_regions(page([*left, *right], gaps=gaps), W, H) == ()


def test_a_table_in_one_column_of_a_two_column_page_stays_in_its_column() -> None:
    left = prose_lines(100, 30, 54, 290)
    cells, gaps = aligned(120, CELLS, (330, 420, 480))
    right = [*cells, *prose_lines(250, 15, 320, 556)]
    (region,) = candidate_regions(page([*left, *right], gaps=gaps), W, H)
    assert region.x0 >= 300 and region.y0 < 125 and region.y1 < 250


def test_a_table_filling_one_column_beside_text_is_read_whole() -> None:
    # The table's caption and notes are the only running text in its column: fewer lines than
    # may cross a gutter, so the column must not count as blank (the rows beside the text's
    # lines were read as rows of prose and the table cut to its last rows).
    rows = [[f"State {k}", f"{1000 + 37 * k:,}", f"{90 + k}.5", f"{200 + k}", f"{30 + k % 9}.6"] for k in range(40)]
    cells, gaps = aligned(110, rows, (45, 110, 160, 210, 250), lead=11.0)
    cells = [attrs.evolve(ln, bbox=attrs.evolve(ln.bbox, y1=ln.bbox.y0 + 6.5), font_size=6.5) for ln in cells]
    gaps = tuple(attrs.evolve(g, y1=g.y0 + 6.5) for g in gaps)
    caption = [line(PROSE[0], 45, 80, 290), line(PROSE[1], 45, 92, 290)]
    notes = [line(PROSE[2], 45, 560, 270), line(PROSE[0], 45, 572, 270)]
    right = [line(PROSE[i % 3], 320, 73 + 12 * i, 556) for i in range(40)]
    regions = candidate_regions(page([*caption, *cells, *notes, *right], gaps=gaps), W, H)
    assert len(regions) == 1, regions
    (region,) = regions
    assert region.x1 < 300 and region.y0 <= 110 and region.y1 >= 110 + 39 * 11


def test_an_index_in_two_columns_is_not_a_table() -> None:
    entries = ["Abbott, Edwin, 31", "Adams, John, 26–27, 95", "Adobe eBook Reader", "advertising, 36, 45–46"]
    lines, gaps = [], []
    for k in range(24):
        y = 80 + 12 * k
        a, b = entries[k % 4], entries[(k + 1) % 4]
        lines += [line(a, 54, y, 54 + 6 * len(a)), line(b, 300, y, 300 + 6 * len(b))]
    assert candidate_regions(page(lines, gaps=tuple(gaps)), W, H) == ()


def test_a_bulleted_list_is_not_a_table() -> None:
    lines, gaps = [], []
    for k in range(5):
        y = 100 + 40 * k
        lines.append(line("• " + PROSE[k % 3], 72, y, 540))
        gaps.append(Box(80, y, 100, y + 10))
        lines += [line(PROSE[(k + 1) % 3], 100, y + 13, 540), line(PROSE[(k + 2) % 3], 100, y + 26, 540)]
    assert candidate_regions(page(lines, gaps=tuple(gaps)), W, H) == ()


def test_regions_stay_on_the_page() -> None:
    rules = grid(500, 700, 3, 4)  # runs off the right and bottom edges
    p = page(grid_text(500, 700, CELLS), rules=rules)
    for r in candidate_regions(p, W, H):
        assert 0 <= r.x0 <= r.x1 <= W and 0 <= r.y0 <= r.y1 <= H


# --------------------------------------------------------------------------------------------
# clean_tables


SOMEWHERE = Box(100, 100, 400, 200)


def table(rows: list[list[str | None]], bbox: Box = SOMEWHERE) -> Table:
    return Table(header=tuple(rows[0]), rows=tuple(tuple(r) for r in rows[1:]), bbox=bbox)  # type: ignore[arg-type]


def test_cells_are_normalised_and_rows_padded() -> None:
    assert normalise_cell(None) == ""
    assert normalise_cell("Cycle \nName\t ") == "Cycle Name"
    (t,) = clean_tables([table([["A", "B", "C"], ["1", None, "x\ny"], ["2", "3"]])], W, H)
    assert t.header == ("A", "B", "C")
    assert t.rows == (("1", "", "x y"), ("2", "3", ""))


def test_empty_rows_and_columns_are_dropped() -> None:
    assert normalise_grid([["", "a", "", "b"], ["", "", "", ""], [None, "c", "", "d"]]) == [["a", "b"], ["c", "d"]]


def test_page_sized_detections_are_suppressed() -> None:
    cells = [["a", "b"], ["c", "d"], ["e", "f"]]
    assert clean_tables([table(cells, Box(20, 20, 600, 780))], W, H) == ()
    # Full width but short, or full height but narrow: genuine tables stay.
    assert len(clean_tables([table(cells, Box(10, 100, 600, 300))], W, H)) == 1
    assert len(clean_tables([table(cells, Box(100, 10, 300, 780))], W, H)) == 1


def test_a_table_filling_the_page_is_kept_and_the_body_of_a_page_is_not() -> None:
    # A spreadsheet printed on a page (many rows of short cells) is a table however much of
    # the page it fills; the body of a dense page read as a grid (sentences) is not.
    sheet = [
        ["Name", "Type", "Date", "Amount"],
        *[[f"Person {k}", "Rail", f"{k + 1:02d}/03/2012", f"£{k}.50"] for k in range(30)],
    ]
    assert len(clean_tables([table(sheet, Box(20, 20, 600, 780))], W, H)) == 1
    body = [[PROSE[k % 3], PROSE[(k + 1) % 3], PROSE[(k + 2) % 3]] for k in range(30)]
    assert clean_tables([table(body, Box(20, 20, 600, 780))], W, H) == ()
    debris = [["a", "b", "c"], *[[".", str(k % 10), ""] for k in range(30)]]  # one-character cells, sparse
    assert clean_tables([table(debris, Box(20, 20, 600, 780))], W, H) == ()


def test_a_ruled_sheet_filling_the_page_with_many_empty_cells_is_kept() -> None:
    """A payments register filling the page, a total under each name and an optional column
    left empty in most rows (too sparse to be trusted as it stands): kept when the page's
    rulings box its every cell (a ruled sheet, not a page's body read as a grid)."""
    sheet = [["Physician", "Related Entity", "City", "Purpose", "Amount"]]
    for k in range(19):
        sheet += [[f"NAME {k}", "", "TULSA, OK", "MEALS", f"${k}.50"], ["TOTAL", "", "", "", f"${k}.50"]]
    box = Box(20, 20, 600, 780)
    step = box.height / len(sheet)
    rules = [Box(20, 20 + step * r - 0.25, 600, 20 + step * r + 0.25) for r in range(len(sheet) + 1)]
    rules += [Box(x - 0.25, 20, x + 0.25, 780) for x in (20, 136, 252, 368, 484, 600)]
    assert clean_tables([table(sheet, box)], W, H) == ()
    (t,) = clean_tables([table(sheet, box)], W, H, rules)
    assert t.rows[1] == ("TOTAL", "", "", "", "$0.50") and t.low_confidence


def test_printers_margin_detections_are_suppressed() -> None:
    cells = [["14773_00.qxd", "2/10/04 3:46 PM", "Page xi"], ["slug", "slug", "slug"]]
    assert clean_tables([table(cells, Box(0, -40, 260, -20))], W, H) == ()
    assert clean_tables([table(cells, Box(-30, 100, -5, 200))], W, H) == ()


def test_non_tables_are_suppressed() -> None:
    empty = table([["", ""], [None, ""]])
    one_column = table([["a"], ["b"], ["c"], ["d"]])
    one_row = table([["a", "b", "c", "d"]])
    too_little = table([["a", ""], ["", "b"], ["c", ""]])
    sparse = table([[""] * k + [str(k)] + [""] * (5 - k) for k in range(6)])  # labels scattered on a grid
    bullets = table([["•", PROSE[0]], ["", PROSE[1]], ["•", PROSE[2]], ["", PROSE[0]]])
    assert clean_tables([empty, one_column, one_row, too_little, sparse, bullets], W, H) == ()


def test_duplicates_keep_the_fuller_and_order_is_top_down() -> None:
    low = table([["x", "y"], ["1", "2"]], Box(100, 500, 300, 560))
    high = table([["a", "b"], ["c", "d"]], Box(100, 100, 300, 160))
    fuller = table([["a", "b", "e"], ["c", "d", "f"]], Box(98, 98, 302, 162))
    out = clean_tables([low, high, fuller], W, H)
    assert [t.header for t in out] == [("a", "b", "e"), ("x", "y")]


def test_table_out_has_a_clip_in_page_fractions() -> None:
    (t,) = clean_tables([table([["a", "b"], ["c", "d"]], Box(61.2, 79.2, 306.0, 396.0))], W, H)
    out = table_out(t, W, H)
    assert out.clip == Clip(0.1, 0.1, 0.5, 0.5)
    assert out.bbox == t.bbox and out.header == ("a", "b") and out.rows == (("c", "d"),)


def test_sparse_tables_are_low_confidence() -> None:
    assert low_confidence(["a", "b"], [["x", ""], ["", "-"], ["y", "z"]])
    assert not low_confidence(["Item", "Qty"], [["Apples", "12"], ["Pears", "7"], ["Plums", "30"]])
    assert low_confidence(["Item", "Qty"], [["Apples", "12 13"], ["Pears", "7 8"], ["Plums", "30"]])
    sparse = Table(
        header=("Item", "Q1", "Q2"),
        rows=(("Apples", "12", ""), ("Pears", "", "-"), ("Plums", "", ""), ("Figs", "4", "")),
        bbox=Box(10, 10, 200, 100),
    )
    (kept,) = clean_tables([sparse], W, H)
    assert kept.low_confidence


def test_a_clean_one_character_column_is_no_sign_of_a_broken_table() -> None:
    numbered = [["#", "Name", "Score", "Grade"]] + [
        [str(k), name, score, grade]
        for k, (name, score, grade) in enumerate(
            [("Avery", "91.5", "A"), ("Blake", "78.0", "C"), ("Casey", "84.5", "B"), ("Devon", "66.0", "D")], 1
        )
    ]
    header, *rows = numbered
    assert not low_confidence(header, rows)
    (kept,) = clean_tables([table(numbered)], W, H)
    assert not kept.low_confidence
    # A one-digit count and a tick column are data too.
    assert not low_confidence(
        ["Site", "Visits", "Open"], [["North", "3", "✓"], ["South", "7", "✓"], ["East", "0", "✗"]]
    )


def test_dashes_for_nil_in_columns_of_figures_are_values() -> None:
    rows = [
        ["Workforce reductions", "$20,315", "—", "—", "$31,480"],
        ["Facility closure costs", "—", "554", "—", "554"],
        ["Other items", "—", "462", "—", "462"],
        ["Change in estimate", "(2,029)", "—", "—", "(2,029)"],
    ]
    assert not low_confidence(["Income statement", "Sunnyvale", "Programs", "Limerick", "Total"], rows)
    # dashes in a column of words are no values
    words = [["North", "-", "open"], ["South", "-", "shut"], ["East", "-", "open"]]
    assert low_confidence(["Site", "Note", "State"], words)


def test_one_digit_counts_in_columns_of_figures_are_values() -> None:
    """Counts of one digit among wider figures (a column not every row fills, or holding a
    thousand too, so not a clean short column) are values like the rest of their column."""
    rows = [
        ["Alabama", "18,870", "0", "1,178"],
        ["Alaska", "209", "0", "9"],
        ["Arizona", "2,303", "5", "3"],
        ["Arkansas", "3,298", "", "1"],
    ]
    assert not low_confidence(["State", "Permit", "Admin", "Multiple"], rows)
    # single letters in a column of words stay debris
    letters = [["Alabama", "18,870", "a", "x"], ["Alaska", "209", "b", "y"], ["Arizona", "2,303", "", "z"]]
    assert low_confidence(["State", "Permit", "Note", "Flag"], [*letters, ["Arkansas", "3,298", "c", ""]])


def test_debris_columns_still_make_a_table_low_confidence() -> None:
    # Dot leaders read as a column, and parentheses set apart from their figures.
    assert low_confidence(
        ["", "2009", "", "2008"],
        [["Revenue", "2,014", ".", "1,900"], ["Cost", "(1,266", ")", "35"], ["Other", "12", ".", "9"]],
    )
    # The first letter of each label set apart from the rest of it.
    assert low_confidence(
        ["", "", "2018"],
        [["B", "alance, January 1", "1,204"], ["N", "et income", "310"], ["D", "ividends", "(45)"]],
    )
    # A column that is only filled now and then is no clean column.
    assert low_confidence(["Name", "Mark", "Score"], [["Avery", "A", "9"], ["Blake", "", "8"], ["Casey", "", "7"]])


# --------------------------------------------------------------------------------------------
# TableService on a fake extractor


def ruled_page() -> PageText:
    return page(grid_text(100, 300, CELLS), rules=grid(100, 300, 3, 4))


GRID_BOX = Box(100, 300, 400, 380)


def scripted(bbox: Box = GRID_BOX) -> Table:
    return Table(header=tuple(CELLS[0]), rows=tuple(tuple(r) for r in CELLS[1:]), bbox=bbox)


def test_pages_without_candidates_never_reach_the_extractor() -> None:
    fake = FakeTableExtractor({0: (scripted(),)})
    got = TableService(fake).page_tables(SOURCE, page(prose_lines()), W, H)
    assert got.tables == () and not got.searched and got.skipped is None
    assert fake.calls == []


def test_candidates_go_to_the_extractor_and_come_back_clean() -> None:
    fake = FakeTableExtractor({0: (scripted(), scripted(Box(20, 20, 600, 780)))})
    got = TableService(fake).page_tables(SOURCE, ruled_page(), W, H)
    assert got.searched and got.skipped is None
    (call,) = fake.calls
    assert call[0] == 0 and len(call[1]) == 1  # one region, the grid
    (t,) = got.tables  # the page-sized one is gone
    assert t.header == ("Item", "Qty", "Price") and len(t.rows) == 3
    assert 0 < t.clip.x0 < t.clip.x1 <= 1 and 0 < t.clip.y0 < t.clip.y1 <= 1


@pytest.mark.parametrize("error", [ResourceLimit("too big"), ExtractionFailed("broken")])
def test_a_page_the_extractor_cannot_read_is_skipped_not_failed(error: Exception) -> None:
    fake = FakeTableExtractor({0: (scripted(),)}, fail=error)  # type: ignore[arg-type]
    got = TableService(fake).page_tables(SOURCE, ruled_page(), W, H)
    assert got.tables == () and got.searched and got.skipped == error.code  # type: ignore[attr-defined]


def test_a_page_the_table_engine_does_not_find_is_skipped_not_failed() -> None:
    """On a damaged page tree the table engine may count fewer pages than the text engine: a
    page the text was read from is then out of range for the tables, not for the caller."""
    fake = FakeTableExtractor({0: (scripted(),)}, page_count=0)
    got = TableService(fake).page_tables(SOURCE, ruled_page(), W, H)
    assert got.tables == () and got.searched and got.skipped == "page_out_of_range"


def test_document_errors_escape() -> None:
    fake = FakeTableExtractor(fail=PasswordRequired("needs a password"))
    with pytest.raises(PasswordRequired):
        TableService(fake).page_tables(SOURCE, ruled_page(), W, H)


def test_a_line_of_dots_and_figures_is_read_at_once() -> None:
    """Dot leaders followed by a long run of dotted figures (a line the dot-leader pattern once
    backtracked on for minutes) are judged without backtracking."""
    from pdfcore.services.text_pieces import _LED

    line = "Total . . . " + "1.1." * 40 + " x"
    assert _LED.search(line) is None
    assert _LED.search("Revenue . . . . . . 2,014,908 1,900 —") is not None


# --------------------------------------------------------------------------------------------
# Tables continued on the next page

STATEMENT_HEADER = ("(thousands)", "2019", "2018")


def part(
    index: int, rows: list[tuple[str, ...]], y0: float, y1: float, *, header: tuple[str, ...] = STATEMENT_HEADER
) -> Table:
    return Table(header=header, rows=tuple(rows), bbox=Box(72, y0, 540, y1), page=index)


def split_page(
    index: int, table: Table, *, above: Sequence[str] = (), below: Sequence[str] = (), furniture: tuple[str, ...] = ()
) -> PageText:
    """A page holding ``table``, with lines of text above and below it (in its columns)."""
    lines = [line(t, 72, table.bbox.y0 - 14 * (len(above) - k), 72 + 6 * len(t)) for k, t in enumerate(above)]
    lines += [line(" ".join(r), 72, table.bbox.y0 + 14 * k, 540) for k, r in enumerate(table.rows)]
    lines += [line(t, 72, table.bbox.y1 + 4 + 14 * k, 72 + 6 * len(t)) for k, t in enumerate(below)]
    return PageText(index=index, text="", lines=tuple(lines), tables=(table,), tables_checked=True, furniture=furniture)


ASSETS = [("Cash", "4,777", "1,008"), ("Receivables", "1,108", "1,280"), ("Inventory", "400", "568")]
LIABILITIES = [("Payables", "2,383", "1,129"), ("Accrued", "1,863", "1,793"), ("Debt", "7,304", "4,127")]


def test_a_statement_running_over_a_page_break_is_one_table() -> None:
    from pdfcore.services.table_breaks import continues, may_go_on, may_go_on_from

    first = part(0, ASSETS, 300, 740)
    upper = split_page(0, first, above=["ACME INC.", "BALANCE SHEETS", "(In thousands)"], below=["F-3"])
    # the header printed again on the next page, the title repeated with "(continued)"
    again = part(1, LIABILITIES, 120, 400)
    lower = split_page(1, again, above=["ACME INC.", "BALANCE SHEETS (CONTINUED)", "(In thousands)"])
    assert may_go_on(upper) and may_go_on_from(lower)
    assert continues(upper, lower, W) == (first, again)
    # no header on the continuation
    bare = split_page(1, part(1, LIABILITIES, 60, 300, header=()))
    assert continues(upper, bare, W) is not None
    # a line under the table that the next page prints too is the page's foot
    note = "The accompanying notes are an integral part of these statements"
    upper_noted = split_page(0, first, below=[note, "F-3"])
    lower_noted = split_page(1, part(1, LIABILITIES, 60, 300), below=[note, "F-4"])
    assert continues(upper_noted, lower_noted, W) is not None


def test_a_continuation_whose_first_row_was_read_as_its_header_is_one_table() -> None:
    # a filing's cover table of documents: the part on the next page has no header, but the
    # reader took its first row (a row like those above it) for one
    from pdfcore.services.table_breaks import continues

    listed = [("Document Name 1*", "lifeway_10k.htm"), ("Document Type 1*", "10-K"), ("Document Type 3*", "EX-23.1")]
    upper = split_page(0, part(0, listed, 300, 740, header=("Document Information", "Document Information")))
    rest = [("Document Name 6*", "lifeway_ex3201.htm")]
    taken = split_page(1, part(1, rest, 60, 300, header=("Document Type 6*", "EX-32.1")))
    assert continues(upper, taken, W) is not None
    # a header of its own, or one whose first cell is like no row above, is a new table
    for header in (("Document", "Type"), ("Exhibit 6*", "EX-32.1"), ("", "EX-32.1")):
        assert continues(upper, split_page(1, part(1, rest, 60, 300, header=header)), W) is None, header
    # the same after a table with no header at all
    bare = split_page(0, part(0, listed, 300, 740, header=()))
    assert continues(bare, taken, W) is not None


def test_a_cells_last_line_just_under_the_tables_box_is_the_tables_own() -> None:
    """The last row's cell wrapped onto a line the reader's box stops short of ("microwave so
    that they stay crisp" under "Reheat in the oven rather than the"): the cell holds it, so it
    is no text under the table, which goes on on the next page under its header printed again.
    A line under the table that only shares a word with a cell is text of its own."""
    from pdfcore.services.table_breaks import continues

    rows = [
        ("Boiled rice", "1 day", "Cool within the hour"),
        ("Roast vegetables", "3 days", "Reheat in the oven so that they stay crisp"),
    ]
    header = ("Food", "In the fridge", "Notes")
    first = part(0, rows, 600, 740, header=header)
    upper = split_page(0, first, below=["so that they stay crisp"])
    lower = split_page(1, part(1, [("Bread", "5 days", "Slice it first")], 72, 200, header=header))
    assert continues(upper, lower, W) == (first, lower.tables[0])
    said = split_page(0, first, below=["Eat leftovers within two days so that they stay safe"])
    assert continues(said, lower, W) is None


def test_a_footnote_at_the_page_foot_under_a_table_does_not_stop_it_going_on() -> None:
    """A note at the page's foot under a table (set smaller than the page's text, opening with
    its mark) is no text between the table and its part on the next page under its header
    printed again; a line of the page's size under it is."""
    from pdfcore.services.table_breaks import continues

    header = ("Waste stream", "Container")
    rows = [("Halogenated solvents", "Green can"), ("Aqueous waste", "Blue drum"), ("Sharps", "Yellow bin")]
    first = part(0, rows, 500, 700, header=header)
    upper = split_page(0, first)
    note = [
        TextLine("2 Waste containers are emptied every Friday by the", Box(72, 740, 400, 747), 7.0),
        TextLine("technical team.", Box(80, 748, 160, 755), 7.0),
    ]
    noted = attrs.evolve(upper, lines=(*upper.lines, *note))
    lower = split_page(1, part(1, [("Gloves", "Yellow bag")], 72, 200, header=header))
    assert continues(noted, lower, W) == (first, lower.tables[0])
    said = attrs.evolve(upper, lines=(*upper.lines, line("2 Waste is collected on Fridays.", 72, 740, 300)))
    assert continues(said, lower, W) is None


def test_a_continuation_printing_the_header_again_may_end_further_right() -> None:
    """A table without rules ends where its longest text does: the part on the next page, its
    header printed again, may end well right of the first part (longer names in its last
    column). Without the header printed again, other right edges make another table."""
    from pdfcore.services.table_breaks import continues

    first = part(0, ASSETS, 300, 740)
    upper = split_page(0, first)
    wider = Table(header=STATEMENT_HEADER, rows=tuple(LIABILITIES), bbox=Box(72, 60, 590, 300), page=1)
    assert continues(upper, split_page(1, wider), W) is not None
    bare = Table(header=(), rows=tuple(LIABILITIES), bbox=Box(72, 60, 590, 300), page=1)
    assert continues(split_page(0, part(0, ASSETS, 300, 700)), split_page(1, bare), W) is None


def test_tables_on_both_sides_of_a_page_break_that_are_not_one() -> None:
    from pdfcore.services.table_breaks import continues, may_go_on

    first = part(0, ASSETS, 300, 700)
    upper = split_page(0, first)
    # text under the first table: it ends on its page
    ended = split_page(0, first, below=["Total assets rose by a tenth over the year, as set out in Note 4."])
    assert continues(ended, split_page(1, part(1, LIABILITIES, 60, 300)), W) is None
    assert may_go_on(upper)
    # a new header, other columns, other edges, or a heading of its own over the next table
    other_header = part(1, LIABILITIES, 60, 300, header=("(thousands)", "2021", "2020"))
    assert continues(upper, split_page(1, other_header), W) is None
    wider = Table(header=(), rows=(("Payables", "2,383", "1,129", "9"),), bbox=Box(72, 60, 540, 300), page=1)
    assert continues(upper, split_page(1, wider), W) is None
    narrow = Table(header=(), rows=tuple(LIABILITIES), bbox=Box(72, 60, 360, 300), page=1)
    assert continues(upper, split_page(1, narrow), W) is None
    titled = split_page(1, part(1, LIABILITIES, 100, 300, header=()), above=["Table 7. Debt maturities"])
    assert continues(upper, titled, W) is None
    # a table with no header followed by one with a header of its own: a new table
    headless = split_page(0, part(0, ASSETS, 300, 700, header=()))
    assert continues(headless, split_page(1, part(1, LIABILITIES, 60, 300)), W) is None


def test_a_table_ending_above_the_foot_goes_on_only_when_a_line_or_its_header_says_so() -> None:
    from pdfcore.services.table_breaks import continues

    head = "NOTES TO THE STATEMENTS — (Continued)"
    upper = split_page(0, part(0, ASSETS, 300, 342), above=[head, "ACME INC."])
    # the next page's text runs far below where the first table stopped: room was left
    after = tuple(line(PROSE[k % 3], 72, 400 + 14 * k, 540) for k in range(20))

    def lower(*above: str, header: tuple[str, ...] = ()) -> PageText:
        got = split_page(1, part(1, LIABILITIES, 120, 162, header=header), above=list(above))
        return attrs.evolve(got, lines=got.lines + after)

    assert continues(upper, lower(head), W) is None  # a running head saying "(Continued)" says nothing
    assert continues(upper, lower(head, "ACME INC. (continued)"), W) is not None
    assert continues(upper, lower(head, header=STATEMENT_HEADER), W) is not None  # its header again


def test_a_numbered_list_in_two_columns_is_not_a_table() -> None:
    numbered = table([["1.", "Region correct second."], ["2.", "Agree second value."], ["3.", "Gentle series."]])
    bullets = table([["•", "Apples"], ["•", "Pears"], ["•", "Plums"]])
    assert clean_tables([numbered, bullets], W, H) == ()
    # a column of row numbers beside figures is a table
    counts = table([["1.", "1,204"], ["2.", "981"], ["3.", "2,310"]])
    assert len(clean_tables([counts], W, H)) == 1


def test_a_line_joined_over_several_rows_and_cut_by_column_gaps_is_a_candidate() -> None:
    """Some producers' tables reach the text extractor as one line over all their rows; the
    blanks between its columns are its gaps."""
    joined = TextLine(
        text="Outer 1 Outer 2 Long 1 Long 2 Inner Long 3 A1 B1 C1 D1 E1 F1 C2 D2 F2",
        bbox=Box(90, 75, 502, 142),
        font_size=12.0,
    )
    gaps = tuple(Box(x0, 75, x1, 142) for x0, x1 in ((127.6, 165.1), (204.1, 243.1), (275.4, 318.2)))
    (region,) = candidate_regions(page([joined], gaps=gaps), W, H)
    assert inside(joined.bbox, region)
    # a paragraph the extractor joined over rows has no such blanks
    assert candidate_regions(page([joined]), W, H) == ()


def test_the_rows_of_a_table_above_are_not_headings_of_the_next() -> None:
    """Growing a table upwards over its headings stops at rows of figures (the table above),
    not at years (headings)."""
    from pdfcore.services.run_headers import with_header as _with_header
    from pdfcore.services.text_pieces import line_pieces
    from pdfcore.services.text_rows import visual_rows

    xs = (72.0, 200.0, 280.0, 360.0)
    upper, upper_gaps = aligned(100, FIGURES, xs)  # headed by years
    heading = line("Categories", 72, 166, 132)
    rows = visual_rows(line_pieces([*upper, heading], upper_gaps))
    body = Box(72, 180, 390, 240)
    assert _with_header(body, rows).y0 > 160  # not over the rows of figures above the heading
    years = visual_rows(line_pieces(upper[:1], upper_gaps))
    assert _with_header(Box(72, 116, 390, 160), years).y0 == 100  # years head a table


def test_a_later_try_of_a_run_asks_its_own_rows_whether_a_row_across_the_river_ends_it() -> None:
    # From the first row, the row across the river (two gapped rows above it) is one row of two
    # cells and the run goes on, to be dropped as an index (half its rows are entries); from the
    # second, only one gapped row stands above it, so the run ends there: the table is the last
    # three rows, and the try from the second row does not take the first try's end.
    texts = ["Abel, 12 ix", "Baker, 14 x", "Cole, 16 17", "Dale 18 x", "Eton 20 y", "Fry 22 z"]
    lines, gaps = [], []
    for k, text in enumerate(texts):
        lines.append(TextLine(text=text, bbox=Box(40.0, 12.0 * k, 190.0, 12.0 * k + 10)))
        if k != 2:
            gaps.append(Box(140.0, 12.0 * k, 170.0, 12.0 * k + 10))
    rows = text_rows.visual_rows(text_pieces.line_pieces(lines, gaps))
    assert text_runs._runs(rows) == text_runs._runs(rows, reuse=False) == [Box(40.0, 36.0, 190.0, 70.0)]


def test_a_line_ending_in_a_superscript_digit_is_no_page_number() -> None:
    # "²" is a digit to str.isdigit but no number to int(): the page was left unread.
    page = PageText(
        index=0,
        text="",
        lines=tuple(
            TextLine(text=text, bbox=Box(40.0, 12.0 * k, 300.0, 12.0 * k + 10))
            for k, text in enumerate(["Area 12 m ²", "Depth 3 4 5", "Width 6 7 8"])
        ),
    )
    assert candidate_regions(page, 612, 792) is not None
    assert text_pieces._final("12 m ²") is None


def test_notes_under_a_tables_figures_are_no_rows_of_it() -> None:
    """Notes under a table of figures, the last a label set apart from its words by a tab
    (``Source:``): no rows of the table. A label set apart from its figure is one."""
    lines, gaps = aligned(200, FIGURES, (72, 200, 300, 400))
    above, below = prose_lines(100, 5), prose_lines(330, 5)
    gdp = line("GDP: Gross domestic product.", 72, 268, 240)
    source = line("Source: Eurostat, national accounts 2005.", 72, 282, 330)
    tab = Box(114, 282, 126, 292)
    (region,) = candidate_regions(page([*above, *lines, gdp, source, *below], gaps=(*gaps, tab)), W, H)
    assert region.y1 < 268, region
    deductions = line("Deductions: 0.00", 72, 268, 430)
    (region,) = candidate_regions(
        page([*above, *lines, deductions, *below], gaps=(*gaps, Box(138, 268, 406, 278))), W, H
    )
    assert region.y1 >= 278, region


def test_a_numbered_heading_set_apart_under_a_tables_figures_is_no_row_of_it() -> None:
    """A numbered heading under a table of figures (``3.3``, a tab, its title), a blank taller
    than a row above it, its tab in none of the table's columns: no row of the table, nor the
    note of one cell above it."""
    lines, gaps = aligned(200, FIGURES, (72, 200, 300, 400))
    source = line("Source: Survey 2009, data is weighted.", 72, 268, 300)
    heading = line("3.3 Measuring Financial Literacy", 72, 300, 260)
    rows = [*prose_lines(100, 5), *lines, source, heading, *prose_lines(330, 5)]
    (region,) = candidate_regions(page(rows, gaps=(*gaps, Box(90, 300, 106, 310))), W, H)
    assert region.y1 < 268, region


def test_numbered_notes_under_a_tables_figures_are_no_rows_of_it() -> None:
    """Notes under a table of figures, each opening with its number set as a superscript apart
    from its text (two lines side by side), a line of one cell above them: no rows of it."""
    lines, gaps = aligned(200, FIGURES, (72, 200, 300, 400))
    notes = [line("— Not available.", 72, 268, 170)]
    for k, text in enumerate(("Calculated from ten editions.", "Estimates for the South.")):
        y0 = 282 + 12 * k
        notes += [line(str(k + 1), 72, y0, 73.5), line(text, 76, y0, 76 + 6 * len(text))]
    rows = [*prose_lines(100, 5), *lines, *notes, *prose_lines(340, 5)]
    (region,) = candidate_regions(page(rows, gaps=gaps), W, H)
    assert region.y1 < 268, region


def test_a_table_ruled_between_its_rows_with_a_column_rule_and_section_labels() -> None:
    """Indicators and their weights, a rule under each row and one rule between the two columns
    (no frame: no grid), sections' labels on rows of their own, and one row the text layer gives
    as one text across the blank: one region over all of it, the last section's rows included."""
    rows = [
        ("Indicators", "Weight"),
        ("Effectiveness", None),
        ("Employment", "40"),
        ("Further studies", "15"),
        ("Processes", None),
        ("Dropping out", "15"),
        ("Ratio of certificate holders to entrants 13", "joined"),
        ("Staff", None),
        ("Formal teaching qualifications", "11"),
        ("Staff development", "6"),
    ]
    lines, gaps = [], []
    for r, (left, right) in enumerate(rows):
        y0 = 105.0 + 16 * r
        if right is None:
            lines.append(line(left, 76, y0, 76 + 6 * len(left)))
        elif right == "joined":
            lines.append(line(left, 92, y0, 444))
        else:
            end = 92 + 6 * len(left)
            lines.append(line(f"{left} {right}", 92, y0, 444))
            gaps.append(Box(end, y0, 430, y0 + 10.0))
    rules = tuple(Box(70, 101.0 + 16 * r, 524, 101.5 + 16 * r) for r in range(len(rows) + 1))
    rules += (Box(347, 101.0, 347.5, 101.5 + 16 * len(rows)),)
    regions = candidate_regions(page(lines, rules=rules, gaps=tuple(gaps)), W, H)
    assert any(reg.y0 <= 105.0 and reg.y1 >= 105.0 + 16 * 9 + 10 for reg in regions)


def test_a_run_over_a_wide_table_and_one_two_thirds_as_wide_under_it_is_two_tables() -> None:
    """A text-aligned run taking in a table ruled under its header across it and, under it, one
    two thirds as wide ruled under its own header (a tariff's add-ons over its one-off charges,
    whose dotted rules the search does not see): the run gives way to the two tables."""
    from pdfcore.services.table_regions import _over_column_table

    run = Box(59, 102, 535, 340)
    wide, narrow = Box(53, 102, 542, 204), Box(54, 223, 357, 340)
    assert _over_column_table(run, [wide, narrow])
    assert not _over_column_table(run, [wide, Box(54, 223, 500, 340)])  # as wide: one table's parts
