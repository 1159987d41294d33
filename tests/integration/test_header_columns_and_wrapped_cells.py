"""On corpus files: a column heading set left of the figures or words under it heads their
column (inpixon's directors: `Position` over each director's office); a table cell's last word
wrapped onto a line of its own stays in its cell (tracemonkey's `boolean` `null, or undefined`);
a section's heading at the margin is one when a sibling in its style stands where headings do
(lifeway's `ITEM 6 SELECTED FINANCIAL DATA` among its siblings)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.corpus


def _markdown(core: Any, path: Path, pages: str) -> str:
    return "\n".join(p.markdown for p in core.read_pages(str(path), pages=pages, format="markdown").pages)


def test_a_heading_left_of_its_column_heads_it(core: Any, corpus: Path) -> None:
    text = _markdown(core, corpus / "uda-benchmark/tat_docs/inpixon_2019.pdf", "117")
    assert "| Name | Age | Position |\n| --- | --- | --- |\n| Nadir Ali | 51 | Chief Executive Officer" in text, text


def test_a_cells_wrapped_word_stays_in_its_cell(core: Any, corpus: Path) -> None:
    text = _markdown(core, corpus / "pdfjs/tracemonkey.pdf", "8")
    assert "| 110 | boolean null, or undefined | enumeration for null, undefined, true, false |" in text, text


def test_a_section_heading_beside_its_siblings_is_one(core: Any, corpus: Path) -> None:
    text = _markdown(core, corpus / "uda-benchmark/tat_docs/lifeway-foods-inc_2019.pdf", "38")
    assert "\n#" in text and any(
        line.startswith("#") and line.endswith("ITEM 6 SELECTED FINANCIAL DATA") for line in text.splitlines()
    ), text[:500]
