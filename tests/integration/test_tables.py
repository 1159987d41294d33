"""Tables end to end on real adapters: the evidence pdfium leaves on every page (rules, gaps),
candidate regions from it, pdfplumber on those regions, passwords; then corpus documents."""

from __future__ import annotations

import math
from collections.abc import Container, Sequence
from pathlib import Path
from typing import Any

import pytest

from adapters.plumber_tables import PlumberTableExtractor
from pdfcore.errors import PasswordIncorrect, PasswordRequired
from pdfcore.models import BodySpan, Box, PageText
from pdfcore.results.reading import TableOut
from pdfcore.services.table_regions import candidate_regions
from pdfcore.services.tables import TableService
from tests import tablegen
from tests.pdfgen import Page, encrypt, write_pdf
from tests.tableread import finished_pages, page_tables, source_of


def _contains(outer: Box, inner: Box, tol: float = 3.0) -> bool:
    return (
        outer.x0 - tol <= inner.x0
        and outer.y0 - tol <= inner.y0
        and inner.x1 <= outer.x1 + tol
        and inner.y1 <= outer.y1 + tol
    )


# --------------------------------------------------------------------------------------------
# Evidence from pdfium


def test_rules_of_a_grid_are_collected_in_page_space(tmp_path: Path) -> None:
    (p,) = finished_pages(write_pdf(tmp_path / "g.pdf", [tablegen.ruled_table(Page())]))
    grid = tablegen.ruled_box()
    hs = [r for r in p.rules if r.width > r.height]
    vs = [r for r in p.rules if r.height > r.width]
    assert len(hs) == len(tablegen.RULED) + 1 and len(vs) == len(tablegen.RULED[0]) + 1
    assert all(r.height <= 2 and abs(r.width - grid.width) <= 2 for r in hs)
    centres = sorted((r.y0 + r.y1) / 2 for r in hs)
    assert all(abs(c - (grid.y0 + 22 * k)) <= 1 for k, c in enumerate(centres))


def test_filled_shapes_give_rules(tmp_path: Path) -> None:
    page = Page().rect(72, 600, 300, 0.8).rect(72, 400, 200, 100, rgb=(0.8, 0.8, 0.8))
    (p,) = finished_pages(write_pdf(tmp_path / "f.pdf", [page]))
    thin = [r for r in p.rules if abs(r.y0 - (792 - 600.8)) < 1 and r.width > 290]
    assert thin, "a thin filled bar is a rule"
    band = [r for r in p.rules if r.x0 >= 70 and r.x1 <= 274 and r.y0 >= 290 and r.y1 <= 394]
    assert len(band) == 4, "a shaded box contributes its four edges"


def test_printers_marks_outside_the_crop_box_are_not_rules(tmp_path: Path) -> None:
    page = Page(cropbox=(40, 40, 572, 752))
    for x, y in ((40, 0), (572, 0), (40, 752), (572, 752)):  # crop marks in the margin
        page.line(x, y, x, y + 30)
        page.line(0 if x == 40 else 582, y + 40 if y == 0 else y, 30 if x == 40 else 612, y + 40 if y == 0 else y)
    page.line(100, 400, 400, 400)  # one rule on the page
    (p,) = finished_pages(write_pdf(tmp_path / "m.pdf", [page]))
    assert len(p.rules) == 1
    assert all(r.x0 >= 0 and r.x1 <= 532 and r.y0 >= 0 and r.y1 <= 712 for r in p.rules)


def test_gaps_between_cells_but_not_between_words(tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "a.pdf", [tablegen.aligned_table(Page()), tablegen.prose_page()])
    table_page, prose_page = finished_pages(pdf)
    assert len(table_page.gaps) == len(tablegen.ALIGNED) * (len(tablegen.ALIGNED[0]) - 1)
    assert all(g.width >= g.height for g in table_page.gaps)
    assert prose_page.gaps == ()


SPACED = [
    ["Family", "Season", "Answer"],
    ["Gather", "706", "8,713"],
    ["Journey Index", "6.6", "30.6"],
    ["Follow", "443", "190"],
    ["Demand", "604", "92.6"],
]


def test_gaps_inside_one_text_object(tmp_path: Path) -> None:
    """Rows of a table set as one text object each, cells spaced by kerning (as TeX sets a table
    without rules): the blanks between cells are gaps, those between words of a cell are not;
    the line of headings above the first row is looked at too, though it holds no figure."""
    pdf = write_pdf(tmp_path / "s.pdf", [tablegen.spaced_rows(Page(), SPACED)])
    (page,) = finished_pages(pdf)
    assert len(page.gaps) == 2 * len(SPACED)
    assert all(g.width > 20 for g in page.gaps)
    (t,) = page_tables(pdf, page)
    assert [list(t.header), *map(list, t.rows)] == SPACED


RANGES = [
    ["Band", "1994", "1997", "2003"],
    ["Lowest", "9,594 or less", "22,400 or less", "34,000 or less"],
    ["Lower middle", "9,595-17,992", "22,401-29,992", "34,001-48,000"],
    ["Upper middle", "17,993-25,771", "29,993-40,888", "48,001-66,900"],
    ["Highest", "Over 25,771 in all", "Over 40,888 in all", "Over 66,900 in all"],
]


def test_a_dense_row_under_a_spaced_one_is_looked_at_for_gaps(tmp_path: Path) -> None:
    """Rows set as one text object each, their cells ranges of amounts: the last fills its width
    so densely (many characters, short blanks) that alone it reads as running text; right under
    a row whose gaps were found, it is looked at too, and stays the table's last row."""
    pdf = write_pdf(tmp_path / "r.pdf", [tablegen.spaced_rows(Page(), RANGES, column=100.0)])
    (t,) = page_tables(pdf)
    assert [*map(list, t.rows)][-1] == RANGES[-1], t.rows
    assert len(t.rows) + (1 if t.header else 0) == len(RANGES), t


LEDGER = [
    ["Date", "No", "Type", "Particulars", "Debit", "Credit"],
    ["01-Apr-15", "4", "JV", "Opening", "0", "2427"],
    ["17-Aug-15", "16", "BP", "Transfer", "6530", "0"],
    ["07-Sep-15", "58", "BP", "Interest", "1872", "0"],
    ["20-Oct-15", "3", "JV", "Licence", "0", "3978"],
]


def test_gaps_inside_the_text_objects_of_a_ledger(tmp_path: Path) -> None:
    """Rows of figures set as two text objects each (date, number, type and particulars spaced
    apart inside the first; the amounts in the second, far right): the blanks inside both are
    gaps as well as the one between them, each found once, and so are those of the line of
    headings over them (no figure among them, set the same way); the table reads cell by cell."""
    pdf = write_pdf(tmp_path / "l.pdf", [tablegen.ledger_rows(Page(), LEDGER, left=4)])
    (page,) = finished_pages(pdf)
    assert len(page.gaps) == 5 * len(LEDGER)
    (t,) = page_tables(pdf, page)
    assert [list(t.header), *map(list, t.rows)] == LEDGER


# --------------------------------------------------------------------------------------------
# Candidates, extraction, clean-up


def test_tables_page_end_to_end(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "t.pdf", [tablegen.tables_page(), tablegen.prose_page()])
    tables_page, prose_page = finished_pages(path)
    regions = candidate_regions(tables_page, 612, 792)
    assert len(regions) == 2
    assert any(_contains(r, tablegen.ruled_box()) for r in regions)
    assert any(_contains(r, tablegen.aligned_box()) for r in regions)
    assert candidate_regions(prose_page, 612, 792) == ()

    extractor = PlumberTableExtractor()
    service = TableService(extractor)
    got = service.page_tables(source_of(path), tables_page, 612, 792)
    assert got.searched and got.skipped is None
    assert [list(t.header) for t in got.tables] == [tablegen.RULED[0], tablegen.ALIGNED[0]]
    assert [list(r) for r in got.tables[1].rows] == tablegen.ALIGNED[1:]
    assert all(0 <= t.clip.x0 < t.clip.x1 <= 1 and 0 <= t.clip.y0 < t.clip.y1 <= 1 for t in got.tables)
    nothing = service.page_tables(source_of(path), prose_page, 612, 792)
    assert nothing.tables == () and not nothing.searched
    extractor.close()


def test_a_clean_one_character_column_keeps_the_table_confident(tmp_path: Path) -> None:
    xs = (72.0, 90.0, 250.0, 320.0)
    path = tablegen.typeset_pages(tmp_path / "g.pdf", [[("prose", 4), ("table", (xs, tablegen.GRADED)), ("prose", 4)]])
    (t,) = page_tables(path)
    assert [list(t.header), *map(list, t.rows)] == tablegen.GRADED
    assert not t.low_confidence


def test_passwords(tmp_path: Path) -> None:
    plain = write_pdf(tmp_path / "plain.pdf", [tablegen.ruled_table(Page())])
    locked = encrypt(plain, tmp_path / "locked.pdf", "s3cret-Pw")
    extractor = PlumberTableExtractor()
    region = (Box(90, 80, 440, 190),)
    with pytest.raises(PasswordRequired):
        extractor.extract_tables(source_of(locked), 0, regions=region)
    with pytest.raises(PasswordIncorrect) as info:
        extractor.extract_tables(source_of(locked, "wrong"), 0, regions=region)
    assert "wrong" not in str(info.value) and "s3cret" not in str(info.value)
    (t,) = extractor.extract_tables(source_of(locked, "s3cret-Pw"), 0, regions=region)
    assert list(t.header) == tablegen.RULED[0]
    extractor.close()


def _ruled_grid(path: Path, cells: list[list[tuple[str, str, str]]], widths: list[float]) -> Path:
    """A grid of stroked rules, rows 30 pt high, each cell's text placed as it says: horizontally
    ``left`` / ``right`` (tight against the rulings, 2 pt off) and vertically ``middle`` / ``foot``."""
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(612, 792))
    left, top, height = 72.0, 700.0, 30.0
    edges = [left + sum(widths[:k]) for k in range(len(widths) + 1)]
    for r in range(len(cells) + 1):
        c.line(edges[0], top - r * height, edges[-1], top - r * height)
    for x in edges:
        c.line(x, top, x, top - len(cells) * height)
    c.setFont("Helvetica", 10)
    for r, row in enumerate(cells):
        for k, (text, across, down) in enumerate(row):
            y = top - (r + 1) * height + (3 if down == "foot" else 11)
            if across == "right":
                c.drawRightString(edges[k + 1] - 2, y, text)
            else:
                c.drawString(edges[k] + 2, y, text)
    c.showPage()
    c.save()
    return path


