"""Generated pages holding tables with known cells, for the table tests.

Coordinates given here are PDF user space (bottom-left origin), as in :mod:`tests.pdfgen`;
``expected_box`` gives each table's box in page space for an unrotated page without crop box.
"""

from __future__ import annotations

from pathlib import Path

from pdfcore.models import Box, Table
from tests.pdfgen import LOREM, Page

RULED = [
    ["Item", "Qty", "Price"],
    ["Apples", "12", "3.50"],
    ["Pears", "7", "2.25"],
    ["Plums", "30", "9.00"],
]

ALIGNED = [
    ["Region", "2019", "2020", "2021"],
    ["North", "1,204", "1,310", "1,452"],
    ["South", "981", "1,020", "1,101"],
    ["East", "2,310", "2,455", "2,502"],
    ["West", "764", "802", "855"],
]

# A '#' column and a one-letter grade column: clean, though their cells are one character.
GRADED = [
    ["#", "Student", "Score", "Grade"],
    ["1", "Avery Stone", "91.5", "A"],
    ["2", "Blake Moreau", "78.0", "C"],
    ["3", "Casey Lindqvist", "84.5", "B"],
    ["4", "Devon Okafor", "66.0", "D"],
    ["5", "Emery Walsh", "88.0", "B"],
]

# Where they are drawn (user space): left edge, top edge, column width, row height.
RULED_AT = (100.0, 700.0, 110.0, 22.0)
ALIGNED_X = (72.0, 220.0, 300.0, 380.0)
ALIGNED_TOP = 420.0
ALIGNED_LEADING = 16.0


def ruled_table(page: Page, cells: list[list[str]] = RULED, at: tuple[float, float, float, float] = RULED_AT) -> Page:
    """A grid of stroked lines with one text run per cell."""
    x0, top, cw, rh = at
    n_rows, n_cols = len(cells), len(cells[0])
    for r in range(n_rows + 1):
        page.line(x0, top - r * rh, x0 + n_cols * cw, top - r * rh)
    for c in range(n_cols + 1):
        page.line(x0 + c * cw, top, x0 + c * cw, top - n_rows * rh)
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            page.text(x0 + c * cw + 6, top - (r + 1) * rh + 7, cell, size=11)
    return page


def aligned_table(page: Page, cells: list[list[str]] = ALIGNED) -> Page:
    """Columns of text at fixed x positions, no rules at all."""
    for r, row in enumerate(cells):
        for x, cell in zip(ALIGNED_X, row, strict=True):
            page.text(x, ALIGNED_TOP - r * ALIGNED_LEADING, cell, size=10)
    return page


def prose(page: Page, top: float, n: int = 6) -> Page:
    rows = [LOREM[i % len(LOREM)] for i in range(n)]
    return page.lines(72, top, rows, size=10)


def tables_page() -> Page:
    """A page with prose, a ruled table, more prose and a text-aligned table."""
    page = Page()
    prose(page, 760, 3)
    ruled_table(page)
    prose(page, 580, 5)
    aligned_table(page)
    prose(page, 300, 4)
    return page


def prose_page() -> Page:
    page = Page()
    page.text(72, 740, "A page of running text", size=16, font="F2")
    prose(page, 700, 30)
    return page


def ruled_box(height: float = 792.0) -> Box:
    x0, top, cw, rh = RULED_AT
    return Box(x0, height - top, x0 + len(RULED[0]) * cw, height - (top - len(RULED) * rh))


def aligned_box(height: float = 792.0) -> Box:
    """The text's extent (approximate: Helvetica 10 pt)."""
    bottom = ALIGNED_TOP - (len(ALIGNED) - 1) * ALIGNED_LEADING
    return Box(ALIGNED_X[0], height - ALIGNED_TOP - 10, ALIGNED_X[-1] + 25, height - bottom + 3)


def expected_tables() -> tuple[Table, ...]:
    """What an extractor should report on :func:`tables_page` (page space, unrotated)."""
    return (
        Table(header=tuple(RULED[0]), rows=tuple(tuple(r) for r in RULED[1:]), bbox=ruled_box()),
        Table(header=tuple(ALIGNED[0]), rows=tuple(tuple(r) for r in ALIGNED[1:]), bbox=aligned_box()),
    )


