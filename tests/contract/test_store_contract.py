from __future__ import annotations

from pathlib import Path

import pytest

from pdfcore.models import (
    Annotation,
    Box,
    DocumentFacts,
    ImageInfo,
    Link,
    OutlineEntry,
    PageAnnotations,
    PageInfo,
    PageText,
    TextBlock,
    TextLine,
)
from ports.store import Store
from tests.fakes.fake_store import FakeStore

FACTS = DocumentFacts(
    page_count=2,
    metadata=(("title", "T"),),
    outline=(OutlineEntry(1, "Intro", 1),),
    pages=(PageInfo(0, 612.0, 792.0, "i"), PageInfo(1, 612.0, 792.0, None)),
)


def page(i: int) -> PageText:
    line = TextLine(f"hello {i}", Box(1.0, 2.0, 30.0, 14.0), 12.0)
    return PageText(
        index=i,
        text=f"hello {i}",
        blocks=(TextBlock(f"hello {i}", Box(1.0, 2.0, 30.0, 14.0), (line,)),),
        char_count=6,
        image_count=1,
        images=(ImageInfo(0, 8, 8, Box(10.0, 10.0, 20.0, 20.0)),),
        warnings=("hidden_text",),
        annotation_count=2 if i == 0 else 0,
        annotations=PageAnnotations(
            page=i,
            links=(Link(i, Box(1.0, 2.0, 3.0, 4.0), "uri", uri="https://example.com", text="here"),),
            annotations=(Annotation(i, "Text", Box(5.0, 6.0, 7.0, 8.0), contents="note", hidden=True),),
        )
        if i == 0
        else PageAnnotations(page=i),
    )