def test_ruled_cells_set_tight_and_at_different_heights(tmp_path: Path) -> None:
    """Text set tight against the rulings of neighbouring cells stays in its cell, and a cell
    set at the foot of its row (a rank under centred cells) stays in the row."""
    head = [("Rank", "left", "middle"), ("North Sea", "right", "middle"), ("Baltic Sea", "left", "middle")]
    head += [("Total", "right", "middle")]
    body = [
        [(rank, "left", "foot"), (a, "right", "middle"), (b, "left", "middle"), (t, "right", "middle")]
        for rank, a, b, t in (("1", "426", "63", "489"), ("2", "301", "419", "720"), ("3", "387", "50", "437"))
    ]
    path = _ruled_grid(tmp_path / "grid.pdf", [head, *body], [60.0, 70.0, 70.0, 60.0])
    (t,) = page_tables(path)
    assert list(t.header) == ["Rank", "North Sea", "Baltic Sea", "Total"]
    assert [list(r) for r in t.rows] == [
        ["1", "426", "63", "489"],
        ["2", "301", "419", "720"],
        ["3", "387", "50", "437"],
    ]


def test_a_cell_over_two_rows_and_a_cell_of_underlined_lines(tmp_path: Path) -> None:
    """A ruled table (a filmography): a year over two rows, the ruling between them stopping at
    its column, goes with the first of them; a notes cell of three lines, a link underlined in
    it, beside cells centred on the row, is one row."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "films.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    c.setLineWidth(0.5)
    edges = [72.0, 120.0, 280.0, 520.0]
    ys = [700.0, 680.0, 660.0, 640.0, 590.0]  # header, 1946 (two rows), 1943 (three lines)
    for k, y in enumerate(ys):
        c.line(edges[0] if k != 2 else edges[1], y, edges[-1], y)  # none through the year's cell
    for x in edges:
        c.line(x, ys[0], x, ys[-1])
    for k, text in enumerate(["Year", "Title", "Notes"]):
        c.drawString(edges[k] + 4, 686, text)
    c.drawString(76, 657, "1946")  # centred on the ruling its cell crosses
    c.drawString(124, 666, "Cluny Brown")
    c.drawString(284, 666, "Locarno Festival prize")
    c.drawString(124, 646, "Duel in the Sun")
    c.drawString(284, 646, "Nominated for an award")
    c.drawString(76, 611, "1943")
    c.drawString(124, 611, "The Song of Bernadette")
    for k, line in enumerate(["Academy Award for Best Actress", "Golden Globe Award", "Locarno Festival prize"]):
        c.drawString(284, 626 - 15 * k, line)
    c.line(284, 609, 360, 609)  # a link's underline under "Golden Globe"
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    assert list(t.header) == ["Year", "Title", "Notes"]
    assert [list(r) for r in t.rows] == [
        ["1946", "Cluny Brown", "Locarno Festival prize"],
        ["", "Duel in the Sun", "Nominated for an award"],
        ["1943", "The Song of Bernadette", "Academy Award for Best Actress Golden Globe Award Locarno Festival prize"],
    ]


def test_cells_of_a_ruled_grid_over_several_rows_or_columns(tmp_path: Path) -> None:
    """A rate sheet's grid drawn cell by cell: the rulings between three loans stop at the
    offset column, whose one cell (two lines, centred on the three rows) is one cell over them;
    a loan name wrapped over two lines in its ruled row is one cell; a section's row, no wall
    inside it, is one cell across the table."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "rates.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    c.setLineWidth(0.5)
    edges = [72.0, 200.0, 280.0, 360.0]
    ys = [700.0, 680.0, 660.0, 630.0, 610.0, 590.0]  # header, section, three loans
    for k, y in enumerate(ys):
        right = edges[-1] if k in (0, 1, 2, len(ys) - 1) else edges[2]  # open over the offset column
        c.line(edges[0], y, right, y)
    for x in edges:
        c.line(x, ys[0], x, ys[1])
        c.line(x, ys[2], x, ys[-1])  # no wall inside the section's row
    c.line(edges[0], ys[1], edges[0], ys[2])
    c.line(edges[-1], ys[1], edges[-1], ys[2])
    for k, text in enumerate(["Loan", "Rate", "Offset"]):
        c.drawString(edges[k] + 4, 687, text)
    c.drawString(76, 667, "Fixed")
    c.drawString(76, 647, "One year fixed rate for")
    c.drawString(76, 636, "first home buyers")
    c.drawString(204, 642, "4.04%")
    c.drawString(76, 617, "Two year fixed")
    c.drawString(204, 617, "3.94%")
    c.drawString(76, 597, "Three year fixed")
    c.drawString(204, 597, "3.79%")
    c.drawString(284, 622, "1.50%")
    c.drawString(284, 612, "Partial")
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    assert list(t.header) == ["Loan", "Rate", "Offset"]
    assert [list(r) for r in t.rows] == [
        ["Fixed", "", ""],
        ["One year fixed rate for first home buyers", "4.04%", "1.50% Partial"],
        ["Two year fixed", "3.94%", ""],
        ["Three year fixed", "3.79%", ""],
    ]
    assert t.body_spans == (BodySpan(0, 0, 1, 3), BodySpan(1, 2, 3, 1))


def test_a_label_over_two_ruled_rows_wrapped_onto_both_is_one_cell(tmp_path: Path) -> None:
    """A survey's table: each condition's label over its two rows (a count and a percentage),
    the rulings between the two rows stopping at the label's column; a label of two lines has
    one line beside each row, and is still one cell over both."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "survey.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    c.setLineWidth(0.5)
    edges = [72.0, 200.0, 280.0, 340.0, 400.0]
    top, pitch = 700.0, 14.0
    body = [("Chronic fatigue", "Count", "19", "4"), ("syndrome", "Percentage", "3.8%", "0.8%")]
    body += [("", "Count", "31", "22"), ("", "Percentage", "6.3%", "4.4%")]
    n = len(body) + 1
    for r in range(n + 1):
        y = top - r * pitch
        c.line(edges[0] if r in (0, 1, 3, n) else edges[1], y, edges[-1], y)
    for x in edges:
        c.line(x, top, x, top - n * pitch)
    for k, text in enumerate(["Condition", "Measure", "Men", "Women"]):
        c.drawString(edges[k] + 4, top - 10, text)
    for r, row in enumerate(body, start=1):
        for k, text in enumerate(row):
            if text:
                c.drawString(edges[k] + 4, top - r * pitch - 10, text)
    c.drawString(edges[0] + 4, top - 4 * pitch - 3, "Asthma")  # centred on its two rows
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    assert list(t.header) == ["Condition", "Measure", "Men", "Women"]
    assert [list(r) for r in t.rows] == [
        ["Chronic fatigue syndrome", "Count", "19", "4"],
        ["", "Percentage", "3.8%", "0.8%"],
        ["Asthma", "Count", "31", "22"],
        ["", "Percentage", "6.3%", "4.4%"],
    ]
    assert t.body_spans == (BodySpan(0, 0, 2, 1), BodySpan(2, 0, 2, 1))


def test_an_infobox_value_of_several_lines_is_one_cell(tmp_path: Path) -> None:
    """An infobox without rules: labels on the left, each value beside its label, a value of
    several lines (a name, a date, a place) set closer together than the rows are set apart. Its
    lines are one cell, even where the next line's first word would have fit on the line above."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "infobox.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    rows = [
        ("Born", ["Phylis Lee Isley", "March 2, 1919", "Tulsa, Oklahoma"]),
        ("Died", ["December 17, 2009", "Malibu, California"]),
        ("Occupation", ["Actress, singer and mental health advocate"]),
        ("Spouse", ["Robert Walker"]),
        ("Children", ["Robert, Mary"]),
    ]
    y = 700.0
    for label, lines in rows:
        c.drawString(360, y, label)
        for k, line in enumerate(lines):
            c.drawString(430, y - 15.5 * k, line)  # a value's lines 15.5 pt apart
        y -= 15.5 * (len(lines) - 1) + 19.5  # rows 19.5 pt apart
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    got = [list(r) for r in ([t.header] if t.header else []) + list(t.rows)]
    assert got == [[label, " ".join(lines)] for label, lines in rows]


def test_a_typewritten_tables_headings_a_blank_line_above_it_are_its_header(tmp_path: Path) -> None:
    """A table typed in a monospaced font, each row one text object spaced into columns, its
    column headings a blank line above the rows: the headings are the table's header (they were
    left out of it, and the Markdown made them a heading)."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "typed.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Courier", 12)
    c.drawString(72, 700, "Following are the proportions to be used in the analyses of the survey.")
    c.setFont("Courier-Bold", 12)
    c.drawString(72, 660, "Age Group     Proportion")
    c.setFont("Courier", 12)
    for k, (age, share) in enumerate(
        (("20-29", "0.2650"), ("30-39", "0.2046"), ("40-49", "0.1477"), ("50-59", "0.1514"))
    ):
        c.drawString(72, 634 - 12.7 * k, f"{age}           {share}")
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    assert list(t.header) == ["Age Group", "Proportion"]
    assert [list(r) for r in t.rows] == [
        ["20-29", "0.2650"],
        ["30-39", "0.2046"],
        ["40-49", "0.1477"],
        ["50-59", "0.1514"],
    ]


def _turned_headings(path: Path, names: list[str], rows: list[list[str]]) -> TableOut:
    """The one table of a page: a ruled grid whose column headings (``names``) are written up
    the page over narrow columns, ``rows`` under them, the first column headed ``Precinct``."""
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    edges = [72.0 + 30.0 * k + (48.0 if k else 0.0) for k in range(len(names) + 2)]
    top, head = 700.0, 90.0
    ys = [top, top - head] + [top - head - 18 * (k + 1) for k in range(len(rows))]
    for y in ys:
        c.line(edges[0], y, edges[-1], y)
    for x in edges:
        c.line(x, top, x, ys[-1])
    c.drawString(76, top - head + 6, "Precinct")
    for k, name in enumerate(names):
        c.saveState()
        c.translate(edges[k + 1] + 18, top - head + 4)
        c.rotate(90)
        c.drawString(0, 0, name)
        c.restoreState()
    for r, row in enumerate(rows):
        for k, cell in enumerate(row):
            c.drawString(edges[k] + 4, ys[r + 1] - 13, cell)
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    return t


def test_column_headings_set_turned_are_read(tmp_path: Path) -> None:
    """Column headings written up the page over narrow ruled columns (an election return's
    candidates) are the columns' headings, read in their own direction."""
    names = ["Avery Stone", "Blake Moreau", "Casey Lindqvist"]
    rows = [["North", "120", "98", "15"], ["South", "87", "143", "22"], ["East", "64", "71", "9"]]
    t = _turned_headings(tmp_path / "turned.pdf", names, rows)
    assert list(t.header) == ["Precinct", *names]
    assert [list(r) for r in t.rows] == rows


