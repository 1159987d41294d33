"""Tables of real documents read as a reader transcribes them: financial statements (dot
leaders, wrapped labels, signs and parentheses, headers over column groups), papers' tables,
a table printed sideways, fake-bold text, and a chart that is not a table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pdfcore.results import TableOut
from tests.tableread import page_tables

pytestmark = pytest.mark.corpus

ADI = "uda-benchmark/fin_docs/ADI_2009.pdf"
LIFEWAY = "uda-benchmark/tat_docs/lifeway-foods-inc_2019.pdf"
PAPER = "uda-benchmark/paper_docs/1801.05147.pdf"
NICS = "pdfplumber/pdfs/nics-background-checks-2015-11.pdf"


def _tables(corpus: Path, name: str, page: int) -> tuple[TableOut, ...]:
    return page_tables(corpus / name, page - 1)


def _row(table: TableOut, label: str) -> tuple[str, ...]:
    return next(r for r in table.rows if r[0] == label)


def _cells(table: TableOut) -> list[str]:
    return [c for r in (table.header, *table.rows) for c in r]


def test_income_statement_is_one_table_without_leader_columns(corpus: Path) -> None:
    (t,) = _tables(corpus, ADI, 50)
    assert t.header == ("(thousands, except per share amounts)", "2009", "2008", "2007")
    assert _row(t, "Product revenue") == ("Product revenue", "$2,014,908", "$2,582,931", "$2,429,721")
    assert _row(t, "Other, net") == ("Other, net", "(1,100)", "(36)", "(15,727)")
    # A label wrapped over two lines is one cell; the footnote's rows stay in the statement.
    assert _row(t, "Income from continuing operations before income taxes and minority interest")[1] == "297,444"
    assert _row(t, "Selling, marketing, general and administrative")[3] == "27,329"
    assert not any(c == "." or ". ." in c for c in _cells(t))
    assert t.page == 50 and not t.low_confidence


def test_balance_sheet_is_found(corpus: Path) -> None:
    (t,) = _tables(corpus, ADI, 51)
    assert t.header == ("(thousands, except per share amounts)", "2009", "2008")
    assert _row(t, "Total current assets") == ("Total current assets", "2,490,636", "2,089,577")
    assert _row(t, "Total shareholders’ equity")[1:] == ("2,529,149", "2,420,263")
    assert len(t.rows) >= 50


def test_comprehensive_income_has_no_interleaved_letters(corpus: Path) -> None:
    (t,) = _tables(corpus, ADI, 53)
    label = "Net change in accumulated other comprehensive loss— pension plans (net of taxes of $286 in 2009 and $1,963 in 2008)"
    labels = [" ".join(r[0].replace("—", " — ").split()) for r in t.rows]
    assert " ".join(label.replace("—", " — ").split()) in labels
    words = {w for c in _cells(t) for w in c.split()}
    assert not any("Incionm" in w or "tncehtaon" in w for w in words)
    assert _row(t, "Comprehensive income") == ("Comprehensive income", "$285,702", "$705,015", "$519,898")


def test_equity_statement_keeps_labels_and_negative_numbers_whole(corpus: Path) -> None:
    (t,) = _tables(corpus, LIFEWAY, 57)
    assert t.header == (
        "",
        "Common Stock Issued Shares",
        "Common Stock Issued $",
        "Common Stock In treasury Shares",
        "Common Stock In treasury $",
        "Paid-In Capital",
        "Retained Earnings",
        "Total Equity",
    )
    first = t.rows[0]
    assert first[0] == "Balance, January 1, 2018" and first[3] == "(1,266)" and first[4] == "$ (11,812)"
    assert _row(t, "Issuance of common stock in connection with stock-based compensation")[-1] == "132"
    assert _row(t, "Balance, December 31, 2019")[-1] == "$ 43,251"


def test_paper_table_keeps_row_labels_and_every_column(corpus: Path) -> None:
    (t,) = _tables(corpus, PAPER, 5)
    assert t.header == ("", "#Sent", "AvgLen", "Kappa")
    assert _row(t, "DL-PS") == ("DL-PS", "16,948", "9.21", "0.6033")


def test_paper_tables_one_number_per_cell(corpus: Path) -> None:
    table2, table3 = _tables(corpus, PAPER, 6)
    assert table2.header == ("Model", "P", "R", "F1")
    assert _row(table2, "ALCrowd") == ("ALCrowd", "89.56", "82.70", "85.99")
    assert _row(table3, "CRF") == ("CRF", "75.12", "66.67", "70.64")
    assert all(len(c.split()) <= 1 for r in table3.rows if r[0] for c in r[1:])


def test_a_table_printed_sideways_reads_in_its_own_direction(corpus: Path) -> None:
    (t,) = _tables(corpus, "camelot/files/anticlockwise_table_1.pdf", 1)
    labels = [r[0] for r in t.rows]
    assert {"Tamil Nadu", "Andhra Pradesh", "Madhya Pradesh", "West Bengal", "Uttar Pradesh"} <= set(labels)
    assert _row(t, "Kerala")[:3] == ("Kerala", "5738", "6633")


def test_fake_bold_letters_are_not_doubled(corpus: Path) -> None:
    tables = _tables(corpus, "camelot/files/birdisland.pdf", 1)
    cells = [c for t in tables for c in _cells(t)]
    assert "PREV. CROP/HERB:" in cells and "Roundup twice" in cells
    assert not any("PPRREE" in c or "KKrruu" in c or "$$8" in c for c in cells)
    brands = next(t for t in tables if any(r[0] == "Kruger" for r in t.rows))
    assert _row(brands, "Kruger")[:4] == ("Kruger", "K2-1901", "RR2Y", "1.9")


def test_a_bar_chart_is_not_a_table(corpus: Path) -> None:
    assert _tables(corpus, ADI, 3) == ()


def test_a_full_page_grid_has_its_ruled_columns_and_leaves_its_title_and_notes_out(corpus: Path) -> None:
    """The NICS statistics page: a frame round a title, a ruled grid of 25 columns (group
    headings over some) and notes. Headings set left over figures set right inside a ruled
    column make no extra column; the title above the column rulings and the notes under them
    are not the table's."""
    (t,) = _tables(corpus, NICS, 1)
    assert len(t.header) == 25
    assert t.header[:2] == ("State / Territory", "Permit")
    assert t.header[7] == "Pre-Pawn Handgun" and t.header[-1] == "Totals"
    assert _row(t, "Alabama")[:8] == ("Alabama", "18,870", "23,022", "22,650", "859", "1,178", "0", "14")
    assert _row(t, "Alabama")[-1] == "71,137"
    assert t.rows[-1][0] == "Totals" and len(t.rows) == 56
    assert not t.low_confidence
    assert t.bbox.y0 > 55.0 and t.bbox.y1 < 490.0  # below the title, above the notes


