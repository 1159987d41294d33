"""Every keyword hit's page and excerpt really contain the matched terms (on the real index)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pdfcore.models import DocumentFacts, KeywordQuery, PageInfo, PageText, QueryTerm

VOCAB = ["apple", "banana", "cherry", "delta", "echo", "falcon", "granite", "harbor", "island", "jungle"]

pages_st = st.lists(st.lists(st.sampled_from(VOCAB), min_size=0, max_size=30).map(" ".join), min_size=1, max_size=12)


@settings(max_examples=40, deadline=None)
@given(
    pages=pages_st,
    terms=st.lists(st.sampled_from(VOCAB), min_size=1, max_size=3, unique=True),
    mode=st.sampled_from(["and", "or"]),
)
def test_hits_contain_their_terms(pages: list[str], terms: list[str], mode: str) -> None:
    from adapters.sqlite_store import SqliteStore

    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(str(Path(tmp) / "i.sqlite"), ttl_seconds=0)
        try:
            facts = DocumentFacts(len(pages), (), (), tuple(PageInfo(i, 612.0, 792.0) for i in range(len(pages))))
            store.save_facts("d", facts)
            texts = [PageText(index=i, text=t) for i, t in enumerate(pages)]
            store.index_document("d", texts)
            out = store.search_keyword("d", KeywordQuery(tuple(QueryTerm(t) for t in terms), mode=mode), limit=100)
            expected = {
                i for i, t in enumerate(pages) if (all if mode == "and" else any)(w in t.split() for w in terms)
            }
            assert {h.page for h in out.hits} == expected
            for h in out.hits:
                words = pages[h.page].split()
                present = [w for w in terms if w in words]
                assert present if mode == "or" else len(present) == len(terms)
                assert h.spans
                for a, b in h.spans:
                    assert pages[h.page][a:b] in terms
        finally:
            store.close()