def test_two_column_headings_set_turned_in_their_own_ruled_cells_are_read(tmp_path: Path) -> None:
    """Two candidates' names written up the page, each alone in its ruled cell (a party with
    two candidates): the columns' headings, not text left under the table."""
    names = ["Avery Stone", "Blake Moreau"]
    rows = [["North", "120", "98"], ["South", "87", "143"], ["East", "64", "71"]]
    t = _turned_headings(tmp_path / "turned-two.pdf", names, rows)
    assert list(t.header) == ["Precinct", *names]
    assert [list(r) for r in t.rows] == rows


def test_two_ruled_grids_a_few_points_apart_are_two_tables(tmp_path: Path) -> None:
    """A second ruled table set 4 pt under the first, in hairlines, notes beside it (a rate
    sheet's reference rates under its grid): the padding around the two grids must not join
    them into one region (as one region, the page's width, they read as one table)."""
    from reportlab.pdfgen import canvas

    second = [["Reference", "Rate"], ["Base Variable Rate", "4.44% p.a."], ["No Fee Variable Rate", "4.67% p.a."]]
    path = tmp_path / "two.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setLineWidth(0.25)
    c.setFont("Helvetica", 10)
    top = 700.0
    for cells, edges in ((tablegen.RULED, [72.0, 230.0, 390.0, 540.0]), (second, [330.0, 450.0, 540.0])):
        for r in range(len(cells) + 1):
            c.line(edges[0], top - 20 * r, edges[-1], top - 20 * r)
        for x in edges:
            c.line(x, top, x, top - 20 * len(cells))
        for r, row in enumerate(cells):
            for k, cell in enumerate(row):
                c.drawString(edges[k] + 4, top - 20 * r - 14, cell)
        top -= 20 * len(cells) + 4
    c.setFont("Helvetica", 8)
    for k, line in enumerate(tablegen.LOREM[:6]):
        c.drawString(72, 700 - 4 * 20 - 4 - 10 - 10 * k, line[:60])
    c.showPage()
    c.save()
    got = page_tables(path)
    assert [[list(t.header), *map(list, t.rows)] for t in got] == [tablegen.RULED, second]


def test_a_ruled_table_framed_by_a_rectangle_drawn_as_a_path_is_read(tmp_path: Path) -> None:
    """A frame drawn round a ruled table as a path of lines (corner to corner, the first corner
    given twice: no rectangle operator) is no chart's line: the table inside it is read."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "framed.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 10)
    edges, top = [72.0, 230.0, 390.0, 540.0], 700.0
    for r in range(len(tablegen.RULED) + 1):
        c.line(edges[0], top - 20 * r, edges[-1], top - 20 * r)
    for x in edges:
        c.line(x, top, x, top - 20 * len(tablegen.RULED))
    for r, row in enumerate(tablegen.RULED):
        for k, cell in enumerate(row):
            c.drawString(edges[k] + 4, top - 20 * r - 14, cell)
    frame = c.beginPath()
    bottom = top - 20 * len(tablegen.RULED) - 3
    frame.moveTo(69, top + 3)
    for x, y in ((543, top + 3), (543, bottom), (69, bottom), (69, top + 3), (69, top + 3)):
        frame.lineTo(x, y)
    frame.close()
    c.drawPath(frame, stroke=1, fill=0)
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    assert [list(t.header), *map(list, t.rows)] == tablegen.RULED


def test_a_plotted_curve_of_many_points_is_no_frame() -> None:
    """Only a path at two places across and two down is a frame: a plotted curve (points a
    fraction of a point apart, rising and falling over the plot) is a chart's line still."""
    from adapters._plumber_table_page import _outline

    assert _outline([(60, 72), (500, 72), (500, 292), (60, 292), (60, 72), (60, 72)])
    curve = [(135 + 0.5 * k, 220 - 40 * math.sin(k / 20)) for k in range(500)]
    assert not _outline(curve)


ROW_RULED = [
    ("Practice", "Applies to"),
    (
        "Identify and document all security requirements for the development infrastructure and keep them up to date over time.",
        "Firmware, Mobile App.",
    ),
    (
        "Communicate the requirements to every third party that provides commercial software components for reuse by the product.",
        "Firmware, Web App.",
    ),
    (
        "Review the design of the product with qualified people who were not involved in it, and record every decision taken.",
        "Mobile App., Web App.",
    ),
]


def _row_ruled(path: Path, rows: list[tuple[str, str]]) -> Path:
    """Rows of two cells ruled apart by horizontal rules only (no rule between the columns); the
    first cell's text wrapped at 250 pt (lines of six words or more), the second short and set
    at x = 350, level with the middle of the first; prose above."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 10)
    y = 740.0
    for line in tablegen.LOREM[:4]:
        c.drawString(72, y, line)
        y -= 13
    y -= 10
    c.setLineWidth(0.6)
    for first, second in rows:
        c.line(72, y, 540, y)
        wrapped: list[str] = []
        for word in first.split():
            if wrapped and stringWidth(f"{wrapped[-1]} {word}", "Helvetica", 10) <= 250:
                wrapped[-1] = f"{wrapped[-1]} {word}"
            else:
                wrapped.append(word)
        for k, part in enumerate(wrapped):
            c.drawString(76, y - 12 - 12 * k, part)
        c.drawString(350, y - 12 - 6 * (len(wrapped) - 1), second)
        y -= 12 * len(wrapped) + 8
    c.line(72, y, 540, y)
    c.showPage()
    c.save()
    return path


def test_a_table_ruled_between_its_rows_only_is_found(tmp_path: Path) -> None:
    """Rows of wrapped text beside short cells, rules between the rows and none between the
    columns: the text-alignment search takes such rows for running text; the rules find them."""
    path = _row_ruled(tmp_path / "rows.pdf", ROW_RULED)
    (t,) = page_tables(path)
    assert list(t.header) == list(ROW_RULED[0])
    assert [tuple(r) for r in t.rows] == ROW_RULED[1:]


def test_a_row_ruled_table_whose_cells_the_text_layer_joined_on_one_line_is_found(tmp_path: Path) -> None:
    """A table ruled between its rows only, one row's short cell set a little under the last
    line of the long cell beside it: the text layer joins the two into one line, taller than a
    line, across the blank between the columns. One such line does not hide the blank."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    rows = [
        (["Practice"], "Applies to"),
        (["Identify and document all security requirements", "for the development infrastructure."], "Firmware"),
        (["Communicate the requirements to every party", "that provides software components."], "Web App."),
        (
            ["Review the design of the product with people", "who were not involved in it, and record every decision."],
            "Mobile App.",
        ),
        (["Store all forms of code under the principle", "of least privilege for people and tools."], "Firmware"),
        (["Collect and share provenance data for each", "component of each software release."], "Web App."),
    ]
    path = tmp_path / "joined.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 10)
    y = 740.0
    for line in tablegen.LOREM[:4]:
        c.drawString(72, y, line)
        y -= 13
    y -= 10
    c.setLineWidth(0.6)
    # the second column starts 11 pt right of the longest line of the first (a line's height apart)
    x = 76 + stringWidth(rows[3][0][1], "Helvetica", 10) + 11
    for n, (lines, second) in enumerate(rows):
        c.line(72, y, 540, y)
        for k, part in enumerate(lines):
            c.drawString(76, y - 12 - 12 * k, part)
        c.drawString(x, y - 12 - (12 * (len(lines) - 1) + 4 if n == 3 else 0), second)
        y -= 12 * len(lines) + 8
    c.line(72, y, 540, y)
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    assert list(t.header) == ["Practice", "Applies to"]
    assert [tuple(r) for r in t.rows] == [(" ".join(lines), second) for lines, second in rows[1:]]


