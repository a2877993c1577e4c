"""Per-address limits count an IPv6 client by its /64, so one client's many addresses are
one identity; IPv4 and IPv4-mapped IPv6 count by the IPv4 address."""

from __future__ import annotations

import pytest
from starlette.requests import Request

from sleuth.server.deps import client_address


def request_from(host: str | None) -> Request:
    client = None if host is None else (host, 40000)
    return Request({"type": "http", "method": "GET", "path": "/", "headers": [], "client": client})


@pytest.mark.parametrize(
    ("host", "counted_as"),
    [
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:fffe", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("fe80::1%eth0", "fe80::/64"),
        ("::ffff:192.0.2.7", "192.0.2.7"),
        ("192.0.2.7", "192.0.2.7"),
        ("testclient", "testclient"),
        (None, "unknown"),
    ],
)
def test_an_ipv6_client_is_counted_by_its_64(host: str | None, counted_as: str) -> None:
    assert client_address(request_from(host)) == counted_as
