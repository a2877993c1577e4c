"""The MaskablePPO example: its torch-free parts exactly, and a short run end to end where
sb3-contrib is installed (the optional extra ``ppo``; CI runs without it, so that test skips)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ppo import (
    EVAL_SEED,
    LearnerSeat,
    Point,
    evaluate,
    final_points,
    main,
    make_env,
    read_csv,
    table,
    uniform_policy,
    write_csv,
)
from train import episode, strict_win, wilson

GAME = "black-stories-investigation"


def test_the_learner_sees_the_observation_vector_and_takes_the_mask_apart() -> None:
    for knowledge, features in ((False, 333), (True, 383)):
        env = make_env(GAME, 2, knowledge, seed=1)
        bare = make_env(GAME, 2, knowledge, seed=1).unwrapped  # the same bots' key
        observation, _ = env.reset(seed=4)
        expected, _ = bare.reset(seed=4)
        assert env.observation_space.shape == (features,) == observation.shape
        np.testing.assert_array_equal(observation, expected["observation"])
        np.testing.assert_array_equal(env.action_masks(), expected["action_mask"].astype(bool))
        assert env.action_masks().dtype == np.bool_


def test_a_game_over_before_the_first_decision_still_offers_one_code() -> None:
    class Over(gymnasium.Env[Any, Any]):
        observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0, 1, (2,)),
                "action_mask": gymnasium.spaces.MultiBinary(3),
            }
        )
        action_space = gymnasium.spaces.Discrete(3)

        def action_masks(self) -> np.ndarray:
            return np.zeros(3, dtype=bool)

    assert LearnerSeat(Over()).action_masks().tolist() == [True, False, False]


def test_the_evaluation_counts_the_strict_wins_of_the_same_games_replayed() -> None:
    def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(np.flatnonzero(mask)[0])

    env = make_env(GAME, 2, False, seed=EVAL_SEED)
    result = evaluate(env, first_legal, games=30, first_seed=100)
    # The same deals and bots through the other example's own loop, on the bare env.
    bare = make_env(GAME, 2, False, seed=EVAL_SEED).unwrapped
    wins = sum(
        strict_win(episode(bare, first_legal, seed)[2], bare.seat) for seed in range(100, 130)
    )
    rate, low, high = wilson(wins, 30)
    assert result == {"games": 30, "wins": wins, "rate": rate, "low": low, "high": high}


def test_the_uniform_policy_picks_within_the_mask_and_replays_by_its_seed() -> None:
    mask = np.array([False, True, False, True, True])
    x = np.zeros(3, dtype=np.float32)
    first, second = uniform_policy(5), uniform_policy(5)
    picks = [first(x, mask) for _ in range(40)]
    assert picks == [second(x, mask) for _ in range(40)]
    assert set(picks) == {1, 3, 4}


def points() -> list[Point]:
    def point(variant: str, seed: int, steps: int, wins: int) -> Point:
        return Point(variant, seed, steps, steps / 1000, 100, wins, *wilson(wins, 100))

    return [
        point("observation", 0, 2048, 20),
        point("observation", 0, 4096, 40),
        point("observation", 1, 4096, 34),
        point("knowledge", 0, 2048, 30),
        point("knowledge", 0, 4096, 73),
        point("knowledge", 1, 4096, 71),
    ]


def test_the_csv_keeps_every_point_to_four_places(tmp_path: Path) -> None:
    write_csv(points(), tmp_path / "ppo.csv")
    text = (tmp_path / "ppo.csv").read_text(encoding="utf-8").splitlines()
    assert text[0] == "variant,seed,steps,seconds,games,wins,rate,low,high"
    assert text[2] == "observation,0,4096,4.0960,100,40,0.4000,0.3094,0.4980"
    again = read_csv(tmp_path / "ppo.csv")
    assert [(p.variant, p.seed, p.steps, p.wins) for p in again] == [
        (p.variant, p.seed, p.steps, p.wins) for p in points()
    ]
    assert [p.rate for p in again] == [round(p.rate, 4) for p in points()]


def test_the_table_pools_each_variants_last_evaluations() -> None:
    finals = final_points(points())
    assert [(v, [(p.seed, p.steps) for p in ps]) for v, ps in finals.items()] == [
        ("observation", [(0, 4096), (1, 4096)]),
        ("knowledge", [(0, 4096), (1, 4096)]),
    ]
    rate, low, high = wilson(7, 50)
    baseline = {"games": 50, "wins": 7, "rate": rate, "low": low, "high": high}
    assert table(points(), baseline).splitlines() == [
        "| learner | steps a run | seeds | win rate per seed | pooled | 95% interval |",
        "|---|---|---|---|---|---|",
        "| MaskablePPO, observation | 4,096 | 2 | 0.340–0.400 | 74/200 = 0.370 | 0.306–0.439 |",
        "| MaskablePPO, knowledge | 4,096 | 2 | 0.710–0.730 | 144/200 = 0.720 | 0.654–0.778 |",
        "| uniformly random | – | – | – | 7/50 = 0.140 | 0.070–0.262 |",
    ]


def test_a_short_run_trains_evaluates_and_replays_by_its_seed(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    argv = ["--steps", "512", "--every", "256", "--rollout", "256", "--eval", "10"]
    main([*argv, "--seeds", "3", "--out", str(tmp_path / "a")])
    main([*argv, "--seeds", "3", "--variants", "observation", "--out", str(tmp_path / "b")])
    first, again = read_csv(tmp_path / "a" / "ppo.csv"), read_csv(tmp_path / "b" / "ppo.csv")
    assert [(p.variant, p.steps, p.games) for p in first] == [
        ("observation", 256, 10),
        ("observation", 512, 10),
        ("knowledge", 256, 10),
        ("knowledge", 512, 10),
    ]
    # The same seed trains the same policy: equal wins on the same evaluation deals.
    assert [p.wins for p in again] == [p.wins for p in first[:2]]
    assert (tmp_path / "a" / "ppo.png").stat().st_size > 0
