"""A new hook's URL is checked on threads of its own with a bound in time (issue #36 review,
finding 4): a flood of URLs naming hosts that never resolve holds neither the loop nor the
default threads the rest of the service shares, and each is refused saying why."""

from __future__ import annotations

import asyncio
import socket
import threading
from typing import Any

import pytest

from sleuth.server import hooks
from sleuth.server.hooks import HostChecks

SLOW = "slow.example.org"


async def test_urls_of_hosts_that_never_resolve_are_refused_in_time_holding_no_shared_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    let_go = threading.Event()
    resolve = socket.getaddrinfo

    def never_answers(host: str, *args: Any, **kwargs: Any) -> Any:
        if host == SLOW:
            let_go.wait(30)
            raise socket.gaierror("let go by the test")
        return resolve(host, *args, **kwargs)

    monkeypatch.setattr(hooks.socket, "getaddrinfo", never_answers)
    checks = HostChecks()
    checks.seconds = 0.3
    try:
        flood = asyncio.gather(
            *(checks.checked(f"json://{SLOW}/{n}", False) for n in range(40)),
            return_exceptions=True,
        )
        # Meanwhile the loop's default threads are free for the rest of the service.
        assert await asyncio.wait_for(asyncio.to_thread(lambda: 7), 10) == 7
        refused = await asyncio.wait_for(flood, 10)
        assert {str(error) for error in refused} == {
            "the URL's host did not resolve within 0.3 s: try again later"
        }
    finally:
        let_go.set()
        checks.close()
