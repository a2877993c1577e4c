"""Direct enumeration of the 13 Clues deals (mysteries and hidden cards) a seat cannot tell
apart, six players with no informants, from the rules' own data: a count per card seen
(``support.review_oracle``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, product

import numpy as np

from sleuth.games.thirteen_clues.rules import ThirteenCluesState


def _pairings(count: int, seats: int) -> np.ndarray:
    """Every way to give ``count`` cards two to each of ``seats`` seats: row r, column j is
    the seat (0-based among them) that holds card j."""
    rows: list[list[int]] = []

    def deal(left: list[int], seat: int, row: list[int]) -> None:
        if seat == seats:
            rows.append(row[:])
            return
        for pair in combinations(left, 2):
            for j in pair:
                row[j] = seat
            deal([j for j in left if j not in pair], seat + 1, row)

    deal(list(range(count)), 0, [0] * count)
    return np.array(rows, dtype=np.int8)


def tc_mystery_counts(
    states: Sequence[ThirteenCluesState], seat: int
) -> list[Counter[tuple[int, ...]]]:
    """For each state (all with every mystery chosen), the deals by the seat's own mystery
    that fit what the seat saw: the other seats' hidden pairs and its mystery are unknown."""
    game = states[0].game
    n = states[0].players
    others = [s for s in range(n) if s != seat]
    first = states[0]
    seen = set(first.hidden[seat] or ())
    for other in others:
        seen |= set(first.mysteries[other] or ())
    unknown = [c for c in range(len(game.cards)) if c not in seen]
    by_type = [[c for c in unknown if game.cards[c].type == t] for t in range(3)]
    pairings = _pairings(len(unknown) - 3, len(others))
    out = [Counter[tuple[int, ...]]() for _ in states]
    for trio in product(*by_type):
        rest = [c for c in unknown if c not in trio]
        alive = np.ones(len(pairings), dtype=bool)
        checked = (0, 0)
        for index, state in enumerate(states):
            questions = [q for q in state.questions if not q.secret or seat in (q.asker, q.witness)]
            for q in questions[checked[0] :]:
                if q.witness == seat:
                    continue
                mask = game.masks[q.subject]
                known = sum(
                    (mask >> c & 1)
                    for owner in range(n)
                    if owner != q.witness
                    for c in (trio if owner == seat else state.mysteries[owner] or ())
                )
                cards = np.array([mask >> c & 1 for c in rest], dtype=np.int8)
                held = pairings == others.index(q.witness)
                alive &= (held * cards).sum(axis=1) == q.answer - known
            for accusation in state.accusations[checked[1] :]:
                if accusation.seat == seat:
                    if not accusation.correct and tuple(accusation.cards) == trio:
                        alive[:] = False
                    continue
                if any(c in trio for c in accusation.cards):
                    alive[:] = False  # the accuser sees the seat's mystery: never names it
                named = [rest.index(c) for c in accusation.cards if c in rest]
                holder = others.index(accusation.seat)
                for j in named:
                    alive &= pairings[:, j] != holder
            checked = (len(questions), len(state.accusations))
            out[index][tuple(trio)] += int(alive.sum())
    return out
