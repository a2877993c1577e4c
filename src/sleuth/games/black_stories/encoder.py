"""Black Stories Investigation for the research environments: views as numbers, action codes.

The observation (``P`` players, ``K`` deck cards, the 16 cases; every value in [0, 1]):

- who and when: ``seat``, ``phase``, ``turn``, ``start`` (one-hot), ``final_round``;
- the seat's own cards: ``case`` (one-hot over the 16 cases) and ``hand`` (a flag per deck
  card);
- the table: ``has_case`` (per seat), ``hand_sizes`` (/3), ``draw_size`` (/K), ``discard``
  (a flag per deck card), ``grids`` (per seat and deck card at its grid: the field 0/1, 2 or
  3 one-hot), ``unused`` (per seat, its 1-, 2- and 3-drop investigation cards left),
  ``scores`` (/ the most a seat can score), ``pool`` (point chips left / chips, 0 without);
- solve attempts on each seat's current case (those before its last solve were about an
  earlier case): ``failed`` (per seat and case: guessed and wrong), ``hidden_failed`` (per
  seat: failed guesses the seat may not see, / 3 per seat);
- ``cases`` (per seat, its case one-hot, shown once the game is over).

The action codes, in blocks: ``play`` (deck card x target seat), ``solve`` (target seat x
investigation card 1-3 x guessed case), ``draw``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sleuth.core.encoding import Codes, Encoder, Features, KnowledgeLayout, KnowledgeWrites
from sleuth.core.protocol import State, View

from . import components as bs
from .knowledge import CASES, BlackStoriesPosition, allowed, case_name
from .notation import Draw, Play, Solve
from .rules import BlackStoriesInvestigation, BlackStoriesState
from .views import BlackStoriesView

PHASES = tuple(bs.Phase)
FIELDS = ("0/1", "2", "3")  # four matches cannot happen: every card of a deck is unique
CASE_INDEX = {case: i for i, case in enumerate(bs.ALL_CASES)}
GUESSES = tuple(bs.guess_text(case) for case in bs.ALL_CASES)
GUESS_INDEX = {guess: i for i, guess in enumerate(GUESSES)}
NO_CASE = len(bs.ALL_CASES)  # a solution slot digit: the opponent holds no case
# the row of each case of the knowledge part (its cases as tuples of evidence)
CASE_ROW: dict[tuple[str, ...], int] = {case: GUESS_INDEX[case_name(case)] for case in CASES}


class BlackStoriesEncoder(Encoder):
    longest_seen = 84  # decisions; 40 games a policy, seeds 1-40 (see Encoder)

    def __init__(self, game: Any) -> None:
        if not isinstance(game, BlackStoriesInvestigation):
            raise TypeError(f"{game!r} is not a Black Stories Investigation game")
        super().__init__(game)
        n, deck = game.players, game.deck
        k, cases, drops = len(deck), len(bs.ALL_CASES), len(bs.DROPS)
        self.players, self.deck_size = n, k
        self.card_index = {card: i for i, card in enumerate(deck)}
        most = sum(bs.DROPS) + len(bs.DROPS) * bs.SOLVE_BASE  # three solves, no grid card
        chips = game.config.point_chips
        self.most = min(most, chips) if chips else most
        add = self.layout.add
        self.at = {
            "seat": add("seat", n, "the observing seat, one-hot"),
            "phase": add("phase", len(PHASES), "phase one-hot: " + ", ".join(PHASES)),
            "turn": add("turn", n, "the seat on turn, one-hot"),
            "start": add("start", n, "the start player, one-hot"),
            "final_round": add("final_round", 1, "the final round is on"),
            "case": add("case", cases, "the seat's own case, one-hot over the 16 cases"),
            "hand": add("hand", k, "the seat's hand, a flag per deck card"),
            "has_case": add("has_case", n, "seats holding a case"),
            "hand_sizes": add("hand_sizes", n, f"hand size per seat / {bs.HAND_SIZE}"),
            "draw_size": add("draw_size", 1, f"cards in the draw pile / {k}"),
            "discard": add("discard", k, "the discard pile, a flag per deck card"),
            "grids": add(
                "grids", n * k * len(FIELDS), "per seat and deck card at its grid: field one-hot"
            ),
            "unused": add("unused", n * drops, "per seat: its 1-, 2-, 3-drop cards left"),
            "scores": add("scores", n, f"score per seat / {self.most}"),
            "pool": add("pool", 1, "point chips left / point chips (0: no chips)"),
            "failed": add("failed", n * cases, "per seat and case: a failed guess on it now"),
            "hidden_failed": add(
                "hidden_failed", n, "per seat: failed guesses on it this seat may not see / 3"
            ),
            "cases": add("cases", n * cases, "per seat its case one-hot, once the game is over"),
        }
        self.actions.add(
            "play",
            (Play(card, t) for card in deck for t in range(n)),
            "deck card x target seat",
        )
        self.solves_start = k * n
        self.actions.add(
            "solve",
            (Solve(t, guess, d) for t in range(n) for d in bs.DROPS for guess in GUESSES),
            "target seat x investigation card (1-3 drops) x guessed case",
        )
        self.actions.add("draw", [Draw()], "draw back to three cards, ending the turn")
        opponents = n - 1
        self.knowledge = KnowledgeLayout(
            cards=GUESSES,
            places=tuple(str(s) for s in range(n)),
            solutions=(cases + 1) ** opponents,
            solution_slot=self._solution_slot,
            features=case_writes,
            help=f"the opponents' cases at once: a digit per opponent in seat order (0-15 "
            f"its case, {NO_CASE} no case), base {cases + 1}",
        )

    def _solution_slot(self, view: Any, cards: tuple[str, ...]) -> int | None:
        if not isinstance(view, BlackStoriesView):
            return None
        held = iter(cards)
        slot = 0
        for seat in range(self.players):
            if seat == view.seat:
                continue
            digit = NO_CASE
            if view.has_case[seat]:
                guess = next(held, None)
                if guess not in GUESS_INDEX:
                    return None
                digit = GUESS_INDEX[guess]
            slot = slot * (NO_CASE + 1) + digit
        return slot if next(held, None) is None else None

    def score_bounds(self) -> tuple[float, float]:
        return 0.0, float(self.most)

    def encode(self, view: View, out: Features) -> None:
        if not isinstance(view, BlackStoriesView) or view.seat is None:
            raise TypeError("a seat's Black Stories Investigation view is needed")
        at, flag, put = self.at, out.flag, out.put
        n, k, cases = self.players, self.deck_size, len(bs.ALL_CASES)
        index = self.card_index
        flag(at["seat"] + view.seat)
        flag(at["phase"] + PHASES.index(view.phase))
        flag(at["turn"] + view.turn)
        flag(at["start"] + view.start)
        if view.final_round:
            flag(at["final_round"])
        if view.case is not None:
            flag(at["case"] + CASE_INDEX[view.case])
        out.flags(at["hand"], (index[c] for c in view.hand or ()))
        out.flags(at["has_case"], (s for s, held in enumerate(view.has_case) if held))
        for seat, size in enumerate(view.hand_sizes):
            put(at["hand_sizes"] + seat, size / bs.HAND_SIZE)
        put(at["draw_size"], view.draw_size / k)
        out.flags(at["discard"], (index[c] for c in view.discard))
        for seat, grid in enumerate(view.grids):
            for placed in grid:
                field = FIELDS.index(placed.field)
                flag(at["grids"] + (seat * k + index[placed.card]) * len(FIELDS) + field)
        for seat, left in enumerate(view.unused):
            out.flags(at["unused"] + seat * len(bs.DROPS), (d - 1 for d in left))
        for seat, score in enumerate(view.scores):
            put(at["scores"] + seat, min(1.0, score / self.most))
        chips = view.config.point_chips
        if chips and view.pool is not None:
            put(at["pool"], view.pool / chips)
        # Only attempts since a seat's last solve are about the case it holds now.
        failed: list[set[int]] = [set() for _ in range(n)]
        hidden = [0] * n
        for attempt in view.attempts:
            if attempt.success:
                failed[attempt.target] = set()
                hidden[attempt.target] = 0
            elif attempt.guess is None:
                hidden[attempt.target] += 1
            else:
                failed[attempt.target].add(GUESS_INDEX[attempt.guess])
        for seat in range(n):
            out.flags(at["failed"] + seat * cases, sorted(failed[seat]))
            put(at["hidden_failed"] + seat, min(1.0, hidden[seat] / len(bs.DROPS)))
        for seat, case in enumerate(view.cases or ()):
            if case is not None:
                flag(at["cases"] + seat * cases + CASE_INDEX[case])

    def family_codes(self, state: State, seat: int, kind: str, out: Codes) -> bool:
        if kind != "solve" or not isinstance(state, BlackStoriesState):
            return False
        guesses, drops = len(GUESSES), len(bs.DROPS)
        for target in state.targets(seat):
            for d in state.unused[seat]:
                start = self.solves_start + (target * drops + d - 1) * guesses
                out.span(start, start + guesses)
        return True


def case_writes(position: BlackStoriesPosition) -> KnowledgeWrites | None:
    """The knowledge segments of ``position`` as placing ``knowledge.beliefs`` writes them,
    from arrays: up to 3,360 assignments of the opponents' cases a position at 4 players.

    Every fitting assignment weighs ``share``, and a card's probability at a seat is
    ``share`` added once per assignment that puts it there: a sequential running sum (numpy's
    ``cumsum``) gives the same float as ``analyze``'s additions."""
    fitting = allowed(position)
    rows = [np.array([CASE_ROW[case] for case in cases], dtype=np.int64) for _, cases in fitting]
    grids = [grid.ravel() for grid in np.meshgrid(*rows, indexing="ij")] if rows else []
    fits = np.ones(grids[0].size if grids else 1, dtype=bool)
    for i, first in enumerate(grids):
        for second in grids[i + 1 :]:
            fits &= first != second
    held = [grid[fits] for grid in grids]
    worlds = int(fits.sum())
    if worlds == 0:
        return None
    digit_of = {target: k for k, (target, _) in enumerate(fitting)}
    slots = np.zeros(worlds, dtype=np.int64)
    for seat in range(position.players):
        if seat != position.seat:
            k = digit_of.get(seat)
            slots = slots * (NO_CASE + 1) + (NO_CASE if k is None else held[k])
    share = 1 / worlds
    sums = np.concatenate(([0.0], np.cumsum(np.full(worlds, share))))
    cells: list[int] = []
    probabilities: list[float] = []
    for (target, _), cases in zip(fitting, held, strict=True):
        times = np.bincount(cases, minlength=NO_CASE)
        present = np.flatnonzero(times)
        cells += (present * position.players + target).tolist()
        probabilities += sums[times[present]].tolist()
    return KnowledgeWrites(cells, probabilities, slots.tolist(), [share] * worlds)
