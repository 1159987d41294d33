"""Structured Markdown on documents no benchmark set holds: a paper's author line set in its
section headings' style, an "Abstract" set bold at the body size, and a chart's scattered
labels. Read with the structure tree ignored, so the typographic path is what is tested."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cores import temp_core


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("unseen"), env={"PDFCORE_EMBEDDER": "none"}, fetcher=None) as c:
        yield c


def _parts(core: Any, path: Path, page: int) -> list[str]:
    md = core.read_pages(str(path), str(page), format="markdown", use_structure_tree=False).pages[0].markdown
    return md.split("\n\n")


@pytest.mark.corpus
def test_an_author_line_in_the_section_heading_style_is_not_a_heading(core: Any, corpus: Path) -> None:
    # the authors are set bold at the size of "Abstract" and "1 Introduction"
    parts = _parts(core, corpus / "uda-benchmark/paper_docs/1809.01202.pdf", 1)
    assert [p for p in parts if p.startswith("#")][:3] == [
        "# Causal Explanation Analysis on Social Media",
        "## Abstract",
        "## 1 Introduction",
    ]
    assert "Youngseo Son, Nipun Bayas, and H. Andrew Schwartz" in parts


@pytest.mark.corpus
def test_an_abstract_set_bold_at_the_body_size_is_a_heading(core: Any, corpus: Path) -> None:
    # "Abstract" is the one line in its style (bold at the body size); the sections are larger
    parts = _parts(core, corpus / "uda-benchmark/paper_docs/1801.05147.pdf", 1)
    headings = [p for p in parts if p.startswith("#")]
    assert any(h.lstrip("#") == " Abstract" for h in headings), headings
    assert headings.index(next(h for h in headings if h.endswith(" Abstract"))) < headings.index("# Introduction")


@pytest.mark.corpus
def test_a_charts_scattered_labels_are_not_a_table(core: Any, corpus: Path) -> None:
    # a line chart's axis ticks and data labels: a sparse grid the table reader flags
    parts = _parts(core, corpus / "uda-benchmark/fin_docs/ADI_2009.pdf", 30)
    assert not any(p.startswith(("|", "<table>")) for p in parts), parts
    text = "\n".join(parts)
    assert "144.90" in text and "10/31/09" in text
