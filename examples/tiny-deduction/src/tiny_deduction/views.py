"""What a seat, or a spectator, may see of Tiny Deduction, and nothing more.

A view is built field by field from the state: its own hand, the face-up cards and what was
said aloud. Never in a view before the end: another seat's hand or the culprit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sleuth.core import GameError, Outcome, View

from .components import Accusation, Question, TinyConfig, answer, spoken

if TYPE_CHECKING:
    from .rules import TinyState


@dataclass(frozen=True)
class TinyView(View):
    seat: int | None
    config: TinyConfig  # the rules in play are public: a bot rebuilds the game from them
    suspects: str
    hand: str | None
    hand_size: int
    face_up: str
    turn: int | None
    questions_left: tuple[int, ...]
    out: tuple[int, ...]
    questions: tuple[Question, ...]
    accusations: tuple[Accusation, ...]
    culprit: str | None  # once the game is over
    outcome: Outcome | None

    def render(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        turn = "over" if self.turn is None else f"seat {self.turn} to move"
        lines = [
            f"Tiny Deduction, {self.config.players} players, {who}: {turn}",
            f"suspects: {self.suspects}   each hand: {self.hand_size}   "
            f"face up: {self.face_up or 'none'}",
            f"questions left: {' '.join(map(str, self.questions_left))}   "
            f"out: {' '.join(map(str, self.out)) or 'none'}",
        ]
        if self.hand is not None:
            lines.append(f"your hand: {self.hand}")
        for q in self.questions:
            said = spoken(q.answer, self.config.answers)
            lines.append(f"  seat {q.asker} asked seat {q.target} about {q.pair}: {said}")
        for a in self.accusations:
            lines.append(
                f"  seat {a.seat} accused {a.suspect}: {'right' if a.correct else 'wrong'}"
            )
        if self.culprit is not None:
            lines.append(f"culprit: {self.culprit}")
        if self.outcome is not None:
            scores = " ".join(map(str, self.outcome.scores))
            lines.append(f"over ({self.outcome.reason}): scores {scores}")
        return "\n".join(lines)


def build_view(state: TinyState, seat: int | None) -> TinyView:
    game = state.game
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
        raise GameError(f"seat {seat!r} is not a seat of this {game.players}-player game")
    over = state.outcome is not None
    return TinyView(
        seat=seat,
        config=game.config,
        suspects=game.suspects,
        hand=state.hands[seat] if seat is not None else None,
        hand_size=game.hand_size,
        face_up=state.face_up,
        turn=state.to_move(),
        questions_left=tuple(game.config.questions - n for n in state.asked),
        out=state.out,
        questions=state.questions,
        accusations=state.accusations,
        culprit=state.culprit if over else None,
        outcome=state.outcome,
    )


def hidden_twin(state: TinyState, seat: int | None, rng: random.Random) -> TinyState | None:
    """Another deal that ``seat`` cannot tell from this one, or ``None`` if there is none.

    Swaps two cards between two places ``seat`` cannot see (other hands and the culprit)
    such that every answer and accusation result stays as it was. The conformance harness
    checks that ``seat``'s view of both states is the same: that the view leaks nothing.
    """
    if state.outcome is not None:
        return None
    places = [*state.hands, state.culprit]  # the culprit is the last place
    hidden = [(p, card) for p in range(len(places)) if p != seat for card in places[p]]
    pairs = [(a, b) for i, a in enumerate(hidden) for b in hidden[i + 1 :] if a[0] != b[0]]
    rng.shuffle(pairs)
    for (place_a, card_a), (place_b, card_b) in pairs:
        swapped = list(places)
        swapped[place_a] = "".join(sorted(swapped[place_a].replace(card_a, card_b)))
        swapped[place_b] = "".join(sorted(swapped[place_b].replace(card_b, card_a)))
        hands, culprit = tuple(swapped[:-1]), swapped[-1]
        if _fits(state, hands, culprit):
            twin = state._copy()
            twin.hands, twin.culprit = hands, culprit
            return twin
    return None


def _fits(state: TinyState, hands: tuple[str, ...], culprit: str) -> bool:
    """Whether the deal ``hands`` and ``culprit`` gives every public answer given so far."""
    mode = state.game.config.answers
    return all(answer(hands[q.target], q.pair, mode) == q.answer for q in state.questions) and all(
        (a.suspect == culprit) == a.correct for a in state.accusations
    )
