"""The terminal app, driven by keystrokes through Textual's headless pilot."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from sleuth.core.records import load_record, replay_record
from support.streams import bot_streams

pytest.importorskip("textual")

from sleuth.tui.play_app import PlayApp


def _screen_text(app: PlayApp) -> str:
    return "\n".join(str(w.render()) for w in app.query("Static"))


async def test_a_whole_game_by_keyboard_alone_shows_nothing_hidden(tmp_path: Path) -> None:
    game = make_game("bv", 4)
    bots = [RandomAgent(0.05), RandomAgent(0.05), RandomAgent(0.05)]  # they accuse, wrongly
    session = GameSession(game, 5, [None, *bots], bot_seeds=bot_streams(5, 4))
    hidden = game.new(5).reveal()  # the test's own oracle, dealt again from the seed
    others = [h for seat, h in enumerate(hidden["hands"]) if seat != 0]  # type: ignore[arg-type]
    app = PlayApp(session, sheet="off", bot_delay=0.0, record_dir=tmp_path)
    async with app.run_test() as pilot:
        for _ in range(400):
            await pilot.pause()
            if session.outcome is not None:
                break
            text = _screen_text(app)
            assert f"ring: {hidden['ring']}" not in text
            for hand in others:
                assert f"hand: {hand}" not in text
            log = str(app.query_one("#log").render())
            assert "accuse" not in log or log.startswith("you (seat 0)"), log
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("down", "enter")
        await pilot.pause()
        assert session.outcome is not None
        assert "Game over" in str(app.query_one("#status").render())
    assert app.saved is not None
    replay = replay_record(load_record(app.saved))
    assert replay.final.outcome == session.outcome
    assert any(s.action.startswith("accuse") and s.seat != 0 for s in session.steps)


async def test_the_full_sheet_is_filled_from_the_seat_view_only() -> None:
    game = make_game("bv", 4)
    bots = [RandomAgent(0.0), RandomAgent(0.0), RandomAgent(0.0)]
    session = GameSession(game, 8, [None, *bots], bot_seeds=bot_streams(8, 4))
    app = PlayApp(session, sheet="full", bot_delay=0.0)
    async with app.run_test() as pilot:
        await pilot.pause()
        text = str(app.query_one("#analysis").render())
        assert "deals fit what seat 0 knows" in text
        assert "best question:" in text
        hand = game.new(8).reveal()["hands"][0]  # type: ignore[index]
        for letter in str(hand):
            assert f"  {letter}       ✓" in text  # own cards: certain, in column s0


async def test_an_illegal_typed_action_is_explained_and_changes_nothing() -> None:
    bots = [RandomAgent(0.0), RandomAgent(0.0)]
    session = GameSession(make_game("bv", 3), 1, [None, *bots], bot_seeds=bot_streams(1, 3))
    app = PlayApp(session, sheet="off", bot_delay=0.0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("colon")
        for key in "ask 0 AOR":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        await pilot.pause()
        assert "Not possible:" in str(app.query_one("#status").render())
        assert session.steps == []


async def test_accusation_is_one_key_away() -> None:
    bots = [RandomAgent(0.0), RandomAgent(0.0)]
    session = GameSession(make_game("bv", 3), 1, [None, *bots], bot_seeds=bot_streams(1, 3))
    app = PlayApp(session, sheet="off", bot_delay=0.0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("exclamation_mark")
        for key in "XYZ":
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert session.steps[0].seat == 0
        assert session.steps[0].action == "accuse XYZ"


SHORT_ALIBI = (
    "S01=female+thin+long+newspaper+glasses,S02=male+fat+short+revolver+umbrella,"
    "S03=female+fat+short+striped+knife,S04=male+thin+long+dotted+bag,"
    "S05=female+thin+short+revolver+bag"
)


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [
        ("black-stories-investigation", 3, {}),
        ("13-clues", 3, {"mystery_choice": "players"}),
        ("alibi", 2, {"suspects": SHORT_ALIBI}),
    ],
)
@pytest.mark.slow
async def test_every_game_can_be_played_to_the_end_by_keyboard(
    name: str, players: int, options: dict[str, str], tmp_path: Path
) -> None:
    game = make_game(name, players, **options)
    bots = [RandomAgent(0.0) for _ in range(players - 1)]
    session = GameSession(game, 4, [None, *bots], bot_seeds=bot_streams(4, players))
    app = PlayApp(session, sheet="off", bot_delay=0.0, record_dir=tmp_path)
    screens: list[str] = []
    async with app.run_test() as pilot:
        for _ in range(3000):
            await pilot.pause()
            if session.outcome is not None:
                break
            screens.append(_screen_text(app))
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("enter")
        await pilot.pause()
        assert session.outcome is not None
    assert app.saved is not None
    record = load_record(app.saved)
    assert replay_record(record).final.outcome == session.outcome
    if name == "13-clues":  # seat 0 must never have seen its own mystery before the end
        # the seat before seat 0 chose its mystery: "choose PERSON LOCATION WEAPON"
        chooser = players - 1
        own = next(
            st.action.split(" ", 1)[1]
            for st in session.steps
            if st.seat == chooser and st.action.startswith("choose")
        )
        assert not any("seat 0: glasses" in t and f"mystery: {own}" in t for t in screens)
        assert all("mystery: ?" in t for t in screens if "seat 0: glasses" in t)


async def test_hot_seat_hides_everything_until_the_next_person_confirms() -> None:
    from sleuth.tui.handover import HandOverScreen

    game = make_game("bv", 3)
    session = GameSession(game, 2, [None, None, RandomAgent(0.0)], bot_seeds=bot_streams(2, 3))
    hands = game.new(2).reveal()["hands"]  # type: ignore[index]
    app = PlayApp(session, sheet="full", bot_delay=0.0)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert f"hand: {hands[0]}" in str(app.query_one("#view").render())
        app.play("ask 1 " + str(session.view(0).face_up[0]))  # type: ignore[attr-defined]
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        assert str(app.query_one("#view").render()) == ""  # nothing of seat 0 stays on screen
        await pilot.press("enter")
        await pilot.pause()
        text = str(app.query_one("#view").render())
        assert f"hand: {hands[1]}" in text
        assert f"hand: {hands[0]}" not in text