def test_a_full_page_grid_stands_in_the_markdown_under_its_title(core: Any, corpus: Path) -> None:
    """The same page's Markdown: the title's two lines above the table (pdfium joins the
    second one to the group headings under it, a row further down: they are cut apart), the
    notes after it, the headings only in the table."""
    source = core.open(str(corpus / NICS))
    (page,) = core.services.text.extract(source, [0])
    texts = [ln.text for ln in page.lines]
    assert "November - 2015" in texts
    md = core.read_pages(str(corpus / NICS), "1", format="markdown").pages[0].markdown
    assert md.count("<table>") == 1
    table = md.index("<table>")
    assert md.index("NICS Firearm Background Checks") < md.index("November - 2015") < table < md.index("NOTES:")
    assert "Pre-Pawn Redemption" not in md


TITLED = "uda-benchmark/paper_docs/2001.03131.pdf"
EXHIBIT = "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-013.pdf"


def test_a_title_row_inside_a_papers_ruled_grid_heads_the_table(corpus: Path) -> None:
    """Tables 3 and 4 of a paper: a ruled grid whose top row holds one bold title over all five
    columns, the column rulings starting under it. The title is the table's first header row,
    one cell across the columns, over the columns' headings."""
    titled = [t for t in _tables(corpus, TITLED, 4) if t.header_cells]
    titles = {c.text: c for t in titled for c in t.header_cells or () if c.row == 0}
    for title in ("Google Embedding Vectors", "Fasttext Embeddings"):
        cell = titles[title]
        assert (cell.column, cell.columns) == (0, 5)
    table = next(t for t in titled if any(c.text == "Google Embedding Vectors" for c in t.header_cells or ()))
    assert any(c.row == 1 and c.text == "Algorithm" for c in table.header_cells or ())
    assert _row(table, "NB") == ("NB", "74.19", "68.44", "69.58", "68.92")


def test_a_grids_title_row_stays_in_the_markdown_table_under_its_caption(core: Any, corpus: Path) -> None:
    """The same page's Markdown: the titles are in their tables (no `# Google Embedding
    Vectors` heading), and the captions printed under the grids stand as the tables' captions,
    under them as printed.
    A title in a frame under its caption (`Exhibit 9`), over the grid's top ruling, stays out."""
    md = core.read_pages(str(corpus / TITLED), "4", format="markdown").pages[0].markdown
    assert "# Google Embedding Vectors" not in md and "# Fasttext Embeddings" not in md
    for caption, title in (("Table 3:", "Google Embedding Vectors"), ("Table 4:", "Fasttext Embeddings")):
        cell = f'<th colspan="5">{title}</th>'
        assert cell in md
        table = md.rindex("<table>", 0, md.index(cell))
        assert md[table:].startswith(f"<table>\n<tr>{cell}")  # the title is the table's first row
        end = md.index("</table>", table) + len("</table>")
        assert md[end:].lstrip().startswith(caption)  # its caption right under it
    md = core.read_pages(str(corpus / EXHIBIT), "2", format="markdown").pages[0].markdown
    assert md.index("Exhibit 9 Characteristics of Types") < md.index("| General Assessment |")


