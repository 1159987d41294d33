from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import InvalidArgument
from pdfcore.models import OutlineEntry
from pdfcore.services.rank_fusion import fuse_ranks
from pdfcore.services.search_query import parse_query, relaxed_query
from pdfcore.services.search_sections import heading_sections
from tests.fakes import FakeDocument, fake_core

PAGES = [
    "Introduction\n\nThe committee reviewed copyright policy.",
    "Copyright law grants exclusive rights.\n\nA short note.",
    "",  # a page without text (scanned)
    "Public domain works are free to use by everyone in the public.",
]


@pytest.fixture
def searcher(tmp_path: Path):  # type: ignore[no-untyped-def]
    core, _ = fake_core(
        tmp_path,
        {
            "d.pdf": FakeDocument(
                PAGES, outline=[OutlineEntry(1, "Intro", 1), OutlineEntry(1, "Law", 2), OutlineEntry(1, "Domain", 4)]
            )
        },
    )
    return core, str(tmp_path / "d.pdf")


def test_parse_query() -> None:
    q = parse_query('copyright "public domain" 著作権 copyright')
    assert [(t.text, t.phrase, t.substring) for t in q.terms] == [
        ("public domain", True, False),
        ("copyright", False, False),
        ("著作権", False, True),
    ]
    with pytest.raises(InvalidArgument):
        parse_query("   ")


def test_relaxed_query_keeps_content_words_phrases_and_cjk() -> None:
    q = relaxed_query(parse_query('What is the "fair value" of the 著作権 in 2019?'))
    assert q.mode == "or"
    assert [t.text for t in q.terms] == ["fair value", "著作権", "2019"]
    # only function words: nothing better to look for, so they stay
    assert [t.text for t in relaxed_query(parse_query("what is the")).terms] == ["what", "is", "the"]


def test_relaxed_search_ranks_by_content_words(searcher) -> None:  # type: ignore[no-untyped-def]
    core, path = searcher
    # no page holds every word; the function words "the", "by", "in" are on other pages too
    r = core.search(path, "the domain law by the everyone in", mode="keyword")
    assert r.relaxed_to_or
    assert {m.page for m in r.matches} == {2, 4}


def test_fusion_keeps_a_clear_first_ahead_of_pages_both_arms_rank_low() -> None:
    keyword = ["first", *(f"k{i}" for i in range(2, 15)), "both"]  # "both" at rank 15
    semantic = [*(f"s{i}" for i in range(1, 15)), "both"]
    fused = fuse_ranks(keyword, semantic)
    assert max(fused, key=fused.__getitem__) == "first"
    # agreement near the top still wins: both arms' second beats either arm's first alone
    fused = fuse_ranks(["a", "x"], ["b", "x"])
    assert max(fused, key=fused.__getitem__) == "x"


def test_keyword_hits_excerpts_and_coverage(searcher) -> None:  # type: ignore[no-untyped-def]
    core, path = searcher
    r = core.search(path, "copyright", mode="keyword", excerpt_style="paragraph")
    assert {m.page for m in r.matches} == {1, 2}
    assert r.page_match_counts == {"1": 1, "2": 1}
    for m in r.matches:
        assert "copyright" in m.excerpt.lower()
        assert m.bbox is not None and m.clip is not None
    # the empty page is reported: a miss there is not evidence of absence
    assert r.pages_without_text == "3" and "not evidence of absence" in (r.coverage_note or "")
    snip = core.search(path, "exclusive", mode="keyword", excerpt_style="snippet", context_chars=10)
    assert snip.matches[0].bbox is None and "exclusive" in snip.matches[0].excerpt


def test_auto_reports_semantic_unavailable(searcher) -> None:  # type: ignore[no-untyped-def]
    core, path = searcher
    r = core.search(path, "copyright")
    assert r.search_mode == "keyword"
    assert r.semantic_unavailable is True and r.semantic_unavailable_reason


def test_three_terms_relax_to_or(searcher) -> None:  # type: ignore[no-untyped-def]
    core, path = searcher
    strict = core.search(path, "copyright free", mode="keyword")
    assert not strict.matches and not strict.relaxed_to_or  # two terms stay AND
    loose = core.search(path, "copyright free everyone", mode="keyword")
    assert loose.relaxed_to_or and loose.matches


