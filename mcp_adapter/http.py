"""Streamable HTTP: ``pdfcore-mcp --transport http``, one server for many clients.

The same server as over stdio (:func:`mcp_adapter.server.create_server`: tools, profiles,
resources, prompts) behind the SDK's Streamable HTTP transport, which serves both eras of the
protocol on one endpoint: a 2025-era client opens a session with ``initialize`` (answers stream
as SSE, ``Mcp-Session-Id`` ties its requests together, a GET stream carries notifications), and a
2026-07-28 client sends self-contained requests (no handshake, no session).

In front of it, :class:`Guard` answers before any tool runs:

- ``GET <health_path>``: ``200 {"status": "ok"}``, no token needed (load balancers, containers);
- a Host header that is not an allowed host, or an Origin that is not an allowed origin: 403
  (DNS rebinding: a web page must not reach a server on the user's machine through its own name);
- no ``Authorization: Bearer <token>``, or another token, when a token is set: 401 (compared in
  constant time; the token is never logged);
- a client (its MCP session, else its address) with ``max_calls_per_client`` requests in flight
  already: 429 with ``Retry-After``.

The SDK then refuses a body over ``max_body_bytes`` (413). Binding to an address other than
loopback without a token refuses to start (:func:`check_bind`). A shutdown (SIGTERM, Ctrl-C)
stops accepting connections, lets the calls in flight finish for ``shutdown_grace_seconds``, then
closes the core (the cache's pending writes are flushed, the engine workers stop).
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import logging
import os
import socket
import sys
import urllib.parse
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

from pdfcore.errors import ConfigInvalid

if TYPE_CHECKING:
    from pdfcore.config import HttpSettings

log = logging.getLogger("pdfcore.mcp.http")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Host names that always reach this machine only.
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
#: A shorter token is refused at start-up: it could be guessed.
MIN_TOKEN_CHARS = 16


def read_token(http: HttpSettings, token_file: str | None = None) -> str:
    """The bearer token: ``token_file`` (the command line's ``--token-file``), else the setting
    ``token`` (config or ``PDFCORE_HTTP_TOKEN``), else the setting ``token_file``; "" for none.
    The first line of a file, stripped."""
    path = token_file or (None if http.token else http.token_file) or None
    if path:
        try:
            with open(os.path.expanduser(path), encoding="utf-8") as fh:
                token = fh.readline().strip()
        except OSError as exc:
            raise ConfigInvalid(f"the token file {path} cannot be read ({exc.strerror})") from None
        if not token:
            raise ConfigInvalid(f"the token file {path} is empty")
    else:
        token = http.token.strip()
    if token and len(token) < MIN_TOKEN_CHARS:
        raise ConfigInvalid(
            f"the HTTP token is {len(token)} characters long; use at least {MIN_TOKEN_CHARS} "
            "(e.g. python -c 'import secrets; print(secrets.token_urlsafe(32))')"
        )
    if any(c.isspace() or not c.isprintable() for c in token):
        raise ConfigInvalid("the HTTP token must be printable characters without spaces")
    return token


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name) is reachable from this machine only."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(name, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos)


def check_bind(host: str, token: str) -> None:
    """Refuse to listen beyond this machine without a token."""
    if not token and not is_loopback(host):
        raise ConfigInvalid(
            f"refusing to listen on {host} without a token: anyone who can reach it could read every "
            "document under the roots. Set PDFCORE_HTTP_TOKEN, --token-file or [http] token_file, "
            "or bind to 127.0.0.1."
        )


def _split_host(value: str) -> tuple[str, str | None]:
    """``"name:port"`` / ``"[::1]:port"`` / ``"name"`` -> (lower-case name without brackets, port)."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return value, None
        rest = value[end + 1 :]
        return value[1:end], (rest[1:] if rest.startswith(":") else None)
    if value.count(":") == 1:
        name, port = value.split(":")
        return name, port
    return value, None


class HostPolicy:
    """Which Host and Origin headers a request may carry.

    Allowed hosts: the loopback names, the address the server is bound to (unless it is a
    wildcard such as 0.0.0.0), and ``allowed_hosts`` (``name`` matches any port, ``name:port``
    that port only, ``name:*`` any port; ``*`` any Host). An Origin is allowed when absent (not
    a browser), when its host is an allowed host, or when it is listed in ``allowed_origins``
    (``*``: any)."""

    def __init__(self, *, bind: str, allowed_hosts: tuple[str, ...] = (), allowed_origins: tuple[str, ...] = ()):
        self.any_host = "*" in allowed_hosts
        self.any_origin = "*" in allowed_origins
        entries: list[tuple[str, str | None]] = [(n, None) for n in LOOPBACK_NAMES]
        bind_name = bind.strip("[]").lower()
        if bind_name not in ("", "0.0.0.0", "::"):
            entries.append((bind_name, None))
        for item in allowed_hosts:
            if item != "*":
                name, port = _split_host(item)
                entries.append((name, None if port in (None, "*") else port))
        self.hosts = tuple(dict.fromkeys(entries))
        self.origins = frozenset(o.strip().rstrip("/").lower() for o in allowed_origins if o != "*")

    def host_ok(self, header: str | None) -> bool:
        if self.any_host:
            return True
        if not header:
            return False
        name, port = _split_host(header)
        return any(name == n and (p is None or p == port) for n, p in self.hosts)

    def origin_ok(self, header: str | None) -> bool:
        if header is None or self.any_origin:
            return True
        origin = header.strip().rstrip("/").lower()
        if origin in self.origins:
            return True
        parsed = urllib.parse.urlsplit(origin)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            return False
        port = str(parsed.port) if parsed.port is not None else None
        return any(parsed.hostname == n and (p is None or p == port) for n, p in self.hosts)

    def describe(self) -> str:
        if self.any_host:
            return "any Host"
        return ", ".join(f"[{n}]" if ":" in n else n for n, _ in self.hosts)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


async def _answer(send: Send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]] = ()) -> None:  # type: ignore[assignment]
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()), *headers],
        }
    )
    await send({"type": "http.response.body", "body": data})