BULLETED = "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-015.pdf"
ACTIONS = "pdfplumber/pdfs/chelsea_pdta.pdf"


def test_bullets_set_apart_from_their_items_open_them_in_their_cell(corpus: Path) -> None:
    """A table of reasons, each a bulleted list in one cell whose bullets stand apart from the
    items: two columns as printed (and in the ICDAR 2013 truth), each item opening with its
    bullet, no column of bullets."""
    (t,) = _tables(corpus, BULLETED, 2)
    assert t.header == ("Item Property", "Reason for Change or Deletion")
    reasons = _row(t, "Clarity or relevance")[1]
    assert reasons.startswith("• Reported as not relevant by a large segment of the target population • Generates")
    assert reasons.count("•") == 4
    assert "•" not in _cells(t)


def test_a_plan_of_bulleted_actions_stands_as_a_table_in_the_markdown(core: Any, corpus: Path) -> None:
    """A plan's table of actions, each a bulleted item beside its dates, costs and partners:
    a table in the Markdown whose action cells open with their bullets."""
    md = core.read_pages(str(corpus / ACTIONS), "26", format="markdown").pages[0].markdown
    assert md.count("<table>") == 1
    assert "<td>• Constituer un budget annuel municipal pour le transport actif.</td>" in md
    assert "<td>•</td>" not in md


SHARES = "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu/eu-020.pdf"


def test_counts_and_shares_under_one_heading_read_n_percent(corpus: Path) -> None:
    """Table 2.4: the sample's counts and their shares set apart under `Sample`, the
    population's run together under `Population`: both columns read `n (%)`, the total under
    the shares in its column."""
    tables = _tables(corpus, SHARES, 3)
    t = next(t for t in tables if any(r[0] == "Sciences" for r in t.rows))
    assert _row(t, "Sciences")[1:] == ("38 (24.7%)", "672 (24.8%)")
    assert _row(t, "Total")[1:] == ("154", "2714")


WHITE_RULED = "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-010.pdf"


def test_white_bands_between_shaded_cells_part_the_header_from_the_first_row(corpus: Path) -> None:
    """A table of cells filled in colour, white bands between them for rulings: the headings
    (two lines each, the row labels' column blank) stand apart from the first row."""
    (t,) = _tables(corpus, WHITE_RULED, 2)
    assert t.header == ("", "Launch: May 21, 2009", "1 Year: May 21, 2010", "FY 2010 Sept. 30, 2011")
    assert _row(t, "Total data sets available") == ("Total data sets available", "47", "272,768", "389,933")


YEARS = "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu/eu-018.pdf"


def test_each_year_heads_its_two_columns(corpus: Path) -> None:
    """Table CA7: each year (2007 to 2003) is centred over its `N` and `% Pos` columns, the row
    labels' headings set on header lines of their own between them: every year spans its two."""
    t = _tables(corpus, YEARS, 1)[0]
    years = [(c.text, c.column, c.columns) for c in t.header_cells if c.text.isdigit()]
    assert years == [("2007", 3, 2), ("2006", 5, 2), ("2005", 7, 2), ("2004", 9, 2), ("2003", 11, 2)]


LEVELS = "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-001.pdf"
MANURE = "camelot/files/background_lines_2.pdf"


def test_a_header_of_three_levels_beside_its_stubs_heading(corpus: Path) -> None:
    """Table 2: rates over years over `Estimate` and `Margin of error (±)`, `Category` set
    across the three header lines beside them: a header of three levels, each heading once."""
    (t,) = _tables(corpus, LEVELS, 3)
    assert t.header[:3] == (
        "Category",
        "Age-adjusted disability rate 2005 Estimate",
        "Age-adjusted disability rate 2005 Margin of error (±)",
    )
    assert t.rows[0][:3] == ("All people", "18.6", "0.3")
    assert all("error (±)" not in c for r in t.rows for c in r)


def test_a_grid_read_row_by_row_after_all_keeps_each_text_once(corpus: Path) -> None:
    """A ruled grid whose rulings leave a column open but stack figures between two rulings is
    read row by row: each heading's line stands once (it was merged into the line above and
    kept as well)."""
    (t,) = _tables(corpus, MANURE, 1)
    cells = _cells(t)
    assert sum(c.count("TOTAL NO.") for c in cells) == 1
    assert sum(c.count("THE MANURE") for c in cells) == 2  # under the holdings, and under the area


BOLD_HEADS = "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu/eu-006.pdf"


def test_bold_headings_set_in_one_text_over_rows_of_cells_head_the_table(corpus: Path) -> None:
    """Table 8.15: its column headings, in bold, are one text object (no gap between its text
    objects), its rows three objects each: the headings' blanks are found too, and they head the
    table rather than standing above it as a paragraph."""
    (t,) = _tables(corpus, BOLD_HEADS, 3)
    assert t.header == ("Groups", "Foreign turnover (FFr bn.)", "% of Total Turnover")
    assert t.rows[0] == ("Carrefour", "62.7", "40.5%")
