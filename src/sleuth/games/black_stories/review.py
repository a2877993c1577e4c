"""Black Stories Investigation's review part: how sure each seat was of the opponents' cases.

The solution a seat deduces is every opponent's case at once (the analysis weighs them
jointly: two seats never hold one card); each opponent's case is a target of its own, named
"seat N's case", and a stretch of it lasts until the case is solved (the opponent then draws
a new one). A seat's probability of the truth is that of the joint assignment; the
probability of a solve attempt being right is that of its guess for its target's case.

A card played is a question: its field tells the seat about the cases; it is valued exactly
as the information its field gives about the joint assignment, against every card of the
seat's hand played to every opponent holding a case. A right solve scores the drops of the
investigation card plus max(0, 6 - cards at the grid); the stake of a seat in its solve step
is that with its biggest investigation card left.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import log2

from sleuth.core.errors import EntryError
from sleuth.core.notebook import Entry, Numbered
from sleuth.core.protocol import State
from sleuth.deduce.knowledge import SeatAnalysis
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

from . import components as bs
from .components import Phase
from .knowledge import BlackStoriesPosition, analyze, case_name, joint_cases, matches, position_of
from .notation import Play, Solve, parse_action
from .notebook import GRAMMAR, Setup, Solved
from .rules import BlackStoriesState


def target_name(seat: int) -> str:
    return f"seat {seat}'s case"


@dataclass(frozen=True)
class CasePosition:
    """What a seat knows of the cases (the knowledge position as canonical JSON, hashable)
    and the cards in its hand, which are the questions it may ask."""

    clues: str
    hand: tuple[str, ...] = ()

    @classmethod
    def of(cls, position: BlackStoriesPosition, hand: Sequence[str] = ()) -> CasePosition:
        return cls(json.dumps(position.to_json(), sort_keys=True), tuple(hand))

    def knowledge(self) -> BlackStoriesPosition:
        return BlackStoriesPosition.from_json(json.loads(self.clues))


def _state(state: State) -> BlackStoriesState:
    if not isinstance(state, BlackStoriesState):
        raise TypeError("a Black Stories review reads Black Stories states")
    return state


def position(state: State, seat: int) -> CasePosition:
    view = _state(state).view(seat)
    return CasePosition.of(position_of(view), view.hand or ())


def analyze_position(pos: CasePosition, questions: bool) -> SeatAnalysis:
    return analyze(pos.knowledge(), None, questions)


def cases_truth(cases: Mapping[int, str | None]) -> Truth:
    """The truth of the opponents' cases, in seat order (``None``: a case not known)."""
    order = sorted(cases)
    return Truth(
        tuple(None if cases[t] is None else case_name(str(cases[t]).split("+")) for t in order),
        {target_name(t): (i,) for i, t in enumerate(order)},
    )


def truth(state: State, final: State, seat: int) -> Truth:
    game_state = _state(state)
    return cases_truth(
        {t: c for t, c in enumerate(game_state.cases) if t != seat and c is not None}
    )


def move(before: State, after: State, seat: int, text: str) -> Move:
    action = parse_action(text)
    if isinstance(action, Play):
        return Move(QUESTION)
    if isinstance(action, Solve):
        attempt = _state(after).attempts[-1]
        return Move(
            ATTEMPT,
            target_name(action.target),
            (action.guess,),
            attempt.success,
            float(attempt.points),
        )
    return Move(OTHER)


def stakes(state: State, seat: int) -> Mapping[str, float]:
    game_state = _state(state)
    if game_state.phase != Phase.SOLVE or game_state.turn != seat:
        return {}
    drops = game_state.unused[seat]
    if not drops:
        return {}
    out: dict[str, float] = {}
    for target in game_state.targets(seat):
        points = max(drops) + max(0, bs.SOLVE_BASE - len(game_state.grids[target]))
        if game_state.pool is not None:
            points = min(points, game_state.pool)
        out[target_name(target)] = float(points)
    return out


def play_information(
    joint: Sequence[tuple[tuple[str, ...], ...]], order: Sequence[int], card: str, target: int
) -> float:
    """The exact information (bits) about the cases of the field ``card`` lands in at
    ``target``: every joint assignment that fits weighs alike."""
    if not joint or target not in order:
        return 0.0
    evidence = card.split("+")
    index = order.index(target)
    fields = Counter(bs.field_label(matches(evidence, combo[index])) for combo in joint)
    total = len(joint)
    return max(0.0, log2(total) - sum(n / total * log2(n) for n in fields.values()))


def judge(pos: CasePosition, analysis: SeatAnalysis, text: str) -> Choice | None:
    action = parse_action(text)
    if not isinstance(action, Play):
        return None
    knowledge = pos.knowledge()
    order = sorted(knowledge.targets)
    joint = joint_cases(knowledge)
    made = play_information(joint, order, action.card, action.target)
    best, best_action = made, text
    for card in dict.fromkeys(pos.hand):
        for target in order:
            value = play_information(joint, order, card, target)
            if value > best + 1e-12:
                best, best_action = value, str(Play(card, target))
    return Choice("bits", made, best, best_action)


def session_frames(setup: object, entries: Sequence[object]) -> SessionFrames[CasePosition]:
    """The review's frames of a session: every opponent's case position after each entry,
    and each case its ``solution`` entries name (a case without one is not judged). A session
    names no player of a card, so no question is judged."""
    if not isinstance(setup, Setup) or not all(isinstance(e, Entry) for e in entries):
        raise EntryError("not a Black Stories session")
    numbered: list[Numbered] = [
        (n, e) for n, e in enumerate(entries, start=1) if isinstance(e, Entry)
    ]
    solutions = GRAMMAR.fold(setup, numbered).solutions
    if not solutions:
        raise EntryError(
            "enter a revealed case first: solution SEAT CASE (e.g. solution 2 man/day/inside/gun)"
        )
    frames = []
    solved = {t: 0 for t in setup.targets}
    for k in range(len(numbered) + 1):
        entry = numbered[k - 1][1] if k else None
        if isinstance(entry, Solved):
            solved[entry.target] += 1
        positions = GRAMMAR.fold(setup, numbered[:k]).positions
        knowledge = BlackStoriesPosition(setup.players, setup.seat, positions)
        cases = {
            t: None if (t, solved[t]) not in solutions else "+".join(solutions[t, solved[t]])
            for t in setup.targets
        }
        text = N_("(the start)") if entry is None else entry.text()
        frames.append(make_frame(k, text, knowledge, cases))
    return SessionFrames(setup.seat, tuple(frames))


def make_frame(
    step: int, text: str, knowledge: BlackStoriesPosition, cases: Mapping[int, str | None]
) -> Frame[CasePosition]:
    return Frame(step, None, text, "", CasePosition.of(knowledge), cases_truth(cases))


REVIEW: ReviewPart[CasePosition] = ReviewPart(
    exact=True,
    method=N_(
        "exact: every assignment of distinct cases to the opponents that fits the seat's "
        "view weighs alike"
    ),
    solution=N_("the cases of a seat's opponents, all at once"),
    position=position,
    analyze=analyze_position,
    truth=truth,
    move=move,
    judge=judge,
    stakes=stakes,
    session=session_frames,
)
