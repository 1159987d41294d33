"""The real server over Streamable HTTP: both protocol eras through the SDK client, the checks
answered before any tool runs (401, 403, 413, 429), the health endpoint, progress, many clients
at once, refusing to start, and a graceful shutdown."""

from __future__ import annotations

import http.client
import json
import os
import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.mcp.conftest import payload
from tests.mcp.httpserver import INITIALIZE, MCP_HEADERS, TOKEN, HttpServer, http_client, run_server
from tests.pdfgen import simple_document

pytestmark = pytest.mark.network

MAX_CALLS_PER_CLIENT = 60
N_CLIENTS = 10
CALLS_PER_CLIENT = 10


def _word(doc: int, page: int) -> str:
    return f"needle{chr(97 + doc)}{chr(97 + page)}"


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, int]]:
    folder = tmp_path_factory.mktemp("httpdocs")
    out = []
    for d, n in enumerate((3, 4, 5)):
        words = tuple(_word(d, p) for p in range(1, n + 1))
        out.append((simple_document(folder / f"doc{d}.pdf", n, words=words), n))
    return out


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    config = f"[http]\nmax_body_bytes = 65536\nmax_calls_per_client = {MAX_CALLS_PER_CLIENT}\n"
    env = {"PDFCORE_HTTP_TOKEN": TOKEN, "PDFCORE_LOG_LEVEL": "INFO"}
    with HttpServer(tmp_path_factory.mktemp("http"), config=config, env=env) as srv:
        yield srv
    assert srv.proc.returncode == 0, srv.stderr()
    assert TOKEN not in srv.stderr()  # the token is never logged


