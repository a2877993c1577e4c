"""The terminal app on 13 Clues: every card with its colour and category (issue #18 item
4), the end (6), help (7), the sheet's knowledge (9), a whole game by keyboard."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.agents import RandomAgent
from sleuth.agents.registry import make_agent
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.games.thirteen_clues import ThirteenClues, ThirteenCluesState, ThirteenCluesView
from support.json_access import as_list, as_obj, as_str
from support.narrow import narrow
from support.streams import deterministic_secrets

pytest.importorskip("textual")

from textual.widgets import Static

from sleuth.tui.play_app import PlayApp
from sleuth.tui.screens import HelpScreen
from support.play_screens import help_page, play_to_the_end_by_keyboard, text_of


@pytest.mark.slow
async def test_4_thirteen_clues_shows_every_card_with_colour_and_category() -> None:
    game = narrow(ThirteenClues, make_game("13-clues", 2, mystery_choice="random"))
    session = GameSession(game, 5, [None, RandomAgent(0.0)])
    app = PlayApp(session, sheet="full", bot_delay=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if session.waiting_for_human() == 0:
                break
        view = narrow(ThirteenCluesView, session.view(0))
        table = text_of(app, "#view")
        colours = {c.name: (c.colour, c.category) for c in game.cards}
        assert view.hand is not None
        for card in view.hand:
            colour, category = colours[card]
            assert f"{card} ({colour}, {category})" in table
        hidden = view.seats[0].hidden
        assert hidden is not None
        left, right = hidden
        assert f"left: {left} ({colours[left][0]}," in table
        assert f"right: {right} ({colours[right][0]}," in table
        sheet = str(app.query_one("#analysis", Static).render())
        best = next(line for line in sheet.splitlines() if line.startswith("best question: "))
        question = best.removeprefix("best question: ").split(" (")[0]
        assert game.parse_action(question) in session.legal_actions(0)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_text = str(app.screen.query_one("#page-text", Static).render())
        for colour in game.colours:
            assert f"  {colour} " in help_text
        assert "Officer (male)" in help_text


async def test_6_thirteen_clues_end_has_no_python_tuples_and_the_sheet_stops() -> None:
    game = make_game("13-clues", 2, mystery_choice="random")
    state = game.new(9)
    mover = state.to_move()
    assert mover is not None
    mystery = [as_str(card) for card in as_list(as_list(state.reveal()["mysteries"])[mover])]
    recorder = Recorder(game, 9)
    recorder.play(mover, "accuse " + " ".join(mystery))
    session = GameSession(game, 9, [None, RandomAgent(0.0)])  # seat 0 reads the end
    session.replay(recorder.steps)
    app = PlayApp(session, sheet="full", bot_delay=0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        end = str(app.screen.query_one("#page-text", Static).render())
        who = "seat 0 (you)" if mover == 0 else f"seat {mover}"
        assert f"Winner: {who}." in end
        assert "(" + str(mover) + ",)" not in end and "scores (" not in end
        assert "keeps no score" in end
        await pilot.press("escape")
        await pilot.pause()
        sheet = str(app.query_one("#analysis", Static).render())
        assert sheet.startswith("The game is over. Your mystery was ")
        assert "possible mysteries" not in sheet


@pytest.mark.slow
async def test_7_help_shows_this_games_rules_and_keys_only() -> None:
    game = make_game("13-clues", 3)
    session = GameSession(game, 1, [None, RandomAgent(0.0), RandomAgent(0.0)])
    assert "ask 2 AOR" not in await help_page(session, accuse=False)


def test_9_thirteen_clues_drops_the_seats_own_wrong_accusation() -> None:
    from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position

    game = make_game("13-clues", 3, mystery_choice="random")
    state = narrow(ThirteenCluesState, game.new(4))
    seat = state.to_move()
    assert seat is not None
    before = ThirteenCluesAnalysis(thirteen_clues_position(state.view(seat))).to_json()
    trio = next(
        [as_str(card) for card in as_list(as_obj(m)["cards"])]
        for m in as_list(before["mystery"])
        if as_obj(m)["cards"] != as_list(state.reveal()["mysteries"])[seat]
    )
    after_state = state.apply(seat, game.parse_action("accuse " + " ".join(trio)))
    after = ThirteenCluesAnalysis(thirteen_clues_position(after_state.view(seat))).to_json()
    assert len(as_list(after["mystery"])) == len(as_list(before["mystery"])) - 1
    assert all(as_obj(m)["cards"] != trio for m in as_list(after["mystery"]))


@pytest.mark.slow
async def test_the_game_can_be_played_to_the_end_by_keyboard(tmp_path: Path) -> None:
    # Deductive opponents: random ones take some 350 steps to solve a game, and every step is
    # a screen to draw.
    game = make_game("13-clues", 3, mystery_choice="players")
    bots = [make_agent("deductive", "13-clues") for _ in range(2)]
    session, screens = await play_to_the_end_by_keyboard(game, bots, tmp_path)
    # seat 0 must never have seen its own mystery before the end
    chooser = game.players - 1
    own = next(
        st.action.split(" ", 1)[1]
        for st in session.steps
        if st.seat == chooser and st.action.startswith("choose")
    )
    assert screens and all("Your mystery: ? ? ?" in t for t in screens)
    assert not any(all(card in t for card in own.split()) for t in screens)


@pytest.fixture(autouse=True)
def _fixed_bot_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests drive particular games by keys: their bots' generators must not vary.
    deterministic_secrets(monkeypatch)
