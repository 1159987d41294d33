"""What a remote fetch may touch: URLs, host rules, network addresses and content types.

Pure policy (standard library only, no I/O) shared by every :class:`~ports.fetcher.Fetcher`:

- :func:`parse_fetch_url` accepts ``https://`` URLs only and splits off any credentials;
- :func:`host_rule_denial` applies the ``[urls] allow`` / ``deny`` host globs (deny wins);
- :class:`AddressPolicy` classifies every resolved address against the deny list below;
- :func:`content_type_refusal` and :func:`needs_magic_check` judge a response from its headers.

Address deny list (first match wins; an address is allowed only when it matches nothing)::

    family          IPv4                                   IPv6                      lifted by allow_private_networks
    metadata        169.254.169.254, 169.254.170.2,        fd00:ec2::254,            never
                    169.254.170.23, 100.100.100.200        fd00:ec2::23
    unspecified     0.0.0.0                                ::                        no
    loopback        127.0.0.0/8                            ::1                       yes
    private         10/8, 172.16/12, 192.168/16            -                         yes
    shared          100.64.0.0/10 (carrier-grade NAT)      -                         yes
    unique_local    -                                      fc00::/7                  yes
    link_local      169.254.0.0/16                         fe80::/10                 no
    this_network    0.0.0.0/8                              -                         no
    documentation   192.0.2/24, 198.51.100/24, 203.0.113/24  2001:db8::/32, 3fff::/20 no
    benchmarking    198.18.0.0/15                          2001:2::/48               no
    multicast       224.0.0.0/4                            ff00::/8                  no
    broadcast       255.255.255.255                        -                         no
    nat64_local     -                                      64:ff9b:1::/48            no
    reserved        240.0.0.0/4, 192.0.0/24, 192.88.99/24,  2001::/23 (incl. Teredo),  no
                    anything else not globally routable     fec0::/10, all outside
                                                            2000::/3

IPv6 forms that carry an IPv4 address are unwrapped and the IPv4 address is classified instead:
IPv4-mapped ``::ffff:0:0/96`` and IPv4-compatible ``::/96`` (connected to as the plain IPv4
address), NAT64 ``64:ff9b::/96`` and 6to4 ``2002::/16`` (connected to as given, since a gateway
translates them).
"""

from __future__ import annotations

import fnmatch
import ipaddress
import re
from collections.abc import Sequence
from urllib.parse import quote, unquote, urlsplit

from attrs import field, frozen

from pdfcore.errors import UrlDenied

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

# --------------------------------------------------------------------------------------------
# Address families


@frozen
class Family:
    key: str
    #: How a message names it: "... resolves to <description>".
    description: str
    #: Whether ``allow_private_networks`` lets it through.
    liftable: bool = False


FAMILIES: dict[str, Family] = {
    f.key: f
    for f in (
        Family("metadata", "a cloud metadata service address"),
        Family("unspecified", "the unspecified address"),
        Family("loopback", "a loopback address", liftable=True),
        Family("private", "a private address (RFC 1918)", liftable=True),
        Family("shared", "a carrier-grade NAT address (100.64.0.0/10)", liftable=True),
        Family("unique_local", "an IPv6 unique local address (fc00::/7)", liftable=True),
        Family("link_local", "a link-local address"),
        Family("this_network", "a 'this network' address (0.0.0.0/8)"),
        Family("documentation", "a documentation-only address"),
        Family("benchmarking", "a benchmarking address"),
        Family("multicast", "a multicast address"),
        Family("broadcast", "the broadcast address"),
        Family("nat64_local", "a local-use NAT64 address (64:ff9b:1::/48)"),
        Family("reserved", "a reserved, not globally routable address"),
        Family("invalid", "something that is not an IP address"),
    )
}

#: Families ``allow_private_networks`` lifts (cloud metadata addresses inside them stay denied).
LIFTABLE_FAMILIES: frozenset[str] = frozenset(k for k, f in FAMILIES.items() if f.liftable)

