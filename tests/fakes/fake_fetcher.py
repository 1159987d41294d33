"""An in-memory Fetcher: canned responses per URL, the same policy and the same errors as the real one.

Host names resolve through ``hosts`` (a host missing there resolves to :data:`PUBLIC_ADDRESS`);
every answer is judged by the same :mod:`pdfcore.netpolicy` rules the real adapter uses, and
a URL without a canned response answers 404. ``served`` lists the URLs a response was produced
for, like a server's access log, so tests can show a refused host was never contacted.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import urljoin

from attrs import frozen

from pdfcore.config import UrlsSettings
from pdfcore.errors import FetchFailed, FileTooLarge, MalformedPdf, UrlDenied
from pdfcore.models import FetchedFile
from pdfcore.netpolicy import (
    PDF_MAGIC,
    AddressPolicy,
    AddressVerdict,
    FetchTarget,
    content_type_refusal,
    host_rule_denial,
    needs_magic_check,
    parse_fetch_url,
)
from ports.fetcher import Fetcher

#: What a host missing from ``hosts`` resolves to (a public address).
PUBLIC_ADDRESS = "93.184.215.14"


@frozen
class FakeResponse:
    body: bytes = b""
    content_type: str | None = "application/pdf"
    status: int = 200
    location: str | None = None
    #: A declared Content-Length (``None``: not sent).
    content_length: int | None = None


class FakeFetcher(Fetcher):
    name = "fake"

    def __init__(
        self,
        settings: UrlsSettings | None = None,
        *,
        responses: Mapping[str, FakeResponse] | None = None,
        hosts: Mapping[str, Sequence[str]] | None = None,
        address_policy: Callable[[str], AddressVerdict] | None = None,
    ) -> None:
        self.settings = settings if settings is not None else UrlsSettings()
        self.responses: dict[str, FakeResponse] = dict(responses or {})
        self.hosts: dict[str, list[str]] = {h: list(a) for h, a in (hosts or {}).items()}
        self.address_policy = address_policy or AddressPolicy(
            allow_private_networks=self.settings.allow_private_networks
        )
        self.served: list[str] = []
        self._dirs: list[str] = []

    def fetch(self, url: str, *, dest_dir: str, max_bytes: int) -> FetchedFile:
        if not self.settings.enabled:
            raise UrlDenied("Fetching URLs is disabled by the configuration ([urls] enabled = false).")
        first = parse_fetch_url(url)
        if os.path.abspath(dest_dir) not in self._dirs:
            self._dirs.append(os.path.abspath(dest_dir))
        current = first
        redirects = 0
        while True:
            self._vet(current)
            resp = self.responses.get(current.url, FakeResponse(status=404, content_type="text/html"))
            self.served.append(current.url)
            if resp.status in (301, 302, 303, 307, 308):
                if not resp.location:
                    raise FetchFailed(f"{current.host} answered a redirect without a Location.")
                redirects += 1
                if redirects > self.settings.max_redirects:
                    raise FetchFailed(f"{first.host} redirected more than {self.settings.max_redirects} times.")
                try:
                    current = parse_fetch_url(urljoin(current.url, resp.location))
                except UrlDenied as exc:
                    raise UrlDenied(f"{first.host} redirected to a URL that is refused: {exc.message}") from None
                continue
            if not 200 <= resp.status < 300:
                raise FetchFailed(f"{current.host} answered HTTP {resp.status}.", details={"status": resp.status})
            refused = content_type_refusal(resp.content_type)
            if refused:
                raise FetchFailed(f"{current.host} sent Content-Type {refused!r}, not a PDF.")
            if resp.content_length is not None and resp.content_length > max_bytes:
                raise FileTooLarge(f"The document is {resp.content_length} bytes, over the download limit.")
            if len(resp.body) > max_bytes:
                raise FileTooLarge("The document is over the download limit; the download was stopped.")
            if not resp.body:
                raise MalformedPdf(f"{current.host} sent an empty body, not a PDF.")
            if needs_magic_check(resp.content_type) and not resp.body.startswith(PDF_MAGIC):
                raise MalformedPdf(f"{current.host} sent content that does not start with %PDF.")
            return self._store(first, current, resp, dest_dir)

    def _vet(self, target: FetchTarget) -> None:
        refusal = host_rule_denial(target.host, allow=self.settings.allow, deny=self.settings.deny)
        if refusal:
            raise UrlDenied(f"{target.host} {refusal}.")
        answers = [target.host] if target.host_is_address else self.hosts.get(target.host, [PUBLIC_ADDRESS])
        if not answers:
            raise FetchFailed(f"{target.host} did not resolve to any address.")
        for verdict in (self.address_policy(a) for a in answers):
            if not verdict.allowed:
                raise UrlDenied(f"{target.host} resolves to {verdict.reason}; such addresses are not fetched.")

    def _store(self, first: FetchTarget, final: FetchTarget, resp: FakeResponse, dest_dir: str) -> FetchedFile:
        os.makedirs(dest_dir, mode=0o700, exist_ok=True)
        os.chmod(dest_dir, 0o700)
        digest = hashlib.sha256(resp.body).hexdigest()
        path = os.path.join(dest_dir, digest + ".pdf")
        if not os.path.isfile(path):
            fd, tmp = tempfile.mkstemp(prefix=".part-", dir=dest_dir)
            with os.fdopen(fd, "wb") as out:
                out.write(resp.body)
            os.replace(tmp, path)
        return FetchedFile(
            path=path,
            sha256=digest,
            size=len(resp.body),
            url=first.url,
            final_url=final.url,
            content_type=resp.content_type,
        )

    def clear(self) -> int:
        removed = 0
        for folder in self._dirs:
            for name in os.listdir(folder) if os.path.isdir(folder) else []:
                if name.endswith(".pdf") and len(name) == 68:
                    os.unlink(os.path.join(folder, name))
                    removed += 1
        return removed

    def stats(self) -> dict[str, Any]:
        files = [
            os.path.join(folder, n)
            for folder in self._dirs
            if os.path.isdir(folder)
            for n in os.listdir(folder)
            if n.endswith(".pdf") and len(n) == 68
        ]
        return {
            "cached_files": len(files),
            "total_size_bytes": sum(os.path.getsize(f) for f in files),
            "cache_dir": self._dirs[0] if self._dirs else None,
        }
