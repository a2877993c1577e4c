"""A frame's view is encoded straight from the view's dataclass (orjson): it must read back
as exactly what ``View.to_json`` gives, in every game, for every seat and the spectator."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("orjson")
import orjson

from sleuth.core import all_kits, make_game
from sleuth.server.jsontext import view_bytes


@pytest.mark.parametrize("name", sorted(kit.name for kit in all_kits()))
def test_every_view_encodes_as_its_to_json(name: str) -> None:
    kind = next(k for k in all_kits() if k.name == name).game
    checked = 0
    for count in sorted({kind.min_players, min(4, kind.max_players)}):
        game = make_game(name, count)
        rng = random.Random(count)
        state = game.new(count)
        for _ in range(60):
            for seat in (None, *range(count)):
                view = state.view(seat)
                expected = json.loads(json.dumps(view.to_json()))
                assert orjson.loads(view_bytes(view)) == expected, (name, seat)
                checked += 1
            mover = state.to_move()
            if state.outcome is not None or mover is None:
                break
            legal = state.legal_actions(mover)
            state = state.apply(mover, legal[rng.randrange(len(legal))])
    assert checked > 0
