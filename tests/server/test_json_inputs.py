"""What JSON text may spell but no JSON value is (NaN, Infinity, 1e999, a lone surrogate,
a number of many digits) and step numbers past their bounds: refused naming the field,
over HTTP and the play channel, with nothing changed and no traceback in the log."""

from __future__ import annotations

import json
from typing import Any

from websockets.exceptions import ConnectionClosed

from support.game_cases import kit_for

from .client import Person, SeatClient, closed_code
from .conftest import Server

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
SEATS = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
TABLE = {"game": EXAMPLE, "players": 3, "sheet": "off", "seats": SEATS, "sit": 0}


def with_value(body: dict[str, Any], field: str, spelled: str) -> str:
    """``body`` as JSON text with ``field`` spelled as given (text no encoder writes)."""
    return json.dumps({**body, field: "@@"}).replace('"@@"', spelled)


# Each spelling and the words of its refusal.
SPELLINGS = [
    ("NaN", "NaN"),
    ("Infinity", "Infinity"),
    ("-Infinity", "-Infinity"),
    ("1e999", "out of a double's range"),
    ("-1e400", "out of a double's range"),
    ('"x\\ud800y"', "lone surrogate"),
    ('"\\udfff"', "lone surrogate"),
    ("9" * 5000, "beyond 128 bits"),
]


def assert_no_traceback(server: Server) -> None:
    assert server.log is not None
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


async def refused(person: Person, path: str, text: str, field: str, words: str) -> None:
    response = await person.client.post(
        path, content=text, headers={"content-type": "application/json"}
    )
    assert response.status_code in (400, 422), (path, text[:80], response.text)
    detail = response.json()["detail"]
    assert detail[0]["loc"][1:2] == [field], (path, detail)
    assert words in detail[0]["msg"], (path, detail)


async def test_http_bodies_with_no_json_value_are_refused_naming_the_field(launch: Any) -> None:
    server = launch()
    async with Person(server.http, "Ann") as ann:
        table = (await ann.post("/api/tables", TABLE))["table"]["id"]
        mine_before = await ann.get("/api/tables/mine")
        for spelled, words in SPELLINGS:
            await refused(ann, "/api/people", with_value({}, "name", spelled), "name", words)
            await refused(
                ann, "/api/tables", with_value(TABLE, "per_move", spelled), "per_move", words
            )
            await refused(
                ann, f"/api/tables/{table}/chat", with_value({}, "text", spelled), "text", words
            )
            await refused(
                ann,
                "/api/records/verify",
                with_value({"signature": "0" * 64}, "record", spelled),
                "record",
                words,
            )
            await refused(
                ann, f"/api/tables/{table}/join", with_value({}, "token", spelled), "token", words
            )
        # Deep inside the body, and in a key: the path to it is named.
        nested = with_value({}, "seats", '[{"kind": "bot", "bot": NaN}]')
        response = await ann.client.post("/api/tables", content=nested)
        assert response.status_code == 422
        assert response.json()["detail"][0]["loc"] == ["body", "seats", 0, "bot"]
        key = '{"name": "Bea", "\\ud83d": 1}'
        response = await ann.client.post("/api/people", content=key)
        assert response.status_code == 422 and "key" in response.json()["detail"][0]["msg"]
        # Nothing changed: no table dealt, no chat, the name kept.
        assert await ann.get("/api/tables/mine") == mine_before
        assert await ann.get(f"/api/tables/{table}/chat") == []
        assert (await ann.get("/api/people/me"))["name"] == "Ann"
        # Plain JSON still goes through, a record's 39-digit seed included.
        seed = {"record": {"seed": 2**128 - 1}, "signature": "0" * 64}
        assert (await ann.post("/api/records/verify", seed)) == {"valid": False}
    assert_no_traceback(server)


async def test_step_numbers_past_their_bounds_are_refused_on_the_socket(launch: Any) -> None:
    server = launch()
    async with Person(server.http, "Ann") as ann:
        created = await ann.post("/api/tables", {**TABLE, "seats": [{"kind": "person"}] * 3})
        table = created["table"]["id"]
        client = SeatClient(server.ws, table, 0, cookie=ann.cookie)  # Ann sits at seat 0
        await client.connect()
        before = await client.until("state")
        huge = 2**70
        for message, words in [
            ({"type": "hello", "last_step": huge}, "hello.last_step"),
            ({"type": "hello", "last_step": -1}, "hello.last_step"),
            ({"type": "act", "action": "pass", "step": huge}, "act.step"),
            ('{"type": "hello", "last_step": 1e999}', "last_step: the number 1e999"),
            ('{"type": "act", "action": {"kind": NaN}}', "action.kind: NaN"),
            ('{"type": "chat", "text": "\\ud800"}', "text: the text holds a lone surrogate"),
        ]:
            await client.send(message)
            error = await client.until("error")
            assert error["code"] == "malformed" and words in error["message"], (message, error)
        # The connection still serves, at the same step.
        await client.send({"type": "ping"})
        assert (await client.until("pong"))["step"] == before["step"]
        await client.close()
        # On the socket's URL: the connection is closed naming the parameter.
        for last_step in (huge, -1):
            late = SeatClient(server.ws, table, 0, cookie=ann.cookie)
            try:
                await late.connect(last_step=last_step)
                code = await closed_code(late)
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
            assert code == 4400, last_step
        watcher = SeatClient(server.ws, table, None)
        await watcher.connect(last_step=huge)
        assert await closed_code(watcher) == 4400
        assert watcher.connection is not None and watcher.connection.close_reason is not None
        assert "last_step" in watcher.connection.close_reason
        # A step within bounds is echoed as before.
        again = SeatClient(server.ws, table, 0, cookie=ann.cookie)
        await again.connect(last_step=before["step"])
        assert (await again.until("state"))["resumed_from"] == before["step"]
        await again.close()
    assert_no_traceback(server)
