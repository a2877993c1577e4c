"""Ratings: each finished rated table moves its players' ratings in its game.

A player is a person (``person:ID``) or a bot (``bot:SPEC``: a level such as ``medium``, or a
bot by name with its knobs). The model is openskill's Plackett-Luce over the finishing order
(seats ranked by score, equal scores sharing a place), each seat a team of one; a rating is
a mean and an uncertainty, shown with both, and the boards order by ``mu - 3 sigma`` (a
player new to a game starts at 0 there and climbs as the uncertainty falls).

A table is rated once, whichever process gets there first: its id goes into
``rated_tables`` in the transaction that writes the ratings. A process that stopped between
a rated table's last step and its rating leaves it for the next start (``Hub._rate_left_over``),
whose pass says how it went (``LeftOverPass``, shown by ``GET /api/health``).
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from sleuth.core import Outcome

from . import problems
from .db import Database
from .models import (
    AccountRow,
    PersonRow,
    RatedTableRow,
    RatingRow,
    SeatRow,
    StandInRow,
    TableRow,
)

MODEL = PlackettLuce()
BOARD_LIMIT = 100  # entries of a leaderboard page at most


class Held(Protocol):
    """A seat as the database or a live table holds it."""

    seat: int
    kind: str
    bot: str | None
    person_id: str | None


def player_key(seat: Held) -> str | None:
    """Whom a seat's result rates: its person (also while a bot stood in for them), or its
    bot; a seat nobody held rates no one."""
    if seat.person_id is not None:
        return f"person:{seat.person_id}"
    if seat.kind == "bot" and seat.bot:
        return f"bot:{seat.bot}"
    return None


def finishing_ranks(scores: Sequence[int]) -> list[int]:
    """Each seat's place, 1 the best: higher scores first, equal scores sharing a place."""
    return [1 + sum(other > score for other in scores) for score in scores]


@dataclass(frozen=True)
class Standing:
    player: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int


def updated_ratings(
    before: dict[str, RatingRow | None],
    players: Sequence[str | None],
    outcome: Outcome,
    stood_in: Collection[str] = (),
) -> dict[str, Standing]:
    """The players' ratings after the game, each from its rating before (``None``: new).
    ``players`` is each seat's (``None``: no one's); a player at several seats (two bots of
    one level) gets the mean of its seats' moves. Those ``stood_in`` (people a bot played
    for at some step) finish last, tied among themselves, below every seat that played its
    own game, as if they had abandoned it: the others are ranked by their scores."""
    own = [
        (seat, player)
        for seat, player in enumerate(players)
        if player is not None and player not in stood_in
    ]
    places = finishing_ranks([outcome.scores[seat] for seat, _ in own])
    entries = [
        (player, float(place), seat in outcome.winners)
        for (seat, player), place in zip(own, places, strict=True)
    ]
    last = float(len(own) + 1)
    entries += [(player, last, False) for player in sorted(set(stood_in))]
    if len(entries) < 2:
        return {}
    teams = []
    for player, _, _ in entries:
        row = before.get(player)
        rating = MODEL.rating() if row is None else MODEL.rating(mu=row.mu, sigma=row.sigma)
        teams.append([rating])
    rated = MODEL.rate(teams, ranks=[place for _, place, _ in entries])
    moves: dict[str, list[tuple[float, float]]] = defaultdict(list)
    won: dict[str, bool] = defaultdict(bool)
    for (player, _, winner), (after,) in zip(entries, rated, strict=True):
        moves[player].append((after.mu, after.sigma))
        won[player] |= winner
    standings = {}
    for player, seat_moves in moves.items():
        mu = sum(m for m, _ in seat_moves) / len(seat_moves)
        sigma = sum(s for _, s in seat_moves) / len(seat_moves)
        row = before.get(player)
        standings[player] = Standing(
            player,
            mu,
            sigma,
            mu - 3 * sigma,
            (0 if row is None else row.games) + 1,
            (0 if row is None else row.wins) + int(won[player]),
        )
    return standings


@dataclass
class LeftOverPass:
    """The start-up pass over rated tables left unrated: ``running``, then ``done``, or
    ``failed`` if the tables could not even be listed (the database out of reach); how many
    it rated, how many it could not (each logged). While it runs a board may still lack a
    result that is on its way."""

    state: Literal["running", "done", "failed"] = "running"
    rated: int = 0
    not_rated: int = 0


class AccountNeeded(Exception):
    """A guest asked for a seat of a rated table: it seats signed-up players only."""


