"""How the browser tests' people play: deal a table in the lobby by clicks, and for each game
turn a move chosen among the legal ones (as the page received them) into the clicks on the
page that make it: pick a card, then a player."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from sleuth.core.records import replay_record

from .browser import Player

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÖ"
Frame = dict[str, Any]
Clicks = list[str] | None


def deal(
    host: Player,
    base: str,
    game: str,
    seats: list[str],
    options: dict[str, str] | None = None,
    sheet: str = "full",
    listed: bool = False,
    clock: tuple[str, float] | None = None,
) -> dict[int, str]:
    """In the lobby: the game, the seats ("me", "person", "bot:NAME"), the rules, the sheet,
    the clock (its kind and time per move, in the lobby's unit); deal; the invite link of
    each other person's seat, read from the page."""
    page = host.open(base + "/")
    page.wait_for_selector("#new-table")
    page.click(f"label[for=game-{game}]")
    page.fill("#players", str(len(seats)))
    page.press("#players", "Tab")
    for number, seat in enumerate(seats):
        page.select_option(f"#seat-{number}", seat)
    for name, value in (options or {}).items():
        field = page.locator(f"#option-{name}")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
            field.press("Tab")
    page.check(f"#sheet-{sheet}")
    if listed:
        page.check("#listed")
    if clock is not None:
        kind, per_move = clock
        page.check(f"#clock-{kind}")
        page.fill("#per-move", str(per_move))
    page.click("#deal")
    page.fill("#ask-name", host.name)
    page.click("text=Sit down")
    page.wait_for_selector("#go-table")
    invites = {
        number: page.input_value(f"#invite-{number}")
        for number, seat in enumerate(seats)
        if seat == "person"
    }
    page.click("#go-table")
    page.wait_for_selector(".board-host > *")
    host.table = page.url.rstrip("/").split("/t/")[1].split("?")[0]
    host.seat = seats.index("me")
    return invites


def join(guest: Player, invite: str, seat: int) -> None:
    page = guest.open(invite)
    page.fill("#ask-name", guest.name)
    page.click("text=Sit down")
    page.wait_for_selector(".board-host > *")
    guest.table = page.url.rstrip("/").split("/t/")[1].split("?")[0]
    guest.seat = seat


# --- Black Vienna -----------------------------------------------------------------------------


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


def black_vienna(player: Player, frame: Frame, rng: random.Random, plan: dict[str, Any]) -> Clicks:
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


# --- Black Stories Investigation --------------------------------------------------------------


def black_stories(player: Player, frame: Frame, rng: random.Random, plan: dict[str, Any]) -> Clicks:
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


# --- Alibi ------------------------------------------------------------------------------------


def alibi(player: Player, frame: Frame, rng: random.Random, plan: dict[str, Any]) -> Clicks:
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


# --- 13 Clues ---------------------------------------------------------------------------------


def thirteen_clues(
    player: Player, frame: Frame, rng: random.Random, plan: dict[str, Any]
) -> Clicks:
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


STRATEGIES: dict[str, Callable[[Player, Frame, random.Random, dict[str, Any]], Clicks]] = {
    "black-vienna": black_vienna,
    "black-stories-investigation": black_stories,
    "alibi": alibi,
    "13-clues": thirteen_clues,
}


# --- what no seat may receive before the end --------------------------------------------------


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def secrets_by_step(record: dict[str, Any], seat: int) -> list[list[str]]:
    """For each step, the JSON fragments that would carry what ``seat`` may not know then:
    another seat's hand or hidden cards or case, an unseen solution (its own mystery, the
    ring it has not checked)."""
    replay = replay_record(record)
    out = []
    for state in replay.states():
        views: list[Any] = [state.view(s).to_json() for s in range(replay.game.players)]
        own = views[seat]
        found = []
        for other, view in enumerate(views):
            if other == seat:
                continue
            if view.get("hand") is not None and view.get("hand") != own.get("hand"):
                found.append(f'"hand":{_json(view["hand"])}')
            if view.get("case"):
                found.append(f'"case":{_json(view["case"])}')
            for entry in view.get("seats", []):
                if isinstance(entry, dict) and entry.get("seat") == other and entry.get("hidden"):
                    found.append(f'"hidden":{_json(entry["hidden"])}')
        reveal = state.reveal()
        if "ring" in reveal and own.get("ring") is None:
            found.append(f'"ring":{_json(reveal["ring"])}')
        for entry in views[(seat + 1) % replay.game.players].get("seats", []):
            if isinstance(entry, dict) and entry.get("seat") == seat and entry.get("mystery"):
                found.append(f'"mystery":{_json(entry["mystery"])}')
        out.append(found)
    return out
