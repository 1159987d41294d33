"""Compounds broken at their hyphen keep it on real documents whose text uses them whole
elsewhere (state-of-the-art, resource-rich, stock-based)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize(
    ("name", "page", "kept", "lost"),
    [
        ("uda-benchmark/paper_docs/1705.07830.pdf", "1", "outperforms a state-of-the-art", "stateof-the-art"),
        ("uda-benchmark/paper_docs/1810.08699.pdf", "1", "using resource-rich", "resourcerich"),
        ("uda-benchmark/tat_docs/lifeway-foods-inc_2019.pdf", "82", "pre-tax stock-based", "stockbased"),
    ],
)
def test_compound_keeps_its_hyphen(core: Any, corpus: Path, name: str, page: str, kept: str, lost: str) -> None:
    text = " ".join(core.read_pages(str(corpus / name), page).pages[0].text.split())
    assert kept in text and lost not in text
