"""The stored tool catalog: current, equal to what the code builds, used only when current, and
what lets start-up skip building the tools (and importing the result classes and services
behind them); each tool is then built when first called."""

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

from mcp_adapter import catalog
from mcp_adapter.server import create_server
from tests.pdfgen import simple_document

REGENERATE = "the tool catalog is stale: run `python -m mcp_adapter.catalog` and commit mcp_adapter/tools.json"


@pytest.mark.parametrize("profile", catalog.PROFILES)
def test_the_stored_catalog_is_current_and_equal_to_the_built_tools(profile: str) -> None:
    stored = catalog.load(profile)
    assert stored is not None, REGENERATE
    assert stored == catalog.build_listing(profile), REGENERATE


@pytest.mark.parametrize("profile", catalog.PROFILES)
def test_the_stored_first_answers_are_what_the_server_answers(profile: str) -> None:
    stored = catalog.load_answers(profile)
    assert stored is not None, REGENERATE
    answers, tools = stored
    assert answers == catalog.record_answers(profile), REGENERATE
    assert tools == catalog.load(profile)
    from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

    keys = {f"{m} {v}" for v in HANDSHAKE_PROTOCOL_VERSIONS for m in ("initialize", "tools/list")}
    keys |= {f"{m} {v}" for v in MODERN_PROTOCOL_VERSIONS for m in ("server/discover", "tools/list")}
    assert set(answers) == keys


async def _listed(server: Any) -> list[dict[str, Any]]:
    async with Client(server) as client:
        result = await client.list_tools()
    return [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in result.tools]


@pytest.mark.parametrize("profile", catalog.PROFILES)
def test_a_server_lists_the_same_tools_with_and_without_the_catalog(mcp_core: Any, profile: str) -> None:
    deferred = create_server(mcp_core, profile=profile)
    eager = create_server(mcp_core, profile=profile, catalog=False)
    assert deferred.tools_built == [] and len(eager.tools_built) == len(catalog.load(profile) or ())
    assert anyio.run(_listed, deferred) == anyio.run(_listed, eager)
    assert deferred.tools_built == []  # listing builds nothing


def test_a_call_before_the_tools_are_built_builds_them_and_answers(mcp_core: Any, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "three.pdf", 3)
    server = create_server(mcp_core)
    assert server.tools_built == []

    async def main() -> tuple[Any, Any]:
        async with Client(server) as client:  # no tools/list first
            result = await client.call_tool("pdf_info", {"path": str(pdf)})
            templates = await client.list_resource_templates()
        return result, templates

    result, templates = anyio.run(main)
    assert result.is_error is False
    assert json.loads(result.content[0].text)["page_count"] == 3
    assert server.tools_built == ["pdf_info"]  # only the tool called
    assert "pdf://info/{+path}" in {t.uri_template for t in templates.resource_templates}


def test_unknown_arguments_are_refused_before_the_tools_are_built(mcp_core: Any) -> None:
    server = create_server(mcp_core)

    async def main() -> Any:
        async with Client(server) as client:
            return await client.call_tool("pdf_info", {"path": "x.pdf", "bogus": 1})

    result = anyio.run(main)
    assert result.is_error is True
    assert json.loads(result.content[0].text)["error"] == "invalid_argument"
    assert server.tools_built == []  # refused from the catalog's argument names alone


def test_a_stale_or_unreadable_catalog_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = json.loads(catalog.CATALOG.read_text(encoding="utf-8"))
    data["fingerprint"] = "0" * 64
    stale = tmp_path / "tools.json"
    stale.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(catalog, "CATALOG", stale)
    assert catalog.load("full") is None
    stale.write_text("{not json", encoding="utf-8")
    assert catalog.load("full") is None
    monkeypatch.setattr(catalog, "CATALOG", tmp_path / "missing.json")
    assert catalog.load("full") is None


def test_a_stale_catalog_means_the_tools_are_built_at_once(mcp_core: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mcp_adapter.server.load_catalog", lambda profile: None)
    server = create_server(mcp_core)
    assert len(server.tools_built) == len(catalog.load("full") or ())


def test_the_fingerprint_follows_the_catalog_inputs_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    inputs = catalog.schema_inputs()
    assert "pdfcore/results.py" in inputs or any(i.startswith("pdfcore/results/") for i in inputs)
    assert not any(i.startswith("adapters/") for i in inputs)
    before = catalog.fingerprint(inputs)
    assert before == catalog.fingerprint(inputs)
    # A copy of the checkout where a service's docstring and a tool module differ.
    root = tmp_path / "checkout"
    for rel in {*catalog._FIXED_INPUTS, *inputs, "pdfcore/services/rendering.py"}:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes((catalog._HERE / rel).read_bytes())
    monkeypatch.setattr(catalog, "_HERE", root)
    assert catalog.fingerprint(inputs) == before
    service = root / "pdfcore/services/rendering.py"
    service.write_text('"""An edited docstring."""\n' + service.read_text(encoding="utf-8"), encoding="utf-8")
    assert catalog.fingerprint(inputs) == before  # a service edit leaves the catalog valid
    group = root / "mcp_adapter/full_search.py"
    declared = group.read_bytes()
    group.write_bytes(declared + b"\n# edited\n")
    assert catalog.fingerprint(inputs) != before  # a tool edit makes it stale, in any module of tools
    group.write_bytes(declared)
    assert catalog.fingerprint(inputs) == before
    tool = root / "mcp_adapter/full.py"
    tool.write_text(tool.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert catalog.fingerprint(inputs) != before  # a tool edit makes it stale
    tool.unlink()
    assert catalog.fingerprint(inputs) != before


def test_start_up_imports_no_tool_or_service_module(tmp_path: Path) -> None:
    code = (
        "import sys, pdfcore\n"
        "from pdfcore.config import load_settings\n"
        "from mcp_adapter.server import create_server\n"
        "core = pdfcore.build(load_settings())\n"
        "server = create_server(core)\n"
        "assert server.tools_built == []\n"
        "late = ('mcp_adapter.outputs', 'mcp_adapter.schema', 'pdfcore.results', 'pdfcore.services.documents',\n"
        "        'pdfcore.services.search', 'pdfcore.services.reading', 'pdfcore.services.corpus',\n"
        "        'pdfcore.results.charts')\n"
        "print(sorted(m for m in late if m in sys.modules))\n"
        "core.close()\n"
    )
    (tmp_path / "empty.toml").write_text("")
    env = dict(os.environ, PDFCORE_CACHE_DIR=str(tmp_path / "cache"), PDFCORE_CONFIG=str(tmp_path / "empty.toml"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
