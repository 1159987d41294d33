"""A word broken at a line's end inside a table cell: the reader joins its halves at a soft
hyphen, and the table service keeps the hyphen when it is the word's (``well-known``) and drops it
when it was the break's (``sys-tem``), as for a word broken in the text."""

from __future__ import annotations

from adapters._table_header import dehyphenated
from adapters._table_rows import BROKEN, join_lines
from pdfcore.models import Box, HeaderCell, Table
from pdfcore.services.tables import TableService
from tests.fakes.fake_tables import FakeTableExtractor
from tests.fakes.fake_words import FakeWordList
from tests.unit.test_tables import CELLS, GRID_BOX, PROSE, SOURCE, H, W, grid, grid_text, page, prose_lines

#: Common words of English the page's prose is made of, and the parts of the words below.
COMMON = {w for line in PROSE for w in line.split()} | {"well", "known", "system", "indication", "common"}


def test_the_reader_joins_a_word_broken_at_a_lines_end_at_a_soft_hyphen() -> None:
    assert join_lines("fuel sys-", "tem failure") == f"fuel sys{BROKEN}tem failure"
    assert join_lines("Slow -", "down") == "Slow - down"  # a dash set apart is no break
    # a range, a telephone number, a section broken at their own hyphen: joined at a soft
    # hyphen too, which the service keeps (a figure on either side: no syllables)
    assert join_lines("1996-", "2000") == f"1996{BROKEN}2000"
    assert join_lines("Mob. No. +91-", "8447040077") == f"Mob. No. +91{BROKEN}8447040077"
    assert join_lines("CR, §3-", "601(b)(2)(i)") == f"CR, §3{BROKEN}601(b)(2)(i)"
    assert join_lines("-0-", "08/14/2013") == "-0- 08/14/2013"  # a nil between dashes: no break
    assert dehyphenated(["Indica-", "tion"]) == f"Indica{BROKEN}tion"


def test_a_cells_hyphen_left_hanging_before_and_is_no_break() -> None:
    """The cell is read by the text's rule: ``2-`` over ``and 4-year`` is a hyphen left hanging
    (before, the cell read ``2-and 4-year``); a hyphen (U+2010) breaks a word as ``-`` does."""
    assert join_lines("2-", "and 4-year") == "2- and 4-year"
    assert join_lines("pre-", "or post-war") == "pre- or post-war"
    assert join_lines("sys\u2010", "tem") == f"sys{BROKEN}tem"


def _read(table: Table) -> Table:
    fake = FakeTableExtractor({0: (table,)})
    # a page of English prose over the grid (the common words decide on a page in English)
    printed = page([*prose_lines(80, 8), *grid_text(100, 300, CELLS)], rules=grid(100, 300, 3, 4))
    got = TableService(fake, FakeWordList(COMMON)).read(SOURCE, printed, (Box(0, 0, W, H),), W, H)
    (out,) = got.tables
    return Table(header=out.header, rows=out.rows, bbox=GRID_BOX, header_cells=out.header_cells or ())


def test_the_service_keeps_a_compounds_hyphen_and_drops_a_breaks() -> None:
    """Before, the reader kept every hyphen in the body (``sys-tem``) and dropped every one in
    the header (``wellknown``)."""
    table = Table(
        header=("Item", f"Indica{BROKEN}tion", f"well{BROKEN}known"),
        rows=(
            ("Apples", f"fuel sys{BROKEN}tem", "12"),
            ("Pears", f"a com{BROKEN}mon rail", "7"),
            ("Plums", f"a well{BROKEN}known name", "30"),
            ("Figs", f"made in{BROKEN}house", "4"),
            ("Kiwis", f"compensa{BROKEN}", "5"),
            ("Limes", f"1996{BROKEN}2000", "6"),
            ("Dates", f"+91{BROKEN}8447040077", "8"),
        ),
        bbox=GRID_BOX,
        header_cells=(HeaderCell(f"Indica{BROKEN}tion", 0, 1), HeaderCell(f"well{BROKEN}known", 0, 2)),
    )
    out = _read(table)
    assert out.header == ("Item", "Indication", "well-known")
    # a join nobody knows keeps the hyphen as printed (``inhouse``), and so does a soft hyphen
    # the text itself holds at a cell's end
    assert [r[1] for r in out.rows] == [
        "fuel system",
        "a common rail",
        "a well-known name",
        "made in-house",
        "compensa-",
        "1996-2000",
        "+91-8447040077",
    ]
    assert all(BROKEN not in c for r in (out.header, *out.rows) for c in r)
