"""RequestsFetcher against a loopback HTTPS server: the SSRF matrix, pinning, content checks, caps.

Nothing here leaves the machine: host names resolve through a fake resolver, and the loopback
server stands in for a public host through ``loopback_is_public`` (every other address family is
judged by the production policy).
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import socket
import stat
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adapters.requests_fetcher import INDEX_NAME, RequestsFetcher
from pdfcore.config import UrlsSettings
from pdfcore.errors import FetchFailed, FileTooLarge, MalformedPdf, UrlDenied
from pdfcore.netpolicy import FAMILIES
from tests.httpsserver import PUBLIC_STAND_INS, FakeResolver, LocalHttpsServer, Route, loopback_is_public

pytestmark = pytest.mark.network

PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
PDF_HEADERS = {"Content-Type": "application/pdf"}
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalHttpsServer]:
    with LocalHttpsServer(tmp_path_factory.mktemp("https")) as srv:
        yield srv


@pytest.fixture
def prefix() -> str:
    return "/" + uuid.uuid4().hex


@pytest.fixture
def dest(tmp_path: Path) -> str:
    return str(tmp_path / "downloads")


def make(
    server: LocalHttpsServer,
    answers: dict[str, Any] | None = None,
    *,
    policy: Any = loopback_is_public,
    **settings: Any,
) -> tuple[RequestsFetcher, FakeResolver]:
    resolver = FakeResolver({"public.test": ["127.0.0.1"], "other.test": ["127.0.0.1"], **(answers or {})})
    s = UrlsSettings(**{"timeout_seconds": 10.0, **settings})
    return RequestsFetcher(s, resolver=resolver, address_policy=policy, verify=str(server.ca_path)), resolver


def parts(dest: str) -> list[str]:
    return [n for n in os.listdir(dest) if n.startswith(".part-")] if os.path.isdir(dest) else []


# -- success and pinning ---------------------------------------------------------------------


def test_fetch_connects_to_the_validated_address_with_the_original_name(
    server: LocalHttpsServer, prefix: str, dest: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, resolver = make(server, {"pinned.test": ["127.0.0.1"]})
    looked_up: list[str] = []
    real_getaddrinfo = socket.getaddrinfo

    def spy(host: Any, *args: Any, **kwargs: Any) -> Any:
        looked_up.append(str(host))
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", spy)
    sni_before = len(server.sni_names)

    got = fetcher.fetch(server.url(prefix + "/doc.pdf", "pinned.test"), dest_dir=dest, max_bytes=1 << 20)

    digest = hashlib.sha256(PDF).hexdigest()
    assert got.sha256 == digest
    assert got.path == os.path.join(dest, digest + ".pdf")
    assert Path(got.path).read_bytes() == PDF
    assert got.size == len(PDF)
    assert got.content_type == "application/pdf"
    assert got.url == got.final_url == server.url(prefix + "/doc.pdf", "pinned.test")
    assert stat.S_IMODE(os.stat(dest).st_mode) == 0o700
    (seen,) = server.requests_for(prefix)
    assert seen.host == f"pinned.test:{server.port}"  # Host header keeps the name
    assert server.sni_names[sni_before:] == ["pinned.test"]  # so does TLS SNI
    assert resolver.calls == ["pinned.test"]  # resolved once, by the checked resolver
    assert "pinned.test" not in looked_up  # the connection never resolved the name again
    assert parts(dest) == []


def test_certificate_must_match_the_host_name_not_the_pinned_address(
    server: LocalHttpsServer, prefix: str, dest: str
) -> None:
    # The certificate is valid for 127.0.0.1 too: verifying the address would wrongly pass.
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, _ = make(server, {"impostor.example": ["127.0.0.1"]})
    with pytest.raises(FetchFailed) as info:
        fetcher.fetch(server.url(prefix + "/doc.pdf", "impostor.example"), dest_dir=dest, max_bytes=1 << 20)
    assert "certificate" in info.value.message
    assert server.requests_for(prefix) == []


def test_default_trust_store_refuses_an_unknown_ca(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher = RequestsFetcher(
        UrlsSettings(), resolver=FakeResolver({"public.test": ["127.0.0.1"]}), address_policy=loopback_is_public
    )
    with pytest.raises(FetchFailed) as info:
        fetcher.fetch(server.url(prefix + "/doc.pdf"), dest_dir=dest, max_bytes=1 << 20)
    assert "certificate" in info.value.message


def test_next_validated_address_is_tried_when_one_refuses(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    # The server listens on 127.0.0.1 only: 127.0.0.2 refuses the connection.
    fetcher, _ = make(server, {"public.test": ["127.0.0.2", "127.0.0.1"]})
    got = fetcher.fetch(server.url(prefix + "/doc.pdf"), dest_dir=dest, max_bytes=1 << 20)
    assert got.size == len(PDF)


def test_connection_refused_is_fetch_failed(server: LocalHttpsServer, dest: str) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free_port = s.getsockname()[1]
    fetcher, _ = make(server)
    with pytest.raises(FetchFailed) as info:
        fetcher.fetch(f"https://public.test:{free_port}/x.pdf", dest_dir=dest, max_bytes=1 << 20)
    assert "connect" in info.value.message
    assert "127.0.0.1" not in info.value.message


def test_unresolvable_host_is_fetch_failed(server: LocalHttpsServer, dest: str) -> None:
    fetcher, _ = make(server)
    with pytest.raises(FetchFailed, match="resolved"):
        fetcher.fetch("https://nowhere.test/x.pdf", dest_dir=dest, max_bytes=1 << 20)


# -- the address deny list -------------------------------------------------------------------

FAMILY_SAMPLES = [
    ("127.0.0.1", "loopback"),
    ("127.8.9.10", "loopback"),
    ("::1", "loopback"),
    ("10.0.0.1", "private"),
    ("172.16.5.4", "private"),
    ("192.168.0.10", "private"),
    ("169.254.1.1", "link_local"),
    ("fe80::1", "link_local"),
    ("100.64.0.1", "shared"),
    ("::ffff:127.0.0.1", "loopback"),
    ("::ffff:10.0.0.1", "private"),
    ("::7f00:1", "loopback"),
    ("64:ff9b::7f00:1", "loopback"),
    ("64:ff9b::a9fe:a9fe", "metadata"),
    ("64:ff9b:1::1", "nat64_local"),
    ("fc00::1", "unique_local"),
    ("fd12:3456::1", "unique_local"),
    ("192.0.2.1", "documentation"),
    ("198.51.100.1", "documentation"),
    ("203.0.113.1", "documentation"),
    ("2001:db8::1", "documentation"),
    ("224.0.0.1", "multicast"),
    ("ff02::1", "multicast"),
    ("0.0.0.0", "unspecified"),
    ("::", "unspecified"),
    ("255.255.255.255", "broadcast"),
    ("240.0.0.1", "reserved"),
    ("0.1.2.3", "this_network"),
    ("198.18.0.1", "benchmarking"),
    ("169.254.169.254", "metadata"),
    ("fd00:ec2::254", "metadata"),
]


@pytest.mark.parametrize(("address", "family"), FAMILY_SAMPLES)
def test_denied_address_is_never_contacted(
    server: LocalHttpsServer, prefix: str, dest: str, address: str, family: str
) -> None:
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    # The production policy: the loopback server would answer, so loopback must be refused by policy.
    fetcher, _ = make(server, {"private.test": [address]}, policy=None)
    before = server.connections
    with pytest.raises(UrlDenied) as info:
        fetcher.fetch(server.url(prefix + "/doc.pdf", "private.test"), dest_dir=dest, max_bytes=1 << 20)
    assert FAMILIES[family].description in info.value.message
    assert info.value.details["reason"] == family
    assert address not in info.value.message or address == "::"
    assert server.connections == before  # not even a TCP connection
    assert server.requests_for(prefix) == []
    assert not os.path.isdir(dest) or os.listdir(dest) == []


@pytest.mark.parametrize(("address", "family"), [s for s in FAMILY_SAMPLES if s[0] not in PUBLIC_STAND_INS])
def test_denied_address_behind_a_redirect_is_never_contacted(
    server: LocalHttpsServer, prefix: str, dest: str, address: str, family: str
) -> None:
    target = server.url(prefix + "/doc.pdf", "private.test")
    server.route(prefix + "/go", Route(status=302, headers={"Location": target}))
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, _ = make(server, {"private.test": [address]})
    with pytest.raises(UrlDenied) as info:
        fetcher.fetch(server.url(prefix + "/go"), dest_dir=dest, max_bytes=1 << 20)
    assert "redirect target private.test" in info.value.message
    assert FAMILIES[family].description in info.value.message
    assert [s.path for s in server.requests_for(prefix)] == [prefix + "/go"]


@pytest.mark.parametrize("answers", [["127.0.0.1", "10.0.0.1"], ["10.0.0.1", "127.0.0.1"]])
def test_one_denied_answer_among_several_refuses_the_host(
    server: LocalHttpsServer, prefix: str, dest: str, answers: list[str]
) -> None:
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, _ = make(server, {"mixed.test": answers})
    before = server.connections
    with pytest.raises(UrlDenied, match="private address"):
        fetcher.fetch(server.url(prefix + "/doc.pdf", "mixed.test"), dest_dir=dest, max_bytes=1 << 20)
    assert server.connections == before


@pytest.mark.parametrize("host", ["127.0.0.1", "[::ffff:127.0.0.1]", "[::1]", "169.254.169.254"])
def test_ip_literal_urls_are_judged_without_resolving(
    server: LocalHttpsServer, prefix: str, dest: str, host: str
) -> None:
    fetcher, resolver = make(server, policy=None)
    before = server.connections
    with pytest.raises(UrlDenied, match="points at"):
        fetcher.fetch(f"https://{host}:{server.port}{prefix}/doc.pdf", dest_dir=dest, max_bytes=1 << 20)
    assert resolver.calls == []
    assert server.connections == before


# -- DNS rebinding ---------------------------------------------------------------------------


def test_rebinding_resolver_cannot_move_a_connection(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, resolver = make(server, {"rebind.test": [["127.0.0.1"], ["10.0.0.1"]]})
    url = server.url(prefix + "/doc.pdf", "rebind.test")
    got = fetcher.fetch(url, dest_dir=dest, max_bytes=1 << 20)
    # One resolution per hop: the private second answer was never asked for, the pinned
    # public address served the file.
    assert resolver.calls == ["rebind.test"]
    assert got.size == len(PDF)
    assert [s.host for s in server.requests_for(prefix)] == [f"rebind.test:{server.port}"]
    # The next fetch resolves again, gets the private answer and is refused before connecting.
    before = server.connections
    with pytest.raises(UrlDenied, match="private address"):
        fetcher.fetch(url, dest_dir=dest, max_bytes=1 << 20)
    assert server.connections == before
    assert len(server.requests_for(prefix)) == 1


def test_rebinding_between_redirect_hops_is_refused(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(prefix + "/hop", Route(status=302, headers={"Location": prefix + "/doc.pdf"}))
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, resolver = make(server, {"rebind.test": [["127.0.0.1"], ["169.254.169.254"]]})
    with pytest.raises(UrlDenied, match="metadata"):
        fetcher.fetch(server.url(prefix + "/hop", "rebind.test"), dest_dir=dest, max_bytes=1 << 20)
    assert resolver.calls == ["rebind.test", "rebind.test"]  # every hop is resolved and checked
    assert [s.path for s in server.requests_for(prefix)] == [prefix + "/hop"]


# -- allow_private_networks ------------------------------------------------------------------


def test_allow_private_networks_reaches_a_loopback_server(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, _ = make(server, {"private.test": ["127.0.0.1"]}, policy=None, allow_private_networks=True)
    got = fetcher.fetch(server.url(prefix + "/doc.pdf", "private.test"), dest_dir=dest, max_bytes=1 << 20)
    assert got.size == len(PDF)


@pytest.mark.parametrize("address", ["169.254.169.254", "fd00:ec2::254", "100.100.100.200", "169.254.3.3"])
def test_allow_private_networks_still_refuses_metadata_and_link_local(
    server: LocalHttpsServer, dest: str, address: str
) -> None:
    fetcher, _ = make(server, {"private.test": [address]}, policy=None, allow_private_networks=True)
    with pytest.raises(UrlDenied):
        fetcher.fetch("https://private.test/latest/meta-data/", dest_dir=dest, max_bytes=1 << 20)


def test_denial_of_a_private_address_names_the_setting(server: LocalHttpsServer, dest: str) -> None:
    fetcher, _ = make(server, {"private.test": ["10.1.1.1"]}, policy=None)
    with pytest.raises(UrlDenied) as info:
        fetcher.fetch("https://private.test/x.pdf", dest_dir=dest, max_bytes=1 << 20)
    assert "PDFCORE_ALLOW_PRIVATE_NETWORKS" in info.value.recovery


# -- schemes and host rules ------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["http", "ftp", "file", "gopher"])
def test_only_https_is_fetched(server: LocalHttpsServer, prefix: str, dest: str, scheme: str) -> None:
    fetcher, resolver = make(server)
    before = server.connections
    with pytest.raises(UrlDenied, match="Only https"):
        fetcher.fetch(f"{scheme}://public.test:{server.port}{prefix}/doc.pdf", dest_dir=dest, max_bytes=1 << 20)
    assert server.connections == before
    assert resolver.calls == []


def test_redirect_to_http_is_refused(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(
        prefix + "/go", Route(status=301, headers={"Location": f"http://public.test:{server.port}{prefix}/doc.pdf"})
    )
    fetcher, _ = make(server)
    with pytest.raises(UrlDenied, match="redirected to a URL that is refused"):
        fetcher.fetch(server.url(prefix + "/go"), dest_dir=dest, max_bytes=1 << 20)
    assert [s.path for s in server.requests_for(prefix)] == [prefix + "/go"]


def test_host_deny_rules(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    fetcher, resolver = make(server, {"blocked.example": ["127.0.0.1"]}, deny=("*.example",))
    before = server.connections
    with pytest.raises(UrlDenied, match="deny rules"):
        fetcher.fetch(server.url(prefix + "/doc.pdf", "blocked.example"), dest_dir=dest, max_bytes=1 << 20)
    assert resolver.calls == []  # refused before resolving
    assert server.connections == before


def test_host_allow_rules_and_deny_wins(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, _ = make(server, {"allowed.test": ["127.0.0.1"]}, allow=("allowed.test",))
    assert fetcher.fetch(server.url(prefix + "/doc.pdf", "allowed.test"), dest_dir=dest, max_bytes=1 << 20).size
    with pytest.raises(UrlDenied, match="allow rules"):
        fetcher.fetch(server.url(prefix + "/doc.pdf"), dest_dir=dest, max_bytes=1 << 20)
    both, _ = make(server, {"allowed.test": ["127.0.0.1"]}, allow=("*.test",), deny=("allowed.*",))
    with pytest.raises(UrlDenied, match="deny rules"):
        both.fetch(server.url(prefix + "/doc.pdf", "allowed.test"), dest_dir=dest, max_bytes=1 << 20)


def test_redirect_to_a_denied_host_is_refused(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(prefix + "/go", Route(status=307, headers={"Location": server.url(prefix + "/d.pdf", "denied.test")}))
    fetcher, resolver = make(server, {"denied.test": ["127.0.0.1"]}, deny=("denied.test",))
    with pytest.raises(UrlDenied, match="deny rules"):
        fetcher.fetch(server.url(prefix + "/go"), dest_dir=dest, max_bytes=1 << 20)
    assert "denied.test" not in resolver.calls
    assert [s.path for s in server.requests_for(prefix)] == [prefix + "/go"]


def test_disabled_fetching(server: LocalHttpsServer, dest: str) -> None:
    fetcher, resolver = make(server, enabled=False)
    with pytest.raises(UrlDenied, match="disabled"):
        fetcher.fetch("https://public.test/x.pdf", dest_dir=dest, max_bytes=1 << 20)
    assert resolver.calls == []


# -- redirects -------------------------------------------------------------------------------


def _chain(server: LocalHttpsServer, prefix: str, length: int) -> str:
    for i in range(length):
        server.route(f"{prefix}/r{i}", Route(status=302, headers={"Location": f"{prefix}/r{i + 1}"}))
    server.route(f"{prefix}/r{length}", Route(headers=PDF_HEADERS, body=PDF))
    return server.url(f"{prefix}/r0")


def test_redirect_chain_within_the_cap(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    url = _chain(server, prefix, 2)
    fetcher, _ = make(server, max_redirects=2)
    got = fetcher.fetch(url, dest_dir=dest, max_bytes=1 << 20)
    assert got.url == url
    assert got.final_url == server.url(f"{prefix}/r2")
    assert len(server.requests_for(prefix)) == 3


def test_redirect_chain_over_the_cap(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    url = _chain(server, prefix, 3)
    fetcher, _ = make(server, max_redirects=2)
    with pytest.raises(FetchFailed, match="more than 2"):
        fetcher.fetch(url, dest_dir=dest, max_bytes=1 << 20)
    # The first URL and two redirects were followed; the third Location was never requested.
    assert [s.path for s in server.requests_for(prefix)] == [f"{prefix}/r0", f"{prefix}/r1", f"{prefix}/r2"]


def test_no_redirects_allowed(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    url = _chain(server, prefix, 1)
    fetcher, _ = make(server, max_redirects=0)
    with pytest.raises(FetchFailed, match="more than 0"):
        fetcher.fetch(url, dest_dir=dest, max_bytes=1 << 20)


def test_redirect_without_location(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(prefix + "/go", Route(status=302))
    fetcher, _ = make(server)
    with pytest.raises(FetchFailed, match="without a Location"):
        fetcher.fetch(server.url(prefix + "/go"), dest_dir=dest, max_bytes=1 << 20)


@pytest.mark.parametrize("status", [400, 403, 404, 410, 500, 503, 304])
def test_error_statuses(server: LocalHttpsServer, prefix: str, dest: str, status: int) -> None:
    server.route(prefix + "/doc.pdf", Route(status=status, headers=PDF_HEADERS, body=PDF))
    fetcher, _ = make(server)
    with pytest.raises(FetchFailed) as info:
        fetcher.fetch(server.url(prefix + "/doc.pdf"), dest_dir=dest, max_bytes=1 << 20)
    assert info.value.details["status"] == status


# -- content checks --------------------------------------------------------------------------

DENIED_TYPES = [
    "text/html; charset=utf-8",
    "text/plain",
    "application/json",
    "application/xml",
    "application/xhtml+xml",
    "image/png",
    "audio/mpeg",
    "video/mp4",
    "multipart/mixed; boundary=x",
]


@pytest.mark.parametrize("content_type", DENIED_TYPES)
def test_denied_content_type_is_refused_before_any_body_byte(
    server: LocalHttpsServer, prefix: str, dest: str, content_type: str
) -> None:
    # The server sends the headers, then holds the body back until the gate opens. A client that
    # tried to read the body would block until its read timeout and fail with a timeout message.
    gate = threading.Event()
    server.route(prefix + "/doc", Route(headers={"Content-Type": content_type}, body=PDF, gate=gate))
    fetcher, _ = make(server)
    try:
        with pytest.raises(FetchFailed) as info:
            fetcher.fetch(server.url(prefix + "/doc"), dest_dir=dest, max_bytes=1 << 20)
        assert not gate.is_set()
    finally:
        gate.set()
    assert "Content-Type" in info.value.message
    assert info.value.details["content_type"] == content_type.split(";")[0]
    assert not os.path.isdir(dest) or os.listdir(dest) == []


def test_declared_length_over_the_cap_is_refused_before_any_body_byte(
    server: LocalHttpsServer, prefix: str, dest: str
) -> None:
    gate = threading.Event()
    server.route(prefix + "/big.pdf", Route(headers=PDF_HEADERS, body=PDF * 100, gate=gate))
    fetcher, _ = make(server)
    try:
        with pytest.raises(FileTooLarge) as info:
            fetcher.fetch(server.url(prefix + "/big.pdf"), dest_dir=dest, max_bytes=1024)
        assert not gate.is_set()
    finally:
        gate.set()
    assert info.value.details == {"size_bytes": len(PDF) * 100, "limit_bytes": 1024}


def test_streamed_body_over_the_cap_is_abandoned(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    chunk = b"%PDF" + b"x" * (64 * 1024 - 4)

    def endless() -> Iterator[bytes]:
        for _ in range(512):  # 32 MiB, more than any socket buffer between the two ends
            yield chunk

    server.route(prefix + "/huge.pdf", Route(headers=PDF_HEADERS, body=endless))  # no Content-Length
    fetcher, _ = make(server)
    with pytest.raises(FileTooLarge):
        fetcher.fetch(server.url(prefix + "/huge.pdf"), dest_dir=dest, max_bytes=256 * 1024)
    (seen,) = server.requests_for(prefix)
    assert seen.done.wait(60)
    assert seen.completed is False  # the client hung up long before the body ended
    assert parts(dest) == []
    assert [n for n in os.listdir(dest) if n.endswith(".pdf")] == []


def test_body_exactly_at_the_cap_is_accepted(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    body = PDF + b"0" * (4096 - len(PDF))
    server.route(prefix + "/exact.pdf", Route(headers=PDF_HEADERS, body=body, send_length=False))
    fetcher, _ = make(server)
    assert fetcher.fetch(server.url(prefix + "/exact.pdf"), dest_dir=dest, max_bytes=4096).size == 4096
    with pytest.raises(FileTooLarge):
        fetcher.fetch(server.url(prefix + "/exact.pdf"), dest_dir=dest, max_bytes=4095)


@pytest.mark.parametrize(
    ("content_type", "body", "ok"),
    [
        ("application/octet-stream", PDF, True),
        (None, PDF, True),
        ("application/x-download", PDF, True),
        ("application/octet-stream", b"<html>not a pdf</html>", False),
        (None, b"PK\x03\x04zipfile", False),
        ("binary/octet-stream", b"%PS-Adobe", False),
        ("application/octet-stream", b"%P", False),
        ("application/pdf", b"", False),
        # The port's contract: a PDF Content-Type is trusted; the PDF engine judges the bytes later.
        ("application/pdf", b"\xef\xbb\xbf%PDF-1.7 with a BOM", True),
    ],
)
def test_magic_check(
    server: LocalHttpsServer, prefix: str, dest: str, content_type: str | None, body: bytes, ok: bool
) -> None:
    headers = {"Content-Type": content_type} if content_type else {}
    server.route(prefix + "/doc", Route(headers=headers, body=body))
    fetcher, _ = make(server)
    if ok:
        got = fetcher.fetch(server.url(prefix + "/doc"), dest_dir=dest, max_bytes=1 << 20)
        assert Path(got.path).read_bytes() == body
        assert got.content_type == content_type
    else:
        with pytest.raises(MalformedPdf):
            fetcher.fetch(server.url(prefix + "/doc"), dest_dir=dest, max_bytes=1 << 20)
        assert parts(dest) == []


def test_wrong_magic_stops_the_download_at_once(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    def html() -> Iterator[bytes]:
        yield b"<!doctype html>"
        for _ in range(512):
            yield b" " * 65536

    server.route(prefix + "/page", Route(headers={"Content-Type": "application/octet-stream"}, body=html))
    fetcher, _ = make(server)
    with pytest.raises(MalformedPdf):
        fetcher.fetch(server.url(prefix + "/page"), dest_dir=dest, max_bytes=1 << 30)
    (seen,) = server.requests_for(prefix)
    assert seen.done.wait(60)
    assert seen.completed is False


# -- timeouts --------------------------------------------------------------------------------


def test_read_timeout(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    gate = threading.Event()
    server.route(prefix + "/slow.pdf", Route(headers=PDF_HEADERS, body=PDF, gate=gate))
    fetcher, _ = make(server, timeout_seconds=1.0)
    try:
        with pytest.raises(FetchFailed, match="sent nothing for 1 s"):
            fetcher.fetch(server.url(prefix + "/slow.pdf"), dest_dir=dest, max_bytes=1 << 20)
    finally:
        gate.set()
    assert parts(dest) == []


def test_total_deadline_stops_a_trickling_server(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    def trickle() -> Iterator[bytes]:
        yield b"%PDF-1.4\n"
        for _ in range(50):
            time.sleep(0.1)
            yield b"% still here\n"

    server.route(prefix + "/trickle.pdf", Route(headers=PDF_HEADERS, body=trickle))
    resolver = FakeResolver({"public.test": ["127.0.0.1"]})
    fetcher = RequestsFetcher(
        UrlsSettings(timeout_seconds=5.0),
        resolver=resolver,
        address_policy=loopback_is_public,
        verify=str(server.ca_path),
        total_timeout_seconds=0.5,
    )
    with pytest.raises(FetchFailed, match=r"took longer than 0\.5 s"):
        fetcher.fetch(server.url(prefix + "/trickle.pdf"), dest_dir=dest, max_bytes=1 << 20)
    assert parts(dest) == []


# -- storage ---------------------------------------------------------------------------------


def test_downloads_are_content_addressed(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    other = PDF.replace(b"1.4", b"1.7")
    server.route(prefix + "/a.pdf", Route(headers=PDF_HEADERS, body=PDF))
    server.route(prefix + "/b.pdf", Route(headers=PDF_HEADERS, body=PDF))
    server.route(prefix + "/c.pdf", Route(headers=PDF_HEADERS, body=other))
    fetcher, _ = make(server)
    a = fetcher.fetch(server.url(prefix + "/a.pdf"), dest_dir=dest, max_bytes=1 << 20)
    mtime = os.stat(a.path).st_mtime_ns
    b = fetcher.fetch(server.url(prefix + "/b.pdf"), dest_dir=dest, max_bytes=1 << 20)
    c = fetcher.fetch(server.url(prefix + "/c.pdf"), dest_dir=dest, max_bytes=1 << 20)
    assert a.path == b.path
    assert os.stat(a.path).st_mtime_ns == mtime  # the existing file is kept: stable fingerprint
    assert c.path != a.path
    assert os.path.basename(c.path) == hashlib.sha256(other).hexdigest() + ".pdf"
    assert stat.S_IMODE(os.stat(c.path).st_mode) & 0o077 == 0
    # Every fetch went to the network: nothing is served from an earlier download.
    fetcher.fetch(server.url(prefix + "/a.pdf"), dest_dir=dest, max_bytes=1 << 20)
    assert len(server.requests_for(prefix + "/a.pdf")) == 2


def test_existing_dest_dir_is_made_private(server: LocalHttpsServer, prefix: str, tmp_path: Path) -> None:
    dest = tmp_path / "open"
    dest.mkdir(mode=0o755)
    server.route(prefix + "/a.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, _ = make(server)
    fetcher.fetch(server.url(prefix + "/a.pdf"), dest_dir=str(dest), max_bytes=1 << 20)
    assert stat.S_IMODE(dest.stat().st_mode) == 0o700


def test_index_stats_and_clear(server: LocalHttpsServer, prefix: str, tmp_path: Path) -> None:
    dest = str(tmp_path / "downloads")
    other = PDF + b"% second\n"
    server.route(prefix + "/a.pdf", Route(headers=PDF_HEADERS, body=PDF))
    server.route(prefix + "/go", Route(status=302, headers={"Location": prefix + "/b.pdf"}))
    server.route(prefix + "/b.pdf", Route(headers={"Content-Type": "application/octet-stream"}, body=other))
    resolver = FakeResolver({"public.test": ["127.0.0.1"]})
    fetcher = RequestsFetcher(
        UrlsSettings(),
        resolver=resolver,
        address_policy=loopback_is_public,
        verify=str(server.ca_path),
        download_dir=dest,
    )
    assert fetcher.stats() == {"cached_files": 0, "total_size_bytes": 0, "cache_dir": dest}
    assert fetcher.clear() == 0
    fetcher.fetch(server.url(prefix + "/a.pdf"), dest_dir=dest, max_bytes=1 << 20)
    got = fetcher.fetch(server.url(prefix + "/go"), dest_dir=dest, max_bytes=1 << 20)
    entry = fetcher.lookup(server.url(prefix + "/go"))
    assert entry is not None
    assert entry["sha256"] == got.sha256 == hashlib.sha256(other).hexdigest()
    assert entry["final_url"] == server.url(prefix + "/b.pdf")
    assert entry["content_type"] == "application/octet-stream"
    assert fetcher.stats() == {"cached_files": 2, "total_size_bytes": len(PDF) + len(other), "cache_dir": dest}
    orphan = Path(dest) / ".part-crashed.pdf"
    orphan.write_bytes(b"%PDF partial")
    os.utime(orphan, (time.time() - 7200, time.time() - 7200))
    fresh = Path(dest) / ".part-inflight.pdf"
    fresh.write_bytes(b"%PDF partial")
    assert fetcher.clear() == 2
    assert fetcher.stats()["cached_files"] == 0
    assert not orphan.exists()
    assert fresh.exists()  # may belong to a download in progress
    assert not (Path(dest) / INDEX_NAME).exists()
    assert fetcher.lookup(server.url(prefix + "/go")) is None


def test_clear_knows_folders_used_by_fetch(server: LocalHttpsServer, prefix: str, dest: str) -> None:
    server.route(prefix + "/a.pdf", Route(headers=PDF_HEADERS, body=PDF))
    fetcher, _ = make(server)
    assert fetcher.stats()["cache_dir"] is None
    fetcher.fetch(server.url(prefix + "/a.pdf"), dest_dir=dest, max_bytes=1 << 20)
    assert fetcher.stats()["cache_dir"] == dest
    assert fetcher.clear() == 1
    assert [n for n in os.listdir(dest) if n.endswith(".pdf")] == []


# -- credentials -----------------------------------------------------------------------------


def test_credentials_are_sent_to_their_host_only_and_never_shown(
    server: LocalHttpsServer, prefix: str, dest: str, caplog: pytest.LogCaptureFixture
) -> None:
    server.route(
        prefix + "/go?token=qs", Route(status=302, headers={"Location": server.url(prefix + "/doc.pdf", "other.test")})
    )
    server.route(prefix + "/doc.pdf", Route(headers=PDF_HEADERS, body=PDF))
    server.route(prefix + "/missing", Route(status=404, headers={"Content-Type": "text/plain"}, body=b"no"))
    fetcher, _ = make(server)
    secret = "s3cr3t-pw"
    caplog.set_level(logging.DEBUG)
    got = fetcher.fetch(
        f"https://alice:{secret}@public.test:{server.port}{prefix}/go?token=qs", dest_dir=dest, max_bytes=1 << 20
    )
    first, second = server.requests_for(prefix)
    assert first.authorization == "Basic " + base64.b64encode(f"alice:{secret}".encode()).decode()
    assert second.authorization is None  # the redirect left the host: credentials dropped
    assert secret not in got.url and "alice" not in got.url
    assert got.url.endswith(f"{prefix}/go?token=qs")
    with pytest.raises(FetchFailed) as info:
        fetcher.fetch(f"https://alice:{secret}@public.test:{server.port}{prefix}/missing", dest_dir=dest, max_bytes=99)
    assert secret not in str(info.value.to_dict())
    index = (Path(dest) / INDEX_NAME).read_text()
    assert secret not in index and "alice" not in index
    assert json.loads(index)["entries"]
    everything = "\n".join(r.getMessage() for r in caplog.records)  # urllib3's debug lines included
    assert secret not in everything
    ours = "\n".join(r.getMessage() for r in caplog.records if r.name == "adapters.requests_fetcher")
    assert f"{prefix}/go" in ours
    assert "token=qs" not in ours


# -- start-up cost ---------------------------------------------------------------------------


def test_import_and_construction_do_not_load_the_http_stack() -> None:
    code = (
        "import sys\n"
        "from adapters.requests_fetcher import RequestsFetcher\n"
        "from pdfcore.config import UrlsSettings\n"
        "RequestsFetcher(settings=UrlsSettings())\n"
        "loaded = [m for m in ('requests', 'urllib3', 'certifi', 'ssl') if m in sys.modules]\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() in ("", "ssl")
    assert "urllib3" not in out.stdout and "requests" not in out.stdout


# -- wired into the library ------------------------------------------------------------------


def test_library_reads_a_fetched_document(server: LocalHttpsServer, prefix: str, tmp_path: Path, settings: Any) -> None:
    import pdfcore
    from tests.pdfgen import simple_document

    body = simple_document(tmp_path / "s.pdf", 3).read_bytes()
    server.route(prefix + "/s.pdf", Route(headers=PDF_HEADERS, body=body))
    fetcher = RequestsFetcher(
        settings.urls,
        resolver=FakeResolver({"public.test": ["127.0.0.1"]}),
        address_policy=loopback_is_public,
        verify=str(server.ca_path),
    )
    core = pdfcore.build(settings, fetcher=fetcher)
    try:
        assert core.info(server.url(prefix + "/s.pdf")).page_count == 3
    finally:
        core.close()
    downloads = Path(settings.cache.dir) / "downloads"
    assert (downloads / (hashlib.sha256(body).hexdigest() + ".pdf")).read_bytes() == body
    assert fetcher.stats()["cache_dir"] == str(downloads)