def test_regex_and_bad_regex(searcher) -> None:  # type: ignore[no-untyped-def]
    core, path = searcher
    r = core.search(path, r"[Cc]opy\w+", mode="regex")
    assert {m.page for m in r.matches} == {1, 2} and r.search_mode == "regex"
    with pytest.raises(InvalidArgument):
        core.search(path, "(unclosed", mode="regex")


def test_regex_budget_names_pages_not_searched(searcher) -> None:  # type: ignore[no-untyped-def]
    core, path = searcher
    source = core.open(path)
    facts, _ = core.documents.facts(source)
    r = core.services.search.regex(source, facts, r"(a+)+$", call_seconds=0.0)
    assert r.regex_budget_exhausted and r.pages_not_searched == "1-4" and r.searched_pages == 0


def test_sections_from_outline(searcher) -> None:  # type: ignore[no-untyped-def]
    core, path = searcher
    r = core.search(path, "copyright", granularity="section")
    assert r.search_mode == "section"
    assert [(s.title, s.start_page, s.end_page) for s in r.sections][:2] == [("Intro", 1, 1), ("Law", 2, 3)] or {
        s.title for s in r.sections
    } == {"Intro", "Law"}
    for s in r.sections:
        assert s.start_page <= s.end_page


def test_heading_sections_are_sane() -> None:
    from pdfcore.layout import assemble
    from pdfcore.models import Box, PageText, TextLine

    pages = []
    for i in range(4):
        lines = [TextLine(f"{i + 1}. Heading {i}", Box(50, 50, 300, 70), 18.0)]
        lines += [
            TextLine(
                f"body text line {k} of page {i} with enough words", Box(50, 100 + 14 * k, 500, 112 + 14 * k), 10.0
            )
            for k in range(30)
        ]
        pages.append(assemble(PageText(index=i, text="", lines=tuple(lines))))
    secs = heading_sections(pages, 4)
    assert 1 <= len(secs) <= 8
    assert all(s.start <= s.end for s in secs)
    assert [s.title for s in secs if s.title] == [f"{i + 1}. Heading {i}" for i in range(4)]


def test_semantic_and_hybrid_on_fakes(tmp_path: Path) -> None:
    from tests.fakes.fake_embedder import FakeEmbedder

    pages = [
        "Gardening tips: water tomatoes every morning and prune basil.",
        "The treaty ended the war between the two kingdoms in 1648.",
        "Tomatoes need sun; water the garden plants regularly in summer.",
    ]
    emb = FakeEmbedder()
    core, _ = fake_core(tmp_path, {"g.pdf": FakeDocument(pages)}, embedder=emb)
    path = str(tmp_path / "g.pdf")
    assert "semantic" in core.capabilities().search_modes
    sem = core.search(path, "watering tomato plants in the garden", mode="semantic")
    assert sem.search_mode == "semantic" and sem.model_name == "fake-bow"
    assert {m.page for m in sem.matches[:2]} == {1, 3}
    assert all(m.semantic_score is not None for m in sem.matches)
    calls = emb.texts_embedded
    core.search(path, "war treaty", mode="semantic")
    assert emb.texts_embedded == calls + 1  # document vectors are cached; only the query is embedded
    hyb = core.search(path, "treaty kingdoms")
    assert hyb.search_mode == "hybrid" and hyb.matches[0].page == 2
    assert hyb.matches[0].low_confidence is False
    assert hyb.semantic_unavailable is None


def test_a_query_is_embedded_as_a_query(tmp_path: Path) -> None:
    """Searches embed the query with ``embed_query`` (an adapter may make it more precisely
    than the stored vectors), the pages with ``embed``."""
    from tests.fakes.fake_embedder import FakeEmbedder

    class Queries(FakeEmbedder):
        def __init__(self) -> None:
            super().__init__()
            self.queries: list[str] = []

        def embed_query(self, text: str) -> Any:
            self.queries.append(text)
            return self.embed([text])

    emb = Queries()
    core, _ = fake_core(tmp_path, {"g.pdf": FakeDocument(["Tomatoes need sun.", "The treaty of 1648."])}, embedder=emb)
    path = str(tmp_path / "g.pdf")
    core.search(path, "treaty kingdoms", mode="semantic")
    core.search(path, "watering tomatoes")  # hybrid
    core.corpus_search(str(tmp_path), "treaty", mode="semantic")
    assert emb.queries == ["treaty kingdoms", "watering tomatoes", "treaty"]


