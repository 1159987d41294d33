"""A table ruled under its header only, its body's rows shaded in turn: the shading's edges are
a grid from the header's rule down, the header right over it. The header is the grid's (its
region reaches up to take it in); a title over a grid, its unit of measure set apart at its
right, is not."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.grid_headers import header_right_over
from pdfcore.services.table_regions import candidate_regions
from tests.unit.test_tables import H, W, line, page, prose_lines

XS = (73.0, 167.0, 374.0, 450.0)
ROWS = [
    ("Sat 9 May", "Upton-upon-Severn", "Away", "13:00"),
    ("Sat 20 June", "Inkberrow", "Away at Pershore", "13:30"),
    ("Sat 5 September", "Astwood Bank", "Away", "13:00"),
]


def _row(cells: tuple[str, ...], y0: float) -> tuple[TextLine, list[Box]]:
    ends = [x + 5 * len(c) for x, c in zip(XS, cells, strict=True)]
    gaps = [Box(ends[k], y0, XS[k + 1], y0 + 8) for k in range(len(cells) - 1)]
    return line(" ".join(cells), XS[0], y0, ends[-1], h=8.0), gaps


def _shaded(header: tuple[str, ...] | None, title: tuple[TextLine, Box] | None = None) -> list[Box]:
    """The page's regions: prose, then the header (or a title and its gap) over the shaded rows."""
    lines, gaps = prose_lines(40, 5), []
    if header is not None:
        head, found = _row(header, 228.0)
        lines.append(head)
        gaps += found
    if title is not None:
        lines.append(title[0])
        gaps.append(title[1])
    for k, cells in enumerate(ROWS):
        ln, found = _row(cells, 243.0 + 15.4 * k)
        lines.append(ln)
        gaps += found
    rules = (
        Box(67.5, 238.7, 539.8, 240.5),  # the rule under the header
        Box(68.4, 239.6, 68.4, 285.7),  # the shading's sides
        Box(538.9, 239.6, 538.9, 285.7),
        *(Box(68.4, y, 538.9, y) for y in (254.9, 270.3, 285.7)),  # its edges between rows
    )
    return list(candidate_regions(page([*lines, *prose_lines(320, 5)], rules=rules, gaps=tuple(gaps)), W, H))


def test_a_header_right_over_a_grid_of_shaded_rows_is_the_grids() -> None:
    (region,) = _shaded(("Date", "Opponents", "Venue", "Start"))
    assert region.y0 <= 228.0 and region.y1 >= 285.7, region


def test_a_title_and_its_unit_over_a_grid_stay_out_of_it() -> None:
    """A title at the grid's left and its unit of measure over its last column: two pieces over
    a grid of four columns, no header of it."""
    title = line("Fixtures of the Second XI where they differ Times", 73.0, 228.0, 475.0, h=8.0)
    (region,) = _shaded(None, (title, Box(288.0, 228.0, 450.0, 236.0)))
    assert region.y0 > 236.0, region


def test_a_header_with_a_heading_wrapped_onto_a_second_line_is_the_grids() -> None:
    """``Fitted during a`` over ``service``, the heading's last word alone on the row right over
    the grid's top rule, under its cell: the header is the two rows (was: no header, the first
    row left over the table as text). A line there under no cell of the row over it is none."""
    parts = [("Inner tube (any size)", "£8.00", "£15.00"), ("Mountain bike tyre", "£38.00", "£48.00")]
    inside, gaps = [], []
    for k, (name, during, alone) in enumerate(parts):
        y = 171.9 + 16.2 * k
        inside.append(line(f"{name} {during} {alone}", 67.5, y, 540.0, h=8.2))
        gaps += [Box(67.5 + 4.5 * len(name), y, 405.0, y + 8.2), Box(434.0, y, 512.0, y + 8.2)]
    head = [line("Part Fitted during a", 67.5, 144.9, 433.8, h=8.2), line("Fitted on its own", 461.1, 144.9, 539.9)]
    gaps.append(Box(86.0, 144.9, 371.0, 153.1))
    box = Box(61.7, 167.7, 545.6, 205.0)
    wrapped = line("service", 401.1, 155.7, 434.1, h=6.5)
    found, text = header_right_over(box, [*head, wrapped, *inside], inside, gaps)
    assert found.y0 <= 144.9 and text == "Part Fitted during a Fitted on its own service", (found, text)
    stray = line("service", 250.0, 155.7, 283.0, h=6.5)
    assert header_right_over(box, [*head, stray, *inside], inside, gaps) == (box, "")


def test_a_header_a_little_more_than_its_height_over_the_grid_is_the_grids() -> None:
    """A price table ruled between its rows, its header's bold line (7.3 points of glyphs) 7.5
    points over the thick rule under it (its descenders and the cell's padding): the grid's
    header (before, at most one line height over the rule was looked at; the header was lost)."""
    cells = [("Single swim", "£5.20", "£3.10"), ("Ten-swim card", "£46.00", "£27.50")]
    inside, gaps = [], []
    for k, (name, adult, junior) in enumerate(cells):
        y = 119.0 + 19.3 * k
        inside.append(line(f"{name} {adult} {junior}", 49.0, y, 546.3, h=8.5))
        gaps += [Box(49.0 + 4.8 * len(name), y, 304.0, y + 8.5), Box(327.0, y, 518.0, y + 8.5)]
    head = line("Ticket Adult Junior", 48.7, 99.2, 546.1, h=7.3)
    gaps.append(Box(76.0, 99.2, 304.0, 106.5))
    gaps.append(Box(327.0, 99.2, 520.0, 106.5))
    box = Box(47.5, 114.0, 547.8, 172.0)
    found, text = header_right_over(box, [head, *inside], inside, gaps)
    assert found.y0 <= 99.2 and text == "Ticket Adult Junior", (found, text)
