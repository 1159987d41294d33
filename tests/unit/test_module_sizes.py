"""Modules split along their seams stay small: the compact surface (read and search; its render
and its Markdown pieces apart) and the document style (the outline matching apart)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 600


@pytest.mark.parametrize(
    "module",
    [
        "pdfcore/services/agent.py",
        "pdfcore/services/agent_views.py",
        "pdfcore/services/agent_search.py",
        "pdfcore/services/agent_markdown.py",
        "pdfcore/structure/style.py",
        "pdfcore/structure/outline.py",
    ],
)
def test_a_split_module_stays_under_the_cap(module: str) -> None:
    lines = len((ROOT / module).read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{module} has {lines} lines: split it along a seam"