def test_vectors_of_another_vector_space_are_made_again(tmp_path: Path) -> None:
    """A new graph of the same model (another ``vector_space``) never scores the query against
    the vectors stored by the old one: the document is embedded again."""
    from tests.fakes.fake_embedder import FakeEmbedder

    pages = ["Water the tomatoes every morning.", "The treaty ended the war in 1648."]
    emb = FakeEmbedder()
    emb.vector_space = "onnx-int8-g1/fake-bow"
    core, _ = fake_core(tmp_path, {"g.pdf": FakeDocument(pages)}, embedder=emb)
    path = str(tmp_path / "g.pdf")
    core.search(path, "tomato garden", mode="semantic")
    assert emb.texts_embedded == len(pages) + 1
    core.search(path, "war treaty", mode="semantic")
    assert emb.texts_embedded == len(pages) + 2  # same space: the stored vectors serve
    emb.vector_space = "onnx-int8-g2/fake-bow"
    r = core.search(path, "war treaty", mode="semantic")
    assert emb.texts_embedded == 2 * len(pages) + 3  # new space: the pages are embedded again
    assert r.search_mode == "semantic" and r.matches[0].page == 2


def test_auto_degrades_at_once_when_embedder_missing(tmp_path: Path) -> None:
    core, _ = fake_core(tmp_path, {"g.pdf": FakeDocument(["alpha beta"])})
    r = core.search(str(tmp_path / "g.pdf"), "alpha")
    assert r.search_mode == "keyword" and r.semantic_unavailable
    from pdfcore.errors import BackendUnavailable

    with pytest.raises(BackendUnavailable):
        core.search(str(tmp_path / "g.pdf"), "alpha", mode="semantic")


def test_hybrid_counts_the_pages_it_lists(tmp_path: Path) -> None:
    """``total_matches`` is the number of pages in ``page_match_counts`` in hybrid mode too;
    pages only the semantic arm finds are counted apart (``related_pages``)."""
    from tests.fakes.fake_embedder import FakeEmbedder

    pages = [
        "Tomatoes need water every morning in the garden.",
        "The treaty ended the war between the two kingdoms.",
        "Water the garden plants and tomatoes in summer.",
        "Garden tomatoes and watering them.",
    ]
    core, _ = fake_core(tmp_path, {"g.pdf": FakeDocument(pages)}, embedder=FakeEmbedder())
    path = str(tmp_path / "g.pdf")
    core.search(path, "tomatoes", mode="semantic", budget_seconds=30)  # the vectors are made
    hyb = core.search(path, "tomatoes garden")
    assert hyb.search_mode == "hybrid"
    assert hyb.total_matches == len(hyb.page_match_counts) == 3
    keyword = core.search(path, "tomatoes garden", mode="keyword")
    assert keyword.page_match_counts == hyb.page_match_counts
    # no page holds both words: no keyword match, the related pages come from the semantic arm
    apart = core.search(path, "tomatoes kingdoms")
    assert apart.total_matches == len(apart.page_match_counts) == 0
    assert getattr(apart, "related_pages", 0) >= 1 and apart.matches


def test_section_search_honours_max_results(searcher) -> None:  # type: ignore[no-untyped-def]
    core, path = searcher
    r = core.search(path, "copyright law public domain works", granularity="section", max_results=1)
    assert len(r.sections) == 1 and r.total_matches >= 2


# -- auto and semantic while the vectors are made in the background --------------------------

GARDEN = [
    "Gardening tips: water tomatoes every morning and prune basil.",
    "The treaty ended the war between the two kingdoms in 1648.",
    "Tomatoes need sun; water the garden plants regularly in summer.",
    "Quarterly revenue rose by eight percent on strong exports.",
    "The orchestra played the symphony in the old concert hall.",
    "Prune the roses in early spring before the buds open.",
]


