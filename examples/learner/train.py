"""A small learner on a Sleuth environment: a linear softmax policy trained by REINFORCE.

    python examples/learner/train.py [--game bsi] [--episodes 40000] [--out DIR]

One seat of a game (by default Black Stories Investigation, two players) learns against
Sleuth's ``random`` bot through ``sleuth.envs.gymnasium_env``, with the exact engine's
knowledge features in its observation (``knowledge=True``: each case's probability per
seat, the posterior over the opponents' cases). The policy is numpy only: one weight per
(action code, observation value) and a bias per code, a softmax over the codes of the mask,
updated by the policy gradient of the episode's reward (the seat's score) less a running
baseline, with Adam.

At the end the greedy policy plays ``--eval`` games against ``random`` and against
``basic`` and ``deductive``, and a uniformly random policy plays the same seat against
``random`` for the baseline; each result is a strict win rate (a score above every other
seat's: a shared best score is no win) with its 95% Wilson interval. The learning curve
(the strict win rate against ``random`` every ``--every`` episodes) goes to
``learning_curve.png``, every figure to ``results.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from sleuth.envs import gymnasium_env

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """Logits ``W @ observation + b`` over every code; the mask keeps the legal ones."""

    def __init__(self, features: int, actions: int, rate: float, seed: int) -> None:
        self.w = np.zeros((actions, features))
        self.b = np.zeros(actions)
        self.rate = rate
        self.rng = np.random.default_rng(seed)
        self.moments = [np.zeros_like(self.w), np.zeros_like(self.b)]
        self.squares = [np.zeros_like(self.w), np.zeros_like(self.b)]
        self.updates = 0

    def probabilities(self, observation: Array, mask: npt.NDArray[np.int8]) -> Array:
        legal = np.flatnonzero(mask)
        logits = self.w[legal] @ observation + self.b[legal]
        logits -= logits.max()
        weights = np.exp(logits)
        probabilities = np.zeros(len(mask))
        probabilities[legal] = weights / weights.sum()
        return probabilities

    def sample(self, observation: Array, mask: npt.NDArray[np.int8]) -> int:
        p = self.probabilities(observation, mask)
        return int(self.rng.choice(len(p), p=p))

    def greedy(self, observation: Array, mask: npt.NDArray[np.int8]) -> int:
        legal = np.flatnonzero(mask)
        logits = self.w[legal] @ observation + self.b[legal]
        return int(legal[np.argmax(logits)])

    def step(self, grad_w: Array, grad_b: Array) -> None:
        """One Adam ascent step on the policy gradient."""
        self.updates += 1
        beta1, beta2, eps = 0.9, 0.999, 1e-8
        for i, (param, grad) in enumerate(((self.w, grad_w), (self.b, grad_b))):
            self.moments[i] = beta1 * self.moments[i] + (1 - beta1) * grad
            self.squares[i] = beta2 * self.squares[i] + (1 - beta2) * grad**2
            m = self.moments[i] / (1 - beta1**self.updates)
            v = self.squares[i] / (1 - beta2**self.updates)
            param += self.rate * m / (np.sqrt(v) + eps)


def episode(env: Any, choose: Any, seed: int) -> tuple[list[tuple[Array, Any, int]], float, Any]:
    observation, info = env.reset(seed=seed)
    steps: list[tuple[Array, Any, int]] = []
    reward = 0.0
    while True:
        x = observation["observation"].astype(np.float64)
        mask = observation["action_mask"]
        code = choose(x, mask)
        steps.append((x, mask, code))
        observation, reward, terminated, truncated, info = env.step(code)
        if terminated or truncated:
            return steps, float(reward), info


def strict_win(info: dict[str, Any], seat: int) -> bool:
    scores = info["scores"]
    return all(scores[seat] > s for i, s in enumerate(scores) if i != seat)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float, float]:
    """The win rate and its 95% Wilson score interval."""
    if games == 0:
        return 0.0, 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return p, centre - half, centre + half


def evaluate(env: Any, choose: Any, games: int, first_seed: int) -> dict[str, float]:
    wins = sum(strict_win(episode(env, choose, first_seed + g)[2], env.seat) for g in range(games))
    rate, low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": rate, "low": low, "high": high}


def make_env(game: str, players: int, opponents: str) -> Any:
    return gymnasium_env(game, players, opponents=opponents, knowledge=True, reward="score")


def train(args: argparse.Namespace) -> dict[str, Any]:
    started = time.perf_counter()
    env = make_env(args.game, args.players, "random")
    features = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(features, env.action_space.n, args.rate, args.seed)
    uniform = np.random.default_rng(args.seed + 1)

    def random_policy(x: Array, mask: npt.NDArray[np.int8]) -> int:
        return int(uniform.choice(np.flatnonzero(mask)))

    curve: list[dict[str, float]] = []
    baseline, batch_w, batch_b = 0.0, np.zeros_like(policy.w), np.zeros_like(policy.b)
    for number in range(1, args.episodes + 1):
        steps, reward, _ = episode(env, policy.sample, seed=args.seed * 10**7 + number)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for x, mask, code in steps:
            grad = -policy.probabilities(x, mask)
            grad[code] += 1.0  # d log pi(code) / d logits
            batch_w += advantage * np.outer(grad, x)
            batch_b += advantage * grad
        if number % args.batch == 0:
            policy.step(batch_w / args.batch, batch_b / args.batch)
            batch_w[:] = 0.0
            batch_b[:] = 0.0
        if number % args.every == 0:
            point = evaluate(make_env(args.game, args.players, "random"), policy.greedy, 200, 0)
            curve.append({"episodes": number, "seconds": time.perf_counter() - started, **point})
            seconds = curve[-1]["seconds"]
            print(f"{number:>7} episodes {seconds:6.0f}s  vs random {point['rate']:.3f}")
    trained = time.perf_counter() - started
    results: dict[str, Any] = {
        "game": args.game,
        "players": args.players,
        "episodes": args.episodes,
        "training_seconds": trained,
        "curve": curve,
        # Evaluation deals are seeds the training never played (its seeds start at 10^7).
        "learner_vs_random": evaluate(
            make_env(args.game, args.players, "random"), policy.greedy, args.eval, 5 * 10**6
        ),
        "random_vs_random": evaluate(
            make_env(args.game, args.players, "random"), random_policy, args.eval, 5 * 10**6
        ),
        "learner_vs_basic": evaluate(
            make_env(args.game, args.players, "basic"), policy.greedy, args.eval, 6 * 10**6
        ),
        "learner_vs_deductive": evaluate(
            make_env(args.game, args.players, "deductive"), policy.greedy, args.eval, 7 * 10**6
        ),
    }
    results["total_seconds"] = time.perf_counter() - started
    learner, rand = results["learner_vs_random"], results["random_vs_random"]
    results["beats_random_intervals_apart"] = learner["low"] > rand["high"]
    return results


def plot(results: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = results["curve"]
    x = [p["episodes"] for p in curve]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(x, [p["rate"] for p in curve], marker="o", label="learner (greedy) vs random")
    ax.fill_between(x, [p["low"] for p in curve], [p["high"] for p in curve], alpha=0.2)
    rand = results["random_vs_random"]
    ax.axhspan(rand["low"], rand["high"], color="grey", alpha=0.3, label="random vs random")
    ax.set_xlabel("training episodes")
    ax.set_ylabel("strict win rate (95% interval)")
    ax.set_title(f"{results['game']}, {results['players']} players: REINFORCE, linear policy")
    ax.set_ylim(0, 1)
    ax.legend(loc="center right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="black-stories-investigation")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=40_000)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--every", type=int, default=4_000)
    parser.add_argument("--eval", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results")
    args = parser.parse_args()
    results = train(args)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    plot(results, args.out / "learning_curve.png")
    for key in (
        "learner_vs_random",
        "random_vs_random",
        "learner_vs_basic",
        "learner_vs_deductive",
    ):
        r = results[key]
        interval = f"[{r['low']:.3f}, {r['high']:.3f}]"
        print(f"{key:<22} {r['wins']:>4}/{r['games']}  {r['rate']:.3f}  {interval}")
    print(
        f"trained {results['training_seconds']:.0f}s, total {results['total_seconds']:.0f}s; "
        f"beats random, intervals apart: {results['beats_random_intervals_apart']}"
    )


if __name__ == "__main__":
    main()
