"""The terminal app on Black Vienna, driven by keystrokes through Textual's headless pilot:
typing (issue #18 items 1, 2), the best question at 160x50 (3), the end (6), help and the
hand-kept sheet (7), the sheet's knowledge (9), a whole game by keyboard showing nothing
hidden, and the screenshot script."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from sleuth.core.record_files import load_record
from sleuth.core.records import Recorder, replay_record
from support.json_access import as_list, as_str
from support.streams import bot_streams, deterministic_secrets

pytest.importorskip("textual")

from textual.widgets import Static

from games.black_vienna.test_black_vienna_assist import black_vienna
from sleuth.tui.play_app import PlayApp
from sleuth.tui.screens import TextScreen
from support.play_screens import help_page, screen_text, text_of, type_keys
from support.screen import screen_lines


def _bv(players: int = 3, seed: int = 1, sheet: str = "off") -> tuple[GameSession, PlayApp]:
    bots = [RandomAgent(0.0) for _ in range(players - 1)]
    session = GameSession(make_game("bv", players), seed, [None, *bots])
    return session, PlayApp(session, sheet=sheet, bot_delay=0.0)


# --- 1, 2: typing goes to the box; Enter plays what was typed; ! : Escape --------------------


async def test_1_a_move_typed_with_the_list_focused_is_the_move_played() -> None:
    session, app = _bv()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.focused is app.query_one("#actions")  # the list has the focus
        listed = [as_str(item.name) for item in app.query_one("#actions").children]
        typed = listed[-1]  # not the highlighted one
        assert typed != listed[0]
        await type_keys(pilot, typed)
        assert app.command.value == typed
        await pilot.press("enter")
        await pilot.pause()
        assert session.steps[0].seat == 0
        assert session.steps[0].action == typed


@pytest.mark.slow
async def test_1_a_move_that_cannot_be_played_stays_in_the_box_and_changes_nothing() -> None:
    session, app = _bv()
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("colon")
        await type_keys(pilot, "ask 0 AOR")
        await pilot.press("enter")
        await pilot.pause()
        assert "Not possible:" in text_of(app, "#status")
        assert session.steps == []
        assert app.command.value == "ask 0 AOR"  # to be mended, not retyped


@pytest.mark.slow
async def test_2_bang_and_colon_work_after_typing_and_escape_leaves_the_box() -> None:
    session, app = _bv()
    async with app.run_test() as pilot:
        await pilot.pause()
        await type_keys(pilot, "ask 1")
        assert app.focused is app.command
        await pilot.press("exclamation_mark")  # starts an accusation, also mid-typing
        await pilot.pause()
        assert app.command.value == "accuse "
        await type_keys(pilot, "XYZ")
        await pilot.press("colon")  # goes to the box (it is there): nothing typed
        assert app.command.value == "accuse XYZ"
        await pilot.press("escape")
        await pilot.pause()
        assert app.command.value == ""
        assert app.focused is app.query_one("#actions")
        first = app.query_one("#actions").children[0].name
        await pilot.press("enter")  # back in the list, Enter plays the highlighted action
        await pilot.pause()
        assert session.steps[0].action == first


@pytest.mark.slow
async def test_2_the_accusation_key_plays_a_typed_accusation() -> None:
    session, app = _bv()
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("exclamation_mark")
        await type_keys(pilot, "XYZ")
        await pilot.press("enter")
        await pilot.pause()
        assert session.steps[0].seat == 0
        assert session.steps[0].action == "accuse XYZ"


async def test_3_at_160x50_the_best_question_line_is_whole() -> None:
    game = make_game("bv", 4)
    session = GameSession(game, 8, [None, *(RandomAgent(0.0) for _ in range(3))])
    app = PlayApp(session, sheet="full", bot_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        render = app.sheet.render_part
        assert render is not None
        sheet = render.sheet(session.view(0), "full")
        best = next(line for line in sheet.splitlines() if line.startswith("best question"))
        assert any(best in line for line in screen_lines(app))


def _bv_scripted_end() -> tuple[GameSession, str, str]:
    """Seat 1 accuses wrongly, seat 0 rightly, seat 2 passes: the game is over."""
    game = make_game("bv", 3)
    ring = str(game.new(6).reveal()["ring"])
    wrong = next(t for t in ("ABC", "ABD", "ABE") if sorted(t) != sorted(ring))
    recorder = Recorder(game, 6)
    recorder.play(1, f"accuse {wrong}")
    recorder.play(0, f"accuse {ring}")
    recorder.play(2, "pass")
    session = GameSession(game, 6, [None, RandomAgent(0.0), RandomAgent(0.0)])
    session.replay(recorder.steps)
    return session, ring, wrong


async def test_6_the_end_names_the_winner_the_scores_the_hands_and_the_wrong_letters(
    tmp_path: Path,
) -> None:
    session, ring, wrong = _bv_scripted_end()
    reveal = session.reveal()
    assert reveal is not None
    hands = as_list(reveal["hands"])
    app = PlayApp(session, bot_delay=0.0, record_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        end = str(app.screen.query_one("#page-text", Static).render())
        assert "Winner: seat 0 (you)." in end
        assert f"The ring was {ring}." in end
        assert f"Hands: you {hands[0]}, seat 1 {hands[1]}, seat 2 {hands[2]}" in end
        assert f"seat 1 {wrong} (wrong)" in end and f"you {ring} (right)" in end
        assert "After the accusation: seat 2 passed" in end
        assert session.outcome is not None
        scores = session.outcome.scores
        assert f"Scores: you {scores[0]}, seat 1 {scores[1]}, seat 2 {scores[2]}" in end
        await pilot.press("escape")
        await pilot.pause()
        assert "Winner: seat 0 (you)." in text_of(app, "#history")  # stays after the page
    assert app.saved is not None
    final = replay_record(load_record(app.saved)).final
    assert final is not None and final.outcome


@pytest.mark.slow
async def test_7_help_shows_this_games_rules_and_keys_only() -> None:
    game = make_game("bv", 3)
    session = GameSession(game, 1, [None, RandomAgent(0.0), RandomAgent(0.0)])
    assert "ask 2 AOR" in await help_page(session, accuse=True)


async def test_7_the_hand_kept_sheet_says_how_to_reach_and_mark_it() -> None:
    from sleuth.tui.notes_sheet import HOW_TO, NotesSheet

    _, app = _bv(sheet="off")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert HOW_TO in screen_text(app)
        assert "F3" in HOW_TO and "Space" in HOW_TO
        await pilot.press("f3")
        notes = app.query_one(NotesSheet)
        assert app.focused is notes
        await pilot.press("space")
        assert notes.mark("A", 0) == "+"
        await pilot.press("a")  # typing on the notes goes to the box
        assert app.command.value == "a" and app.focused is app.command


async def test_9_after_a_wrong_accusation_the_sheet_shows_the_ring_not_the_trio() -> None:
    session, app = _bv(players=4, seed=8, sheet="full")
    ring = str(session.game.new(8).reveal()["ring"])
    wrong = next(t for t in ("ABC", "ABD", "ABE") if sorted(t) != sorted(ring))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert app.play(f"accuse {wrong}")
        await pilot.pause()
        sheet = str(app.query_one("#analysis", Static).render())
        assert f"You accused wrongly and saw the ring: {ring}." in sheet
        assert "THE RING IS" not in sheet and "best question" not in sheet
        assert "possible rings" not in sheet  # the accused trio is not offered again
        history = text_of(app, "#history")
        assert "you accused: wrong" in history and f"your accusation: {wrong}" in history
        assert f"you looked at the ring: {ring}" in history


def test_9_why_explains_a_card_ruled_out_of_a_place() -> None:
    notebook = black_vienna("AFKPTX")
    notebook.enter("2 CDE 0")
    assert notebook.enter("why C") == "C: not certain yet; not in seat 2 because of #1 (2 CDE 0)"
    notebook.enter("3 CGX 0")
    assert notebook.why("C") == (
        "C: not certain yet; not in seat 2 because of #1 (2 CDE 0); "
        "not in seat 3 because of #2 (3 CGX 0)"
    )


@pytest.mark.slow
async def test_a_whole_game_by_keyboard_alone_shows_nothing_hidden(tmp_path: Path) -> None:
    game = make_game("bv", 4)
    bots = [RandomAgent(0.05), RandomAgent(0.05), RandomAgent(0.05)]  # they accuse, wrongly
    session = GameSession(game, 5, [None, *bots], bot_seeds=bot_streams(5, 4))
    hidden = game.new(5).reveal()  # the test's own oracle, dealt again from the seed
    others = [as_str(h) for seat, h in enumerate(as_list(hidden["hands"])) if seat != 0]
    app = PlayApp(session, sheet="off", bot_delay=0.0, record_dir=tmp_path)
    async with app.run_test() as pilot:
        for _ in range(400):
            await pilot.pause()
            if session.outcome is not None:
                break
            text = screen_text(app)
            assert f"The ring: {hidden['ring']}" not in text
            for hand in others:
                assert f"Your hand: {' '.join(hand)}" not in text
            for step in session.steps:
                if step.seat != 0 and step.action.startswith("accuse"):
                    assert step.action.split()[1] not in text_of(app, "#history")
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("down", "enter")
        await pilot.pause()
        assert session.outcome is not None
        assert "Game over" in text_of(app, "#status")
    assert app.saved is not None
    replay = replay_record(load_record(app.saved))
    assert replay.final is not None and replay.final.outcome == session.outcome
    assert any(s.action.startswith("accuse") and s.seat != 0 for s in session.steps)


async def test_the_screenshot_script_writes_a_readable_picture(tmp_path: Path) -> None:
    import importlib.util

    script = Path(__file__).resolve().parents[3] / "scripts" / "screenshots.py"
    spec = importlib.util.spec_from_file_location("screenshots", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = await module.picture("bv", "black-vienna", 4, {}, 11, 2, size=(80, 24), folder=tmp_path)
    svg = path.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Your&#160;hand:" in svg and "Sheet&#160;(F2)" in svg


@pytest.fixture(autouse=True)
def _fixed_bot_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests drive particular games by keys: their bots' generators must not vary.
    deterministic_secrets(monkeypatch)
