"""Fetcher on the requests stack: https downloads hardened against server-side request forgery.

requests cannot pin a connection to an address it did not resolve itself, so this adapter drives
urllib3 (the HTTP engine requests is built on, installed with it) directly and verifies TLS with
certifi's CA bundle, as requests does. Both are imported on first use, never at import time.

For every hop of the redirect chain (the first URL plus at most ``max_redirects`` redirects):

1. the URL must be ``https://`` and pass the ``[urls]`` host globs (deny wins) -> ``url_denied``;
2. the host is resolved once (the injectable ``resolver``) and *every* answer is judged by the
   address policy (:mod:`pdfcore.netpolicy`); one denied answer refuses the hop with
   ``url_denied`` before any connection is opened;
3. the connection goes to a validated address and nothing is resolved again (the address is
   pinned); the original host name is sent in the Host header, in TLS SNI and is the name the
   certificate must match, so a resolver that changes its answer cannot redirect the connection;
4. a 301/302/303/307/308 with a Location starts the next hop; any other status outside 2xx is
   ``fetch_failed``;
5. from the headers alone, before any body byte is read: a Content-Type on the deny list is
   ``fetch_failed``, a Content-Length over ``max_bytes`` is ``file_too_large``;
6. the body is streamed to a private temporary file in ``dest_dir`` (created mode 0700), the cap
   enforced chunk by chunk (``file_too_large`` as soon as it is passed), the first four bytes
   checked for ``%PDF`` when the Content-Type does not say "pdf" (``malformed_pdf``), then the
   file is renamed to ``<sha256>.pdf``.

Every download goes to the network: nothing is served from an earlier download, so a changed
document is never answered with stale bytes. Identical content lands on the same file (the file
already there is kept, so its fingerprint stays stable). A small index ``urls.json`` in the
download folder records, per URL, the digest, size and time of its last download; it is
informational (:meth:`RequestsFetcher.lookup`) and never replaces a download.

Credentials written in a URL (``https://user:pass@host/``) are sent as HTTP Basic
authentication to that host and port only (dropped when a redirect leaves it) and never appear in
messages, logs, the index or :class:`~pdfcore.models.FetchedFile`; logs also omit query strings.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import logging
import os
import re
import socket
import ssl
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import urljoin

from pdfcore.config import UrlsSettings
from pdfcore.errors import FetchFailed, FileTooLarge, MalformedPdf, UrlDenied
from pdfcore.models import FetchedFile
from pdfcore.netpolicy import (
    LIFTABLE_FAMILIES,
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

log = logging.getLogger(__name__)

#: ``resolver(host, port)`` -> the addresses ``host`` resolves to (text form).
Resolver = Callable[[str, int], Sequence[str]]
#: ``address_policy(address)`` -> the verdict on one resolved address.
AddressJudge = Callable[[str], AddressVerdict]

INDEX_NAME = "urls.json"
_INDEX_LIMIT = 500
_CHUNK = 64 * 1024
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_DOWNLOAD_NAME = re.compile(r"^[0-9a-f]{64}\.pdf$")
_PART_PREFIX = ".part-"
#: Partial files older than this are orphans of a crashed process; clear() removes them.
_ORPHAN_SECONDS = 3600
_USER_AGENT = "pdfcore/0.1 (PDF fetcher)"
_CONTROL = re.compile(r"[\x00-\x20\x7f]")
_ACCEPT = "application/pdf, application/octet-stream;q=0.9, */*;q=0.1"


def system_resolver(host: str, port: int) -> list[str]:
    """The operating system's answers for ``host`` (``socket.getaddrinfo``), in order, deduplicated."""
    out: list[str] = []
    for _family, _type, _proto, _canon, sockaddr in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM):
        address = str(sockaddr[0])
        if address not in out:
            out.append(address)
    return out


