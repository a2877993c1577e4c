"""Factored actions (a combination chosen a part at a time) where a game's encoder names
combinations, refused by name where it names none; each game's factored choices are checked
in its folder, tests/games/<package>/."""

from __future__ import annotations

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from sleuth.core import find_kit
from sleuth.envs import gymnasium_env, pettingzoo_env
from sleuth.envs.table import EnvError

from .configs import encoded_games


def factored(game: str) -> bool:
    """Whether the game's encoder names combinations to choose a part at a time."""
    smallest = find_kit(game).game.min_players
    return bool(getattr(pettingzoo_env(game, smallest).table.encoder, "combinations", None))


FACTORED = [game for game in encoded_games() if factored(game)]
FLAT_ONLY = [game for game in encoded_games() if not factored(game)]


def test_some_games_are_factored_and_some_not() -> None:
    assert FACTORED and FLAT_ONLY


@pytest.mark.parametrize("game", FLAT_ONLY)
def test_factored_actions_are_refused_by_name_where_no_encoder_names_combinations(
    game: str,
) -> None:
    title = find_kit(game).game.title
    with pytest.raises(EnvError, match=f"{title} has no factored actions"):
        pettingzoo_env(game, find_kit(game).game.min_players, actions="factored")


@pytest.mark.parametrize("game", encoded_games())
def test_an_unknown_kind_of_actions_is_refused_by_name(game: str) -> None:
    with pytest.raises(EnvError, match="actions is one of flat, factored, not 'tree'"):
        pettingzoo_env(game, find_kit(game).game.min_players, actions="tree")


def tables() -> list[object]:
    """Each factored game at its smallest table, and (slow) at its largest."""
    out: list[object] = []
    for game in FACTORED:
        rules = find_kit(game).game
        out.append(pytest.param(game, rules.min_players, id=f"{game}-{rules.min_players}"))
        largest = pytest.param(game, rules.max_players, marks=pytest.mark.slow)
        out.append(largest)
    return out


@pytest.mark.parametrize(("game", "players"), tables())
def test_factored_games_pass_the_pettingzoo_and_gymnasium_checks(game: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo_env(game, players, actions="factored"), num_cycles=300)
        seed_test(lambda: pettingzoo_env(game, players, actions="factored"), 300)
        check_env(
            gymnasium_env(game, players, actions="factored", illegal="penalty", interrupts="own")
        )