class Ratings:
    """Rate finished tables and read the boards, in the service's database."""

    def __init__(self, database: Database | None) -> None:
        self._db_or_none = database

    @property
    def _db(self) -> Database:
        if self._db_or_none is None:
            raise RuntimeError("ratings without a database")
        return self._db_or_none

    async def rate(self, table: TableRow, seats: Sequence[Held], outcome: Outcome) -> bool:
        """Move the ratings by the finished rated ``table``'s outcome; whether this call did
        it (False: casual, or rated already by this process or another)."""
        if not table.rated:
            return False
        by_seat = sorted(seats, key=lambda seat: seat.seat)
        players = [player_key(seat) for seat in by_seat]
        if len(players) != len(outcome.scores):
            return False
        stood = select(StandInRow.person_id).where(StandInRow.table_id == table.id)

        def work(session: Session) -> bool:
            if session.get(RatedTableRow, table.id) is not None:
                return False
            session.add(RatedTableRow(table_id=table.id, rated_at=time.time()))
            # Read in the rating's own transaction: whoever a bot played for is in it
            # (``Store.leave_seat``, ``Store.stand_in``), across restarts and processes.
            stood_in = {f"person:{person}" for person in session.scalars(stood)}
            keys = {p for p in players if p is not None} | stood_in
            before = {key: session.get(RatingRow, (table.game, key)) for key in keys}
            for player, standing in updated_ratings(before, players, outcome, stood_in).items():
                row = before[player]
                if row is None:
                    row = RatingRow(game=table.game, player=player)
                    session.add(row)
                row.mu, row.sigma, row.ordinal = standing.mu, standing.sigma, standing.ordinal
                row.games, row.wins, row.updated_at = standing.games, standing.wins, time.time()
            return True

        try:
            return await self._db.write(work)
        except IntegrityError:  # another process rated it between our read and our write
            return False

    async def signed_up(self, person_ids: Iterable[str]) -> set[str]:
        """Those of the people who have an account (``accounts``): a rating is an account's,
        so a rated table seats no guest (a guest's rating would be lost with its cookie, and
        a fresh guest a free new start)."""
        wanted = set(person_ids)
        if not wanted:
            return set()
        query = select(AccountRow.person_id).where(AccountRow.person_id.in_(wanted))
        return set(await self._db.read(lambda session: list(session.scalars(query))))

    async def refuse_guests(self, rated: bool, people: Iterable[str]) -> None:
        """``AccountNeeded`` if a rated table would seat one of ``people`` without an account."""
        wanted = set(people)
        if rated and wanted and wanted - await self.signed_up(wanted):
            raise AccountNeeded(problems.ACCOUNT_NEEDED())

    async def board(self, game: str, offset: int, limit: int) -> list[RatingRow]:
        """A page of the game's ratings, highest ``mu - 3 sigma`` first."""
        query = (
            select(RatingRow)
            .where(RatingRow.game == game)
            .order_by(RatingRow.ordinal.desc(), RatingRow.player)
            .offset(offset)
            .limit(min(limit, BOARD_LIMIT))
        )
        return await self._db.read(lambda session: list(session.scalars(query)))

    async def of_player(self, player: str) -> list[RatingRow]:
        """The player's rating in every game they have a rated result in."""
        query = select(RatingRow).where(RatingRow.player == player).order_by(RatingRow.game)
        return await self._db.read(lambda session: list(session.scalars(query)))

    async def names(self, person_ids: Sequence[str]) -> dict[str, str]:
        """The display names of those of the people who still exist."""
        if not person_ids:
            return {}
        query = select(PersonRow.id, PersonRow.name).where(PersonRow.id.in_(set(person_ids)))

        def work(session: Session) -> dict[str, str]:
            return {person: name for person, name in session.execute(query)}

        return await self._db.read(work)

    async def finished_of(self, person_id: str, limit: int = 200) -> list[tuple[TableRow, int]]:
        """The person's finished tables with their seat, newest first: a profile is public,
        so never one still playing, and only those anyone could watch or that were rated (a
        private table among friends is not listed where anyone reads its id)."""
        query = (
            select(TableRow, SeatRow.seat)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(
                SeatRow.person_id == person_id,
                TableRow.status == "finished",
                TableRow.spectators.is_(True) | TableRow.rated.is_(True),
            )
            .order_by(TableRow.finished_at.desc(), TableRow.id)
            .limit(limit)
        )

        def work(session: Session) -> list[tuple[TableRow, int]]:
            # A row is a sequence, not a tuple (SQLAlchemy 2.1): made one, as promised.
            return [(table, seat) for table, seat in session.execute(query)]

        return await self._db.read(work)

    async def unrated(self) -> list[str]:
        """Finished rated tables whose result is not in the ratings yet."""
        query = (
            select(TableRow.id)
            .outerjoin(RatedTableRow, RatedTableRow.table_id == TableRow.id)
            .where(
                TableRow.rated.is_(True),
                TableRow.status == "finished",
                RatedTableRow.table_id.is_(None),
            )
            .order_by(TableRow.finished_at)
        )
        return await self._db.read(lambda session: list(session.scalars(query)))
