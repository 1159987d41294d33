"""Corpus search while vectors are being made: auto answers by keyword at once and names the
documents whose vectors are pending; semantic keeps to its budget."""

from __future__ import annotations

import time
from pathlib import Path

from tests.fakes.fake_embedder import GatedEmbedder
from tests.pdfgen import Page, write_pdf

DOCS = {
    "a.pdf": ["Water the tomatoes every morning and prune the basil.", "The treaty ended the war in 1648."],
    "b.pdf": ["Quarterly revenue rose by eight percent.", "Tomatoes need sun and regular watering."],
    "c.pdf": ["The orchestra played the symphony.", "Prune the roses in early spring."],
}


def _corpus(tmp_path: Path):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    folder = tmp_path / "docs"
    folder.mkdir()
    for name, pages in DOCS.items():
        write_pdf(folder / name, [Page().text(72, 700, t) for t in pages])
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache"), "PDFCORE_ISOLATION": "none"}
    emb = GatedEmbedder()
    core = pdfcore.build(load_settings(env=env), fetcher=None, embedder=emb)
    return core, emb, str(folder)


def test_corpus_auto_answers_by_keyword_while_the_embedder_is_held(tmp_path: Path) -> None:
    core, emb, folder = _corpus(tmp_path)
    try:
        t0 = time.monotonic()
        first = core.corpus_search(folder, "tomatoes", budget_seconds=10)
        assert time.monotonic() - t0 < 10
        assert first.search_mode == "keyword" and first.semantic_pending is True
        assert {Path(m.path).name for m in first.matches} == {"a.pdf", "b.pdf"}
        assert len(first.semantic_unprocessed or ()) == 3
        emb.open()
        core.corpus_search(folder, "tomatoes", mode="semantic", budget_seconds=30)
        later = core.corpus_search(folder, "tomatoes")
        assert later.search_mode == "hybrid" and not later.semantic_unprocessed and later.semantic_pending is None
    finally:
        emb.open()
        core.close()


def test_corpus_semantic_keeps_to_its_budget(tmp_path: Path) -> None:
    core, emb, folder = _corpus(tmp_path)
    try:
        t0 = time.monotonic()
        sem = core.corpus_search(folder, "watering plants", mode="semantic", budget_seconds=3)
        assert time.monotonic() - t0 < 3  # the wait for vectors leaves the ranking its time
        # Every document is named: not warmed within the budget, or warmed without its vectors.
        assert len(sem.semantic_unprocessed or ()) + len(sem.unprocessed) == 3 and not sem.matches
        assert sem.semantic_pending is True or sem.budget_exhausted
    finally:
        emb.open()
        core.close()
