"""How fast and how large Alibi's pool knowledge (``pools.py``) gets in real games.

Plays seeded games between ``random`` or ``deductive`` bots and follows every seat's pool
knowledge step by step (``SeatKnowledge``), timing each step's update and the query of
every value's count distribution in every other hand and the pile, and counting the pool
states. A seat stops being followed once its states pass ``--cap`` (the step is reported).
Each true hand is checked to be possible under its seats' knowledge.

    PYTHONPATH=src:docs/wip/alibi-knowledge-4 python docs/wip/alibi-knowledge-4/bench.py \
        --players 3 --bot deductive --seeds 1 2 --cap 5000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hand_filter import HandFilter
from pool_events import SeatKnowledge
from pools import PoolKnowledge

from sleuth.agents.base import Agent
from sleuth.agents.random_agent import RandomAgent
from sleuth.games.alibi import components as ac
from sleuth.games.alibi.bots.deductive import DeductiveAlibi
from sleuth.games.alibi.rules import Alibi, AlibiState

KINDS: dict[str, type[PoolKnowledge] | type[HandFilter]] = {
    "pools": PoolKnowledge,
    "hands": HandFilter,
}
BOTS: dict[str, type[Agent]] = {"random": RandomAgent, "deductive": DeductiveAlibi}


def query(seat: SeatKnowledge, state: AlibiState) -> None:
    """Every other place's count distributions; the true hands must be possible."""
    k = seat.knowledge
    for place in [*range(state.players), k.pile]:
        if place == seat.seat:
            continue
        for v, card in enumerate(ac.CARDS):
            spread = k.spread(place, v)
            if place < state.players:
                held = state.hands[place].count(card)
                if held >= len(spread) or not spread[held] > 0:
                    raise AssertionError(f"seat {seat.seat}: true hand {place} ruled out")


def game(
    players: int, bot: str, seed: int, cap: int, max_steps: int, kind: str
) -> dict[str, object]:
    alibi = Alibi.configure(players)
    state = alibi.new(seed)
    seats: list[SeatKnowledge | None] = [
        SeatKnowledge(state.view(s), alibi.deck, kind=KINDS[kind]) for s in range(players)
    ]
    agents = [BOTS[bot]() for _ in range(players)]
    rng = random.Random(seed)
    updates: list[float] = []
    queries: list[float] = []
    states: list[int] = []
    capped: list[int] = []
    steps = 0
    while not state.is_over and steps < max_steps:
        actor = state.to_move()
        assert actor is not None
        action = agents[actor].act(state.view(actor), state.legal_actions(actor), rng)
        state = state.apply(actor, action)
        steps += 1
        events = state.last_events()
        for s, seat in enumerate(seats):
            if seat is None:
                continue
            started = time.perf_counter()
            seat.step(events)
            middle = time.perf_counter()
            query(seat, state)
            updates.append(middle - started)
            queries.append(time.perf_counter() - middle)
            seat.check(state.view(s))
            count = seat.knowledge.size()[0]
            states.append(count)
            if count > cap:
                seats[s] = None
                capped.append(steps)
    return {
        "steps": steps,
        "over": state.is_over,
        "updates": updates,
        "queries": queries,
        "states": states,
        "capped": capped,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", choices=sorted(BOTS), default="random")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--cap", type=int, default=5000, help="states past which a seat is left")
    parser.add_argument("--max-steps", type=int, default=100000)
    parser.add_argument(
        "--filter", choices=sorted(KINDS), default="pools", help="pool states or hand make-ups"
    )
    args = parser.parse_args()
    for seed in args.seeds:
        r = game(args.players, args.bot, seed, args.cap, args.max_steps, args.filter)
        updates, queries, states = r["updates"], r["queries"], r["states"]
        assert isinstance(updates, list) and isinstance(queries, list)
        assert isinstance(states, list)
        total = [a + b for a, b in zip(updates, queries, strict=True)]
        print(
            f"{args.filter}: {args.players}p {args.bot} seed {seed}: {r['steps']} steps"
            f"{' (game over)' if r['over'] else ''}, {len(total)} seat-positions; "
            f"per position median {statistics.median(total) * 1e3:.2f} ms, "
            f"worst {max(total) * 1e3:.0f} ms (update worst {max(updates) * 1e3:.0f} ms, "
            f"query worst {max(queries) * 1e3:.0f} ms); states median "
            f"{statistics.median(states):.0f}, max {max(states)}; "
            f"seats past {args.cap} states at steps {r['capped'] or 'none'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
