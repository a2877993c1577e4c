"""What each seat and a spectator may see of 13 Clues (REFERENCE.md §4.7), and no more.

A seat sees its dealt hand and hidden cards, the other seats' mysteries once all are chosen
(never its own), the informant cards it looked up, every public question with its answer,
and a Top Secret question's subject and answer only if it asked or answered it. A spectator
sees only what every seat sees. Everything but Top Secret answers is shown at the end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sleuth.core import GameError, Outcome, View

from .components import Phase, ThirteenCluesConfig
from .notation import SLOT_LETTERS

if TYPE_CHECKING:
    from .rules import Question, ThirteenCluesState


@dataclass(frozen=True)
class SeatView:
    seat: int
    glasses: int
    top_secret: bool
    mystery: tuple[str, ...] | None
    hidden: tuple[str, ...] | None


@dataclass(frozen=True)
class InformantView:
    slot: str
    card: str | None
    looked_by: tuple[int, ...]


@dataclass(frozen=True)
class QuestionView:
    asker: int
    witness: int
    secret: bool
    subject: str | None
    side: str
    answer: int | None


@dataclass(frozen=True)
class AccusationView:
    """Accusations are public with their cards (§4.7 [I]); a failure gives no detail."""

    seat: int
    cards: tuple[str, ...]
    correct: bool


@dataclass(frozen=True)
class ThirteenCluesView(View):
    seat: int | None
    # The rules in play: public to every seat, so bots and samplers rebuild the very game.
    config: ThirteenCluesConfig
    players: int
    phase: Phase
    turn: int | None
    actors: tuple[int, ...]
    colours: tuple[str, ...]
    subjects: tuple[str, ...]
    supply: int
    chosen: tuple[int, ...]
    hand: tuple[str, ...] | None
    seats: tuple[SeatView, ...]
    informants: tuple[InformantView, ...]
    # Every look at an informant, in order, as (seat, slot): which slot a seat takes up is
    # public (REFERENCE §4.7 [D]), also when it looks at one again.
    looks: tuple[tuple[int, str], ...]
    questions: tuple[QuestionView, ...]
    accusations: tuple[AccusationView, ...]
    turns_done: int
    final_after: int
    outcome: Outcome | None

    def render(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        turn = f"seat {self.turn}'s turn" if self.turn is not None else "no turn"
        lines = [
            f"13 Clues, {self.players} players, {who}: phase {self.phase}, {turn}, "
            f"may act: {' '.join(map(str, self.actors)) or 'none'}, turns {self.turns_done}"
            + (f"/{self.final_after}" if self.final_after else ""),
        ]
        if self.hand is not None:
            lines.append(f"hand: {' '.join(self.hand)}")
        for s in self.seats:
            glass = f" glasses {s.glasses}" if self.players > 2 else ""
            token = " [top secret]" if s.top_secret else ""
            mystery = " ".join(s.mystery) if s.mystery else "?"
            hidden = f"  hidden: {' '.join(s.hidden)}" if s.hidden else ""
            lines.append(f"  seat {s.seat}:{glass}{token} mystery: {mystery}{hidden}")
        if self.players > 2:
            lines.append(f"supply: {self.supply}")
        if self.informants:
            lines.append(
                "informants: "
                + " ".join(
                    f"{i.slot}={i.card or '?'}"
                    + (f"({','.join(map(str, i.looked_by))})" if i.looked_by else "")
                    for i in self.informants
                )
            )
        for number, q in enumerate(self.questions, start=1):
            side = f" {q.side}" if q.side else ""
            secret = " (top secret)" if q.secret else ""
            subject = q.subject if q.subject is not None else "?"
            answer = "?" if q.answer is None else str(q.answer)
            lines.append(
                f"  {number}. seat {q.asker} asked {q.witness}: {subject}{side}{secret} = {answer}"
            )
        for a in self.accusations:
            result = "correct" if a.correct else "wrong"
            lines.append(f"accusation by seat {a.seat}: {' '.join(a.cards)}: {result}")
        if self.outcome is not None:
            lines.append(f"over ({self.outcome.reason}): winners {self.outcome.winners}")
        return "\n".join(lines)


def build_view(state: ThirteenCluesState, seat: int | None) -> ThirteenCluesView:
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < state.players):
        raise GameError(f"seat {seat} is not a seat of this {state.players}-player game")
    game = state.game
    names = game.names
    over = state.outcome is not None
    set_up = state.phase != "choose"
    players = range(state.players)
    mysteries, hidden, glasses, tokens = state.mysteries, state.hidden, state.glasses, state.tokens

    def cards(ids: tuple[int, ...] | None) -> tuple[str, ...] | None:
        return None if ids is None else tuple([names[c] for c in ids])

    # A seat sees the other seats' mysteries once all are chosen, never its own.
    others_seen = set_up and seat is not None
    seats = tuple(
        SeatView(
            seat=s,
            glasses=glasses[s] if glasses else 0,
            top_secret=bool(tokens >> s & 1),
            mystery=cards(mysteries[s]) if over or (others_seen and s != seat) else None,
            hidden=cards(hidden[s]) if over or s == seat else None,
        )
        for s in players
    )
    looked = state.looked
    own_looks = looked[seat] if seat is not None else 0
    # Who looked at each slot, from each seat's bits (one pass, not one per slot).
    lookers = [
        tuple(s for s in players if looked[s] >> i & 1) if any(looked) else ()
        for i in range(len(state.informants))
    ]
    informants = tuple(
        InformantView(
            slot=SLOT_LETTERS[i],
            card=names[card] if over or own_looks >> i & 1 else None,
            looked_by=lookers[i],
        )
        for i, card in enumerate(state.informants)
    )
    looks, questions, accusations = _public_log(state)
    # A Top Secret question spends its asker's token: none spent, none asked.
    spent = state.tokens != (1 << state.players) - 1 if game.config.top_secret else False
    if seat is not None and spent and any(q.secret for q in questions):
        questions = tuple(
            QuestionView(q.asker, q.witness, True, q.subject, q.side, q.answer)
            if q.secret and seat in (q.asker, q.witness)
            else public
            for q, public in zip(state.questions, questions, strict=True)
        )
    playing = state.phase in ("take", "play", "final")
    return ThirteenCluesView(
        seat=seat,
        config=state.game.config,
        players=state.players,
        phase=state.phase,
        turn=state.turn if playing else None,
        actors=tuple(sorted(state.actors())),
        colours=game.colours,
        subjects=game.subjects,
        supply=state.supply,
        chosen=tuple(s for s in players if hidden[s] is not None),
        hand=cards(state.hands[seat]) if seat is not None else None,
        seats=seats,
        informants=informants,
        looks=looks,
        questions=questions,
        accusations=accusations,
        turns_done=state.turns_done,
        final_after=game.config.stall_rounds * state.players,
        outcome=state.outcome,
    )


def _public_log(
    state: ThirteenCluesState,
) -> tuple[tuple[tuple[int, str], ...], tuple[QuestionView, ...], tuple[AccusationView, ...]]:
    """Looks, questions and accusations as every seat sees them, caught up with the state's
    log and kept on it (a cache: the log only grows, and what is shown of an entry never
    changes)."""
    looks = state.public_looks
    if len(looks) != len(state.looks):
        done = state.looks[len(looks) :]
        looks = state.public_looks = (*looks, *[(s, SLOT_LETTERS[i]) for s, i in done])
    questions = state.public_questions
    if len(questions) != len(state.questions):
        asked = state.questions[len(questions) :]
        questions = state.public_questions = (
            *questions,
            *[public_question(q) for q in asked],
        )
    accusations = state.public_accusations
    if len(accusations) != len(state.accusations):
        names = state.game.names
        made = state.accusations[len(accusations) :]
        accusations = state.public_accusations = (
            *accusations,
            *[
                AccusationView(
                    a.seat, (names[a.cards[0]], names[a.cards[1]], names[a.cards[2]]), a.correct
                )
                for a in made
            ],
        )
    return looks, questions, accusations


def public_question(q: Question) -> QuestionView:
    """A question as every seat sees it: a Top Secret one without its subject and answer."""
    return QuestionView(
        q.asker,
        q.witness,
        q.secret,
        None if q.secret else q.subject,
        q.side,
        None if q.secret else q.answer,
    )


def hidden_twin(
    state: ThirteenCluesState, seat: int | None, rng: random.Random
) -> ThirteenCluesState | None:
    """A state differing from ``state`` only in what ``seat`` cannot know, or ``None``.

    Swaps two cards of one type that ``seat`` has not seen, lying in two different places of
    the deal (two hands, or a hand and the informants), everywhere they occur; kept only if
    every answer and accusation result ``seat`` saw stays the same. Used by the no-leak check.
    """
    if state.outcome is not None:
        return None
    game = state.game
    known = 0
    if seat is not None:
        for card in state.hands[seat]:
            known |= 1 << card
        if state.phase != "choose":
            known |= state.seen_by(seat)
        for i, card in enumerate(state.informants):
            if state.looked[seat] >> i & 1:
                known |= 1 << card
    place = {card: s for s, hand in enumerate(state.hands) for card in hand}
    place.update({card: -1 for card in state.informants})
    pairs = [
        (x, y)
        for ids in game.by_type
        for x in ids
        for y in ids
        if x < y and not (known >> x | known >> y) & 1 and place[x] != place[y]
    ]
    rng.shuffle(pairs)
    # A swap changes an answer only where the witness saw exactly one of the two cards and
    # the subject holds exactly one of them: test that first, build the twin after.
    seen: dict[tuple[int, str], int] = {}
    checks = []
    for q in state.questions:
        if not q.secret or seat in (q.asker, q.witness):
            key = (q.witness, q.side)
            if key not in seen:
                seen[key] = state.seen_by(q.witness, side=q.side)
            checks.append((seen[key], game.masks[q.subject]))
    for x, y in pairs:
        if any(
            (vis >> x & 1) != (vis >> y & 1) and (mask >> x & 1) != (mask >> y & 1)
            for vis, mask in checks
        ):
            continue
        twin = _swapped(state, x, y)
        if twin.accusations == state.accusations:
            return twin
    return None


def _swapped(state: ThirteenCluesState, x: int, y: int) -> ThirteenCluesState:
    def swap(card: int) -> int:
        return y if card == x else x if card == y else card

    twin = state._copy()
    twin._seen = None  # the cards seen move with the swap
    twin.hands = tuple(tuple(sorted(swap(c) for c in hand)) for hand in state.hands)
    twin.informants = tuple(swap(c) for c in state.informants)
    twin.mysteries = tuple(
        None if m is None else (swap(m[0]), swap(m[1]), swap(m[2])) for m in state.mysteries
    )
    twin.hidden = tuple(None if h is None else tuple(swap(c) for c in h) for h in state.hidden)
    # Answers the seat did not see (Top Secret) follow the new cards.
    twin.questions = tuple(
        q._replace(answer=twin.answer(q.witness, q.subject, q.side)) for q in state.questions
    )
    twin.accusations = tuple(
        a._replace(correct=twin.mysteries[a.seat] == a.cards) for a in state.accusations
    )
    # The public log made afresh from the twin's own, so the check sees it converted too.
    twin.public_questions, twin.public_accusations, twin.public_looks = (), (), ()
    return twin