@pytest.fixture(params=["fake", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    if request.param == "fake":
        return FakeStore(ttl_seconds=3600)
    from adapters.sqlite_store import SqliteStore

    return SqliteStore(str(tmp_path / "c" / "index.sqlite"), ttl_seconds=3600)


def test_roundtrip(store: Store) -> None:
    assert store.load_facts("d1") is None
    store.save_facts("d1", FACTS)
    store.save_pages("d1", [page(0), page(1)])
    assert store.load_facts("d1") == FACTS
    got = store.load_pages("d1", [0, 1, 5])
    assert got == {0: page(0), 1: page(1)}


def test_a_page_reads_back_exactly_as_written(store: Store) -> None:
    """Geometry as the engine gives it (float32 values, not rounded): the page read back from the
    cache is the page written, so what is built on it reads the same from either."""
    exact = Box(49.533084869384766, 28.88226318359375, 581.6751708984375, 35.16265869140625)
    line = TextLine("hello", exact, 6.83)
    written = PageText(
        index=0,
        text="hello",
        blocks=(TextBlock("hello", exact, (line,)),),
        char_count=5,
        rules=(Box(0.04999999, 100.0, 612.25, 100.75),),
        gaps=(Box(300.123456, 28.9, 310.987654, 35.2),),
    )
    store.save_facts("d1", FACTS)
    store.save_pages("d1", [written])
    assert store.load_pages("d1", [0]) == {0: written}


def test_pages_without_facts_are_not_kept(store: Store) -> None:
    store.save_pages("orphan", [page(0)])
    assert store.load_pages("orphan", [0]) == {}


def test_path_memo(store: Store) -> None:
    assert store.recall_path("/a.pdf", 10, 5) is None
    store.remember_path("/a.pdf", 10, 5, "abc")
    assert store.recall_path("/a.pdf", 10, 5) == "abc"
    assert store.recall_path("/a.pdf", 11, 5) is None


def test_clear_all(store: Store) -> None:
    store.save_facts("d1", FACTS)
    store.save_pages("d1", [page(0)])
    assert store.stats().total_pages == 1
    assert store.clear(expired_only=True) == 0
    assert store.clear(expired_only=False) == 1
    assert store.load_facts("d1") is None and store.stats().total_files == 0


def test_expired_entries_are_not_served(store: Store) -> None:
    store.ttl_seconds = 0  # type: ignore[attr-defined]
    store.save_facts("d1", FACTS)
    assert store.load_facts("d1") == FACTS  # ttl 0 = never expires
    store.ttl_seconds = 1  # type: ignore[attr-defined]
    import time

    time.sleep(1.2)
    assert store.load_facts("d1") is None
    assert store.clear(expired_only=True) == 1


# -- keyword search ---------------------------------------------------------------------------

from pdfcore.models import KeywordQuery, QueryTerm  # noqa: E402

DOC_PAGES = [
    "The runner runs every morning along the river.",
    "Copyright law protects creative works. Copyright is long.",
    "Public domain works are free. The public can use the domain name.",
    "日本語の著作権法について説明します。",
    "Nothing relevant here at all.",
]


def _indexed(store: Store, digest: str = "doc", texts: list[str] | None = None) -> None:
    texts = texts or DOC_PAGES
    facts = DocumentFacts(len(texts), (), (), tuple(PageInfo(i, 612.0, 792.0) for i in range(len(texts))))
    store.save_facts(digest, facts)
    pages = [PageText(index=i, text=t, char_count=len(t)) for i, t in enumerate(texts)]
    store.save_pages(digest, pages)
    store.index_document(digest, pages)


def q(*terms: QueryTerm, mode: str = "and") -> KeywordQuery:
    return KeywordQuery(tuple(terms), mode=mode)


def test_index_flag(store: Store) -> None:
    assert not store.is_indexed("doc")
    _indexed(store)
    assert store.is_indexed("doc")


def test_stemming_and_spans(store: Store) -> None:
    _indexed(store)
    out = store.search_keyword("doc", q(QueryTerm("run")))
    assert [h.page for h in out.hits] == [0]
    text = DOC_PAGES[0]
    assert {text[a:b].lower() for a, b in out.hits[0].spans} == {"runs"} or {
        text[a:b].lower() for a, b in out.hits[0].spans
    } >= {"runs"}


def test_and_or_phrase(store: Store) -> None:
    _indexed(store)
    assert [h.page for h in store.search_keyword("doc", q(QueryTerm("copyright"), QueryTerm("river"))).hits] == []
    either = store.search_keyword("doc", q(QueryTerm("copyright"), QueryTerm("river"), mode="or"))
    assert {h.page for h in either.hits} == {0, 1}
    phrase = store.search_keyword("doc", q(QueryTerm("public domain", phrase=True)))
    assert [h.page for h in phrase.hits] == [2]
    # the phrase must be contiguous: "domain public" does not match
    assert not store.search_keyword("doc", q(QueryTerm("domain public", phrase=True))).hits


def test_cjk_substring(store: Store) -> None:
    _indexed(store)
    for term in ("著作権", "法"):
        out = store.search_keyword("doc", q(QueryTerm(term, substring=True)))
        assert [h.page for h in out.hits] == [3]
        a, b = out.hits[0].spans[0]
        assert DOC_PAGES[3][a:b] == term


def test_match_counts_and_scope(store: Store) -> None:
    _indexed(store)
    out = store.search_keyword("doc", q(QueryTerm("copyright")))
    assert dict(out.page_match_counts)[1] == 2
    scoped = store.search_keyword("doc", q(QueryTerm("copyright")), pages=[0, 2])
    assert not scoped.hits and scoped.searched_pages == 2


NUMBER_PAGES = [
    "Net revenue was 432,148 in fiscal 2009, or $432.1 million; the prior year 1,432,148.",
    "Orders of 247,772 units and a ratio of 247.772 were reported.",
    "Figures 432 and 148 appear apart here, and 2009.5 is no year.",
    "The consolidated statements of income follow. Statements of income: see note 4.",
]


def test_numbers_match_as_numbers(store: Store) -> None:
    """A thousands separator is not a decimal point, a number is never found inside a longer
    one, and each occurrence counts once (the number is one match, not one per digit group)."""
    _indexed(store, "num", NUMBER_PAGES)

    def found(term: QueryTerm) -> dict[int, list[str]]:
        out = store.search_keyword("num", q(term), limit=10)
        return {h.page: [NUMBER_PAGES[h.page][a:b] for a, b in h.spans] for h in out.hits}

    assert found(QueryTerm("432,148")) == {0: ["432,148"]}  # not the tail of 1,432,148
    assert found(QueryTerm("247.772")) == {1: ["247.772"]}
    assert found(QueryTerm("247,772")) == {1: ["247,772"]}
    assert found(QueryTerm("432")) == {2: ["432"]}  # not in $432.1 nor 432,148
    assert found(QueryTerm("2009")) == {0: ["2009"]}  # not 2009.5
    assert found(QueryTerm("$432.1")) == {0: ["432.1"]}


def test_a_page_count_is_its_number_of_spans(store: Store) -> None:
    """``page_match_counts``, a hit's ``match_count`` and its spans tell one number: a phrase
    occurrence is one match, a word each of its occurrences."""
    _indexed(store, "num", NUMBER_PAGES)
    queries = [
        q(QueryTerm("statements of income", phrase=True)),
        q(QueryTerm("statements"), QueryTerm("income")),
        q(QueryTerm("432,148")),
        q(QueryTerm("432,148"), QueryTerm("revenue")),
        q(QueryTerm("income"), QueryTerm("statements of income", phrase=True)),
    ]
    expected_phrase = {3: 2}
    for query in queries:
        out = store.search_keyword("num", query, limit=10)
        counts = dict(out.page_match_counts)
        assert set(counts) == {h.page for h in out.hits}
        for h in out.hits:
            assert h.match_count == len(h.spans) == counts[h.page], (query, h)
    assert dict(store.search_keyword("num", queries[0]).page_match_counts) == expected_phrase
    assert dict(store.search_keyword("num", queries[2]).page_match_counts) == {0: 1}


def test_ranking_is_document_local(store: Store) -> None:
    _indexed(store)
    before = [h.page for h in store.search_keyword("doc", q(QueryTerm("public"), QueryTerm("works"), mode="or")).hits]
    _indexed(store, "other", ["public " * 50, "works works works", "public works everywhere"] * 5)
    after = [h.page for h in store.search_keyword("doc", q(QueryTerm("public"), QueryTerm("works"), mode="or")).hits]
    assert before == after


def test_many_scores_compare_across_documents(store: Store) -> None:
    """Searched together, documents share their statistics: the same page text scores the same
    in each, however common the term is in the rest of its own document."""
    _indexed(store, "a", ["zebra fish", "cat dog"])
    _indexed(store, "b", ["zebra fish", "zebra cow", "zebra yak", "zebra ant"])
    out = store.search_keyword_many(["a", "b"], q(QueryTerm("zebra")))
    a0 = {h.page: h.score for h in out["a"].hits}[0]
    b0 = {h.page: h.score for h in out["b"].hits}[0]
    assert abs(a0 - b0) < 1e-6


def test_clear_removes_index(store: Store) -> None:
    _indexed(store)
    store.clear(expired_only=False)
    assert not store.is_indexed("doc")
    assert not store.search_keyword("doc", q(QueryTerm("copyright"))).hits


def test_index_document_takes_a_stream_of_pages(store: Store) -> None:
    facts = DocumentFacts(80, (), (), tuple(PageInfo(i, 612.0, 792.0) for i in range(80)))
    store.save_facts("streamed", facts)
    texts = [f"page {i} talks about {'rivers' if i % 7 == 0 else 'mountains'}" for i in range(80)]

    def stream():  # type: ignore[no-untyped-def]
        for i, t in enumerate(texts):
            yield PageText(index=i, text=t, char_count=len(t))

    store.index_document("streamed", stream())
    assert store.is_indexed("streamed")
    hits = store.search_keyword("streamed", q(QueryTerm("river")), limit=20).hits
    assert sorted(h.page for h in hits) == [i for i in range(80) if i % 7 == 0]


def test_a_stream_that_fails_indexes_nothing(store: Store) -> None:
    facts = DocumentFacts(80, (), (), tuple(PageInfo(i, 612.0, 792.0) for i in range(80)))
    store.save_facts("broken", facts)

    def stream():  # type: ignore[no-untyped-def]
        for i in range(70):  # past the first batches
            yield PageText(index=i, text=f"page {i} about rivers", char_count=20)
        raise RuntimeError("the engine stopped")

    with pytest.raises(RuntimeError):
        store.index_document("broken", stream())
    assert not store.is_indexed("broken")
    assert store.search_keyword("broken", q(QueryTerm("river"))).hits == ()
