"""The HTTP transport's checks in front of the MCP endpoint, on a fake ASGI app: which Host and
Origin headers pass, the bearer token, the per-client cap, and that a refused request never
reaches the app (so no tool can run)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from mcp_adapter.http import Guard, HostPolicy, check_bind, is_loopback, read_token
from pdfcore.config import HttpSettings, load_settings, to_mapping
from pdfcore.errors import ConfigInvalid

TOKEN = "s3cret-token-0123456789"


def test_loopback_hosts_and_the_bound_address_are_allowed() -> None:
    policy = HostPolicy(bind="127.0.0.1")
    for host in ("localhost", "localhost:8765", "127.0.0.1:1", "[::1]:8765", "LOCALHOST:80", "[::1]"):
        assert policy.host_ok(host), host
    for host in (None, "", "evil.example.com", "evil.example.com:8765", "127.0.0.1.evil.com", "localhost.evil.com:80"):
        assert not policy.host_ok(host), host
    assert HostPolicy(bind="10.1.2.3").host_ok("10.1.2.3:8765")
    assert not HostPolicy(bind="0.0.0.0").host_ok("0.0.0.0:8765")


def test_configured_hosts_with_and_without_port() -> None:
    policy = HostPolicy(bind="0.0.0.0", allowed_hosts=("pdfs.example.com", "team.example:8443", "any.example:*"))
    assert policy.host_ok("pdfs.example.com") and policy.host_ok("pdfs.example.com:9000")
    assert policy.host_ok("team.example:8443") and not policy.host_ok("team.example:8444")
    assert policy.host_ok("any.example:1")
    assert not policy.host_ok("example.com")
    assert HostPolicy(bind="0.0.0.0", allowed_hosts=("*",)).host_ok("whatever.example")


def test_origins() -> None:
    policy = HostPolicy(bind="127.0.0.1", allowed_hosts=("pdfs.example.com",), allowed_origins=("https://app.example",))
    assert policy.origin_ok(None)  # not a browser
    for origin in (
        "http://localhost:3000",
        "http://127.0.0.1:8765",
        "https://pdfs.example.com",
        "https://app.example/",
    ):
        assert policy.origin_ok(origin), origin
    for origin in (
        "null",
        "http://evil.example.com",
        "file://",
        "https://app.example.evil",
        "http://localhost.evil:80",
    ):
        assert not policy.origin_ok(origin), origin
    assert HostPolicy(bind="127.0.0.1", allowed_origins=("*",)).origin_ok("http://evil.example.com")


def test_loopback_addresses() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("[::1]") and is_loopback("localhost")
    assert is_loopback("127.0.0.2")
    assert not is_loopback("0.0.0.0") and not is_loopback("::") and not is_loopback("10.0.0.1")
    check_bind("127.0.0.1", "")
    check_bind("0.0.0.0", TOKEN)
    with pytest.raises(ConfigInvalid, match=r"refusing to listen on 0\.0\.0\.0 without a token"):
        check_bind("0.0.0.0", "")
    with pytest.raises(ConfigInvalid):
        check_bind("::", "")


def test_token_sources(tmp_path: Path) -> None:
    assert read_token(HttpSettings()) == ""
    assert read_token(HttpSettings(token=TOKEN)) == TOKEN
    token_file = tmp_path / "token"
    token_file.write_text(f"  {TOKEN}-file \nsecond line\n")
    assert read_token(HttpSettings(token_file=str(token_file))) == TOKEN + "-file"
    # the command line's file wins over the setting, the setting's token over its file
    assert read_token(HttpSettings(token=TOKEN), str(token_file)) == TOKEN + "-file"
    assert read_token(HttpSettings(token=TOKEN, token_file=str(token_file))) == TOKEN
    with pytest.raises(ConfigInvalid, match="at least 16") as short:
        read_token(HttpSettings(token="tiny-secret"))
    assert "tiny-secret" not in str(short.value)
    with pytest.raises(ConfigInvalid, match="cannot be read"):
        read_token(HttpSettings(), str(tmp_path / "missing"))
    (tmp_path / "empty").write_text("\n")
    with pytest.raises(ConfigInvalid, match="empty"):
        read_token(HttpSettings(), str(tmp_path / "empty"))


def test_the_token_is_never_shown(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    settings = load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_HTTP_TOKEN": TOKEN})
    assert settings.http.token == TOKEN
    assert TOKEN not in repr(settings)
    assert to_mapping(settings)["http"]["token"] == "(set)"
    assert to_mapping(load_settings(env={"PDFCORE_CONFIG": str(cfg)}))["http"]["token"] == ""


def test_http_settings_from_the_environment(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text('[server]\ntransport = "http"\n[http]\nport = 9000\n')
    env = {
        "PDFCORE_CONFIG": str(cfg),
        "PDFCORE_HTTP_HOST": "0.0.0.0",
        "PDFCORE_HTTP_ALLOWED_HOSTS": "pdfs.example.com, team.example:8443",
        "PDFCORE_HTTP_MAX_CALLS_PER_CLIENT": "5",
    }
    s = load_settings(env=env)
    assert s.server.transport == "http" and s.http.port == 9000 and s.http.host == "0.0.0.0"
    assert s.http.allowed_hosts == ("pdfs.example.com", "team.example:8443") and s.http.max_calls_per_client == 5
    with pytest.raises(ConfigInvalid, match="path"):
        load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_HTTP_PATH": "mcp"})
    with pytest.raises(ConfigInvalid, match="transport"):
        load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_TRANSPORT": "sse"})


class FakeApp:
    def __init__(self) -> None:
        self.calls = 0
        self.release = anyio.Event()
        self.hold = False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.calls += 1
        if self.hold:
            await self.release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})


def _scope(
    headers: dict[str, str], *, method: str = "POST", path: str = "/mcp", client: str = "10.0.0.9"
) -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        "client": (client, 5555),
    }


async def _status(guard: Guard, scope: dict[str, Any]) -> tuple[int, dict[bytes, bytes]]:
    sent: list[Any] = []

    async def receive() -> Any:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    await guard(scope, receive, send)
    start = sent[0]
    return start["status"], dict(start["headers"])


def _guard(app: FakeApp, **kwargs: Any) -> Guard:
    defaults: dict[str, Any] = {
        "token": TOKEN,
        "hosts": HostPolicy(bind="127.0.0.1"),
        "health_path": "/healthz",
        "max_calls_per_client": 2,
    }
    return Guard(app, **{**defaults, **kwargs})  # type: ignore[arg-type]


def test_refused_requests_never_reach_the_app() -> None:
    app = FakeApp()
    guard = _guard(app)
    good = {"Host": "127.0.0.1:8765", "Authorization": f"Bearer {TOKEN}"}
    cases = [
        (403, {**good, "Host": "evil.example.com:8765"}),
        (403, {k: v for k, v in good.items() if k != "Host"}),
        (403, {**good, "Origin": "http://evil.example.com"}),
        (401, {"Host": "127.0.0.1:8765"}),
        (401, {**good, "Authorization": f"Bearer {TOKEN}x"}),
        (401, {**good, "Authorization": f"Bearer {TOKEN[:-1]}"}),
        (401, {**good, "Authorization": f"Token {TOKEN}"}),
        (401, {**good, "Authorization": "Bearer"}),
    ]

    async def main() -> None:
        for expected, headers in cases:
            status, response_headers = await _status(guard, _scope(headers))
            assert status == expected, headers
            if expected == 401:
                assert response_headers[b"www-authenticate"].startswith(b"Bearer")
        assert app.calls == 0
        assert (await _status(guard, _scope(good)))[0] == 200
        assert (await _status(guard, _scope({**good, "Authorization": f"bearer  {TOKEN}"})))[0] == 200
        assert app.calls == 2
        # the health endpoint needs neither token nor known host, and never reaches the app
        assert (await _status(guard, _scope({"Host": "10.9.9.9"}, method="GET", path="/healthz")))[0] == 200
        assert app.calls == 2

    anyio.run(main)
    assert guard.refused == {403: 3, 401: 5}


def test_without_a_token_only_host_and_origin_are_checked() -> None:
    app = FakeApp()
    guard = _guard(app, token="")

    async def main() -> None:
        assert (await _status(guard, _scope({"Host": "localhost:1"})))[0] == 200
        assert (await _status(guard, _scope({"Host": "evil.example"})))[0] == 403

    anyio.run(main)


def test_calls_in_flight_are_capped_per_client() -> None:
    app = FakeApp()
    app.hold = True
    guard = _guard(app)
    good = {"Host": "127.0.0.1", "Authorization": f"Bearer {TOKEN}"}
    statuses: list[int] = []

    async def call(headers: dict[str, str], client: str = "10.0.0.9") -> None:
        statuses.append((await _status(guard, _scope(headers, client=client)))[0])

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            tg.start_soon(call, good)
            tg.start_soon(call, good)
            tg.start_soon(call, {**good, "Mcp-Session-Id": "abc"})  # a session is its own client
            tg.start_soon(call, good, "10.0.0.10")  # another address
            await anyio.wait_all_tasks_blocked()
            assert guard.in_flight == {"10.0.0.9": 2, "abc": 1, "10.0.0.10": 1}
            await call(good)  # a third from the same address
            assert statuses == [429]
            app.release.set()
        assert guard.in_flight == {}
        await call(good)

    anyio.run(main)
    assert statuses == [429, 200, 200, 200, 200, 200]
    assert app.calls == 5


def test_whitespace_around_header_values_is_not_part_of_them() -> None:
    seen: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(dict(scope["headers"]))
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    guard = _guard(FakeApp())
    guard.app = app
    headers = {"Host": "127.0.0.1", "Authorization": f"Bearer {TOKEN}", "Mcp-Name": "  pdf_info\t"}
    assert anyio.run(_status, guard, _scope(headers))[0] == 200
    assert seen[0][b"mcp-name"] == b"pdf_info"