class RequestsFetcher(Fetcher):
    """Downloads public ``https://`` PDFs; see the module docstring for every check.

    ``resolver`` and ``address_policy`` are injectable (tests map host names to any address);
    the default policy is :class:`~pdfcore.netpolicy.AddressPolicy` with the settings'
    ``allow_private_networks``. ``verify`` is ``True`` (certifi's CA bundle), a path to a CA
    bundle, or ``False`` (no certificate verification: only for a trusted network).
    ``download_dir`` names the folder :meth:`clear` and :meth:`stats` look at before any fetch
    (every ``dest_dir`` passed to :meth:`fetch` is added). ``total_timeout_seconds`` bounds one
    whole fetch (default ten times ``timeout_seconds``), so a server that trickles bytes cannot
    hold a worker for ever. Thread-safe.
    """

    name = "requests"

    def __init__(
        self,
        settings: UrlsSettings | None = None,
        *,
        resolver: Resolver | None = None,
        address_policy: AddressJudge | None = None,
        verify: bool | str = True,
        download_dir: str | None = None,
        total_timeout_seconds: float | None = None,
        user_agent: str = _USER_AGENT,
    ) -> None:
        self.settings = settings if settings is not None else UrlsSettings()
        self.resolver: Resolver = resolver if resolver is not None else system_resolver
        self.address_policy: AddressJudge = (
            address_policy
            if address_policy is not None
            else AddressPolicy(allow_private_networks=self.settings.allow_private_networks)
        )
        self.verify = verify
        self.total_timeout_seconds = (
            total_timeout_seconds if total_timeout_seconds is not None else self.settings.timeout_seconds * 10
        )
        self.user_agent = user_agent
        self._dirs: list[str] = [os.path.abspath(download_dir)] if download_dir else []
        self._lock = threading.Lock()

    # -- the port ----------------------------------------------------------------------------

    def fetch(self, url: str, *, dest_dir: str, max_bytes: int) -> FetchedFile:
        if not self.settings.enabled:
            raise UrlDenied("Fetching URLs is disabled by the configuration ([urls] enabled = false).")
        first = parse_fetch_url(url)
        dest_dir = os.path.abspath(dest_dir)
        self._note_dir(dest_dir)
        deadline = time.monotonic() + self.total_timeout_seconds
        current = first
        redirects = 0
        while True:
            addresses = self._vet(current, redirected=redirects > 0)
            log.debug("hop %d: GET %s", redirects, current.log_url)
            outcome = self._hop(current, first, addresses, dest_dir=dest_dir, max_bytes=max_bytes, deadline=deadline)
            if isinstance(outcome, FetchedFile):
                self._remember(dest_dir, first, outcome)
                return outcome
            redirects += 1
            if redirects > self.settings.max_redirects:
                raise FetchFailed(
                    f"{first.host} redirected more than {self.settings.max_redirects} times; nothing was downloaded.",
                    details={"max_redirects": self.settings.max_redirects},
                )
            try:
                current = parse_fetch_url(urljoin(current.url, _CONTROL.sub(_escape, outcome)))
            except UrlDenied as exc:
                raise UrlDenied(f"{first.host} redirected to a URL that is refused: {exc.message}") from None

    # -- cache bookkeeping -------------------------------------------------------------------

    def clear(self) -> int:
        """Delete every downloaded file (and the URL index); returns how many PDFs were deleted."""
        removed = 0
        now = time.time()
        with self._lock:
            for folder in self._dirs:
                for entry in _scan(folder):
                    try:
                        if _DOWNLOAD_NAME.match(entry.name) and entry.is_file(follow_symlinks=False):
                            os.unlink(entry.path)
                            removed += 1
                        elif entry.name.startswith(_PART_PREFIX) and now - entry.stat().st_mtime > _ORPHAN_SECONDS:
                            os.unlink(entry.path)
                    except OSError:  # gone already, or not ours to delete: leave it
                        continue
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(os.path.join(folder, INDEX_NAME))
        return removed

    def stats(self) -> dict[str, Any]:
        """``{cached_files, total_size_bytes, cache_dir}`` over the download folders known so far."""
        files = 0
        total = 0
        with self._lock:
            folders = list(self._dirs)
        for folder in folders:
            for entry in _scan(folder):
                if _DOWNLOAD_NAME.match(entry.name):
                    with contextlib.suppress(FileNotFoundError):
                        total += entry.stat(follow_symlinks=False).st_size
                        files += 1
        return {"cached_files": files, "total_size_bytes": total, "cache_dir": folders[0] if folders else None}

    def lookup(self, url: str, *, dest_dir: str | None = None) -> dict[str, Any] | None:
        """What the index recorded for the last download of ``url`` (credentials ignored), if any."""
        key = parse_fetch_url(url).url
        with self._lock:
            folders = [os.path.abspath(dest_dir)] if dest_dir else list(self._dirs)
            for folder in folders:
                entry = _read_index(folder).get(key)
                if entry is not None:
                    return dict(entry)
        return None

    # -- one hop -----------------------------------------------------------------------------

    def _vet(self, target: FetchTarget, *, redirected: bool) -> list[str]:
        """The validated addresses to connect to for ``target``, or ``url_denied``."""
        subject = f"The redirect target {target.host}" if redirected else target.host
        refusal = host_rule_denial(target.host, allow=self.settings.allow, deny=self.settings.deny)
        if refusal:
            raise UrlDenied(f"{subject} {refusal}.", details={"host": target.host, "reason": "host_rules"})
        if target.host_is_address:
            answers: Sequence[str] = [target.host]
        else:
            try:
                answers = list(self.resolver(target.host, target.port))
            except (OSError, UnicodeError) as exc:
                raise FetchFailed(
                    f"{target.host} could not be resolved to an address.", details={"host": target.host}
                ) from exc
            if not answers:
                raise FetchFailed(f"{target.host} did not resolve to any address.", details={"host": target.host})
        verdicts = [self.address_policy(str(a)) for a in answers]
        denied = next((v for v in verdicts if not v.allowed), None)
        if denied is not None:
            verb = "points at" if target.host_is_address else "resolves to"
            recovery = None
            if denied.family in LIFTABLE_FAMILIES:
                recovery = (
                    "Private networks are not fetched unless [urls] allow_private_networks = true "
                    "(PDFCORE_ALLOW_PRIVATE_NETWORKS=1); otherwise download the file and pass a local path."
                )
            raise UrlDenied(
                f"{subject} {verb} {denied.reason}; such addresses are not fetched.",
                recovery=recovery,
                details={"host": target.host, "reason": denied.family},
            )
        pinned: list[str] = []
        for v in verdicts:
            if v.connect_to not in pinned:
                pinned.append(v.connect_to)
        return pinned

    def _hop(
        self,
        target: FetchTarget,
        first: FetchTarget,
        addresses: Sequence[str],
        *,
        dest_dir: str,
        max_bytes: int,
        deadline: float,
    ) -> FetchedFile | str:
        """The downloaded file, or the Location of a redirect."""
        import urllib3

        if time.monotonic() > deadline:
            raise FetchFailed(f"Fetching from {first.host} took longer than {self.total_timeout_seconds:g} s.")
        headers = {
            "Host": target.netloc,
            "User-Agent": self.user_agent,
            "Accept": _ACCEPT,
            "Accept-Encoding": "identity",
        }
        if first.username is not None and (target.host, target.port) == (first.host, first.port):
            token = f"{first.username}:{first.password or ''}".encode()
            headers["Authorization"] = "Basic " + base64.b64encode(token).decode("ascii")
        # The one boundary where transport exceptions become pdfcore errors.
        try:
            with self._open(target, addresses, headers) as resp:
                status = int(resp.status)
                if status in _REDIRECTS:
                    location = resp.headers.get("Location")
                    if not location:
                        raise FetchFailed(f"{target.host} answered a redirect ({status}) without a Location.")
                    return str(location)
                if not 200 <= status < 300:
                    raise FetchFailed(
                        f"{target.host} answered HTTP {status}; nothing was downloaded.", details={"status": status}
                    )
                content_type = resp.headers.get("Content-Type")
                refused = content_type_refusal(content_type)
                if refused:
                    raise FetchFailed(
                        f"{target.host} sent Content-Type {refused!r}, not a PDF; nothing was downloaded.",
                        details={"content_type": refused},
                    )
                length = _content_length(resp.headers.get("Content-Length"))
                if length is not None and length > max_bytes:
                    raise FileTooLarge(
                        f"The document at {target.host} is {length} bytes, over the {max_bytes}-byte download limit.",
                        details={"size_bytes": length, "limit_bytes": max_bytes},
                    )
                path, digest, size = self._store(
                    resp.stream(_CHUNK, decode_content=True),
                    dest_dir=dest_dir,
                    max_bytes=max_bytes,
                    check_magic=needs_magic_check(content_type),
                    deadline=deadline,
                    host=target.host,
                )
        except (urllib3.exceptions.HTTPError, OSError) as exc:
            raise _translate(exc, target.host, self.settings.timeout_seconds) from exc
        log.debug("fetched %s (%d bytes, %s)", target.log_url, size, digest[:12])
        return FetchedFile(
            path=path,
            sha256=digest,
            size=size,
            url=first.url,
            final_url=target.url,
            content_type=content_type,
        )

    @contextlib.contextmanager
    def _open(self, target: FetchTarget, addresses: Sequence[str], headers: dict[str, str]) -> Iterator[Any]:
        """A streaming response from the first validated address that accepts a connection."""
        import urllib3

        timeout = urllib3.Timeout(connect=self.settings.timeout_seconds, read=self.settings.timeout_seconds)
        tls = self._tls(target)
        last: Exception | None = None
        for address in addresses:
            pool = urllib3.HTTPSConnectionPool(
                host=address, port=target.port, timeout=timeout, maxsize=1, retries=False, **tls
            )
            try:
                resp = pool.urlopen(
                    "GET",
                    target.path,
                    headers=headers,
                    redirect=False,
                    retries=False,
                    preload_content=False,
                    decode_content=True,
                    assert_same_host=False,
                    release_conn=False,
                )
            except urllib3.exceptions.ConnectTimeoutError as exc:  # incl. refused: nothing was sent yet
                pool.close()
                last = exc
                continue
            except BaseException:
                pool.close()
                raise
            try:
                yield resp
            finally:
                resp.close()
                pool.close()
            return
        assert last is not None
        raise last

    def _tls(self, target: FetchTarget) -> dict[str, Any]:
        sni = None if target.host_is_address else target.host
        if self.verify is False:
            return {"cert_reqs": "CERT_NONE", "assert_hostname": False, "server_hostname": sni}
        if isinstance(self.verify, str):
            bundle = self.verify
        else:
            import certifi

            bundle = certifi.where()
        return {
            "cert_reqs": "CERT_REQUIRED",
            "ca_certs": bundle,
            "assert_hostname": target.host,
            "server_hostname": sni,
        }

    def _store(
        self,
        chunks: Iterator[bytes],
        *,
        dest_dir: str,
        max_bytes: int,
        check_magic: bool,
        deadline: float,
        host: str,
    ) -> tuple[str, str, int]:
        """Stream ``chunks`` into ``dest_dir/<sha256>.pdf``; returns (path, sha256, size)."""
        try:
            _private_dir(dest_dir)
            fd, tmp = tempfile.mkstemp(prefix=_PART_PREFIX, suffix=".pdf", dir=dest_dir)
        except OSError as exc:
            raise FetchFailed("The download folder cannot be written.") from exc
        digest = hashlib.sha256()
        size = 0
        head = b""
        done = False
        try:
            with os.fdopen(fd, "wb") as out:
                for chunk in chunks:
                    if not chunk:
                        continue
                    size += len(chunk)
                    if size > max_bytes:
                        raise FileTooLarge(
                            f"The document at {host} is over the {max_bytes}-byte download limit; the download was stopped.",
                            details={"limit_bytes": max_bytes},
                        )
                    if check_magic and len(head) < len(PDF_MAGIC):
                        head += chunk[: len(PDF_MAGIC) - len(head)]
                        if not PDF_MAGIC.startswith(head):
                            raise _not_a_pdf(host)
                    if time.monotonic() > deadline:
                        raise FetchFailed(f"Fetching from {host} took longer than {self.total_timeout_seconds:g} s.")
                    digest.update(chunk)
                    try:
                        out.write(chunk)
                    except OSError as exc:
                        raise FetchFailed("The download could not be written to the download folder.") from exc
            if size == 0:
                raise MalformedPdf(f"{host} sent an empty body, not a PDF.")
            if check_magic and head != PDF_MAGIC:
                raise _not_a_pdf(host)
            hexdigest = digest.hexdigest()
            final = os.path.join(dest_dir, hexdigest + ".pdf")
            try:
                if os.path.isfile(final) and os.path.getsize(final) == size:
                    os.unlink(tmp)  # same bytes already here: keep that file and its fingerprint
                else:
                    os.replace(tmp, final)
            except OSError as exc:
                raise FetchFailed("The download could not be moved into the download folder.") from exc
            done = True
            return final, hexdigest, size
        finally:
            if not done:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    # -- bookkeeping helpers -----------------------------------------------------------------

    def _note_dir(self, dest_dir: str) -> None:
        folder = os.path.abspath(dest_dir)
        with self._lock:
            if folder not in self._dirs:
                self._dirs.append(folder)

    def _remember(self, dest_dir: str, first: FetchTarget, fetched: FetchedFile) -> None:
        folder = os.path.abspath(dest_dir)
        entry = {
            "sha256": fetched.sha256,
            "size": fetched.size,
            "final_url": fetched.final_url,
            "content_type": fetched.content_type,
            "fetched_at": time.time(),
        }
        with self._lock:
            index = _read_index(folder)
            index.pop(first.url, None)
            index[first.url] = entry
            while len(index) > _INDEX_LIMIT:
                index.pop(next(iter(index)))
            try:
                fd, tmp = tempfile.mkstemp(prefix=_PART_PREFIX, suffix=".json", dir=folder)
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    json.dump({"version": 1, "entries": index}, out)
                os.replace(tmp, os.path.join(folder, INDEX_NAME))
            except OSError:  # the index is informational: a failed write costs nothing else
                log.warning("could not update the download index in %s", folder)


