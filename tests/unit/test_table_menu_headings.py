"""A menu: headings over short tables of dishes and prices, each heading set larger than the
rows, and a rule over each section drawn as HTML typesetters draw a box's top border (a frame
filled by the even-odd rule, its other sides of no width). The headings stand between the
tables, not in them, and the border is one rule, not a box around the heading."""

from __future__ import annotations

import os
from pathlib import Path

from adapters._pdfium_objects import frame_sides
from pdfcore.models import Box, DocumentSource, Fingerprint
from pdfcore.services.table_regions import candidate_regions
from tests.pdfgen import Page, write_pdf
from tests.unit.test_tables import H, W, aligned, inside, line, page

XS = (72.0, 480.0)
DISHES = [
    ["Roasted tomato soup with basil oil", "8.50"],
    ["Caesar salad with chicken", "14.00"],
    ["Crispy calamari with lemon aioli", "11.50"],
]
MAINS = [
    ["Beef burger with cheddar and fries", "21.00"],
    ["Sea bass with new potatoes", "26.50"],
    ["Wild mushroom risotto", "19.00"],
]


def _menu(label_size: float) -> list[Box]:
    """Two sections of dishes (rows at 10 pt) under ``Starters`` and ``Mains`` (at
    ``label_size``), the second label in the blank between them."""
    a, ga = aligned(200, DISHES, XS, lead=18.0)
    b, gb = aligned(282, MAINS, XS, lead=18.0)
    labels = [line("Starters", 72, 180, 130, h=label_size), line("Mains", 72, 261, 110, h=label_size)]
    return list(candidate_regions(page([*labels, *a, *b], gaps=ga + gb), W, H))


def test_headings_set_larger_than_the_dishes_part_two_tables() -> None:
    """Before, ``Mains`` read as a section label inside one table of both sections (its rows,
    then the label as a row, then the others)."""
    regions = _menu(11.5)
    assert len(regions) == 2, regions
    upper, lower = sorted(regions, key=lambda b: b.y0)
    assert inside(Box(72, 200, 505, 246), upper) and upper.y1 < 261, upper
    assert inside(Box(72, 282, 505, 328), lower) and lower.y0 > 271, lower


def test_labels_as_large_as_the_rows_still_join_the_sections() -> None:
    """A label at the rows' own size (``Male`` over the rows of the males) is a section of one
    table, as before."""
    (region,) = _menu(10.0)
    assert inside(Box(72, 200, 505, 328), region), region


def test_a_label_as_large_as_the_column_headings_is_a_section_label() -> None:
    """Column headings at 11.5 pt over rows at 10 pt, and labels at 11.5 pt between sections:
    the labels are no larger than the table's headings, so the sections are one table."""
    head = [line("Dish Price", 72, 160, 500, h=11.5)]
    head_gaps = (Box(96, 160, 480, 171.5),)
    a, ga = aligned(200, DISHES, XS, lead=18.0)
    b, gb = aligned(282, MAINS, XS, lead=18.0)
    labels = [line("Starters", 72, 180, 130, h=11.5), line("Mains", 72, 261, 110, h=11.5)]
    regions = candidate_regions(page([*head, *labels, *a, *b], gaps=head_gaps + ga + gb), W, H)
    assert any(inside(Box(72, 200, 505, 328), r) for r in regions), regions


def _rules(path: Path, page_: Page) -> tuple[Box, ...]:
    from adapters.pdfium_text import PdfiumTextExtractor

    write_pdf(path, [page_])
    st = os.stat(path)
    source = DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "x" * 64))
    (got,) = PdfiumTextExtractor().extract(source, [0])
    return got.rules


def test_a_top_border_filled_as_a_frame_is_one_rule(tmp_path: Path) -> None:
    """Outer and inner rectangle in one path filled by the even-odd rule, sharing the bottom and
    the sides: what shows is a band 0.75 pt thick along the top, one rule (before, both
    rectangles' edges: a box around the heading, which framed the rows under it as a table)."""
    pg = Page()
    pg.ops.append("q 0.6 g 72 700 400 24 re 72 700 400 23.25 re f* Q")
    pg.text(250, 708, "Breakfast", size=12)
    rules = _rules(tmp_path / "border.pdf", pg)
    assert len(rules) == 1, rules
    (rule,) = rules
    assert abs(rule.y0 - (792 - 724)) < 0.5 and rule.height < 1.0 and rule.width > 390, rule


def test_a_frame_filled_by_the_nonzero_rule_the_same_way_round_is_a_filled_box(tmp_path: Path) -> None:
    """The same two rectangles drawn the same way round and filled by the nonzero rule paint the
    whole outer box: its edges, as before."""
    pg = Page()
    pg.ops.append("q 0.6 g 72 700 400 24 re 72 700 400 23.25 re f Q")
    rules = _rules(tmp_path / "filled.pdf", pg)
    assert len(rules) >= 4, rules


def test_frame_sides() -> None:
    outer, inner = Box(0, 0, 100, 50), Box(1, 1, 99, 49)
    sides = frame_sides([(outer, 5000.0), (inner, 4704.0)], True)
    assert sorted((b.x0, b.y0, b.x1, b.y1) for b in sides) == sorted(
        [(0, 0, 100, 1), (0, 49, 100, 50), (0, 1, 1, 49), (99, 1, 100, 49)]
    )
    # the inner one running the other way round cuts it out under the nonzero rule too
    assert len(frame_sides([(outer, 5000.0), (inner, -4704.0)], False)) == 4
    # the same way round under the nonzero rule: both rectangles as they are
    assert frame_sides([(outer, 5000.0), (inner, 4704.0)], False) == [outer, inner]
    # two rectangles side by side: as they are
    side = Box(200, 0, 300, 50)
    assert frame_sides([(outer, 5000.0), (side, 5000.0)], True) == [outer, side]


def test_a_title_set_larger_than_the_table_stops_its_headings() -> None:
    """A line of signatures set as three pieces over a title set larger than the table, over the
    table's column headings: the headings are the table's, the title and the line over it are
    not (before, the line of three pieces read as the first row of the table's headings, the
    title with it)."""
    sig, g_sig = aligned(150, [["Legal representative: Su", "Accountant: Xiao", "Head: Qian"]], (72.0, 250.0, 420.0))
    title = [line("2. Balance sheet of the parent", 200, 166, 380, h=12.5)]
    cells = [["Item", "Closing", "Opening"], ["Cash", "23,182.19", "20,119.58"], ["Other", "403,995.85", "363,531.99"]]
    cells += [["Receivables", "497,804.72", "497,804.72"], ["Prepayments", "1,668,168.36", "1,668,168.36"]]
    body, g_body = aligned(
        186,
        cells,
        (72.0, 300.0, 440.0),
        lead=16.0,
    )
    regions = candidate_regions(page([*sig, *title, *body], gaps=g_sig + g_body), W, H)
    table = [r for r in regions if inside(Box(72, 190, 500, 250), r)]
    assert table and table[0].y0 > 176, regions
