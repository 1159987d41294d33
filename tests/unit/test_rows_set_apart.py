"""A recipe's particulars (``Serves:`` then ``4`` at a tab, rows set close together in a shaded
box), then, set well apart under them, ``INGREDIENTS`` and ``METHOD`` heading two columns of
lists: the particulars are lines of text, the lists lists. The row of headings leaves only a
sliver of the particulars' column gap blank, so it starts something else; and the rows of a run
found right over a run are no headings of it."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.table_regions import candidate_regions, page_lines
from pdfcore.services.text_runs import text_regions

PARTICULARS = (
    ("Serves:", "4"),
    ("Preparation:", "15 minutes"),
    ("Cooking:", "30 minutes"),
    ("Suitable for:", "vegetarians; not suitable for freezing"),
)
LISTS = (
    ("• 30 g butter", "1. Melt the butter in a large pan, add the leeks"),
    ("• 3 leeks, trimmed, washed and sliced", "and a pinch of salt, cover and cook over a low"),
    ("• 400 g floury potatoes, such as Maris Piper,", "heat for 10 minutes, stirring now and then. Do"),
)


def _line(text: str, x: float, y: float, *, bold: bool = False) -> TextLine:
    width = (7.1 if bold else 4.5) * len(text)  # (headings in bold capitals)
    return TextLine(text, Box(x, y, x + width, y + 9.0), 9.0, bold=bold)


def _page(apart: float) -> PageText:
    lines: list[TextLine] = []
    gaps: list[Box] = []
    y = 598.0
    for label, value in PARTICULARS:
        end = 66.0 + 4.5 * len(label)
        lines.append(TextLine(f"{label} {value}", Box(66.0, y, 144.0 + 4.5 * len(value), y + 9.0), 9.0))
        gaps.append(Box(end, y, 144.0, y + 9.0))
        y += 11.0
    y += apart
    lines += [_line("INGREDIENTS", 57.0, y, bold=True), _line("METHOD", 311.0, y, bold=True)]
    for left, right in LISTS:
        y += 13.0
        lines += [_line(left, 58.0, y), _line(right, 311.0 if right[0].isdigit() else 324.0, y)]
    return PageText(index=0, text="", lines=tuple(lines), gaps=tuple(gaps))


def test_particulars_then_headings_of_two_lists_set_apart_are_no_table() -> None:
    page = _page(apart=12.0)
    regions = text_regions(page_lines(page), page.gaps)
    assert not any(r.y0 < 640.0 < r.y1 or (r.y0 < 620.0 and r.y1 > 650.0) for r in regions), regions
    assert candidate_regions(page, 595.0, 842.0) == ()


def test_a_table_s_groups_set_apart_in_its_columns_stay_one_table() -> None:
    # rows in groups with a blank line between them, every row in the same columns: one run
    lines: list[TextLine] = []
    gaps: list[Box] = []
    y = 200.0
    for group in range(2):
        for k in range(3):
            label, amount = f"Item {group}{k} of the group", f"{12 + k}.50"
            lines.append(TextLine(f"{label} {amount}", Box(60.0, y, 400.0, y + 9.0), 9.0))
            gaps.append(Box(60.0 + 4.5 * len(label), y, 380.0, y + 9.0))
            y += 11.0
        y += 12.0
    page = PageText(index=0, text="", lines=tuple(lines), gaps=tuple(gaps))
    regions = text_regions(page_lines(page), page.gaps)
    assert len(regions) == 1 and regions[0].y0 <= 200.0 and regions[0].y1 >= y - 24.0, regions


def test_the_rows_of_a_run_right_over_a_run_are_no_headings_of_it() -> None:
    # the particulars' run ends where the lists' headings start; the lists' run (found too,
    # headings and two rows of cells) takes none of the particulars as its headings
    page = _page(apart=12.0)
    regions = text_regions(page_lines(page), page.gaps)
    assert all(r.y0 >= 650.0 or r.y1 <= 641.0 for r in regions), regions