def typeset_pages(path: Path, pages: list[list[tuple[str, object]]]) -> Path:
    """A PDF set with ReportLab (one text object per string, as producers write them), page by
    page from drawing steps, top down from y = 740 (user space):

    - ``("prose", n)``: ``n`` lines of running text;
    - ``("title", text)``: one line of bold text;
    - ``("table", (xs, rows))``: rows of cells, cell ``k`` left-aligned at ``xs[k]``, 14 pt apart;
    - ``("gap", points)``: blank space.
    """
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=letter)
    for steps in pages:
        y = 740.0
        for kind, arg in steps:
            if kind == "prose":
                c.setFont("Helvetica", 10)
                for k in range(int(arg)):  # type: ignore[call-overload]
                    c.drawString(72, y, LOREM[k % len(LOREM)])
                    y -= 13
            elif kind == "title":
                c.setFont("Helvetica-Bold", 11)
                c.drawString(72, y, str(arg))
                y -= 18
            elif kind == "table":
                xs, rows = arg  # type: ignore[misc]
                c.setFont("Helvetica", 9)
                for row in rows:
                    for x, cell in zip(xs, row, strict=True):
                        c.drawString(x, y, cell)
                    y -= 14
                y -= 6
            elif kind == "gap":
                y -= float(arg)  # type: ignore[arg-type]
        c.showPage()
    c.save()
    return path


def _kerned(cells: list[str], x: float, y: float, column: float) -> str:
    """One text object at (x, y) holding ``cells``, each moved to the next column by kerning:
    minus the advance left (10 pt Helvetica, about 5 pt a character), in thousandths of an em."""
    parts = []
    for k, cell in enumerate(cells):
        if k:
            parts.append(str(-int((column - 5.0 * len(cells[k - 1])) * 100)))
        parts.append(f"({cell})")
    return f"BT /F1 10 Tf {x:g} {y:g} Td [{' '.join(parts)}] TJ ET"


def ledger_rows(page: Page, rows: list[list[str]], *, left: int, top: float = 600.0, column: float = 70.0) -> Page:
    """A ledger as accounting software sets one: each row two text objects, its first ``left``
    cells in one (spaced apart by kerning inside it), the figures in the other, far right (two
    pdfium rects per row, the blanks between the first cells inside the first rect)."""
    for r, row in enumerate(rows):
        page.ops.append(_kerned(row[:left], 72.0, top - r * 14, column))
        page.ops.append(_kerned(row[left:], 420.0, top - r * 14, column))
    return page


def spaced_rows(page: Page, rows: list[list[str]], *, top: float = 600.0, column: float = 110.0) -> Page:
    """A table set without rules the way TeX sets one: each row one text object, its cells
    spaced apart by kerning inside it (one pdfium rect per row, no gap between rects)."""
    for r, row in enumerate(rows):
        page.ops.append(_kerned(row, 72.0, top - r * 14, column))
    return page


def columns_rows(page: Page, rows: list[list[str]], xs: list[float], *, top: float = 600.0, bold: int = 0) -> Page:
    """Rows set as TeX sets a tabular: each row one text object (10 pt Helvetica, its first
    ``bold`` rows Helvetica-Bold), cell ``k`` moved to ``xs[k]`` by kerning after the width of
    the cell before it, 14 pt from row to row."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    for r, row in enumerate(rows):
        face = "Helvetica-Bold" if r < bold else "Helvetica"
        parts = []
        for k, cell in enumerate(row):
            if k:
                advance = xs[k] - xs[k - 1] - stringWidth(row[k - 1], face, 10)
                parts.append(str(-round(advance * 100)))
            parts.append(f"({cell})")
        font = "F2" if r < bold else "F1"
        page.ops.append(f"BT /{font} 10 Tf {xs[0]:g} {top - r * 14:g} Td [{' '.join(parts)}] TJ ET")
    return page