_METADATA: frozenset[IPAddress] = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "169.254.169.254",  # AWS, GCP, Azure, OCI, DigitalOcean instance metadata
        "169.254.170.2",  # AWS ECS task metadata / credentials
        "169.254.170.23",  # AWS EKS pod identity agent
        "100.100.100.200",  # Alibaba Cloud metadata
        "fd00:ec2::254",  # AWS instance metadata over IPv6
        "fd00:ec2::23",  # AWS EKS pod identity agent over IPv6
    )
)


def _nets(*specs: tuple[str, str]) -> tuple[tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, str], ...]:
    return tuple((ipaddress.ip_network(net), family) for net, family in specs)


_V4_TABLE = _nets(
    ("0.0.0.0/32", "unspecified"),
    ("0.0.0.0/8", "this_network"),
    ("127.0.0.0/8", "loopback"),
    ("10.0.0.0/8", "private"),
    ("172.16.0.0/12", "private"),
    ("192.168.0.0/16", "private"),
    ("100.64.0.0/10", "shared"),
    ("169.254.0.0/16", "link_local"),
    ("192.0.2.0/24", "documentation"),
    ("198.51.100.0/24", "documentation"),
    ("203.0.113.0/24", "documentation"),
    ("198.18.0.0/15", "benchmarking"),
    ("224.0.0.0/4", "multicast"),
    ("255.255.255.255/32", "broadcast"),
    ("240.0.0.0/4", "reserved"),
    ("192.0.0.0/24", "reserved"),  # IETF protocol assignments
    ("192.88.99.0/24", "reserved"),  # deprecated 6to4 relay anycast
)

_V6_TABLE = _nets(
    ("::/128", "unspecified"),
    ("::1/128", "loopback"),
    ("64:ff9b:1::/48", "nat64_local"),
    ("fc00::/7", "unique_local"),
    ("fe80::/10", "link_local"),
    ("fec0::/10", "reserved"),  # deprecated site-local
    ("ff00::/8", "multicast"),
    ("2001:db8::/32", "documentation"),
    ("3fff::/20", "documentation"),
    ("2001:2::/48", "benchmarking"),
    ("2001::/23", "reserved"),  # IETF protocol assignments, including Teredo 2001::/32
)

_GLOBAL_UNICAST_V6 = ipaddress.ip_network("2000::/3")
_MAPPED = ipaddress.ip_network("::ffff:0:0/96")
_COMPATIBLE = ipaddress.ip_network("::/96")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_SIX_TO_FOUR = ipaddress.ip_network("2002::/16")


@frozen
class AddressVerdict:
    """The judgement on one resolved address."""

    #: The address as checked (canonical text).
    address: str
    #: The address a connection must use: the embedded IPv4 address for IPv4-mapped and
    #: IPv4-compatible forms, else ``address`` itself.
    connect_to: str
    #: The deny-list family the address belongs to (see :data:`FAMILIES`); ``None`` when public.
    family: str | None
    #: ``"IPv4-mapped"``, ``"IPv4-compatible"``, ``"NAT64"`` or ``"6to4"`` when the family was
    #: decided by the IPv4 address embedded in an IPv6 one.
    via: str | None
    allowed: bool

    @property
    def reason(self) -> str:
        """A phrase for messages, e.g. ``"a loopback address (inside an IPv4-mapped IPv6 address)"``."""
        if self.family is None:
            return "a public address"
        text = FAMILIES[self.family].description
        if not self.via:
            return text
        article = "an" if self.via.startswith("IPv4") else "a"
        return f"{text} (inside {article} {self.via} IPv6 address)"


def parse_address(text: str) -> IPAddress:
    """``text`` as an IP address; brackets and an IPv6 zone (``%eth0``) are accepted."""
    raw = text.strip()
    if raw.startswith("[") and raw.endswith("]"):
        raw = raw[1:-1]
    return ipaddress.ip_address(raw)


def _classify_v4(ip: ipaddress.IPv4Address) -> str | None:
    if ip in _METADATA:
        return "metadata"
    for net, family in _V4_TABLE:
        if ip in net:
            return family
    if not ip.is_global:  # whatever the standard library knows beyond the table
        return "reserved"
    return None