def test_two_columns_of_prose_under_rules_are_no_table(tmp_path: Path) -> None:
    """Two columns of running text between rules across the page (articles set apart): no table."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "columns.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    y = 740.0
    for block in range(4):
        c.line(72, y, 540, y)
        for k in range(5):
            for x in (76.0, 312.0):
                c.drawString(x, y - 12 - 11 * k, tablegen.LOREM[(block + k) % len(tablegen.LOREM)][:52])
        y -= 5 * 11 + 12
    c.line(72, y, 540, y)
    c.showPage()
    c.save()
    assert page_tables(path) == ()


# --------------------------------------------------------------------------------------------
# Corpus


def test_three_narrow_columns_of_text_hold_no_table(tmp_path: Path) -> None:
    """A newsletter set in three columns of four or five words a line (the structure
    benchmark's): the gutters are found from such lines, so the short last lines of paragraphs
    side by side at the foot of two columns are not read as a table."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import structure_docs as sd

    pdf = tmp_path / "newsletter.pdf"
    sd.TYPESETTERS["reportlab"](sd.build_document("newsletter", 1, held_out=False), pdf, tmp_path)
    service = TableService(PlumberTableExtractor())
    for page in finished_pages(pdf):
        assert service.page_tables(source_of(pdf), page, 595.276, 841.89).tables == (), page.index


@pytest.mark.corpus
def test_a_book_has_no_table_in_its_prose_or_index(corpus: Path) -> None:
    book = corpus / "pdfjs" / "freeculture.pdf"
    pages = finished_pages(book, [10, 11, 50, 100, 200, 300, *range(338, 352)])
    for p in pages:
        assert candidate_regions(p, 400, 600) == (), f"page {p.index + 1}"


@pytest.mark.corpus
def test_a_directory_under_section_rules_is_no_table(corpus: Path) -> None:
    """A 10-K's directory (officers and fellows listed in columns under a rule per section,
    many lines on each side of every blank) holds no table; the crosswalk tables of a report,
    ruled between their rows only, are found."""
    directory = corpus / "uda-benchmark" / "fin_docs" / "ADI_2009.pdf"
    (page,) = finished_pages(directory, [108])
    assert candidate_regions(page, 612, 792) == ()
    report = corpus / "pdf-mcp" / "sdist" / "pages" / "corpus" / "nist-router-security.pdf"
    for p in finished_pages(report, [29, 34, 35, 37]):
        assert candidate_regions(p, 612, 792), f"page {p.index + 1}"


@pytest.mark.corpus
def test_two_grids_one_under_the_other_are_two_tables(corpus: Path) -> None:
    """A balance sheet's last grid and the income statement's grid under it, their columns in
    line, the statement's heading and unit between them: the rows align from the first grid's
    top to the second's bottom, but each grid holds its own table (one region over both read
    as no table, and the page's statements came out as paragraphs)."""
    path = corpus / "pdfplumber" / "pdfs" / "issue-67-example.pdf"
    (p,) = finished_pages(path, [13])
    regions = candidate_regions(p, 595.3, 841.9)
    assert len(regions) == 2, regions
    tables = page_tables(path, p)
    assert len(tables) == 2
    assert tables[1].header == ("项目", "本期发生额", "上期发生额"), tables[1].header


@pytest.mark.corpus
def test_a_books_real_tables_are_found(corpus: Path) -> None:
    book = corpus / "pdfjs" / "freeculture.pdf"
    tables = page_tables(book, 182)
    assert len(tables) == 3
    assert all(t.rows[0][0] == "Commercial" and t.rows[1][0] == "Noncommercial" for t in tables)


@pytest.mark.corpus
def test_a_table_of_figures_without_rules(corpus: Path) -> None:
    path = corpus / "camelot" / "files" / "tabula" / "icdar2013-dataset" / "competition-dataset-us" / "us-018.pdf"
    (t,) = page_tables(path)
    rows = {r[0]: r[1:] for r in t.rows}
    assert rows["United States"][:3] == ("2,753,438", "2,799,250", "2,815,544")
    assert rows["Wyoming"][-1] == "5,380"


@pytest.mark.corpus
def test_a_rate_sheet_in_shaded_cells_is_read_from_its_rulings(corpus: Path) -> None:
    """A bank's rate sheet: shaded cells parted by white rulings drawn cell by cell (broken at
    its section rows), under the page's title and over its notes. The table is found where its
    rulings are, and a product name wrapped in its ruled column is one cell."""
    path = corpus / "pdfplumber" / "pdfs" / "pr-138-example.pdf"
    tables = page_tables(path)
    rows = [r for t in tables for r in t.rows]
    assert (
        "Standard Variable Rate",
        "Standard Variable Rate",
        "5.37%",
        "5.51%",
        "4.87%",
        "5.27%",
        "Standard Variable Interest Only Rate",
        "5.92%",
        "5.73%",
        "5.42%",
        "5.46%",
        "Full",
    ) in [r[:12] for r in rows]
    # The rates of the five "Extra" loans: the reference rate, the package rates and the offset
    # are each one cell over the five rows; the section's row is one cell across the table.
    (t,) = [t for t in tables if any(r[0] == "Extra" for r in t.rows)]
    extra = [r[0] for r in t.rows].index("Extra")
    assert BodySpan(extra, 0, 1, 12) in (t.body_spans or ())
    assert BodySpan(extra + 1, 1, 5, 1) in (t.body_spans or ())
    assert t.rows[extra + 1][1] == "Extra Variable Rate*"
    assert t.rows[extra + 3][0] == "Extra Home Loan (Loan to Valuation Ratio <=70%)"


@pytest.mark.corpus
def test_rows_shaded_one_in_two_are_the_rows_of_a_listing(corpus: Path) -> None:
    """A licence listing with no rulings, its rows shaded one in two across the page: a name or
    an address wrapped over two lines sits above its row's other cells, and each shaded band (or
    the blank between two) is one row, so the page-sized grid is a table, not debris."""
    path = corpus / "camelot" / "files" / "tabula" / "m27.pdf"
    (t,) = page_tables(path, 1)
    rows = {r[0]: r[1:] for r in t.rows}
    assert rows["641387 BAW"][:3] == ("BLUE BELLE SALOON", "BLUE BELLE ENTERTAINMENT LLC", "224 WEST HARRISON AVENUE")
    assert rows["288037 BAW"][2] == "9620 & 9622 NORTH MAY AVENUE"
    assert not t.low_confidence


@pytest.mark.corpus
def test_a_statements_signs_set_apart_split_no_column(corpus: Path) -> None:
    """A reconciliation whose ``2018`` stands left of its right-aligned figures, ``$`` set well
    apart before the figures of a few rows: one column per year; the sentence set a paragraph
    under the last row, introducing a list, is text after the table."""
    path = corpus / "uda-benchmark" / "tat_docs" / "inpixon_2019.pdf"
    (t,) = page_tables(path, 56)
    assert t.header == ("(thousands, except per share data)", "2019", "2018")
    rows = {r[0]: r[1:] for r in t.rows}
    assert rows["Net loss attributable to common stockholders"] == ("$ (35,241)", "$ (44,624)")
    assert rows["Impairment of goodwill"] == ("--", "636")
    assert t.rows[-1][0] == "Weighted average basic and diluted common shares outstanding"


@pytest.mark.corpus
def test_a_cell_over_two_ruled_rows_keeps_the_rows_apart(corpus: Path) -> None:
    """An action plan whose ``Suivi`` cell spans two rows, the ruling between them drawn from
    its column's wall on: two rows, that cell over both (each action opening with its bullet)."""
    path = corpus / "pdfplumber" / "pdfs" / "chelsea_pdta.pdf"
    (t,) = page_tables(path, 28)
    assert t.rows[0][0].startswith("Suivi")
    assert t.rows[0][1].startswith("• Planifier à court, moyen et long terme")
    assert t.rows[0][2:] == ("En continu", "", "Responsable du transport actif, administration municipale")
    assert t.rows[1][0] == "" and t.rows[1][2] == "2021"
    assert t.rows[2][0].startswith("Accessibilité")
    assert BodySpan(0, 0, 2, 1) in (t.body_spans or ())


@pytest.mark.corpus
def test_a_password_protected_corpus_table(corpus: Path) -> None:
    path = corpus / "camelot" / "files" / "health_protected.pdf"
    with pytest.raises(PasswordRequired):
        PlumberTableExtractor().extract_tables(source_of(path), 0)
    tables = page_tables(path, password="userpass")
    assert tables and any("Andhra Pradesh" in r[0] for t in tables for r in t.rows)


def test_read_pages_returns_tables_once_and_caches_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings
    from tests.conftest import corpus_dir

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    core = pdfcore.build(load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "c")}))
    try:
        foo = corpus_dir() / "camelot" / "files" / "foo.pdf"
        r = core.read_pages(str(foo), "1")
        assert r.total_tables == 1 and r.pages[0].table_count == 1
        table = r.pages[0].tables[0]  # type: ignore[index]
        assert table.header[0] == "Cycle Name" and len(table.rows) >= 5
        assert all(len(row) == len(table.header) for row in table.rows)
        assert 0 <= table.clip.x0 < table.clip.x1 <= 1 and 0 <= table.clip.y0 < table.clip.y1 <= 1
        source = core.open(str(foo))
        facts, _ = core.documents.facts(source)
        assert core.documents.cached_pages(source, [0], facts)[0].tables_checked
        book = corpus_dir() / "pdfjs" / "freeculture.pdf"
        prose = core.read_pages(str(book), "100-110")
        assert prose.total_tables == 0
    finally:
        core.close()


@pytest.mark.corpus
def test_a_ruled_checklists_columns_are_its_rulings(corpus: Path) -> None:
    """A classification society's monitoring tables (diesel_engines.pdf p. 12, two ruled grids
    of marks under a header of three levels): every ruled column is a column, including those
    whose only text is their heading (``Slow-down``, ``Control``, ``Stop``)."""
    path = corpus / "camelot" / "files" / "diesel_engines.pdf"
    tables = page_tables(path, 11)
    assert len(tables) == 2
    for t in tables:
        heads = [r for r in (t.header, *t.rows) if r and r[0] == "Identification of system parameter"]
        assert heads, t.rows[:3]
        assert list(heads[0]) == [
            "Identification of system parameter",
            "Alarm",
            "Indication",
            "Slow-down",
            "Shut-down",
            "Control",
            "Stand by Start",
            "Stop",
        ]


@pytest.mark.corpus
def test_an_infobox_beside_the_article_is_one_table(corpus: Path) -> None:
    """A Wikipedia print's infobox (``Jennifer Jones.pdf`` p. 1): short rows on a pitch of their
    own beside the article's lines, one row (``Occupation(s) Actress, singer``) set as one text
    across the blank between labels and values. The box is one table from ``Born`` to
    ``Children``, that row in it, and the article's lines stay out of it."""
    path = corpus / "uda-benchmark" / "wiki_feta_docs" / "pdfs" / "Jennifer Jones.pdf"
    (p,) = finished_pages(path, [0])
    (region,) = candidate_regions(p, 612, 792)
    assert region.x0 > 340, region
    (t,) = page_tables(path, p)
    firsts = [r[0] for r in (t.header, *t.rows) if r]
    assert firsts[0] == "Born" and firsts[-1] == "Children"
    assert any(c.startswith("Occupation(s)") for c in firsts)
    assert "Years active" in firsts


@pytest.mark.corpus
def test_a_ruled_table_over_four_pages_is_linked_page_to_page(corpus: Path, tmp_path: Path) -> None:
    """An election return in Arabic over four landscape pages (camelot's mednine.pdf): the parts
    after the first start with a row of figures, which is no header, and each part is linked to
    the next."""
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    core = pdfcore.build(load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "c")}))
    try:
        pages = core.read_pages(str(corpus / "camelot" / "files" / "tabula" / "mednine.pdf"), "1-4").pages
    finally:
        core.close()
    tables = [t for p in pages for t in p.tables]
    links = [(t.page, t.continued_from, t.continued_on) for t in tables]
    assert links == [(1, None, 2), (2, 1, 3), (3, 2, 4), (4, 3, None)]
    assert all(not t.header for t in tables[1:])


@pytest.mark.corpus
def test_a_line_the_region_cuts_lends_no_letters_to_the_table(corpus: Path) -> None:
    """A form's boxes read as a table (150109DSP-Milw-505-90D.pdf p. 1): the line above the
    region, whose foot the region's edge cuts, gives the table's first row none of its letters
    and takes none of that row's (``1 Year 9 Months`` lost its ``a``, taken for an ``a`` of
    ``Information`` above drawn twice)."""
    path = corpus / "pdfplumber" / "pdfs" / "150109DSP-Milw-505-90D.pdf"
    tables = page_tables(path)
    (t,) = [t for t in tables if any("Race or Ethnicity:" in c for r in t.rows for c in r)]
    assert "Age: 1 Year 9 Months" in [c for r in (t.header, *t.rows) for c in r]


