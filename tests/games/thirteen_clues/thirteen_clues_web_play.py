"""How the browser tests' people play 13 Clues (tests/server/web_play.py): a move chosen
among the legal ones turned into the clicks on the page that make it; the check of the Top
Secret question the clicks asked."""

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
    if seat not in frame["actors"] or not legal:
        return None
    if view["phase"] == "choose":
        trio = rng.choice([a for a in legal if a.startswith("choose ")]).split()[1:]
        return [*(f"mystery:{name}" for name in trio), "mystery-send"]
    if frame["to_move"] != seat:
        return None
    takes = [a for a in legal if a.startswith("take ")]
    if takes:
        return [rng.choice(takes)]
    accuses = [a for a in legal if a.startswith("accuse ")]
    looks = [a for a in legal if a.startswith("look ")]
    asks = [a for a in legal if a.startswith("ask ")]
    roll = rng.random()
    if accuses and (not asks or roll < 0.12):
        trio = rng.choice(accuses).split()[1:]
        opened = [] if view["phase"] == "final" else ["tc-accuse-open"]
        return [*opened, *(f"accusation:{name}" for name in trio), "accusation-send"]
    if looks and roll < 0.35:
        return [rng.choice(looks)]
    # The Top Secret token (where the table plays with it) is spent on the first question.
    action = rng.choice([a for a in asks if a.endswith(" secret")] or asks)
    words = action.split()
    secret = ["secret"] if "secret" in words else []
    return [f"subject:{words[2]}", *secret, f"ask:{action}"]


def asked_top_secret(record: dict[str, Any], seats: tuple[int, ...]) -> None:
    """A Top Secret question was asked by clicks: its answer only for the two seats."""
    asked = [(seat, text) for seat, text, _ in record["steps"] if " secret" in text]
    assert any(seat in seats for seat, _ in asked), record["steps"]
