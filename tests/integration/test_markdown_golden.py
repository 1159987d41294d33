"""Golden Markdown for a few corpus pages: a tagged page (headings from the tree, a list, a
table), a two-column paper's first page (title, abstract, numbered sections, a note moved after
the body), a book page (a heading from the outline, a block quote) and a LaTeX lecture page
(numbered headings, an enumerated list), a report's page whose bar chart stands in a frame with
its caption and notes beside a column of prose; and a tagged Wikipedia print's page read by its
typography alone.

After a deliberate change of the Markdown, rewrite the files with
``PDFCORE_UPDATE_GOLDEN=1 pytest tests/integration/test_markdown_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cores import temp_core

pytestmark = pytest.mark.corpus

GOLDEN = Path(__file__).parent / "golden"
PAGES = [
    ("pdfplumber/pdfs/pdf_structure.pdf", 1, "pdf_structure-p1.md"),
    ("pdfjs/tracemonkey.pdf", 1, "tracemonkey-p1.md"),
    ("pdfjs/freeculture.pdf", 35, "freeculture-p35.md"),
    ("py-pdf_sample-files/009-pdflatex-geotopo/GeoTopo-komprimiert.pdf", 10, "geotopo-p10.md"),
    ("camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-001.pdf", 2, "us-001-p2.md"),
]
#: Tagged pages read by their typography (the structure tree ignored): a Wikipedia print's page
#: of references (numbered items whose wrapped rows hang) and a heading the text layer gives
#: after them.
PAGES_WITHOUT_TREE = [
    ("uda-benchmark/wiki_feta_docs/pdfs/Jennifer Jones.pdf", 9, "jennifer-jones-p9-typography.md"),
]


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("golden"), env={"PDFCORE_EMBEDDER": "none"}, fetcher=None) as c:
        yield c


@pytest.mark.parametrize(("rel", "number", "name"), PAGES, ids=[p[2] for p in PAGES])
def test_page_markdown_is_the_golden_one(core: Any, corpus: Path, rel: str, number: int, name: str) -> None:
    page = core.read_pages(str(corpus / rel), str(number), format="markdown").pages[0]
    got = page.markdown + "\n"
    path = GOLDEN / name
    if os.environ.get("PDFCORE_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("rel", "number", "name"), PAGES_WITHOUT_TREE, ids=[p[2] for p in PAGES_WITHOUT_TREE])
def test_tagged_page_read_by_typography_is_the_golden_one(
    core: Any, corpus: Path, rel: str, number: int, name: str
) -> None:
    page = core.read_pages(str(corpus / rel), str(number), format="markdown", use_structure_tree=False).pages[0]
    got = page.markdown + "\n"
    path = GOLDEN / name
    if os.environ.get("PDFCORE_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")
