"""Items of a list leading into a table ("– the name of the crop and the variety;" over its
header), each with one blank, right after its dash: the text-alignment search lines their text
up with the table's columns, but the table's region starts under them."""

from __future__ import annotations

import itertools

from pdfcore.models import Box, TextLine
from pdfcore.services.table_regions import candidate_regions
from tests.unit.test_tables import H, W, line, page, prose_lines

#: The table's columns: each cell's left and right edge.
COLUMNS = [(67.0, 120.0), (210.0, 250.0), (300.0, 340.0), (400.0, 440.0), (480.0, 540.0)]
HEADER = ["Crop", "Depth (cm)", "In the row", "Between", "Days to sprout"]
BODY = [
    ["Beetroot", "2.5", "10", "30", "10-14"],
    ["Carrot", "1", "5", "15", "14-21"],
    ["Lettuce", "1", "25", "30", "7-10"],
    ["Parsnip", "1.5", "15", "30", "21-28"],
    ["Radish", "1", "3", "15", "4-7"],
    ["Spinach", "2", "15", "30", "7-14"],
]
ITEMS = ["the name of the crop and the variety;", "the date of sowing, so that you can tell when to expect them."]


def _row(cells: list[str], y0: float) -> tuple[TextLine, list[Box]]:
    """A row of the table: its first cell set flush left, the others flush right (5 points a
    character), a blank between each two."""
    spans = [(COLUMNS[0][0], COLUMNS[0][0] + 5 * len(cells[0]))]
    spans += [(right - 5 * len(c), right) for (_, right), c in zip(COLUMNS[1:], cells[1:], strict=True)]
    gaps = [Box(a[1], y0, b[0], y0 + 10.0) for a, b in itertools.pairwise(spans)]
    return line(" ".join(cells), spans[0][0], y0, spans[-1][1]), gaps


def _page(items: bool) -> tuple[list[TextLine], tuple[Box, ...]]:
    lines = prose_lines(100, 6)
    gaps: list[Box] = []
    top = 200.0
    if items:
        for k, text in enumerate(ITEMS):
            y0 = 190.0 + 15 * k
            lines.append(line(f"\u2013 {text}", 79.0, y0, 95.0 + 4.5 * len(text)))
            gaps.append(Box(84.0, y0, 95.0, y0 + 10.0))
        top = 230.0
    for k, cells in enumerate([HEADER, *BODY]):
        ln, row_gaps = _row(cells, top + 17 * k)
        lines.append(ln)
        gaps.extend(row_gaps)
    return lines, tuple(gaps)


def test_items_of_a_list_over_a_table_stay_out_of_its_region() -> None:
    lines, gaps = _page(items=True)
    regions = candidate_regions(page(lines, gaps=gaps), W, H)
    assert len(regions) == 1, regions
    assert 225.0 <= regions[0].y0 <= 230.0 and regions[0].y1 >= 230.0 + 17 * len(BODY) + 10, regions


def test_a_table_without_items_over_it_keeps_its_first_row() -> None:
    lines, gaps = _page(items=False)
    regions = candidate_regions(page(lines, gaps=gaps), W, H)
    assert len(regions) == 1 and regions[0].y0 <= 200.0, regions


def test_items_over_items_whose_marks_read_as_letters_are_left_as_they_are() -> None:
    """A bullet's item over items whose bullets read as the letter ``o``, one blank in each right
    after it (a company's report): no table's rows under the item, so the run is not cut under
    it (its rows would read as a table of two columns, the marks and the items)."""

    def at(text: str, x0: float, y0: float, x1: float, y1: float) -> TextLine:
        return TextLine(text=text, bbox=Box(x0, y0, x1, y1), font_size=9.0)

    lines = [
        *prose_lines(100, 6),
        at("well as the following highlights:", 72.2, 270.0, 200.6, 279.0),
        at("\u2022 According to IRI:", 90.5, 293.0, 178.2, 302.0),
        at(
            "o Dairy is up 11% on a dollar basis for the Total U.S. MULO for the year-to-date 2020 period ended",
            126.3,
            305.3,
            541.1,
            314.3,
        ),
        at("March 22, 2020", 144.2, 316.8, 207.5, 325.0),
        at(
            "o Social Chatter is increasingly focused on self-care with a 438% Surge vs. the average in mentions",
            126.3,
            328.3,
            537.7,
            337.3,
        ),
        at("as U.S. COVID-19 confirmed cases increase", 144.4, 339.8, 322.5, 346.8),
        at(
            "o In the 52 weeks ended March 8, 2020, the total supplement market was up more than 6%. For the",
            126.3,
            351.3,
            536.3,
            360.3,
        ),
        at(
            "scale, sales growth for overall dietary supplements skyrocketed to more than 35%",
            144.6,
            362.8,
            469.7,
            371.8,
        ),
    ]
    gaps = tuple(
        Box(x0, y0, x1, y0 + 9.0)
        for x0, y0, x1 in [(94.1, 293.0, 108.2), (130.8, 305.3, 144.2), (130.8, 328.3, 144.5), (130.8, 351.3, 144.2)]
    )
    regions = candidate_regions(page(lines, gaps=gaps), W, H)
    assert all(r.y0 <= 293.0 for r in regions), regions
