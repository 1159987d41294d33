"""Lines of labels and their values set in two columns (``Order deadline:`` then ``Friday 13
June 2025`` at a tab), in a shaded box whose cells' edges read as rules, or bare: a form's
particulars, read as lines of text, no table. A third column, or rows whose first cells are
no labels, keep the table; so does a heading over the box's lines."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.key_values import below_particulars, key_value_run
from pdfcore.services.table_regions import candidate_regions, page_lines
from pdfcore.services.text_runs import text_regions

VALUE_X = 163.0
ROWS = (
    ("Order deadline:", "Friday 13 June 2025"),
    ("Kit collection:", "Saturday 9 August 2025, 9.00 am to 12 noon, at the clubhouse"),
    ("Kit secretary:", "Gemma Houlihan, 07812 440 193"),
)


def _page(rows: tuple[tuple[str, ...], ...], *, boxed: bool, heading: str = "", value_x: float = VALUE_X) -> PageText:
    lines: list[TextLine] = []
    gaps: list[Box] = []
    y = 153.0
    if heading:
        lines.append(TextLine(heading, Box(55.0, y, 160.0, y + 10.0), 10.0, bold=True))
        y += 17.0
    for row in rows:
        label, rest = row[0], row[1:]
        end = 55.0 + 4.6 * len(label)
        x = value_x
        text = label
        right = end
        for cell in rest:
            gaps.append(Box(right, y, x, y + 10.0))
            text += " " + cell
            right = x + 4.6 * len(cell)
            x = right + 40.0
        lines.append(TextLine(text, Box(55.0, y, right, y + 10.0), 10.0))
        y += 17.0
    rules: list[Box] = []
    if boxed:  # a shaded cell per label and per value: their edges
        top, bottom = 149.0, y
        rules += [Box(51.0, top, 544.0, top), Box(51.0, bottom, 544.0, bottom)]
        rules += [Box(x, top, x, bottom) for x in (51.0, 153.0, 544.0)]
        rules += [Box(51.0, 149.0 + 17.0 * k, 544.0, 149.0 + 17.0 * k) for k in range(1, len(rows))]
    prose = "Our new kit has been designed with the help of the under-12s and is made by a local firm."
    lines.append(TextLine(prose, Box(55.0, y + 20.0, 530.0, y + 30.0), 10.0))
    return PageText(index=0, text="", lines=tuple(lines), gaps=tuple(gaps), rules=tuple(rules))


def test_labels_and_values_in_a_box_are_no_table() -> None:
    assert candidate_regions(_page(ROWS, boxed=True), 595.0, 842.0) == ()


def test_labels_and_values_set_bare_are_no_table() -> None:
    assert candidate_regions(_page(ROWS, boxed=False), 595.0, 842.0) == ()


def test_a_third_column_keeps_the_table() -> None:
    rows = tuple((*row, "S2MNCE01") for row in ROWS)
    page = _page(rows, boxed=False)
    run = Box(50.0, 150.0, 545.0, 210.0)
    assert not key_value_run(run, page.lines, page.gaps)


def test_rows_whose_first_cells_are_no_labels_keep_the_table() -> None:
    rows = tuple((label.rstrip(":"), value) for label, value in ROWS)
    page = _page(rows, boxed=True)
    assert not key_value_run(Box(50.0, 150.0, 545.0, 210.0), page.lines, page.gaps)
    assert candidate_regions(page, 595.0, 842.0) != ()


def test_a_heading_over_the_box_s_lines_is_the_box_s() -> None:
    page = _page(ROWS, boxed=False, heading="OPENING HOURS")
    assert key_value_run(Box(50.0, 150.0, 545.0, 230.0), page.lines, page.gaps)


def test_a_form_s_fields_two_a_line_are_no_table() -> None:
    """Labels over answer lines, two a line (``Entry type, for example Adult 5K:`` beside
    ``Fee enclosed: £``)."""
    fields = (
        ("Postcode:", "Date of birth:"),
        ("Telephone:", "Email:"),
        ("Entry type, for example Adult 5K:", "Fee enclosed: £"),
        ("Running club, if any:", "T-shirt size:"),
    )
    page = _page(fields, boxed=False, value_x=300.0)
    assert text_regions(page_lines(page), page.gaps)  # (aligned: a run of two columns)
    assert candidate_regions(page, 595.0, 842.0) == ()


def test_a_form_s_fields_over_its_table_of_items_are_no_rows_of_it() -> None:
    fields = (("Age group for season 2025/26:", "Team:"), ("Parent or guardian:",), ("Telephone:", "Email:"))
    page = _page(fields, boxed=False, value_x=300.0)
    grid = Box(51.0, 220.0, 544.0, 470.0)
    run = Box(54.0, 153.0, 538.0, 441.0)
    assert below_particulars(run, [grid], page.lines, page.gaps) == Box(54.0, 220.0, 538.0, 441.0)
    rows = (("Item", "Size"), ("Home shirt", "£22.00"), ("Away shirt", "£22.00"))  # no labels
    page = _page(rows, boxed=False, value_x=300.0)
    assert below_particulars(run, [grid], page.lines, page.gaps) == run
