"""Issue #13 item 7: in a hot-seat game the notes, typed text, selection and history belong
to a seat, and a hand-over screen comes before every seat's view, the first one's too."""

from __future__ import annotations

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from sleuth.games.black_vienna import BlackViennaView
from support.json_access import as_list
from support.narrow import narrow
from support.streams import deterministic_secrets

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import Static

from sleuth.tui.handover import HandOverScreen
from sleuth.tui.notes_sheet import NotesSheet
from sleuth.tui.play_app import ActionsList, PlayApp


def _hot_seat(sheet: str = "off") -> tuple[GameSession, PlayApp, list[str]]:
    game = make_game("bv", 3)
    session = GameSession(game, 2, [None, None, RandomAgent(0.0)])
    hands = [str(h) for h in as_list(game.new(2).reveal()["hands"])]
    return session, PlayApp(session, sheet=sheet, bot_delay=0.0), hands


def _view(app: PlayApp) -> str:
    return str(app.query_one("#view", Static).render())


async def _hand_over_to(pilot: Pilot[None], app: PlayApp) -> None:
    for _ in range(20):
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            break
    assert isinstance(app.screen, HandOverScreen)
    assert _view(app) == "" and str(app.query_one("#history", Static).render()) == ""
    await pilot.press("enter")
    await pilot.pause()


async def test_the_first_seats_view_comes_after_a_hand_over_screen() -> None:
    session, app, hands = _hot_seat()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        assert app.screen.seat == 0
        assert _view(app) == ""
        assert str(app.query_one("#analysis", Static).render()) == ""
        await pilot.press("exclamation_mark", "a")  # the app's keys are off meanwhile
        assert app.command.value == "" and session.steps == []
        await pilot.press("enter")
        await pilot.pause()
        assert f"Your hand: {' '.join(hands[0])}" in _view(app)


@pytest.mark.slow
async def test_seat_1_does_not_see_seat_0s_marks() -> None:
    session, app, hands = _hot_seat(sheet="off")
    async with app.run_test(size=(100, 40)) as pilot:
        await _hand_over_to(pilot, app)
        notes = app.query_one(NotesSheet)
        mine = hands[0][0]
        notes.focus()
        notes.move_cursor(row=notes.cards.index(mine), column=1)
        await pilot.press("space")
        assert notes.mark(mine, 0) == "+"
        app.play("ask 1 " + str(narrow(BlackViennaView, session.view(0)).face_up[0]))
        await _hand_over_to(pilot, app)
        assert app.front_seat == 1
        assert notes.marks() == {}  # seat 1 sees no mark of seat 0's
        await pilot.press("f3", "space")
        seat1_marks = notes.marks()
        assert seat1_marks == {"A s0": "+"}
        next_face_up = str(narrow(BlackViennaView, session.view(1)).face_up[0])
        app.play("ask 0 " + next_face_up)
        await _hand_over_to(pilot, app)
        assert app.front_seat == 0
        assert notes.marks() == {f"{mine} s0": "+"}  # seat 0's own marks are back


async def test_each_seat_keeps_its_own_sheet_level() -> None:
    session, app, _ = _hot_seat(sheet="facts")
    async with app.run_test(size=(100, 40)) as pilot:
        await _hand_over_to(pilot, app)
        await pilot.press("f2")  # seat 0 wants the odds
        assert app.sheet.level == "full"
        app.play("ask 1 " + str(narrow(BlackViennaView, session.view(0)).face_up[0]))
        await _hand_over_to(pilot, app)
        assert app.front_seat == 1 and app.sheet.level == "facts"  # not seat 0's choice
        app.play("ask 0 " + str(narrow(BlackViennaView, session.view(1)).face_up[0]))
        await _hand_over_to(pilot, app)
        assert app.front_seat == 0 and app.sheet.level == "full"  # seat 0's own again


@pytest.mark.slow
async def test_text_typed_but_not_sent_is_not_in_the_next_seats_box() -> None:
    session, app, _ = _hot_seat(sheet="facts")
    async with app.run_test() as pilot:
        await _hand_over_to(pilot, app)
        for key in "accuse FGJ":
            await pilot.press("space" if key == " " else key)
        assert app.command.value == "accuse FGJ"
        # Seat 0 asks from the list instead, with a click (Enter would play the box's text).
        item = app.query_one("#actions").children[1]
        chosen = item.name
        await pilot.click(item)
        await pilot.pause()
        assert session.steps[0].seat == 0 and session.steps[0].action == chosen
        await _hand_over_to(pilot, app)
        assert app.front_seat == 1
        assert app.command.value == ""
        assert app.query_one("#actions", ActionsList).index == 0  # the selection starts afresh
        count = len(session.steps)
        await pilot.press("enter")  # Enter plays seat 1's highlighted action, not the text
        await pilot.pause()
        step = session.steps[count]
        assert step.seat == 1 and not step.action.startswith("accuse")


async def test_each_seat_reads_its_own_history() -> None:
    session, app, hands = _hot_seat(sheet="facts")
    ring = str(session.game.new(2).reveal()["ring"])
    wrong = next(t for t in ("ABC", "ABD", "ABE") if sorted(t) != sorted(ring))
    async with app.run_test() as pilot:
        await _hand_over_to(pilot, app)
        assert app.play(f"accuse {wrong}")
        await pilot.pause()
        own = str(app.query_one("#history", Static).render())
        assert "you accused: wrong" in own and f"your accusation: {wrong}" in own
        app.play("ask 1 " + str(narrow(BlackViennaView, session.view(0)).face_up[0]))
        await _hand_over_to(pilot, app)
        history = str(app.query_one("#history", Static).render())
        assert "seat 0 accused: wrong" in history
        assert wrong not in history and ring not in history
        assert hands[0] not in _view(app)


@pytest.fixture(autouse=True)
def _fixed_bot_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests drive particular games by keys: their bots' generators must not vary.
    deterministic_secrets(monkeypatch)
