"""The Fetcher contract, run against FakeFetcher and RequestsFetcher (on a loopback HTTPS server)."""

from __future__ import annotations

import hashlib
import os
import stat
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from pdfcore.config import UrlsSettings
from pdfcore.errors import FetchFailed, FileTooLarge, MalformedPdf, UrlDenied
from ports.fetcher import Fetcher
from tests.fakes.fake_fetcher import FakeFetcher, FakeResponse
from tests.httpsserver import FakeResolver, LocalHttpsServer, Route, loopback_is_public

PDF = b"%PDF-1.5\n% contract\n%%EOF\n"


class FakeHarness:
    port = 8443

    def __init__(self) -> None:
        self.responses: dict[str, FakeResponse] = {}
        self.fetchers: list[FakeFetcher] = []

    def url(self, path: str, host: str = "public.test") -> str:
        return f"https://{host}:{self.port}{path}"

    def serve(self, path: str, resp: FakeResponse, host: str = "public.test") -> str:
        self.responses[self.url(path, host)] = resp
        return self.url(path, host)

    def fetcher(self, hosts: dict[str, list[str]] | None = None, **settings: Any) -> Any:
        f = FakeFetcher(
            UrlsSettings(**settings),
            responses=self.responses,
            hosts={"public.test": ["127.0.0.1"], "other.test": ["127.0.0.1"], **(hosts or {})},
            address_policy=loopback_is_public,
        )
        self.fetchers.append(f)
        return f

    def served(self, prefix: str) -> list[str]:
        paths = [urlsplit(u).path for f in self.fetchers for u in f.served]
        return [p for p in paths if p.startswith(prefix)]


class RealHarness:
    def __init__(self, server: LocalHttpsServer) -> None:
        self.server = server

    def url(self, path: str, host: str = "public.test") -> str:
        return self.server.url(path, host)

    def serve(self, path: str, resp: FakeResponse, host: str = "public.test") -> str:
        headers = {}
        if resp.content_type is not None:
            headers["Content-Type"] = resp.content_type
        if resp.location is not None:
            headers["Location"] = resp.location
        if resp.content_length is not None:
            headers["Content-Length"] = str(resp.content_length)
        self.server.route(
            path, Route(status=resp.status, headers=headers, body=resp.body, send_length=resp.content_length is None)
        )
        return self.url(path, host)

    def fetcher(self, hosts: dict[str, list[str]] | None = None, **settings: Any) -> Any:
        from adapters.requests_fetcher import RequestsFetcher

        resolver = FakeResolver({"public.test": ["127.0.0.1"], "other.test": ["127.0.0.1"], **(hosts or {})})
        return RequestsFetcher(
            UrlsSettings(**settings),
            resolver=resolver,
            address_policy=loopback_is_public,
            verify=str(self.server.ca_path),
        )

    def served(self, prefix: str) -> list[str]:
        return [s.path for s in self.server.requests_for(prefix)]


@pytest.fixture(scope="module")
def https_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalHttpsServer]:
    with LocalHttpsServer(tmp_path_factory.mktemp("https")) as srv:
        yield srv


@pytest.fixture(params=["fake", "requests"])
def harness(request: pytest.FixtureRequest, https_server: LocalHttpsServer) -> Any:
    return FakeHarness() if request.param == "fake" else RealHarness(https_server)


@pytest.fixture
def prefix() -> str:
    return "/" + uuid.uuid4().hex


@pytest.fixture
def dest(tmp_path: Path) -> str:
    return str(tmp_path / "downloads")


def test_is_a_fetcher(harness: Any) -> None:
    f = harness.fetcher()
    assert Fetcher in type(f).__mro__  # subclasses the port, so mypy checks it where it is defined
    assert callable(f.clear) and callable(f.stats)


def test_download_is_content_addressed(harness: Any, prefix: str, dest: str) -> None:
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF))
    got = harness.fetcher().fetch(url, dest_dir=dest, max_bytes=1 << 20)
    digest = hashlib.sha256(PDF).hexdigest()
    assert (got.sha256, got.size, got.url, got.final_url) == (digest, len(PDF), url, url)
    assert got.path == os.path.join(dest, digest + ".pdf")
    assert Path(got.path).read_bytes() == PDF
    assert got.content_type == "application/pdf"
    assert stat.S_IMODE(os.stat(dest).st_mode) == 0o700


