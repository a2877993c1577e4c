"""Fuzzing the HTTP API from its OpenAPI schema (schemathesis), statefully: a world of
people, tables (waiting, being played, finished), seats and invites is made first, and each
generated request is sent as one of those people, often at one of those tables and seats,
with one of those invites, or with a body no JSON value is (NaN, 1e999, a lone surrogate, a
number past 128 bits). No request may get a 5xx or log a traceback, answers must match the
schema, and every operation must be reached with a 2xx at least once.

The default suite sends a small budget; ``-m soak`` a large one (left out by default)."""

from __future__ import annotations

import base64
import json
import os
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")
requests = pytest.importorskip("requests")

from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.checks import response_schema_conformance  # noqa: E402

from sleuth.core import all_kits  # noqa: E402

from .conftest import Server  # noqa: E402
from .fuzz_world import (  # noqa: E402
    BOT,
    GAME,
    PASSWORD,
    PERSON,
    SIGNING_OUT,
    World,
    build_world,
    table_body,
    unlimited_server,
)

# What JSON text may spell but no JSON value is; each put in place of one field's value.
NOT_JSON_VALUES = ("NaN", "Infinity", "-Infinity", "1e999", str(2**200), '"\\ud800"')
MARK = "\u2407mark\u2407"

# The order operations are fuzzed in: reads first, then what uses seats up (a seat taken,
# left, handed to a bot; sitting before joining, which fills the seats sitting needs free),
# rematches last.
ORDER = (
    "GET /api/health",
    "GET /api/games",
    "GET /api/games/{game}/leaderboard",
    "GET /api/games/{game}/rules",
    "GET /api/games/{game}/tutorial",
    "GET /api/language",
    "GET /api/people/session",
    "GET /api/people/me",
    "GET /api/people/{person_id}/profile",
    "POST /api/people",
    "GET /api/tables",
    "GET /api/tables/mine",
    "GET /api/tables/{table_id}",
    "GET /api/tables/{table_id}/chat",
    "POST /api/tables/{table_id}/chat",
    "GET /api/tables/{table_id}/record",
    "GET /api/tables/{table_id}/replay",
    "GET /api/tables/{table_id}/review",
    "POST /api/records/verify",
    "POST /api/tables",
    "POST /api/tables/{table_id}/seats/{seat}/sit",
    "POST /api/tables/{table_id}/seats/{seat}/invite-account",
    "GET /api/invitations",
    "POST /api/invitations/{invitation_id}/accept",
    "POST /api/invitations/{invitation_id}/decline",
    "POST /api/tables/{table_id}/invite",
    "POST /api/tables/{table_id}/join",
    "POST /api/tables/{table_id}/seats/{seat}/bot",
    "POST /api/tables/{table_id}/seats/{seat}/take-back",
    "POST /api/tables/{table_id}/seats/{seat}/leave",
    "POST /api/tables/{table_id}/rematch",
    "DELETE /api/people/me",
    # Accounts: signing out and deleting last (their people are gone after).
    "POST /api/account",
    "GET /api/account",
    "POST /api/account/sign-in",
    "GET /api/account/sessions",
    "POST /api/account/password",
    "GET /api/account/export",
    "DELETE /api/account/sessions/{session_id}",
    "POST /api/account/passkeys/register/options",
    "POST /api/account/passkeys/register",
    "POST /api/account/passkeys/sign-in/options",
    "POST /api/account/passkeys/sign-in",
    "GET /api/account/passkeys",
    "DELETE /api/account/passkeys/{passkey_id}",
    "GET /api/account/mail",
    "PUT /api/account/mail",
    "DELETE /api/account/mail",
    "GET /api/bots",
    "POST /api/bots",
    "GET /api/bots/mine",
    "POST /api/bots/{name}/challenge",
    # Revoking after the challenges: the world's bot (Ann's) is gone after it.
    "DELETE /api/bots/{name}",
    "GET /api/push/key",
    "GET /api/account/push",
    "PUT /api/account/push",
    "POST /api/account/push/browsers",
    "DELETE /api/account/push/browsers/{browser_id}",
    "GET /api/account/hooks",
    "POST /api/account/hooks",
    "PUT /api/account/hooks/{hook_id}",
    "DELETE /api/account/hooks/{hook_id}",
    "GET /api/account/vacation",
    "POST /api/account/vacation",
    "DELETE /api/account/vacation",
    "POST /api/account/sign-out",
    "DELETE /api/account",
)
# Who sends an account's request: whoever it may do its work for (and a guest, nobody).
ACCOUNT_PEOPLE = {
    # Forgetting a browser ends its account's session: never Ann's, whom later requests need.
    "DELETE /api/people/me": ["Cy", None, "Bob"],
    "POST /api/account": ["Cy", None, "Ann"],
    # Signing in ends the session the browser had: never Ann's, whom later requests need.
    "POST /api/account/sign-in": ["Bob", None, "Cy"],
    "POST /api/account/passkeys/sign-in": ["Bob", None, "Cy"],
    "DELETE /api/account/sessions/{session_id}": ["Dee", None, "Cy"],
    "POST /api/account/sign-out": [*SIGNING_OUT, None, "Cy"],
    "DELETE /api/account": ["Eve", None, "Cy"],
    "POST /api/bots": ["Ann", None, "Cy"],
    # Only Dee answers her invitations (Cy tries, and is refused).
    "POST /api/invitations/{invitation_id}/accept": ["Dee", None, "Cy"],
    "POST /api/invitations/{invitation_id}/decline": ["Dee", None, "Cy"],
}


