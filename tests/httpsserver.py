"""A loopback HTTPS server for fetcher tests: routes by path, records what reaches it.

The certificate chain is generated here (``cryptography``): a throw-away CA and a leaf for the
names in :data:`CERT_NAMES` plus the address 127.0.0.1, so a client that verified the address
instead of the host name would wrongly succeed and the tests would notice.
"""

from __future__ import annotations

import datetime
import ipaddress
import ssl
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

#: Host names the test certificate is valid for.
CERT_NAMES = (
    "public.test",
    "other.test",
    "pinned.test",
    "rebind.test",
    "redirect.test",
    "private.test",
    "mixed.test",
    "denied.test",
    "allowed.test",
    "blocked.example",
)


def make_certificates(folder: Path, names: Iterable[str] = CERT_NAMES) -> tuple[Path, Path, Path]:
    """``(ca_cert, leaf_cert, leaf_key)`` PEM files in ``folder``."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "pdfcore test CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=7))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    sans: list[x509.GeneralName] = [x509.DNSName(n) for n in names]
    sans.append(x509.IPAddress(ipaddress.ip_address("127.0.0.1")))
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "public.test")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=7))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.SubjectAlternativeName(sans), critical=False)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    ca_path, cert_path, key_path = folder / "ca.pem", folder / "leaf.pem", folder / "leaf.key"
    ca_path.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    cert_path.write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return ca_path, cert_path, key_path


@dataclass
class Route:
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    #: The body, or a function producing its chunks.
    body: bytes | Callable[[], Iterator[bytes]] = b""
    #: Send Content-Length for a bytes body.
    send_length: bool = True
    #: When set, the headers go out at once and the body only after the event is set.
    gate: threading.Event | None = None


@dataclass
class Seen:
    path: str
    host: str | None
    authorization: str | None
    #: Set when the handler finished: True if the whole body was written.
    completed: bool | None = None
    done: threading.Event = field(default_factory=threading.Event)


class LocalHttpsServer:
    """``with LocalHttpsServer(tmp) as srv:`` serves ``srv.route(path, Route(...))`` on 127.0.0.1."""

    def __init__(self, folder: Path) -> None:
        self.ca_path, cert, key = make_certificates(folder)
        self.routes: dict[str, Route] = {}
        self.seen: list[Seen] = []
        self.sni_names: list[str | None] = []
        self.connections = 0
        self._lock = threading.Lock()
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(cert, key)
        ctx.sni_callback = self._sni
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                outer._handle(self)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def get_request(self) -> tuple[Any, Any]:
                sock, addr = super().get_request()
                with outer._lock:
                    outer.connections += 1
                return ctx.wrap_socket(sock, server_side=True), addr

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # clients that hang up (as refused downloads do) are expected here

        self._server = Server(("127.0.0.1", 0), Handler)
        self.port = int(self._server.server_address[1])
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> LocalHttpsServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        for route in self.routes.values():
            if route.gate is not None:
                route.gate.set()
        self._server.shutdown()
        self._server.server_close()

    def url(self, path: str, host: str = "public.test") -> str:
        return f"https://{host}:{self.port}{path}"

    def route(self, path: str, route: Route) -> str:
        self.routes[path] = route
        return path

    def requests_for(self, prefix: str) -> list[Seen]:
        with self._lock:
            return [s for s in self.seen if s.path.startswith(prefix)]

    def _sni(self, sslobj: Any, name: str | None, ctx: Any) -> None:
        with self._lock:
            self.sni_names.append(name)

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        seen = Seen(path=h.path, host=h.headers.get("Host"), authorization=h.headers.get("Authorization"))
        with self._lock:
            self.seen.append(seen)
        route = self.routes.get(h.path, Route(status=404, headers={"Content-Type": "text/plain"}, body=b"nothing"))
        try:
            h.send_response(route.status)
            for k, v in route.headers.items():
                h.send_header(k, v)
            if isinstance(route.body, bytes) and route.send_length:
                h.send_header("Content-Length", str(len(route.body)))
            h.send_header("Connection", "close")
            h.end_headers()
            h.wfile.flush()
            if route.gate is not None:
                route.gate.wait(30)
            chunks = [route.body] if isinstance(route.body, bytes) else route.body()
            for chunk in chunks:
                h.wfile.write(chunk)
            h.wfile.flush()
            seen.completed = True
        except (OSError, ssl.SSLError):
            seen.completed = False
        finally:
            seen.done.set()


#: Loopback addresses ``loopback_is_public`` treats as public hosts.
PUBLIC_STAND_INS = frozenset({"127.0.0.1", "127.0.0.2"})


def loopback_is_public(address: str) -> Any:
    """An address policy for tests: :data:`PUBLIC_STAND_INS` count as public, the rest as in production.

    The loopback test server stands in for a public host this way, while every other address
    (other loopback ones, private, metadata, ...) is still judged by the real
    :class:`~pdfcore.netpolicy.AddressPolicy`.
    """
    from pdfcore.netpolicy import AddressPolicy, AddressVerdict

    if address in PUBLIC_STAND_INS:
        return AddressVerdict(address=address, connect_to=address, family=None, via=None, allowed=True)
    return AddressPolicy()(address)


class FakeResolver:
    """Host name -> answers; a host with a list of lists answers them in turn (the last repeats)."""

    def __init__(self, answers: dict[str, list[str] | list[list[str]]]) -> None:
        self.answers = answers
        self.calls: list[str] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.calls.append(host)
        if host not in self.answers:
            raise OSError(f"unknown host {host}")
        answer = self.answers[host]
        if answer and isinstance(answer[0], list):
            turns = [list(a) for a in answer if isinstance(a, list)]
            return turns[min(self.calls.count(host), len(turns)) - 1]
        return [str(a) for a in answer]
