"""Ratings (issue #36, item 2): a finished rated table moves its players' ratings by
openskill's Plackett-Luce over the finishing order, once, whichever process gets there; the
board and the profile show them; a casual table moves none, and a rated one has no full
sheet."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from openskill.models import PlackettLuce

from sleuth.core import Outcome, find_kit
from sleuth.core.protocol import Termination
from sleuth.core.serialize import from_json
from sleuth.server.db import open_database
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import StepRow
from sleuth.server.ratings import finishing_ranks, updated_ratings
from sleuth.server.settings import Settings
from sleuth.server.store import Store
from support.game_cases import kit_for
from support.waits import until

from .client import Person, SeatClient

# The table dealt where any game would do (its cases: ``FrontCases.example``), and a game
# whose games are short (``FrontCases.short``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
SHORT = kit_for(lambda cases: cases.fronts.short).name


class _Ended(Termination):
    SOLVED = "solved"


SOLVED = _Ended.SOLVED


def test_a_person_a_bot_played_for_finishes_last_and_the_others_are_still_rated() -> None:
    """Issue #40, items 1-2: the leaver (or the one back at the seat) ranks below every seat
    that played its own game, whatever the seat scored; the others keep their result."""
    outcome = Outcome((0, 1, 1), (1, 2), SOLVED)
    players = ["person:a", None, "person:c"]  # b left seat 1 and a bot finished it
    standings = updated_ratings({}, players, outcome, stood_in={"person:b"})
    model = PlackettLuce()
    teams = [[model.rating()] for _ in range(3)]
    a, c, b = (team[0] for team in model.rate(teams, ranks=[2.0, 1.0, 3.0]))
    assert {p: (s.mu, s.sigma, s.wins) for p, s in standings.items()} == {
        "person:a": (a.mu, a.sigma, 0),
        "person:c": (c.mu, c.sigma, 1),
        "person:b": (b.mu, b.sigma, 0),
    }
    # Back at the seat by the end, b is still ranked last; a bot's seat rates no one here.
    back = updated_ratings({}, ["person:a", "person:b"], outcome_two(), stood_in={"person:b"})
    x, y = (team[0] for team in model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0]))
    assert {p: (s.mu, s.sigma) for p, s in back.items()} == {
        "person:a": (x.mu, x.sigma),
        "person:b": (y.mu, y.sigma),
    }


def outcome_two() -> Outcome:
    return Outcome((0, 1), (1,), SOLVED)


def test_places_follow_the_scores_and_equal_scores_share_one() -> None:
    assert finishing_ranks([3, 1, 3, 0]) == [1, 3, 1, 4]
    assert finishing_ranks([0, 0]) == [1, 1]


def test_a_series_of_games_moves_the_ratings_as_the_library_says() -> None:
    """Three games in a row: each player's rating after them is what openskill's own
    Plackett-Luce gives, fed the same places game after game (a bot at two seats of one
    game moves by the mean of its seats)."""
    model = PlackettLuce()
    series = [
        (["person:ann", "person:bob", "bot:medium"], Outcome((2, 0, 1), (0,), SOLVED)),
        (["person:bob", "bot:medium", "person:ann"], Outcome((1, 1, 0), (0, 1), SOLVED)),
        (["bot:medium", "person:ann", "bot:medium"], Outcome((0, 3, 1), (1,), SOLVED)),
    ]
    rows: dict[str, Any] = {}
    expected = {p: model.rating() for p in ("person:ann", "person:bob", "bot:medium")}
    for players, outcome in series:
        standings = updated_ratings(dict(rows), players, outcome)
        # A rating a seat: the library's rate may change the ratings it is given.
        teams = [[model.rating(mu=expected[p].mu, sigma=expected[p].sigma)] for p in players]
        rated = model.rate(teams, ranks=[float(r) for r in finishing_ranks(outcome.scores)])
        moved: dict[str, list[Any]] = {}
        for player, (after,) in zip(players, rated, strict=True):
            moved.setdefault(player, []).append(after)
        for player, afters in moved.items():
            mu = sum(a.mu for a in afters) / len(afters)
            sigma = sum(a.sigma for a in afters) / len(afters)
            expected[player] = model.rating(mu=mu, sigma=sigma)
            assert (standings[player].mu, standings[player].sigma) == (mu, sigma)
        rows.update({p: _Row(s.mu, s.sigma, s.games, s.wins) for p, s in standings.items()})
    # By hand, from the series: games and wins per player.
    assert {p: (r.games, r.wins) for p, r in rows.items()} == {
        "person:ann": (3, 2),
        "person:bob": (2, 1),
        "bot:medium": (3, 1),
    }
    # Exact figures of the library for the first game (a newcomer is 25 +- 8.333).
    first = updated_ratings({}, *series[0])
    assert round(first["person:ann"].mu, 6) == 27.869049
    assert round(first["bot:medium"].mu, 6) == 25.717262
    assert round(first["person:bob"].mu, 6) == 21.413689
    assert round(first["person:bob"].sigma, 6) == 8.058224


class _Row:
    def __init__(self, mu: float, sigma: float, games: int, wins: int) -> None:
        self.mu, self.sigma, self.games, self.wins = mu, sigma, games, wins


def random_game(config: str, seed: int) -> tuple[list[tuple[int, str, str]], Outcome]:
    game_type = find_kit(EXAMPLE).game
    game = game_type.of(from_json(game_type.config_type, json.loads(config), "config"))
    rng = random.Random(seed)
    state = game.new(seed)
    moves = []
    while state.outcome is None:
        seat = min(state.actors())
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state = state.apply(seat, action)
        moves.append((seat, str(action), state.last_result()))
    return moves, state.outcome


async def store_finished(
    db_url: str, key_file: Path, rated: bool, spectators: bool = True
) -> tuple[str, list[str], Outcome]:
    """A finished table of two people and a bot, written as the service writes one."""
    database = open_database(Settings(db_url=db_url, key_file=key_file))
    await database.migrate()
    store = Store(database)
    try:
        ann, _ = await store.create_person("Ann")
        bob, _ = await store.create_person("Bob")
        seats = [SeatPlan("person"), SeatPlan("person"), SeatPlan("bot", "random")]
        plan = TablePlan(EXAMPLE, 3, {}, seats, sheet="facts", rated=rated, spectators=spectators)
        created = await create_table(store, plan, None, {0: ann.id, 1: bob.id})
        table = created.table_id
        await store.update_table(table, seed="7")
        moves, outcome = random_game(created.row.config, 7)
        for number, (seat, action, result) in enumerate(moves, start=1):
            step = StepRow(table_id=table, number=number, seat=seat, action=action,
                           result=result, at=number)  # fmt: skip
            await store.insert_step(step, None, number == len(moves))
        return table, [f"person:{ann.id}", f"person:{bob.id}", "bot:random"], outcome
    finally:
        await database.close()


async def rating_pass(base: str) -> dict[str, Any]:
    """How the server's start-up pass over rated tables left unrated went, once it has
    ended (``GET /api/health``): until then a board may still lack a result."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:

        async def ended() -> dict[str, Any] | None:
            health = (await client.get("/api/health")).json()
            return dict(health) if health["ready"] else None

        health = await until(ended, "the start's rating pass ended")
    return dict(health["rating_pass"])


