"""Black Stories Investigation's engine against an exact oracle, position by position.

    python benchmarks/games/black_stories/bsi_exact.py [--games N] [--players 2 3]
        [--drivers random deductive] [--deck small|default]

Plays N seeded games per player count and driver (``random``: random legal moves;
``blind``: random plays, a solve attempt one turn in four; ``deductive``, ``basic``: the
built-in bots), and at every position of every seat compares
the engine's joint posterior of the other seats' cases with the oracle's
(``tests/games/black_stories/bsi_oracle.py``: the rulebook's random process followed over
every hidden world). It prints how many positions agree exactly, before and after the first
reshuffle: for the engine, and for the engine as it was before issue #33 (the same view with
the piles the cards came from left out: it then counts only the cards in sight).

The oracle lists every hidden world, so the default decks are small (8 cases and 4 smaller
cards for 3 players, 6 and 3 for 2: the piles run out and are reshuffled often); the
default deck is within reach for 2 players only (some ten seconds a game): there only the
``blind`` driver's games are long enough to reshuffle.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "src"))
# The oracle lives with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests"))

from games.black_stories.bsi_oracle import BlindAgent, CaseOracle, agree, engine_posterior
from sleuth.agents import Agent, RandomAgent
from sleuth.arena import play_match
from sleuth.core import derive_seed, make_game
from sleuth.games.black_stories import BlackStoriesInvestigation
from sleuth.games.black_stories.bots import BOTS
from sleuth.games.black_stories.components import DEFAULT_DECK
from support.json_access import as_int, as_list, as_str

SMALL = {3: DEFAULT_DECK[:8] + DEFAULT_DECK[16:20], 2: DEFAULT_DECK[:6] + DEFAULT_DECK[24:27]}


def agent(driver: str) -> Agent:
    if driver == "blind":
        return BlindAgent()
    return RandomAgent() if driver == "random" else BOTS[driver]()


def run(game: BlackStoriesInvestigation, driver: str, games: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    for seed in range(games):
        streams = [derive_seed(seed, "agent", seat) for seat in range(game.players)]
        agents = [agent(driver) for _ in range(game.players)]
        record = play_match(game, agents, seed, bot_seeds=streams).record
        state = game.new(seed)
        oracles = [CaseOracle(game, state.view(seat)) for seat in range(game.players)]
        for step in as_list(record["steps"]):
            mover, text = as_int(as_list(step)[0]), as_str(as_list(step)[1])
            action = game.parse_action(text)
            state = state.apply(mover, action)
            for seat, oracle in enumerate(oracles):
                view = state.view(seat)
                oracle.step(mover, action, state.last_result(), view)
                if state.outcome is not None:
                    continue
                exact = oracle.posterior()
                kind = "after" if oracle.reshuffles else "before"
                forgetting = dataclasses.replace(view, case_epochs=(), hand_epochs=())
                counts[kind] += 1
                counts[f"{kind} exact"] += agree(engine_posterior(view), exact)
                counts[f"{kind} exact before #33"] += agree(engine_posterior(forgetting), exact)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 2])
    parser.add_argument("--drivers", nargs="+", default=["random", "deductive"])
    parser.add_argument("--deck", choices=("small", "default"), default="small")
    args = parser.parse_args()
    for players in args.players:
        deck = SMALL[players] if args.deck == "small" else DEFAULT_DECK
        game = make_game("bsi", players, deck=deck)
        assert isinstance(game, BlackStoriesInvestigation)
        for driver in args.drivers:
            began = time.perf_counter()
            c = run(game, driver, args.games)
            print(
                f"{players} players, {args.deck} deck ({len(deck)} cards), {driver}, "
                f"{args.games} games ({time.perf_counter() - began:.0f} s): "
                f"before a reshuffle {c['before exact']}/{c['before']} exact "
                f"(before #33: {c['before exact before #33']}); "
                f"after {c['after exact']}/{c['after']} "
                f"(before #33: {c['after exact before #33']})",
                flush=True,
            )


if __name__ == "__main__":
    main()