def tables_for(label: str, world: World) -> list[str]:
    """The tables a request of this operation does its work at, first; then the others."""
    ended = ("record", "replay", "review", "rematch", "take-back")
    if label.endswith(ended):
        first = world.finished
    elif label.endswith("/sit"):
        first = world.waiting
    elif label.endswith(("/join", "/invite", "/invite-account")):
        first = world.invited
    elif label.endswith(("/bot", "/leave")):
        first = world.playing
    else:
        first = []
    return [*first, *(t for t in world.tables if t not in first)]


def good_bodies(label: str, world: World) -> list[tuple[str | None, Any]]:
    """Bodies that do the operation's work, besides the generated ones, each with the table
    it belongs to (``None``: any)."""
    if label == "POST /api/tables":
        return [
            # Ann's seat may go to a bot at once: the bots finish it, and it has a rematch.
            (None, table_body([PERSON, BOT, BOT], sit=0, away_after=0)),
            (None, table_body([PERSON] * 2, listed=True)),
        ]
    if label.endswith(("/join", "/invite")):
        # The invites of tables that take no one sitting down first: theirs are not spent.
        tables = tables_for(label, world)
        return [
            (table, {"token": token}) for table in tables for token in world.invites.get(table, [])
        ]
    if label.endswith("/bot"):
        return [(None, {}), (None, {"bot": "random"})]
    if label.endswith("/chat") and label.startswith("POST"):
        return [(None, {"text": "hello"})]
    if label == "POST /api/account":  # a name not taken yet, each time
        return [(None, lambda: {"name": f"fuzz-{os.urandom(4).hex()}", "password": PASSWORD})]
    if label == "POST /api/account/sign-in":
        return [(None, {"name": "Ann", "password": PASSWORD})]
    if label == "POST /api/account/password":
        # Ann's passkeys kept: the passkey operations after it need them.
        body = {"password": PASSWORD, "new_password": PASSWORD, "remove_passkeys": False}
        return [(None, body)]
    if label == "DELETE /api/account":
        return [(None, {"password": PASSWORD})]
    if label.endswith("/invite-account"):
        return [(None, {"name": "Eve"})]
    if label == "PUT /api/account/mail":
        return [(None, {"address": "ann@example.org", "language": "de"})]
    if label == "POST /api/account/passkeys/register":
        return [(None, world.fresh["register"])]
    if label == "POST /api/account/push/browsers":
        return [(None, push_subscription_body)]
    if label == "POST /api/account/hooks":  # a service's own host: no address to check
        return [(None, lambda: {"url": f"discord://1234/{os.urandom(8).hex()}"})]
    if label == "POST /api/account/passkeys/sign-in":
        return [(None, world.fresh["sign-in"])]
    if label == "POST /api/bots/{name}/challenge":
        return [(None, {"game": GAME, "players": 2})]
    if label == "POST /api/account/vacation":
        return [(None, {"days": 3})]
    if label == "POST /api/bots":  # a name not taken yet, each time
        return [(None, lambda: {"name": f"fuzz-{os.urandom(4).hex()}"})]
    return []


