"""Write README's pictures of a player's profile and of "your move" into docs/images/.

A fresh database gets finished rated games of every game between Ann, Bob and a bot (random
legal moves from fixed seeds, stored step by step as the service stores them; ratings are
worked out by the server when it starts, as for any rated table left unrated); then a
``sleuth serve`` of this checkout shows Ann's profile, and, after she deals a table against
bots in which the bots have moved and it is her turn, the lobby's "Your move" list and the
tab's title that count the tables waiting on her. Needs Debian's Chromium and Playwright:
    PYTHONPATH=src python scripts/people_screenshots.py [docs/images]
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_screenshots import BROWSER_ARGS, CHROMIUM, DESKTOP, ROOT, serving
from picture_folder import picture_folder

from sleuth.core import Game, all_kits
from sleuth.core.kit import WEB
from sleuth.server.db import open_database
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import StepRow
from sleuth.server.settings import Settings
from sleuth.server.store import Store

GAMES_EACH = 3  # finished rated games of each game in Ann's history
BOT = {"kind": "bot", "bot": "easy"}


def games() -> list[Any]:
    """The kits of the games a person plays in the page (the example plugin's too, if any)."""
    return [kit for kit in all_kits() if kit.has(WEB)]


async def store_history(folder: Path) -> str:
    """Ann's and Bob's finished rated games of each game; Ann's cookie secret."""
    database = open_database(
        Settings(db_url=f"sqlite:///{folder / 'sleuth.db'}", key_file=folder / "signing.key")
    )
    await database.migrate()
    store = Store(database)
    try:
        ann, secret = await store.create_person("Ann")
        bob, _ = await store.create_person("Bob")
        for kit in games():
            for number in range(GAMES_EACH):
                players = max(3, kit.game.min_players)
                seats = [SeatPlan("person"), SeatPlan("person")]
                seats += [SeatPlan("bot", "random")] * (players - 2)
                plan = TablePlan(kit.name, players, {}, seats, sheet="facts", rated=True)
                created = await create_table(store, plan, ann.id, {0: ann.id, 1: bob.id})
                seed = 1000 * number + len(kit.name)
                await store.update_table(created.table_id, seed=str(seed))
                game = kit.game.configure(players)
                await store_game(store, created.table_id, game, seed)
        return secret
    finally:
        await database.close()


async def store_game(store: Store, table: str, game: Game[Any], seed: int) -> None:
    rng = random.Random(seed)
    state = game.new(seed)
    number = 0
    start = time.time() - 86400
    while state.outcome is None:
        seat = min(state.actors())
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state = state.apply(seat, action)
        number += 1
        row = StepRow(table_id=table, number=number, seat=seat, action=str(action),
                      result=state.last_result(), at=start + 30 * number)  # fmt: skip
        await store.insert_step(row, None, state.outcome is not None)


def wait_rated(address: str, person: str) -> None:
    for _ in range(300):  # rated at the server's start, in the background
        profile = httpx.get(f"{address}/api/people/{person}/profile").json()
        if len(profile.get("ratings", [])) >= len(games()):
            return
        time.sleep(0.2)
    raise RuntimeError("the stored games were not rated")


def shoot(browser: Any, address: str, secret: str, folder: Path) -> list[Path]:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    host = address.split("//")[1].split(":")[0]
    context.add_cookies([{"name": "sleuth_id", "value": secret, "domain": host, "path": "/"}])
    page = context.new_page()
    me = page.request.get(f"{address}/api/people/me").json()
    wait_rated(address, me["id"])
    page.goto(f"{address}/p/{me['id']}")
    page.wait_for_selector("section.profile h1")
    page.wait_for_timeout(300)
    made = [folder / "profile-en-desktop.png"]
    page.screenshot(path=str(made[-1]), full_page=False)
    # A table against bots whose first move is not Ann's: the bots move, and it waits on her.
    kit = next((k for k in games() if k.game.min_players >= 3), None)
    if kit is not None:
        body = {
            "game": kit.name,
            "players": kit.game.min_players,
            "seats": [{"kind": "person"}] + [BOT] * (kit.game.min_players - 1),
            "sit": 0,
        }
        page.request.post(f"{address}/api/tables", data=body, headers={"Origin": address})
    page.goto(f"{address}/")
    page.wait_for_selector("#your-move:not([hidden])", timeout=60_000)
    page.wait_for_timeout(500)
    page.evaluate("window.scrollTo(0, 0)")
    title = page.title()
    panel = page.locator("#your-move")
    made.append(folder / "your-move-en.png")
    panel.screenshot(path=str(made[-1]))
    print("the tab's title:", title)
    context.close()
    return made


def main(folder: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="sleuth-people-") as scratch:
        secret = asyncio.run(store_history(Path(scratch)))
        with serving(Path(scratch)) as address, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
            try:
                return shoot(browser, address, secret, folder)
            finally:
                browser.close()


if __name__ == "__main__":
    for path in main(picture_folder(__doc__.splitlines()[0], ROOT / "docs" / "images")):
        print(path, path.stat().st_size)