def test_a_name_overflowing_under_the_next_cell_stays_in_its_own(tmp_path: Path) -> None:
    """A spreadsheet printed without rules: a few names run on under the next column's text,
    which is drawn over them. Each is read as its own cell, its letters not interleaved with
    the number's, and the two columns stay apart."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "overflow.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    c.setFont("Helvetica", 10)
    names = ["Forster, Mark", "Horn, Ein", "SUS GmbH", "Ackermann Brothers Holding GmbH", "Karls GmbH"]
    names += ["Ackermann Brothers Holding GmbH", "Santa, Klaus", "Justus und Soehne"]
    rows = [("Name", "Number", "Invoice", "Due")]
    rows += [(n, f"DE{10 + k}-11111{k}", f"55.55.55{k:02d}", "01.01.2025") for k, n in enumerate(names)]
    for r, cells in enumerate(rows):
        y = 700 - 16 * r
        for x, text in zip((72, 190, 300, 380), cells, strict=True):
            c.drawString(x, y, text)  # left to right: a long name first, the number over it
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    assert list(t.header) == ["Name", "Number", "Invoice", "Due"]
    assert [list(r) for r in t.rows][3] == [
        "Ackermann Brothers Holding GmbH",
        "DE13-111113",
        "55.55.5503",
        "01.01.2025",
    ]
    assert [r[0] for r in t.rows] == names


def test_a_caption_set_just_above_a_ruled_grid_is_no_header_row(tmp_path: Path) -> None:
    """The caption's last line ends a point above the grid's top rule, inside the margin its
    region is taken with: the foot of its letters, cut by the region's edge, is no header row."""
    from reportlab.pdfgen import canvas

    path = tmp_path / "captioned.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    left, top, height, widths = 72.0, 700.0, 14.0, [140.0, 40.0, 40.0]
    rows = [("Buildings", "n =", "%"), ("Residence", "60", "27.7"), ("Grounds", "58", "26.7"), ("Total", "118", "54.4")]
    edges = [left + sum(widths[:k]) for k in range(len(widths) + 1)]
    for r in range(len(rows) + 1):
        c.line(edges[0], top - r * height, edges[-1], top - r * height)
    for x in edges:
        c.line(x, top, x, top - len(rows) * height)
    c.setFont("Helvetica", 10)
    c.drawString(left + 4, top + 14.5, "Table 4: Assaults on and off the grounds,")
    c.drawString(left + 8, top + 2.5, "by Building, 1900-2008")  # its descent ends 0.4 pt above the rule
    for r, row in enumerate(rows):
        for k, text in enumerate(row):
            c.drawString(edges[k] + 3, top - (r + 1) * height + 4, text)
    c.showPage()
    c.save()
    (t,) = page_tables(path)
    assert list(t.header) == ["Buildings", "n =", "%"]
    assert list(t.rows[0]) == ["Residence", "60", "27.7"]


def test_one_row_under_underlined_column_headings_is_read_as_a_table(tmp_path: Path) -> None:
    # A financial statement's small table: headings wrapped over two lines, each underlined
    # apart, over one row led by dots to its figures, between paragraphs.
    page = Page().lines(72, 700, list(PROSE_LINES), size=10)
    for x, top, bottom in ((380, "Gain on", "Swaps"), (450, "Loss on", "Note"), (515, "Net", "Effect")):
        page.text(x, 640, top, size=8).text(x, 631, bottom, size=8).rect(x - 2, 627, 50, 0.8)
    page.text(72, 631, "Income Statement Classification", size=8).rect(70, 627, 130, 0.8)
    page.text(72, 612, "Other income " + "." * 60, size=9)
    page.text(385, 612, "$6,109", size=9).text(452, 612, "$(6,109)", size=9).text(525, 612, "$0", size=9)
    page.lines(72, 580, list(PROSE_LINES), size=10)
    (table,) = page_tables(write_pdf(tmp_path / "u.pdf", [page]))
    assert table.header == ("Income Statement Classification", "Gain on Swaps", "Loss on Note", "Net Effect")
    assert table.rows == (("Other income", "$6,109", "$(6,109)", "$0"),)


PROSE_LINES = (
    "The Company designated these swaps as fair value hedges. Their fair value at inception",
    "was zero, and later changes in it were reflected in the carrying value of the swaps on",
    "the balance sheet, with the carrying value of the debt adjusted by an equal amount.",
)


@pytest.mark.corpus
def test_a_cell_edge_drawn_as_a_path_is_a_ruling(corpus: Path) -> None:
    """A ruled grid whose edges are thin filled rectangles but for one cell's, drawn as a path
    of its own (eu-003.pdf, table 2, under its justified headings): that edge rules the column
    off too, so the heading's words set wide apart over it (``Number      of``) make no column."""
    path = corpus / "camelot" / "files" / "tabula" / "icdar2013-dataset" / "competition-dataset-eu" / "eu-003.pdf"
    tables = page_tables(path)
    (t,) = [t for t in tables if any(r[0] == "0 reclassifications" for r in t.rows)]
    assert t.header[1:] == (
        "Number of financial companies",
        "Pct of all companies analysed",
        "Number of financial companies on FTSE Eurotop 100",
        "Pct of FTSE Eurotop 100 companies",
    )
    assert t.rows[0] == ("0 reclassifications", "52", "52%", "14", "64%")


@pytest.mark.corpus
def test_a_heading_over_a_column_group_under_the_frames_top_rule_is_a_header_cell(corpus: Path) -> None:
    """us-035a's Table A.1: ``Age groups`` and ``U.S. population`` stand between the frame's
    top rule and the column headings, one line of text the rule between the first column and
    the others parts: header cells of the table, the first over its column, the second over
    the proportions."""
    path = corpus / "camelot" / "files" / "tabula" / "icdar2013-dataset" / "competition-dataset-us" / "us-035a.pdf"
    (p,) = finished_pages(path, [1])
    (t,) = page_tables(path, p)
    assert t.header_cells is not None, t
    top = {(c.text, c.column, c.rows, c.columns) for c in t.header_cells if c.row == 0}
    assert ("Age groups", 0, 2, 1) in top and ("U.S. population", 1, 1, 2) in top, t.header_cells
    assert t.rows[0] == ("Under 1 year", "0.0156", "", "3,533,692"), t.rows


@pytest.mark.corpus
def test_dense_rows_of_ranges_stay_in_their_table(corpus: Path) -> None:
    """us-003's salary bands: four rows, each one text object, the last two so dense (ranges of
    amounts, ``Greater than $25,771``) that alone they read as running text; all four are rows."""
    path = corpus / "camelot" / "files" / "tabula" / "icdar2013-dataset" / "competition-dataset-us" / "us-003.pdf"
    (t,) = [t for t in page_tables(path) if t.rows and t.rows[0][0] == "Lowest"]
    assert [r[0] for r in t.rows] == ["Lowest", "Lower middle", "Upper middle", "Highest"], t.rows
    assert t.rows[-1][1:] == ("Greater than $25,771", "Greater than $40,888", "Greater than $66,900"), t.rows


DRAWINGS = [
    ["Drawing", "Title", "Revision", "Received"],
    ["MLA-201", "Site location plan at 1:1250", "A", "2 October 2024"],
    ["MLA-210", "Proposed ground and first floor plans", "D", "20 January 2025"],
    ["MLA-211", "Proposed second floor and roof plans", "C", "20 January 2025"],
    ["MLA-220", "Proposed street elevation to Tanner Row", "E", "6 February 2025"],
]


def test_narrow_blanks_under_a_row_carry_on_its_columns(tmp_path: Path) -> None:
    """A LaTeX tabular under a rule: each row one text object, its first column's blank little
    more than a line high (the column gap) and its others wide. Rows under the first keep the
    narrow blank where it carries on the blank of the row above (a column's), so the table
    reads in four columns, every row."""
    p, t = _tabular(tmp_path, DRAWINGS, [72.0, 130.0, 340.0, 390.0], 470)
    under = [g for g in p.gaps if g.x0 < 130 < g.x1]
    assert len(under) == len(DRAWINGS), p.gaps
    assert [list(t.header), *map(list, t.rows)] == DRAWINGS


def _tabular(tmp_path: Path, rows: list[list[str]], xs: list[float], rule_end: float) -> tuple[PageText, TableOut]:
    """``rows`` set as a LaTeX tabular (see tablegen.columns_rows), the first bold, a rule under
    it to ``rule_end``: the page as read and its one table."""
    page = tablegen.columns_rows(Page(), rows, xs, bold=1)
    page.line(70, 596, rule_end, 596)
    pdf = write_pdf(tmp_path / "t.pdf", [page])
    (p,) = finished_pages(pdf)
    (t,) = page_tables(pdf, p)
    return p, t


CREW = [
    ["Role", "Name"],
    ["Director", "Jenna Polglase"],
    ["Designer", "Ruth Angove"],
    ["Lighting designer", "Kit Vosper"],
    ["Stage manager", "Becky Harvey"],
]

DATA = [
    ["Parameter", "Value"],
    ["Maximum flow rate", "18 cubic metres per hour (AF-300/3)"],
    ["Maximum working pressure", "10 bar"],
    ["Liquid temperature", "0 to 40 degrees C"],
    ["Supply", "400 V, 3 phase, 50 Hz"],
]


def test_a_table_of_names_each_row_one_text_object(tmp_path: Path) -> None:
    """A LaTeX tabular of names under a rule (no figure in any row, each row one text object
    spread out over its columns): a spread-out line's blanks are a table's when the line under it
    has blanks in line with them, so the table reads in two columns, every row."""
    p, t = _tabular(tmp_path, CREW, [72.0, 190.0], 300)
    assert len(p.gaps) == len(CREW), p.gaps
    assert [list(t.header), *map(list, t.rows)] == CREW


def test_rows_under_spread_out_headings_each_one_text_object(tmp_path: Path) -> None:
    """Column headings spread out over a dense first row (its blank one column gap wide, no wider
    than a blank between words would be in a spread-out line): the row's blank in line with the
    headings' makes both a table's rows, and the rows under them follow."""
    p, t = _tabular(tmp_path, DATA, [72.0, 210.0], 420)
    assert len(p.gaps) == len(DATA), p.gaps
    assert [list(t.header), *map(list, t.rows)] == DATA


SCHEDULE = [
    ["Frequency", "Task"],
    ["After each use", "Clean and sanitise probe"],
    ["", "thermometers"],
    ["Daily", "Record chiller temperatures at"],
    ["", "opening and closing"],
    ["Weekly", "Clean the blast chiller interior"],
    ["", "and door seals"],
]


def test_rows_under_a_wrapped_cell_carry_on_its_table(tmp_path: Path) -> None:
    """A LaTeX tabular of paragraph cells under a rule: each row one text object, the second
    cell of each wrapped onto a line of its own under it (starting at its cell's left edge). The
    wrapped lines keep the table going, so every row under them is looked at for its blanks and
    the table reads in two columns, each wrapped cell whole."""
    p, t = _tabular(tmp_path, SCHEDULE, [72.0, 170.0], 330)
    starts = [row for row in SCHEDULE if row[0]]
    assert len([g for g in p.gaps if g.x0 < 170 <= g.x1 + 1]) == len(starts), p.gaps
    assert [list(t.header), *map(list, t.rows)] == [
        ["Frequency", "Task"],
        ["After each use", "Clean and sanitise probe thermometers"],
        ["Daily", "Record chiller temperatures at opening and closing"],
        ["Weekly", "Clean the blast chiller interior and door seals"],
    ], t


