"""The terminal app driven by keystrokes through Textual's headless pilot, and read back:
what the tests of the app on every game, and on each game in its folder, share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from sleuth.agents import Agent
from sleuth.arena.session import GameSession
from sleuth.core import Game
from sleuth.core.record_files import load_record
from sleuth.core.records import replay_record
from sleuth.tui.play_app import PlayApp
from sleuth.tui.screens import HelpScreen

from .screen import screen_lines
from .streams import bot_streams

KEYS = {" ": "space", "+": "plus", "!": "exclamation_mark", ":": "colon"}


def text_of(app: PlayApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def screen_text(app: PlayApp) -> str:
    """Every text shown but the legal actions (a list of accusations names the right one)."""
    listed = set(app.query("#actions Static"))
    return "\n".join(str(w.render()) for w in app.query("Static") if w not in listed)


async def type_keys(pilot: Pilot[None], text: str) -> None:
    for key in text:
        await pilot.press(KEYS.get(key, key))


async def play_to_the_end_by_keyboard(
    game: Game[Any], bots: list[Agent], tmp_path: Path
) -> tuple[GameSession, list[str]]:
    """Seat 0 plays ``game`` by Enter alone against ``bots`` to the end; the session and
    every screen seat 0 saw. The end is said, and the saved record replays to it."""
    session = GameSession(game, 4, [None, *bots], bot_seeds=bot_streams(4, game.players))
    app = PlayApp(session, sheet="off", bot_delay=0.0, record_dir=tmp_path)
    screens: list[str] = []
    async with app.run_test() as pilot:
        for _ in range(3000):
            await pilot.pause()
            if session.outcome is not None:
                break
            screens.append(screen_text(app))
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("enter")
        await pilot.pause()
        assert session.outcome is not None
        assert "Game over: " in text_of(app, "#status")
        assert "Winner" in text_of(app, "#history") or "No winner" in text_of(app, "#history")
    assert app.saved is not None
    record = load_record(app.saved)
    final = replay_record(record).final
    assert final is not None and final.outcome == session.outcome
    return session, screens


async def help_page(session: GameSession, accuse: bool) -> str:
    """The help page (F1) of a table of ``session``: this game's rules and keys only, the
    accusation key and its footer entry where the game has one. Its text."""
    app = PlayApp(session, bot_delay=0.0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#page-text", Static).render())
        rules = f"{session.game.title}: the rules in short"
        assert rules in text and "Keys" in text and "F2" in text
        assert ("start an accusation" in text) is accuse
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert (app.check_action("accuse", ()) is True) is accuse
        footer = "\n".join(screen_lines(app)[-1:])
        assert ("Accuse" in footer) is accuse
    return text


async def history_shown(session: GameSession, words: str) -> None:
    """Seat 0 plays by Enter until eight steps are played: the history says ``words``, and
    no move in the engine's notation ("moved:")."""
    app = PlayApp(session, bot_delay=0.0)
    async with app.run_test() as pilot:
        for _ in range(100):
            await pilot.pause()
            if len(session.steps) >= 8:
                break
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("enter")
        history = text_of(app, "#history")
        assert words in history
        assert "moved:" not in history