def _private_dir(path: str) -> None:
    os.makedirs(path, mode=0o700, exist_ok=True)
    with contextlib.suppress(OSError):  # a folder owned by someone else keeps its mode
        os.chmod(path, 0o700)


def _scan(folder: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as it:
            return list(it)
    except OSError:
        return []


def _read_index(folder: str) -> dict[str, dict[str, Any]]:
    try:
        with open(os.path.join(folder, INDEX_NAME), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    entries = data.get("entries") if isinstance(data, dict) else None
    return dict(entries) if isinstance(entries, dict) else {}


def _content_length(raw: str | None) -> int | None:
    if raw is None or not raw.strip().isdigit():
        return None
    return int(raw.strip())


def _escape(match: re.Match[str]) -> str:
    # Some servers send spaces unencoded in Location; percent-encode them as browsers do.
    return f"%{ord(match.group()):02X}"


def _not_a_pdf(host: str) -> MalformedPdf:
    return MalformedPdf(
        f"{host} sent content that does not start with %PDF and no PDF Content-Type; it is not a PDF.",
        recovery="Check that the URL points at the PDF itself, not at a page about it.",
    )


def _translate(exc: BaseException, host: str, timeout: float) -> FetchFailed:
    """A transport exception as ``fetch_failed``; the message names the host, never an address."""
    import urllib3

    errors = urllib3.exceptions
    log.debug("fetch from %s failed: %r", host, exc)
    if isinstance(exc, (errors.SSLError, ssl.SSLError)):
        from urllib3.util.ssl_match_hostname import CertificateError

        inner = exc.args[0] if exc.args else None
        unverified = isinstance(inner, (ssl.SSLCertVerificationError, CertificateError))
        if unverified or "CERTIFICATE_VERIFY_FAILED" in str(exc):
            message = f"The TLS certificate of {host} could not be verified."
        else:
            message = f"The TLS handshake with {host} failed."
    elif isinstance(exc, errors.NewConnectionError):
        message = f"Could not connect to {host}."
    elif isinstance(exc, errors.ConnectTimeoutError):
        message = f"Connecting to {host} timed out after {timeout:g} s."
    elif isinstance(exc, errors.ReadTimeoutError):
        message = f"{host} sent nothing for {timeout:g} s; the download was abandoned."
    elif isinstance(exc, errors.HTTPError):
        message = f"The connection to {host} failed during the download."
    else:
        message = f"A network error occurred while fetching from {host}."
    return FetchFailed(message, details={"host": host})
