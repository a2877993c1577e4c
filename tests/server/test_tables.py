"""Tables over HTTP: setup checked by the engine, clocks with bot takeover and take-back,
leaving, replacing a missing person by a bot, the end (reveal, record) and rematch."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from sleuth.core import all_kits
from support.game_cases import cases_of, kit_for

from .client import Person, SeatClient

# The table dealt where any game would do, and the short game of the end's test (the
# games' cases: ``FrontCases``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example)
SHORT = kit_for(lambda cases: cases.fronts.short).name


async def test_setup_is_checked(launch: Any) -> None:
    server = launch()
    async with Person(server.http, "Ann") as ann:
        base = {"game": EXAMPLE.name, "players": 3, "seats": [{"kind": "person"}] * 3}
        too_many = EXAMPLE.game.max_players + 1
        refused = cases_of(EXAMPLE).fronts.bad_option
        assert refused is not None, f"{EXAMPLE.name}'s cases give no bad_option"
        bad_option, naming = refused
        cases: list[tuple[dict[str, Any], str]] = [
            ({"game": "chess"}, "unknown game"),
            ({"players": too_many, "seats": [{"kind": "person"}] * too_many}, "players"),
            ({"options": bad_option}, naming),
            ({"options": {"colour": "red"}}, "unknown option"),
            ({"seats": [{"kind": "person"}] * 2}, "seats"),
            (
                {
                    "seats": [
                        {"kind": "person"},
                        {"kind": "bot", "bot": "nobody"},
                        {"kind": "person"},
                    ]
                },
                "unknown bot",
            ),
            ({"seats": [{"kind": "person"}, {"kind": "bot"}, {"kind": "person"}]}, "names its bot"),
            ({"clock": "turn", "per_move": 10}, "per_move"),
            ({"clock": "live", "per_move": 1}, "per_move"),
            ({"takeover_bot": "random:interrupt_rate=x"}, "interrupt_rate"),
            # A bot program would run a command on the server: only its operator seats one.
            (
                {
                    "seats": [
                        {"kind": "person"},
                        {"kind": "bot", "bot": "cmd:touch /tmp/sleuth-pwned"},
                        {"kind": "person"},
                    ]
                },
                "only the server's operator",
            ),
            ({"takeover_bot": "CMD: touch /tmp/sleuth-pwned"}, "only the server's operator"),
        ]
        for change, words in cases:
            response = await ann.client.post("/api/tables", json={**base, **change})
            assert response.status_code in (400, 422), change
            assert words in response.text, (change, response.text)
        assert (await ann.client.get("/api/tables/0123456789abcdef")).status_code == 404
        created = await ann.post("/api/tables", {**base, "sit": 0, "listed": True})
        table = created["table"]
        # Invites for the seats that wait for a person only: seat 0 is Ann's already.
        assert table["status"] == "waiting" and [i["seat"] for i in created["invites"]] == [1, 2]
        assert table["seats"][0]["joined"] and not table["seats"][1]["joined"]
        assert len(created["invites"][0]["token"]) >= 22  # 128 bits, url-safe
        listed = await ann.get("/api/tables")
        assert table["id"] in [t["id"] for t in listed]
        assert (await ann.client.get(f"/api/tables/{table['id']}/record")).status_code == 409
        lobby = await ann.get("/api/games")
        assert {g["name"] for g in lobby["games"]} >= {kit.name for kit in all_kits()}


@pytest.mark.slow
async def test_clock_takeover_take_back_and_replacement(launch: Any) -> None:
    server = launch()
    people = [await Person(server.http, f"P{n}").__aenter__() for n in range(2)]
    created = await people[0].post(
        "/api/tables",
        {
            "game": EXAMPLE.name,
            "players": 3,
            "sheet": "off",
            "clock": "live",
            "per_move": 5,
            "takeover_bot": "random",
            "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}],
        },
    )
    table = created["table"]["id"]
    invites = [i["token"] for i in created["invites"]]
    tokens = [
        (await person.post(f"/api/tables/{table}/join", {"token": token}))["token"]
        for person, token in zip(people, invites, strict=True)
    ]
    seat0 = SeatClient(server.ws, table, 0, tokens[0])
    await seat0.connect()
    first = await seat0.until("state")
    assert first["status"] == "playing" and first["to_move"] == 0
    deadline = first["clock"]["deadline"]
    assert first["clock"] == {
        "kind": "live", "per_move": 5.0, "seat": 0, "deadline": deadline,
        "banks": [0.0, 0.0, 0.0], "vacation": [False, False, False],
    }  # fmt: skip
    assert abs(deadline - (time.time() + 5)) < 3
    # Seat 0 does nothing: at the deadline its takeover bot plays for it.
    start = time.monotonic()
    while True:
        frame = await seat0.recv(20)
        if frame["type"] in ("state", "seats") and frame["seats"][0]["takeover"]:
            break
    assert time.monotonic() - start >= 2.5
    assert frame["seats"][0]["bot"] == "random"
    moved = await seat0.until("state")
    while moved["step"] < 1:
        moved = await seat0.until("state")
    # Acting on a seat that a bot plays is refused until the person takes it back.
    await seat0.send({"type": "act", "action": "accuse ABC"})
    error = await seat0.until("error")
    assert "take the seat back" in error["message"]
    await seat0.send({"type": "take_back"})
    while True:
        frame = await seat0.recv(10)
        if frame["type"] in ("state", "seats") and not frame["seats"][0]["takeover"]:
            break
    # Seat 1's person is away, but this table has a clock: its bot plays a seat whose time
    # runs out, and no one hands the seat over (test_absent.py: a table without a clock).
    # Never a bot program, which would run a command on the server.
    program = {"bot": "cmd:touch /tmp/sleuth-pwned"}
    response = await people[0].client.post(f"/api/tables/{table}/seats/1/bot", json=program)
    assert response.status_code == 400 and "only the server's operator" in response.text
    response = await people[0].client.post(f"/api/tables/{table}/seats/1/bot", json={})
    assert response.status_code == 409 and "this table has a clock" in response.text
    assert (
        await people[1].client.post(f"/api/tables/{table}/seats/0/take-back")
    ).status_code == 403
    assert (
        await people[1].client.post(f"/api/tables/{table}/seats/1/take-back")
    ).status_code == 409
    left = await people[1].client.post(f"/api/tables/{table}/seats/1/leave")
    assert left.status_code == 200
    seat_out = left.json()["seats"][1]
    assert not seat_out["joined"] and seat_out["takeover"]
    await seat0.close()
    for person in people:
        await person.__aexit__()


@pytest.mark.slow
async def test_end_reveal_record_and_rematch(launch: Any) -> None:
    server = launch()
    async with Person(server.http, "Ann") as ann:
        created = await ann.post(
            "/api/tables",
            {
                "game": SHORT,
                "players": 2,
                "sheet": "facts",
                "sit": 0,
                "seats": [{"kind": "person"}, {"kind": "bot", "bot": "basic"}],
            },
        )
        table = created["table"]["id"]
        assert created["table"]["status"] == "playing"
        assert created["invites"] == []  # Ann sits at seat 0 by her identity: no token
        client = SeatClient(server.ws, table, 0, cookie=ann.cookie)
        await client.connect()
        final = await client.play(timeout=120)
        assert final["status"] == "finished" and final["outcome"]["scores"]
        assert final["reveal"] and final["seed"].isdigit()
        signed = await ann.get(f"/api/tables/{table}/record")
        record = signed["record"]
        assert str(record["seed"]) == final["seed"] and record["reveal"] == final["reveal"]
        import hashlib

        assert (
            hashlib.sha256(f"{record['seed']}:{record['salt']}".encode()).hexdigest()
            == (final["commitment"])
        )
        replay = await ann.get(f"/api/tables/{table}/replay?seat=1")
        assert len(replay["steps"]) == len(record["steps"]) + 1
        rematch = await ann.post(f"/api/tables/{table}/rematch")
        new_table = rematch["table"]
        assert new_table["rematch_of"] == table and new_table["status"] == "playing"
        assert new_table["seats"][0]["joined"] and new_table["seats"][1]["bot"] == "basic"
        assert (await ann.post(f"/api/tables/{table}/rematch"))["table"]["id"] == new_table["id"]
        told = await client.until("state")
        assert told["rematch"] == new_table["id"]
        mine = await ann.get("/api/tables/mine")
        assert {m["table"]["id"] for m in mine} >= {table, new_table["id"]}
        await client.close()
        # Whoever comes back to the finished table sees it as it ended.
        again = SeatClient(server.ws, table, 0, cookie=ann.cookie)
        await again.connect()
        shown = await again.until("state")
        for key in ("view", "log", "outcome", "reveal", "seed", "salt", "commitment", "step"):
            assert shown[key] == told[key], key
        assert shown["rematch"] == new_table["id"] and shown["status"] == "finished"
        await again.close()
        await asyncio.sleep(0)


async def test_a_person_who_leaves_on_their_turn_has_the_bot_play_on(launch: Any) -> None:
    """Leaving a seat during a game hands it to the table's bot in the same write; the bot
    must then play the move the table waits on, not only the seat's later ones."""
    server = launch()
    async with Person(server.http, "Ann") as ann:
        created = await ann.post(
            "/api/tables",
            {
                "game": SHORT,
                "players": 2,
                "sit": 0,
                "seats": [{"kind": "person"}, {"kind": "bot", "bot": "basic"}],
            },
        )
        table = created["table"]["id"]
        out = await ann.get(f"/api/tables/{table}")
        deadline = time.monotonic() + 30
        while out["to_move"] != 0 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            out = await ann.get(f"/api/tables/{table}")
        assert out["to_move"] == 0, out
        waiting_at = out["step"]
        left = await ann.post(f"/api/tables/{table}/seats/0/leave")
        assert left["seats"][0]["takeover"]
        deadline = time.monotonic() + 30
        while out["status"] == "playing" and out["step"] == waiting_at:
            assert time.monotonic() < deadline, f"still waiting on seat 0 at step {waiting_at}"
            await asyncio.sleep(0.1)
            out = await ann.get(f"/api/tables/{table}")
        assert out["step"] > waiting_at or out["status"] == "finished"