def _refusal(code: int, message: str) -> dict[str, Any]:
    """A JSON-RPC error without a request id (the request was not read), as the SDK answers."""
    return {"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}}


class Guard:
    """The checks every request passes before it reaches the MCP transport (see the module
    docstring); ``stats`` counts the refusals by status."""

    def __init__(
        self,
        app: App,
        *,
        token: str,
        hosts: HostPolicy,
        health_path: str,
        max_calls_per_client: int,
    ) -> None:
        self.app = app
        self._token = token.encode()
        self.hosts = hosts
        self.health_path = health_path
        self.max_calls_per_client = max_calls_per_client
        self.in_flight: dict[str, int] = {}
        self.refused: dict[int, int] = {}

    def _refuse(self, status: int) -> None:
        self.refused[status] = self.refused.get(status, 0) + 1

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = scope.get("headers") or ()
        if any(v[:1] in (b" ", b"\t") or v[-1:] in (b" ", b"\t") for _, v in headers):
            # Whitespace around a field value is not part of it (RFC 9110, 5.5); h11 strips it,
            # httptools leaves it, and the SDK compares Mcp-Name/Mcp-Method values exactly.
            scope["headers"] = [(k, v.strip(b" \t")) for k, v in headers]
        method = scope.get("method", "GET")
        if scope.get("path") == self.health_path and method in ("GET", "HEAD"):
            await _answer(send, 200, {"status": "ok"})
            return
        if not self.hosts.host_ok(_header(scope, b"host")):
            self._refuse(403)
            log.warning("refused a request with Host %r (allowed: %s)", _header(scope, b"host"), self.hosts.describe())
            await _answer(
                send, 403, _refusal(-32000, "Forbidden: this Host is not allowed (see [http] allowed_hosts).")
            )
            return
        if not self.hosts.origin_ok(_header(scope, b"origin")):
            self._refuse(403)
            log.warning("refused a request with Origin %r", _header(scope, b"origin"))
            await _answer(
                send, 403, _refusal(-32000, "Forbidden: this Origin is not allowed (see [http] allowed_origins).")
            )
            return
        if self._token and not self._authorized(_header(scope, b"authorization")):
            self._refuse(401)
            client = scope.get("client") or ("?", 0)
            log.warning("refused a request without a valid bearer token from %s", client[0])
            await _answer(
                send,
                401,
                _refusal(-32001, "Unauthorized: send the server's token as 'Authorization: Bearer <token>'."),
                [(b"www-authenticate", b'Bearer realm="pdfcore"')],
            )
            return
        if method != "POST":
            await self.app(scope, receive, send)
            return
        key = _header(scope, b"mcp-session-id") or str((scope.get("client") or ("?", 0))[0])
        held = self.in_flight.get(key, 0)
        if held >= self.max_calls_per_client:
            self._refuse(429)
            await _answer(
                send,
                429,
                _refusal(
                    -32000,
                    f"Too many requests in flight from this client ({held}); wait for earlier answers, then retry.",
                ),
                [(b"retry-after", b"1")],
            )
            return
        self.in_flight[key] = held + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.in_flight[key] - 1
            if left:
                self.in_flight[key] = left
            else:
                del self.in_flight[key]

    def _authorized(self, header: str | None) -> bool:
        if not header:
            return False
        scheme, _, given = header.partition(" ")
        if scheme.lower() != "bearer":
            return False
        return hmac.compare_digest(given.strip().encode(), self._token)


def build_app(server: Any, http: HttpSettings, *, token: str) -> Guard:
    """The ASGI application serving ``server`` (a :class:`mcp_adapter.server.PdfcoreServer`)."""
    from mcp.server.transport_security import TransportSecuritySettings

    app = server.streamable_http_app(
        streamable_http_path=http.path,
        max_request_body_size=http.max_body_bytes,
        # Host and Origin are checked by the Guard (403 for both; the SDK answers 421 for a Host).
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        host=http.host,
    )
    hosts = HostPolicy(bind=http.host, allowed_hosts=http.allowed_hosts, allowed_origins=http.allowed_origins)
    return Guard(
        app,
        token=token,
        hosts=hosts,
        health_path=http.health_path,
        max_calls_per_client=http.max_calls_per_client,
    )


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: a free port)."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise ConfigInvalid(f"cannot listen on {host}:{port} ({exc.strerror})") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket, path: str) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{path}"


