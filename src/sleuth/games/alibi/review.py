"""Alibi's review part: card counting, not exact deduction.

Alibi has no hidden solution to deduce: the truth a seat is judged against is which
displayed suspect was convicted next. Its "probability" is what card counting gives, the
model of the deductive bot (``bots.deductive.chances``): the harder a suspect's missing
values are to find among the cards the seat has not seen, the less likely it is the next
one convicted; a suspect already completed (or the last without an alibi) is certain. Every
move of the seat is judged by the same bot's expected points: the move made against the best
of the seat's legal moves then. These are a model's figures; the review says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import log2

from sleuth.core.protocol import Action, State
from sleuth.deduce.knowledge import SeatAnalysis, Solution
from sleuth.deduce.review import PLAY, Choice, Move, ReviewPart, Truth
from sleuth.i18n import N_

from .bots.common import Table, unseen
from .bots.deductive import DeductiveAlibi, chances, expected
from .rules import AlibiState
from .views import AlibiView

NEXT = N_("the next conviction")
GAME = "alibi"


@dataclass(frozen=True)
class TablePosition:
    """What the seat sees, and the moves it may make (all a bot is given)."""

    view: AlibiView
    legal: tuple[Action, ...]


def _state(state: State) -> AlibiState:
    if not isinstance(state, AlibiState):
        raise TypeError("an Alibi review reads Alibi states")
    return state


def position(state: State, seat: int) -> TablePosition:
    game_state = _state(state)
    return TablePosition(game_state.view(seat), tuple(game_state.legal_actions(seat)))


def conviction_chances(view: AlibiView) -> dict[str, float]:
    """Card counting's chance that each free displayed suspect is the next convicted."""
    table = Table.of(view)
    free = table.free()
    completed = table.completed()
    if completed:
        return {s: 1.0 / len(completed) if s in completed else 0.0 for s in free}
    return chances(table, unseen(view))


def analyze_position(pos: TablePosition, questions: bool) -> SeatAnalysis:
    view = pos.view
    seat = 0 if view.seat is None else view.seat
    odds = conviction_chances(view)
    solutions = tuple(
        Solution((suspect,), p)
        for suspect, p in sorted(odds.items(), key=lambda item: (-item[1], item[0]))
    )
    bits = max(0.0, -sum(p * log2(p) for p in odds.values() if p > 0))
    return SeatAnalysis(
        GAME,
        seat,
        bool(solutions),
        0,
        deal_model="card counting",
        assumed=True,
        solutions=solutions,
        solution_bits=bits,
    )


def truth(state: State, final: State, seat: int) -> Truth | None:
    done = len(_state(state).convictions)
    later = _state(final).convictions
    if done >= len(later):
        return None  # no conviction after this point
    return Truth((later[done].suspect,), {NEXT: (0,)})


def move(before: State, after: State, seat: int, text: str) -> Move:
    return Move(PLAY)


def stakes(state: State, seat: int) -> Mapping[str, float]:
    return {}  # no attempt to time: a conviction is never a guess


def judge(pos: TablePosition, analysis: SeatAnalysis, text: str) -> Choice | None:
    """The expected points of the move made against the best legal move (the deductive
    bot's valuation: own gain less the opponents' mean gain)."""
    if not pos.legal:
        return None
    bot = DeductiveAlibi()
    table = Table.of(pos.view)
    counts = unseen(pos.view)
    base = expected(table, counts)
    values = [(bot.value(table, counts, base, action), str(action)) for action in pos.legal]
    made = next((value for value, action in values if action == text), None)
    if made is None:
        return None
    best, best_action = max(values, key=lambda item: item[0])
    if best <= made:
        return Choice("points", made, made, text)
    return Choice("points", made, best, best_action)


REVIEW: ReviewPart[TablePosition] = ReviewPart(
    exact=False,
    method=N_(
        "card counting, not exact: the deductive bot's model of which suspect is convicted "
        "next (from the clue cards not yet seen) and of each move's expected points"
    ),
    solution=N_("the suspect convicted next"),
    position=position,
    analyze=analyze_position,
    truth=truth,
    move=move,
    judge=judge,
    stakes=stakes,
)
