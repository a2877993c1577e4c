"""When seat 0's pool states first reach 2, 10, 100 and 1,000 in one seeded game, and the
game's reshuffles; at 1,000, the pools of the heaviest state.

    PYTHONPATH=src:docs/wip/alibi-knowledge-4 \\
        python docs/wip/alibi-knowledge-4/trace.py 2 deductive 1
"""

from __future__ import annotations

import random
import sys

from bench import BOTS
from pool_events import SeatKnowledge
from pools import PoolKnowledge

from sleuth.games.alibi.rules import Alibi


def main() -> None:
    players, bot, seed = int(sys.argv[1]), BOTS[sys.argv[2]], int(sys.argv[3])
    game = Alibi.configure(players)
    state = game.new(seed)
    seat = SeatKnowledge(state.view(0), game.deck)
    agents = [bot() for _ in range(players)]
    rng = random.Random(seed)
    firsts: dict[int, tuple[int, int, str, list[str]]] = {}
    reshuffles: list[tuple[int, str]] = []
    for step in range(2000):
        actor = state.to_move()
        if state.is_over or actor is None:
            break
        action = agents[actor].act(state.view(actor), state.legal_actions(actor), rng)
        state = state.apply(actor, action)
        events = state.last_events()
        names = [type(e).__name__ for e in events]
        if "NewRound" in names:
            reshuffles.append((step, "new round"))
        elif "DiscardReshuffled" in names:
            reshuffles.append((step, "refill"))
        seat.step(events)
        count = seat.knowledge.size()[0]
        for mark in (2, 10, 100, 1000):
            if count >= mark and mark not in firsts:
                firsts[mark] = (step, count, str(action), names)
        if count >= 1000 and isinstance(seat.knowledge, PoolKnowledge):
            states = seat.knowledge.states
            heaviest = max(states, key=lambda key: float(states[key]))
            print("heaviest state's pools (cards left, slots per place: seats, pile, limbo):")
            for left, slots in heaviest:
                print("   ", sum(left), slots)
            break
    print("reshuffles", reshuffles[:6])
    for mark, first in firsts.items():
        print(mark, first)


if __name__ == "__main__":
    main()
