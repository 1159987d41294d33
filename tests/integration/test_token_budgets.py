"""max_tokens beside the character and byte budgets (the tighter wins), and the per-page token
estimates of reads and of the document map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import InvalidArgument
from pdfcore.tokens import estimate_tokens
from tests.pdfgen import simple_document


def test_read_pages_token_budget(core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "t.pdf", 6)
    whole = core.read_pages(str(pdf), "1-6")
    per_page = [p.estimated_tokens for p in whole.pages]
    assert all(t and t == estimate_tokens(p.text) for t, p in zip(per_page, whole.pages))
    assert whole.estimated_tokens == sum(per_page)
    budget = per_page[0] + per_page[1] + per_page[2] // 2
    cut = core.read_pages(str(pdf), "1-6", max_tokens=budget)
    assert [p.page for p in cut.pages] == [1, 2] and cut.next_pages == "3-6"
    assert cut.estimated_tokens <= budget and "token" in (cut.truncation_note or "")
    # the character budget is the tighter one here
    by_chars = core.read_pages(str(pdf), "1-6", max_chars=len(whole.pages[0].text) + 5, max_tokens=10**6)
    assert [p.page for p in by_chars.pages] == [1]
    # a first page over the token budget is cut, not left out
    head = core.read_pages(str(pdf), "1", max_tokens=5)
    assert head.pages[0].truncated and head.pages[0].estimated_tokens <= 6
    with pytest.raises(InvalidArgument):
        core.read_pages(str(pdf), "1", max_tokens=0)


def test_read_all_token_budget(core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "t.pdf", 8)
    full = core.read_all(str(pdf))
    assert full.next_page is None and full.estimated_tokens > 0
    budget = full.estimated_tokens // 3
    part = core.read_all(str(pdf), max_tokens=budget)
    assert part.next_page is not None and part.truncated and part.estimated_tokens <= budget
    seen, start = [], 1
    while start:  # every page exactly once under the token budget
        r = core.read_all(str(pdf), start_page=start, max_tokens=budget)
        seen.extend(range(r.start_page, r.start_page + r.page_count))
        start = r.next_page
    assert seen == list(range(1, 9))


def test_document_map_page_tokens(core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "long.pdf", 25)
    dmap = core.read_pages(str(pdf)).document_map
    assert dmap is not None and len(dmap.page_tokens) == 25 and all(t > 0 for t in dmap.page_tokens)
    assert dmap.estimated_tokens == sum(dmap.page_tokens) == sum(r.estimated_tokens for r in dmap.quality)
