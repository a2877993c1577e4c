"""How the browser tests' people play Black Vienna (tests/server/web_play.py): a move chosen
among the legal ones turned into the clicks on the page that make it; the checks of its own
controls (the keys, the notation box) and of the interrupt the clicks made."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from sleuth.core.records import replay_record

if TYPE_CHECKING:
    from server.browser import Player

Frame = dict[str, Any]
Clicks = list[str] | None

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÖ"


def bv_accuse(view: dict[str, Any], rng: random.Random, open_panel: bool) -> list[str]:
    hand = view["hand"] or ""
    letters = rng.sample([c for c in LETTERS if c not in hand], 3)
    clicks = ["bv-cry"] if open_panel else []
    return [*clicks, *(f"letter:{c}" for c in letters), "bv-accuse-send"]


def bv_ask_clicks(view: dict[str, Any], action: str) -> list[str]:
    _, target, cards = action.split(" ")
    clicks = []
    for card in cards.split("+"):
        if card in view["face_up"]:
            clicks.append(f"faceup:{view['face_up'].index(card)}")
        else:
            clicks.append(f"front:{card}")
    return [*clicks, f"ask:{target}"]


def play(player: Player, frame: Frame, rng: random.Random, plan: dict[str, Any]) -> Clicks:
    view, seat = frame["view"], player.seat
    legal = frame["legal"]["actions"]
    if seat not in frame["actors"]:
        return None
    if view["phase"] == "guessing":
        return ["bv-pass"] if rng.random() < 0.5 else bv_accuse(view, rng, False)
    if view["phase"] == "final-accusation":
        return bv_accuse(view, rng, False)
    accuse_at = plan.get(f"accuse_at_{seat}")
    due = accuse_at is not None and frame["step"] >= accuse_at and seat not in view["eliminated"]
    # Seat 0 cries "Black Vienna!" out of turn (open to any seat at any moment), seat 1 on
    # its own turn. Seat 0 waits for a turn of seat 1's person: the bot moves at once, so
    # on the bot's turn the cry could land after the bot's move, on seat 0's own turn.
    if due and frame["to_move"] == (1 if seat == 0 else seat):
        return bv_accuse(view, rng, True)
    asks = [a for a in legal if a.startswith("ask ")]
    if frame["to_move"] != seat or not asks:
        return None
    special = [a for a in asks if "+" in a]
    action = rng.choice(special) if special and rng.random() < 0.6 else rng.choice(asks)
    return bv_ask_clicks(view, action)


def keyboard_checks(player: Player) -> None:
    """The keys shown beside the notation box work, and an illegal move typed there is
    explained in place by the server's words while nothing changes."""
    page = player.page
    frame = player.drawn()
    face_up = frame["view"]["face_up"]
    assert frame["to_move"] == player.seat and face_up[0]
    page.keyboard.press("1")
    page.wait_for_selector('[data-key="faceup:0"][aria-pressed="true"]')
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-key="faceup:0"][aria-pressed="false"]')
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "notation"
    seen = len(player.recorder.frames)
    page.keyboard.type(f"ask {player.seat} {face_up[0]}")
    page.keyboard.press("Enter")
    page.wait_for_selector(".error-text.in-place:has-text('cannot question himself')")
    errors = player.errors_since(seen)
    assert [e["code"] for e in errors] == ["illegal"]
    assert "cannot question himself" in errors[0]["message"]
    # The refusal changed nothing: no step by this seat, the seat still to ask.
    again = player.drawn()
    assert again["view"]["asker"] == player.seat
    assert all(entry[0] != player.seat for entry in again["log"][frame["step"] :])
    page.keyboard.press("Escape")


def interrupted(record: dict[str, Any], seats: tuple[int, ...]) -> None:
    """Seat 0 accused while another seat was to ask: an interrupt, over the wire."""
    states = list(replay_record(record).states())
    assert any(
        seat == 0 and text.startswith("accuse") and states[number].to_move() != 0
        for number, (seat, text, _) in enumerate(record["steps"])
    ), str([(n, s, t, states[n].to_move()) for n, (s, t, _) in enumerate(record["steps"])])