def test_same_bytes_same_file(harness: Any, prefix: str, dest: str) -> None:
    a = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF))
    b = harness.serve(prefix + "/b.pdf", FakeResponse(body=PDF, content_type="application/octet-stream"))
    f = harness.fetcher()
    assert f.fetch(a, dest_dir=dest, max_bytes=1 << 20).path == f.fetch(b, dest_dir=dest, max_bytes=1 << 20).path


def test_redirect_is_followed(harness: Any, prefix: str, dest: str) -> None:
    target = harness.serve(prefix + "/b.pdf", FakeResponse(body=PDF), host="other.test")
    url = harness.serve(prefix + "/a", FakeResponse(status=302, location=target))
    got = harness.fetcher().fetch(url, dest_dir=dest, max_bytes=1 << 20)
    assert (got.url, got.final_url) == (url, target)


def test_credentials_never_in_the_result(harness: Any, prefix: str, dest: str) -> None:
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF))
    got = harness.fetcher().fetch(url.replace("https://", "https://bob:hunter2@"), dest_dir=dest, max_bytes=1 << 20)
    assert got.url == url


@pytest.mark.parametrize("scheme", ["http", "ftp", "file"])
def test_only_https(harness: Any, prefix: str, dest: str, scheme: str) -> None:
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF))
    with pytest.raises(UrlDenied):
        harness.fetcher().fetch(scheme + url[len("https") :], dest_dir=dest, max_bytes=1 << 20)
    assert harness.served(prefix) == []


@pytest.mark.parametrize("address", ["10.0.0.1", "::ffff:127.0.0.9", "169.254.169.254", "fd00:ec2::254", "::1"])
def test_denied_address(harness: Any, prefix: str, dest: str, address: str) -> None:
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF), host="private.test")
    with pytest.raises(UrlDenied):
        harness.fetcher(hosts={"private.test": [address]}).fetch(url, dest_dir=dest, max_bytes=1 << 20)
    assert harness.served(prefix) == []


def test_denied_address_behind_a_redirect(harness: Any, prefix: str, dest: str) -> None:
    target = harness.serve(prefix + "/b.pdf", FakeResponse(body=PDF), host="private.test")
    url = harness.serve(prefix + "/a", FakeResponse(status=301, location=target))
    with pytest.raises(UrlDenied):
        harness.fetcher(hosts={"private.test": ["192.168.1.1"]}).fetch(url, dest_dir=dest, max_bytes=1 << 20)
    assert harness.served(prefix) == [prefix + "/a"]


def test_private_networks_can_be_allowed(harness: Any, prefix: str, dest: str) -> None:
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF), host="private.test")
    f = harness.fetcher(hosts={"private.test": ["127.0.0.1"]}, allow_private_networks=True)
    assert f.fetch(url, dest_dir=dest, max_bytes=1 << 20).size == len(PDF)


def test_host_rules(harness: Any, prefix: str, dest: str) -> None:
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF))
    with pytest.raises(UrlDenied):
        harness.fetcher(deny=("public.*",)).fetch(url, dest_dir=dest, max_bytes=1 << 20)
    with pytest.raises(UrlDenied):
        harness.fetcher(allow=("*.example",)).fetch(url, dest_dir=dest, max_bytes=1 << 20)
    assert harness.served(prefix) == []
    assert harness.fetcher(allow=("*.test",)).fetch(url, dest_dir=dest, max_bytes=1 << 20).size == len(PDF)


def test_disabled(harness: Any, prefix: str, dest: str) -> None:
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF))
    with pytest.raises(UrlDenied):
        harness.fetcher(enabled=False).fetch(url, dest_dir=dest, max_bytes=1 << 20)


@pytest.mark.parametrize("content_type", ["text/html", "application/json", "image/jpeg", "multipart/related"])
def test_denied_content_type(harness: Any, prefix: str, dest: str, content_type: str) -> None:
    url = harness.serve(prefix + "/a", FakeResponse(body=PDF, content_type=content_type))
    with pytest.raises(FetchFailed):
        harness.fetcher().fetch(url, dest_dir=dest, max_bytes=1 << 20)


