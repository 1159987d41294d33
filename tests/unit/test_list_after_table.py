"""A run of aligned rows that goes on under a table into a list (``Regular window cleaning
includes:`` over ``(a) the glass of all windows ...``, ``(b) ...``) ends over the list: its
items are no rows of the table. Before, a window cleaner's quote read the list as the price
table's last rows."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.list_runs import over_items


def _line(text: str, x0: float, y0: float, x1: float) -> TextLine:
    return TextLine(text=text, bbox=Box(x0, y0, x1, y0 + 9.0), font_size=9.0)


def _table() -> tuple[list[TextLine], list[Box]]:
    lines, gaps = [], []
    for k, (service, often, price) in enumerate(
        [
            ("Outside of all windows", "Every 4 weeks", "£28.00"),
            ("Conservatory roof", "Every 12 weeks", "£45.00"),
            ("Garage doors", "Every 4 weeks", "£6.00"),
        ]
    ):
        y = 100.0 + 20 * k
        lines += [_line(service, 66, y, 200), _line(often, 340, y, 400), _line(price, 490, y, 527)]
        gaps += [Box(200, y, 340, y + 9), Box(400, y, 490, y + 9)]
    return lines, gaps


def test_a_list_under_the_rows_is_cut_off_the_run() -> None:
    lines, gaps = _table()
    tail = [
        _line("Regular window cleaning includes:", 66, 170, 230),
        _line("(a) the glass of all windows and glazed doors;", 66, 186, 300),
        _line("(b) the window frames and sills;", 66, 200, 250),
        _line("(c) the glass in the front porch.", 66, 214, 252),
    ]
    gaps += [Box(80, 186 + 14 * k, 88, 195 + 14 * k) for k in range(3)]  # after each marker
    run = Box(66, 100, 527, 223)
    cut = over_items(run, [*lines, *tail], gaps)
    assert cut.y1 < 170 and cut.y1 >= 149, cut


def test_rows_of_cells_at_the_foot_stay_the_run_s() -> None:
    lines, gaps = _table()
    run = Box(66, 100, 527, 149)
    assert over_items(run, lines, gaps) == run
