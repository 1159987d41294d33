"""A note at the foot of a page that a table fills, set in the table's size (smaller than the
page's text outside the table), its mark raised on a line of its own (``1`` beside ``Shop
opening hours vary ...``), is no text between the table and its part on the next page: the
table goes on. Before, the page's usual size was the table's, and the bare mark read as a page
number, so the note was text under the table and the two parts stayed two tables."""

from __future__ import annotations

from pdfcore.models import Box, PageText, Table, TextLine
from pdfcore.services.table_breaks import continues

HEADER = ("Water", "Type", "Pegs")
ROWS = [(f"Water {k}", "River", f"{10 + k}") for k in range(12)]
W = 595.0


def _line(text: str, x0: float, y0: float, x1: float, size: float) -> TextLine:
    return TextLine(text=text, bbox=Box(x0, y0, x1, y0 + size), font_size=size)


def _upper(mark_alone: bool) -> tuple[PageText, Table]:
    table = Table(header=HEADER, rows=tuple(ROWS), bbox=Box(54, 300, 541, 755), page=0)
    lines = [
        _line("Our Waters", 54, 250, 200, 14.0),
        _line("The club controls nine waters around here.", 54, 275, 400, 9.5),
    ]
    lines += [_line(" ".join(r), 59, 320 + 35 * k, 500, 8.6) for k, r in enumerate(ROWS)]
    if mark_alone:
        lines += [
            _line("1", 54.8, 788.5, 56.9, 6.0),
            _line("Shop opening hours vary in winter.", 60.1, 790.3, 345.0, 7.2),
        ]
    else:
        lines += [_line("Shop opening hours vary in winter.", 60.1, 790.3, 345.0, 7.2)]
    return PageText(index=0, text="", lines=tuple(lines), tables=(table,), tables_checked=True), table


def _lower() -> tuple[PageText, Table]:
    table = Table(header=HEADER, rows=tuple(ROWS[:3]), bbox=Box(54, 60, 541, 126), page=1)
    lines = [_line(" ".join(r), 59, 70 + 20 * k, 500, 8.6) for k, r in enumerate(ROWS[:3])]
    return PageText(index=1, text="", lines=tuple(lines), tables=(table,), tables_checked=True), table


def test_a_note_beside_its_raised_mark_under_a_full_table_lets_it_go_on() -> None:
    (upper, first), (lower, second) = _upper(mark_alone=True), _lower()
    assert continues(upper, lower, W) == (first, second)


def test_a_line_with_no_mark_under_the_table_is_text_between() -> None:
    (upper, _), (lower, _) = _upper(mark_alone=False), _lower()
    assert continues(upper, lower, W) is None
