"""The terminal app, driven by keystrokes through Textual's headless pilot, on every game or
the fronts' example game (``support.example_game``).

Issue #18's items are named in the test names: the layout (3), the sheet (10); typing (1,
2), 13 Clues' cards (4), history in words (5), the end (6), help (7), the sheet's knowledge
(9), save and resume (8) and the hot seat are in each game's folder, tests/games/<package>/
(``test_*_play_app.py``).
"""

from __future__ import annotations

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import GameKit, make_game
from support.example_game import EXAMPLE
from support.game_names import built_in_kits
from support.streams import deterministic_secrets

pytest.importorskip("textual")

from textual.widgets import Static

from sleuth.tui.play_app import PlayApp
from support.screen import screen_lines

# --- 3: a layout for 80x24 upward --------------------------------------------------------


@pytest.mark.parametrize("kit", built_in_kits(), ids=lambda kit: kit.name)
async def test_3_at_80x24_the_hand_the_table_the_latest_history_and_the_sheet_show(
    kit: GameKit,
) -> None:
    players = min(max(3, kit.game.min_players), kit.game.max_players)
    game = kit.game.configure(players)
    session = GameSession(game, 3, [None, *(RandomAgent(0.0) for _ in range(players - 1))])
    app = PlayApp(session, sheet="facts", bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            await pilot.pause()
            if (
                session.outcome is None
                and len(session.steps) >= 6
                and session.waiting_for_human() == 0
            ):
                break
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("enter")
        await pilot.pause()
        lines = screen_lines(app)
        assert len(lines) == 24 and max(map(len, lines)) <= 80
        screen = "\n".join(lines)
        view = session.view(0)
        hand = getattr(view, "hand", None)
        assert hand is not None
        if isinstance(hand, str):  # a hand of letters, shown spaced out
            assert f"Your hand: {' '.join(hand)}" in screen
        else:
            assert "Your hand: " in screen or "Your five cards (as dealt):" in screen
            assert hand[0] in screen
        latest = app.history.lines(0)[-1]
        assert latest[:25] in screen  # the latest line of the history, scrolled into view
        render = app.sheet.render_part
        assert render is not None
        sheet_start = render.sheet(view, "facts").splitlines()[0]
        assert sheet_start[:25] in screen
        assert "Sheet (F2): certain facts" in screen


# --- 10: facts by default, and how to change it ----------------------------------------------


async def test_10_the_sheet_shows_facts_by_default_and_f2_changes_it() -> None:
    game = make_game(EXAMPLE, 3)
    session = GameSession(game, 2, [None, RandomAgent(0.0), RandomAgent(0.0)])
    app = PlayApp(session, bot_delay=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.sheet.level == "facts"
        assert app.query_one("#sheet-pane").border_title == "Sheet (F2): certain facts"
        sheet = str(app.query_one("#analysis", Static).render())
        assert "best question" not in sheet and "%" not in sheet
        await pilot.press("f2")
        await pilot.pause()
        assert app.query_one("#sheet-pane").border_title == "Sheet (F2): odds and the best question"
        assert "best question" in str(app.query_one("#analysis", Static).render())
        await pilot.press("f2")
        await pilot.pause()
        assert app.sheet.level == "off"


def test_10_the_command_line_defaults_to_facts() -> None:
    import argparse

    from sleuth.cli.play_cmd import add_parser

    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers()
    add_parser(commands)
    args = parser.parse_args(["play", EXAMPLE])
    assert args.sheet is None  # run_play reads None as facts, or as the saved game's level
    assert "facts, the default" in commands.choices["play"].format_help()


@pytest.fixture(autouse=True)
def _fixed_bot_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests drive particular games by keys: their bots' generators must not vary.
    deterministic_secrets(monkeypatch)
