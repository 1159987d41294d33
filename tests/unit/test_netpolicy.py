"""The fetch policy: address families, IPv4-in-IPv6 forms, URL parsing, host globs, content types."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pdfcore.errors import UrlDenied
from pdfcore.netpolicy import (
    FAMILIES,
    LIFTABLE_FAMILIES,
    AddressPolicy,
    classify,
    content_type_refusal,
    host_rule_denial,
    needs_magic_check,
    parse_fetch_url,
)

DENY = AddressPolicy()
LIFTED = AddressPolicy(allow_private_networks=True)

# (address, family, via) for every deny-list family and every IPv4-in-IPv6 form.
DENIED = [
    ("127.0.0.1", "loopback", None),
    ("127.255.255.254", "loopback", None),
    ("::1", "loopback", None),
    ("10.0.0.1", "private", None),
    ("172.16.0.1", "private", None),
    ("172.31.255.255", "private", None),
    ("192.168.1.20", "private", None),
    ("100.64.0.1", "shared", None),
    ("100.127.255.254", "shared", None),
    ("169.254.1.1", "link_local", None),
    ("fe80::1", "link_local", None),
    ("fe80::1%eth0", "link_local", None),
    ("fc00::1", "unique_local", None),
    ("fd12:3456::1", "unique_local", None),
    ("169.254.169.254", "metadata", None),
    ("169.254.170.2", "metadata", None),
    ("100.100.100.200", "metadata", None),
    ("fd00:ec2::254", "metadata", None),
    ("0.0.0.0", "unspecified", None),
    ("::", "unspecified", None),
    ("0.1.2.3", "this_network", None),
    ("255.255.255.255", "broadcast", None),
    ("240.0.0.1", "reserved", None),
    ("254.1.2.3", "reserved", None),
    ("192.0.0.8", "reserved", None),
    ("192.0.2.10", "documentation", None),
    ("198.51.100.7", "documentation", None),
    ("203.0.113.99", "documentation", None),
    ("2001:db8::1", "documentation", None),
    ("3fff::1", "documentation", None),
    ("198.18.0.1", "benchmarking", None),
    ("198.19.255.255", "benchmarking", None),
    ("2001:2::5", "benchmarking", None),
    ("224.0.0.1", "multicast", None),
    ("239.255.255.250", "multicast", None),
    ("ff02::1", "multicast", None),
    ("64:ff9b:1::a00:1", "nat64_local", None),
    ("2001::1", "reserved", None),  # Teredo
    ("fec0::1", "reserved", None),  # site-local
    ("100::1", "reserved", None),  # discard-only, outside 2000::/3
    ("::ffff:0:a00:1", "reserved", None),  # IPv4-translated (SIIT), outside 2000::/3
    # IPv4-mapped ::ffff:0:0/96
    ("::ffff:127.0.0.1", "loopback", "IPv4-mapped"),
    ("::ffff:7f00:1", "loopback", "IPv4-mapped"),
    ("::ffff:10.1.2.3", "private", "IPv4-mapped"),
    ("::ffff:169.254.169.254", "metadata", "IPv4-mapped"),
    ("::ffff:100.64.1.1", "shared", "IPv4-mapped"),
    ("::ffff:0.0.0.0", "unspecified", "IPv4-mapped"),
    # IPv4-compatible ::/96
    ("::127.0.0.1", "loopback", "IPv4-compatible"),
    ("::10.0.0.1", "private", "IPv4-compatible"),
    ("::169.254.169.254", "metadata", "IPv4-compatible"),
    # NAT64 well-known prefix 64:ff9b::/96
    ("64:ff9b::127.0.0.1", "loopback", "NAT64"),
    ("64:ff9b::a9fe:a9fe", "metadata", "NAT64"),
    ("64:ff9b::192.168.0.1", "private", "NAT64"),
    # 6to4 2002::/16
    ("2002:7f00:1::1", "loopback", "6to4"),
    ("2002:a00:1::1", "private", "6to4"),
]

PUBLIC = [
    ("8.8.8.8", "8.8.8.8"),
    ("1.1.1.1", "1.1.1.1"),
    ("93.184.215.14", "93.184.215.14"),
    ("2606:4700:4700::1111", "2606:4700:4700::1111"),
    ("2a00:1450:4001:82b::200e", "2a00:1450:4001:82b::200e"),
    ("::ffff:8.8.8.8", "8.8.8.8"),  # connected to as the plain IPv4 address
    ("::8.8.8.8", "8.8.8.8"),
    ("64:ff9b::8.8.8.8", "64:ff9b::808:808"),  # the NAT64 gateway translates it
    ("2002:808:808::1", "2002:808:808::1"),
]


@pytest.mark.parametrize(("address", "family", "via"), DENIED)
def test_denied_families(address: str, family: str, via: str | None) -> None:
    verdict = DENY(address)
    assert verdict.allowed is False
    assert verdict.family == family
    assert verdict.via == via
    assert FAMILIES[family].description in verdict.reason
    if via:
        assert via in verdict.reason


@pytest.mark.parametrize(("address", "connect_to"), PUBLIC)
def test_public_addresses(address: str, connect_to: str) -> None:
    verdict = DENY(address)
    assert verdict.allowed is True
    assert verdict.family is None
    assert verdict.connect_to == connect_to


def test_mapped_and_compatible_forms_connect_to_the_embedded_address() -> None:
    assert LIFTED("::ffff:10.0.0.1").connect_to == "10.0.0.1"
    assert LIFTED("::10.0.0.1").connect_to == "10.0.0.1"
    assert LIFTED("64:ff9b::10.0.0.1").connect_to == "64:ff9b::a00:1"


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1", "::1", "10.0.0.1", "172.20.1.1", "192.168.0.1", "100.64.0.1", "fd12::1", "::ffff:192.168.1.1"],
)
def test_allow_private_networks_lifts_private_families(address: str) -> None:
    assert DENY(address).allowed is False
    verdict = LIFTED(address)
    assert verdict.allowed is True
    assert verdict.family in LIFTABLE_FAMILIES  # still named, for logs and messages


@pytest.mark.parametrize(
    "address",
    [
        "169.254.169.254",
        "fd00:ec2::254",
        "100.100.100.200",
        "::ffff:169.254.169.254",
        "169.254.10.10",
        "fe80::1",
        "0.0.0.0",
        "224.0.0.1",
        "192.0.2.1",
        "198.18.0.1",
        "64:ff9b:1::1",
        "2001:db8::1",
    ],
)
def test_allow_private_networks_keeps_metadata_and_the_rest_denied(address: str) -> None:
    assert LIFTED(address).allowed is False


def test_liftable_families_are_exactly_the_documented_ones() -> None:
    assert frozenset({"loopback", "private", "shared", "unique_local"}) == LIFTABLE_FAMILIES


@pytest.mark.parametrize("text", ["", "example.com", "999.1.1.1", "1.2.3", "::g"])
def test_unparseable_addresses_are_denied(text: str) -> None:
    verdict = DENY(text)
    assert verdict.allowed is False
    assert verdict.family == "invalid"


def test_brackets_are_accepted() -> None:
    assert DENY("[::1]").family == "loopback"


_V4 = st.integers(min_value=0, max_value=2**32 - 1).map(ipaddress.IPv4Address)


@given(_V4)
def test_every_ipv6_form_of_an_ipv4_address_is_judged_like_it(v4: ipaddress.IPv4Address) -> None:
    plain = DENY(str(v4))
    mapped = DENY(str(ipaddress.IPv6Address((0xFFFF << 32) | int(v4))))
    nat64 = DENY(str(ipaddress.IPv6Address((0x64FF9B << 96) | int(v4))))
    assert mapped.allowed == plain.allowed
    assert mapped.family == plain.family
    assert mapped.via == "IPv4-mapped"
    assert mapped.connect_to == str(v4)
    assert nat64.allowed == plain.allowed
    assert nat64.family == plain.family
    if int(v4) > 1:  # ::0.0.0.0 and ::0.0.0.1 are :: and ::1, denied on their own
        compatible = DENY(str(ipaddress.IPv6Address(int(v4))))
        assert compatible.allowed == plain.allowed
        assert compatible.family == plain.family
    for policy in (DENY, LIFTED):
        assert policy(str(ipaddress.IPv6Address((0xFFFF << 32) | int(v4)))).allowed == policy(str(v4)).allowed


@given(st.integers(min_value=0, max_value=2**128 - 1).map(ipaddress.IPv6Address))
def test_allowed_ipv6_is_global_unicast_or_wraps_a_public_ipv4(v6: ipaddress.IPv6Address) -> None:
    family, via, connect_to = classify(v6)
    if family is None:
        if via in ("IPv4-mapped", "IPv4-compatible"):
            assert isinstance(connect_to, ipaddress.IPv4Address) and connect_to.is_global
        else:
            assert v6 in ipaddress.ip_network("2000::/3") or via == "NAT64"


@given(_V4)
def test_allowed_ipv4_is_global(v4: ipaddress.IPv4Address) -> None:
    if DENY(str(v4)).allowed:
        assert v4.is_global
        assert not v4.is_multicast


# -- URLs ----------------------------------------------------------------------------------------


def test_parse_https_url() -> None:
    t = parse_fetch_url("https://Example.COM./a%20b/c.pdf?x=1&y=%2F#frag")
    assert (t.host, t.port, t.path, t.host_is_address) == ("example.com", 443, "/a%20b/c.pdf?x=1&y=%2F", False)
    assert t.url == "https://example.com/a%20b/c.pdf?x=1&y=%2F"
    assert t.log_url == "https://example.com/a%20b/c.pdf"


def test_parse_keeps_credentials_out_of_every_shown_form() -> None:
    t = parse_fetch_url("https://alice:s%40cret@example.com:8443/doc.pdf")
    assert (t.username, t.password) == ("alice", "s@cret")
    assert "cret" not in t.url and "alice" not in t.url
    assert "cret" not in repr(t)
    assert t.netloc == "example.com:8443"


def test_parse_ip_literals_and_idna() -> None:
    v6 = parse_fetch_url("https://[::1]:8443/x")
    assert (v6.host, v6.host_is_address, v6.netloc) == ("::1", True, "[::1]:8443")
    assert parse_fetch_url("https://93.184.215.14/x").host_is_address
    assert parse_fetch_url("https://bücher.example/x").host == "xn--bcher-kva.example"
    assert parse_fetch_url("https://example.com").path == "/"
    assert parse_fetch_url("https://example.com/é").path == "/%C3%A9"


@pytest.mark.parametrize(
    ("url", "phrase"),
    [
        ("http://example.com/a.pdf", "http://"),
        ("HTTP://example.com/a.pdf", "http://"),
        ("ftp://example.com/a.pdf", "ftp://"),
        ("file:///etc/passwd", "file://"),
        ("gopher://example.com/", "gopher://"),
        ("//example.com/a.pdf", "https://"),
        ("https:///nohost", "no host"),
        ("https://exa mple.com/", "spaces"),
        ("https://example.com/\r\nX-Injected: 1", "control"),
        ("https://example.com:99999/", "parsed"),
        ("https://example.com:0/", "port"),
        ("https://127.1/", "non-standard"),
        ("https://0x7f.0.0.1/", "non-standard"),
        ("https://2130706433/", "non-standard"),
        ("https://[::1/", "parsed"),
    ],
)
def test_parse_refusals(url: str, phrase: str) -> None:
    with pytest.raises(UrlDenied) as info:
        parse_fetch_url(url)
    assert phrase in info.value.message


def test_uppercase_scheme_is_https() -> None:
    assert parse_fetch_url("HTTPS://example.com/a.pdf").host == "example.com"


def test_host_rules() -> None:
    assert host_rule_denial("docs.example.org", allow=(), deny=()) is None
    assert "deny" in (host_rule_denial("a.b.Example.ORG", allow=(), deny=("*.example.org",)) or "")
    assert host_rule_denial("example.org", allow=(), deny=("*.example.org",)) is None
    assert "allow" in (host_rule_denial("other.net", allow=("*.example.org",), deny=()) or "")
    assert host_rule_denial("x.example.org.", allow=("*.EXAMPLE.org",), deny=()) is None
    # deny wins over allow
    assert "deny" in (host_rule_denial("x.example.org", allow=("*.example.org",), deny=("x.*",)) or "")


@pytest.mark.parametrize(
    "content_type",
    [
        "text/html",
        "TEXT/HTML; charset=utf-8",
        "text/plain",
        "application/json",
        "application/xml",
        "application/xhtml+xml",
        "image/png",
        "audio/mpeg",
        "video/mp4",
        "multipart/form-data; boundary=x",
    ],
)
def test_denied_content_types(content_type: str) -> None:
    assert content_type_refusal(content_type) == content_type.split(";")[0].strip().lower()


@pytest.mark.parametrize(
    "content_type", [None, "", "application/pdf", "application/x-pdf", "application/octet-stream", "application/jsonx"]
)
def test_other_content_types_pass_the_header_check(content_type: str | None) -> None:
    assert content_type_refusal(content_type) is None


def test_magic_check_unless_the_type_says_pdf() -> None:
    assert needs_magic_check(None)
    assert needs_magic_check("application/octet-stream")
    assert not needs_magic_check("application/pdf")
    assert not needs_magic_check("Application/X-PDF; q=1")
