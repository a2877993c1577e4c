"""The terminal app, driven by keystrokes through Textual's headless pilot.

Issue #18's items are named in the test names: typing (1, 2), the layout (3), 13 Clues'
cards (4), history in words (5), the end (6), help (7), the sheet (9, 10); save and resume
(8) and the hot seat are in test_play_saves.py and test_play_hot_seat.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.agents import RandomAgent
from sleuth.agents.registry import make_agent
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from sleuth.core.records import Recorder, load_record, replay_record
from support.streams import bot_streams, deterministic_secrets

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import Static

from sleuth.games.thirteen_clues import ThirteenClues, ThirteenCluesState, ThirteenCluesView
from sleuth.tui.play_app import PlayApp
from sleuth.tui.screens import HelpScreen, TextScreen
from support.json_access import as_list, as_obj, as_str
from support.narrow import narrow
from support.screen import screen_lines

KEYS = {" ": "space", "+": "plus", "!": "exclamation_mark", ":": "colon"}


def _text(app: PlayApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def _screen_text(app: PlayApp) -> str:
    """Every text shown but the legal actions (a list of accusations names the right one)."""
    listed = set(app.query("#actions Static"))
    return "\n".join(str(w.render()) for w in app.query("Static") if w not in listed)


async def _type(pilot: Pilot[None], text: str) -> None:
    for key in text:
        await pilot.press(KEYS.get(key, key))


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
        await _type(pilot, typed)
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
        await _type(pilot, "ask 0 AOR")
        await pilot.press("enter")
        await pilot.pause()
        assert "Not possible:" in _text(app, "#status")
        assert session.steps == []
        assert app.command.value == "ask 0 AOR"  # to be mended, not retyped


@pytest.mark.slow
async def test_2_bang_and_colon_work_after_typing_and_escape_leaves_the_box() -> None:
    session, app = _bv()
    async with app.run_test() as pilot:
        await pilot.pause()
        await _type(pilot, "ask 1")
        assert app.focused is app.command
        await pilot.press("exclamation_mark")  # starts an accusation, also mid-typing
        await pilot.pause()
        assert app.command.value == "accuse "
        await _type(pilot, "XYZ")
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
        await _type(pilot, "XYZ")
        await pilot.press("enter")
        await pilot.pause()
        assert session.steps[0].seat == 0
        assert session.steps[0].action == "accuse XYZ"


# --- 3: a layout for 80x24 upward --------------------------------------------------------


@pytest.mark.parametrize("name", ["bv", "13-clues", "bsi", "alibi"])
async def test_3_at_80x24_the_hand_the_table_the_latest_history_and_the_sheet_show(
    name: str,
) -> None:
    players = {"bv": 4, "13-clues": 3, "bsi": 3, "alibi": 3}[name]
    game = make_game(name, players)
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


# --- 4: 13 Clues' colours and categories, sides, a legal best question -----------------------


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
        table = _text(app, "#view")
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


# --- 5: every game's history in words ------------------------------------------------------


def _all_bots(name: str, players: int, seed: int, **options: str) -> GameSession:
    game = make_game(name, players, **options)
    session = GameSession(game, seed, [RandomAgent(0.0) for _ in range(players)])
    while session.outcome is None:
        session.bot_step()
    return session


def test_5_black_stories_history_keeps_every_play_after_a_case_is_solved() -> None:
    from sleuth.tui.history import HistoryBook
    from sleuth.tui.sheets import render_of

    for seed in range(40):
        session = _all_bots("bsi", 3, seed)
        solved = [i for i, s in enumerate(session.steps) if "solved" in s.result]
        if solved:
            break
    else:
        pytest.fail("no random game of 40 solved a case")
    book = HistoryBook(session, render_of(session.game))
    lines = book.lines(0)
    plays = [s for s in session.steps if s.action.startswith("play ")]
    said = [line for line in lines if " played " in line]
    assert len(said) == len(plays)
    for step, line in zip(plays, said, strict=True):
        card, target = step.action.removeprefix("play ").split(" to ")
        where = "you" if target == "0" else f"seat {target}"
        assert f" played {card} to {where}: field " in line
    assert sum("solved! +" in line for line in lines) == len(solved)
    assert not any("moved" in line for line in lines)


def test_5_alibi_history_names_every_action() -> None:
    from sleuth.tui.history import HistoryBook
    from sleuth.tui.sheets import render_of

    session = _all_bots("alibi", 3, 2)
    book = HistoryBook(session, render_of(session.game))
    lines = [line.split(". ", 1)[1] for line in book.lines(1) if line[:1].isdigit()]
    assert len(lines) == len(session.steps)
    # A pass keeps the hand when exchanging, and lays no more cards when playing.
    words = {
        "play": ("played",),
        "exchange": ("exchanged",),
        "swap": ("swapped",),
        "pass": ("kept the hand", "laid no more cards"),
        "alibi": ("an alibi",),
        "bribe": ("bribed",),
        "goodeye": ("good eye",),
        "convict": ("convicted",),
    }
    for step, line in zip(session.steps, lines, strict=True):
        kind = step.action.split()[0]
        assert any(word in line for word in words[kind]), (step, line)
    assert sum("convicted (" in line for line in book.lines(1)) == 9


@pytest.mark.slow
async def test_5_the_app_shows_black_stories_and_alibi_history_in_words() -> None:
    for name, words in (("bsi", " played "), ("alibi", "seat 1 ")):
        game = make_game(name, 3)
        session = GameSession(game, 4, [None, RandomAgent(0.0), RandomAgent(0.0)])
        app = PlayApp(session, bot_delay=0.0)
        async with app.run_test() as pilot:
            for _ in range(100):
                await pilot.pause()
                if len(session.steps) >= 8:
                    break
                if session.waiting_for_human() == 0:
                    app.query_one("#actions").focus()
                    await pilot.press("enter")
            history = _text(app, "#history")
            assert words in history
            assert "moved:" not in history


# --- 6: a clear end ---------------------------------------------------------------------


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
        assert "Winner: seat 0 (you)." in _text(app, "#history")  # stays after the page
    assert app.saved is not None
    final = replay_record(load_record(app.saved)).final
    assert final is not None and final.outcome


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


# --- 7: help, and the hand-kept sheet says how to reach it --------------------------------


@pytest.mark.slow
async def test_7_help_shows_this_games_rules_and_keys_only() -> None:
    for name, rules, accuse in (
        ("bv", "Black Vienna: the rules in short", True),
        ("13-clues", "13 Clues: the rules in short", False),
        ("alibi", "Alibi: the rules in short", False),
    ):
        players = 2 if name == "alibi" else 3
        game = make_game(name, players)
        session = GameSession(game, 1, [None, *(RandomAgent(0.0) for _ in range(players - 1))])
        app = PlayApp(session, bot_delay=0.0)
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen.query_one("#page-text", Static).render())
            assert rules in text and "Keys" in text and "F2" in text
            assert ("start an accusation" in text) is accuse
            assert ("ask 2 AOR" in text) is (name == "bv")
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, HelpScreen)
            assert (app.check_action("accuse", ()) is True) is accuse
            footer = "\n".join(screen_lines(app)[-1:])
            assert ("Accuse" in footer) is accuse


async def test_7_the_hand_kept_sheet_says_how_to_reach_and_mark_it() -> None:
    from sleuth.tui.notes_sheet import HOW_TO, NotesSheet

    _, app = _bv(sheet="off")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert HOW_TO in _screen_text(app)
        assert "F3" in HOW_TO and "Space" in HOW_TO
        await pilot.press("f3")
        notes = app.query_one(NotesSheet)
        assert app.focused is notes
        await pilot.press("space")
        assert notes.mark("A", 0) == "+"
        await pilot.press("a")  # typing on the notes goes to the box
        assert app.command.value == "a" and app.focused is app.command


# --- 9: what the sheet knows --------------------------------------------------------------


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
        history = _text(app, "#history")
        assert "you accused: wrong" in history and f"your accusation: {wrong}" in history
        assert f"you looked at the ring: {ring}" in history


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


def test_9_black_stories_weighs_two_opponents_jointly_33_percent() -> None:
    """Seat 1's case is A or B, seat 2's A, B, C or D (every other case failed as a guess).
    Two seats never hold one card, so of the 6 equally likely pairs, 2 give seat 2 case C:
    1/3, where weighing seat 2 alone says 1/4."""
    from sleuth.games.black_stories.components import ALL_CASES
    from sleuth.games.black_stories.knowledge import BlackStoriesPosition
    from sleuth.games.black_stories.render import case_sheet

    cases = [c.split("+") for c in ALL_CASES]
    position = BlackStoriesPosition(
        3, 0, {1: {"failed_guesses": cases[2:]}, 2: {"failed_guesses": cases[4:]}}
    )
    sheet = case_sheet(position, "full")
    a, b, c, d = (case.replace("+", "/") for case in ALL_CASES[:4])
    lines = sheet.splitlines()
    seat2 = lines[lines.index(next(x for x in lines if x.startswith("seat 2"))) :]
    assert f"    {c}  33%" in seat2 and f"    {d}  33%" in seat2
    assert f"    {a}  17%" in seat2 and f"    {b}  17%" in seat2
    assert f"    {a}  50%" in lines and f"    {b}  50%" in lines


def test_9_why_explains_a_card_ruled_out_of_a_place() -> None:
    from test_assist import black_vienna

    notebook = black_vienna("AFKPTX")
    notebook.enter("2 CDE 0")
    assert notebook.enter("why C") == "C: not certain yet; not in seat 2 because of #1 (2 CDE 0)"
    notebook.enter("3 CGX 0")
    assert notebook.why("C") == (
        "C: not certain yet; not in seat 2 because of #1 (2 CDE 0); "
        "not in seat 3 because of #2 (3 CGX 0)"
    )


# --- 10: facts by default, and how to change it ----------------------------------------------


async def test_10_the_sheet_shows_facts_by_default_and_f2_changes_it() -> None:
    game = make_game("bv", 3)
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
    args = parser.parse_args(["play", "bv"])
    assert args.sheet is None  # run_play reads None as facts, or as the saved game's level
    assert "facts, the default" in commands.choices["play"].format_help()


# --- whole games ---------------------------------------------------------------------------


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
            text = _screen_text(app)
            assert f"The ring: {hidden['ring']}" not in text
            for hand in others:
                assert f"Your hand: {' '.join(hand)}" not in text
            for step in session.steps:
                if step.seat != 0 and step.action.startswith("accuse"):
                    assert step.action.split()[1] not in _text(app, "#history")
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("down", "enter")
        await pilot.pause()
        assert session.outcome is not None
        assert "Game over" in _text(app, "#status")
    assert app.saved is not None
    replay = replay_record(load_record(app.saved))
    assert replay.final is not None and replay.final.outcome == session.outcome
    assert any(s.action.startswith("accuse") and s.seat != 0 for s in session.steps)


SHORT_ALIBI = (
    "S01=female+thin+long+newspaper+glasses,S02=male+fat+short+revolver+umbrella,"
    "S03=female+fat+short+striped+knife,S04=male+thin+long+dotted+bag,"
    "S05=female+thin+short+revolver+bag"
)


@pytest.mark.parametrize(
    ("name", "players", "options", "bot"),
    [
        ("black-stories-investigation", 3, {}, "random"),
        # Deductive opponents: random ones take some 350 steps to solve a 13 Clues game and
        # about 130 for Alibi, and every step is a screen to draw (the whole run's longest test).
        ("13-clues", 3, {"mystery_choice": "players"}, "deductive"),
        ("alibi", 2, {"suspects": SHORT_ALIBI}, "deductive"),
    ],
)
@pytest.mark.slow
async def test_every_game_can_be_played_to_the_end_by_keyboard(
    name: str, players: int, options: dict[str, str], bot: str, tmp_path: Path
) -> None:
    game = make_game(name, players, **options)
    bots = [
        RandomAgent(0.0) if bot == "random" else make_agent(bot, name) for _ in range(players - 1)
    ]
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
        assert "Game over: " in _text(app, "#status")
        assert "Winner" in _text(app, "#history") or "No winner" in _text(app, "#history")
    assert app.saved is not None
    record = load_record(app.saved)
    final = replay_record(record).final
    assert final is not None and final.outcome == session.outcome
    if name == "13-clues":  # seat 0 must never have seen its own mystery before the end
        chooser = players - 1
        own = next(
            st.action.split(" ", 1)[1]
            for st in session.steps
            if st.seat == chooser and st.action.startswith("choose")
        )
        assert screens and all("Your mystery: ? ? ?" in t for t in screens)
        assert not any(all(card in t for card in own.split()) for t in screens)


async def test_the_screenshot_script_writes_a_readable_picture(tmp_path: Path) -> None:
    import importlib.util

    script = Path(__file__).resolve().parent.parent / "scripts" / "screenshots.py"
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
