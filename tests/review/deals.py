"""Direct enumeration of the deals a seat cannot tell apart, from the rules' own data.

Each counts whole deals (ring and hands; cases; mysteries and hidden cards) that agree with
everything the seat saw, computing each answer as the rules do (a marker per letter held, a
field per matching piece of evidence, a count per card seen), with no part of the deduction
engine or of the games' knowledge modules: an oracle that can disagree with them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, product

import numpy as np

from sleuth.games.black_stories import components as bs
from sleuth.games.black_stories.rules import BlackStoriesState
from sleuth.games.black_vienna import components as bv
from sleuth.games.black_vienna.rules import BlackViennaState
from sleuth.games.thirteen_clues.rules import ThirteenCluesState


def entropy(counts: Sequence[int]) -> float:
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c)


# --- Black Vienna, three players ------------------------------------------------------------


def bv_answers(state: BlackViennaState) -> list[tuple[int, int, int]]:
    """Every answer given so far: (target, card letters as a mask, markers)."""
    return [
        (inv.target, bv.letters_mask(card), answer)
        for inv in state.log
        for card, answer in zip(inv.cards, inv.answers, strict=True)
    ]


def bv_ring_counts(
    hand: int, seat: int, sizes: Sequence[int], answers: Sequence[tuple[int, int, int]]
) -> list[Counter[int]]:
    """For each number k of answers, the deals (by ring mask) that agree with the first k.

    Three players: the ring takes 3 of the letters the seat does not hold, the next seat
    ``a`` any ``sizes[a]`` of the rest, the last seat the others."""
    a, b = (s for s in range(len(sizes)) if s != seat)
    unknown = [i for i in range(len(bv.LETTERS)) if not hand >> i & 1]
    out = [Counter[int]() for _ in range(len(answers) + 1)]
    rest_size = len(unknown) - bv.RING_SIZE
    picks = np.array(list(combinations(range(rest_size), sizes[a])), dtype=np.int64)
    for ring in combinations(unknown, bv.RING_SIZE):
        ring_mask = sum(1 << i for i in ring)
        rest = np.array([1 << i for i in unknown if i not in ring], dtype=np.int64)
        hand_a = rest[picks].sum(axis=1)
        hand_b = int(rest.sum()) - hand_a
        alive = np.ones(len(picks), dtype=bool)
        out[0][ring_mask] += len(picks)
        for k, (target, card, markers) in enumerate(answers, start=1):
            if target == a:
                alive &= np.bitwise_count(hand_a & card) == markers
            elif target == b:
                alive &= np.bitwise_count(hand_b & card) == markers
            elif (hand & card).bit_count() != markers:  # the seat's own answer
                alive[:] = False
            out[k][ring_mask] += int(alive.sum())
    return out


# --- Black Stories Investigation ------------------------------------------------------------


def bs_joint(state: BlackStoriesState, seat: int) -> tuple[list[int], list[tuple[str, ...]]]:
    """The opponents holding a case (in seat order) and every assignment of distinct
    four-evidence cards to them that fits what ``seat`` sees now and saw of the piles: a
    case is a card of the pile it was drawn from (the deal's, or a reshuffle's, whose cards
    every seat saw face up on the discard pile), the last pile each card went into."""

    def pile(card: str) -> int:
        return max((i + 1 for i, cards in enumerate(state.reshuffled) if card in cards), default=0)

    game = state.game
    full = [c for c in game.deck if c.count("+") == bs.FULL_EVIDENCE - 1]
    visible = {*state.hands[seat], *state.discard}
    visible |= {card for grid in state.grids for card, _ in grid}
    own_case = state.cases[seat]
    if own_case is not None:
        visible.add(own_case)
    public = game.config.guesses != "private"
    order = [t for t in range(state.players) if t != seat and state.cases[t] is not None]
    options = []
    for target in order:
        last_solve = max(
            (i for i, a in enumerate(state.attempts) if a.target == target and a.success),
            default=-1,
        )
        failed = {
            a.guess.replace("/", "+")
            for a in state.attempts[last_solve + 1 :]
            if a.target == target and not a.success and (public or a.seat == seat)
        }
        options.append(
            [
                case
                for case in full
                if case not in visible
                and case not in failed
                and pile(case) == pile(state.cases[target] or "")
                and all(
                    bs.field_label((game.masks[card] & bs.evidence_mask(case)).bit_count()) == field
                    for card, field in state.grids[target]
                )
            ]
        )
    joint = [combo for combo in product(*options) if len(set(combo)) == len(combo)]
    return order, joint


# --- 13 Clues, six players (no informants) --------------------------------------------------


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
