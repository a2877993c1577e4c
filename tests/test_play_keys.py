"""Typed moves play what was typed, however fast the keys come, and q leaves at the end
(issue #34: the terminal app's keys, through Textual's pilot with no delay between keys)."""

from __future__ import annotations

import pytest

from sleuth.agents import RandomAgent
from sleuth.agents.registry import make_agent
from sleuth.arena import play_match
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from support.example_game import EXAMPLE
from support.json_access import as_str

pytest.importorskip("textual")

from textual import events
from textual.keys import _character_to_key

from sleuth.tui.play_app import PlayApp


def _issue_table() -> tuple[GameSession, PlayApp]:
    """The issue's table: sleuth play GAME --players 3 --bots deductive,basic --seed 5 (the
    issue's game was the fronts' example, ``support.example_game``)."""
    bots = [make_agent("deductive", EXAMPLE), make_agent("basic", EXAMPLE)]
    session = GameSession(make_game(EXAMPLE, 3), 5, [None, *bots])
    return session, PlayApp(session, bot_delay=0.0)


def _send_at_once(app: PlayApp, text: str) -> None:
    """Every key of ``text``, then Enter, queued at once: faster than any person types (as
    tmux send-keys or a terminal's paste without bracketing sends them)."""
    for character in text:
        app.post_message(events.Key(_character_to_key(character), character))
    app.post_message(events.Key("enter", "\r"))


def _not_highlighted(app: PlayApp) -> str:
    listed = [as_str(item.name) for item in app.query_one("#actions").children]
    assert len(listed) > 1
    return listed[-1]


async def test_keys_sent_at_once_with_the_list_focused_play_what_was_typed() -> None:
    session, app = _issue_table()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.focused is app.query_one("#actions")
        typed = _not_highlighted(app)
        _send_at_once(app, typed)
        await pilot.pause()
        await pilot.pause()
        assert session.steps[0].action == typed  # not the highlighted first item
        assert app.command.value == ""


async def test_a_move_pasted_on_the_list_is_played_by_enter() -> None:
    session, app = _issue_table()
    async with app.run_test() as pilot:
        await pilot.pause()
        typed = _not_highlighted(app)
        app.post_message(events.Paste(typed + "\n"))
        app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert session.steps[0].action == typed


async def test_keys_sent_at_once_with_a_pane_focused_play_what_was_typed() -> None:
    session, app = _issue_table()
    async with app.run_test() as pilot:
        await pilot.pause()
        app.query_one("#history-pane").focus()
        await pilot.pause()
        typed = _not_highlighted(app)
        _send_at_once(app, typed)
        await pilot.pause()
        await pilot.pause()
        assert session.steps[0].action == typed


async def test_a_move_sent_at_once_that_cannot_be_played_stays_in_the_box() -> None:
    session, app = _issue_table()
    async with app.run_test() as pilot:
        await pilot.pause()
        _send_at_once(app, "ask 1 QQQ")
        await pilot.pause()
        await pilot.pause()
        assert session.steps == [] or session.steps[0].seat != 0
        assert app.command.value == "ask 1 QQQ"
        assert str(app.query_one("#status").render()).startswith("Not possible:")


def _ended_game() -> GameSession:
    game = make_game(EXAMPLE, 3)
    played = play_match(game, [RandomAgent() for _ in range(3)], seed=9)
    session = GameSession(game, 9, [None, RandomAgent(0.0), RandomAgent(0.0)])
    session.replay(played.steps)
    assert session.outcome is not None
    return session


async def test_q_leaves_at_the_end_as_the_hint_says() -> None:
    app = PlayApp(_ended_game(), bot_delay=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # the end's page closes; the table shows the hint
        await pilot.pause()
        assert "q or Ctrl+Q: leave" in str(app.query_one("#status").render())
        await pilot.press("q")
        await pilot.pause()
        assert app.command.value == ""
    assert app.return_code == 0 and not app.is_running


async def test_q_before_the_end_is_a_letter_typed() -> None:
    _, app = _issue_table()
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and app.command.value == "q"
