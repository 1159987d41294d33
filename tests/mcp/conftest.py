from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


def payload(result: Any) -> dict[str, Any]:
    """The JSON object of a tool result (error or not)."""
    text = result.content[0].text
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.fixture
def mcp_core(tmp_path: Path):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    core = pdfcore.build(
        load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}), fetcher=None
    )
    yield core
    core.close()


@pytest.fixture
def server(mcp_core):  # type: ignore[no-untyped-def]
    from mcp_adapter.server import create_server

    return create_server(mcp_core)
