"""The browser page, whole games: for each game two people, each in a browser
context of their own (Debian's Chromium through Playwright), and a bot play to the reveal by
clicks only. Every WebSocket frame and HTTP body each browser received is recorded and
checked: each state frame is exactly its seat's view at its step, and none before the end
holds another seat's hidden cards, an unseen solution or the seed. Mid-game the suite
writes the screenshots README shows; reload, a closed tab and a dropped network resume
where the seat was; no page logs a console error."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from sleuth.core import all_kits, find_kit
from support.game_cases import BrowserGame, cases_of, kit_for
from support.game_names import built_in_kits

from .browser import DESKTOP, PHONE, Player, check_axe, launch_browser, open_context, overflow
from .client import SeatClient, check_frames
from .conftest import Server
from .web_play import STRATEGIES, deal, join, secrets_by_step

# Whole games take 40 s: the fast suite's look at each game in the browser is
# test_web_lobby.py's test_each_game_is_drawn_and_played_by_clicks.
pytestmark = pytest.mark.slow

# The game whose table is reloaded, closed, cut off: the short one (``FrontCases.short``).
RESUMED = kit_for(lambda cases: cases.fronts.short).name


def browser_of(game: str) -> BrowserGame:
    browser = cases_of(find_kit(game)).fronts.browser
    assert browser is not None, f"{game}'s cases give no BrowserGame"
    return browser


def browser_games() -> list[tuple[str, list[str], dict[str, str], str, int]]:
    """Each game's whole game in the browser, from its cases (``FrontCases.browser``): the
    game, the seats in the lobby, the rule options typed there, the sheet level, the step of
    the screenshots."""
    games = []
    for kit in all_kits():
        browser = cases_of(kit).fronts.browser
        if browser is not None:
            seats, options = list(browser.seats), dict(browser.options)
            games.append((kit.name, seats, options, browser.sheet, browser.shot_step))
    return games


GAMES = browser_games()


def test_every_built_in_game_is_played_in_the_browser() -> None:
    assert sorted(game for game, *_ in GAMES) == sorted(kit.name for kit in built_in_kits())


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-games")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def resume_checks(
    server: Server, game: str, player: Player, other: Player, rng: random.Random
) -> None:
    """Reload, close the tab and drop the network mid-game: each time the page comes back
    at the seat's table, seat and step, with the whole history, and the seat plays on."""

    def whole() -> bool:
        frame = player.drawn()
        shown = player.page.locator(".history-list li:not(.empty)").count()
        return frame["step"] == shown and player.page.locator(".table-sub").inner_text().endswith(
            f"your seat: {player.seat}"
        )

    url = f"{server.http}/t/{player.table}"
    step = player.state()["step"]
    # A reload: the same seat, the same step (or later: the bot plays on), the history whole.
    player.page.reload()
    player.wait(lambda: player.state()["resumed_from"] is None and whole(), what="the reload")
    assert player.state()["step"] >= step
    # The tab closed, then the table opened again from its address (no token: the cookie).
    player.page.close()
    player.open(url)
    player.page.wait_for_selector(".board-host > *")
    player.wait(whole, what="the reopened tab")
    # The network drops while the others play on, then comes back.
    player.context.set_offline(True)
    player.page.wait_for_selector(".conn.offline")
    before = player.state()["step"]
    moved = False
    for _ in range(50):
        frame = other.drawn()
        clicks = STRATEGIES[game](other, frame, rng, {})
        if clicks:
            other.act(clicks)
            moved = True
            break
        other.page.wait_for_timeout(100)
    assert player.state()["step"] == before, "a frame arrived while offline"
    player.context.set_offline(False)
    player.page.wait_for_selector(".conn.live")
    target = other.state()["step"]
    player.wait(lambda: player.state()["step"] >= target, what="the steps missed offline")
    assert moved, "the other person had no move while the network was down"
    assert target > before
    assert any(f["resumed_from"] == before for f in player.states())
    player.wait(whole, what="the page after the network came back")


