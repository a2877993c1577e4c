"""Leaderboards per game and players' profiles, from finished rated tables (``ratings``).

Only what anyone may know: a player's display name, ratings and finished tables (each
table's replay and review are open to all once it is over); never a table still playing.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query

from sleuth.core import GameError, find_kit

from ..deps import ServicesDep
from ..models import RatingRow
from ..ratings import BOARD_LIMIT
from ..schemas import BoardEntryOut, BoardOut, FinishedOut, PlayerOut, ProfileOut, RatingOut

router = APIRouter(tags=["ratings"])
MAX_OFFSET = 100_000
PERSON, BOT = "person:", "bot:"
DELETED = "deleted player"  # a rated person whose identity is gone
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"description": "no such game or person"}}


def rating_out(row: RatingRow) -> RatingOut:
    return RatingOut(
        game=row.game,
        mu=row.mu,
        sigma=row.sigma,
        rating=row.ordinal,
        games=row.games,
        wins=row.wins,
    )


@router.get("/api/games/{game}/leaderboard", responses=NOT_FOUND)
async def leaderboard(
    game: str,
    app: ServicesDep,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    limit: Annotated[int, Query(ge=1, le=BOARD_LIMIT)] = 50,
) -> BoardOut:
    """The game's ratings, highest first (``mu - 3 sigma``), people and bots alike."""
    try:
        name = find_kit(game).name
    except GameError:
        raise HTTPException(404, f"no game {game!r}") from None
    rows = await app.hub.ratings.board(name, offset, limit)
    people = await app.hub.ratings.names(
        [row.player.removeprefix(PERSON) for row in rows if row.player.startswith(PERSON)]
    )
    entries = []
    for place, row in enumerate(rows, start=offset + 1):
        if row.player.startswith(PERSON):
            person = row.player.removeprefix(PERSON)
            player = PlayerOut(kind="person", id=person, name=people.get(person, DELETED))
        else:
            spec = row.player.removeprefix(BOT)
            player = PlayerOut(kind="bot", id=spec, name=spec)
        entries.append(BoardEntryOut(place=place, player=player, rating=rating_out(row)))
    return BoardOut(game=name, entries=entries)


@router.get("/api/people/{person_id}/profile", responses=NOT_FOUND)
async def profile(person_id: str, app: ServicesDep) -> ProfileOut:
    """A person's ratings in every game and their finished tables, newest first."""
    ratings_of = app.hub.ratings
    name = None if len(person_id) > 32 else (await ratings_of.names([person_id])).get(person_id)
    if name is None:
        raise HTTPException(404, f"no person {person_id!r}")
    ratings = await ratings_of.of_player(PERSON + person_id)
    finished = [
        FinishedOut(
            table=table.id,
            game=table.game,
            seat=seat,
            rated=table.rated,
            finished_at=table.finished_at,
        )
        for table, seat in await ratings_of.finished_of(person_id)
    ]
    return ProfileOut(
        id=person_id,
        name=name,
        ratings=[rating_out(row) for row in ratings],
        finished=finished,
        games=len(finished),
    )