def push_subscription_body() -> dict[str, Any]:
    """A browser's subscription at a push service the server posts to, new each time."""
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    keys = {"p256dh": _b64url(point), "auth": _b64url(os.urandom(16))}
    return {"endpoint": f"https://fcm.googleapis.com/fcm/send/{os.urandom(8).hex()}", "keys": keys}


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def browser_of(cookie: str, session: Any, base: str) -> int:
    """The id of one of the browsers pushed to of the cookie's account (0: none)."""
    answer = session.get(f"{base}/api/account/push", cookies={"sleuth_id": cookie}, timeout=30)
    browsers = answer.json().get("browsers", []) if answer.status_code == 200 else []
    return int(browsers[-1]["id"]) if browsers else 0


def hook_of(cookie: str, session: Any, base: str) -> int:
    """The id of one of the hooks of the cookie's account (0: none)."""
    answer = session.get(f"{base}/api/account/hooks", cookies={"sleuth_id": cookie}, timeout=30)
    hooks = answer.json().get("hooks", []) if answer.status_code == 200 else []
    return int(hooks[-1]["id"]) if hooks else 0


def seats_for(label: str) -> list[int | None]:
    """Seat numbers, the one most likely to do the operation's work first: Ann holds seat
    0 everywhere, Bob seat 1 at the tables being played, and seat 2 is a bot's there."""
    if label.endswith(("/sit", "/bot", "/invite-account")):
        return [1, 2, 0, None]
    return [0, 1, 2, None]


@dataclass
class Tally:
    requests: int = 0
    statuses: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    server_errors: list[str] = field(default_factory=list)
    schema_failures: list[str] = field(default_factory=list)

    def reached(self) -> dict[str, bool]:
        return {label: any(200 <= s < 300 for s in self.statuses[label]) for label in ORDER}


def mangled(body: Any, field_name: str | None, spelled: str) -> str:
    """The body as JSON text with one field's value (or a new field) spelled as given."""
    target = dict(body) if isinstance(body, dict) else {}
    target[field_name or "extra"] = MARK
    return json.dumps(target).replace(json.dumps(MARK), spelled)


def send(
    case: Any, grounding: dict[str, Any], world: World, session: Any, base: str
) -> tuple[Any, bool]:
    """Send ``case`` as grounded: returns the response and whether it went as generated
    (its schema is then checked)."""
    if grounding["table"] is not None and "table_id" in case.path_parameters:
        case.path_parameters["table_id"] = grounding["table"]
    if grounding["seat"] is not None and "seat" in case.path_parameters:
        case.path_parameters["seat"] = grounding["seat"]
    if grounding["game"] is not None and "game" in case.path_parameters:
        case.path_parameters["game"] = grounding["game"]
    if grounding["query_seat"] != "generated" and case.operation.path.endswith(
        ("replay", "review")
    ):
        case.query = {} if grounding["query_seat"] is None else {"seat": grounding["query_seat"]}
    if grounding["session"] is not None and "session_id" in case.path_parameters:
        case.path_parameters["session_id"] = grounding["session"]
    if grounding["person"] is not None and "person_id" in case.path_parameters:
        case.path_parameters["person_id"] = grounding["person"]
    if grounding["passkey"] is not None and "passkey_id" in case.path_parameters:
        case.path_parameters["passkey_id"] = grounding["passkey"]
    if grounding["bot"] and "name" in case.path_parameters:
        case.path_parameters["name"] = world.bot
    if grounding["invitation"] is not None and "invitation_id" in case.path_parameters:
        case.path_parameters["invitation_id"] = grounding["invitation"]
    if grounding["browser"] and "browser_id" in case.path_parameters:
        case.path_parameters["browser_id"] = browser_of(world.cookies["Ann"], session, base)
    if grounding["browser"] and "hook_id" in case.path_parameters:
        case.path_parameters["hook_id"] = hook_of(world.cookies["Ann"], session, base)
    if grounding["body"] is not None:
        table, case.body = grounding["body"]
        if callable(case.body):  # an answer to a challenge asked for now
            case.body = case.body()
        if table is not None and "table_id" in case.path_parameters:
            case.path_parameters["table_id"] = table
    cookies = {"sleuth_id": world.cookies[grounding["who"]]} if grounding["who"] else {}
    if grounding["not_json"] is not None and case.operation.body:
        text = mangled(case.body, grounding["field"], grounding["not_json"])
        url = base + case.formatted_path
        session.cookies.clear()
        response = session.request(
            case.method,
            url,
            data=text.encode(),
            headers={"content-type": "application/json"},
            cookies=cookies,
            timeout=30,
        )
        return response, False
    session.cookies.clear()
    return case.call(base_url=base, session=session, cookies=cookies, timeout=30), True


