"""Research environments: PettingZoo steps per second per game, beside leduc_holdem_v4.

    python benchmarks/envs.py [--seconds 5] [--policy mask|bot]

Every game with an encoder is run as a PettingZoo AEC environment, with the loop every
PettingZoo user writes (``agent_iter``, ``last``, ``step``), each step a random action of the
mask. In the same run PettingZoo's own ``leduc_holdem_v4`` (the classic environment closest
to ours: imperfect information, cards, a mask; it needs ``pip install rlcard pygame``) is
run with the same loop, for the ratio. A step is one ``step`` call: a move, an out-of-turn
offer answered (``wait`` or an accusation), or a finished agent's ``None``. Time is this
process's CPU time, so that other work on a shared machine weighs less on the ratio.

``--policy mask`` draws uniformly from the mask, as ``action_space.sample(mask)`` does: in
Black Vienna nearly every code of the mask is an accusation, so its games end within a
round. ``--policy bot`` plays as Sleuth's random bot (an accusation with probability 0.01),
so games run their whole course. Both are printed by default.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from sleuth.core import all_kits
from sleuth.core.kit import ENCODER
from sleuth.envs import pettingzoo_env
from sleuth.envs.table import random_code

Chooser = Callable[[Any, str, Any, np.random.Generator], int]


def mask_policy(env: Any, agent: str, mask: Any, rng: np.random.Generator) -> int:
    return int(env.action_space(agent).sample(mask))


def bot_policy(env: Any, agent: str, mask: Any, rng: np.random.Generator) -> int:
    return random_code(mask, env.unwrapped.table.drastic, rng, rate=0.01)


def run(env: Any, choose: Chooser, seconds: float, seed: int) -> tuple[float, float, int]:
    """(steps per second, moves per game, games) over ``seconds`` of whole games."""
    rng = np.random.default_rng(seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    steps = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        env.reset(seed=seed + games)
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                action = None
            else:
                action = choose(env, agent, observation["action_mask"], rng)
            env.step(action)
            steps += 1
        games += 1
    elapsed = time.process_time() - started
    return steps / elapsed, steps / games, games


def leduc() -> Any | None:
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except ImportError as error:
        print(f"leduc_holdem_v4 unavailable ({error}): pip install rlcard pygame")
        return None
    return leduc_holdem_v4.env()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per environment and policy")
    parser.add_argument("--policy", choices=("mask", "bot", "both"), default="both")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    policies: dict[str, Chooser] = {"mask": mask_policy, "bot": bot_policy}
    chosen = list(policies) if args.policy == "both" else [args.policy]
    baseline = leduc()
    reference: float | None = None
    print(f"{'environment':<32} {'policy':>6} {'steps/s':>9} {'steps/game':>10} {'vs leduc':>8}")
    if baseline is not None:
        reference, length, _ = run(baseline, mask_policy, args.seconds, args.seed)
        print(f"{'leduc_holdem_v4 (2)':<32} {'mask':>6} {reference:>9.0f} {length:>10.1f}")
    for kit in all_kits():
        if not kit.has(ENCODER):
            continue
        game = kit.game
        for players in sorted({game.min_players, game.max_players}):
            env = pettingzoo_env(kit.name, players)
            for name in chosen:
                rate, length, _ = run(env, policies[name], args.seconds, args.seed)
                ratio = f"{rate / reference:>7.2f}x" if reference else "       -"
                label = f"{kit.name} ({players})"
                print(f"{label:<32} {name:>6} {rate:>9.0f} {length:>10.1f} {ratio}")


if __name__ == "__main__":
    main()
