"""pdf_search through the real SDK client while a document's vectors are being made: auto
answers by keyword at once, semantic sends progress notifications and keeps to its budget."""

from __future__ import annotations

import time
from pathlib import Path

import anyio
import pytest
from mcp import Client

from tests.fakes.fake_embedder import GatedEmbedder
from tests.pdfgen import Page, write_pdf

TEXTS = [
    "Water the tomatoes every morning and prune the basil in summer.",
    "The treaty ended the war between the two kingdoms in 1648.",
    "Quarterly revenue rose by eight percent on strong exports.",
    "The orchestra played the symphony in the old concert hall.",
    "Tomatoes need sun; water the garden plants regularly.",
    "Prune the roses in early spring before the buds open.",
]


@pytest.fixture
def gated(tmp_path: Path):  # type: ignore[no-untyped-def]
    import pdfcore
    from mcp_adapter.server import create_server
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    embedder = GatedEmbedder()
    core = pdfcore.build(
        load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}),
        fetcher=None,
        embedder=embedder,
    )
    core.services.embedding_jobs.batch_pages = 2
    pdf = write_pdf(tmp_path / "g.pdf", [Page().text(72, 700, t) for t in TEXTS])
    yield create_server(core), embedder, pdf
    embedder.open()
    core.close()


def test_auto_answers_at_once_and_semantic_reports_progress(gated) -> None:  # type: ignore[no-untyped-def]
    server, embedder, pdf = gated
    updates: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        updates.append((progress, total, message))

    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as c:
            t0 = time.monotonic()
            auto = await c.call_tool("pdf_search", {"path": str(pdf), "query": "tomatoes"})
            auto_seconds = time.monotonic() - t0
            embedder.allow(1)  # one batch of two pages, then the embedder is held again
            t0 = time.monotonic()
            sem = await c.call_tool(
                "pdf_search",
                {"path": str(pdf), "query": "watering plants", "mode": "semantic", "budget_seconds": 1.5},
                progress_callback=on_progress,
            )
            sem_seconds = time.monotonic() - t0
            await anyio.sleep(0.2)  # notifications may arrive just after the result
            return auto, auto_seconds, sem, sem_seconds

    auto, auto_seconds, sem, sem_seconds = anyio.run(main)
    assert not auto.is_error, auto.content[0].text
    a = auto.structured_content
    assert a["search_mode"] == "keyword" and a["semantic_pending"] is True and a["embedded_share"] == 0.0
    assert {m["page"] for m in a["matches"]} == {1, 5}
    assert auto_seconds < 20  # the held embedder does not hold the answer
    assert not sem.is_error, sem.content[0].text
    s = sem.structured_content
    assert s["search_mode"] == "semantic" and s["semantic_pending"] is True
    assert s["embedded_share"] == round(2 / 6, 3) and s["pages_not_embedded"] == "2-4,6"
    assert 1.4 < sem_seconds < 15
    assert updates and all(total == 6 for _, total, _ in updates)
    assert max(done for done, _, _ in updates) == 2 and "embedded 2/6 pages" in {m for _, _, m in updates}