async def board(base: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        return dict((await client.get(f"/api/games/{EXAMPLE}/leaderboard")).json())


async def test_a_rated_table_left_unrated_is_rated_once_at_the_next_start(
    launch: Any, tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'sleuth.db'}"
    table, players, outcome = await store_finished(db, tmp_path / "signing.key", rated=True)
    expected = updated_ratings({}, players, outcome)
    server = launch(db=db)
    assert await rating_pass(server.http) == {"state": "done", "rated": 1, "not_rated": 0}
    shown = await board(server.http)
    got = {
        ("person:" if e["player"]["kind"] == "person" else "bot:") + e["player"]["id"]: e
        for e in shown["entries"]
    }
    assert set(got) == set(players)
    for player, standing in expected.items():
        rating = got[player]["rating"]
        assert (rating["mu"], rating["sigma"], rating["games"], rating["wins"]) == (
            standing.mu, standing.sigma, 1, standing.wins,
        )  # fmt: skip
    assert [e["place"] for e in shown["entries"]] == [1, 2, 3]
    ordinals = [e["rating"]["rating"] for e in shown["entries"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert got[players[0]]["player"]["name"] == "Ann"
    server.stop()
    # A second start finds it rated: nothing counts twice.
    again = launch(db=db)
    assert await rating_pass(again.http) == {"state": "done", "rated": 0, "not_rated": 0}
    async with httpx.AsyncClient(base_url=again.http, timeout=60) as client:
        answer = (await client.get(f"/api/games/{EXAMPLE}/leaderboard")).json()
        person = players[0].removeprefix("person:")
        profile = (await client.get(f"/api/people/{person}/profile")).json()
    assert [e["rating"]["games"] for e in answer["entries"]] == [1, 1, 1]
    assert profile["name"] == "Ann" and profile["games"] == 1
    assert profile["finished"] == [
        {"table": table, "game": EXAMPLE, "seat": 0, "rated": True,
         "finished_at": profile["finished"][0]["finished_at"]}
    ]  # fmt: skip
    assert [r["games"] for r in profile["ratings"]] == [1]


async def test_a_casual_table_moves_no_rating(launch: Any, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'sleuth.db'}"
    await store_finished(db, tmp_path / "signing.key", rated=False)
    server = launch(db=db)
    assert await rating_pass(server.http) == {"state": "done", "rated": 0, "not_rated": 0}
    assert await board(server.http) == {"game": EXAMPLE, "entries": []}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"sheet": "full", "rated": True}, "sheet: a rated table has no full sheet (facts or off)"),
        ({"sheet": "facts", "rated": True, "bots": True},
         "rated: a rated table has a person at one seat at least"),
    ],
)  # fmt: skip
async def test_a_rated_table_with_the_full_sheet_or_no_person_is_refused(
    launch: Any, body: dict[str, Any], message: str
) -> None:
    server = launch()
    kind = (
        [{"kind": "bot", "bot": "random"}] * 3
        if body.pop("bots", False)
        else [{"kind": "person"}] * 3
    )
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as client:
        answer = await client.post(
            "/api/tables", json={"game": EXAMPLE, "players": 3, "seats": kind, **body}
        )
        listing = await client.get("/api/tables")
    assert answer.status_code == 400
    assert answer.json()["detail"] == message
    assert listing.json() == []