def classify(address: str | IPAddress) -> tuple[str | None, str | None, IPAddress]:
    """``(family, via, connect_to)`` for one address, ignoring any setting.

    ``family`` is ``None`` for a public address; ``via`` names the IPv6 form an IPv4 address was
    unwrapped from; ``connect_to`` is the address a connection must use. Unparseable text is
    family ``"invalid"``.
    """
    if isinstance(address, str):
        try:
            ip = parse_address(address)
        except ValueError:
            return "invalid", None, ipaddress.IPv4Address(0)
    else:
        ip = address
    if isinstance(ip, ipaddress.IPv4Address):
        return _classify_v4(ip), None, ip
    bare = ipaddress.IPv6Address(int(ip))  # without any zone id
    if bare in _METADATA:
        return "metadata", None, ip
    if bare in _MAPPED:
        v4 = ipaddress.IPv4Address(int(bare) & 0xFFFFFFFF)
        return _classify_v4(v4), "IPv4-mapped", v4
    for net, family in _V6_TABLE[:2]:  # :: and ::1 sit inside ::/96 but are not IPv4 forms
        if bare in net:
            return family, None, ip
    if bare in _COMPATIBLE:
        v4 = ipaddress.IPv4Address(int(bare) & 0xFFFFFFFF)
        return _classify_v4(v4), "IPv4-compatible", v4
    if bare in _NAT64:
        return _classify_v4(ipaddress.IPv4Address(int(bare) & 0xFFFFFFFF)), "NAT64", ip
    if bare in _SIX_TO_FOUR:
        return _classify_v4(ipaddress.IPv4Address((int(bare) >> 80) & 0xFFFFFFFF)), "6to4", ip
    for net, family in _V6_TABLE[2:]:
        if bare in net:
            return family, None, ip
    if bare not in _GLOBAL_UNICAST_V6:
        return "reserved", None, ip
    return None, None, ip


@frozen
class AddressPolicy:
    """Judges resolved addresses; callable, so a fetcher can take any ``str -> AddressVerdict``.

    ``allow_private_networks`` lifts exactly the families in :data:`LIFTABLE_FAMILIES`
    (loopback, RFC 1918, carrier-grade NAT and IPv6 unique local), also when reached through an
    IPv4-mapped, IPv4-compatible, NAT64 or 6to4 form. Cloud metadata addresses, link-local and
    every other family stay denied.
    """

    allow_private_networks: bool = False

    def __call__(self, address: str) -> AddressVerdict:
        family, via, connect_to = classify(address)
        allowed = family is None or (self.allow_private_networks and family in LIFTABLE_FAMILIES)
        return AddressVerdict(
            address=address if family == "invalid" else str(parse_address(address)),
            connect_to=address if family == "invalid" else str(connect_to),
            family=family,
            via=via,
            allowed=allowed,
        )


# --------------------------------------------------------------------------------------------
# URLs and host rules

#: Characters left as they are when a path or query is percent-encoded for the request line.
_PATH_SAFE = "/%:@!$&'()*+,;=~-._"
_QUERY_SAFE = _PATH_SAFE + "?"
_NUMERIC_LABEL = re.compile(r"^(0x[0-9a-f]*|[0-9]+)$")


