"""Corpus tools on 10,000 PDFs: paged listings, answers of bounded size, memory flat in corpus size."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from pdfcore.serde import unstructure
from tests.pdfgen import assemble

N_DOCS = 10_000
PLACEHOLDER = b"NNNNNN"


def _template() -> bytes:
    """A one-page PDF whose text holds a fixed-width placeholder (so the xref stays valid);
    uncompressed, so the placeholder can be replaced in the bytes."""
    content = b"BT /F1 12 Tf 72 720 Td (scale document " + PLACEHOLDER + b" quokka) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> "
        b"/Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    ]
    return assemble(objects, root=1)


@pytest.fixture(scope="module")
def big_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scale") / "docs"
    template = _template()
    for i in range(N_DOCS):
        sub = root / f"batch{i // 1000:02d}"
        if i % 1000 == 0:
            sub.mkdir(parents=True)
        (sub / f"doc{i:05d}.pdf").write_bytes(template.replace(PLACEHOLDER, f"{i:06d}".encode()))
    return root


def _core(tmp_path: Path, root: Path):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {
        "PDFCORE_CONFIG": str(cfg),
        "PDFCORE_CACHE_DIR": str(tmp_path / "cache"),
        "PDFCORE_EMBEDDER": "none",
        "PDFCORE_ROOTS": str(root),
    }
    return pdfcore.build(load_settings(env=env))


def _size(result: object) -> int:
    return len(json.dumps(unstructure(result)).encode())


@pytest.mark.slow
def test_ten_thousand_pdfs_are_listed_page_by_page(tmp_path: Path, big_folder: Path) -> None:
    core = _core(tmp_path, big_folder)
    try:
        first = core.list_documents(offset=0, limit=100)
        assert first.total == N_DOCS and len(first.documents) == 100 and first.next_offset == 100
        last = core.list_documents(offset=N_DOCS - 100, limit=100)
        assert len(last.documents) == 100 and last.next_offset is None
        assert last.documents[-1].path.endswith(f"doc{N_DOCS - 1:05d}.pdf")
        # memory for one page of the listing does not grow with the corpus: a few MB of paths at most
        tracemalloc.start()
        try:
            core.list_documents(offset=5000, limit=100)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert peak < 16 * 1024 * 1024, peak
    finally:
        core.close()


#: Calls of one kind a test makes at most until a budgeted call gets some work done.
MAX_CALLS = 10


@pytest.mark.slow
def test_ten_thousand_pdfs_warm_and_search_answers_stay_small(tmp_path: Path, big_folder: Path) -> None:
    core = _core(tmp_path, big_folder)
    try:
        # (budgets bound each call's time, not its progress: on a loaded machine a call may end
        # before it reads anything, so the call is made again until some work is done)
        for _ in range(MAX_CALLS):
            warm = core.corpus_warm(str(big_folder), budget_seconds=2, recursive=True)
            done = sum(warm.status_counts.values())
            if done:
                break
        assert warm.corpus_size == N_DOCS
        assert (
            done >= 1
            and done + warm.unprocessed_count + warm.skipped_count - warm.status_counts.get("failed", 0) == N_DOCS
        )
        assert warm.budget_exhausted and warm.unprocessed_count > 100
        assert len(warm.unprocessed) == 100 and warm.lists_truncated is True
        assert len(warm.docs) <= 100
        assert _size(warm) < 64 * 1024

        for _ in range(MAX_CALLS):
            hits = core.corpus_search(
                str(big_folder), "quokka", mode="keyword", budget_seconds=1, recursive=True, top_k=5
            )
            if len(hits.matches) == 5:
                break
        assert hits.corpus_size == N_DOCS and len(hits.matches) == 5
        assert all("quokka" in m.excerpt for m in hits.matches)
        assert hits.coverage["searched"] >= done and hits.unprocessed_count == N_DOCS - hits.coverage["searched"]
        assert len(hits.unprocessed) == 100 and hits.lists_truncated is True
        assert _size(hits) < 128 * 1024
    finally:
        core.close()
