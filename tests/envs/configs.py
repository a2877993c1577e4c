"""The configurations the environment tests run: every game with an encoder, at its smallest
and largest player count, and under rule options other than the defaults."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.core import all_kits
from sleuth.core.kit import ENCODER

# Options other than the defaults, per game (by name): every game's encoder must cope.
OTHER_OPTIONS: dict[str, dict[str, object]] = {
    "black-vienna": {
        "special": "either",
        "empty_stacks": "special-only",
        "deck": "transcribed",
        "post_win_guesses": "no",
    },
    "black-stories-investigation": {"guesses": "private", "point_chips": 12, "start": "seat0"},
    "alibi": {"conviction": "claim", "clues_must_fit": "no", "round_limit": 12, "threshold": 3},
    "13-clues": {
        "top_secret": "yes",
        "type_questions": "yes",
        "repeat_accusations": "no",
        "mystery_choice": "random",
        "stall_rounds": 4,
    },
}
# Options with which the smallest player count is not allowed.
MIN_PLAYERS_WITH_OPTIONS = {"13-clues": 3}


def encoded_games() -> list[str]:
    return [kit.name for kit in all_kits() if kit.has(ENCODER)]


def configurations() -> list[Any]:
    """(game, players, options) for every encoded game: fewest and most players with the
    default rules, then the other options (at the fewest players they allow)."""
    out = []
    for kit in all_kits():
        if not kit.has(ENCODER):
            continue
        game = kit.game
        for players in sorted({game.min_players, game.max_players}):
            # the largest table is the slow one; the smallest and the options stay fast
            marks = pytest.mark.slow if players > game.min_players else ()
            out.append(pytest.param(kit.name, players, {}, id=f"{kit.name}-{players}", marks=marks))
        options = OTHER_OPTIONS.get(kit.name, {})
        players = max(game.min_players, MIN_PLAYERS_WITH_OPTIONS.get(kit.name, 0))
        out.append(pytest.param(kit.name, players, options, id=f"{kit.name}-{players}-options"))
    return out


def test_every_built_in_game_has_an_encoder_and_other_options() -> None:
    games = encoded_games()
    assert games == sorted(OTHER_OPTIONS)
    assert len(configurations()) == 3 * len(games)