@frozen
class FetchTarget:
    """One https URL, split into what a connection needs; credentials never appear in ``url``."""

    #: ASCII host name (IDNA-encoded, lower case, no trailing dot) or IP literal without brackets.
    host: str
    port: int
    #: Path and query, percent-encoded, at least ``"/"``; the fragment is dropped.
    path: str
    #: Whether ``host`` is an IP literal (then nothing is resolved).
    host_is_address: bool
    username: str | None = field(default=None, repr=False)
    password: str | None = field(default=None, repr=False)

    @property
    def netloc(self) -> str:
        """``host[:port]`` as sent in the Host header (IPv6 literals bracketed, 443 omitted)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == 443 else f"{host}:{self.port}"

    @property
    def url(self) -> str:
        """The URL without credentials or fragment."""
        return f"https://{self.netloc}{self.path}"

    @property
    def log_url(self) -> str:
        """The URL without credentials, query or fragment (queries may hold signed tokens)."""
        return f"https://{self.netloc}{self.path.split('?', 1)[0]}"


def parse_fetch_url(url: str) -> FetchTarget:
    """Split an ``https://`` URL; anything else raises ``url_denied`` naming the problem.

    Refused: other schemes, URLs with spaces or control characters, a missing or invalid host,
    a port outside 1..65535, and numeric hosts in non-standard forms (``127.1``, ``0x7f.0.0.1``,
    ``2130706433``) that resolvers read as IPv4 addresses.
    """
    if not isinstance(url, str) or not url:
        raise UrlDenied("The URL is empty.")
    if any(ord(c) <= 0x20 or ord(c) == 0x7F for c in url):
        raise UrlDenied("The URL contains spaces or control characters; percent-encode them.")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise UrlDenied("The URL could not be parsed (check the host and port).") from None
    scheme = parts.scheme.lower()
    if scheme != "https":
        shown = scheme if scheme.isascii() and scheme.isalnum() and len(scheme) < 16 else "another"
        raise UrlDenied(f"Only https:// URLs are fetched; this one uses {shown}://.")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise UrlDenied("The URL has no host name.")
    is_address = True
    try:
        host = str(parse_address(host))
    except ValueError:
        is_address = False
    if not is_address:
        try:
            host = host.encode("idna").decode("ascii").lower()
        except UnicodeError:
            raise UrlDenied("The URL's host name is not a valid domain name.") from None
        if _NUMERIC_LABEL.match(host.rsplit(".", 1)[-1]):
            raise UrlDenied("The URL's host is a number in a non-standard form; write the address as a.b.c.d.")
    if port == 0:
        raise UrlDenied("The URL's port must be between 1 and 65535.")
    path = quote(parts.path or "/", safe=_PATH_SAFE)
    if not path.startswith("/"):
        path = "/" + path
    if parts.query:
        path += "?" + quote(parts.query, safe=_QUERY_SAFE)
    username = unquote(parts.username) if parts.username is not None else None
    password = unquote(parts.password) if parts.password is not None else None
    return FetchTarget(
        host=host,
        port=port or 443,
        path=path,
        host_is_address=is_address,
        username=username,
        password=password,
    )


def host_rule_denial(host: str, *, allow: Sequence[str], deny: Sequence[str]) -> str | None:
    """Why the ``[urls]`` host globs refuse ``host`` (deny wins), or ``None`` when they accept it.

    Globs use shell syntax on the lower-case host name without port (``*`` also crosses dots:
    ``*.example.org`` matches ``a.b.example.org`` but not ``example.org``). An empty allow list
    accepts every host the deny list does not refuse.
    """
    h = host.lower().rstrip(".")
    if any(fnmatch.fnmatchcase(h, g.lower()) for g in deny):
        return "is denied by the configuration's [urls] deny rules"
    if allow and not any(fnmatch.fnmatchcase(h, g.lower()) for g in allow):
        return "is not allowed by the configuration's [urls] allow rules"
    return None


# --------------------------------------------------------------------------------------------
# Responses

#: Media types refused from the headers alone, before any body byte is read (a trailing "/"
#: means the whole top-level type).
DENIED_MEDIA_TYPES: tuple[str, ...] = (
    "text/",
    "application/json",
    "application/xml",
    "application/xhtml+xml",
    "image/",
    "audio/",
    "video/",
    "multipart/",
)

#: What every PDF file starts with.
PDF_MAGIC = b"%PDF"


def media_type(content_type: str | None) -> str:
    """The lower-case media type of a Content-Type header, without parameters ("" when absent)."""
    return (content_type or "").split(";", 1)[0].strip().lower()


def content_type_refusal(content_type: str | None) -> str | None:
    """The refused media type when ``content_type`` is on :data:`DENIED_MEDIA_TYPES`, else ``None``."""
    mt = media_type(content_type)
    for denied in DENIED_MEDIA_TYPES:
        if mt == denied or (denied.endswith("/") and mt.startswith(denied)):
            return mt
    return None


def needs_magic_check(content_type: str | None) -> bool:
    """Whether the body must start with ``%PDF``: whenever the Content-Type does not say "pdf"."""
    return "pdf" not in (content_type or "").lower()
