"""A person away from a table without a clock: the seats learn since when (a public fact, the
seat's channels closing), and the others may hand the seat to the table's bot once the
table's while (``away_after``) is up, and not before, nor at a table with a clock, nor for a
seat a bot plays already, nor if they hold no seat there."""

from __future__ import annotations

import asyncio
import time
import types
from typing import Any

from sleuth.core import make_game
from sleuth.server.clocks import duration_parts, hand_refusal
from sleuth.server.live import LiveTable, SeatState
from support.game_cases import kit_for

from .client import Person, SeatClient

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example)
PEOPLE_AND_A_BOT = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]


async def seated_table(host: Person, guest: Person, **setup: Any) -> str:
    """A table of the two people (seats 0 and 1) and a bot, under way."""
    created = await host.post(
        "/api/tables",
        {"game": EXAMPLE.name, "players": 3, "seats": PEOPLE_AND_A_BOT, "sit": 0, **setup},
    )
    table: str = created["table"]["id"]
    await guest.post(f"/api/tables/{table}/join", {"token": created["invites"][0]["token"]})
    return table


async def refused(person: Person, path: str) -> tuple[int, str]:
    response = await person.client.post(path, json={})
    return response.status_code, response.json()["detail"]


async def seats_of(person: Person, table: str) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = (await person.get(f"/api/tables/{table}"))["seats"]
    return seats


async def test_a_bot_plays_for_a_person_away_only_once_the_tables_while_is_up(launch: Any) -> None:
    server = launch()
    async with (
        Person(server.http, "Ann") as ann,
        Person(server.http, "Bob") as bob,
        Person(server.http, "Cid") as cid,
    ):
        # The setting is checked when the table is dealt.
        response = await ann.client.post(
            "/api/tables",
            json={"game": EXAMPLE.name, "players": 3, "seats": PEOPLE_AND_A_BOT, "away_after": -1},
        )
        assert response.status_code == 400
        assert response.json()["detail"] == (
            "away_after: 0-86400 seconds away before a bot may play a person's seat, not -1"
        )

        table = await seated_table(ann, bob, away_after=600)
        assert (await ann.get(f"/api/tables/{table}"))["away_after"] == 600
        ann_seat = SeatClient(server.ws, table, 0, cookie=ann.cookie)
        bob_seat = SeatClient(server.ws, table, 1, cookie=bob.cookie)
        await ann_seat.connect()
        await bob_seat.connect()
        while True:  # Ann hears that both are at the table
            frame = await ann_seat.until("seats")
            if frame["seats"][0]["connected"] and frame["seats"][1]["connected"]:
                break
        assert [s["away_since"] for s in frame["seats"]] == [None, None, None]
        bot = f"/api/tables/{table}/seats/1/bot"
        assert await refused(ann, bot) == (409, "seat 1's person is at the table")

        before = time.time()
        await bob_seat.close()
        while True:
            frame = await ann_seat.until("seats")
            if not frame["seats"][1]["connected"]:
                break
        after = time.time()
        away = [s["away_since"] for s in frame["seats"]]
        assert away[0] is None and away[2] is None
        assert before <= away[1] <= after

        # Too early, no seat here, a bot's seat: refused, and nothing changes.
        assert await refused(ann, bot) == (
            409,
            "seat 1's person has been away less than 10 minutes: "
            "a bot may play the seat only after that long",
        )
        assert await refused(cid, bot) == (403, "only a person seated at this table may do that")
        assert await refused(ann, f"/api/tables/{table}/seats/2/bot") == (409, "seat 2 is a bot's")
        assert [s["takeover"] for s in await seats_of(ann, table)] == [False, False, False]

        # A seat its person left is played by the bot already.
        await bob.post(f"/api/tables/{table}/seats/1/leave")
        assert await refused(ann, bot) == (409, "seat 1 is played by a bot already")
        await ann_seat.close()


async def test_a_bot_plays_for_a_person_away_long_enough_who_takes_the_seat_back(
    launch: Any,
) -> None:
    server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        # A while of none: Bob is away long enough as soon as he is away (the while's end
        # itself: ``test_a_seat_may_be_handed_from_the_end_of_the_while_on``).
        table = await seated_table(ann, bob, away_after=0, takeover_bot="random")
        ann_seat = SeatClient(server.ws, table, 0, cookie=ann.cookie)
        await ann_seat.connect()
        state = await ann_seat.until("state")
        since = state["seats"][1]["away_since"]
        assert since is not None  # Bob has opened no channel since he joined
        handed = await ann.post(f"/api/tables/{table}/seats/1/bot", {})
        assert handed["seats"][1]["takeover"] and handed["seats"][1]["bot"] == "random"
        while True:
            frame = await ann_seat.recv()
            if frame["type"] in ("state", "seats") and frame["seats"][1]["takeover"]:
                break
        assert frame["seats"][1]["away_since"] is None  # a bot plays it: no one waits for Bob
        back = await bob.post(f"/api/tables/{table}/seats/1/take-back")
        assert back["seats"][1]["takeover"] is False and back["seats"][1]["bot"] is None
        await ann_seat.close()


async def test_at_a_table_with_a_clock_its_own_bot_plays_a_seat_whose_time_runs_out(
    launch: Any,
) -> None:
    server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        # Bob's while is up at once: the clock alone is why it is refused.
        table = await seated_table(ann, bob, clock="live", per_move=900, away_after=0)
        assert await refused(ann, f"/api/tables/{table}/seats/1/bot") == (
            409,
            "this table has a clock: a seat whose time runs out is played by its bot "
            "without asking",
        )
        assert [s["takeover"] for s in await seats_of(ann, table)] == [False, False, False]


