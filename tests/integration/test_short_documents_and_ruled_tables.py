"""On corpus files: a two-page document's running foot (an IRS form's catalogue line on both
pages) is furniture; a poem's date under its title is no heading; a table ruled at its top,
under its header and at its foot (us-018's rates by control) holds its header row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.corpus


def test_a_foot_on_both_pages_of_two_is_furniture(core: Any, corpus: Path) -> None:
    pages = core.read_pages(str(corpus / "camelot/files/tabula/us-007.pdf"), pages="1-2").pages
    foot = "www.irs.gov Catalog No. 21974B"
    assert all(foot not in p.text for p in pages)
    assert all(foot in " ".join(p.furniture or ()) for p in pages)


def test_a_date_under_a_title_is_no_heading(core: Any, corpus: Path) -> None:
    (page,) = core.read_pages(str(corpus / "pypdf/resources/commented.pdf"), pages="1", format="markdown").pages
    assert page.markdown.startswith("# The Crazy Ones\n\nOctober 14, 1998\n\n"), page.markdown[:200]


def test_a_three_rule_tables_header_is_inside_it(core: Any, corpus: Path) -> None:
    name = "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-018.pdf"
    info = core.info(str(corpus / name))
    pages = core.read_pages(str(corpus / name), pages=f"1-{info.page_count}", format="markdown").pages
    text = "\n".join(p.markdown for p in pages)
    assert "| Year | Total | Public | Private |\n| --- | --- | --- | --- |\n| Actual |" in text
