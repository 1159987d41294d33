"""The real server process over stdio: the SDK client, raw JSON-RPC framing, start-up imports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

from tests.mcp.conftest import payload, stdio_session
from tests.pdfgen import simple_document

HEAVY = ("torch", "sentence_transformers", "easyocr", "transformers", "onnxruntime", "rapidocr", "pdfplumber")


def _env(tmp_path: Path) -> dict[str, str]:
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
    env.update({"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")})
    return env


def test_sdk_client_over_stdio(tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 2)
    params = StdioServerParameters(command=sys.executable, args=["-m", "mcp_adapter"], env=_env(tmp_path))

    async def main():  # type: ignore[no-untyped-def]
        async with Client(params) as c:
            tools = (await c.list_tools()).tools
            info = await c.call_tool("pdf_info", {"path": str(pdf)})
            bad = await c.call_tool("pdf_read_pages", {"path": str(pdf), "pages": "7"})
            return tools, info, bad

    tools, info, bad = anyio.run(main)
    assert "pdf_read_all" in {t.name for t in tools}
    assert info.structured_content["page_count"] == 2
    assert bad.is_error and payload(bad)["error"] == "page_out_of_range"
    for result in (info, bad):  # the call statistics travel over stdio too
        assert result.meta["pdfcore/stats"]["wall_ms"] > 0


def test_stdout_carries_only_protocol(tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 1)
    msgs = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "pdf_read_pages", "arguments": {"path": str(pdf), "pages": "1"}},
        },
        {
            "jsonrpc": "2.0",
            "id": 4,
            "method": "tools/call",
            "params": {"name": "pdf_info", "arguments": {"path": "/no/such.pdf"}},
        },
    ]
    parsed, _ = stdio_session(tmp_path, msgs)  # every stdout line parses as a JSON-RPC message
    assert all(m.get("jsonrpc") == "2.0" for m in parsed)
    by_id = {m.get("id"): m for m in parsed}
    assert {1, 2, 3, 4} <= set(by_id)
    assert by_id[3]["result"]["isError"] is False
    assert by_id[4]["result"]["isError"] is True


def test_startup_imports_no_heavy_engines(tmp_path: Path) -> None:
    code = (
        "import sys, pdfcore\n"
        "from pdfcore.config import load_settings\n"
        "from mcp_adapter.server import create_server\n"
        "core = pdfcore.build(load_settings())\n"
        "create_server(core)\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(tmp_path), timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
