"""How the browser tests' people play: deal a table in the lobby by clicks, and for each game
turn a move chosen among the legal ones (as the page received them) into the clicks on the
page that make it (each game's own, beside its tests): pick a card, then a player."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from sleuth.core import all_kits
from sleuth.core.records import replay_record
from support.game_cases import cases_of

from .browser import Player

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
    if options:  # the rule variants are folded away
        page.evaluate("document.getElementById('advanced').open = true")
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


# Each game's clicks, from its cases (tests/games/<package>/*_cases.py: ``BrowserGame``).
STRATEGIES: dict[str, Callable[[Player, Frame, random.Random, dict[str, Any]], Clicks]] = {
    kit.name: cases.fronts.browser.play
    for kit in all_kits()
    if (cases := cases_of(kit)).fronts.browser is not None
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
