"""The words that open a figure's or a table's caption, shared by the adapters and the structure."""

from __future__ import annotations

from adapters._table_layout import is_caption as table_caption
from pdfcore.caption_words import FIGURE_CAPTION, TABLE_CAPTION, is_caption


def test_a_caption_is_a_figure_or_table_word_and_a_number() -> None:
    for text in ("Figure 3: Sales", "Fig. 2.1 Map", "Abbildung 3.3: Wege", "Abb. 4", "Table S1.", "Tabelle 2:"):
        assert is_caption(text), text
    for text in ("Figure 3, left, shows", "Figures 3 and 4", "Tablet 5", "Table of contents", "Diagrammatic view"):
        assert not is_caption(text), text
    assert FIGURE_CAPTION.match("Abbildung 3.3: Wege") and not TABLE_CAPTION.match("Abbildung 3.3: Wege")


def test_an_abbreviated_table_word_with_a_blank_before_its_number_is_a_table_caption() -> None:
    assert TABLE_CAPTION.match("Tab. 3: Messwerte") and TABLE_CAPTION.match("Table3 Results")
    assert not FIGURE_CAPTION.match("Tab. 3: Messwerte")


def test_the_table_reader_knows_the_table_words_in_any_case_and_a_filings_titles() -> None:
    for text in ("Table 5: Revenue", "TABLE A", "Tabelle 2: Werte", "Tableau 1", "Exhibit 3", "Schedule I"):
        assert table_caption(text), text
    assert not table_caption("Figure 5: Revenue")
    # the plural opening a row's text, its "s" no letter numbering a table
    for text in ("Tables and chairs set out by the caretaker", "Schedules of rates", "Exhibits hall"):
        assert not table_caption(text), text


def test_an_appendix_tables_number_opens_a_caption() -> None:
    for text in (
        "Table A-2. Mean errors",
        "Table A.1: Population",
        "Figure B–1 Map",
        "Exhibit B.4 Rules",
        "Table ES-3",
    ):
        assert is_caption(text), text
    assert not is_caption("Table A. Population") and not is_caption("Figure AB x")
