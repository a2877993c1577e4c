"""How fast and how large the fifth attempt's knowledge (``terms.py``) gets in whole games.

As ``../alibi-knowledge-4/bench.py``: seeded games between ``random`` or ``deductive`` bots,
every seat followed step by step (``SeatKnowledge``), timing each seat-position (the step's
update plus the query of every value's count distribution in every other hand and the pile),
the true hands checked possible. Sizes: states (slot-count keys) and terms. A seat is left
only when one of its positions takes longer than ``--give-up`` seconds (the step is
reported); otherwise whole games.

    PYTHONPATH=src:docs/wip/alibi-knowledge-4:docs/wip/alibi-knowledge-5 nice -n 10 \\
        python docs/wip/alibi-knowledge-5/bench5.py --players 3 --bot deductive --seeds 1 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench import BOTS, query
from pool_events import SeatKnowledge
from terms import CrossTermKnowledge, TermKnowledge

from sleuth.games.alibi.rules import Alibi


def game(
    players: int, bot: str, seed: int, give_up: float, max_steps: int, cross: bool
) -> dict[str, object]:
    kind = CrossTermKnowledge if cross else TermKnowledge
    alibi = Alibi.configure(players)
    state = alibi.new(seed)
    seats: list[SeatKnowledge | None] = [
        SeatKnowledge(state.view(s), alibi.deck, kind=kind)  # type: ignore[arg-type]
        for s in range(players)
    ]
    agents = [BOTS[bot]() for _ in range(players)]
    rng = random.Random(seed)
    times: list[float] = []
    keys: list[int] = []
    terms: list[int] = []
    left: list[tuple[int, int, int, float]] = []
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
            query(seat, state)
            took = time.perf_counter() - started
            times.append(took)
            seat.check(state.view(s))
            k = seat.knowledge
            assert isinstance(k, TermKnowledge)
            keys.append(len(k.states))
            terms.append(k.size()[0])
            if took > give_up:
                seats[s] = None
                left.append((s, steps, terms[-1], took))
    return {
        "steps": steps,
        "over": state.is_over,
        "times": times,
        "keys": keys,
        "terms": terms,
        "left": left,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", choices=sorted(BOTS), default="random")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--give-up", type=float, default=5.0)
    parser.add_argument("--max-steps", type=int, default=100000)
    parser.add_argument("--cross", action="store_true", help="also merge across columns")
    args = parser.parse_args()
    for seed in args.seeds:
        r = game(args.players, args.bot, seed, args.give_up, args.max_steps, args.cross)
        times, keys, terms = r["times"], r["keys"], r["terms"]
        assert isinstance(times, list) and isinstance(keys, list) and isinstance(terms, list)
        print(
            f"{'cross' if args.cross else 'terms'}: {args.players}p {args.bot} seed {seed}: "
            f"{r['steps']} steps"
            f"{' (game over)' if r['over'] else ''}, {len(times)} seat-positions; "
            f"per position median {statistics.median(times) * 1e3:.2f} ms, "
            f"worst {max(times) * 1e3:.0f} ms; states max {max(keys)}, terms median "
            f"{statistics.median(terms):.0f}, max {max(terms)}; "
            f"seats left (seat, step, terms, s): {r['left'] or 'none'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
