"""Schemathesis against the OpenAPI schema of the HTTP routes of a running server: no
input it generates makes a server error, and responses match their schemas."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.checks import (  # noqa: E402
    not_a_server_error,
    response_schema_conformance,
)

from .conftest import Server  # noqa: E402


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("openapi")
    server = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def api_schema(running: Server) -> object:
    # An identity cookie, so the routes behind it are reached too.
    cookie = httpx.post(f"{running.http}/api/people", json={"name": "Fuzz"}).cookies["sleuth_id"]
    schema = schemathesis.openapi.from_url(f"{running.http}/openapi.json")
    schema.config.headers = {"Cookie": f"sleuth_id={cookie}"}
    return schema


def test_no_server_error(api_schema: object) -> None:
    # Each route's cases drawn by hypothesis directly (not through schemathesis's pytest
    # plugin, which breaks with newer pytest): every operation, 40 cases each.
    operations = [result.ok() for result in api_schema.get_all_operations()]  # type: ignore[attr-defined]
    assert len(operations) > 10, len(operations)
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=40,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: object) -> None:
            case.call_and_validate(  # type: ignore[attr-defined]
                checks=[not_a_server_error, response_schema_conformance]
            )

        check()