@pytest.mark.parametrize(
    ("content_type", "body", "error"),
    [
        ("application/octet-stream", PDF, None),
        (None, PDF, None),
        ("application/octet-stream", b"GIF89a....", MalformedPdf),
        (None, b"<html></html>", MalformedPdf),
        ("application/pdf", b"", MalformedPdf),
    ],
)
def test_magic(
    harness: Any, prefix: str, dest: str, content_type: str | None, body: bytes, error: type[Exception] | None
) -> None:
    url = harness.serve(prefix + "/a", FakeResponse(body=body, content_type=content_type))
    f = harness.fetcher()
    if error is None:
        assert f.fetch(url, dest_dir=dest, max_bytes=1 << 20).size == len(body)
    else:
        with pytest.raises(error):
            f.fetch(url, dest_dir=dest, max_bytes=1 << 20)


def test_size_cap(harness: Any, prefix: str, dest: str) -> None:
    body = PDF + b"0" * 5000
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=body))
    f = harness.fetcher()
    with pytest.raises(FileTooLarge):
        f.fetch(url, dest_dir=dest, max_bytes=len(body) - 1)
    assert f.fetch(url, dest_dir=dest, max_bytes=len(body)).size == len(body)


def test_declared_size_over_the_cap(harness: Any, prefix: str, dest: str) -> None:
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF, content_length=len(PDF)))
    with pytest.raises(FileTooLarge):
        harness.fetcher().fetch(url, dest_dir=dest, max_bytes=len(PDF) - 1)


@pytest.mark.parametrize("status", [404, 500])
def test_http_errors(harness: Any, prefix: str, dest: str, status: int) -> None:
    url = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF, status=status))
    with pytest.raises(FetchFailed) as info:
        harness.fetcher().fetch(url, dest_dir=dest, max_bytes=1 << 20)
    assert info.value.details["status"] == status


def test_unknown_url_is_fetch_failed(harness: Any, prefix: str, dest: str) -> None:
    with pytest.raises(FetchFailed):
        harness.fetcher().fetch(harness.url(prefix + "/nothing-here.pdf"), dest_dir=dest, max_bytes=1 << 20)


def test_redirect_cap(harness: Any, prefix: str, dest: str) -> None:
    for i in range(3):
        harness.serve(f"{prefix}/r{i}", FakeResponse(status=302, location=harness.url(f"{prefix}/r{i + 1}")))
    harness.serve(f"{prefix}/r3", FakeResponse(body=PDF))
    with pytest.raises(FetchFailed):
        harness.fetcher(max_redirects=2).fetch(harness.url(f"{prefix}/r0"), dest_dir=dest, max_bytes=1 << 20)
    assert harness.served(prefix) == [f"{prefix}/r0", f"{prefix}/r1", f"{prefix}/r2"]
    assert harness.fetcher(max_redirects=3).fetch(harness.url(f"{prefix}/r0"), dest_dir=dest, max_bytes=1 << 20)


def test_redirect_to_http_is_denied(harness: Any, prefix: str, dest: str) -> None:
    url = harness.serve(prefix + "/a", FakeResponse(status=302, location="http://public.test/x.pdf"))
    with pytest.raises(UrlDenied):
        harness.fetcher().fetch(url, dest_dir=dest, max_bytes=1 << 20)


def test_stats_and_clear(harness: Any, prefix: str, dest: str) -> None:
    other = PDF + b"% other\n"
    a = harness.serve(prefix + "/a.pdf", FakeResponse(body=PDF))
    b = harness.serve(prefix + "/b.pdf", FakeResponse(body=other))
    f = harness.fetcher()
    f.fetch(a, dest_dir=dest, max_bytes=1 << 20)
    f.fetch(b, dest_dir=dest, max_bytes=1 << 20)
    assert f.stats() == {"cached_files": 2, "total_size_bytes": len(PDF) + len(other), "cache_dir": dest}
    assert f.clear() == 2
    assert f.stats()["cached_files"] == 0
    assert [n for n in os.listdir(dest) if n.endswith(".pdf")] == []
