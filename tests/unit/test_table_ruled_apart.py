"""A table ruled row by row, without walls round it or a frame (a charity's person
specification: rulings under every row, across the table or across its first two columns where
a cell stands over several rows), whose long criteria and empty cells look like prose read as a
grid: its rulings tell it is a table. Before, it was dropped as a false table and its rows read
as text, its group labels as headings."""

from __future__ import annotations

from pdfcore.models import Box, Table
from pdfcore.structure.false_tables import prose_table

ROWS = (
    ("Experience", "", ""),
    ("Planning rotas, schedules or bookings in a busy", "Essential", ""),
    ("environment", "", "Application form and interview"),
    ("Working with or managing volunteers", "Essential", ""),
    ("Work in community transport, health or social care", "Desirable", "Application form"),
    ("Skills and knowledge", "", ""),
    ("Good spoken and written English, with a clear telephone manner", "Essential", "Interview"),
    ("Confident use of email, spreadsheets and booking software", "Essential", "Practical test at interview"),
    ("Good knowledge of the geography of the Dales", "Desirable", "Interview"),
    ("Understanding of safeguarding adults at risk", "Desirable", ""),
    ("Personal qualities", "", ""),
    ("Patient, calm and kind, especially when plans change at short notice", "Essential", ""),
    ("", "", "Interview and references"),
    ("Able to work on your own and as part of a small team", "Essential", ""),
    ("Committed to equality and to the aims of the charity", "Essential", ""),
    ("Other requirements", "", ""),
    ("A full driving licence and the use of a car for work", "Essential", "Documents checked at interview"),
    ("A satisfactory enhanced check by the Disclosure and Barring Service", "Essential", "Before the start date"),
)
TABLE = Table(
    header=("Criteria", "Essential or desirable", "How we will assess it"), rows=ROWS, bbox=Box(71, 265, 530, 639)
)

#: (height, right end) of each ruling under a row, as the page draws them.
RULED = (
    (265.2, 530.1), (295.8, 530.8), (312.6, 530.8), (342.0, 406.1), (358.5, 530.8), (375.1, 530.8),
    (391.9, 530.8), (421.3, 530.8), (450.7, 530.8), (467.2, 406.1), (483.8, 530.8), (500.6, 530.8),
    (530.0, 406.1), (546.6, 406.1), (563.2, 530.8), (580.0, 530.8), (609.3, 530.8), (638.7, 530.8),
)  # fmt: skip
#: The rulings between the body's columns (no walls at the table's sides).
WALLS = (Box(308.5, 312.6, 309.5, 639.4), Box(404.9, 312.6, 405.9, 639.4))


def test_a_table_ruled_row_by_row_is_no_prose() -> None:
    rules = [Box(70.1, y - 0.5, right, y + 0.5) for y, right in RULED] + list(WALLS)
    assert not prose_table(TABLE, rules)


def test_the_same_grid_without_its_rulings_reads_as_prose() -> None:
    assert prose_table(TABLE, list(WALLS))
