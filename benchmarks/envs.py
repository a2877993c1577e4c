"""Research environments: PettingZoo steps per second per game, beside leduc and kuhn.

    python benchmarks/envs.py [--seconds 5] [--policy mask|bot|both] [--knowledge only|also|no]
                              [--game NAME ...]
    python benchmarks/envs.py --lengths [--games 30]
    python benchmarks/envs.py --episodes BOT [--games 4] [--game NAME ...]

Every game with an encoder is run as a PettingZoo AEC environment, with the loop every
PettingZoo user writes (``agent_iter``, ``last``, ``step``), each step a random action of the
mask; a game starts with a plain ``reset()`` (the environment is seeded once). The same loop
runs PettingZoo's own ``leduc_holdem_v4`` (imperfect information, cards, a mask; it needs
``pip install rlcard pygame``) twice: with a plain ``reset()``, and reseeded every game
(``reset(seed=...)``, which costs leduc far more than a plain reset). Beside them OpenSpiel's
``python_kuhn_poker`` is played by the OpenSpiel loop (``legal_actions``, ``apply_action``;
its deal's chance nodes are not counted as steps). A step is one ``step`` call: a move, an
out-of-turn offer answered (``wait`` or an accusation), or a finished agent's ``None``. Time
is this process's CPU time, so that other work on a shared machine weighs less on a ratio.

``--policy mask`` draws uniformly from the mask, as ``action_space.sample(mask)`` does: in
Black Vienna nearly every code of the mask is an accusation, so its games end within a
round. ``--policy bot`` plays as Sleuth's random bot (an accusation with probability 0.01),
so games run their whole course. Both are printed by default.

``--knowledge also`` (the default) adds, for every game with a knowledge part, a row with
``knowledge=True`` (the exact-belief features computed at every observation) beside the
plain env's row of the same run, and their ratio; ``only`` prints just those pairs, at each
game's largest table unless ``--tables both``. ``--game`` limits the speed rows to the
games named (it may be given more than once).

``--lengths`` prints the most and the mean decisions per game (moves and offers answered,
as OpenSpiel counts them) over seeded games, uniform over the mask, as Sleuth's random bot
and with ``basic`` bots, per game at its smallest and largest tables: the measure behind
each game's encoder's ``longest_seen``.

``--episodes BOT`` plays ``--games`` seeded games (default 4) with BOT at every seat of each
game's largest table and prints the CPU seconds a game (mean and most; the first game, which
pays what the process loads once, and the mean of the others; the bots are made inside each
game's time) and a digest of every game's moves, the same for the same decisions: the
measure of issue #37's 1 s a game of ``deductive`` bots, and the check that a faster engine
decides as before.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from sleuth.agents import agent_names, make_agent
from sleuth.arena import play_match
from sleuth.core import all_kits, make_game
from sleuth.core.kit import ENCODER, KNOWLEDGE
from sleuth.envs import pettingzoo_env
from sleuth.envs.table import Decision, Table, make_table_game, random_code

Chooser = Callable[[Any, str, Any, np.random.Generator], int]


def mask_policy(env: Any, agent: str, mask: Any, rng: np.random.Generator) -> int:
    return int(env.action_space(agent).sample(mask))


def bot_policy(env: Any, agent: str, mask: Any, rng: np.random.Generator) -> int:
    return random_code(mask, env.unwrapped.table.drastic, rng, rate=0.01)


def run(
    env: Any, choose: Chooser, seconds: float, seed: int, reseed: bool = False
) -> tuple[float, float]:
    """(steps per second, steps per game) over ``seconds`` of whole games; ``reseed`` passes
    a new seed to every ``reset``, else only the first."""
    rng = np.random.default_rng(seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    steps = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        env.reset(seed=seed + games if reseed or games == 0 else None)
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
    return steps / elapsed, steps / games


def run_kuhn(seconds: float, seed: int) -> tuple[float, float] | None:
    """OpenSpiel's python_kuhn_poker by the OpenSpiel loop: (decisions per second, per game)."""
    try:
        import pyspiel
        from open_spiel.python import games  # registers the python games

        del games
    except ImportError as error:
        print(f"python_kuhn_poker unavailable ({error}): pip install open_spiel")
        return None
    game = pyspiel.load_game("python_kuhn_poker")
    rng = np.random.default_rng(seed)
    steps = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=chances)))
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
            steps += 1
        games += 1
    elapsed = time.process_time() - started
    return steps / elapsed, steps / games


