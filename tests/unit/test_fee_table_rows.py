"""A rule-less table of labels and two columns of figures, the last a count that goes up the
rows (`Standard  £30  3` ... `Community group  £60  8`): no table of contents, whose rows end
with a page number going up, as these do; a table's column of figures stands between."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.table_regions import candidate_regions

W, H = 595.0, 842.0
ROWS = (
    ("Standard", "£30", "3"),
    ("Concession", "£10", "3"),
    ("Household, up to four adults", "£50", "5"),
    ("Community group", "£60", "8"),
)


def line(text: str, x0: float, y0: float, x1: float, h: float = 9.5, bold: bool = False) -> TextLine:
    return TextLine(text=text, bbox=Box(x0, y0, x1, y0 + h), font_size=h, bold=bold)


def page(rows: tuple[tuple[str, str, str], ...], heading: bool = True) -> PageText:
    lines, gaps = [], []
    if heading:
        lines.append(line("Membership Annual fee Tools at a time", 63, 284, 419, bold=True))
        gaps += [Box(129, 284, 262, 293.5), Box(319, 284, 340, 293.5)]
    for k, (label, fee, count) in enumerate(rows):
        y = 304 + 20 * k
        end = 63 + 4.9 * len(label)
        lines.append(line(f"{label} {fee} {count}", 63, y, 419))
        gaps += [Box(end, y, 302, y + 9.5), Box(318, y, 414, y + 9.5)]
    return PageText(index=0, text="", lines=tuple(lines), gaps=tuple(gaps))


def test_labels_beside_a_column_of_amounts_and_a_rising_count_are_a_table() -> None:
    (region,) = candidate_regions(page(ROWS), W, H)
    assert region.y0 <= 304 and region.y1 >= 364 + 9.5


def test_titles_beside_rising_page_numbers_alone_are_contents_not_a_table() -> None:
    """The same rows without the amounts between: a table of contents (titles, page numbers
    going up), no table."""
    contents = tuple((label, "", count) for label, _, count in ROWS)
    lines, gaps = [], []
    for k, (label, _, count) in enumerate(contents):
        y = 304 + 20 * k
        lines.append(line(f"{label} {count}", 63, y, 419))
        gaps.append(Box(63 + 4.9 * len(label), y, 414, y + 9.5))
    assert candidate_regions(PageText(index=0, text="", lines=tuple(lines), gaps=tuple(gaps)), W, H) == ()
