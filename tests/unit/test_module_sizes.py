"""Every module of the library, the ports, the adapters, the MCP layer and the entry points stays
under a cap: a module that grows past it is split along a seam (a cohesive group of functions
into a module of its own), as the compact surface (agent, agent_views, agent_search,
agent_markdown), the document style (style, outline), the read (reading, read_all) and the
documents (documents, page_writes) were."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("pdfcore", "ports", "adapters", "mcp_adapter", "pdfcore_entrypoints")
MAX_LINES = 600

MODULES = sorted(str(p.relative_to(ROOT)) for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def test_the_packages_have_modules() -> None:
    assert len(MODULES) > 100
    assert "pdfcore/services/read_all.py" in MODULES


@pytest.mark.parametrize("module", MODULES)
def test_a_module_stays_under_the_cap(module: str) -> None:
    lines = len((ROOT / module).read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{module} has {lines} lines: split it along a seam"