def _raw(
    url: str, body: Any = None, *, method: str = "POST", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request with exactly these headers (Host included when given)."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    sent = dict(headers or {})
    conn.putrequest(method, parts.path or "/", skip_host="Host" in sent, skip_accept_encoding=True)
    for key, value in sent.items():
        conn.putheader(key, value)
    if data is not None:
        conn.putheader("Content-Length", str(len(data)))
    conn.endheaders(data)
    response = conn.getresponse()
    out = response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    conn.close()
    return out


def _auth(token: str = TOKEN) -> dict[str, str]:
    return {**MCP_HEADERS, "Authorization": f"Bearer {token}"}


def test_sdk_client_over_http_both_protocol_eras(server: HttpServer, docs: list[tuple[Path, int]]) -> None:
    path, n = docs[0]

    async def session(mode: str) -> tuple[str, set[str], Any, Any]:
        async with http_client(server.url, mode=mode) as c:
            tools = {t.name for t in (await c.list_tools()).tools}
            info = await c.call_tool("pdf_info", {"path": str(path)})
            bad = await c.call_tool("pdf_read_pages", {"path": str(path), "pages": "9"})
            return c.session.protocol_version, tools, info, bad

    for mode, version in (("legacy", "2025-11-25"), ("auto", "2026-07-28")):
        negotiated, tools, info, bad = anyio.run(session, mode)
        assert negotiated == version
        assert {"pdf_info", "pdf_search", "pdf_read_all", "server_info"} <= tools
        assert info.structured_content["page_count"] == n
        assert bad.is_error and payload(bad)["error"] == "page_out_of_range"
        for result in (info, bad):
            assert result.meta["pdfcore/stats"]["wall_ms"] > 0


def test_resources_over_http(server: HttpServer) -> None:
    async def main() -> list[str]:
        async with http_client(server.url) as c:
            return [t.uri_template for t in (await c.list_resource_templates()).resource_templates]

    assert "pdf://info/{+path}" in anyio.run(main)


def test_health_needs_no_token(server: HttpServer) -> None:
    status, _, body = _raw(server.base + "/healthz", method="GET")
    assert status == 200 and json.loads(body) == {"status": "ok"}


def _cached_documents(server: HttpServer) -> int:
    async def main() -> int:
        async with http_client(server.url) as c:
            return int((await c.call_tool("pdf_cache_stats", {})).structured_content["total_files"])

    return anyio.run(main)


def test_refusals_come_before_any_tool_runs(server: HttpServer, docs: list[tuple[Path, int]]) -> None:
    """A refused pdf_cache_clear(expired_only=false) would empty the cache: it stays full."""

    async def warm() -> None:
        async with http_client(server.url) as c:
            assert not (await c.call_tool("pdf_info", {"path": str(docs[1][0])})).is_error
            await c.call_tool("pdf_cache_stats", {})

    anyio.run(warm)
    deadline = time.monotonic() + 30
    while _cached_documents(server) == 0 and time.monotonic() < deadline:  # pages are written behind the call
        time.sleep(0.2)
    before = _cached_documents(server)
    assert before >= 1
    clear = {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "tools/call",
        "params": {"name": "pdf_cache_clear", "arguments": {"expired_only": False}},
    }
    host = urllib.parse.urlsplit(server.url).netloc
    cases = [
        (401, MCP_HEADERS),  # no token
        (401, _auth("wrong-token-0123456789abcdef")),
        (401, {**MCP_HEADERS, "Authorization": f"Basic {TOKEN}"}),
        (403, {**_auth(), "Host": "evil.example.com"}),  # DNS rebinding: a foreign name for this address
        (403, {**_auth(), "Host": f"evil.example.com:{host.rsplit(':', 1)[1]}"}),
        (403, {**_auth(), "Origin": "http://evil.example.com"}),  # a web page elsewhere
        (403, {**_auth(), "Origin": "null"}),
    ]
    for expected, headers in cases:
        for message in (INITIALIZE, clear):
            status, response_headers, body = _raw(server.url, message, headers=headers)
            assert status == expected, (headers, body)
            assert json.loads(body)["error"]["message"]
            if expected == 401:
                assert response_headers["www-authenticate"].startswith("Bearer")
    assert _cached_documents(server) == before


def test_allowed_origin_and_token_pass(server: HttpServer) -> None:
    host = urllib.parse.urlsplit(server.url).netloc
    for headers in (
        _auth(),
        {**_auth(), "Origin": f"http://{host}"},
        {**_auth(), "Host": f"localhost:{server.url.split(':')[2].split('/')[0]}"},
    ):
        status, response_headers, _ = _raw(server.url, INITIALIZE, headers=headers)
        assert status == 200
        session = response_headers["mcp-session-id"]
        _raw(server.url, method="DELETE", headers={**headers, "Mcp-Session-Id": session})


def test_body_over_the_limit_is_refused(server: HttpServer) -> None:
    big = dict(INITIALIZE, params={**INITIALIZE["params"], "padding": "x" * 70_000})  # type: ignore[dict-item]
    status, _, _ = _raw(server.url, big, headers=_auth())
    assert status == 413


def test_requests_in_flight_per_client_are_capped(server: HttpServer) -> None:
    """Requests whose bodies have not finished arriving are in flight: one more than the cap answers 429."""
    parts = urllib.parse.urlsplit(server.url)
    headers = {**_auth(), "Mcp-Session-Id": "capped-client"}
    held = []
    try:
        for _ in range(MAX_CALLS_PER_CLIENT):
            sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
            head = f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Length: 100\r\n"
            head += "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n{"
            sock.sendall(head.encode())
            held.append(sock)
        deadline = time.monotonic() + 30
        while True:
            status, response_headers, _ = _raw(server.url, INITIALIZE, headers=headers)
            if status == 429 or time.monotonic() > deadline:
                break
            time.sleep(0.1)  # the last held requests may not have reached the server yet
        assert status == 429 and response_headers["retry-after"] == "1"
        other = {**headers, "Mcp-Session-Id": "another-client"}
        assert _raw(server.url, INITIALIZE, headers=other)[0] == 404  # unknown session, but not capped
    finally:
        for sock in held:
            sock.close()
    deadline = time.monotonic() + 30
    while _raw(server.url, INITIALIZE, headers=headers)[0] == 429 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _raw(server.url, INITIALIZE, headers=headers)[0] == 404  # the slots are free again


def test_progress_notifications_over_http(server: HttpServer, docs: list[tuple[Path, int]]) -> None:
    folder = docs[0][0].parent
    seen: list[tuple[float, float | None]] = []

    async def main() -> Any:
        async def progress(done: float, total: float | None, message: str | None) -> None:
            seen.append((done, total))

        async with http_client(server.url, mode="legacy") as c:
            return await c.call_tool("pdf_corpus_warm", {"paths": str(folder)}, progress_callback=progress)

    result = anyio.run(main)
    assert not result.is_error
    assert seen and seen[-1] == (len(docs), len(docs))


def test_log_messages_over_http(server: HttpServer, docs: list[tuple[Path, int]]) -> None:
    """A call's log records reach the client that made it: a 2025-era session at the level it
    set, a 2026-07-28 request when it opts in."""
    path = str(docs[2][0])

    async def session(mode: str) -> list[tuple[str, str]]:
        seen: list[tuple[str, str]] = []

        async def on_log(params: Any) -> None:
            seen.append((params.level, str(params.data)))

        from mcp import Client
        from mcp.client.streamable_http import streamable_http_client
        from mcp.shared._httpx_utils import create_mcp_http_client

        async with (
            create_mcp_http_client(headers={"Authorization": f"Bearer {TOKEN}"}) as http,
            Client(
                streamable_http_client(server.url, http_client=http),
                mode=mode,  # type: ignore[arg-type]
                logging_callback=on_log,
                log_level="info" if mode != "legacy" else None,
            ) as c,
        ):
            if mode == "legacy":
                await c.set_logging_level("info")
            await c.call_tool("pdf_info", {"path": path})
        return seen

    for mode in ("legacy", "auto"):
        seen = anyio.run(session, mode)
        assert any(level == "info" and data.startswith("pdf_info: ") for level, data in seen), (mode, seen)


def test_many_clients_at_once(server: HttpServer, docs: list[tuple[Path, int]]) -> None:
    """100 concurrent pdf_search calls from 10 clients (half with a session, half stateless):
    every answer is the right one."""
    results: dict[tuple[int, int], list[int]] = {}

    async def client(k: int) -> None:
        mode = "legacy" if k % 2 else "auto"
        async with http_client(server.url, mode=mode) as c:

            async def call(i: int) -> None:
                d = (k + i) % len(docs)
                path, n = docs[d]
                page = 1 + i % n
                r = await c.call_tool("pdf_search", {"path": str(path), "query": _word(d, page), "mode": "keyword"})
                assert not r.is_error, payload(r)
                results[(k, i)] = [m["page"] for m in r.structured_content["matches"]]
                assert results[(k, i)] == [page], (k, i, results[(k, i)])

            async with anyio.create_task_group() as tg:
                for i in range(CALLS_PER_CLIENT):
                    tg.start_soon(call, i)

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            for k in range(N_CLIENTS):
                tg.start_soon(client, k)

    anyio.run(main)
    assert len(results) == N_CLIENTS * CALLS_PER_CLIENT


def test_no_token_beyond_loopback_refuses_to_start(tmp_path: Path) -> None:
    code, err = run_server(tmp_path / "a", args=("--host", "0.0.0.0"))
    assert code == 2 and "refusing to listen on 0.0.0.0 without a token" in err
    code, err = run_server(tmp_path / "b", env={"PDFCORE_HTTP_TOKEN": "short"})
    assert code == 2 and "at least 16" in err and "short" not in err.split("characters long")[1]
    code, err = run_server(tmp_path / "c", args=("--token-file", str(tmp_path / "missing")))
    assert code == 2 and "cannot be read" in err


def test_token_file_and_any_address(tmp_path: Path) -> None:
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n")
    os.chmod(token_file, 0o600)
    with HttpServer(tmp_path / "s", args=("--host", "0.0.0.0", "--token-file", str(token_file))) as srv:
        port = srv.url.split(":")[2].split("/")[0]
        url = f"http://127.0.0.1:{port}/mcp"
        assert _raw(url, INITIALIZE, headers=MCP_HEADERS)[0] == 401
        assert _raw(url, INITIALIZE, headers=_auth())[0] == 200
        # bound to every address: only the loopback names are allowed Hosts unless configured
        assert _raw(url, INITIALIZE, headers={**_auth(), "Host": f"pdfs.example.com:{port}"})[0] == 403
    assert srv.proc.returncode == 0


def test_graceful_shutdown_finishes_the_call_in_flight(tmp_path: Path) -> None:
    big = simple_document(tmp_path / "big.pdf", 12)
    config = "[limits]\nmax_render_pages = 12\nrender_byte_budget = 1000000000\n[http]\nshutdown_grace_seconds = 300\n"
    srv = HttpServer(tmp_path / "s", config=config)
    srv.wait_ready()
    answer: dict[str, Any] = {}

    def call() -> None:
        args = {"path": str(big), "pages": "1-12", "dpi": 250}
        message = {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "pdf_render_pages", "arguments": args},
        }
        headers = {**MCP_HEADERS, "MCP-Protocol-Version": "2026-07-28"}
        meta = {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "0"},
            "io.modelcontextprotocol/clientCapabilities": {},
        }
        message["params"]["_meta"] = meta  # type: ignore[index]
        status, _, body = _raw(
            srv.url, message, headers={**headers, "Mcp-Method": "tools/call", "Mcp-Name": "pdf_render_pages"}
        )
        answer.update(status=status, body=body, at=time.monotonic())

    thread = threading.Thread(target=call)
    thread.start()
    time.sleep(1.0)
    stopped_at = time.monotonic()
    assert thread.is_alive(), "the call finished before the shutdown: make it slower"
    code = srv.stop()
    thread.join(60)
    assert code == 0, srv.stderr()
    assert answer["status"] == 200 and answer["at"] > stopped_at
    text = answer["body"].decode()
    data = json.loads(text[text.index("{") :].splitlines()[0]) if text.startswith("{") else None
    if data is None:  # an SSE stream: the last data line holds the answer
        data = json.loads([line[5:] for line in text.splitlines() if line.startswith("data:") and line[5:].strip()][-1])
    assert len([b for b in data["result"]["content"] if b["type"] == "image"]) == 12
