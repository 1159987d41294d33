"""max_tokens beside the character and byte budgets (the tighter wins), and the per-page token
estimates of reads and of the document map."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import InvalidArgument, PdfcoreError
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
    assert len(full.page_tokens) == 8 and all(t > 0 for t in full.page_tokens)
    assert sum(full.page_tokens) == full.estimated_tokens
    budget = full.estimated_tokens // 3
    part = core.read_all(str(pdf), max_tokens=budget)
    assert part.next_page is not None and part.truncated and part.estimated_tokens <= budget
    seen, start = [], 1
    while start:  # every page exactly once under the token budget
        r = core.read_all(str(pdf), start_page=start, max_tokens=budget)
        seen.extend(range(r.start_page, r.start_page + r.page_count))
        assert len(r.page_tokens) == r.page_count and sum(r.page_tokens) == r.estimated_tokens
        start = r.next_page
    assert seen == list(range(1, 9))


def test_document_map_page_tokens(core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "long.pdf", 25)
    dmap = core.read_pages(str(pdf)).document_map
    assert dmap is not None and len(dmap.page_tokens) == 25 and all(t > 0 for t in dmap.page_tokens)
    assert dmap.estimated_tokens == sum(dmap.page_tokens) == sum(r.estimated_tokens for r in dmap.quality)
    assert core.info(str(pdf)).estimated_tokens == dmap.estimated_tokens  # pdf_info tells the same total


def test_search_token_budget(core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 6)
    full = core.search(str(pdf), "fox", mode="keyword", max_results=6)
    assert len(full.matches) == 6 and full.matches_cut_by_tokens is None
    from pdfcore.services.budgets import match_tokens

    two = match_tokens(full.matches[0]) + match_tokens(full.matches[1])
    cut = core.search(str(pdf), "fox", mode="keyword", max_results=6, max_tokens=two + 1)
    assert [m.page for m in cut.matches] == [m.page for m in full.matches[:2]]
    assert cut.matches_cut_by_tokens == 4 and cut.total_matches == full.total_matches
    one = core.search(str(pdf), "fox", mode="keyword", max_results=6, max_tokens=1)
    assert len(one.matches) == 1  # the best match always comes
    sections = core.search(str(pdf), "fox", granularity="section", max_tokens=1)
    assert len(sections.sections) <= 1
    with pytest.raises(InvalidArgument):
        core.search(str(pdf), "fox", max_tokens=0)


def test_corpus_search_and_compact_read_token_budgets(core: Any, tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for k in range(3):
        simple_document(folder / f"d{k}.pdf", 3)
    full = core.corpus_search(str(folder), "fox", mode="keyword", top_k=9)
    assert len(full.matches) > 2
    cut = core.corpus_search(str(folder), "fox", mode="keyword", top_k=9, max_tokens=1)
    assert len(cut.matches) == 1 and cut.matches_cut_by_tokens == len(full.matches) - 1
    pdf = simple_document(tmp_path / "c.pdf", 6)
    whole = core.read_pdf(str(pdf))
    short = core.read_pdf(str(pdf), max_tokens=150)
    assert len(short) < len(whole) and "150 tokens" in short and "read_pdf(source, pages=" in short


def test_compact_search_token_budget(core: Any, tmp_path: Path) -> None:
    """The compact search keeps its rows in rank order while the answer fits (the first always),
    says how many were left out, and lists only the refs it shows."""
    pdf = simple_document(tmp_path / "s.pdf", 8)
    whole = core.search_pdf(str(pdf), "fox marker")
    rows = re.findall(r"^\| (\d+) \| (p\d+m\d+) \|", whole, re.M)
    assert len(rows) == 16 and "left out by" not in whole  # two lines of each page
    assert estimate_tokens(whole) > 300
    cut = core.search_pdf(str(pdf), "fox marker", max_tokens=300)
    kept = re.findall(r"^\| (\d+) \| (p\d+m\d+) \|", cut, re.M)
    assert 1 <= len(kept) < len(rows) and kept == rows[: len(kept)]
    assert f"{len(rows) - len(kept)} more row(s) left out by the 300-token budget" in cut
    assert "search_pdf(source, query, pages='" in cut
    body = cut[: cut.index("_[")]
    assert estimate_tokens(body) <= 300
    core.render_pdf(str(pdf), ref=kept[-1][1])
    with pytest.raises(PdfcoreError):  # a ref left out is not in the ref set
        core.render_pdf(str(pdf), ref=rows[len(kept)][1])
    one = core.search_pdf(str(pdf), "fox marker", max_tokens=1)
    assert re.findall(r"^\| (\d+) \| (p\d+m\d+) \|", one, re.M) == rows[:1]  # the best row always comes
    with pytest.raises(InvalidArgument):
        core.search_pdf(str(pdf), "fox", max_tokens=0)
