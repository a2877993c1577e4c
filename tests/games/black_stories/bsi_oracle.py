"""An exact oracle of one seat's knowledge of Black Stories Investigation's hidden cases.

Written from the rulebook (REFERENCE.md §2.3, §2.4, B4, B5) and not from the engine's model:
it runs the game's own random process over every hidden world the seat cannot tell apart.
A world is every other seat's case and hand and the draw pile (as a set: a pile is a uniform
shuffle, so what is left of it is uniformly ordered). The deal is followed step by step (each
seat draws until a four-evidence card, the pile is reshuffled, three cards each are dealt),
then every play, solve attempt, draw, case drawn after a solve and reshuffle of the discard
pile, each draw branching over every card the pile may hold. A world survives while every
public result (the field, the attempt's result, the cards turned up, whether a seat got a
case) and the seat's own draws are what the seat saw; it weighs its exact probability. The
result is the exact joint posterior of the other seats' current cases, as fractions.

Which card a seat plays, and what it guesses, is taken as given (no hint), as by the engine.
Small decks only: the worlds are listed one by one (a 2-player game of the default deck has
some 25,000; a 3-player one far too many).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from sleuth.agents import Agent, RandomAgent
from sleuth.arena import play_match
from sleuth.core import Action, View, derive_seed
from sleuth.games.black_stories import (
    BlackStoriesInvestigation,
    BlackStoriesView,
    Draw,
    Play,
    Solve,
)
from sleuth.games.black_stories import components as bs
from sleuth.games.black_stories.knowledge import CASES, KNOWLEDGE, posterior
from support.json_access import as_int, as_list, as_str

World = tuple[tuple[int, ...], tuple[int, ...], int]  # cases (-1: none), hand masks, pile mask
HAND = bs.HAND_SIZE


class OracleError(AssertionError):
    """The oracle lost track of the game (a bug of the oracle, or of the game)."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class CaseOracle:
    """One seat's exact posterior of the others' cases, stepped along a game."""

    def __init__(self, game: BlackStoriesInvestigation, view: BlackStoriesView) -> None:
        if view.seat is None or view.hand is None or view.case is None:
            raise ValueError("a seat's view at the start of a game is needed")
        if game.config.guesses != "public":
            raise ValueError("the oracle reads every failed guess (guesses=public)")
        self.game, self.seat, self.players = game, view.seat, game.players
        self.cards = list(game.deck)
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.full = sum(1 << i for i, c in enumerate(self.cards) if c in game.full)
        self.masks = [bs.evidence_mask(c) for c in self.cards]
        self.discard = 0
        self.grids: list[list[int]] = [[] for _ in range(self.players)]
        self.pile_size = len(self.cards) - self.players * (1 + HAND)
        self._drawn = 0
        self.reshuffles = 0
        self.worlds = self._deal(self.index[view.case], self._mask(view.hand))

    def _mask(self, cards: Sequence[str]) -> int:
        return sum(1 << self.index[c] for c in cards)

    # --- the deal --------------------------------------------------------------------------

    def _deal(self, own_case: int, own_hand: int) -> dict[World, int]:
        """Cases drawn seat by seat until a four-evidence card (the smaller ones go under the
        pile, so the top always still holds a case card), the rest reshuffled, hands dealt."""
        small = len(self.cards) - self.full.bit_count()
        drawing: dict[tuple[tuple[int, ...], int], Fraction] = {((), 0): Fraction(1)}
        for _ in range(self.players):
            done: dict[tuple[tuple[int, ...], int], Fraction] = defaultdict(Fraction)
            while drawing:
                more: dict[tuple[tuple[int, ...], int], Fraction] = defaultdict(Fraction)
                for (cases, under), p in drawing.items():
                    fours = [i for i in _bits(self.full) if i not in cases]
                    top = len(fours) + small - under
                    for card in fours:
                        done[(*cases, card), under] += p / top
                    if small > under:
                        more[cases, under + 1] += p * (small - under) / top
                drawing = more
            drawing = dict(done)  # the cards put under the pile stay under it
        everything = (1 << len(self.cards)) - 1
        worlds: dict[World, Fraction] = defaultdict(Fraction)
        for (cases, _), p in drawing.items():
            if cases[self.seat] != own_case:
                continue
            rest = everything & ~sum(1 << c for c in cases)
            if own_hand & ~rest:
                continue
            for hands, pile in self._hands(rest & ~own_hand, 0, own_hand):
                worlds[cases, hands, pile] += p  # every hand alike: a common factor
        scale = lcm(*(p.denominator for p in worlds.values()))
        return {world: int(p * scale) for world, p in worlds.items()}

    def _hands(self, pile: int, seat: int, own: int) -> list[tuple[tuple[int, ...], int]]:
        if seat == self.players:
            return [((), pile)]
        if seat == self.seat:
            return [((own, *hands), rest) for hands, rest in self._hands(pile, seat + 1, own)]
        out = []
        for hand in _subsets(pile, HAND):
            out += [
                ((hand, *hands), rest) for hands, rest in self._hands(pile & ~hand, seat + 1, own)
            ]
        return out

    # --- steps -----------------------------------------------------------------------------

    def step(self, seat: int, action: object, result: str, after: BlackStoriesView) -> None:
        """Follow one step of ``seat`` with its public ``result``; ``after`` is the oracle
        seat's view once it is done (its own hand: the cards it drew)."""
        events = result.split("; ")
        if isinstance(action, Play):
            field = events[0].removeprefix("field ")
            self._play(seat, self.index[action.card], action.target, field)
        elif isinstance(action, Solve):
            # a case not in the deck is nobody's: -2, no card's index nor "no case"
            guess = self.index.get(bs.normalize_evidence(action.guess, "guess", 4), -2)
            success = events[0].startswith("solved ")
            self._attempt(action.target, guess, success)
            if success:
                self._case_draw(action.target, events[1:], after)
        elif isinstance(action, Draw):
            self._draw(seat, self._mask(after.hand or ()), events)
            drew = next(i for i, e in enumerate(events) if e.startswith("drew "))
            drawn = int(events[drew].split()[1])
            if drawn != self._drawn:
                raise OracleError(f"{events[drew]!r}, but the oracle drew {self._drawn}")
            self._case_draw(None, events[drew + 1 :], after)
        else:
            raise OracleError(f"not a Black Stories action: {action!r}")
        self._check(after)

    def _check(self, view: BlackStoriesView) -> None:
        if self.pile_size != view.draw_size or self.discard != self._mask(view.discard):
            raise OracleError("the oracle's piles are not the view's")
        if not self.worlds:
            raise OracleError("no world agrees with what the seat saw")

    def _keep(self, new: dict[World, int], world: World, weight: int) -> None:
        new[world] = new.get(world, 0) + weight

    def _play(self, seat: int, card: int, target: int, field: str) -> None:
        new: dict[World, int] = {}
        bit = 1 << card
        for (cases, hands, pile), w in self.worlds.items():
            if not hands[seat] & bit or cases[target] < 0:
                continue
            matches = (self.masks[card] & self.masks[cases[target]]).bit_count()
            if bs.field_label(matches) != field:
                continue
            changed = tuple(h & ~bit if s == seat else h for s, h in enumerate(hands))
            self._keep(new, (cases, changed, pile), w)
        self.worlds = new
        self.grids[target].append(card)

    def _attempt(self, target: int, guess: int, success: bool) -> None:
        self.worlds = {
            world: w for world, w in self.worlds.items() if (world[0][target] == guess) == success
        }
        if success:
            self.discard |= sum(1 << c for c in self.grids[target]) | 1 << guess
            self.grids[target] = []

    def _reshuffle(self) -> None:
        """The discard pile, face up to all, becomes the draw pile: every world's."""
        self.worlds = {
            (cases, hands, self.discard): w for (cases, hands, _), w in self.worlds.items()
        }
        self.pile_size, self.discard = self.discard.bit_count(), 0
        self.reshuffles += 1

    def _draw(self, seat: int, hand_after: int, events: list[str]) -> None:
        """Draw back to three cards, reshuffling the discard pile when the pile runs out."""
        size = next(iter(self.worlds))[1][seat].bit_count()
        self._drawn = 0
        for _ in range(HAND - size):
            if not self.pile_size:
                if not self.discard:
                    break
                self._reshuffle()
            self._drawn += 1
            new: dict[World, int] = {}
            for (cases, hands, pile), w in self.worlds.items():
                allowed = pile & hand_after & ~hands[seat] if seat == self.seat else pile
                for card in _bits(allowed):  # each card of the pile alike: 1 / pile_size
                    bit = 1 << card
                    changed = tuple(h | bit if s == seat else h for s, h in enumerate(hands))
                    self._keep(new, (cases, changed, pile & ~bit), w)
            self.worlds, self.pile_size = new, self.pile_size - 1

    def _case_draw(self, target: int | None, events: list[str], after: BlackStoriesView) -> None:
        """A seat draws until a four-evidence card: the smaller ones turned up face up (the
        oracle's own seat sees the case it draws)."""
        turned: list[int] = []
        outcome = None
        for event in events:
            words = event.split()
            if words[:1] != ["seat"]:
                continue
            who = int(words[1])
            if target is not None and who != target:
                raise OracleError(f"{event!r} after a solve on seat {target}")
            target = who
            if words[2:4] == ["turns", "up"]:
                turned += [self.index[c] for c in words[4:]]
            else:
                outcome = " ".join(words[2:])
        if target is None:
            return  # no seat drew a case
        if outcome is None:
            raise OracleError(f"no case drawn in {events}")
        if outcome == "has no case":
            self._no_case(target)
            return
        for card in turned:
            if not self.pile_size:
                self._reshuffle()
            bit = 1 << card
            self.worlds = {
                (c, h, pile & ~bit): w for (c, h, pile), w in self.worlds.items() if pile & bit
            }
            self.pile_size -= 1
            self.discard |= bit
        if not self.pile_size:
            self._reshuffle()
        seen = self.full if target != self.seat else 1 << self.index[after.case or ""]
        new: dict[World, int] = {}
        for (cases, hands, pile), w in self.worlds.items():
            for card in _bits(pile & seen):
                changed = tuple(card if s == target else c for s, c in enumerate(cases))
                self._keep(new, (changed, hands, pile & ~(1 << card)), w)
        self.worlds, self.pile_size = new, self.pile_size - 1

    def _no_case(self, target: int) -> None:
        """B4: no four-evidence card in the draw pile nor the discard pile."""
        if self.discard & self.full:
            self.worlds = {}
            return
        self.worlds = {
            (tuple(-1 if s == target else c for s, c in enumerate(cases)), hands, pile): w
            for (cases, hands, pile), w in self.worlds.items()
            if not pile & self.full
        }

    # --- the answer ------------------------------------------------------------------------

    def posterior(self) -> dict[tuple[str, ...], Fraction]:
        """The joint posterior of the other seats' cases (those holding one, in seat order)."""
        total = sum(self.worlds.values())
        out: dict[tuple[str, ...], Fraction] = defaultdict(Fraction)
        for (cases, _, _), w in self.worlds.items():
            key = tuple(self.cards[c] for s, c in enumerate(cases) if s != self.seat and c >= 0)
            out[key] += Fraction(w, total)
        return dict(out)