PROGRAMME = [
    ["Time", "Session"],
    ["09:00-09:20", "Opening remarks"],
    ["09:20-10:15", "Keynote: Designing for the"],
    ["", "Hundred-Year Storm Every Ten Years, Dr Tomas"],
    ["", "Reinholt, Danish Hydraulic Institute"],
    ["10:15-10:45", "Coffee and posters"],
    ["10:45-12:30", "Plenary panel: Paying for Resilience"],
    ["12:30-13:30", "Lunch"],
]


def test_a_cells_wrapped_line_reaching_past_its_row_carries_on_its_table(tmp_path: Path) -> None:
    """A LaTeX tabular's paragraph cell in its last column that broke early before a long word:
    the line it wrapped onto reaches past the end of the row above it. It still lies in the
    row's last column, so the rows under it are looked at for their blanks and the table reads
    in two columns to its end, each wrapped cell whole."""
    p, t = _tabular(tmp_path, PROGRAMME, [72.0, 135.0], 360)
    starts = [row for row in PROGRAMME if row[0]]
    assert len([g for g in p.gaps if g.x0 < 135 <= g.x1 + 1]) == len(starts), p.gaps
    assert [list(t.header), *map(list, t.rows)] == [
        ["Time", "Session"],
        ["09:00-09:20", "Opening remarks"],
        [
            "09:20-10:15",
            "Keynote: Designing for the Hundred-Year Storm Every Ten Years, Dr Tomas Reinholt, Danish Hydraulic Institute",
        ],
        ["10:15-10:45", "Coffee and posters"],
        ["10:45-12:30", "Plenary panel: Paying for Resilience"],
        ["12:30-13:30", "Lunch"],
    ], t


CAST = [
    ["Role", "Actor"],
    ["Elowen Pascoe", "Lowenna Hicks"],
    ["Thomas Pascoe, her father", "Gareth Nance"],
    ["Tamsin Roskilly", "Priya Venkatesh"],
    ["Jory Carne, a fisherman", "Daniel Oates"],
    ["Mrs Ellis, the archivist", "Marian Trevithick"],
]


def test_a_table_of_names_under_bold_headings_in_a_pages_second_column(tmp_path: Path) -> None:
    """A page in two columns of running text, a tabular of names under bold column headings in
    the second: the page's gutter cuts no line of the table, whose heading row stays bold when
    the page's lines are shared out to its columns, so its two columns of names (about as wide
    as each other) read as a table under its headings, not as text beside text."""
    page = Page()
    prose = "The company tours the county's village halls each spring with a new play about the coast"
    words = prose.split()
    page.lines(60, 700, [" ".join(words[k % 5 : k % 5 + 7]) for k in range(30)], size=10, leading=12)
    tablegen.columns_rows(page, CAST, [320.0, 450.0], top=690, bold=1)
    pdf = write_pdf(tmp_path / "c.pdf", [page])
    (p,) = finished_pages(pdf)
    (t,) = page_tables(pdf, p)
    assert [list(t.header), *map(list, t.rows)] == CAST


CONSULTEES = [
    ["Consultee", "Date", "Summary"],
    ["Highways Authority", "4 November", "No objection, subject to cycle"],
    ["", "", "parking and a management plan."],
    ["Conservation Officer", "12 November", "Initial concerns were resolved"],
    ["", "", "by revised drawings."],
]


def test_a_rows_first_cell_wrapped_on_its_own_beside_the_rest_of_the_row(tmp_path: Path) -> None:
    """A LaTeX tabular of paragraph cells, each row one text object, but the last row's first
    cell wrapped onto two lines of its own (``Tanner Row Residents'`` over ``Association``),
    the row's other cells one text object beside them, its last cell wrapped under it: the
    first cell's lines keep the table going, the line beside them is looked at for its blanks,
    and the row reads whole in three columns."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    xs = [72.0, 190.0, 270.0]
    page = tablegen.columns_rows(Page(), CONSULTEES, xs, bold=1)
    y = 600 - 14 * len(CONSULTEES)
    page.text(xs[0], y, "Tanner Row Residents", size=10).text(xs[0], y - 11, "Association", size=10)
    advance = xs[2] - xs[1] - stringWidth("18 November", "Helvetica", 10)
    page.ops.append(
        f"BT /F1 10 Tf {xs[1]:g} {y:g} Td [(18 November) {-round(advance * 100)} (Objection on grounds of noise, late opening hours)] TJ ET"
    )
    page.text(xs[2], y - 11, "and loss of light.", size=10)
    pdf = write_pdf(tmp_path / "t.pdf", [page])
    (p,) = finished_pages(pdf)
    assert len([g for g in p.gaps if g.x0 < xs[2] <= g.x1 + 1]) == 4, p.gaps  # the last row's too
    (t,) = page_tables(pdf, p)
    assert [list(t.header), *map(list, t.rows)] == [
        ["Consultee", "Date", "Summary"],
        ["Highways Authority", "4 November", "No objection, subject to cycle parking and a management plan."],
        ["Conservation Officer", "12 November", "Initial concerns were resolved by revised drawings."],
        [
            "Tanner Row Residents Association",
            "18 November",
            "Objection on grounds of noise, late opening hours and loss of light.",
        ],
    ], t


def test_a_key_of_abbreviations_set_close_is_no_table(tmp_path: Path) -> None:
    """Abbreviations each followed by what they stand for, one text object a line, a blank about
    a line high between them: a spread-out line's blank two line heights wide at least is looked
    for before any is kept, so these lines keep no gap."""
    page = Page()
    for r, (short, long) in enumerate([("AIM", "AIM"), ("PBUK", "UK Pocketbook"), ("EH", "European Handbook")]):
        page.ops.append(f"BT /F1 10 Tf 144 {600 - r * 13} Td [({short}) -900 ({long})] TJ ET")
    pdf = write_pdf(tmp_path / "k.pdf", [page])
    (p,) = finished_pages(pdf)
    assert p.gaps == ()


FACTS = [
    ["Fact", "Details"],
    ["Age range", "11 to 18, with seven forms of entry in Year 7 and a sixth form of two hundred"],
    ["Students on roll", "1,140, including 210 in the sixth form"],
    ["School day", "08:40 to 15:10, Monday to Friday"],
]


def test_a_shaded_header_not_ruled_off_from_the_first_row(tmp_path: Path) -> None:
    """A table in a box, its body's rows ruled under each, its header shaded with no rule under
    it (ReportLab's BACKGROUND over the header row, LINEBELOW from the first body row): the
    shading's foot parts the header from the first row, whose cell wraps onto a second line."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, TableStyle
    from reportlab.platypus import Table as RLTable

    body = getSampleStyleSheet()["BodyText"]
    table = RLTable([[Paragraph(c, body) for c in row] for row in FACTS], colWidths=[120, 200])
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dfe8d8")),
                ("LINEBELOW", (0, 1), (-1, -1), 0.4, colors.grey),
                ("BOX", (0, 0), (-1, -1), 0.6, colors.black),
            ]
        )
    )
    path = tmp_path / "f.pdf"
    SimpleDocTemplate(str(path), pagesize=letter).build([table])
    (t,) = page_tables(path)
    assert [list(t.header), *map(list, t.rows)] == FACTS, t


CONTACTS = [
    ["Role", "Name"],
    ["Chair", "Graham Whitaker"],
    ["Membership Secretary", "Priya Chauhan"],
    ["Treasurer", "Lorraine Boyd"],
    ["Trading hut manager", "Stanley Okonkwo"],
]


def _set_table(
    path: Path,
    cells: list[list[Any]],
    widths: list[float],
    commands: list[tuple[Any, ...]],
    *,
    before: Sequence[Any] = (),
    align: str = "CENTER",
) -> TableOut:
    """``cells`` (text, or flowables: see :func:`_paragraphs`) set by ReportLab as a table of
    column ``widths`` styled by ``commands``, after the flowables ``before``, on an A4 page at
    ``path``: its one table as read."""
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate, TableStyle
    from reportlab.platypus import Table as RLTable

    table = RLTable(cells, colWidths=widths, hAlign=align)
    table.setStyle(TableStyle(commands))
    SimpleDocTemplate(str(path), pagesize=A4).build([*before, table])
    (t,) = page_tables(path)
    return t


def _paragraphs(rows: list[list[str]], columns: Container[int] | None = None, *, bold: int = 0) -> list[list[Any]]:
    """``rows`` with the cells of ``columns`` (all when None) as paragraphs of body text, which
    wrap in their cells, those of the first ``bold`` rows in bold."""
    return [
        [
            _paragraph(f"<b>{c}</b>" if r < bold else c) if columns is None or k in columns else c
            for k, c in enumerate(row)
        ]
        for r, row in enumerate(rows)
    ]


def _paragraph(text: str) -> Any:
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph

    return Paragraph(text, getSampleStyleSheet()["BodyText"])


