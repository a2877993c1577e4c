"""The play channel's frames are typed (``sleuth.server.frames``) and keep the page's wire
format (``web/static/types.d.ts``): the same keys in the same order, the end of the game's
only once it is over. A broadcast encodes what every seat gets alike once, and each seat's
own part once a seat, however many channels it has."""

from __future__ import annotations

import json
import random
import types
from typing import Any

import pytest

pytest.importorskip("orjson")

from sleuth.core import all_kits, make_game
from sleuth.server import frames
from sleuth.server.connection import Connection
from sleuth.server.live import LiveTable, SeatState
from sleuth.server.models import StepRow
from sleuth.server.owner import TableOwner

TABLE_KEYS = [
    "type",
    "table",
    "step",
    "status",
    "actors",
    "to_move",
    "seats",
    "clock",
    "sheet_level",
    "commitment",
    "log",
]
ENDING_KEYS = ["outcome", "reveal", "seed", "salt", "rematch"]
SEAT_KEYS = ["seat", "view", "legal", "sheet", "sheet_data", "notes", "resumed_from"]
PUBLIC_SEAT_KEYS = [
    "seat",
    "kind",
    "name",
    "bot",
    "takeover",
    "joined",
    "connected",
    "away_since",
]


def table(finish: bool) -> LiveTable:
    """A table of the first game in the registry, people in every seat, played at random."""
    kit = min(all_kits(), key=lambda kit: kit.name)
    game = make_game(kit.name, kit.game.min_players)
    row: Any = types.SimpleNamespace(
        id="wire",
        status="playing",
        started_at=0.0,
        clock="none",
        per_move=None,
        sheet="off",
        salt="5a",
        listed=False,
        spectators=True,
        rematch=None,
    )
    seats = [
        SeatState(s, "person", None, False, f"p{s}", 0.0, {}, f"hash{s}", f"P{s}")
        for s in range(game.players)
    ]
    live = LiveTable(row, game, 7, 8, game.new(7), [], seats)
    rng = random.Random(2)
    for _ in range(10_000 if finish else 3):
        if live.state.outcome is not None:
            break
        mover = min(live.state.actors())
        legal = live.state.legal_actions(mover)
        state = live.state.apply(mover, legal[rng.randrange(len(legal))])
        live.advance(StepRow(number=live.step + 1, seat=mover, action="", at=0.0), state, "")
    if finish:
        assert live.state.outcome is not None
        row.status = "finished"
    return live


@pytest.mark.parametrize("finish", [False, True])
def test_a_state_frame_keeps_the_pages_keys_in_order(finish: bool) -> None:
    live = table(finish)
    frame = json.loads(live.state_frame(0, resumed_from=2).wire())
    ending = ENDING_KEYS if finish else []
    assert list(frame) == TABLE_KEYS + ending + SEAT_KEYS
    assert frame["type"] == "state" and frame["seat"] == 0 and frame["resumed_from"] == 2
    assert frame["step"] == live.step and frame["view"] == live.view_json(0)
    assert [list(seat) for seat in frame["seats"]] == [PUBLIC_SEAT_KEYS] * live.game.players
    assert list(frame["clock"]) == ["kind", "per_move", "seat", "deadline", "banks", "vacation"]
    assert frame["seats"][1]["name"] == "P1"
    if finish:
        assert frame["seed"] == "7" and frame["salt"] == "5a" and frame["rematch"] is None


def test_a_broadcast_encodes_the_tables_part_once_and_each_seats_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    encoded: list[str] = []
    real = frames.json_bytes

    def counted(value: object) -> bytes:
        encoded.append(type(value).__name__)
        return real(value)

    monkeypatch.setattr(frames, "json_bytes", counted)
    live = table(finish=False)
    owner = TableOwner(live, None)  # type: ignore[arg-type]  # a broadcast needs no desk here
    channels = [
        Connection(0, "p0"),
        Connection(0, "p0"),
        Connection(1, "p1"),
        Connection(None, None),
    ]
    live.connections.update(channels)
    owner.broadcast()
    assert sorted(encoded) == ["SeatPart", "SeatPart", "SeatPart", "TableState"]
    texts = [channel.queue.get_nowait() for channel in channels]
    assert texts[0] == texts[1] and texts[0] != texts[2]
    assert [json.loads(text or "")["seat"] for text in texts] == [0, 0, 1, None]
