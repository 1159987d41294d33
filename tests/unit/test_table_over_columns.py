"""A table going on from the last column of a page to the first column of the next, its header
printed again: one table, though the part on the next page stands elsewhere across the page (as
wide). Without the header printed again, a part elsewhere across the page is another table."""

from __future__ import annotations

from pdfcore.models import Box, PageText, Table
from pdfcore.services.table_breaks import continues
from tests.unit.test_tables import W, line

HEADER = ("Place", "Distance", "Good for")
FIRST = [("Kynance Cove", "12 miles", "Swimming and rock pools"), ("Lizard Point", "8 miles", "Cliff walks")]
REST = [("St Michael's Mount", "9 miles", "Causeway walk at low tide"), ("Porthleven", "3 miles", "Harbour cafes")]


def _page(index: int, rows: list[tuple[str, ...]], x0: float, y0: float, header: tuple[str, ...]) -> PageText:
    table = Table(header=header, rows=tuple(rows), bbox=Box(x0, y0, x0 + 240, y0 + 14 * (len(rows) + 1)), page=index)
    lines = [line(" ".join(r), x0, y0 + 14 * k, x0 + 240) for k, r in enumerate((header, *rows))]
    return PageText(index=index, text="", lines=tuple(lines), tables=(table,), tables_checked=True)


def test_a_table_going_on_from_the_last_column_to_the_next_pages_first_is_one() -> None:
    upper = _page(0, FIRST, 540, 500, HEADER)  # the third column of a landscape page, at its foot
    lower = _page(1, REST, 40, 60, HEADER)  # the first column of the next, the header printed again
    assert continues(upper, lower, W) is not None


def test_a_part_elsewhere_without_the_header_printed_again_is_another_table() -> None:
    upper = _page(0, FIRST, 540, 500, HEADER)
    lower = _page(1, REST, 40, 60, ("Beach", "Distance", "Parking"))
    assert continues(upper, lower, W) is None
    bare = _page(1, REST, 40, 60, ())
    assert continues(upper, bare, W) is None
