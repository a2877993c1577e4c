"""How the browser tests' people play Black Stories Investigation (tests/server/web_play.py):
a move chosen among the legal ones turned into the clicks on the page that make it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from server.browser import Player

Frame = dict[str, Any]
Clicks = list[str] | None


def play(player: Player, frame: Frame, rng: random.Random, plan: dict[str, Any]) -> Clicks:
    view, seat = frame["view"], player.seat
    legal = frame["legal"]["actions"]
    if frame["to_move"] != seat or not legal:
        return None
    if view["phase"] == "play":
        action = rng.choice([a for a in legal if a.startswith("play ")])
        _, card, _, target = action.split(" ")
        return [f"hand:{view['hand'].index(card)}", f"play:{target}"]
    solves = [a for a in legal if a.startswith("solve ")]
    if solves and rng.random() < 0.8:
        _, target, guess, _, drops = rng.choice(solves).split(" ")
        return [
            f"solve:{target}",
            *(f"guess:{value}" for value in guess.split("/")),
            f"drops:{drops}",
            "bs-solve-send",
        ]
    return ["bs-draw"]
