"""A real ``pdfcore-mcp --transport http`` process for the tests, and clients for it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

TOKEN = "test-token-0123456789abcdef"


class HttpServer:
    """``pdfcore-mcp --transport http --port 0`` with the TOML ``config`` and ``env`` added to a
    clean environment; ``url`` once it serves. ``stop()`` sends SIGTERM and returns the exit code."""

    def __init__(self, tmp: Path, *, config: str = "", env: dict[str, str] | None = None, args: tuple[str, ...] = ()):
        tmp.mkdir(parents=True, exist_ok=True)
        cfg = tmp / "c.toml"
        cfg.write_text(config)
        environ = {k: v for k, v in os.environ.items() if not k.startswith("PDFCORE_")}
        environ.update(PDFCORE_CONFIG=str(cfg), PDFCORE_CACHE_DIR=str(tmp / "cache"))
        environ.update(env or {})
        self.stderr_path = tmp / "http-stderr.log"
        self._stderr = self.stderr_path.open("w+", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mcp_adapter", "--transport", "http", "--port", "0", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self._stderr,
            env=environ,
        )
        self.url = ""

    def wait_ready(self, timeout: float = 60) -> str:
        """The endpoint URL from the server's start-up line; fails if the process exits first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.stderr_path.read_text(encoding="utf-8").splitlines():
                if "serving MCP over HTTP at " in line:
                    self.url = line.split(" at ", 1)[1].split()[0]
                    return self.url
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited ({self.proc.returncode}): {self.stderr()}")
            time.sleep(0.05)
        raise AssertionError(f"the server did not start within {timeout} s: {self.stderr()}")

    @property
    def base(self) -> str:
        return self.url.rsplit("/", 1)[0]

    def stderr(self) -> str:
        return self.stderr_path.read_text(encoding="utf-8")

    def stop(self, timeout: float = 60) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            self._stderr.close()
        return code

    def __enter__(self) -> HttpServer:
        self.wait_ready()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def run_server(tmp: Path, **kwargs: Any) -> tuple[int, str]:
    """Start a server expected to refuse to start: its exit code and stderr."""
    server = HttpServer(tmp, **kwargs)
    try:
        code = server.proc.wait(timeout=60)
    finally:
        if server.proc.poll() is None:
            server.proc.kill()
    server._stderr.close()
    return code, server.stderr()


@asynccontextmanager
async def http_client(url: str, *, token: str | None = TOKEN, mode: str = "auto") -> AsyncIterator[Any]:
    """The SDK client over Streamable HTTP, sending ``token`` as a bearer token."""
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    headers = {"Authorization": f"Bearer {token}"} if token else None
    async with (
        create_mcp_http_client(headers=headers) as http,
        Client(streamable_http_client(url, http_client=http), mode=mode) as client,  # type: ignore[arg-type]
    ):
        yield client


INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
}
MCP_HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