@pytest.mark.parametrize(("game", "seats", "options", "sheet", "shot_at"), GAMES)
def test_whole_game_by_clicks(
    browser: Any,
    server: Server,
    game: str,
    seats: list[str],
    options: dict[str, str],
    sheet: str,
    shot_at: int,
) -> None:
    ana_context, ana_rec = open_context(browser, DESKTOP)
    bob_context, bob_rec = open_context(browser, PHONE, dark=True)
    ana, bob = Player("Ana", ana_context, ana_rec), Player("Bob", bob_context, bob_rec)
    invites = deal(ana, server.http, game, seats, options, sheet)
    join(bob, invites[1], 1)
    table = ana.table
    assert bob.table == table
    rng = random.Random(f"{game} in the browser")
    plan: dict[str, Any] = {"accuse_at_0": shot_at + 2, "accuse_at_1": shot_at + 4}
    shots: list[Path] = []
    resumed = False
    deadline_steps = 400
    while True:
        ana.wait(lambda: ana.latest() is not None, what="a first state")
        frame = ana.state()
        if frame["status"] == "finished":
            break
        assert frame["step"] < deadline_steps, "the game does not end"
        acted = False
        for player in (ana, bob):
            now = player.drawn()
            if now["status"] != "playing":
                continue
            # Decided on the frame just drawn: a person's turn stays until the test clicks
            # (the bot's moves come at any moment).
            ana_to_move = now["step"] >= shot_at and now["to_move"] == ana.seat
            if player is ana and not shots and ana_to_move:
                shots = take_shots(game, ana, bob, rng, plan)
                now = ana.drawn()
            resume_now = now["step"] >= shot_at + 3 and now["to_move"] == bob.seat
            if player is ana and not resumed and game == RESUMED and resume_now:
                resume_checks(server, game, ana, bob, rng)
                resumed = True
                now = ana.drawn()
                if now["status"] != "playing":
                    continue
            check_turn_banner(player, now)
            clicks = STRATEGIES[game](player, now, rng, plan)
            if clicks:
                player.act(clicks)
                acted = True
        if not acted:
            ana.page.wait_for_timeout(60)
    bob.wait(lambda: bob.state()["status"] == "finished", what="Bob's end")
    assert shots, "no screenshot was taken mid-game"
    assert resumed or game != RESUMED, "the resume checks did not run"
    finish_checks(server, ana, bob, game, sheet)
    for recorder in (ana_rec, bob_rec):
        assert recorder.errors == [], recorder.errors
    ana_context.close()
    bob_context.close()


def check_turn_banner(player: Player, frame: dict[str, Any]) -> None:
    """Whose move, in words, as the seat's latest frame has it (the page draws a frame a
    moment after it arrives)."""

    def shown() -> bool:
        now = player.state()
        banner = player.page.locator(".turn").inner_text()
        if now["status"] != "playing":
            return True
        if now["to_move"] == player.seat and player.seat in now["actors"]:
            return banner.startswith("Your move")
        return now["to_move"] is None or "Your move" not in banner

    player.wait(shown, 10, "the turn banner to say whose move it is")


def take_shots(
    game: str, ana: Player, bob: Player, rng: random.Random, plan: dict[str, Any]
) -> list[Path]:
    """Mid-game, Ana about to move (a card picked where the game picks one first)."""
    browser = browser_of(game)
    if browser.before_shots is not None:
        browser.before_shots(ana)
    frame = ana.drawn()
    clicks = STRATEGIES[game](ana, frame, rng, plan) or []
    first = [k for k in clicks[:1] if k.split(":")[0] in ("faceup", "hand", "subject")]
    for key in first:
        ana.click(key)
    ana.page.wait_for_timeout(300)
    paths = [ana.shot(f"{game}-desktop"), bob.shot(f"{game}-phone")]
    for player in (ana, bob):
        assert overflow(player.page) == 0, f"{game}: {player.name}'s table scrolls sideways"
    if first:
        ana.click(first[0])  # the pick again: put back as it was
    check_axe(ana.page, f"a {game} table, light theme")
    check_axe(bob.page, f"a {game} table on a phone, dark theme")
    if browser.after_shots is not None:
        browser.after_shots(ana)
    return paths


