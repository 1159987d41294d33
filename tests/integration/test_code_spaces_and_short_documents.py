"""On corpus files: a listing set in a monospaced face keeps its indentation and its aligned
spaces (tracemonkey's numbered JavaScript and trace code, a transcript's caption in Courier
with its colons lined up), and a three-page report's running head, on its second and third
pages only, is furniture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.corpus


def test_a_listing_keeps_its_indentation_and_aligned_spaces(core: Any, corpus: Path) -> None:
    md = core.read_pages(str(corpus / "pdfjs/tracemonkey.pdf"), pages="1-4", format="markdown").pages
    text = "\n".join(p.markdown for p in md)
    assert "2   if (!primes[i])\n3     continue;" in text
    assert "st sp[0], v0      // store primes to interpreter stack" in text


def test_a_transcripts_caption_keeps_its_colons_lined_up(core: Any, corpus: Path) -> None:
    page = core.read_pages(str(corpus / "pdfplumber/pdfs/scotus-transcript-p1.pdf"), pages="1").pages[0]
    assert "MICHAEL A. KNOWLES,               :" in page.text


def test_a_running_head_on_two_pages_of_three_is_furniture(core: Any, corpus: Path) -> None:
    name = "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-022.pdf"
    head = "2011 IPEC ANNUAL REPORT ON INTELLECTUAL PROPERTY ENFORCEMENT"
    pages = core.read_pages(str(corpus / name), pages="1-3").pages
    assert all(head not in p.text for p in pages)
    assert any(head in (p.furniture or ()) for p in pages)
