"""13 Clues' review part: how sure each seat was of its own mystery, step by step.

A seat's position is the one ``sleuth deduce`` reads from its view (its hidden cards, the
mysteries it sees, the informants it looked up, every answer and accusation); before every
mystery is chosen there is none. The probabilities weigh every consistent deal alike, exact
for mysteries picked at random and an assumption when seats choose them (the deal model the
analysis names).

A witness question is valued exactly by the engine's ranking of every (witness, subject);
a look at an informant by conditioning on each card the slot may hold. The best question is
the best witness question, or the look made where that was better. A game of 13 Clues has
no points: a right accusation wins, and the review counts a win as 1 point.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace

from sleuth.core.errors import EntryError
from sleuth.core.notebook import Entry, Numbered
from sleuth.core.protocol import State
from sleuth.deduce.knowledge import SeatAnalysis
from sleuth.deduce.model import PositionError
from sleuth.deduce.review import (
    ATTEMPT,
    OTHER,
    QUESTION,
    Choice,
    Frame,
    Move,
    ReviewPart,
    SessionFrames,
    Truth,
)
from sleuth.i18n import N_

from .components import Phase
from .entries import Accusation, Setup
from .knowledge import ThirteenCluesAnalysis, thirteen_clues_position
from .notation import Accuse, Ask, Look
from .notebook import GRAMMAR
from .rules import ThirteenCluesState

OWN = N_("its mystery")
_WHOLE = (0, 1, 2)

# A position as its canonical JSON text: hashable, so that the review analyses it once.
Position = str


def _state(state: State) -> ThirteenCluesState:
    if not isinstance(state, ThirteenCluesState):
        raise TypeError("a 13 Clues review reads 13 Clues states")
    return state


def as_position(data: Mapping[str, object]) -> Position:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def position(state: State, seat: int) -> Position | None:
    try:
        return as_position(thirteen_clues_position(_state(state).view(seat)))
    except PositionError:
        return None  # the mysteries are not chosen yet: nothing to deduce


def analyze_position(pos: Position, questions: bool) -> SeatAnalysis:
    return ThirteenCluesAnalysis(json.loads(pos)).seat_analysis(None, questions)


def mystery_truth(cards: Sequence[str]) -> Truth:
    return Truth(tuple(cards), {OWN: _WHOLE})


def truth(state: State, final: State, seat: int) -> Truth | None:
    game_state = _state(state)
    trio = game_state.mysteries[seat]
    if trio is None:
        return None
    names = [card.name for card in game_state.game.cards]
    return mystery_truth([names[c] for c in trio])


def move(before: State, after: State, seat: int, text: str) -> Move:
    action = _state(before).game.parse_action(text)
    if isinstance(action, Ask | Look):
        return Move(QUESTION)
    if isinstance(action, Accuse):
        correct = _state(after).accusations[-1].correct
        return Move(ATTEMPT, OWN, action.cards, correct, 1.0 if correct else 0.0)
    return Move(OTHER)


def stakes(state: State, seat: int) -> Mapping[str, float]:
    """A right accusation wins (1 point); one may be made on one's own turn only."""
    game_state = _state(state)
    if game_state.phase in (Phase.PLAY, Phase.FINAL) and game_state.turn == seat:
        return {OWN: 1.0}
    return {}


def informant_information(pos: Position, slot: str) -> float:
    """The exact information (bits) about the seat's mystery of looking at ``slot``."""
    data = json.loads(pos)
    now = ThirteenCluesAnalysis(data)
    if not now.consistent:
        return 0.0
    where = f"informant:{slot}"
    if where not in now.model.locations:
        return 0.0  # looked at before: nothing new
    probabilities = now.analysis.probabilities()
    column = now.model.locations.index(where)
    expected = 0.0
    for card, row in zip(now.model.cards, probabilities, strict=True):
        p = row.get(column, 0.0)
        if p <= 0:
            continue
        seen = dict(data.get("informants", {}))
        seen[slot] = card
        after = ThirteenCluesAnalysis({**data, "informants": seen})
        expected += p * after.analysis.solution_entropy()
    return max(0.0, now.analysis.solution_entropy() - expected)


def judge(pos: Position, analysis: SeatAnalysis, text: str) -> Choice | None:
    words = text.split()
    if words[0] == "look":
        made = informant_information(pos, words[1])
    else:
        asked = " ".join(w for w in words if w != "secret")
        found = next((q.solution_bits for q in analysis.questions if q.action == asked), None)
        if found is None:
            return None  # a question about a type (an option): the engine does not value it
        made = found
    ranked = analysis.questions
    if ranked and ranked[0].solution_bits > made:
        return Choice("bits", made, ranked[0].solution_bits, ranked[0].action)
    return Choice("bits", made, made, text)


def session_frames(setup: object, entries: Sequence[object]) -> SessionFrames[str]:
    """The review's frames of a session: the position after each entry (none until every
    mystery is in), the seat's own mystery from its ``solution`` entry, and its own wrong
    accusations as attempts. A session names no asker, so no question is judged."""
    if not isinstance(setup, Setup) or not all(isinstance(e, Entry) for e in entries):
        raise EntryError("not a 13 Clues session")
    numbered: list[Numbered] = [
        (n, e) for n, e in enumerate(entries, start=1) if isinstance(e, Entry)
    ]
    mystery = GRAMMAR.fold(setup, numbered).solution
    if mystery is None:
        raise EntryError(
            "enter your mystery first, once it is revealed: solution PERSON LOCATION WEAPON"
        )
    frames = []
    for k in range(len(numbered) + 1):
        entry = numbered[k - 1][1] if k else None
        text = N_("(your hidden cards)") if entry is None else entry.text()
        frame = make_frame(k, text, GRAMMAR.fold(setup, numbered[:k]).position, mystery)
        if isinstance(entry, Accusation) and entry.player == setup.seat:
            frame = replace(
                frame, seat=setup.seat, move=Move(ATTEMPT, OWN, entry.cards, False, 0.0)
            )
        frames.append(frame)
    return SessionFrames(setup.seat, tuple(frames))


def make_frame(
    step: int, text: str, data: Mapping[str, object] | None, mystery: Sequence[str] | None
) -> Frame[Position]:
    return Frame(
        step,
        None,
        text,
        "",
        None if data is None else as_position(data),
        None if mystery is None else mystery_truth(mystery),
    )


REVIEW: ReviewPart[Position] = ReviewPart(
    exact=True,
    method=N_(
        "exact under a uniform choice of the mysteries: every deal that fits the seat's view "
        "weighs alike (an assumption where seats chose their mysteries)"
    ),
    solution=N_("each seat's own mystery"),
    position=position,
    analyze=analyze_position,
    truth=truth,
    move=move,
    judge=judge,
    stakes=stakes,
    session=session_frames,
)
