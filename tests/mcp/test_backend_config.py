"""A configuration naming each registered backend starts the server and ``server_info`` names
it; an unknown or broken backend is reported with its reason and never claimed available."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from pdfcore import registry
from tests.mcp.conftest import payload, stdio_session
from tests.pdfgen import simple_document

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
}


def _session(tmp_path: Path, config: str, calls: list[tuple[str, dict[str, Any]]], **env: str) -> list[dict[str, Any]]:
    """The payloads of ``calls`` (tool name, arguments) to a server started over stdio."""
    sent: list[dict[str, Any]] = [INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"}]
    sent += [
        {"jsonrpc": "2.0", "id": 10 + i, "method": "tools/call", "params": {"name": n, "arguments": a}}
        for i, (n, a) in enumerate(calls)
    ]
    received, err = stdio_session(tmp_path, sent, config=config, env=env)
    by_id = {m["id"]: m for m in received}
    assert set(by_id) == {1, *(10 + i for i in range(len(calls)))}, err
    return [json.loads(by_id[10 + i]["result"]["content"][0]["text"]) for i in range(len(calls))]


def _configs() -> list[dict[str, str]]:
    """Configurations that together name every registered backend, each naming one per port."""
    depth = max(len(t) for t in registry.BACKENDS.values())
    return [
        {port: sorted(table)[min(k, len(table) - 1)] for port, table in registry.BACKENDS.items()} for k in range(depth)
    ]


@pytest.mark.parametrize("choice", _configs(), ids=lambda c: "+".join(sorted({c["ocr"], c["executor"]})))
def test_a_configuration_naming_each_backend_starts_and_server_info_names_it(
    tmp_path: Path, choice: dict[str, str]
) -> None:
    toml = "[backends]\n" + "".join(f'{port} = "{name}"\n' for port, name in choice.items())
    (info,) = _session(tmp_path, toml, [("server_info", {})])
    backends, problems = info["backends"], info["backend_problems"]
    for port, name in choice.items():
        if registry.missing_modules(port, name):  # not installed here: reported, not claimed
            assert port not in backends and name in problems[port], (port, problems)
        elif port == "ocr":  # chosen on first use: server_info reports the engine it loads
            ocr = info["features"]["extraction"]["ocr"]
            assert ocr.get("engine") == name or (not ocr["available"] and name in ocr["reason"]), ocr
        elif port == "embedder":
            assert backends["embedder"].startswith(f"{name} ("), backends
        else:
            assert backends[port] == name, (port, backends, problems)
            assert port not in problems
    assert info["features"]["corpus"]["executor"] == backends["executor"]


def test_an_unknown_optional_backend_is_reported_and_its_tools_say_so(tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 1)
    info, chart, read = _session(
        tmp_path,
        '[backends]\ntables = "camelot"\ncharts = "nosuch"\n',
        [("server_info", {}), ("pdf_extract_chart", {"path": str(pdf), "page": 1}), ("pdf_info", {"path": str(pdf)})],
    )
    for port, name in (("tables", "camelot"), ("charts", "nosuch")):
        assert port not in info["backends"]
        assert info["backend_problems"][port].startswith("unknown_backend:") and name in info["backend_problems"][port]
    assert chart["error"] == "backend_unavailable" and "nosuch" in chart["message"]
    assert read["page_count"] == 1  # the rest serves


def test_an_unknown_required_backend_stops_start_up(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text('[backends]\ntext = "nosuch"\n')
    env = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
    env.update(PDFCORE_CONFIG=str(cfg), PDFCORE_CACHE_DIR=str(tmp_path / "cache"))
    out = subprocess.run(
        [sys.executable, "-m", "mcp_adapter"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 2 and out.stdout == ""
    assert "unknown_backend" in out.stderr and "nosuch" in out.stderr and "pdfium" in out.stderr


def test_a_backend_missing_its_package_is_reported_not_claimed(tmp_path: Path) -> None:
    """pdfminer is not installed (hidden from the server process and its engine workers): the
    attachment reader and the table extractor (pdfplumber reads with pdfminer) are left out with
    the reason, and attachments are not claimed."""
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text('import sys\nsys.modules["pdfminer"] = None  # as if not installed\n')
    pdf = simple_document(tmp_path / "s.pdf", 1)
    info, listing = _session(
        tmp_path,
        '[backends]\nextras = "none"\n',
        [("server_info", {}), ("pdf_attachments", {"path": str(pdf)})],
        PYTHONPATH=str(hide),
    )
    for port in ("attachments", "tables"):
        assert port not in info["backends"]
        assert info["backend_problems"][port].startswith("backend_unavailable:")
        assert "pdfminer" in info["backend_problems"][port]
    assert info["features"]["agent"]["attachments"] == {"available": False}
    assert info["features"]["agent"]["forms_links_annotations"] == {"available": False}
    assert listing["error"] == "backend_unavailable"


def test_optional_backends_missing_their_packages_are_reported_in_process(
    mcp_core: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The same through the SDK client in process, engines isolated: bootstrap checks the
    packages of the backends it names to the engine workers, and hands over None."""
    import pdfcore
    from mcp_adapter.server import create_server
    from pdfcore.config import load_settings

    for key in (("extras", "pdfium"), ("attachments", "pdfminer"), ("charts", "pdfium"), ("executor", "dask")):
        monkeypatch.setitem(registry.REQUIREMENTS, key, (("no_such_module_for_the_test",), "pdfcore[test]"))
    cfg = tmp_path / "c.toml"
    cfg.write_text('[backends]\nexecutor = "dask"\n')
    core = pdfcore.build(
        load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "c")}), fetcher=None
    )
    try:
        assert (
            core.services.document_extras is None
            and core.services.attachment_reader is None
            and core.services.vectors is None
        )
        pdf = simple_document(tmp_path / "s.pdf", 1)

        async def main():  # type: ignore[no-untyped-def]
            async with Client(create_server(core)) as c:
                info = await c.call_tool("server_info", {})
                files = await c.call_tool("pdf_attachments", {"path": str(pdf)})
                return payload(info), payload(files)

        info, files = anyio.run(main)
    finally:
        core.close()
    for port in ("extras", "attachments", "charts", "executor"):
        assert port not in info["backends"]
        assert "no_such_module_for_the_test" in info["backend_problems"][port]
        assert "pdfcore[test]" not in info["backends"].values()
    assert info["features"]["agent"]["attachments"]["available"] is False
    assert info["features"]["corpus"]["executor"] == "in-process"
    assert files["error"] == "backend_unavailable"
