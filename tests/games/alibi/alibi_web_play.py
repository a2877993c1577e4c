"""How the browser tests' people play Alibi (tests/server/web_play.py): a move chosen among
the legal ones turned into the clicks on the page that make it; the check of the hand-kept
grid of its sheet."""

from __future__ import annotations

import json
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
    hand = view["hand"]
    convicts = [a for a in legal if a.startswith("convict ")]
    if view["phase"] == "convict" and convicts:
        return [f"suspect:{rng.choice(convicts).split()[1]}"]
    if view["phase"] == "swap":
        swaps = [a for a in legal if a.startswith("swap ")]
        if swaps and rng.random() < 0.5:
            return [f"hand:{hand.index(rng.choice(swaps).split()[1])}", "al-swap"]
        return ["al-pass"]
    plays = [a for a in legal if a.split()[0] in ("play", "alibi", "bribe", "goodeye")]
    if plays and rng.random() < 0.85:
        action = rng.choice(plays)
        words = action.split()
        if words[0] == "play":
            return [f"hand:{hand.index(words[1])}", "al-play"]
        if words[0] == "alibi":
            return [f"hand:{hand.index('alibi')}", f"suspect:{words[1]}"]
        if words[0] == "bribe":
            target, value = int(words[1]), words[2]
            front = view["fronts"][target]
            return [f"hand:{hand.index('bribe')}", f"front:{target}:{front.index(value)}"]
        return [f"hand:{hand.index('goodeye')}", "al-goodeye"]
    exchanges = [a for a in legal if a.startswith("exchange ") and "+" not in a]
    if exchanges:
        card = rng.choice(exchanges).split()[1]
        return ["al-exchange", f"hand:{hand.index(card)}", "al-exchange-send"]
    return ["al-pass"]


def notes_checks(player: Player) -> None:
    """At sheet level off, squares of the hand-kept grid marked by clicks are kept by the
    server for the seat and come back in its frames."""
    assert player.drawn()["sheet_level"] == "off"
    player.page.click("#tab-sheet")
    player.click("note:male:s1")
    player.page.wait_for_selector('[data-key="note:male:s1"]:has-text("✓")')
    for _ in range(2):
        player.click("note:fat:s2")
        player.page.wait_for_timeout(150)
    player.page.wait_for_selector('[data-key="note:fat:s2"]:has-text("✗")')
    notes = [json.loads(t) for t in player.recorder.frames if '"type":"notes"' in t]
    assert notes[-1]["notes"]["marks"] == {"male": {"s1": "+"}, "fat": {"s2": "-"}}
