"""Rows and live tables as wire schemas."""

from __future__ import annotations

import json

from sleuth.core import find_kit

from .live import LiveTable
from .schemas import SeatOut, TableOut
from .signing import commitment


def table_out(live: LiveTable) -> TableOut:
    row = live.row
    return TableOut(
        id=row.id,
        game=row.game,
        title=find_kit(row.game).game.title,
        players=row.players,
        config=json.loads(row.config),
        sheet=row.sheet,
        clock=row.clock,
        per_move=row.per_move,
        bank=row.bank,
        vacation_days=row.vacation_days,
        away_after=row.away_after,
        spectators=row.spectators,
        listed=row.listed,
        rated=row.rated,
        status=live.status,
        step=live.step,
        to_move=live.state.to_move() if live.status == "playing" else None,
        commitment=commitment(live.seed, row.salt),
        seats=[
            SeatOut(
                seat=s.seat,
                kind=s.kind,
                name=s.name if s.kind == "person" else (s.bot or ""),
                bot=s.bot if s.played_by_bot else None,
                takeover=s.takeover,
                joined=s.person_id is not None,
            )
            for s in live.seats
        ],
        rematch=row.rematch,
        rematch_of=row.rematch_of,
        created_at=row.created_at,
    )
