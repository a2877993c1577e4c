"""Network bots in the page (issue #37, item 4), in Chromium: a signed-in person finds a
connected network bot (``sleuth bot connect`` relaying ``sleuth bot serve basic``) in the
lobby's Bots list, challenges it to a rated game of the example game, plays it to its end by
clicks, and both ratings move as the rating model says; every message the bot's command got
is its seat's view only. A bot that declines and one that has gone are named plainly there."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect as websockets_connect
from websockets.exceptions import ConnectionClosed

from sleuth.core import Outcome
from sleuth.server.ratings import updated_ratings
from support.example_game import EXAMPLE

from .browser import DESKTOP, Player, check_axe, launch_browser, open_context
from .conftest import Server
from .test_netbots import check_messages, read_log, wait
from .test_netchallenges import connect, ratings_of
from .test_ratings import SOLVED
from .test_web_account import PASSWORD, fill_credentials
from .web_play import STRATEGIES

pytestmark = pytest.mark.slow  # a whole game by clicks


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-netbots")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def bot_token(server: Server, owner: str, name: str) -> str:
    """A bot account's token, issued by ``owner`` (signed up for it)."""
    with httpx.Client(base_url=server.http, timeout=30) as client:
        signed = client.post("/api/account", json={"name": owner, "password": PASSWORD})
        assert signed.status_code == 201, signed.text
        issued = client.post("/api/bots", json={"name": name})
        assert issued.status_code == 201, issued.text
        return str(issued.json()["token"])


def until_listed(server: Server, name: str, present: bool = True) -> None:
    for _ in range(300):
        bots = httpx.get(f"{server.http}/api/bots").json()
        if any(bot["name"] == name for bot in bots) == present:
            return
        threading.Event().wait(0.1)
    raise AssertionError(f"{name} never {'connected' if present else 'left'}")


def declining_bot(server: Server, token: str) -> threading.Event:
    """A bot socket in a thread of its own that declines every challenge, until the event
    returned is set."""
    stop = threading.Event()

    async def decline_all() -> None:
        headers = {"Authorization": f"Bearer {token}"}
        async with websockets_connect(f"{server.ws}/ws/bot", additional_headers=headers) as ws:
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 0.2)
                except TimeoutError:
                    continue
                except ConnectionClosed:
                    return
                message = json.loads(text)
                if message.get("type") == "challenge":
                    await ws.send(json.dumps({"type": "decline", "id": message["id"]}))

    threading.Thread(target=lambda: asyncio.run(decline_all()), daemon=True).start()
    return stop


def challenge_button(page: Any, bot: str, title: str) -> Any:
    return page.get_by_role("button", name=f"Challenge {bot} to {title}")


def test_a_person_challenges_a_network_bot_and_plays_a_rated_game_by_clicks(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    title = next(g["title"] for g in httpx.get(f"{server.http}/api/games").json()["games"]
                 if g["name"] == EXAMPLE)  # fmt: skip
    token_file = tmp_path / "sparring.token"
    token_file.write_text(bot_token(server, "Bo", "sparring") + "\n", encoding="utf-8")
    log = tmp_path / "sparring.log"
    client = connect(server, token_file, log)
    try:
        until_listed(server, "sparring")
        ana = Player("Ana", *open_context(browser, DESKTOP))
        page = ana.open(server.http + "/")
        fill_credentials(page, "sign-up", "Ana")
        button = challenge_button(page, "sparring", title)
        button.wait_for()
        page.check("#challenge-rated")
        check_axe(page, "the lobby's Bots list")
        with page.expect_navigation():
            button.click()
        page.wait_for_selector(".board-host > *")
        ana.table, ana.seat = page.url.rstrip("/").split("/t/")[1].split("?")[0], 0
        rng = random.Random("a network bot's challenger")
        while ana.drawn()["status"] != "finished":
            frame = ana.drawn()
            clicks = STRATEGIES[EXAMPLE](ana, frame, rng, {})
            if clicks:
                ana.act(clicks)
            else:
                page.wait_for_timeout(60)
            assert frame["step"] < 400, "the game does not end"
        final = ana.state()
    except BaseException:
        client.kill()
        raise
    code, errors = wait(client, log)
    assert code == 0, errors
    assert errors.splitlines()[:2] == [
        "connected as net:sparring",
        f"challenge from Ana: {EXAMPLE}, rated: accepted",
    ]
    with httpx.Client(base_url=server.http, timeout=60) as http:
        table = http.get(f"/api/tables/{ana.table}").json()
        record = http.get(f"/api/tables/{ana.table}/record").json()["record"]
        for _ in range(100):  # rated as the table ends, in the background
            board = http.get(f"/api/games/{EXAMPLE}/leaderboard").json()
            if len(board["entries"]) == 3:
                break
            threading.Event().wait(0.1)
    assert table["rated"] is True
    assert [(s["kind"], s["name"]) for s in table["seats"]] == [
        ("person", "Ana"),
        ("bot", "net:sparring"),
        ("bot", "basic"),
    ]
    # The bot's command got its seat's hello, decisions and end: its seat's view only.
    sent, answered = read_log(log)
    assert check_messages(record, sent, seat=1) == len(answered) - 1 > 0
    person = next(e["player"]["id"] for e in board["entries"] if e["player"]["kind"] == "person")
    outcome = Outcome(tuple(final["outcome"]["scores"]), tuple(final["outcome"]["winners"]), SOLVED)
    players = [f"person:{person}", "bot:net:sparring", "bot:basic"]
    expected = updated_ratings({}, players, outcome)
    assert ratings_of(board) == {p: (s.mu, s.sigma, 1) for p, s in expected.items()}

    # A bot that declines is named so in the lobby, and one that has gone too.
    stop = declining_bot(server, bot_token(server, "Cy", "grumpy"))
    try:
        until_listed(server, "grumpy")
        page.goto(server.http + "/")
        button = challenge_button(page, "grumpy", title)
        button.click()
        said = page.locator("#bots-said")
        said.filter(has_text="declined").wait_for()
        assert (
            said.inner_text()
            == "No game with grumpy: the network bot grumpy declined your challenge"
        )
    finally:
        stop.set()
    until_listed(server, "grumpy", present=False)
    button.click()  # still shown: the list was drawn while it was there
    said.filter(has_text="not connected").wait_for()
    assert said.inner_text() == "No game with grumpy: the network bot grumpy is not connected"
    # Chromium logs the two refusals' statuses; the page itself logs nothing.
    assert ana.recorder.errors == [
        f"console error: Failed to load resource: the server responded with a status of {status}"
        for status in ("409 (Conflict)", "400 (Bad Request)")
    ], ana.recorder.errors
    ana.context.close()
