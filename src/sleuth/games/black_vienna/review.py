"""Black Vienna's review part: how sure each seat was of the ring, step by step.

The review measures deduction: a seat's position is its hand and every answer given, as in
its view, but without the ring a wrong accuser sees when he checks his accusation (§1.7),
so that "could have been certain" means certain from the answers, and a seat that guessed
wrong is told when the answers would have told it.

Questions are valued exactly: a regular investigation by the engine's ranking of every
(face-up card, target), a special investigation (two cards, two answers) by conditioning on
each pair of answers. The best question is the best regular one, or the special one asked
where that was better. A right accusation scores 3 markers per marker left (1 for the last
player, and for a right guess after another's accusation); the stake of a seat is what a
right accusation would score then, had it not accused before.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import product

from sleuth.core.errors import EntryError
from sleuth.core.notebook import Entry, Numbered
from sleuth.core.protocol import State
from sleuth.deduce.knowledge import SeatAnalysis, Solution
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

from . import components as bv
from .components import Phase
from .knowledge import (
    GAME,
    BlackViennaAnalysis,
    Investigation,
    Position,
    analyze,
    black_vienna_position,
)
from .notation import Accuse, Guess, Investigate, parse_action
from .notebook import GRAMMAR, Setup
from .rules import BlackViennaState

RING = N_("the ring")
_WHOLE = (0, 1, 2)


def position(state: State, seat: int) -> Position:
    if not isinstance(state, BlackViennaState):
        raise TypeError("a Black Vienna review reads Black Vienna states")
    return replace(black_vienna_position(state.view(seat)), ring=None)


def analyze_position(pos: Position, questions: bool) -> SeatAnalysis:
    """The ring posterior and its entropy (and with ``questions`` the value of each
    question): what the review reads, without the card marginals and certain facts of the
    whole analysis, which cost a third of its time."""
    analysis = BlackViennaAnalysis(pos)
    if not analysis.consistent:
        return analyze(pos)  # the contradiction, named as the whole analysis names it
    total = analysis.worlds
    rings = sorted(analysis.ring(), key=lambda item: (-item[1], item[0]))
    bits = -math.fsum(count / total * math.log2(count / total) for _, count in rings)
    ranked = analysis.ranked_questions() if questions else ()
    return SeatAnalysis(
        GAME,
        pos.seat,
        True,
        total,
        solutions=tuple(Solution(tuple(trio), count / total) for trio, count in rings),
        solution_bits=max(0.0, bits),
        questions=ranked,
    )


def truth(state: State, final: State, seat: int) -> Truth:
    if not isinstance(final, BlackViennaState):
        raise TypeError("a Black Vienna review reads Black Vienna states")
    return Truth(tuple(bv.mask_letters(final.ring)), {RING: _WHOLE})


def move(before: State, after: State, seat: int, text: str) -> Move:
    if not isinstance(before, BlackViennaState):
        raise TypeError("a Black Vienna review reads Black Vienna states")
    action = parse_action(text)
    if isinstance(action, Investigate):
        return Move(QUESTION)
    if isinstance(action, Accuse | Guess):
        correct = bv.letters_mask(action.letters) == before.ring
        points = 0.0
        if correct:
            final_round = before.phase in (Phase.FINAL_QUESTION, Phase.FINAL_ACCUSATION)
            factor = 1 if isinstance(action, Guess) or final_round else 3
            points = float(factor * before.supply)
        return Move(ATTEMPT, RING, tuple(action.letters), correct, points)
    return Move(OTHER)


def stakes(state: State, seat: int) -> Mapping[str, float]:
    """What a right accusation (or guess) by ``seat`` would score now, had it not accused
    before: any seat may accuse at any time of the question chain."""
    if not isinstance(state, BlackViennaState):
        raise TypeError("a Black Vienna review reads Black Vienna states")
    if state.phase == Phase.ASK:
        return {RING: 3.0 * state.supply}
    if state.phase in (Phase.FINAL_QUESTION, Phase.FINAL_ACCUSATION) and seat == state.asker:
        return {RING: float(state.supply)}
    if state.phase == Phase.GUESSING and any(s == seat and g is None for s, g in state.guesses):
        return {RING: float(state.supply)}
    return {}


def ring_information(pos: Position, target: int, cards: Sequence[str]) -> float:
    """The exact information (bits) about the ring of asking ``target`` about ``cards``:
    the ring's entropy now less its expected entropy once the answers are known."""
    now = BlackViennaAnalysis(pos)
    if not now.consistent:
        return 0.0
    total = now.worlds
    expected = 0.0
    for answers in product(range(4), repeat=len(cards)):
        asked = tuple(Investigation(target, c, a) for c, a in zip(cards, answers, strict=True))
        after = BlackViennaAnalysis(replace(pos, investigations=(*pos.investigations, *asked)))
        if after.consistent and after.worlds:
            expected += after.worlds / total * after.ring_entropy
    return max(0.0, now.ring_entropy - expected)


def judge(pos: Position, analysis: SeatAnalysis, text: str) -> Choice | None:
    action = parse_action(text)
    if not isinstance(action, Investigate):
        return None
    ranked = analysis.questions
    made = next((q.solution_bits for q in ranked if q.action == text), None)
    if made is None:
        made = ring_information(pos, action.target, action.cards)
    if ranked and ranked[0].solution_bits > made:
        return Choice("bits", made, ranked[0].solution_bits, ranked[0].action)
    return Choice("bits", made, made, text)


def session_frames(setup: object, entries: Sequence[object]) -> SessionFrames[Position]:
    """The review's frames of a session: the position after each entry, and the ring its
    ``solution`` entry names. A session names no asker, so no question is judged."""
    if not isinstance(setup, Setup) or not all(isinstance(e, Entry) for e in entries):
        raise EntryError("not a Black Vienna session")
    numbered: list[Numbered] = [
        (n, e) for n, e in enumerate(entries, start=1) if isinstance(e, Entry)
    ]
    ring = GRAMMAR.fold(setup, numbered).solution
    if ring is None:
        raise EntryError("enter the ring first, once it is revealed: solution BLM")
    frames = []
    for k in range(len(numbered) + 1):
        text = N_("(your hand)") if k == 0 else numbered[k - 1][1].text()
        frames.append(make_frame(k, text, GRAMMAR.fold(setup, numbered[:k]).position, ring))
    return SessionFrames(setup.seat, tuple(frames))


def make_frame(
    step: int, text: str, pos: Position, ring: str | None, result: str = ""
) -> Frame[Position]:
    """A session's frame: ``ring`` is the solution entered (``None``: not yet known)."""
    return Frame(
        step,
        None,
        text,
        result,
        pos,
        None if ring is None else Truth(tuple(ring), {RING: _WHOLE}),
    )


REVIEW: ReviewPart[Position] = ReviewPart(
    exact=True,
    method=N_(
        "exact: every deal that fits the seat's hand and the answers weighs alike (a wrong "
        "accuser's look at the ring is left out: the review measures deduction)"
    ),
    solution=RING,
    position=position,
    analyze=analyze_position,
    truth=truth,
    move=move,
    judge=judge,
    stakes=stakes,
    session=session_frames,
)