def leduc() -> Any | None:
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except ImportError as error:
        print(f"leduc_holdem_v4 unavailable ({error}): pip install rlcard pygame")
        return None
    return leduc_holdem_v4.env()


def speeds(
    seconds: float, seed: int, chosen: list[str], knowledge: str, tables: str, games: list[str]
) -> None:
    policies: dict[str, Chooser] = {"mask": mask_policy, "bot": bot_policy}
    plain = reseeded = None
    kuhn: tuple[float, float] | None = None
    print(f"{'environment':<36} {'policy':>6} {'steps/s':>9} {'steps/game':>10} {'vs leduc':>16}")
    if knowledge != "only":
        baseline = leduc()
        if baseline is not None:
            plain, length = run(baseline, mask_policy, seconds, seed)
            print(f"{'leduc_holdem_v4 (2), reset()':<36} {'mask':>6} {plain:>9.0f} {length:>10.1f}")
            reseeded, length = run(baseline, mask_policy, seconds, seed, reseed=True)
            label = "leduc_holdem_v4 (2), reset(seed)"
            print(f"{label:<36} {'mask':>6} {reseeded:>9.0f} {length:>10.1f}")
        kuhn = run_kuhn(seconds, seed)
        if kuhn is not None:
            print(
                f"{'python_kuhn_poker (2), OpenSpiel':<36} {'random':>6} {kuhn[0]:>9.0f} "
                f"{kuhn[1]:>10.1f}"
            )
        print("vs leduc: against a plain reset() / against reset(seed); vs kuhn after it")
    for kit in all_kits():
        if not kit.has(ENCODER) or (knowledge == "only" and not kit.has(KNOWLEDGE)):
            continue
        if games and kit.name not in games:
            continue
        game = kit.game
        largest = tables == "largest" and knowledge == "only"
        for players in sorted(
            {game.max_players} if largest else {game.min_players, game.max_players}
        ):
            env = pettingzoo_env(kit.name, players)
            for name in chosen:
                rate, length = run(env, policies[name], seconds, seed)
                ratio = (
                    f"{rate / plain:>6.2f}x/{rate / reseeded:.2f}x" if plain and reseeded else "-"
                )
                versus_kuhn = f"  kuhn {rate / kuhn[0]:.2f}x" if kuhn else ""
                label = f"{kit.name} ({players})"
                print(
                    f"{label:<36} {name:>6} {rate:>9.0f} {length:>10.1f} {ratio:>16}{versus_kuhn}",
                    flush=True,
                )
                if knowledge != "no" and kit.has(KNOWLEDGE):
                    believing = pettingzoo_env(kit.name, players, knowledge=True)
                    known, length = run(believing, policies[name], seconds, seed)
                    label = f"{kit.name} ({players}), knowledge"
                    print(
                        f"{label:<44} {name:>6} {known:>9.0f} {length:>10.1f} "
                        f"{known / rate:>8.3f}x plain",
                        flush=True,
                    )


def decisions(table: Table, seed: int, choose: Choose) -> int:
    table.reset(seed)
    count = 0
    while (decision := table.decision) is not None:
        table.step(choose(table, decision))
        count += 1
    return count


def bots_chooser(table: Table, seed: int) -> Choose:
    """``basic`` bots at every seat, started for one game, as codes."""
    agents = {s: make_agent("basic", table.game.name) for s in range(table.game.players)}
    rngs = {s: random.Random(seed * 100 + s) for s in agents}
    for seat, agent in agents.items():
        agent.start(table.game, seat, rngs[seat], lambda: table.moves)

    def choose(table: Table, decision: Decision) -> int:
        seat, state = decision.seat, table.state
        view, legal = state.view(seat), state.legal_actions(seat)
        if decision.interrupt:
            action = agents[seat].interrupt(view, legal, rngs[seat])
            if action is None:
                return table.wait_code
        else:
            action = agents[seat].act(view, legal, rngs[seat])
        return table.encoder.actions.code(action)

    return choose


