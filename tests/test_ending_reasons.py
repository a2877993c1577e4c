"""Why a game ended is said in the reader's language: every game's reasons (its
``Termination``) are in the German and Japanese catalogues (Sleuth's, or the game's own
where it keeps one), and the terminal's end line says the reason in the language (it said
"correct accusation" in every language)."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import Game, all_kits, make_game
from sleuth.core.kit import GameKit
from sleuth.core.protocol import Termination
from sleuth.tui.words import ending_lines


def smallest_game(kit: GameKit) -> Game[Any]:
    return make_game(kit.name, kit.game.min_players)


def every_reason() -> list[Termination]:
    for kit in all_kits():
        smallest_game(kit)  # its rules imported, its reasons declared
    return [reason for kind in Termination.__subclasses__() for reason in kind]


def test_every_game_has_reasons_to_check() -> None:
    every_reason()
    assert len(Termination.__subclasses__()) >= len(all_kits()) > 0


@pytest.mark.parametrize("language", ["de", "ja"])
def test_every_reason_a_game_ends_for_is_translated(language: str) -> None:
    untranslated = [
        str(reason)
        for kit in all_kits()
        for reason in kit.game.termination_type
        if kit.translate(str(reason), language) == str(reason)
    ]
    assert untranslated == []


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_terminal_end_line_says_the_reason_in_the_language(language: str) -> None:
    for kit in all_kits():
        game = smallest_game(kit)
        bots = [RandomAgent(0.0) for _ in range(game.players)]
        session = GameSession(game, 7, bots, salt="00", bot_seeds=list(range(game.players)))
        while session.outcome is None and session.bot_step() is not None:
            pass
        outcome = session.outcome
        assert outcome is not None, kit.name
        said = kit.translate(str(outcome.reason), language)
        first = ending_lines(session, None, 0, language)[0]
        assert said != str(outcome.reason) and said in first, (kit.name, first)
