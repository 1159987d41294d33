from __future__ import annotations

import json
import os
import subprocess
import sys
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


def stdio_session(
    tmp_path: Path,
    messages: list[dict[str, Any]],
    *,
    debug: bool = False,
    config: str = "",
    env: dict[str, str] | None = None,
) -> tuple[list[dict[str, Any]], str]:
    """Send ``messages`` to a fresh server (configured by the TOML text ``config``), each request
    after the previous one's answer; every line the server wrote (each parsed as JSON: stdout
    carries nothing else), and its stderr (at DEBUG level with ``debug``)."""
    cfg = tmp_path / "c.toml"
    cfg.write_text(config)
    given = env or {}
    env = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
    env.update(PDFCORE_CONFIG=str(cfg), PDFCORE_CACHE_DIR=str(tmp_path / "cache"), **given)
    if debug:
        env["PDFCORE_LOG_LEVEL"] = "DEBUG"
    errors = (tmp_path / "stderr.log").open("w+", encoding="utf-8")  # a file: DEBUG output can be long
    proc = subprocess.Popen(
        [sys.executable, "-m", "mcp_adapter"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    lines: list[str] = []
    try:
        for message in messages:
            proc.stdin.write(json.dumps(message) + "\n")
            proc.stdin.flush()
            if "id" in message:
                lines.append(proc.stdout.readline())
    finally:
        proc.stdin.close()
        lines.append(proc.stdout.read())
        proc.wait(timeout=60)
        errors.seek(0)
        err = errors.read()
        errors.close()
    return [json.loads(x) for x in "".join(lines).splitlines() if x.strip()], err
