"""MaskablePPO (sb3-contrib) on one seat of a Sleuth game, with and without exact beliefs.

    pip install -e '.[envs,plot,ppo]'
    python examples/learner/ppo.py [--game ID] [--players 2] [--steps 307200] [--seeds 0 1]
                                   [--every 20480] [--eval 500] [--reward margin] [--out DIR]

One seat of a game (by default Black Stories Investigation, two players) learns against
Sleuth's ``random`` bot through ``sleuth.envs.gymnasium_env``, twice for each seed: from the
observation alone (``knowledge=False``) and with the exact engine's belief features appended
(``knowledge=True``). The learner is sb3-contrib's ``MaskablePPO`` with its defaults (an MLP
policy, 2,048 steps a rollout); it only ever picks codes of the mask (``action_masks()``).

Every ``--every`` training steps the greedy policy plays ``--eval`` games against ``random``
on the same seeded deals (none of them a training deal), scored as a strict win rate (a
score above the other seats': a shared best score is no win) with its 95% Wilson interval;
a uniformly random masked policy plays the same deals for the baseline. Every point goes to
``ppo.csv``, the curves to ``ppo.png``, and the final table is printed.

The run is deterministic for a seed: the environments are seeded, the bots' generators are
keyed from the seed (``bot_key``), and torch's generator is seeded by the learner; nothing
here draws from a global generator. Only ``train_variant`` needs torch; the rest (the
environment with its mask, the evaluation, the CSV and the table) runs without it.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from train import strict_win, wilson

from sleuth.envs import gymnasium_env

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int]

VARIANTS = {"observation": False, "knowledge": True}
# The evaluation deals: seeds the training never draws (it draws 63-bit seeds at random
# from its own seeded generator, so a clash is as unlikely as any 63-bit coincidence).
EVAL_SEED = 5 * 10**6


class LearnerSeat(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The learner's seat as MaskablePPO takes it: the flat observation vector, and the mask
    from ``action_masks()`` (the mask is kept out of the observation, or the policy would
    read it as a feature)."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]

    def observation(self, observation: Any) -> npt.NDArray[np.float32]:
        return np.asarray(observation["observation"])

    def action_masks(self) -> npt.NDArray[np.bool_]:
        mask: npt.NDArray[np.bool_] = self.unwrapped.action_masks()  # type: ignore[attr-defined]
        if not mask.any():
            # The game ended before the learner's first decision: the next step ends the
            # episode whatever the code, and a masked policy needs one code to pick.
            mask = mask.copy()
            mask[0] = True
        return mask


def bot_key(seed: int) -> bytes:
    """The bots' secret key for one run: fixed by the seed, so a run replays."""
    return hashlib.sha256(f"sleuth-ppo-bots-{seed}".encode()).digest()


def make_env(
    game: str, players: int, knowledge: bool, seed: int, opponents: str = "random", **options: Any
) -> LearnerSeat:
    env = gymnasium_env(
        game, players, opponents=opponents, knowledge=knowledge, bot_key=bot_key(seed), **options
    )
    return LearnerSeat(env)


def evaluate(env: LearnerSeat, policy: Policy, games: int, first_seed: int) -> dict[str, Any]:
    """``games`` games of ``policy`` on the deals ``first_seed``, ``first_seed + 1``...: the
    strict wins of the learner's seat and their rate with its 95% Wilson interval."""
    seat = env.unwrapped.seat  # type: ignore[attr-defined]
    wins = 0
    for number in range(games):
        observation, info = env.reset(seed=first_seed + number)
        while True:
            code = policy(observation, env.action_masks())
            observation, _, terminated, truncated, info = env.step(code)
            if terminated or truncated:
                break
        wins += strict_win(info, seat)
    rate, low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "rate": rate, "low": low, "high": high}