Choose = Callable[[Table, Decision], int]


def policies(table: Table, rng: np.random.Generator) -> dict[str, Callable[[int], Choose]]:
    """Per policy, the chooser of one game of a seed."""

    def uniform(table: Table, decision: Decision) -> int:
        return int(rng.choice(np.flatnonzero(table.mask(decision.seat))))

    def random_bot(table: Table, decision: Decision) -> int:
        return random_code(table.mask(decision.seat), table.drastic, rng)

    return {
        "mask": lambda _: uniform,
        "bot": lambda _: random_bot,
        "basic": lambda game_seed: bots_chooser(table, game_seed),
    }


def lengths(games: int, seed: int) -> None:
    print(f"{'game (players)':<36} {'policy':>8} {'most':>6} {'mean':>8}")
    for kit in all_kits():
        if not kit.has(ENCODER):
            continue
        for players in sorted({kit.game.min_players, kit.game.max_players}):
            table = Table(make_table_game(kit.name, players, {}))
            choosers = policies(table, np.random.default_rng(seed))
            for name, chooser in choosers.items():
                counts = [decisions(table, s, chooser(s)) for s in range(seed, seed + games)]
                label = f"{kit.name} ({players})"
                print(f"{label:<36} {name:>8} {max(counts):>6} {np.mean(counts):>8.1f}", flush=True)


def episodes(bot: str, games: int, only: list[str]) -> None:
    """CPU seconds a whole game with ``bot`` at every seat of each game's largest table."""
    head = f"{'game (players)':<36} {'bot':>10} {'games':>6} {'mean s':>8} {'most s':>8}"
    print(f"{head} {'first s':>8} {'rest s':>8}  moves digest")
    for kit in all_kits():
        if (only and kit.name not in only) or bot not in agent_names(kit.name):
            continue
        players = kit.game.max_players
        game = make_game(kit.name, players)
        times: list[float] = []
        digest = hashlib.sha256()
        for number in range(games):
            # the bots are made inside the timed span: what they load when made is counted
            started = time.process_time()
            agents = [make_agent(bot, kit.name) for _ in range(players)]
            seeds = [1000 * number + seat for seat in range(players)]
            result = play_match(game, agents, seed=number, bot_seeds=seeds, salt="5a" * 16)
            times.append(time.process_time() - started)
            moves = json.dumps(dict(result.record)["steps"], sort_keys=True, default=str)
            digest.update(moves.encode())
        label = f"{kit.name} ({players})"
        print(
            f"{label:<36} {bot:>10} {games:>6} {np.mean(times):>8.2f} {max(times):>8.2f} "
            f"{times[0]:>8.2f} {np.mean(times[1:]) if games > 1 else 0.0:>8.2f}  "
            f"{digest.hexdigest()[:12]}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per environment and policy")
    parser.add_argument("--policy", choices=("mask", "bot", "both"), default="both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lengths", action="store_true", help="decisions per game instead")
    parser.add_argument(
        "--games", type=int, help="games per policy (--lengths, 30) or per game (--episodes, 4)"
    )
    parser.add_argument(
        "--knowledge",
        choices=("also", "only", "no"),
        default="also",
        help="rows with knowledge=True beside the plain env (only: just those pairs)",
    )
    parser.add_argument(
        "--tables",
        choices=("largest", "both"),
        default="largest",
        help="with --knowledge only: each game's largest table, or its smallest too",
    )
    parser.add_argument(
        "--game",
        action="append",
        default=[],
        choices=[kit.name for kit in all_kits() if kit.has(ENCODER)],
        help="only this game (again for more)",
    )
    parser.add_argument(
        "--episodes", metavar="BOT", help="CPU seconds a game of BOT at every seat instead"
    )
    args = parser.parse_args()
    if args.episodes:
        episodes(args.episodes, args.games or 4, args.game)
        return
    if args.lengths:
        lengths(args.games or 30, args.seed)
        return
    chosen = ["mask", "bot"] if args.policy == "both" else [args.policy]
    speeds(args.seconds, args.seed, chosen, args.knowledge, args.tables, args.game)


if __name__ == "__main__":
    main()
