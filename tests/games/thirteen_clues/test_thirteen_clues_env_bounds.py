"""13 Clues' OpenSpiel ``max_game_length``: a bound measured with a margin."""

from __future__ import annotations

from sleuth.envs import openspiel as sleuth_spiel


def test_max_game_length_is_the_measured_bound() -> None:
    assert sleuth_spiel.load("13-clues", 6).max_game_length() == 4 + 2 * 707
