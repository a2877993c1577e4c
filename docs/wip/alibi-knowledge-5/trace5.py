"""Seat 0 of one seeded game followed by the fourth attempt's pool states and the fifth's
slot-count states with terms, side by side: at each reshuffle and every ``--every`` steps,
the sizes and the time of each update (no queries), until a limit.

    PYTHONPATH=src:docs/wip/alibi-knowledge-4:docs/wip/alibi-knowledge-5 nice -n 10 \\
        python docs/wip/alibi-knowledge-5/trace5.py 2 deductive 1
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from bench import BOTS
from pool_events import SeatKnowledge
from pools import PoolKnowledge
from terms import CrossTermKnowledge, TermKnowledge

from sleuth.games.alibi.rules import Alibi


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("players", type=int)
    parser.add_argument("bot", choices=sorted(BOTS))
    parser.add_argument("seed", type=int)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--limit", type=int, default=20000, help="terms past which to stop")
    parser.add_argument("--cross", action="store_true")
    args = parser.parse_args()
    game = Alibi.configure(args.players)
    state = game.new(args.seed)
    four = SeatKnowledge(state.view(0), game.deck, kind=PoolKnowledge)
    kind = CrossTermKnowledge if args.cross else TermKnowledge
    five = SeatKnowledge(state.view(0), game.deck, kind=kind)  # type: ignore[arg-type]
    agents = [BOTS[args.bot]() for _ in range(args.players)]
    rng = random.Random(args.seed)
    step = 0
    while not state.is_over:
        actor = state.to_move()
        assert actor is not None
        action = agents[actor].act(state.view(actor), state.legal_actions(actor), rng)
        state = state.apply(actor, action)
        step += 1
        events = state.last_events()
        names = {type(e).__name__ for e in events}
        t0 = time.perf_counter()
        if four is not None:
            four.step(events)
        t1 = time.perf_counter()
        five.step(events)
        t2 = time.perf_counter()
        k5 = five.knowledge
        assert isinstance(k5, TermKnowledge)
        terms, most = k5.size()
        mark = names & {"NewRound", "DiscardReshuffled", "Exchanged"}
        if mark or step % args.every == 0 or terms > args.limit:
            n4 = len(four.knowledge.states) if four is not None else "-"
            pools = max(len(p) for p, _ in k5.states)
            vary = Counter(
                sum(1 for col in cols if len(col) > 1)
                for ts in k5.states.values()
                for _, cols in ts
            )
            print(
                f"step {step} {sorted(mark) or ''}: pool states (4th) {n4} "
                f"[{(t1 - t0) * 1e3:.0f} ms]; slot states {len(k5.states)}, terms {terms} "
                f"(most in one {most}), live pools <= {pools}, coordinates {k5.coords}, "
                f"varying columns per term {dict(sorted(vary.items()))} [{(t2 - t1) * 1e3:.0f} ms]",
                flush=True,
            )
        if four is not None and len(four.knowledge.states) > args.limit:
            four = None
        if terms > args.limit:
            heavy = max(k5.states, key=lambda k: len(k5.states[k]))
            print("slot state with most terms (coordinates, slots per place; targets):")
            for coords, _, slots in heavy[0]:
                print("   ", coords, slots)
            print("   ", heavy[1])
            break


if __name__ == "__main__":
    main()