def test_a_table_of_names_under_bold_headings_without_rules(tmp_path: Path) -> None:
    """Two columns of names with no rule at all, each cell its own text object, the first row in
    bold: text beside text of about the same width reads as two columns of text (an index, a
    glossary) unless a row of headings in bold opens the run, as here: a table."""
    padding = [("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]
    before = [_paragraph("Committee contacts.")]
    t = _set_table(tmp_path / "c.pdf", _paragraphs(CONTACTS, bold=1), [130, 130], padding, before=before, align="LEFT")
    assert [list(t.header), *map(list, t.rows)] == CONTACTS, t


ROOMS = [
    ["Room", "Metric", "", "Imperial", ""],
    ["", "Length", "Width", "Length", "Width"],
    ["Sitting room", "5.48 m", "4.12 m", "18'0\"", "13'6\""],
    ["Study", "3.05 m", "2.74 m", "10'0\"", "9'0\""],
    ["Kitchen and family room", "8.03 m", "4.60 m", "26'4\"", "15'1\""],
    ["Utility room", "2.44 m", "1.98 m", "8'0\"", "6'6\""],
]


def test_group_headings_underlined_end_to_end(tmp_path: Path) -> None:
    """Two headings over groups of two columns each (``Metric`` and ``Imperial``, centred in
    cells spanning their groups), each underlined across its group, the two underlines drawn
    end to end (one ruling once joined), no other rule: each heading spans its group, not just
    the column it stands in."""
    from reportlab.lib import colors

    commands: list[tuple[Any, ...]] = [
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (1, 0), (-1, 0), "CENTER"),
        ("SPAN", (0, 0), (0, 1)),
        ("SPAN", (1, 0), (2, 0)),
        ("SPAN", (3, 0), (4, 0)),
        ("LINEBELOW", (1, 0), (2, 0), 0.5, colors.black),
        ("LINEBELOW", (3, 0), (4, 0), 0.5, colors.black),
    ]
    t = _set_table(tmp_path / "g.pdf", ROOMS, [160, 70, 70, 70, 70], commands)
    assert t.header_cells is not None, t
    top = {(c.text, c.column, c.columns) for c in t.header_cells if c.row == 0}
    assert top == {("Room", 0, 1), ("Metric", 1, 2), ("Imperial", 3, 2)}, t.header_cells
    assert [list(r) for r in t.rows] == ROOMS[2:], t.rows


TIMES = [
    ["Stop", "Monday to Saturday", "", "", "Sunday", ""],
    ["", "First", "Then", "Last", "First", "Last"],
    ["Kendal, bus station", "06:05", "at :15", "18:45", "08:20", "18:20"],
    ["Burneside, Hall Road", "06:19", "at :29", "18:59", "08:34", "18:34"],
    ["Staveley, Main Street", "06:28", "at :38", "19:08", "08:43", "18:43"],
    ["Ings, Watermill Inn", "06:34", "at :44", "19:14", "08:49", "18:49"],
]


def _zebra_table(tmp_path: Path, rows: list[list[str]], head: int, extra: list[tuple[Any, ...]]) -> TableOut:
    """``rows`` set by ReportLab, figures and headings flush right, the body's rows shaded in
    turn, a rule under the header (its last ``head`` row), ``extra`` style commands."""
    from reportlab.lib import colors

    commands: list[tuple[Any, ...]] = [
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("ROWBACKGROUNDS", (0, head), (-1, -1), [colors.white, colors.HexColor("#fdf1dc")]),
        ("LINEBELOW", (0, head - 1), (-1, head - 1), 0.9, colors.black),
        *extra,
    ]
    return _set_table(tmp_path / "z.pdf", rows, [150, 60, 60, 60, 60, 60], commands)


def test_a_header_set_flush_right_over_shaded_rows(tmp_path: Path) -> None:
    """Headings set flush right over figures, right over the rule under them, the body's rows
    shaded in turn (the shading's edges are the table's grid, from that rule down): the headings
    are the table's header though they start where no column does (they end where one ends)."""
    t = _zebra_table(tmp_path, TIMES[1:], 1, [])
    assert list(t.header) == TIMES[1], t
    assert [list(r) for r in t.rows] == TIMES[2:], t.rows


def test_headings_over_groups_of_columns_over_a_header_over_shaded_rows(tmp_path: Path) -> None:
    """The same with a row of headings over groups of the columns above the header, each
    centred over its group and underlined across it, the first over the first column (``Stop``,
    its cell spanning both header rows): both rows are the table's header."""
    from reportlab.lib import colors

    groups = [("SPAN", (0, 0), (0, 1)), ("SPAN", (1, 0), (3, 0)), ("SPAN", (4, 0), (5, 0))]
    underlines = [("LINEBELOW", (1, 0), (3, 0), 0.5, colors.black), ("LINEBELOW", (4, 0), (5, 0), 0.5, colors.black)]
    t = _zebra_table(tmp_path, TIMES, 2, [*groups, *underlines, ("ALIGN", (1, 0), (-1, 0), "CENTER")])
    assert t.header_cells is not None, t
    top = {(c.text, c.column, c.rows, c.columns) for c in t.header_cells if c.row == 0}
    assert top == {("Stop", 0, 2, 1), ("Monday to Saturday", 1, 1, 3), ("Sunday", 4, 1, 2)}, t.header_cells
    assert [c.text for c in sorted(t.header_cells, key=lambda c: c.column) if c.row == 1] == TIMES[1][1:], (
        t.header_cells
    )
    assert [list(r) for r in t.rows] == TIMES[2:], t.rows


ARENA = [
    ["Time", "Event"],
    ["12:00", "Opening by the Mayor of Hartwell, Councillor Ruth Adebayo"],
    ["12:15", "Hartwell Silver Band"],
    ["12:45", "Junior dog show, with six classes for children under fourteen"],
    ["1:30", "Maypole dancing by Little Hartwell Primary School pupils"],
    ["2:00", "Tug of war: the Plough against the Fox and Hounds"],
    ["2:45", "Falconry display by Dales Birds of Prey"],
]


def test_rows_shaded_in_turn_cell_by_cell_between_a_header_rule_and_a_foot_rule(tmp_path: Path) -> None:
    """Every other row shaded one cell at a time (each cell its own filled box, side by side),
    the header ruled off above them and the table ruled at its foot, no rule between rows,
    cells wrapped onto two lines: the shaded boxes' edges part the rows (the first shaded row
    is no header shaded off from the rest)."""
    from reportlab.lib import colors
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph

    body = getSampleStyleSheet()["BodyText"]
    cells: list[list[Any]] = [ARENA[0], *([r[0], Paragraph(r[1], body)] for r in ARENA[1:])]
    shade = colors.HexColor("#e6f2e6")
    commands: list[tuple[Any, ...]] = [
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.darkgreen),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, colors.darkgreen),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
    for row in range(1, len(ARENA), 2):
        commands += [("BACKGROUND", (col, row), (col, row), shade) for col in (0, 1)]
    t = _set_table(tmp_path / "a.pdf", cells, [50, 190], commands)
    assert list(t.header) == ARENA[0], t
    assert [list(r) for r in t.rows] == ARENA[1:], t.rows


def test_a_header_shaded_cell_by_cell_over_rows_shaded_in_turn_the_same_way(tmp_path: Path) -> None:
    """No rule anywhere: a header shaded dark one cell at a time over rows shaded pale in turn,
    one cell at a time, from the second row: the header's foot parts it from the first row
    (which its shading does not cover)."""
    from reportlab.lib import colors
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph

    body = getSampleStyleSheet()["BodyText"]
    cells: list[list[Any]] = [ARENA[0], *([r[0], Paragraph(r[1], body)] for r in ARENA[1:])]
    commands: list[tuple[Any, ...]] = [
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        *(("BACKGROUND", (col, 0), (col, 0), colors.HexColor("#1d5c63")) for col in (0, 1)),
    ]
    for row in range(2, len(ARENA), 2):
        commands += [("BACKGROUND", (col, row), (col, row), colors.HexColor("#eef5f5")) for col in (0, 1)]
    t = _set_table(tmp_path / "h.pdf", cells, [50, 190], commands)
    assert list(t.header) == ARENA[0], t
    assert [list(r) for r in t.rows] == ARENA[1:], t.rows


def test_a_header_shaded_whole_over_rows_shaded_in_turn_from_the_second(tmp_path: Path) -> None:
    """No rule anywhere: a header shaded dark as one band over rows shaded pale in turn, as
    whole bands, from the second row: the header's foot parts it from the first row (which no
    shading covers); its cells were read with the first row's."""
    from reportlab.lib import colors
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph

    body = getSampleStyleSheet()["BodyText"]
    cells: list[list[Any]] = [ARENA[0], *([r[0], Paragraph(r[1], body)] for r in ARENA[1:])]
    commands: list[tuple[Any, ...]] = [
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#1d5c63")),
    ]
    commands += [("BACKGROUND", (0, row), (-1, row), colors.HexColor("#eef5f5")) for row in range(2, len(ARENA), 2)]
    t = _set_table(tmp_path / "h.pdf", cells, [50, 190], commands)
    assert list(t.header) == ARENA[0], t
    assert [list(r) for r in t.rows] == ARENA[1:], t.rows


DETAILS = [
    ["Reference", "WDC/25/01874/HOU", ""],
    ["Site address", "42 Orchard Rise, Wenford WF2 6TS", ""],
    ["Applicant", "Ms R. Castellano", ""],
    ["Key dates", "Application valid", "6 October 2025"],
    ["", "Last day for comments", "6 November 2025"],
    ["Case officer", "James Fairley, 01632 960 731", ""],
]