async def test_the_board_of_an_unknown_game_and_the_profile_of_no_one_are_404(
    launch: Any,
) -> None:
    server = launch()
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as client:
        game = await client.get("/api/games/no-such-game/leaderboard")
        person = await client.get("/api/people/nobody/profile")
        page = await client.get(f"/api/games/{EXAMPLE}/leaderboard?limit=1000")
    assert (game.status_code, game.json()["detail"]) == (404, "no game 'no-such-game'")
    assert (person.status_code, person.json()["detail"]) == (404, "no person 'nobody'")
    assert page.status_code == 422


async def test_a_rated_game_played_to_its_end_moves_its_players_ratings(launch: Any) -> None:
    server = launch()
    async with Person(server.http, "Ann") as ann:
        # A rated table seats accounts only: Ann signs up first.
        await ann.post("/api/account", {"name": "Ann", "password": "a long password"})
        created = await ann.post(
            "/api/tables",
            {
                "game": SHORT,
                "players": 2,
                "sheet": "facts",
                "rated": True,
                "sit": 0,
                "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
            },
        )
        assert created["table"]["rated"] is True
        client = SeatClient(server.ws, created["table"]["id"], 0, cookie=ann.cookie)
        await client.connect()
        final = await client.play(timeout=120)
        me = await ann.get("/api/people/me")

        async def rated() -> dict[str, Any] | None:
            shown: dict[str, Any] = await ann.get(f"/api/games/{SHORT}/leaderboard")
            return shown if shown["entries"] else None

        # Rated when the table ends, by a task of its own: the frame may come first.
        shown = await until(rated, "the finished table rated")
    scores = final["outcome"]["scores"]
    players = [f"person:{me['id']}", "bot:random"]
    expected = updated_ratings(
        {}, players, Outcome(tuple(scores), tuple(final["outcome"]["winners"]), SOLVED)
    )
    got = {e["player"]["kind"] + ":" + e["player"]["id"]: e["rating"] for e in shown["entries"]}
    assert {p: (r["mu"], r["sigma"], r["games"]) for p, r in got.items()} == {
        p: (s.mu, s.sigma, 1) for p, s in expected.items()
    }


async def test_a_profile_lists_no_private_casual_table(launch: Any, tmp_path: Path) -> None:
    """A profile is public: a table among friends that took no spectators and was not rated
    is not listed there, where anyone would read its id (and, the game over, its replay)."""
    db = f"sqlite:///{tmp_path / 'sleuth.db'}"
    _, players, _ = await store_finished(db, tmp_path / "signing.key", False, spectators=False)
    server = launch(db=db)
    person = players[0].removeprefix("person:")
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as client:
        profile = (await client.get(f"/api/people/{person}/profile")).json()
    assert (profile["name"], profile["finished"], profile["games"]) == ("Ann", [], 0)
