"""``_meta["pdfcore/stats"]`` on every tool result (both profiles, errors included), what it
says about a cold and a warm call, the off switch, and ``pdfcore --stats``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from mcp_adapter.server import create_server
from tests.pdfgen import simple_document

KEYS = {
    "wall_ms",
    "phases_ms",
    "pages_extracted",
    "pages_cached",
    "bytes_out",
    "engines",
    "cut_by_budget",
    "cut_by",
}


def _stats(result: Any) -> dict[str, Any]:
    meta = result.meta or {}
    assert "pdfcore/stats" in meta, meta
    stats: dict[str, Any] = meta["pdfcore/stats"]
    assert set(stats) == KEYS
    return stats


def test_every_tool_result_carries_stats(mcp_core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 4, words=("alpha", "beta", "gamma", "delta"))

    async def main() -> dict[str, Any]:
        async with Client(create_server(mcp_core)) as c:
            out = {}
            for name, args in (
                ("pdf_search", {"path": str(pdf), "query": "gamma", "mode": "keyword"}),
                ("pdf_search#warm", {"path": str(pdf), "query": "delta", "mode": "keyword"}),
                ("pdf_read_pages", {"path": str(pdf), "pages": "1-4", "max_chars": 300}),
                ("pdf_render_pages", {"path": str(pdf), "pages": "1", "dpi": 72}),
                ("pdf_info#missing", {"path": str(tmp_path / "missing.pdf")}),  # a tool error
                ("pdf_info#bogus", {"path": str(pdf), "bogus": 1}),  # an argument error
                ("server_info", {}),
            ):
                out[name] = await c.call_tool(name.split("#")[0], args)
            return out

    results = anyio.run(main)
    cold, warm = _stats(results["pdf_search"]), _stats(results["pdf_search#warm"])
    assert cold["pages_extracted"] == 4 and cold["engines"]["text"] == "pdfium"
    assert {"resolve", "extract", "index", "search", "serialize"} <= set(cold["phases_ms"])
    assert sum(cold["phases_ms"].values()) <= cold["wall_ms"]
    # warm: the index answers, and only the page holding the hit is read (from the cache) for its excerpt
    assert warm["pages_extracted"] == 0 and warm["pages_cached"] == 1 and "index" not in warm["phases_ms"]
    assert cold["bytes_out"] == len(results["pdf_search"].content[0].text.encode())
    read = _stats(results["pdf_read_pages"])
    assert read["cut_by_budget"] is True and "max_chars" in read["cut_by"]
    assert _stats(results["pdf_search"])["cut_by_budget"] is False
    render = _stats(results["pdf_render_pages"])
    assert "render" in render["phases_ms"] and render["bytes_out"] > 1000 and render["engines"]["renderer"]
    for name in ("pdf_info#missing", "pdf_info#bogus"):
        assert results[name].is_error and _stats(results[name])["pages_extracted"] == 0
    _stats(results["server_info"])


def test_compact_results_carry_stats(mcp_core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 2)

    async def main() -> list[Any]:
        async with Client(create_server(mcp_core, profile="compact")) as c:
            return [
                await c.call_tool("read_pdf", {"source": str(pdf)}),
                await c.call_tool("search_pdf", {"source": str(pdf), "query": "fox"}),
                await c.call_tool("render_pdf", {"source": str(pdf), "pages": "1"}),
            ]

    for result in anyio.run(main):
        _stats(result)


def test_stats_can_be_turned_off(tmp_path: Path) -> None:
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("[server]\nstats = false\n")
    core = pdfcore.build(load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "c")}))
    pdf = simple_document(tmp_path / "s.pdf", 1)

    async def main() -> Any:
        async with Client(create_server(core)) as c:
            return await c.call_tool("pdf_info", {"path": str(pdf)})

    try:
        result = anyio.run(main)
    finally:
        core.close()
    assert "pdfcore/stats" not in (result.meta or {})


def test_cli_prints_stats(tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 3)
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
    env.update(PDFCORE_CONFIG=str(cfg), PDFCORE_CACHE_DIR=str(tmp_path / "cache"))
    cmd = [sys.executable, "-m", "pdfcore_entrypoints.cli", "search", str(pdf), "fox", "--mode", "keyword", "--stats"]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    line = [x for x in out.stderr.splitlines() if x.startswith('{"pdfcore/stats"')][-1]
    stats = json.loads(line)["pdfcore/stats"]
    assert set(stats) == KEYS and stats["pages_extracted"] == 3
    assert stats["bytes_out"] == len(out.stdout.encode())
    plain = subprocess.run(cmd[:-1], capture_output=True, text=True, env=env, timeout=120)
    assert "pdfcore/stats" not in plain.stderr
