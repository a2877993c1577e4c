"""Black Vienna: a seat's position as a model, and its analysis as JSON-ready data.

The position and its JSON format are in ``position``; the analysis that one more answer
refines (for the research envs' features) is in ``beliefs``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from sleuth.core.said import said
from sleuth.deduce.explain import conflicts, explain
from sleuth.deduce.knowledge import (
    Contradiction,
    Explanation,
    Knowledge,
    Question,
    SeatAnalysis,
    Solution,
)
from sleuth.deduce.model import Constraint, Model, PositionError
from sleuth.deduce.queries import Analysis, QuestionValue
from sleuth.i18n import N_

from .components import LETTERS
from .position import (
    GAME,
    HAND_SIZES,
    RING,
    Investigation,
    Position,
    _key,
    _letters,
)
from .views import BlackViennaView

__all__ = [
    "GAME",
    "HAND_SIZES",
    "KNOWLEDGE",
    "LETTERS",
    "RING",
    "BlackViennaAnalysis",
    "Investigation",
    "Position",
    "SeatModel",
    "analyze",
    "black_vienna_position",
    "build_model",
    "seat_model",
]


@dataclass
class SeatModel:
    """The model of a position: unknown cards over the other seats and the ring."""

    position: Position
    model: Model
    seats: tuple[int, ...]  # location index -> seat (the ring is the last location)
    self_conflicts: list[int] = field(default_factory=list)

    def location_name(self, loc: int) -> str:
        return RING if loc == len(self.seats) else str(self.seats[loc])

    def location_of_seat(self, seat: int) -> int:
        return self.seats.index(seat)


def build_model(pos: Position) -> SeatModel:
    """The model of a Black Vienna position."""
    return seat_model(LETTERS, HAND_SIZES[pos.players], pos.seat, pos.hand, pos.investigations, pos)


def seat_model(
    letters: str,
    sizes: Sequence[int],
    seat: int,
    hand: str,
    investigations: Sequence[Investigation],
    position: Position | None = None,
    ring_size: int = 3,
) -> SeatModel:
    """The model of a Black Vienna-like position with any letters and hand sizes (for tests on
    small decks): unknown cards over the other seats (in seat order) and the ring."""
    own = set(hand)
    cards = tuple(ch for ch in letters if ch not in own)
    index = {ch: i for i, ch in enumerate(cards)}
    seats = tuple(s for s in range(len(sizes)) if s != seat)
    caps = (*(sizes[s] for s in seats), ring_size)
    cons: list[Constraint] = []
    self_conflicts: list[int] = []
    for i, inv in enumerate(investigations):
        if inv.target == seat:
            if sum(1 for ch in inv.letters if ch in own) != inv.markers:
                self_conflicts.append(i)
            continue
        unknown = frozenset(index[ch] for ch in inv.letters if ch not in own)
        cons.append(Constraint(frozenset([seats.index(inv.target)]), unknown, inv.markers, i))
    if position is not None and position.ring is not None:
        # Background knowledge (tag -1), never named as an answer in explanations.
        ring = frozenset(index[ch] for ch in position.ring)
        cons.append(Constraint(frozenset([len(seats)]), ring, ring_size))
    locations = (*(str(s) for s in seats), RING)
    model = Model(cards, locations, caps, tuple(cons), None, len(seats))
    if position is None:
        position = Position.__new__(Position)
    return SeatModel(position, model, seats, self_conflicts)


class BlackViennaAnalysis:
    """The exact knowledge of one seat in Black Vienna."""

    def __init__(self, pos: Position, engine: Analysis | None = None) -> None:
        """``engine``: the analysis of a model with exactly the worlds of ``pos``'s (one the
        position's answers add nothing to), shared rather than counted again."""
        self.position = pos
        self.seat_model = build_model(pos)
        self.analysis = Analysis(self.seat_model.model) if engine is None else engine

    @property
    def consistent(self) -> bool:
        return not self.seat_model.self_conflicts and self.analysis.consistent

    @property
    def worlds(self) -> int:
        return self.analysis.worlds if self.consistent else 0

    def card_probabilities(self) -> dict[str, dict[str, float]]:
        sm = self.seat_model
        out: dict[str, dict[str, float]] = {}
        probs = self.analysis.probabilities() if self.consistent else None
        for ch in LETTERS:
            if ch in self.position.hand:
                out[ch] = {str(self.position.seat): 1.0}
            elif probs is None:
                out[ch] = {}
            else:
                row = probs[sm.model.cards.index(ch)]
                out[ch] = {sm.location_name(loc): p for loc, p in sorted(row.items())}
        return out

    def ring(self) -> list[tuple[str, int]]:
        """Every possible ring trio (letters in deck order) with its world count."""
        if not self.consistent:
            return []
        cards = np.array(self.seat_model.model.cards)
        rows, _, cnts = self.analysis.solution_table()
        if rows.shape[0] == 0:
            return []
        # one-letter names side by side, read as one string per row
        width = rows.shape[1]
        names = np.ascontiguousarray(cards.astype("U1")[rows]).view(f"U{width}").ravel()
        return list(zip(names.tolist(), cnts, strict=True))

    def sample(self, rng: random.Random, k: int = 1) -> list[dict[str, object]]:
        """``k`` deals drawn uniformly from those consistent with the position (for bots that
        determinize): each is ``{"hands": [hand of seat 0, ...], "ring": "XYZ"}``."""
        sm = self.seat_model
        if not self.consistent:
            raise ValueError("the position is inconsistent: no deal to sample")
        out: list[dict[str, object]] = []
        for world in self.analysis.sample(rng, k):
            hands: dict[int, list[str]] = {s: [] for s in range(self.position.players)}
            hands[self.position.seat] = list(self.position.hand)
            ring: list[str] = []
            for c, loc in enumerate(world):
                letter = sm.model.cards[c]
                if loc == len(sm.seats):
                    ring.append(letter)
                else:
                    hands[sm.seats[loc]].append(letter)
            order = LETTERS.index
            out.append(
                {
                    "hands": ["".join(sorted(hands[s], key=order)) for s in range(len(hands))],
                    "ring": "".join(sorted(ring, key=order)),
                }
            )
        return out

    def certain(self) -> dict[str, str]:
        """Letter -> location for every letter whose place the seat knows for sure."""
        out = {ch: str(self.position.seat) for ch in self.position.hand}
        if self.consistent:
            sm = self.seat_model
            for c, loc in self.analysis.certain():
                out[sm.model.cards[c]] = sm.location_name(loc)
        return {ch: out[ch] for ch in LETTERS if ch in out}

    def conflict(self) -> tuple[list[int], bool]:
        """A smallest set of answers (indices) that cannot all hold, and whether it is proven
        smallest (it is always irreducible)."""
        sm = self.seat_model
        if sm.self_conflicts:
            return [sm.self_conflicts[0]], True
        return conflicts(sm.model)

    def explain(self, letter: str) -> dict[str, object]:
        """Why the place of ``letter`` is certain: a smallest set of answers implying it."""
        _letters(letter, "explain", 1)
        pos = self.position
        if letter in pos.hand:
            return {
                "card": letter,
                "location": str(pos.seat),
                "reason": N_("own hand"),
                "answers": [],
                "smallest": True,
            }
        where = self.certain().get(letter)
        if where is None:
            return {
                "card": letter,
                "location": None,
                "reason": "not certain",
                "answers": [],
                "smallest": True,
                "ruled_out": self._ruled_out(letter),
            }
        sm = self.seat_model
        loc = sm.model.locations.index(where)
        tags, smallest = explain(sm.model, sm.model.cards.index(letter), loc)
        return {
            "card": letter,
            "location": where,
            "reason": N_("implied by the answers below, the seat's own hand and the hand sizes"),
            "answers": [self._answer_json(i) for i in tags],
            "smallest": smallest,
        }

    def _ruled_out(self, letter: str) -> list[dict[str, object]]:
        """Each place ``letter`` certainly is not, with a smallest set of answers that rules
        it out (empty: the seat's own hand and the hand sizes alone do)."""
        sm = self.seat_model
        if not self.consistent:
            return []
        card = sm.model.cards.index(letter)
        row = self.analysis.probabilities()[card]
        out: list[dict[str, object]] = []
        for loc in range(len(sm.model.locations)):
            if row.get(loc, 0.0) > 0.0:
                continue
            tags, smallest = explain(sm.model, card, loc, present=False)
            out.append(
                {
                    "location": sm.location_name(loc),
                    "answers": [self._answer_json(i) for i in tags],
                    "smallest": smallest,
                }
            )
        return out

    def _answer_json(self, i: int) -> dict[str, object]:
        inv = self.position.investigations[i]
        return {"index": i, "target": inv.target, "letters": inv.letters, "markers": inv.markers}

    @cached_property
    def ring_entropy(self) -> float:
        return self.analysis.solution_entropy() if self.consistent else 0.0

    def question_value(self, letters: str, target: int) -> QuestionValue:
        sm = self.seat_model
        cards = frozenset(
            sm.model.cards.index(ch) for ch in letters if ch not in self.position.hand
        )
        return self.analysis.question_value(frozenset([sm.location_of_seat(target)]), cards)

    def candidate_cards(self) -> tuple[str, ...]:
        if self.position.face_up is not None:
            return self.position.face_up
        used = {_key(inv.letters) for inv in self.position.investigations}
        return tuple(c for c in self.position.deck if _key(c) not in used)

    def questions(self, cards: Sequence[str] | None = None) -> list[dict[str, object]]:
        """Every (card, target) the seat could ask now, most informative about the ring first."""
        if not self.consistent:
            return []
        pairs = [
            (letters, target)
            for letters in (cards if cards is not None else self.candidate_cards())
            for target in self.seat_model.seats
        ]
        sm = self.seat_model
        hand = self.position.hand
        values = self.analysis.question_values(
            [
                (
                    frozenset([sm.location_of_seat(t)]),
                    frozenset(sm.model.cards.index(ch) for ch in letters if ch not in hand),
                )
                for letters, t in pairs
            ]
        )
        out: list[dict[str, object]] = []
        for (letters, target), qv in zip(pairs, values, strict=True):
            total = sum(qv.answers.values())
            out.append(
                {
                    "letters": letters,
                    "target": target,
                    "ring_bits": qv.solution_bits,
                    "answer_entropy": qv.answer_entropy,
                    "answers": {str(a): c / total for a, c in sorted(qv.answers.items())},
                }
            )
        out.sort(key=lambda q: (-float(q["ring_bits"]), -float(q["answer_entropy"])))  # type: ignore[arg-type]
        return out

    def answer_ranking(self, cards: Sequence[str] | None = None) -> list[dict[str, object]]:
        """Every (card, target) the seat could ask now, by the exact entropy of the answer
        (bits); much cheaper than ``questions``, which values information about the ring."""
        if not self.consistent:
            return []
        sm = self.seat_model
        hand = self.position.hand
        pairs = [
            (letters, target)
            for letters in (cards if cards is not None else self.candidate_cards())
            for target in sm.seats
        ]
        dists = self.analysis.answer_distributions(
            [
                (
                    frozenset([sm.location_of_seat(t)]),
                    frozenset(sm.model.cards.index(ch) for ch in letters if ch not in hand),
                )
                for letters, t in pairs
            ]
        )
        out: list[dict[str, object]] = []
        for (letters, target), dist in zip(pairs, dists, strict=True):
            total = sum(dist.values())
            h = -sum(c / total * math.log2(c / total) for c in dist.values())
            out.append(
                {
                    "letters": letters,
                    "target": target,
                    "answer_entropy": h,
                    "answers": {str(a): c / total for a, c in sorted(dist.items())},
                }
            )
        out.sort(key=lambda q: -float(q["answer_entropy"]))  # type: ignore[arg-type]
        return out

    def seat_analysis(
        self, explain_card: str | None = None, questions: bool = False
    ) -> SeatAnalysis:
        """The typed analysis every front reads (``sleuth deduce``, the sheet, the review)."""
        pos = self.position
        if not self.consistent:
            tags, smallest = self.conflict()
            return SeatAnalysis(
                GAME, pos.seat, False, 0, contradiction=Contradiction(tuple(tags), smallest)
            )
        total = self.worlds
        rings = sorted(self.ring(), key=lambda item: (-item[1], item[0]))
        explanation = None
        if explain_card is not None:
            data = self.explain(explain_card)
            answers = data["answers"]
            explanation = Explanation(
                explain_card,
                None if data["location"] is None else str(data["location"]),
                str(data["reason"]),
                tuple(int(a["index"]) for a in answers) if isinstance(answers, list) else (),
                bool(data["smallest"]),
            )
        return SeatAnalysis(
            GAME,
            pos.seat,
            True,
            total,
            cards=self.card_probabilities(),
            solutions=tuple(Solution(tuple(trio), count / total) for trio, count in rings),
            solution_bits=self.ring_entropy,
            certain=self.certain(),
            explanation=explanation,
            questions=self.ranked_questions() if questions else (),
        )

    def beliefs(self) -> SeatAnalysis:
        """What the research envs' features read: ``seat_analysis`` without the certain
        facts, the ring's entropy or the ring's order (the same numbers otherwise)."""
        pos = self.position
        if not self.consistent:
            return SeatAnalysis(GAME, pos.seat, False, 0)
        total = self.worlds
        return SeatAnalysis(
            GAME,
            pos.seat,
            True,
            total,
            cards=self.card_probabilities(),
            solutions=tuple(Solution(tuple(trio), count / total) for trio, count in self.ring()),
        )

    def ranked_questions(self) -> tuple[Question, ...]:
        """Every question of ``questions`` as the typed ``Question`` the fronts read."""
        return tuple(
            Question(
                f"ask {q['target']} {q['letters']}",
                float(str(q["ring_bits"])),
                float(str(q["answer_entropy"])),
                q["answers"] if isinstance(q["answers"], dict) else {},
            )
            for q in self.questions()
        )


