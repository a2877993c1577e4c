"""A rated game a bot played for a person counts as that person's loss (issue #40, items
1-2): who left the seat, or was away or out of time, finishes last, even back at the seat
by the end, and the table is still rated for everyone else (before, a seat left empty had
the table go unrated, and a seat taken back after leaving rated the bot's game as the
person's). Written to the database as the service writes it, and rated from it alone, as
after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from sleuth.server.db import open_database
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import StepRow
from sleuth.server.ratings import Ratings, finishing_ranks
from sleuth.server.settings import Settings
from sleuth.server.store import Store, secret_hash

from .test_ratings import EXAMPLE, random_game

SEED = 7


@pytest.mark.parametrize("how", ["left", "left and back", "away and back"])
async def test_the_seat_a_bot_played_for_its_person_is_rated_last(tmp_path: Path, how: str) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "k")
    database = open_database(settings)
    await database.migrate()
    store = Store(database)
    try:
        ann, _ = await store.create_person("Ann")
        bob, _ = await store.create_person("Bob")
        seats = [SeatPlan("person"), SeatPlan("person"), SeatPlan("bot", "random")]
        plan = TablePlan(EXAMPLE, 3, {}, seats, sheet="facts", rated=True)
        created = await create_table(store, plan, None, {0: ann.id, 1: bob.id})
        table = created.table_id
        await store.update_table(table, seed=str(SEED))
        moves, outcome = random_game(created.row.config, SEED)
        # The person who goes is the best of the two: ranked by score, they would share the
        # first place (random play here ends with no one right: all three tie).
        gone = max((0, 1), key=lambda seat: outcome.scores[seat])
        stays = 1 - gone
        assert (outcome.scores[gone], len(moves)) == (max(outcome.scores), 4)
        person = (ann.id, bob.id)[gone]
        for number, (seat, action, result) in enumerate(moves, start=1):
            if number == 2:
                await leave_or_away(store, table, gone, person, how)
            step = StepRow(table_id=table, number=number, seat=seat, action=action,
                           result=result, at=number)  # fmt: skip
            await store.insert_step(step, None, number == len(moves))
        ratings = Ratings(database)
        row = await store.table(table)
        assert row is not None
        held = await store.seats(table)
        assert await ratings.rate(row, held, outcome) is True
        assert await ratings.rate(row, held, outcome) is False  # rated once
        board = await ratings.board(EXAMPLE, 0, 10)
        got = {r.player: (r.mu, r.sigma, r.games, r.wins) for r in board}
    finally:
        await database.close()
    # By the library itself: the two who played their own seats ranked by their scores,
    # the one a bot played for below both.
    model = PlackettLuce()
    own = [stays, 2]
    places = [float(p) for p in finishing_ranks([outcome.scores[s] for s in own])] + [3.0]
    after = model.rate([[model.rating()] for _ in range(3)], ranks=places)
    names = [f"person:{(ann.id, bob.id)[stays]}", "bot:random", f"person:{person}"]
    wins = [int(stays in outcome.winners), int(2 in outcome.winners), 0]
    assert got == {
        name: (team[0].mu, team[0].sigma, 1, won)
        for name, team, won in zip(names, after, wins, strict=True)
    }


async def leave_or_away(store: Store, table: str, seat: int, person: str, how: str) -> None:
    """What the service writes when the person leaves (and may join again with a fresh
    token), or is away and handed to the bot (and takes the seat back)."""
    if how == "away and back":
        assert await store.stand_in(table, seat, person, bot="random", since=2.0)
        assert await store.update_seat(table, seat, takeover=False, bot=None)
        return
    assert await store.leave_seat(table, seat, person, takeover=True, bot="random", since=2.0)
    if how == "left and back":
        assert await store.take_seat(table, seat, person, None, secret_hash("again")) is None
