"""Which addresses a hook or push target may connect to: global ones only, judged by any
IPv4 address an IPv6 one carries (mapped, NAT64, 6to4) as well as by the IPv6 prefix."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sleuth.server.hooks import PrivateAddress, public_address

REFUSED = [
    "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
    "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
    "64:ff9b:1::808:808",  # local-use NAT64
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
    "::127.0.0.1",  # IPv4-compatible
    "::8.8.8.8",  # IPv4-compatible, deprecated whatever it carries
    "fec0::1",  # site-local
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
    "::ffff:10.0.0.1",  # IPv4-mapped private
    "::ffff:127.0.0.1",
    "::1",
    "fe80::1",
    "fc00::1",
    "127.0.0.1",
    "169.254.169.254",
]
TAKEN = ["8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]


def resolving_to(monkeypatch: pytest.MonkeyPatch, address: str) -> None:
    ip = ipaddress.ip_address(address)
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET

    def fake(host: str, port: int | None, *args: Any, **kwargs: Any) -> list[Any]:
        return [(family, socket.SOCK_STREAM, 6, "", (address, port or 443))]

    monkeypatch.setattr(socket, "getaddrinfo", fake)


@pytest.mark.parametrize("address", REFUSED)
def test_a_name_resolving_to_a_non_global_address_is_refused(
    monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    resolving_to(monkeypatch, address)
    with pytest.raises(PrivateAddress) as refused:
        public_address("hooks.example", 443)
    assert refused.value.address == str(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", TAKEN)
def test_a_name_resolving_to_a_global_address_is_taken(
    monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    resolving_to(monkeypatch, address)
    assert public_address("hooks.example", 443) == address


# IPv4 addresses that are not global: private, loopback, link-local, shared, reserved.
NOT_GLOBAL_V4_NETS = [
    "10.0.0.0/8",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.168.0.0/16",
    "100.64.0.0/10",
    "0.0.0.0/8",
    "240.0.0.0/4",
]


@st.composite
def not_global_v4(draw: st.DrawFn) -> ipaddress.IPv4Address:
    net = ipaddress.IPv4Network(draw(st.sampled_from(NOT_GLOBAL_V4_NETS)))
    return net[draw(st.integers(0, net.num_addresses - 1))]


def embeddings(v4: ipaddress.IPv4Address, low: int) -> list[ipaddress.IPv6Address]:
    n = int(v4)
    return [
        ipaddress.IPv6Address((0xFFFF << 32) | n),  # ::ffff:a.b.c.d
        ipaddress.IPv6Address(n),  # ::a.b.c.d
        ipaddress.IPv6Address((0x64FF9B << 96) | n),  # 64:ff9b::a.b.c.d
        ipaddress.IPv6Address((0x2002 << 112) | (n << 80) | (low & ((1 << 80) - 1))),  # 6to4
    ]


@given(not_global_v4(), st.integers(0, (1 << 80) - 1))
def test_no_ipv6_carrying_a_non_global_ipv4_is_taken(v4: ipaddress.IPv4Address, low: int) -> None:
    for ip in embeddings(v4, low):
        with pytest.MonkeyPatch.context() as monkeypatch:
            resolving_to(monkeypatch, str(ip))
            with pytest.raises(PrivateAddress):
                public_address("hooks.example", 443)


NEVER = ["64:ff9b:1::/48", "::/96", "fec0::/10", "2001::/32"]


@given(st.sampled_from(NEVER), st.integers(0, (1 << 128) - 1))
def test_nothing_in_the_never_public_prefixes_is_taken(prefix: str, bits: int) -> None:
    net = ipaddress.IPv6Network(prefix)
    ip = net[bits % net.num_addresses]
    with pytest.MonkeyPatch.context() as monkeypatch:
        resolving_to(monkeypatch, str(ip))
        with pytest.raises(PrivateAddress):
            public_address("hooks.example", 443)