def _subsets(mask: int, size: int) -> list[int]:
    bits = _bits(mask)
    out: list[int] = []

    def pick(start: int, chosen: int, left: int) -> None:
        if not left:
            out.append(chosen)
            return
        for k in range(start, len(bits) - left + 1):
            pick(k + 1, chosen | 1 << bits[k], left - 1)

    pick(0, 0, size)
    return out


@dataclass(frozen=True)
class Agreement:
    """One position of one seat: whether the engine's posterior is the oracle's, exactly
    (to 1e-9 per joint case), and what the seat had seen (a reshuffle yet or not)."""

    seat: int
    reshuffled: bool
    exact: bool
    engine: Mapping[tuple[str, ...], float]
    oracle: Mapping[tuple[str, ...], Fraction]


def engine_posterior(view: BlackStoriesView) -> dict[tuple[str, ...], float]:
    """The engine's joint posterior of the other seats' cases, keyed as the oracle's."""
    analysis = KNOWLEDGE.analyze(KNOWLEDGE.from_view(view), None, False)
    return {
        tuple(card.replace("/", "+") for card in s.cards): s.probability
        for s in analysis.solutions
        if s.probability > 0
    }


def agree(
    engine: Mapping[tuple[str, ...], float], oracle: Mapping[tuple[str, ...], Fraction]
) -> bool:
    keys = set(engine) | set(oracle)
    return all(abs(engine.get(k, 0.0) - float(oracle.get(k, 0))) < 1e-9 for k in keys)


