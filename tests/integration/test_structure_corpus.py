"""Structure facts read from real PDFs: tagged roles and font facts on the corpus's lines."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pdfcore.models import DocumentSource, Fingerprint

pytestmark = pytest.mark.corpus


def _source(path: Path) -> DocumentSource:
    st = os.stat(path)
    return DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "x" * 64))


def _lines(path: Path, index: int):  # type: ignore[no-untyped-def]
    from adapters.pdfium_text import PdfiumTextExtractor

    (page,) = PdfiumTextExtractor().extract(_source(path), [index])
    return {ln.text: ln for ln in page.lines}


def test_tagged_roles_from_the_structure_tree(corpus: Path) -> None:
    lines = _lines(corpus / "pdfplumber/pdfs/pdf_structure.pdf", 0)
    assert (lines["Titre 1"].role, lines["Titre 2"].role, lines["Tableau"].role) == ("H1", "H2", "H3")
    assert lines["1. Énumération 1"].role == "LI" and lines["a) Énumération imbriquée"].role == "LI"
    assert lines["Chose 1 Truc 1"].role == "Table"
    assert lines["Encore du contenu!"].role == "P"
    assert lines["Titre 1"].bold and not lines["Encore du contenu!"].bold
    assert lines["Titre 1"].font_size == 18.0 and lines["Encore du contenu!"].font_size == 12.0


def test_untagged_document_has_no_roles_and_sizes_as_displayed(corpus: Path) -> None:
    # freeculture sets its text at size 1 scaled by the text matrix: sizes are read as shown.
    lines = _lines(corpus / "pdfjs/freeculture.pdf", 20)
    assert all(ln.role == "" for ln in lines.values())
    body = lines["RCA at first kept the technology in house, insisting that further"]
    assert body.font_size == 10.5 and not body.bold and not body.mono
    assert lines["INTRODUCTION 5"].mono  # the running head's face (Monospace 821)


def test_a_page_read_rect_by_rect_keeps_its_font_facts(corpus: Path) -> None:
    """us-039's second page: pdfium's text there does not line up with its characters, so its
    lines are read rect by rect; their size and weight come from the characters at each rect's
    ends, found by position (they were 0 pt and regular: no heading could be told)."""
    path = corpus / "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-039.pdf"
    lines = _lines(path, 1)
    assert all(ln.font_size > 0 for ln in lines.values()), [t for t, ln in lines.items() if ln.font_size <= 0]
    assert lines["Table ES-3"].bold and lines["Table ES-3"].font_size == 11.04
    assert not lines["was based on"].bold


def test_a_dingbats_bullet_on_a_page_read_rect_by_rect_is_a_bullet(corpus: Path, tmp_path: Path) -> None:
    """issue-71-duplicate-chars-2's seventh page is read rect by rect; its bullets, Wingdings
    glyphs whose text is ``¢`` and ``h``, are lines of their own there: each reads as ``•``, and
    the items are list items, the arrowed ones nested. On its second page an arrow between two
    statements (``¨``), no bullet, keeps its reading."""
    from tests.cores import temp_core

    path = corpus / "pdfplumber/pdfs/issue-71-duplicate-chars-2.pdf"
    lines = list(_lines(path, 6))
    assert "¢" not in lines and "h" not in lines and "•" in lines
    with temp_core(tmp_path, env={"PDFCORE_EMBEDDER": "none"}, fetcher=None) as core:
        md = core.read_pages(str(path), "7", format="markdown").pages[0].markdown
        arrows = core.read_pages(str(path), "2", format="markdown").pages[0].markdown
    assert "- Moyens thérapeutiques disponibles :\n  - traitement de la cause +++\n" in md, md[-600:]
    assert "- baisse de HCO3 – si acidose métabolique ¨ hyperventilation compensatrice" in arrows, arrows
