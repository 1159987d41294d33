"""A table ruled between its rows, its totals row under the last rule with no rule under it and
its label under the second column (the date cell left empty), a grid with walls further down
the page: the totals row is the table's last. The walls of a grid lower on the page said the
table walled its columns, which rules every row, and the row starting at a cell of the table,
not where a line starts, was taken for text under it."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.table_regions import candidate_regions

W, H = 612.0, 792.0
ROWS = [
    ("22 Aug 2025", "Regular contribution, August 2025", "£182.40", "£532.00"),
    ("25 Sep 2025", "Regular contribution, September 2025", "£182.40", "£532.00"),
    ("24 Oct 2025", "Regular contribution, October 2025", "£189.60", "£553.00"),
    ("25 Nov 2025", "Regular contribution, November 2025", "£189.60", "£553.00"),
    ("19 Dec 2025", "Regular contribution, December 2025", "£189.60", "£553.00"),
]
XS = (67.0, 139.0, 400.0, 500.0)


def _line(cells: tuple[str, ...], y: float, xs: tuple[float, ...]) -> tuple[TextLine, list[Box]]:
    ends = [x + 5.0 * len(c) for x, c in zip(xs, cells, strict=True)]
    gaps = [Box(round(e, 1), y, x, y + 8.3) for e, x in zip(ends, xs[1:], strict=False)]
    return TextLine(text=" ".join(cells), bbox=Box(xs[0], y, ends[-1], y + 8.3), font_size=8), gaps


def _page(walls_below: bool) -> PageText:
    lines, gaps, rules = [], [], []
    head, g = _line(("Date", "Description", "Paid", "Total"), 73.0, XS)
    lines.append(head)
    gaps += g
    for k, row in enumerate(ROWS):
        y = 90.0 + 17 * k
        rules.append(Box(62.4, y - 3.5, 544.8, y - 3.0))
        ln, g = _line(row, y, XS)
        lines.append(ln)
        gaps += g
    rules.append(Box(62.4, 90.0 + 17 * len(ROWS) - 3.5, 544.8, 90.0 + 17 * len(ROWS) - 3.0))
    total, g = _line(("Total for the year", "£941.20", "£2,723.00"), 90.0 + 17 * len(ROWS), XS[1:])
    lines.append(total)
    gaps += g
    lines.append(TextLine(text="How your pot is invested", bbox=Box(63.8, 230, 239, 240), font_size=11))
    if walls_below:  # a framed grid lower on the page
        rules += [Box(62.1, 600.8, 545.2, 602.0), Box(62.1, 685.4, 545.2, 686.6)]
        rules += [Box(x, 600.8, x + 1.2, 686.6) for x in (62.1, 240.4, 336.8, 544.0)]
        lines += [TextLine(text="Age Pot", bbox=Box(67, 610, 300, 618), font_size=8)]
    return PageText(index=0, text="", lines=tuple(lines), rules=tuple(rules), gaps=tuple(gaps))


def test_a_totals_row_under_the_last_rule_is_the_tables_last() -> None:
    for walls_below in (False, True):
        regions = candidate_regions(_page(walls_below), W, H)
        top = next(r for r in regions if r.y0 < 100)
        assert top.y1 >= 90.0 + 17 * len(ROWS) + 8.3, (walls_below, regions)
        assert top.y1 < 230
