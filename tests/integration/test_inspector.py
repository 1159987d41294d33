"""The MCP Inspector CLI (npm @modelcontextprotocol/inspector, --cli) lists the tools and calls
each one successfully against corpus PDFs, over stdio with the installed ``pdfcore-mcp``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import corpus_dir

INSPECTOR = "@modelcontextprotocol/inspector@2"


@pytest.fixture(scope="module")
def inspector(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("npm") is None or shutil.which("npx") is None:
        pytest.skip("npm is not installed")
    where = tmp_path_factory.mktemp("inspector")
    proc = subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", INSPECTOR],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode != 0:
        pytest.skip(f"the Inspector could not be installed from the npm registry: {proc.stderr[-300:]}")
    return where


def _server_command() -> list[str]:
    exe = Path(sys.executable).with_name("pdfcore-mcp")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "mcp_adapter"]


def _run(where: Path, tmp: Path, *args: str) -> dict:  # type: ignore[type-arg]
    env = {**os.environ, "PDFCORE_CACHE_DIR": str(tmp / "cache"), "PDFCORE_CONFIG": os.devnull}
    cmd = [
        "npx",
        "mcp-inspector",
        "--cli",
        "-e",
        f"PDFCORE_CACHE_DIR={tmp / 'cache'}",
        "-e",
        "PDFCORE_EMBEDDER=none",
        *_server_command(),
        *args,
    ]
    proc = subprocess.run(cmd, cwd=where, capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_inspector_lists_and_calls_every_tool(inspector: Path, tmp_path: Path) -> None:
    corpus = corpus_dir()
    paper = corpus / "py-pdf_sample-files" / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
    chart = corpus / "pdf-mcp" / "sdist" / "benchmark_data" / "chart_extraction" / "syn_corpus" / "line_sparse.pdf"
    folder = corpus / "py-pdf_sample-files" / "004-pdflatex-4-pages"
    tools = {t["name"] for t in _run(inspector, tmp_path, "--method", "tools/list")["tools"]}
    calls: dict[str, list[str]] = {
        "pdf_info": [f"path={paper}"],
        "pdf_get_toc": [f"path={paper}"],
        "pdf_read_pages": [f"path={paper}", "pages=1-2"],
        "pdf_read_all": [f"path={paper}"],
        "pdf_render_pages": [f"path={paper}", "pages=1", "dpi=72"],
        "pdf_search": [f"path={paper}", "query=text", "mode=keyword"],
        "pdf_cache_stats": [],
        "pdf_cache_clear": ["expired_only=true"],
        "pdf_corpus_warm": [f"paths={folder}", "budget_seconds=60"],
        "pdf_corpus_overview": [f"paths={folder}"],
        "pdf_corpus_search": [f"paths={folder}", "query=text", "mode=keyword"],
        "pdf_list_documents": [f"folder={folder}"],
        "pdf_extract_chart": [f"path={chart}", "page=1"],
        "pdf_attachments": [f"path={paper}"],
        "pdf_annotations": [f"path={paper}"],
        "pdf_verify_quote": [f"path={paper}", "text=Hello, here is some text without a meaning."],
        "server_info": [],
    }
    missing = tools - set(calls)
    assert not missing, f"tools without an Inspector check: {missing}"
    for name in sorted(tools):
        args = ["--method", "tools/call", "--tool-name", name]
        for pair in calls[name]:
            args += ["--tool-arg", pair]
        result = _run(inspector, tmp_path, *args)
        assert not result.get("isError"), (name, result)
        assert result["content"], name
