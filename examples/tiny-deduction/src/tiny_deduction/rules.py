"""Tiny Deduction's rules: the deal, questions with public answers, and accusations.

One suspect card is put aside face down: the culprit. The others are dealt evenly, and
the cards left over lie face up. In turn, each player either asks another player about two
suspects (the answer, given aloud, is how many of the two he holds, or with
``answers=yes-no`` whether he holds any) or accuses a suspect. A correct accusation wins,
scoring 1 plus the questions the winner had left; a wrong one puts the accuser out (he
still answers questions). A player who has asked all his questions must accuse. If every
accusation is wrong, nobody wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from sleuth.core import Game, Outcome, State, make_rng
from sleuth.core.actions import ActionList
from sleuth.core.events import Event, notations, public
from sleuth.core.protocol import Termination
from sleuth.core.serialize import JSONValue
from sleuth.i18n import N_

from .catalogue import said
from .components import (
    Accusation,
    Question,
    TinyConfig,
    answer,
    hand_size,
    suspect_names,
)
from .events import Accused, Answered
from .notation import ACTION_TYPES, Accuse, Ask, TinyAction, parse_action
from .views import TinyView, build_view, hidden_twin


class TinyEnd(Termination):
    SOLVED = N_("solved: a correct accusation")
    UNSOLVED = N_("unsolved: every accusation was wrong")


class TinyDeduction(Game[TinyConfig]):
    name = "tiny-deduction"
    aliases = ("tiny",)
    title = "Tiny Deduction"
    min_players = 2
    max_players = 4
    rules_version = "tiny-1"
    config_type = TinyConfig
    action_types = ACTION_TYPES
    view_type = TinyView
    termination_type = TinyEnd

    def __init__(self, config: TinyConfig) -> None:
        super().__init__(config)
        self.suspects = suspect_names(config)
        self.hand_size = hand_size(config)
        # The actions never change, only which of them a seat may take: made once.
        pairs = ["".join(pair) for pair in combinations(self.suspects, 2)]
        self.asks = tuple(
            tuple(Ask(t, pair) for t in range(self.players) if t != seat for pair in pairs)
            for seat in range(self.players)
        )
        self.accusations = tuple(Accuse(suspect) for suspect in self.suspects)

    def new(self, seed: int) -> TinyState:
        cards = list(self.suspects)
        make_rng(seed, "deal").shuffle(cards)
        culprit, rest = cards[0], cards[1:]
        size = self.hand_size
        hands = tuple("".join(sorted(rest[s * size : (s + 1) * size])) for s in range(self.players))
        face_up = "".join(sorted(rest[self.players * size :]))
        return TinyState(self, hands, culprit, face_up, asked=(0,) * self.players)

    def _parse_action(self, text: str) -> TinyAction:
        return parse_action(text, self.suspects)


@dataclass(slots=True, eq=False, repr=False)
class TinyState(State):
    """One position: the whole truth. ``apply`` (in ``State``) checks every action, then
    calls ``_apply`` here on a copy, so a state never changes once made."""

    game: TinyDeduction
    hands: tuple[str, ...]
    culprit: str
    face_up: str
    asked: tuple[int, ...]  # questions asked so far, by seat
    turn: int = 0
    out: tuple[int, ...] = ()  # seats that accused wrongly
    questions: tuple[Question, ...] = ()
    accusations: tuple[Accusation, ...] = ()
    events: tuple[Event, ...] = ()  # what the step that led here did
    _outcome: Outcome | None = None

    def __repr__(self) -> str:  # never the hidden cards: a repr ends up in logs
        return f"<TinyState turn={self.turn} questions={len(self.questions)} out={self.out}>"

    def actors(self) -> frozenset[int]:
        return frozenset() if self._outcome else frozenset({self.turn})

    def to_move(self) -> int | None:
        return None if self._outcome else self.turn

    def _legal_actions(self, seat: int) -> Sequence[TinyAction]:
        if seat not in self.actors():
            return ()
        may_ask = self.asked[seat] < self.game.config.questions
        return ActionList([self.game.asks[seat] if may_ask else (), self.game.accusations])  # type: ignore[return-value]

    def _why_illegal(self, seat: int, action: TinyAction) -> str | None:
        if seat in self.actors() and isinstance(action, Ask):
            if self.asked[seat] >= self.game.config.questions:
                return said(
                    "seat %(seat)s has asked all %(count)s questions and must accuse",
                    seat=seat,
                    count=self.asked[seat],
                )
            if action.target == seat:
                return said("a player does not ask himself")
            return said("there is no seat %(seat)s", seat=action.target)
        return None  # the base class says whose turn it is

    def _apply(self, seat: int, action: TinyAction) -> TinyState:
        state = self._copy()
        if isinstance(action, Ask):
            mode = self.game.config.answers
            reply = answer(self.hands[action.target], action.pair, mode)
            state.questions = (*self.questions, Question(seat, action.target, action.pair, reply))
            state.asked = tuple(n + 1 if s == seat else n for s, n in enumerate(self.asked))
            state.events = (Answered(seat, action.target, action.pair, reply, mode),)
        else:
            correct = action.suspect == self.culprit
            state.accusations = (*self.accusations, Accusation(seat, action.suspect, correct))
            state.events = (Accused(seat, action.suspect, correct),)
            if correct:
                left = self.game.config.questions - self.asked[seat]
                scores = tuple(1 + left if s == seat else 0 for s in range(self.game.players))
                state._outcome = Outcome(scores, (seat,), TinyEnd.SOLVED)
                return state
            state.out = tuple(sorted((*self.out, seat)))
            if len(state.out) == self.game.players:
                state._outcome = Outcome((0,) * self.game.players, (), TinyEnd.UNSOLVED)
                return state
        state.turn = next(
            s
            for step in range(1, self.game.players + 1)
            if (s := (seat + step) % self.game.players) not in state.out
        )
        return state

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def last_events(self) -> tuple[Event, ...]:
        return self.events

    def last_result(self) -> str:
        # The record's text of the step: its public events' notations (here all of them).
        return notations(public(self.events))

    def reveal(self) -> Mapping[str, JSONValue]:
        return {"culprit": self.culprit, "hands": list(self.hands), "face_up": self.face_up}

    def view(self, seat: int | None) -> TinyView:
        return build_view(self, seat)

    def hidden_twin(self, seat: int | None, rng: random.Random) -> TinyState | None:
        return hidden_twin(self, seat, rng)
