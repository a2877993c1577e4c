"""The example learner runs end to end on a few episodes, and its parts do what they say."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from train import LinearPolicy, train, wilson


def test_the_policy_only_ever_picks_from_the_mask() -> None:
    policy = LinearPolicy(features=4, actions=6, rate=0.1, seed=1)
    policy.w[:] = np.arange(24).reshape(6, 4)
    mask = np.array([0, 1, 0, 1, 1, 0], dtype=np.int8)
    x = np.array([1.0, 0.0, 0.5, 0.0])
    p = policy.probabilities(x, mask)
    assert np.isclose(p.sum(), 1.0) and not p[mask == 0].any()
    assert policy.greedy(x, mask) == 4  # the highest logit among codes 1, 3, 4
    assert all(mask[policy.sample(x, mask)] for _ in range(50))


def test_wilson_interval() -> None:
    rate, low, high = wilson(50, 100)
    assert rate == 0.5 and round(low, 4) == 0.4038 and round(high, 4) == 0.5962


def test_a_short_training_run_reports_every_figure() -> None:
    args = argparse.Namespace(
        game="black-stories-investigation",
        players=2,
        episodes=64,
        batch=32,
        rate=0.01,
        every=32,
        eval=20,
        seed=3,
    )
    results = train(args)
    assert [p["episodes"] for p in results["curve"]] == [32, 64]
    for key in ("learner_vs_random", "random_vs_random", "learner_vs_basic"):
        assert results[key]["games"] == 20
        assert results[key]["low"] <= results[key]["rate"] <= results[key]["high"]