async def serve(server: Any, http: HttpSettings, *, token: str, sock: socket.socket) -> None:
    """Serve until SIGTERM / SIGINT, then finish the calls in flight (``shutdown_grace_seconds``)."""
    import uvicorn

    app = build_app(server, http, token=token)
    config = uvicorn.Config(
        app,
        log_level=logging.getLevelName(log.getEffectiveLevel()).lower()
        if log.getEffectiveLevel() > logging.NOTSET
        else "warning",
        access_log=log.isEnabledFor(logging.INFO),
        timeout_graceful_shutdown=int(http.shutdown_grace_seconds) or None,
        proxy_headers=True,
        forwarded_allow_ips=list(http.forwarded_allow_ips),
        server_header=False,
        lifespan="on",
    )

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            # As uvicorn's, without recording the signal: uvicorn raises a recorded signal again
            # once it has shut down, which would kill the process before the core is closed (the
            # cache's pending writes flushed, the engine workers stopped). A second signal ends
            # the calls still in flight at once.
            if self.should_exit:
                self.force_exit = True
            else:
                self.should_exit = True
                log.warning("shutting down: finishing the calls in flight (at most %g s)", http.shutdown_grace_seconds)

    userver = Server(config)
    auth = "a bearer token is required" if token else "no token (loopback only)"
    sys.stderr.write(
        f"pdfcore-mcp: serving MCP over HTTP at {url_of(sock, http.path)} ({auth}; Host: {app.hosts.describe()})\n"
    )
    sys.stderr.flush()
    await userver.serve(sockets=[sock])
