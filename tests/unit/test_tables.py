"""Tables in the domain: candidate regions from page evidence, clean-up, the service on a fake."""

from __future__ import annotations

import pytest

from pdfcore.errors import ExtractionFailed, PasswordRequired, ResourceLimit
from pdfcore.models import Box, Clip, DocumentSource, Fingerprint, PageText, Table, TextBlock, TextLine
from pdfcore.services.tables import (
    TableService,
    candidate_regions,
    clean_tables,
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


def test_lines_inside_blocks_are_used_too() -> None:
    rules = grid(100, 300, 3, 4)
    p = page(grid_text(100, 300, CELLS), rules=rules, in_blocks=True)
    assert len(candidate_regions(p, W, H)) == 1


def test_a_frame_around_text_is_not_a_grid() -> None:
    frame = (Box(60, 90, 552, 90.5), Box(60, 390, 552, 390.5), Box(60, 90, 60.5, 390), Box(552, 90, 552.5, 390))
    assert candidate_regions(page(prose_lines(100, 20), rules=frame), W, H) == ()


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


def test_document_errors_escape() -> None:
    fake = FakeTableExtractor(fail=PasswordRequired("needs a password"))
    with pytest.raises(PasswordRequired):
        TableService(fake).page_tables(SOURCE, ruled_page(), W, H)


def test_a_line_of_dots_and_figures_is_read_at_once() -> None:
    """Dot leaders followed by a long run of dotted figures (a line the dot-leader pattern once
    backtracked on for minutes) are judged without backtracking."""
    from pdfcore.services.tables import _LED

    line = "Total . . . " + "1.1." * 40 + " x"
    assert _LED.search(line) is None
    assert _LED.search("Revenue . . . . . . 2,014,908 1,900 —") is not None