def groundings(label: str, world: World) -> st.SearchStrategy[dict[str, Any]]:
    """How a generated case is sent: as whom, at which table and seat, with which body;
    ``None`` keeps the generated value."""
    bodies = good_bodies(label, world)
    # Ann holds a seat at every table: a seat is taken by the others.
    taking = label.endswith(("/join", "/sit"))
    people = ["Cy", "Bob", "Ann", None] if taking else ["Ann", "Bob", None, "Cy"]
    people = ACCOUNT_PEOPLE.get(label, people)
    return st.fixed_dictionaries(
        {
            "who": st.sampled_from(people),
            "session": st.sampled_from([*world.dee_sessions, None]),
            "passkey": st.sampled_from([*world.passkeys, None]),
            "invitation": st.sampled_from([*world.invitations.get(label.split("/")[-1], []), None]),
            # One of Ann's browsers pushed to (or hooks), or the generated id.
            "browser": st.booleans(),
            "bot": st.booleans(),  # the world's network bot, or the generated name
            "person": st.sampled_from([*world.ids.values(), None]),
            "table": st.sampled_from([*tables_for(label, world), None]),
            "seat": st.sampled_from(seats_for(label)),
            "game": st.sampled_from([*(kit.name for kit in all_kits()), None]),
            "query_seat": st.sampled_from([None, 0, 2, "generated"]),
            "body": st.sampled_from([*bodies, None]) if bodies else st.none(),
            # One body in three spelled with a value no JSON value is.
            "not_json": st.sampled_from([*[None] * 12, *NOT_JSON_VALUES]),
            "field": st.sampled_from([None, "name", "text", "token", "bot", "players", "seats"]),
        }
    )


def fuzz_operation(
    operation: Any, label: str, world: World, server: Server, budget: int, tally: Tally
) -> None:
    cases = st.one_of(
        operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
        operation.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    )
    session = requests.Session()

    @given(case=cases, grounding=groundings(label, world))
    @settings(
        max_examples=budget,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(case: Any, grounding: dict[str, Any]) -> None:
        response, as_generated = send(case, grounding, world, session, server.http)
        tally.requests += 1
        tally.statuses[label][response.status_code] += 1
        if response.status_code >= 500:
            tally.server_errors.append(f"{label} {grounding} -> {response.status_code}")
        elif as_generated and 200 <= response.status_code < 300:
            try:
                case.validate_response(response, checks=[response_schema_conformance])
            except Exception as failure:  # schemathesis groups its failures
                tally.schema_failures.append(f"{label}: {failure}"[:500])

    try:
        check()
    finally:
        session.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("fuzz-http")
    running = unlimited_server(folder)
    yield running
    running.stop()


def run_fuzz(server: Server, budget: int) -> Tally:
    world = build_world(server)
    schema = schemathesis.openapi.from_url(f"{server.http}/openapi.json")
    operations = {}
    for result in schema.get_all_operations():
        operation = result.ok()
        operations[f"{operation.method.upper()} {operation.path}"] = operation
    assert sorted(operations) == sorted(ORDER), "an operation added: give it its place"
    tally = Tally()
    for label in ORDER:
        fuzz_operation(operations[label], label, world, server, budget, tally)
    return tally


def check_tally(tally: Tally, server: Server) -> None:
    reached = tally.reached()
    summary = {label: dict(sorted(tally.statuses[label].items())) for label in ORDER}
    print(
        f"\n{tally.requests} requests; {sum(reached.values())}/{len(reached)} operations got a 2xx"
    )
    for label, statuses in summary.items():
        print(f"  {label}: {statuses}")
    assert tally.server_errors == [], tally.server_errors[:10]
    assert server.log is not None
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-4000:]
    assert tally.schema_failures == [], tally.schema_failures[:5]
    assert all(reached.values()), str(
        {label: dict(summary[label]) for label, ok in reached.items() if not ok}
    )


def test_fuzz_http_api(server: Server) -> None:
    check_tally(run_fuzz(server, budget=30), server)


@pytest.mark.soak
def test_fuzz_http_api_at_length(server: Server) -> None:
    check_tally(run_fuzz(server, budget=400), server)
