"""A table that runs over a page break is one table: linked both ways in ``tables`` (the same
on every path: the pages read together or one alone) and one table in a whole read's Markdown.
Generated statements, and a real balance sheet split over two pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import pdfcore
from pdfcore.config import load_settings
from tests import tablegen

XS = (72.0, 330.0, 420.0)
HEADER = ["Account", "2019", "2018"]


def _rows(prefix: str, n: int, start: int = 0) -> list[list[str]]:
    return [
        [f"{prefix} account {k + 1}", f"{(k + start) * 37 % 9000 + 100:,}", f"{(k + start) * 53 % 8000 + 90:,}"]
        for k in range(n)
    ]


FIRST = _rows("Asset", 44)
SECOND = _rows("Liability", 46, 44)
THIRD = _rows("Equity", 8, 90)
OTHER = [["Segment", "Units", "Share"], ["North", "1,204", "12%"], ["South", "981", "9%"], ["East", "2,310", "21%"]]


@pytest.fixture
def core(tmp_path: Path) -> Iterator[pdfcore.Pdfcore]:
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    built = pdfcore.build(load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "c")}))
    yield built
    built.close()


def _statement(path: Path) -> Path:
    """A statement over three pages, each part down to the foot of its page (the header
    printed again on the second, not on the third), then a different table after text on the
    fourth."""
    return tablegen.typeset_pages(
        path,
        [
            [("title", "Consolidated balance sheets"), ("prose", 2), ("table", (XS, [HEADER, *FIRST]))],
            [("title", "Consolidated balance sheets (continued)"), ("table", (XS, [HEADER, *SECOND]))],
            [("table", (XS, THIRD)), ("gap", 10), ("prose", 6)],
            [("prose", 5), ("table", (XS, OTHER)), ("prose", 3)],
        ],
    )


def test_a_table_over_three_pages_is_linked_both_ways(core: pdfcore.Pdfcore, tmp_path: Path) -> None:
    path = str(_statement(tmp_path / "s.pdf"))
    pages = core.read_pages(path, "1-4").pages
    parts = [p.tables for p in pages]
    assert [len(t) for t in parts] == [1, 1, 1, 1]  # type: ignore[arg-type]
    one, two, three, four = (t[0] for t in parts)  # type: ignore[index]
    assert list(one.header) == HEADER and list(two.header) == HEADER and three.header == ()
    assert (one.continued_from, one.continued_on) == (None, 2)
    assert (two.continued_from, two.continued_on) == (1, 3)
    assert (three.continued_from, three.continued_on) == (2, None)
    assert (four.continued_from, four.continued_on) == (None, None)
    # A page read alone says the same.
    core.flush()
    (alone,) = core.read_pages(path, "3").pages[0].tables  # type: ignore[misc]
    assert (alone.continued_from, alone.continued_on) == (2, None)


def test_a_whole_read_shows_a_continued_table_as_one(core: pdfcore.Pdfcore, tmp_path: Path) -> None:
    path = str(_statement(tmp_path / "s.pdf"))
    md = core.read_all(path, format="markdown").markdown or ""
    tables = [block for block in md.split("\n\n") if block.startswith("| ")]
    assert len(tables) == 2, md
    statement = tables[0].splitlines()
    assert statement[0] == "| " + " | ".join(HEADER) + " |"
    assert statement[2:] == ["| " + " | ".join(r) + " |" for r in FIRST + SECOND + THIRD]
    # Each page read alone keeps its own part.
    page2 = core.read_pages(path, "2", format="markdown").pages[0].markdown or ""
    assert "| Liability account 1 |" in page2 and "| Asset account 1 |" not in page2


def test_a_table_ending_mid_page_and_one_like_it_overleaf_are_two(core: pdfcore.Pdfcore, tmp_path: Path) -> None:
    """The same decision in ``tables`` and in the Markdown: a table that stops with room left
    under it, nothing saying it goes on, and a table of as many columns without a header at
    the top of the next page are two tables in both."""
    path = str(
        tablegen.typeset_pages(
            tmp_path / "two.pdf",
            [
                [("prose", 3), ("table", (XS, [HEADER, *FIRST[:8]]))],
                [("table", (XS, THIRD)), ("gap", 10), ("prose", 6)],
            ],
        )
    )
    (one,), (two,) = (p.tables for p in core.read_pages(path, "1-2").pages)  # type: ignore[misc]
    assert one.continued_on is None and two.continued_from is None
    md = core.read_all(path, format="markdown").markdown or ""
    tables = [block for block in md.split("\n\n") if block.startswith("| ")]
    assert len(tables) == 2, md


@pytest.mark.corpus
def test_a_balance_sheet_over_two_pages(core: pdfcore.Pdfcore, corpus: Path) -> None:
    """Inpixon's 2019 balance sheet: assets on p. 64, liabilities and equity on p. 65 under the
    title repeated "(CONTINUED)" and the header printed again; the statement's foot ("The
    accompanying notes...") on both pages. The income statement on p. 66 is another table."""
    path = str(corpus / "uda-benchmark" / "tat_docs" / "inpixon_2019.pdf")
    assets, liabilities, income = (p.tables[0] for p in core.read_pages(path, "64-66").pages)  # type: ignore[index]
    assert assets.header == liabilities.header == ("", "As of December 31, 2019", "As of December 31, 2018")
    assert (assets.continued_from, assets.continued_on) == (None, 65)
    assert (liabilities.continued_from, liabilities.continued_on) == (64, None)
    assert (income.continued_from, income.continued_on) == (None, None)
    assert ("Accounts payable", "$ 2,383", "$ 1,129") in liabilities.rows
    md = core.read_all(path, start_page=64, max_pages=2, format="markdown").markdown or ""
    (table,) = [block for block in md.split("\n\n") if block.startswith("| ")]
    lines = table.splitlines()
    assert lines[0] == "|  | As of December 31, 2019 | As of December 31, 2018 |"
    assert sum(1 for ln in lines if "As of December 31" in ln) == 1  # the repeated header dropped
    labels = [ln.split(" | ")[0] for ln in lines]
    assert labels.index("| Cash and cash equivalents") < labels.index("| Accounts payable")
