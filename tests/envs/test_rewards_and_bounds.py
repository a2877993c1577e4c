"""``render_fps`` in both APIs' metadata; each game's margin reward, ``illegal`` default and
OpenSpiel ``max_game_length`` (a bound measured per game with a margin, which a game cannot
pass) are checked in its folder, tests/games/<package>/."""

from __future__ import annotations

from sleuth.envs.aec import SleuthAECEnv
from sleuth.envs.gym import SleuthGymEnv


def test_render_fps_is_in_both_metadata() -> None:
    assert SleuthAECEnv.metadata["render_fps"] == 1
    assert SleuthGymEnv.metadata["render_fps"] == 1
