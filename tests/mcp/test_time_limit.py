"""A call that runs past ``limits.call_timeout_seconds`` answers ``resource_limit`` (the call is
abandoned) or ``extraction_failed`` (the engine worker was stopped) soon after the limit, an
engine crash answers ``extraction_failed``, and the server keeps answering other calls.

The engine is tests/crashers.py's extractor, loaded by spec in the worker processes: page 13
aborts the process, page 14 sleeps for an hour.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from adapters.process_isolation import WorkerPool, isolated
from pdfcore.models import DocumentFacts, DocumentSource, PageInfo, PageText
from ports.text_extractor import TextExtractor
from tests.mcp.conftest import payload
from tests.pdfgen import simple_document

CALL_TIMEOUT = 5
#: "Soon": the limit plus generous slack for a loaded machine; a hang would take an hour.
SOON = CALL_TIMEOUT + 25
#: The limit for the in-thread engine (nothing to start there).
THREAD_TIMEOUT = 1
SPEC = "tests.crashers:CrashingExtractor"


def _settings(tmp_path: Path, isolation: str, timeout: float) -> Any:
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache"), "PDFCORE_ISOLATION": isolation}
    return load_settings(env=env, overrides={"limits": {"call_timeout_seconds": timeout}})


@pytest.fixture
def hanging_core(tmp_path: Path) -> Iterator[Any]:
    import pdfcore

    pool = WorkerPool(2, timeout_seconds=CALL_TIMEOUT)
    settings = _settings(tmp_path, "process", CALL_TIMEOUT)
    core = pdfcore.build(settings, text=isolated(TextExtractor, SPEC, pool), fetcher=None)
    # Start the engine workers first, as the server does after tools/list: a cold start on a
    # loaded machine must not count against the limit.
    pool.warm(SPEC)
    core.warm()
    yield core
    core.close()
    pool.close()


async def _timed(client: Client, tool: str, args: dict[str, Any]) -> tuple[Any, float]:
    t0 = time.monotonic()
    result = await client.call_tool(tool, args)
    return result, time.monotonic() - t0


def test_hang_answers_soon_and_server_stays_responsive(hanging_core: Any, tmp_path: Path) -> None:
    from mcp_adapter.server import create_server

    pdf = str(simple_document(tmp_path / "d.pdf", 20))

    async def main() -> list[tuple[Any, float]]:
        async with Client(create_server(hanging_core)) as c:
            return [
                await _timed(c, "pdf_read_pages", {"path": pdf, "pages": "14"}),  # hangs the engine
                await _timed(c, "pdf_read_pages", {"path": pdf, "pages": "2"}),
                await _timed(c, "pdf_render_pages", {"path": pdf, "pages": "1", "dpi": 72}),
                await _timed(c, "pdf_read_pages", {"path": pdf, "pages": "14"}),  # and again
                await _timed(c, "server_info", {}),
                await _timed(c, "pdf_read_pages", {"path": pdf, "pages": "3-4"}),
            ]

    results = anyio.run(main)
    (after, _), (render, _), (info, _), (more, _) = results[1], results[2], results[4], results[5]
    for res, seconds in (results[0], results[3]):
        assert res.is_error and payload(res)["error"] in ("resource_limit", "extraction_failed"), payload(res)
        assert payload(res)["recovery"]
        assert seconds < SOON
    assert not after.is_error and after.structured_content["pages"][0]["text"].startswith("page 2 in pid")
    assert not render.is_error and render.structured_content["pages_rendered"] == [1]
    assert not info.is_error
    assert [p["page"] for p in more.structured_content["pages"]] == [3, 4]


def test_crash_answers_extraction_failed_and_server_stays_responsive(hanging_core: Any, tmp_path: Path) -> None:
    from mcp_adapter.server import create_server

    pdf = str(simple_document(tmp_path / "d.pdf", 20))

    async def main() -> tuple[Any, Any, Any]:
        async with Client(create_server(hanging_core)) as c:
            crash = await c.call_tool("pdf_read_pages", {"path": pdf, "pages": "13"})
            crash_in_range = await c.call_tool("pdf_read_pages", {"path": pdf, "pages": "10-13"})
            after = await c.call_tool("pdf_read_pages", {"path": pdf, "pages": "5"})
            return crash, crash_in_range, after

    crash, crash_in_range, after = anyio.run(main)
    for res in (crash, crash_in_range):
        body = payload(res)
        assert res.is_error and body["error"] == "extraction_failed", body
        assert "crash" in body["message"]
    assert not after.is_error and after.structured_content["pages"][0]["text"].startswith("page 5 in pid")


class SlowExtractor:
    """An engine without process isolation that takes far longer than the limit on every page."""

    name = "slow"

    def inspect(self, source: DocumentSource) -> DocumentFacts:
        return DocumentFacts(3, (), (), tuple(PageInfo(i, 612.0, 792.0) for i in range(3)))

    def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]:
        for i in pages:
            time.sleep(6 * THREAD_TIMEOUT)
            yield PageText(index=i, text=f"page {i + 1}")


def test_time_limit_without_process_isolation(tmp_path: Path) -> None:
    """In-thread engines cannot be stopped, but the call is abandoned: resource_limit at the limit."""
    import pdfcore
    from mcp_adapter.server import create_server

    core = pdfcore.build(_settings(tmp_path, "none", THREAD_TIMEOUT), text=SlowExtractor(), fetcher=None)
    pdf = str(simple_document(tmp_path / "d.pdf", 3))

    async def main() -> list[tuple[Any, float]]:
        async with Client(create_server(core)) as c:
            return [
                await _timed(c, "pdf_read_pages", {"path": pdf, "pages": "1"}),
                await _timed(c, "pdf_render_pages", {"path": pdf, "pages": "2", "dpi": 72}),
                await _timed(c, "server_info", {}),
            ]

    try:
        (slow, seconds), (render, _), (info, _) = anyio.run(main)
    finally:
        core.close()
    body = payload(slow)
    assert slow.is_error and body["error"] == "resource_limit", body
    assert f"{THREAD_TIMEOUT:g} s" in body["message"]
    assert THREAD_TIMEOUT * 0.9 <= seconds < SOON
    assert not render.is_error and render.structured_content["pages_rendered"] == [2]
    assert not info.is_error