def _gated(tmp_path: Path):  # type: ignore[no-untyped-def]
    from tests.fakes.fake_embedder import GatedEmbedder

    emb = GatedEmbedder()
    core, _ = fake_core(tmp_path, {"g.pdf": FakeDocument(GARDEN)}, embedder=emb)
    return core, emb, str(tmp_path / "g.pdf")


def test_auto_answers_by_keyword_at_once_while_the_embedder_is_held(tmp_path: Path) -> None:
    import time

    core, emb, path = _gated(tmp_path)
    try:
        t0 = time.monotonic()
        first = core.search(path, "tomatoes water")
        assert time.monotonic() - t0 < 5.0  # the held embedder never holds the search
        assert first.search_mode == "keyword" and first.semantic_pending is True
        assert first.embedded_share == 0.0 and first.semantic_unavailable is None
        assert {m.page for m in first.matches} == {1, 3} and first.semantic_note
        assert first.pages_not_embedded == "1-6"
        # The background job starts with the pages this query found.
        assert emb.waiting.wait(10)
        emb.open()
        done = core.search(path, "tomatoes", mode="semantic", budget_seconds=30)
        assert done.semantic_pending is None and done.search_mode == "semantic"
        assert {t.split(":")[0].split()[0] for t in emb.batches[0]} >= {"Gardening", "Tomatoes"}
        hybrid = core.search(path, "treaty kingdoms")
        assert hybrid.search_mode == "hybrid" and hybrid.semantic_pending is None
    finally:
        emb.open()
        core.close()


def test_semantic_honours_its_budget_and_names_the_pages_not_embedded(tmp_path: Path) -> None:
    import time

    core, emb, path = _gated(tmp_path)
    core.services.embedding_jobs.batch_pages = 3
    try:
        core.search(path, "tomatoes")  # keyword; the job starts with pages 1 and 3
        emb.allow(1)  # one batch of three pages, then the embedder is held
        seen: list[tuple[int, int]] = []
        t0 = time.monotonic()
        sem = core.search(
            path,
            "watering tomato plants",
            mode="semantic",
            budget_seconds=1.0,
            progress=lambda d, t: seen.append((d, t)),
        )
        assert 0.9 < time.monotonic() - t0 < 5.0
        assert sem.search_mode == "semantic" and sem.semantic_pending is True
        assert sem.embedded_share == 0.5 and sem.pages_not_embedded is not None
        embedded = {1, 3, 2}  # the pages the keyword search found first, then the first page left
        assert {m.page for m in sem.matches} <= embedded
        assert sem.pages_not_embedded == "4-6"
        assert seen and seen[-1] == (3, 6)
    finally:
        emb.open()
        core.close()


def test_compact_search_never_waits_for_vectors_and_has_them_made(tmp_path: Path) -> None:
    import time

    core, emb, path = _gated(tmp_path)
    try:
        t0 = time.monotonic()
        body = core.search_pdf(path, "tomatoes water")
        assert time.monotonic() - t0 < 5.0  # the held embedder never holds the search
        assert "ranked by keyword relevance (BM25)." in body
        assert emb.waiting.wait(10)  # queued for vectors, the pages this search found first
        emb.open()
        core.search(path, "tomatoes", mode="semantic", budget_seconds=30)  # waits for the vectors
        assert {t.split(":")[0].split()[0] for t in emb.batches[0]} >= {"Gardening", "Tomatoes"}
        assert "fused with semantic similarity" in core.search_pdf(path, "tomatoes water")
    finally:
        emb.open()
        core.close()


def test_cache_clear_cancels_the_background_job(tmp_path: Path) -> None:
    core, emb, path = _gated(tmp_path)
    try:
        core.search(path, "tomatoes")
        assert emb.waiting.wait(10)
        core.cache_clear(expired_only=False)
        assert core.services.embedding_jobs.pending() == 0
        emb.open()
        again = core.search(path, "tomatoes")
        assert again.search_mode == "keyword" and again.semantic_pending  # nothing was kept
    finally:
        emb.open()
        core.close()


def test_budget_seconds_is_checked(tmp_path: Path) -> None:
    core, emb, path = _gated(tmp_path)
    try:
        with pytest.raises(InvalidArgument):
            core.search(path, "tomatoes", mode="semantic", budget_seconds=-1)
    finally:
        emb.open()
        core.close()