def replay_and_compare(
    game: BlackStoriesInvestigation, seed: int, steps: Sequence[tuple[int, str]]
) -> list[Agreement]:
    """Every seat's every position along a game (``steps``: seat and public action, as a
    record holds them), the engine against the oracle."""
    state = game.new(seed)
    oracles = [CaseOracle(game, state.view(seat)) for seat in range(game.players)]
    out = []
    for mover, text in steps:
        action = game.parse_action(text)
        state = state.apply(mover, action)
        for seat, oracle in enumerate(oracles):
            view = state.view(seat)
            oracle.step(mover, action, state.last_result(), view)
            if state.outcome is None:
                engine, exact = engine_posterior(view), oracle.posterior()
                out.append(
                    Agreement(seat, oracle.reshuffles > 0, agree(engine, exact), engine, exact)
                )
    return out


def play_and_compare(
    game: BlackStoriesInvestigation, seed: int, agents: Sequence[Agent]
) -> list[Agreement]:
    """A game of ``agents`` (their generators from the seed), compared at every position."""
    streams = [derive_seed(seed, "agent", seat) for seat in range(game.players)]
    record = play_match(game, agents, seed, bot_seeds=streams).record
    steps = [
        (as_int(as_list(step)[0]), as_str(as_list(step)[1])) for step in as_list(record["steps"])
    ]
    return replay_and_compare(game, seed, steps)


class BlindAgent(RandomAgent):
    """Random plays, and one turn in four a solve attempt on a random seat guessing a case
    its grid allows: blind to every hidden card, and slow to end a game, so that the piles
    run out even with the default deck."""

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, BlackStoriesView) or view.seat is None:
            raise TypeError("a seat's Black Stories view is needed")
        if view.phase != "solve":
            return legal[rng.randrange(len(legal))]
        targets = [t for t in range(view.players) if t != view.seat and view.has_case[t]]
        if not view.unused[view.seat] or not targets or rng.random() >= 0.25:
            return Draw()
        target = rng.choice(targets)
        clues = [{"evidence": p.card.split("+"), "field": p.field} for p in view.grids[target]]
        cases = posterior({"cards": clues}) or list(CASES)
        guess = "/".join(cases[rng.randrange(len(cases))])
        return Solve(target, guess, rng.choice(view.unused[view.seat]))