def uniform_policy(seed: int) -> Policy:
    """A uniformly random choice among the mask's codes, from its own seeded generator."""
    rng = np.random.default_rng(seed)

    def choose(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return choose


@dataclass(frozen=True)
class Point:
    """One evaluation: a variant and seed, after ``steps`` training steps."""

    variant: str
    seed: int
    steps: int
    seconds: float
    games: int
    wins: int
    rate: float
    low: float
    high: float


def write_csv(points: Sequence[Point], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=[f.name for f in fields(Point)])
        writer.writeheader()
        for point in points:
            row = asdict(point)
            for key in ("seconds", "rate", "low", "high"):
                row[key] = f"{row[key]:.4f}"
            writer.writerow(row)


def read_csv(path: Path) -> list[Point]:
    with path.open(newline="", encoding="utf-8") as handle:
        return [
            Point(
                variant=row["variant"],
                seed=int(row["seed"]),
                steps=int(row["steps"]),
                seconds=float(row["seconds"]),
                games=int(row["games"]),
                wins=int(row["wins"]),
                rate=float(row["rate"]),
                low=float(row["low"]),
                high=float(row["high"]),
            )
            for row in csv.DictReader(handle)
        ]


def final_points(points: Sequence[Point]) -> dict[str, list[Point]]:
    """Each variant's last evaluation of every seed, in seed order, the variants in their
    order (the observation alone first)."""
    last: dict[tuple[str, int], Point] = {}
    for point in points:
        key = (point.variant, point.seed)
        if key not in last or point.steps > last[key].steps:
            last[key] = point
    order = list(VARIANTS)
    table: dict[str, list[Point]] = {}
    for (variant, _), point in sorted(last.items(), key=lambda i: (order.index(i[0][0]), i[0][1])):
        table.setdefault(variant, []).append(point)
    return table


def table(points: Sequence[Point], baseline: dict[str, Any]) -> str:
    """The final win rates as a Markdown table: each variant's range over seeds, and all its
    seeds' games pooled with their Wilson interval, then the uniform baseline."""
    lines = [
        "| learner | steps a run | seeds | win rate per seed | pooled | 95% interval |",
        "|---|---|---|---|---|---|",
    ]
    for variant, finals in final_points(points).items():
        wins, games = sum(p.wins for p in finals), sum(p.games for p in finals)
        rate, low, high = wilson(wins, games)
        rates = sorted(p.rate for p in finals)
        spread = f"{rates[0]:.3f}" if len(rates) == 1 else f"{rates[0]:.3f}–{rates[-1]:.3f}"
        steps = ", ".join(sorted({f"{p.steps:,}" for p in finals}))
        lines.append(
            f"| MaskablePPO, {variant} | {steps} | {len(finals)} | {spread} | "
            f"{wins}/{games} = {rate:.3f} | {low:.3f}–{high:.3f} |"
        )
    b = baseline
    lines.append(
        f"| uniformly random | – | – | – | {b['wins']}/{b['games']} = {b['rate']:.3f} | "
        f"{b['low']:.3f}–{b['high']:.3f} |"
    )
    return "\n".join(lines)


def plot(points: Sequence[Point], baseline: dict[str, Any], title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for colour, variant in zip(("tab:blue", "tab:red"), VARIANTS, strict=False):
        runs = sorted({p.seed for p in points if p.variant == variant})
        for number, seed in enumerate(runs):
            curve = sorted((p for p in points if (p.variant, p.seed) == (variant, seed)),
                           key=lambda p: p.steps)  # fmt: skip
            x = [p.steps for p in curve]
            label = f"{variant} (seed {seed})" if len(runs) > 1 else variant
            style = ("-", "--", ":", "-.")[number % 4]
            ax.plot(x, [p.rate for p in curve], style, color=colour, marker="o", label=label)
            ax.fill_between(x, [p.low for p in curve], [p.high for p in curve],
                            color=colour, alpha=0.1)  # fmt: skip
    ax.axhspan(baseline["low"], baseline["high"], color="grey", alpha=0.3, label="uniform random")
    ax.set_xlabel("training steps (the learner's decisions)")
    ax.set_ylabel("strict win rate vs random (95% interval)")
    ax.set_title(title)
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def train_variant(args: argparse.Namespace, variant: str, seed: int) -> list[Point]:
    """Train one MaskablePPO from scratch and evaluate it every ``args.every`` steps."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # a small MLP: more threads only contend on a shared machine
    torch.manual_seed(seed)
    knowledge = VARIANTS[variant]
    options = {"reward": args.reward}
    env = make_env(args.game, args.players, knowledge, seed, **options)
    env.reset(seed=seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=args.rollout, seed=seed, device="cpu", verbose=0)
    # Every evaluation (both variants, every seed, the baseline) meets the same bots' draws.
    judge = make_env(args.game, args.players, knowledge, EVAL_SEED, **options)

    def greedy(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    points: list[Point] = []
    started, seconds = time.perf_counter(), 0.0
    while model.num_timesteps < args.steps:
        begun = time.perf_counter()
        model.learn(total_timesteps=args.every, reset_num_timesteps=False)
        seconds += time.perf_counter() - begun  # training time only, evaluations apart
        result = evaluate(judge, greedy, args.eval, EVAL_SEED)
        points.append(Point(variant, seed, model.num_timesteps, seconds, **result))
        print(
            f"{variant:<11} seed {seed} {model.num_timesteps:>7} steps {seconds:6.0f}s train "
            f"{time.perf_counter() - started:6.0f}s all  vs random {result['rate']:.3f}",
            flush=True,
        )
    return points


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="black-stories-investigation")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=307_200, help="training steps a run")
    parser.add_argument("--every", type=int, default=20_480, help="steps between evaluations")
    parser.add_argument("--eval", type=int, default=500, help="games an evaluation")
    parser.add_argument("--rollout", type=int, default=2_048, help="steps a PPO rollout")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    parser.add_argument("--variants", nargs="+", choices=list(VARIANTS), default=list(VARIANTS))
    parser.add_argument("--reward", default="margin", help="the env's reward (see README)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results")
    args = parser.parse_args(argv)
    if min(args.steps, args.every, args.eval, args.rollout) < 1:
        parser.error("--steps, --every, --eval and --rollout are positive")
    args.out.mkdir(parents=True, exist_ok=True)
    points: list[Point] = []
    for seed in args.seeds:
        for variant in args.variants:
            points += train_variant(args, variant, seed)
            write_csv(points, args.out / "ppo.csv")  # kept run by run: a long job may stop
    env = make_env(args.game, args.players, False, EVAL_SEED, reward=args.reward)
    baseline = evaluate(env, uniform_policy(0), args.eval, EVAL_SEED)
    title = f"{args.game}, {args.players} players: MaskablePPO vs random"
    plot(points, baseline, title, args.out / "ppo.png")
    print(table(points, baseline))


if __name__ == "__main__":
    main()
