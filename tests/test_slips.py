"""The smaller slips of issue #34: messages that fit their pane, a command that fills seats
with bots says which, counts in words agree in number, progress shown by rich."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.cli.main import main
from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.core.wording import count
from sleuth.games.black_vienna.knowledge import Investigation, Position
from sleuth.games.black_vienna.render import black_vienna_sheet
from sleuth.games.black_vienna.words import table_text
from sleuth.games.thirteen_clues.render import sheet_text as thirteen_clues_sheet

pytest.importorskip("textual")

from textual.widgets import Static

from sleuth.tui.play_app import PlayApp
from sleuth.tui.screens import ReviewScreen
from support.screen import screen_lines


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_counts_in_words_agree_in_number() -> None:
    assert count(1, "possible case") == "1 possible case"
    assert count(2, "possible case") == "2 possible cases"
    assert count(1, "deal fits", "deals fit") == "1 deal fits"
    assert count(12345, "deal fits", "deals fit") == "12,345 deals fit"
    # A position that leaves one deal: every other seat's cards are answered.
    answers = [(0, "BCD"), (0, "EGH"), (2, "IJL"), (2, "MNO"), (3, "QRS"), (3, "UVW")]
    investigations = tuple(Investigation(s, c, 3) for s, c in answers)
    position = Position(4, 1, "AFKPTX", investigations, (), None, None, deck_known=False)
    sheet = black_vienna_sheet(position, "full")
    assert sheet.startswith("1 deal fits what seat 1 knows")
    assert "1 possible ring; likeliest: YZÖ 100.0%" in sheet


def _ended_bv() -> GameSession:
    game = make_game("bv", 3)
    ring = str(game.new(6).reveal()["ring"])
    recorder = Recorder(game, 6)
    recorder.play(1, "accuse " + next(t for t in ("ABC", "ABD") if sorted(t) != sorted(ring)))
    recorder.play(0, f"accuse {ring}")
    recorder.play(2, "pass")
    session = GameSession(game, 6, [None, RandomAgent(0.0), RandomAgent(0.0)])
    session.replay(recorder.steps)
    return session


def test_the_table_of_an_ended_game_says_so_not_who_asks() -> None:
    view: Any = _ended_bv().view(0)
    first = table_text(view).splitlines()[0]
    assert first == "The game is over."


def test_the_thirteen_clues_sheet_before_the_mysteries_says_so_in_words() -> None:
    game = make_game("13-clues", 3)
    view: Any = game.new(3).view(0)
    assert view.phase == "choose"
    assert thirteen_clues_sheet(view, "facts") == (
        "(no sheet yet: the mysteries are still being chosen)"
    )


async def test_the_save_message_keeps_the_file_name_whole_in_a_narrow_pane() -> None:
    session = GameSession(make_game("bv", 3), 1, [None, RandomAgent(0.0), RandomAgent(0.0)])
    app = PlayApp(session, bot_delay=0.0)  # the default file name
    async with app.run_test(size=(100, 30)) as pilot:  # the table's pane: 50 columns
        await pilot.pause()
        app.save_game = lambda: app.save_path  # type: ignore[method-assign]
        await pilot.press("ctrl+s")
        await pilot.pause()
        status = app.query_one("#status", Static)
        assert status.size.width <= 50
        shown = " ".join(
            line[status.region.x : status.region.right].strip()
            for line in screen_lines(app)[status.region.y : status.region.bottom]
        )
        name = "sleuth-save-black-vienna.json"
        assert shown.count(name) == 2, shown  # saved as, and how to resume it
        assert f"sleuth play --resume {name}" in shown


async def test_the_review_at_80_columns_keeps_each_row_on_one_line(tmp_path: Path) -> None:
    app = PlayApp(_ended_bv(), bot_delay=0.0, record_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        page = app.screen.query_one("#page-text", Static)
        text = str(page.render())
        assert max(len(line) for line in text.splitlines()) > 80  # wider than the screen
        assert page.size.height == len(text.split("\n"))  # yet no row wrapped


def test_play_says_which_seats_it_fills_with_random_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shown: list[PlayApp] = []
    monkeypatch.setattr(PlayApp, "run", lambda app: shown.append(app))
    monkeypatch.chdir(tmp_path)
    argv = ["play", "bv", "--players", "4", "--bots", "deductive", "--seed", "5"]
    assert main(argv) == 0
    said = (
        "seats 2 and 3 play the random bot (1 bot named for 3 seats; --bots names one for "
        "each seat, e.g. --bots basic,basic,basic)"
    )
    assert f"sleuth play: {said}\n" in capsys.readouterr().err
    assert shown[0].notice == said
    assert main([*argv[:-4], "--bots", "deductive,basic,basic", "--seed", "5"]) == 0
    assert "random bot" not in capsys.readouterr().err
    assert main([*argv[:-4], "--players", "3", "--bots", "basic", "--seed", "5"]) == 0
    assert "sleuth play: seat 2 plays the random bot (1 bot named for 2 seats;" in (
        capsys.readouterr().err
    )


def test_arena_progress_shows_a_rate_and_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    argv = ["arena", "bv", "--players", "3", "--bots", "random,random,random", "--games", "3"]
    assert main([*argv, "--workers", "1"]) == 0
    shown = terminal.getvalue()
    assert "games/s" in shown and "left" in shown and "3/3" in shown
    assert "[####" not in shown  # the old hand-drawn bar


def test_one_possible_case_is_said_in_the_singular() -> None:
    from sleuth.assist import Notebook
    from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES

    notebook = Notebook.start(
        "black-stories-investigation", BLACK_STORIES, {"players": 3, "seat": 0}
    )
    for entry in (
        "1 woman+knife 2",
        "1 man+day+outside 0/1",
        "fail 1 woman/night/inside/knife",
        "fail 1 woman/day/inside/knife",
    ):
        notebook.enter(entry)
    assert "seat 1: 1 possible case; certain: woman/night/outside/knife" in notebook.sheet()


def test_black_stories_ended_says_so_not_who_is_on_turn() -> None:
    from sleuth.games.black_stories.words import table_text as stories_table

    state = make_game("bsi", 2).new(1)
    rng = random.Random(1)
    while state.outcome is None:
        seat = state.to_move()
        assert seat is not None
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    view: Any = state.view(0)
    assert stories_table(view).splitlines()[0] == "The game is over (start: seat 1)."