def test_away_counts_from_the_latest_of_leaving_changing_hands_the_start_and_loading() -> None:
    game = make_game(EXAMPLE.name, 3)
    row: Any = types.SimpleNamespace(id="away", status="playing", started_at=50.0)
    seats = [
        SeatState(0, "person", None, False, "ann", 10.0, {}, None, "Ann"),
        SeatState(1, "person", None, False, "bob", 70.0, {}, None, "Bob"),
        SeatState(2, "bot", "random", False, None, 0.0, {}, None),
    ]
    live = LiveTable(row, game, 7, 8, game.new(7), [], seats, watched_from=40.0)
    assert [live.away_since(seat) for seat in range(3)] == [50.0, 70.0, None]
    live.left_at[0] = 90.0
    assert live.away_since(0) == 90.0
    assert live.away_since(0, present={0}) is None
    seats[0].takeover = True
    assert live.away_since(0) is None
    row.status = "finished"
    assert live.away_since(1) is None


def test_a_seat_may_be_handed_from_the_end_of_the_while_on() -> None:
    """The while's end, on the clock the server's check is given (the tests through a
    server deal whiles of none or of ten minutes): refused a moment before, allowed at it."""
    game = make_game(EXAMPLE.name, 3)
    row: Any = types.SimpleNamespace(
        id="away", status="playing", started_at=50.0, rated=False, clock="none",
        takeover_bot=None, away_after=600.0,
    )  # fmt: skip
    seats = [
        SeatState(0, "person", None, False, "ann", 10.0, {}, None, "Ann"),
        SeatState(1, "person", None, False, "bob", 70.0, {}, None, "Bob"),
        SeatState(2, "bot", "random", False, None, 0.0, {}, None),
    ]
    live = LiveTable(row, game, 7, 8, game.new(7), [], seats, watched_from=40.0)
    assert live.away_since(1) == 70.0
    early = hand_refusal(live, 1, "ann", None, 70.0 + 599.5)
    assert str(early) == (
        "seat 1's person has been away less than 10 minutes: "
        "a bot may play the seat only after that long"
    )
    assert hand_refusal(live, 1, "ann", None, 70.0 + 600.0) is None
    assert hand_refusal(live, 1, "ann", "random", 70.0 + 3600.0) is None


def test_a_while_in_words() -> None:
    assert [duration_parts(s) for s in (1, 2.5, 60, 90, 120, 600)] == [
        ("second", "1"),
        ("seconds", "2.5"),
        ("minute", "1"),
        ("seconds", "90"),
        ("minutes", "2"),
        ("minutes", "10"),
    ]


async def test_a_seat_left_and_taken_back_at_once_is_never_left_to_no_one(launch: Any) -> None:
    """Bob, whose seat a bot plays, leaves it in one tab and takes it back in another at the
    same moment (attacker's finding): the take-back had taken the bot away from the seat
    just left, and the table waited for good on a seat no one held and no bot played."""
    server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        for _ in range(4):
            table = await seated_table(ann, bob, away_after=0, takeover_bot="random")
            await ann.post(f"/api/tables/{table}/seats/1/bot", {})
            left, back = await asyncio.gather(
                bob.client.post(f"/api/tables/{table}/seats/1/leave"),
                bob.client.post(f"/api/tables/{table}/seats/1/take-back"),
            )
            assert left.status_code == 200
            seat = (await seats_of(ann, table))[1]
            if back.status_code == 200 and seat["joined"]:
                raise AssertionError(f"the take-back came before the leaving: {seat}")
            # Left: the bot plays it until someone joins with its invite.
            assert (seat["joined"], seat["takeover"], seat["bot"]) == (False, True, "random")


async def test_a_seat_of_a_finished_game_is_not_left(launch: Any) -> None:
    """Leaving at a finished table blanked the seat's name on it and took the table and its
    rematch from its person."""
    server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        table = await seated_table(ann, bob, away_after=0, takeover_bot="random")
        for seat in (0, 1):  # bots finish the game
            await ann.post(f"/api/tables/{table}/seats/{seat}/bot", {})
        for _ in range(600):
            if (await ann.get(f"/api/tables/{table}"))["status"] == "finished":
                break
            await asyncio.sleep(0.1)
        assert await refused(bob, f"/api/tables/{table}/seats/1/leave") == (409, "the game is over")
        assert (await seats_of(ann, table))[1]["joined"]


async def test_a_seat_out_of_time_is_taken_back_only_after_its_bot_moves(launch: Any) -> None:
    """At a clocked table a seat whose time ran out is its bot's for that move: taken back
    at once, its clock had started afresh (attacker's finding: a person taking it back
    every time held the table for ever, its time bank never charged)."""
    server = launch(extra=("--bot-delay", "3"))
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        table = await seated_table(ann, bob, clock="live", per_move=5, bank=0)
        first = await ann.get(f"/api/tables/{table}")
        mover = first["to_move"]
        if mover == 2:  # the bot's seat starts: wait for the turn of a person
            while (first := await ann.get(f"/api/tables/{table}"))["to_move"] == 2:
                await asyncio.sleep(0.1)
            mover = first["to_move"]
        person = (ann, bob)[mover]
        while not (await seats_of(ann, table))[mover]["takeover"]:  # its time runs out
            await asyncio.sleep(0.1)
        said = (
            f"seat {mover}'s time for this move ran out: its bot makes the move, then take the "
            "seat back"
        )
        assert (await refused(person, f"/api/tables/{table}/seats/{mover}/take-back"))[1] == said
        step = first["step"]
        while (await ann.get(f"/api/tables/{table}"))["step"] == step:  # the bot moves
            await asyncio.sleep(0.1)
        back = await person.post(f"/api/tables/{table}/seats/{mover}/take-back")
        assert back["seats"][mover]["takeover"] is False