def finish_checks(server: Server, ana: Player, bob: Player, game: str, sheet: str) -> None:
    table = ana.table
    page = ana.page
    page.wait_for_selector(".end h2")
    assert page.locator(".end h2").inner_text().startswith("Game over")
    assert page.locator(".reveal").inner_text().strip()
    # The signed record, checked from the page.
    page.click("text=Check its signature")
    page.wait_for_selector(".verdict:has-text('signature checks')")
    # The replay as Bob saw it: step back from the end, then return to the table.
    page.select_option("#replay-seat", "1")
    page.click("#replay-start")
    page.wait_for_selector(".replay-bar")
    last = ana.state()["step"]
    assert f"step {last} of {last}" in page.locator(".replay-bar strong").inner_text()
    page.click('[data-key="replay-back"]')
    page.wait_for_selector(f".replay-bar strong:has-text('step {last - 1} of {last}')")
    page.click('[data-key="replay-first"]')
    page.wait_for_selector(".replay-event:has-text('before the first move')")
    page.click("text=Back to the table")
    page.wait_for_selector(".replay-bar", state="detached")
    # Beside the replay, the review of what Ana could have known, and when: as the service's
    # review route (the review of sleuth review) has it.
    page.click("#review-show")
    page.wait_for_selector(".review-body .review-curve", timeout=60_000)
    said = page.locator(".review-body p").first.inner_text()
    review = httpx.get(
        f"{server.http}/api/tables/{table}/review?seat={ana.seat}", timeout=60
    ).json()
    seat_review = review["review"]["seats"][0]
    known = seat_review["could_know"]
    assert (f"from move {known}." in said) if known is not None else ("could never be" in said)
    page.locator(".review-details summary").click()  # the figures, folded under the words
    notes = page.locator(".review-notes li").all_inner_texts()
    assert notes == seat_review["notes"]
    dots = page.locator(".review-body circle").count()
    assert dots == len(seat_review["attempts"])
    record = httpx.get(f"{server.http}/api/tables/{table}/record").json()["record"]
    last_step = len(record["steps"])
    # The scores shown are the record's, seat by seat.
    shown_scores = page.locator(".scores tbody td").all_inner_texts()
    assert [float(s) for s in shown_scores] == [float(s) for s in record["outcome"]["scores"]]
    # What only the clicks can have made (an interrupt, a question of a kind), as the game has it.
    at_end = browser_of(game).at_end
    if at_end is not None:
        at_end(record, (ana.at[1], bob.at[1]))
    secrets_of = {p.at[1]: secrets_by_step(record, p.at[1]) for p in (ana, bob)}
    # The search below can find a leak: what one person may not see before the end, the
    # other's own frames carry, in the very form searched for.
    for player, other in ((ana, bob), (bob, ana)):
        own = "\n".join(player.recorder.frames)
        assert any(s in own for step in secrets_of[other.at[1]][:-1] for s in step)
    for player in (ana, bob):
        # Nothing from outside: every request the page made went to the server.
        foreign = {url for url, _, _ in player.recorder.bodies if not url.startswith(server.http)}
        assert not foreign, foreign
        frames, raws = [], []
        for text in player.recorder.frames:
            frame = json.loads(text)
            if frame.get("table") == table:
                frames.append(frame)
                raws.append(text)
        table_id, seat = player.at
        client = SeatClient("", table_id, seat, frames=frames, raw=raws)
        shown = sum(1 for f in frames if f["type"] in ("state", "sheet"))
        assert check_frames(record, client, sheet) == shown > last_step // 2
        secrets = secrets_of[seat]
        seed = str(record["seed"])
        for frame, text in zip(frames, raws, strict=True):
            if frame["step"] < last_step:
                leaked = [s for s in secrets[frame["step"]] if s in text]
                assert not leaked, f"{player.name} at step {frame['step']}: {leaked}"
        for url, status, body in player.recorder.bodies:
            text = body.decode("utf-8", "replace")
            if url.endswith("/record") or "/replay" in url:
                assert status == 200, f"{url} fetched before the end"
                continue
            assert seed not in text, f"the seed in {url}"
            every = {s for step in secrets for s in step}
            leaked = [s for s in every if s in text]
            assert not leaked, f"{url}: {leaked}"
