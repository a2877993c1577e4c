"""The smaller slips of issue #34: messages that fit their pane, a command that fills seats
with bots says which, counts in words agree in number, progress shown by rich (on the fronts'
example game, ``support.example_game``; each game's own: tests/games/<package>/)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.cli.main import main
from sleuth.core import make_game
from sleuth.core.wording import count
from support.example_game import EXAMPLE

pytest.importorskip("textual")

from textual.widgets import Static

from sleuth.tui.play_app import PlayApp
from support.screen import screen_lines


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_counts_in_words_agree_in_number() -> None:
    assert count(1, "possible case") == "1 possible case"
    assert count(2, "possible case") == "2 possible cases"
    assert count(1, "deal fits", "deals fit") == "1 deal fits"
    assert count(12345, "deal fits", "deals fit") == "12,345 deals fit"


async def test_the_save_message_keeps_the_file_name_whole_in_a_narrow_pane() -> None:
    session = GameSession(make_game(EXAMPLE, 3), 1, [None, RandomAgent(0.0), RandomAgent(0.0)])
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
        name = f"sleuth-save-{EXAMPLE}.json"
        assert shown.count(name) == 2, shown  # saved as, and how to resume it
        assert f"sleuth play --resume {name}" in shown


def test_play_says_which_seats_it_fills_with_random_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shown: list[PlayApp] = []
    monkeypatch.setattr(PlayApp, "run", lambda app: shown.append(app))
    monkeypatch.chdir(tmp_path)
    argv = ["play", EXAMPLE, "--players", "4", "--bots", "deductive", "--seed", "5"]
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
    argv = ["arena", EXAMPLE, "--players", "3", "--bots", "random,random,random", "--games", "3"]
    assert main([*argv, "--workers", "1"]) == 0
    shown = terminal.getvalue()
    assert "games/s" in shown and "left" in shown and "3/3" in shown
    assert "[####" not in shown  # the old hand-drawn bar
