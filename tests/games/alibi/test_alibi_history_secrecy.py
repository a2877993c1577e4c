"""The terminal's history shows another seat's move as every seat saw it, never more.

An Alibi swap or exchange whose discards are shuffled into the draw pile in the same step
is public only as ``swap ?`` / ``exchange ?``: no view ever shows those cards, so no other
seat's history may name them.
"""

from __future__ import annotations

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import find_kit, make_game
from sleuth.core.kit import RENDER, TextRender
from sleuth.tui.history import HistoryBook
from support.streams import bot_streams


def test_hidden_alibi_discards_stay_out_of_other_seats_histories() -> None:
    game = make_game("alibi", 3)
    hidden_steps = 0
    for seed in range(6):
        bots = [RandomAgent(0.0) for _ in range(3)]
        session = GameSession(game, seed, bots, bot_seeds=bot_streams(seed, 3))
        while session.outcome is None:
            if session.bot_step() is None:
                raise AssertionError("a game of bots only waits on nobody")
        render = find_kit("alibi").part(RENDER, TextRender)
        book = HistoryBook(session, render)
        for number, step in enumerate(session.steps):
            if step.public_action == step.action:
                continue
            hidden_steps += 1
            assert step.public_action in ("swap ?", "exchange ?")
            cards = step.action.partition(" ")[2].replace("+", " ").split()
            for seat in range(3):
                lines = book.lines(seat)
                entry = [line for line in lines if line.startswith(f"{number + 1}. ")]
                assert len(entry) == 1
                if seat == step.seat:
                    assert all(card in entry[0] for card in cards)  # its own move, named
                else:
                    assert "unseen card" in entry[0], entry[0]
                    assert not any(card in entry[0] for card in cards), entry[0]
    assert hidden_steps > 0  # the seeds above do shuffle discards away
