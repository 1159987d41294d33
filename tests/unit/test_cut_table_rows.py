"""A line the table's box cuts through, its middle outside the box, whose every word the table's
cells hold: the table reader took it, so it is the table's, not read a second time after the
table. A line the box cuts whose words the cells do not all hold stays text."""

from __future__ import annotations

from pdfcore.models import Box, Table
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _read(last: str) -> list[str]:
    rows = [
        *para(LOREM, 60),
        ln("Year Sales", 130),
        ln("2020 10", 142),
        ln(last, 154),
        *para(["After the table comes more text that closes the page."], 190),
    ]
    table = Table(header=("Year", "Sales"), rows=(("2020", "10"), ("2021", "12")), bbox=Box(70, 128, 300, 156))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    return md.split("\n\n")


def test_a_line_the_tables_edge_cuts_is_the_tables_when_it_holds_its_words() -> None:
    assert _read("2021 12") == [
        " ".join(LOREM),
        "| Year | Sales |\n| --- | --- |\n| 2020 | 10 |\n| 2021 | 12 |",
        "After the table comes more text that closes the page.",
    ]


def test_a_line_the_tables_edge_cuts_stays_text_when_the_table_lacks_a_word() -> None:
    parts = _read("2021 12 revised")
    assert "2021 12 revised" in parts


def test_a_line_right_under_the_tables_edge_is_the_tables_when_it_holds_its_words() -> None:
    """Its top a point under the box's edge: the reader took the glyphs reaching into the box
    (their boxes stand taller than the letters)."""
    rows = [
        *para(LOREM, 60),
        ln("Year Sales", 130),
        ln("2020 10", 142),
        ln("2021 12", 155),
        *para(["After the table comes more text that closes the page."], 190),
    ]
    table = Table(header=("Year", "Sales"), rows=(("2020", "10"), ("2021", "12")), bbox=Box(70, 128, 300, 154))
    (md,) = markdown([page(rows, tables=(table,), tables_checked=True)])
    assert "\n\n2021 12\n\n" not in md and "| 2021 | 12 |" in md