def test_a_grid_of_labelled_rows_has_no_header_for_the_rule_under_its_first_row(tmp_path: Path) -> None:
    """A ruled grid of particulars, each row a bold label and its value across the last two
    columns but for one label's two rows of dates set in both: the first row is one of them, not
    a header, though a ruling runs under it (every row is ruled off)."""
    from reportlab.lib import colors

    commands: list[tuple[Any, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
        ("FONTNAME", (0, 0), (0, -1), "Helvetica-Bold"),
        ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#f3e6e6")),
        ("SPAN", (0, 3), (0, 4)),
        *(("SPAN", (1, r), (2, r)) for r in (0, 1, 2, 5)),
    ]
    t = _set_table(tmp_path / "d.pdf", DETAILS, [100, 150, 120], commands)
    assert list(t.header) == [], t
    assert [list(r) for r in t.rows] == DETAILS, t.rows


ADD_ON_ROWS = [
    ["Add-on", "What you get", "Monthly price"],
    ["Home Phone Anytime", "Unlimited calls to UK landlines and mobiles", "9.00"],
    ["Home Phone Evenings", "Unlimited UK calls from 7pm to 7am and at weekends", "5.00"],
    ["Whole Home Wi-Fi", "Two extra Wi-Fi discs to fill gaps in larger homes", "6.00"],
    ["Static IP address", "A fixed IP address for home servers and cameras", "5.00"],
]
ONE_OFF = [
    ["Charge", "Price"],
    ["Standard installation", "Free"],
    ["Installation on a chosen day or evening", "40.00"],
    ["Replacement router, if lost or damaged", "75.00"],
    ["Engineer visit where no fault is found", "65.00"],
]


def test_a_narrower_table_right_under_another_is_a_table_of_its_own(tmp_path: Path) -> None:
    """Two tables ruled under their headers, one over the other a little apart, the lower one
    two thirds as wide: two tables, each with its columns (the lower one's long labels no
    longer cross the upper one's first gap)."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate, Spacer, TableStyle
    from reportlab.platypus import Table as RLTable

    upper = RLTable(ADD_ON_ROWS, colWidths=[110, 270, 80], hAlign="LEFT")
    upper.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 1.2, colors.purple),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.HexColor("#f3eef8"), colors.white]),
                ("ALIGN", (2, 0), (2, -1), "RIGHT"),
            ]
        )
    )
    lower = RLTable(ONE_OFF, colWidths=[230, 70], hAlign="LEFT")
    lower.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
            ]
        )
    )
    path = tmp_path / "two.pdf"
    SimpleDocTemplate(str(path), pagesize=A4).build([upper, Spacer(1, 14), lower])
    tables = page_tables(path)
    assert [[list(t.header), *map(list, t.rows)] for t in tables] == [ADD_ON_ROWS, ONE_OFF], tables


TRACKS = [
    ["Time", "Track A: Informatics", "Track B: Patients", "Track C: Data and AI"],
    ["", "Main Hall", "Room 2", "Room 3"],
    ["10:00 to 10:45", "Shared care records", "Designing a portal", "Validating a triage tool"],
    ["11:15 to 12:00", "Closed-loop tracking", "Digital inclusion", "Open datasets workshop"],
    ["12:00 to 12:30", "Reducing alert fatigue", "Text message reminders", "Synthetic data"],
]


def test_a_first_columns_heading_set_halfway_down_two_header_rows_spans_both(tmp_path: Path) -> None:
    """A grid's header of two rows, the first column's heading set once, halfway down both
    (``Time`` beside ``Track A`` over ``Main Hall``): the header has two rows, that heading
    spanning them, and each track's room stands under its track, not in the body."""
    from reportlab.lib import colors

    commands: list[tuple[Any, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
        ("SPAN", (0, 0), (0, 1)),
        ("VALIGN", (0, 0), (0, 1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
    ]
    t = _set_table(tmp_path / "t.pdf", TRACKS, [90, 120, 120, 130], commands)
    assert t.header_cells is not None, t
    cells = {(c.text, c.row, c.column, c.rows) for c in t.header_cells}
    assert ("Time", 0, 0, 2) in cells and ("Main Hall", 1, 1, 1) in cells and ("Room 3", 1, 3, 1) in cells, cells
    assert [list(r) for r in t.rows] == TRACKS[2:], t.rows


PENALTIES = [
    (
        ["Having a mobile phone or smart watch on", "your person, switched off and not used"],
        ["Formal warning recorded on your file"],
    ),
    (
        ["Having unauthorised notes that are", "relevant to the examination"],
        ["Mark of zero for the examination,", "with a resit at the capped mark"],
    ),
    (
        ["Communicating with another candidate", "or copying their work"],
        ["Mark of zero for the module, with a", "resit at the capped mark"],
    ),
    (["Impersonating another candidate"], ["Referral to a disciplinary panel"]),
]


def test_paragraph_columns_under_a_header_set_as_one_text(tmp_path: Path) -> None:
    """A LaTeX table of two paragraph columns ruled under its header only: the header one text
    object (its headings spaced apart by kerning), each line of a cell a text object of its own,
    cells wrapped onto two lines. The blank between the headings is a table's, the first line of
    the second column starting where it ends, and the cells' wrapped lines go on their rows: a
    table of two columns, each cell whole."""
    page = tablegen.columns_rows(Page(), [["Offence", "Usual penalty"]], [72.0, 290.0], bold=1)
    page.line(70, 596, 520, 596)
    y = 584.0
    for left, right in PENALTIES:
        for k, text in enumerate(left):
            page.text(72, y - 12 * k, text, size=10)
        for k, text in enumerate(right):
            page.text(290, y - 12 * k, text, size=10)
        y -= 12 * max(len(left), len(right)) + 6
    pdf = write_pdf(tmp_path / "p.pdf", [page])
    (p,) = finished_pages(pdf)
    (t,) = page_tables(pdf, p)
    assert list(t.header) == ["Offence", "Usual penalty"], t
    assert [list(r) for r in t.rows] == [[" ".join(a), " ".join(b)] for a, b in PENALTIES], t.rows


TARGETS = [
    ["Measure", "2025/26 actual", "2026/27 target"],
    ["Visits to libraries (physical)", "612,000", "630,000"],
    ["Children completing the Summer Reading Challenge", "2,610", "3,000"],
    ["Residents helped at digital drop-in sessions", "3,150", "4,000"],
    ["Hours of community use of library rooms", "6,800", "8,500"],
]


def test_labels_wrapped_onto_lines_of_their_own(tmp_path: Path) -> None:
    """Labels in a column too narrow for them, wrapped onto a second line under their row's
    figures (set at the top of their cells, as LaTeX sets a paragraph column), a rule under the
    header only: a second line starting in upper case (``Reading Challenge``) is its label's
    next line when it is set closer under it than the rows are set apart and its first word
    would not have fit on the line above; the last row's (``rooms``, one word, no gap) is in the
    table too."""
    from reportlab.lib import colors

    commands: list[tuple[Any, ...]] = [
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.9, colors.black),
    ]
    t = _set_table(tmp_path / "w.pdf", _paragraphs(TARGETS, {0}), [170, 90, 90], commands)
    assert [list(t.header), *map(list, t.rows)] == TARGETS, t


CLOSURES = [
    ["Dates", "Section closed", "Trains"],
    ["Sat 7 to Sun 8 March", "Westmoor Central to Port Ellan", "No trains; buses from Westmoor Central"],
    ["Mon 9 to Fri 20 March", "Halstow to Port Ellan", "Trains run from Westmoor Central to Halstow only"],
    ["Sat 21 to Sun 22 March", "Halstow to Port Ellan", "Trains run to Halstow; last bus 23:40"],
]


def test_rows_whose_every_cell_wraps_in_capitals(tmp_path: Path) -> None:
    """Narrow columns of text, every cell of a row wrapped onto a second line that starts in
    upper case (``March``, ``Port Ellan``, ``Westmoor Central``), the rows set further apart than
    their lines: the second lines are their cells' (each first word too long for the line above),
    not rows of their own."""
    from reportlab.lib import colors

    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.9, colors.black),
    ]
    t = _set_table(tmp_path / "c.pdf", _paragraphs(CLOSURES), [72, 100, 100], commands)
    assert [list(t.header), *map(list, t.rows)] == CLOSURES, t


CHARGES = [
    ("Urgent", "Emergency care such as pain relief or a", "temporary filling", "27.40"),
    ("Band 1", "Examination, diagnosis and advice, and", "planning further treatment", "27.40"),
    ("Band 2", "Everything in Band 1, plus fillings, root", "canal work, extractions", "75.30"),
    ("Band 3", "Everything in Bands 1 and 2, plus crowns,", "dentures and bridges", "326.70"),
]


def test_dense_rows_under_a_header_of_separate_text_objects(tmp_path: Path) -> None:
    """A LaTeX table under a shaded header (each heading its own text object, so the header's
    blanks lie between its rects): each row's first two cells one text object, dense (no wider
    than running text), the second cell wrapped onto a line of its own, the figure last. A row
    right under a row whose blanks were found is looked at for its own, so every row reads in
    three columns."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    page = Page()
    for text, x in zip(("Band", "What it covers", "Charge"), (72.0, 135.0, 430.0), strict=True):
        page.text(x, 600, text, size=10, font="F2")
    y = 585.0
    for label, first, second, charge in CHARGES:
        tablegen.columns_rows(page, [[label, first]], [72.0, 135.0], top=y)
        page.text(135, y - 12, second, size=10)
        page.text(460 - stringWidth(charge, "Helvetica", 10), y, charge, size=10)
        y -= 28
    pdf = write_pdf(tmp_path / "d.pdf", [page])
    (p,) = finished_pages(pdf)
    assert len([g for g in p.gaps if g.x0 < 130 < g.x1]) == 1 + len(CHARGES), p.gaps
    (t,) = page_tables(pdf, p)
    assert list(t.header) == ["Band", "What it covers", "Charge"], t
    assert [list(r) for r in t.rows] == [[a, f"{b} {c}", d] for a, b, c, d in CHARGES], t.rows


FEES = [
    ["Treatment", "Fee"],
    ["Appointment with a dental hygienist", "65.00"],
    ["White filling on a back tooth", "from 120.00"],
    ["Tooth whitening with trays", "350.00"],
    ["Porcelain crown", "from 620.00"],
    ["Single dental implant", "from 2,450.00"],
]


def test_a_header_right_over_rows_shaded_in_turn(tmp_path: Path) -> None:
    """Rows shaded in turn, each shaded row two filled cells (LaTeX's colortbl), the first body
    row shaded, no rule; the header right over the first shading, its fee set flush right over
    the fees: the header is the table's (the shading's edges make a table ruled between its
    rows, from the first shaded row down)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    page = Page()
    for r, row in enumerate(FEES):
        y = 600 - 15.5 * r
        if r % 2:
            page.rect(66, y - 4.5, 273, 15.5, rgb=(0.9, 0.9, 0.9))
            page.rect(339, y - 4.5, 77, 15.5, rgb=(0.9, 0.9, 0.9))
        right = 409 - stringWidth(row[1], "Helvetica-Bold" if r == 0 else "Helvetica", 10)
        tablegen.columns_rows(page, [row], [72.0, right], top=y, bold=1 if r == 0 else 0)
    pdf = write_pdf(tmp_path / "z.pdf", [page])
    (t,) = page_tables(pdf)
    assert [list(t.header), *map(list, t.rows)] == FEES, t


ABROAD = [
    ["Transaction", "Everyday and Everyday Plus", "", "Premier", ""],
    ["", "Fee", "Exchange charge", "Fee", "Exchange charge"],
    ["Card purchase in a foreign currency", "None", "2.75%", "None", "None"],
    ["Cash withdrawal in a foreign currency", "1.50", "2.75%", "None", "None"],
    ["Cash withdrawal in sterling outside the UK", "1.50", "None", "None", "None"],
    ["Card purchase in sterling outside the UK", "None", "None", "None", "None"],
]


def test_a_boxed_table_of_wordy_rows_ruled_under_each(tmp_path: Path) -> None:
    """A table in a box, no rule between its columns, its rows ruled under each and its two
    header rows shaded, every line holding six words or more (a label of many words and its
    values; headings over groups of columns): text enough to read as running text, were it not
    cut into cells by the blanks between them. A table, not a paragraph framed and ruled under
    each of its lines."""
    from reportlab.lib import colors

    commands: list[tuple[Any, ...]] = [
        ("FONTSIZE", (0, 0), (-1, -1), 9),
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (1, 0), (-1, 1), "CENTER"),
        ("SPAN", (0, 0), (0, 1)),
        ("SPAN", (1, 0), (2, 0)),
        ("SPAN", (3, 0), (4, 0)),
        ("BACKGROUND", (0, 0), (-1, 1), colors.HexColor("#d5dced")),
        ("LINEBELOW", (0, 2), (-1, -1), 0.4, colors.grey),
        ("LINEBELOW", (1, 0), (-1, 0), 0.4, colors.grey),
        ("BOX", (0, 0), (-1, -1), 0.6, colors.black),
    ]
    t = _set_table(tmp_path / "b.pdf", ABROAD, [174, 77, 77, 77, 77], commands)
    assert [list(r) for r in t.rows] == ABROAD[2:], t.rows
    assert t.header_cells is not None and {c.text for c in t.header_cells} >= {"Transaction", "Premier"}, t
