"""Cells of a table shaded in turn, of different lengths where a cell spans columns or stops
short (a beekeeper's record sheet: the zebra rows' fills start at one column and run to
different ends), stand apart on a common edge like a bar chart's bars; but each holds the words
of its cells, and a chart's bars hold none. Before, the region was taken for a chart and its
table was never read."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from adapters._plumber_table_page import _chart
from tests.pdfgen import Page, write_pdf

#: (bottom, length) of each shaded shape, all starting at x = 100.
SHAPES = ((600, 60), (560, 25), (520, 25), (480, 110))


def _crop(tmp_path: Path, *, words: bool) -> object:
    p = Page()
    for bottom, length in SHAPES:
        p.rect(100, bottom, length, 20, rgb=(0.99, 0.95, 0.85))
        if words:
            p.text(102, bottom + 6, "Calm", size=8)
    path = write_pdf(tmp_path / "shaded.pdf", [p])
    page = pdfplumber.open(path).pages[0]
    return page.crop((50, 792 - 640, 450, 792 - 460))


def test_shaded_cells_holding_words_are_no_chart(tmp_path: Path) -> None:
    assert not _chart(_crop(tmp_path, words=True))


def test_bars_of_different_lengths_holding_no_words_are_a_chart(tmp_path: Path) -> None:
    assert _chart(_crop(tmp_path, words=False))