def analyze(
    position: Position, explain_card: str | None = None, questions: bool = False
) -> SeatAnalysis:
    """The analysis of a position, as ``sleuth deduce`` gives it."""
    return BlackViennaAnalysis(position).seat_analysis(explain_card, questions)


def black_vienna_position(view: BlackViennaView) -> Position:
    """The position of the view's seat: its hand and every answer given so far, to anyone."""
    if view.seat is None or view.hand is None:
        raise PositionError(said("seat: a spectator has no hand to deduce from"))
    answers = tuple(
        Investigation(inv.target, card, answer)
        for inv in view.investigations
        for card, answer in zip(inv.cards, inv.answers, strict=True)
    )
    face_up = tuple(card for card in view.face_up if card is not None)
    return Position(
        view.players, view.seat, view.hand, answers, view.config.deck, face_up, view.ring
    )


def _believer() -> Callable[[Position], SeatAnalysis]:
    from .beliefs import Believer  # it builds on this module

    return Believer()


KNOWLEDGE: Knowledge[Position] = Knowledge(
    from_view=black_vienna_position,
    from_json=Position.from_json,
    to_json=Position.to_json,
    analyze=analyze,
    beliefs=lambda position: BlackViennaAnalysis(position).beliefs(),
    believer=_believer,
)
