"""No control character reaches a page's text on the corpus files whose fonts report glyphs as
control characters (hyphens, bullets, math delimiters, letters of custom fonts)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.corpus

#: Every corpus file whose extracted text held control characters.
CARRIERS = [
    "pdfminer/samples/contrib/issue-1061-colour-space-stack.pdf",
    "py-pdf_sample-files/009-pdflatex-geotopo/GeoTopo-komprimiert.pdf",
    "pypdf/resources/issue-604.pdf",
    "uda-benchmark/paper_docs/1810.08699.pdf",
    "uda-benchmark/paper_docs/1801.05147.pdf",
    "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-039.pdf",
    "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-040.pdf",
    "camelot/files/tabula/icdar2013-dataset/competition-dataset-eu/eu-017.pdf",
    "uda-benchmark/fin_docs/ADI_2009.pdf",
    "camelot/files/tabula/offense.pdf",
    "pdfminer/samples/contrib/issue-791-non-unicode-cmap.pdf",
    "pdfminer/samples/contrib/issue_495_pdfobjref.pdf",
    "pdfplumber/pdfs/issue-71-duplicate-chars-2.pdf",
    "pdfjs/tracemonkey.pdf",
    "pdfjs/bug1885505.pdf",
]
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _full_text(core: Any, path: Path) -> str:
    parts = []
    start: int | None = 1
    while start is not None:
        r = core.read_all(str(path), start_page=start, max_pages=500)
        parts.append(r.full_text)
        start = r.next_page
    return "".join(parts)


@pytest.mark.parametrize("name", CARRIERS)
def test_no_control_characters_in_page_text(core: Any, corpus: Path, name: str) -> None:
    text = _full_text(core, corpus / name)
    found = CONTROL.search(text)
    assert found is None, repr(text[max(0, found.start() - 40) : found.end() + 40])


def test_a_hyphen_glyph_without_unicode_joins_its_word(core: Any, corpus: Path) -> None:
    """issue-1061's font reports its hyphen as U+0002: the words broken at line ends join."""
    text = core.read_pages(str(corpus / CARRIERS[0]), "2").pages[0].text
    assert "receives queries submitted" in text
