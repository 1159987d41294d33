"""On corpus files: codes, numbers and ranges broken at their own hyphen read whole, in the text
and in tables' cells, a hyphen left hanging before "and" stays; a running head set a few points
apart on left and right pages is furniture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.corpus


def _markdown(core: Any, path: Path) -> str:
    parts = []
    start: int | None = 1
    while start is not None:
        r = core.read_all(str(path), start_page=start, max_pages=500, format="markdown")
        parts.append(r.markdown or "")
        start = r.next_page
    return "\n".join(parts)


@pytest.mark.parametrize(
    ("name", "whole", "apart"),
    [
        # a cell's code broken at its hyphen before a figure
        ("pdfminer/samples/contrib/issue-598-cmap-other-fonts.pdf", "00-07F8A0.2", "00- 07F8A0.2"),
        ("camelot/files/split_text_lattice.pdf", "+91-8447040077", "+91- 8447040077"),
        # a hyphen left hanging before "and": no word broken there
        ("camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-027.pdf", "2- and 4-year", "2-and"),
    ],
)
def test_a_hyphen_at_a_line_end_before_a_figure_or_and(
    core: Any, corpus: Path, name: str, whole: str, apart: str
) -> None:
    md = _markdown(core, corpus / name)
    assert whole in md
    assert apart not in md


def test_a_running_head_a_few_points_higher_on_left_pages_is_furniture(core: Any, corpus: Path) -> None:
    """chelsea_pdta's head stands 6 pt higher on left pages than on right ones."""
    head = "Plan directeur de transport actif de la municipalité de Chelsea"
    pages = core.read_pages(str(corpus / "pdfplumber/pdfs/chelsea_pdta.pdf"), pages="5-8", format="markdown").pages
    for page in pages:
        assert head in (page.furniture or ()), page.page
        assert head not in page.markdown
