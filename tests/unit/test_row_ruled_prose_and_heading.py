"""A price table ruled between its rows only, between two sections each ruled under its heading
(the rules as wide as the table's): the paragraph under the first heading, right over the
table's header (no rule between them), and the next section's heading, set in bold at the
size of the rows, over its rule, are no rows of the table. Before, the heading's rule at the
top and the next heading's at the foot took both in: the paragraph's last line read as part of
the header, the heading as the last row. And a rule-less table's last cell wrapped onto a line
under the last row (``... (closed Christmas Day, Boxing`` over ``Day and Easter Sunday)``) is
the table's."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.table_regions import candidate_regions

W, H = 595.0, 842.0
X0, X1 = 56.0, 539.0
PRICES = [
    ("Travel health consultation (refunded if vaccines are bought)", "£15.00"),
    ("Hepatitis A vaccine, per dose", "£55.00"),
    ("Typhoid vaccine", "£40.00"),
    ("Chickenpox vaccine, per dose", "£70.00"),
    ("Malaria prevention tablets", "from £25.00"),
    ("Ear wax removal (microsuction, both ears)", "£50.00"),
    ("Hay fever injection-free treatment plan", "£20.00"),
    ("Private flu vaccination", "£17.99"),
]


def _row(cells: tuple[str, str], y: float, *, bold: bool = False) -> tuple[TextLine, Box]:
    end = 62.0 + 5.0 * len(cells[0])
    price = 533.0 - 5.0 * len(cells[1])
    line = TextLine(" ".join(cells), Box(62.0, y, 533.0, y + 10.0), 10.0, bold=bold)
    return line, Box(end, y, price, y + 10.0)


def test_the_paragraph_over_the_header_and_the_next_heading_are_no_rows() -> None:
    lines = [
        TextLine("PRIVATE SERVICES", Box(58.0, 51.0, 206.0, 62.0), 14.0, bold=True),
        TextLine(
            "These services are not available on the NHS and are charged as shown. Prices include",
            Box(57.0, 72.0, 534.0, 82.0),
            10.0,
        ),
        TextLine("the consultation with the pharmacist.", Box(57.0, 88.0, 261.0, 98.0), 10.0),
    ]
    rules = [Box(X0, 64.0, X1, 65.0)]  # the first heading's rule
    head, gap = _row(("Service", "Price"), 112.0, bold=True)
    lines.append(head)
    gaps = [gap]
    y = 128.0
    for cells in PRICES:
        rules.append(Box(X0, y - 4.0, X1, y - 3.0))
        row, gap = _row(cells, y)
        lines.append(row)
        gaps.append(gap)
        y += 16.5
    rules.append(Box(X0, y - 4.0, X1, y - 3.0))
    lines.append(TextLine("ACCESSIBILITY", Box(57.0, y + 10.0, 176.0, y + 21.0), 14.0, bold=True))
    rules.append(Box(X0, y + 24.0, X1, y + 26.0))  # the next heading's rule
    lines.append(TextLine("The pharmacy has step-free access.", Box(57.0, y + 32.0, 400.0, y + 42.0), 10.0))
    page = PageText(index=0, text="", lines=tuple(lines), rules=tuple(rules), gaps=tuple(gaps))
    (region,) = candidate_regions(page, W, H)
    assert 98.0 < region.y0 <= 112.0, region  # the header in, the paragraph out
    assert region.y1 < y + 10.0, region  # the heading out


def test_a_last_cell_wrapped_under_the_last_row_is_the_tables() -> None:
    hours = [
        ("Day", "Hours"),
        ("Monday to Friday", "8.30 am to 7.00 pm"),
        ("Saturday", "9.00 am to 5.30 pm"),
        ("Sunday", "10.00 am to 1.00 pm"),
        ("Bank holidays", "10.00 am to 1.00 pm (closed Christmas Day, Boxing"),
    ]
    lines, gaps = [], []
    for k, (day, time) in enumerate(hours):
        y = 250.0 + 15.5 * k
        right = 251.0 + 5.8 * len(time)
        lines.append(TextLine(f"{day} {time}", Box(58.0, y, right, y + 10.0), 10.0, bold=k == 0))
        gaps.append(Box(58.0 + 5.0 * len(day), y, 251.0, y + 10.0))
    lines.append(TextLine("Day and Easter Sunday)", Box(251.0, 327.0, 382.0, 337.0), 10.0))
    lines.append(
        TextLine(
            "The pharmacist takes a lunch break between 1.00 pm and 1.30 pm.", Box(57.0, 351.0, 509.0, 361.0), 10.0
        )
    )
    page = PageText(index=0, text="", lines=tuple(lines), gaps=tuple(gaps))
    (region,) = candidate_regions(page, W, H)
    assert 337.0 <= region.y1 < 351.0, region


def test_a_section_of_many_rows_between_two_headings_rules_ends_the_table() -> None:
    # a table ruled between its rows, then a heading over its rule, two columns of lists under
    # it (twenty rows) and the next heading's rule: the table is its header and rows only
    rules = [Box(X0, 66.0, X1, 69.0)]
    lines: list[TextLine] = []
    gaps: list[Box] = []
    head, gap = _row(("Bank holiday", "Revised collection"), 73.0, bold=True)
    lines.append(head)
    gaps.append(gap)
    y = 91.0
    for day in ("Monday 5 May 2025", "Monday 26 May 2025", "Monday 25 August 2025", "Christmas week"):
        rules.append(Box(X0, y - 5.0, X1, y - 4.0))
        row, gap = _row((day, "Wednesday 7 May"), y)
        lines.append(row)
        gaps.append(gap)
        y += 18.5
    rules.append(Box(X0, y - 5.0, X1, y - 4.0))
    lines.append(TextLine("WHAT GOES IN WHICH BIN", Box(57.0, y + 20.0, 213.0, y + 29.0), 10.0, bold=True))
    rules.append(Box(X0, y + 32.0, X1, y + 35.0))  # the heading's rule
    for k in range(20):
        ly = y + 45.0 + 14.5 * k
        lines.append(TextLine(f"– item {k} of the blue bin's list", Box(69.0, ly, 280.0, ly + 9.0), 10.0))
        lines.append(TextLine(f"– item {k} of the black bin's list", Box(310.0, ly, 520.0, ly + 9.0), 10.0))
    foot = y + 45.0 + 14.5 * 20
    rules.append(Box(X0, foot + 5.0, X1, foot + 7.0))  # the next heading's rule
    lines.append(TextLine("MISSED COLLECTIONS", Box(57.0, foot - 12.0 + 30.0, 200.0, foot + 27.0), 10.0, bold=True))
    page = PageText(index=0, text="", lines=tuple(lines), rules=tuple(rules), gaps=tuple(gaps))
    regions = candidate_regions(page, W, H)
    assert regions and regions[0].y0 < 73.0 and regions[0].y1 < y + 20.0, regions
