"""The review where a game ends, shown on Black Vienna: the terminal app after the reveal, and
``sleuth arena --review``. (The web service's route is tested with the server, tests/server.)"""

from __future__ import annotations

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.cli.main import main
from sleuth.core import make_game
from support.streams import bot_streams

pytest.importorskip("textual")

from sleuth.tui.play_app import PlayApp
from sleuth.tui.screens import ReviewScreen


@pytest.mark.slow
async def test_the_terminal_app_offers_the_review_after_the_reveal() -> None:
    game = make_game("bv", 3)
    bots = [RandomAgent(0.0), RandomAgent(0.05)]
    session = GameSession(game, 4, [None, *bots], bot_seeds=bot_streams(4, 3))
    app = PlayApp(session, sheet="off", bot_delay=0.0)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "The review comes after the reveal" in str(app.query_one("#status").render())
        assert not isinstance(app.screen, ReviewScreen)
        for _ in range(400):
            await pilot.pause()
            if session.outcome is not None:
                break
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("down", "enter")
        await pilot.pause()
        assert session.outcome is not None
        assert "Ctrl+R: the review" in str(app.query_one("#status").render())
        assert not isinstance(app.screen, ReviewScreen)  # the end's page comes first
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        text = str(app.screen.query_one("#page-text").render())
        assert "Review of Black Vienna, 3 players" in text
        assert all(f"Seat {seat}: " in text for seat in range(3))
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)


@pytest.mark.slow
def test_arena_review_adds_a_table_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "arena",
            "black-vienna",
            "--players",
            "3",
            "--bots",
            "deductive,basic,random",
            "--games",
            "3",
            "--seed",
            "1",
            "--review",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    head = next(line for line in out.splitlines() if line.startswith("review ("))
    assert "every deal that fits" in head
    table = out.split(head)[1].splitlines()
    assert table[1].split()[:3] == ["bot", "seats", "attempts"]
    rows = {line.split()[0]: line.split() for line in table[2:5]}
    assert sorted(rows) == ["basic", "deductive", "random"]
    assert all(row[1] == "3" for row in rows.values())  # every bot played three seats
