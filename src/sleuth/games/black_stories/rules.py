"""Black Stories Investigation's rules (REFERENCE.md §2): cases, plays, solves, the end.

Randomness: the deal comes from ``make_rng(seed, "deal")`` and the n-th reshuffle of the
discard pile from ``make_rng(seed, "reshuffle", n)``, so a game replays exactly from its
seed and actions. The reveal is the deal; later cases become public when they are solved,
and every case still held is listed in the result of the game's last action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from sleuth.core import ConfigError, Game, Outcome, State, make_rng
from sleuth.core.actions import ActionList, IndexedActions
from sleuth.core.events import Event, notations
from sleuth.core.protocol import Termination
from sleuth.core.rng import shuffle
from sleuth.core.said import said
from sleuth.core.serialize import JSONValue
from sleuth.i18n import N_

from . import components as bs
from .components import Phase
from .events import (
    CaseDrawn,
    Drew,
    DrewCards,
    Failed,
    FailedGuess,
    FinalRound,
    NewCase,
    NoCase,
    Over,
    Played,
    Reshuffled,
    Solved,
    TurnedUp,
)
from .notation import ACTION_TYPES, Draw, Play, Solve, parse_action
from .views import BlackStoriesView, build_view, hidden_twin

PLAY, SOLVE, DRAW, OVER = Phase.PLAY, Phase.SOLVE, Phase.DRAW, Phase.OVER
BlackStoriesAction = Play | Solve | Draw
# A step's events as the engine keeps them: (event type, its fields...). A playout never asks
# for events, so they are made only when asked for (``last_events``).
RawEvent = tuple[Any, ...]


class BlackStoriesEnd(Termination):
    FINAL_ROUND = N_("final round complete")  # all had equal turns (B9)
    STALEMATE = N_("stalemate: no solve attempt can be made any more")


_GUESSES = tuple(bs.guess_text(case) for case in bs.ALL_CASES)
_CASE_OF_GUESS = dict(zip(_GUESSES, bs.ALL_CASES, strict=True))
_DRAW = Draw()
_DRAW_ONLY = (_DRAW,)


class Placement(NamedTuple):
    """A played case card: public, with the field the engine computed (B10)."""

    seat: int
    card: str
    target: int
    field: str


class Attempt(NamedTuple):
    seat: int
    target: int
    guess: str
    drops: int
    success: bool
    points: int


class BlackStoriesInvestigation(Game[bs.BlackStoriesConfig]):
    name = "black-stories-investigation"
    aliases = ("bsi", "black-stories")
    title = "Black Stories Investigation"
    min_players = 2
    max_players = 4
    rules_version = "bsi-1"
    config_type = bs.BlackStoriesConfig
    action_types = ACTION_TYPES
    view_type = BlackStoriesView
    termination_type = BlackStoriesEnd

    def __init__(self, config: bs.BlackStoriesConfig) -> None:
        super().__init__(config)
        self.deck = config.deck
        self.masks = {card: bs.evidence_mask(card) for card in self.deck}
        self.full = frozenset(c for c in self.deck if c.count("+") == bs.FULL_EVIDENCE - 1)
        # Everyone else, the targets while every seat holds a case (nearly always).
        self.others = tuple(
            tuple(t for t in range(self.players) if t != seat) for seat in range(self.players)
        )
        # Legal lists and their actions are made once per game (a playout would spend a
        # third of its time building them) and shared by every state they fit: at most
        # 2^players target sets, times 2^3 sets of unused investigation cards.
        self._plays: dict[tuple[int, ...], dict[str, tuple[Play, ...]]] = {}
        self._solve_turns: dict[tuple[tuple[int, ...], tuple[int, ...]], ActionList] = {}

    def plays_to(self, targets: tuple[int, ...]) -> dict[str, tuple[Play, ...]]:
        """Each card's plays to ``targets``, in the order of ``targets``."""
        plays = self._plays.get(targets)
        if plays is None:
            plays = {card: tuple(Play(card, t) for t in targets) for card in self.deck}
            self._plays[targets] = plays
        return plays

    def solve_turn(self, targets: tuple[int, ...], drops: tuple[int, ...]) -> ActionList:
        """Every (target, guess, investigation card) attempt, then the draw."""
        key = (targets, drops)
        legal = self._solve_turns.get(key)
        if legal is None:
            solves = tuple(Solve(t, guess, d) for t in targets for guess in _GUESSES for d in drops)

            def contains(action: object) -> bool:
                return (
                    isinstance(action, Solve)
                    and action.target in targets
                    and action.drops in drops
                    and action.guess in _GUESSES
                )

            # Indexed rather than listed: handed_out then knows the pick at once.
            indexed = IndexedActions(Solve, len(solves), solves.__getitem__, contains)
            legal = self._solve_turns[key] = ActionList([indexed, _DRAW_ONLY])
        return legal

    def first_seat(self) -> int | None:
        return 0 if self.config.start == "seat0" else None  # else drawn by the deal

    def new(self, seed: int) -> BlackStoriesState:
        rng = make_rng(seed, "deal")
        pile = list(self.deck)
        shuffle(rng, pile)
        cases = []
        for _ in range(self.players):
            # Draw until a 4-evidence card; smaller ones go face down under the pile.
            while pile[0] not in self.full:
                pile.append(pile.pop(0))
            cases.append(pile.pop(0))
        shuffle(rng, pile)
        hands = [tuple(pile[i * bs.HAND_SIZE : (i + 1) * bs.HAND_SIZE]) for i in range(len(cases))]
        draw = tuple(pile[len(cases) * bs.HAND_SIZE :])
        start = make_rng(seed, "start").randrange(self.players)
        if self.config.start == "seat0":
            start = 0
        return BlackStoriesState._initial(self, seed, tuple(cases), tuple(hands), draw, start)

    def from_deal(
        self,
        cases: Sequence[str | None],
        hands: Sequence[Sequence[str]],
        draw: Sequence[str],
        start: int = 0,
        seed: int = 0,
    ) -> BlackStoriesState:
        """A game from a chosen deal (for scenarios and tests); ``seed`` drives reshuffles.

        ``draw`` is top first. Cards of the deck left out of the deal start on the discard pile.
        A case may be ``None``: that seat has no case (B4) and retries at its turns' start.
        """
        try:
            case_list = [
                None if c is None else bs.normalize_evidence(c, f"cases[{i}]", 4)
                for i, c in enumerate(cases)
            ]
            hand_list = [
                tuple(bs.normalize_evidence(c, f"hands[{i}]") for c in hand)
                for i, hand in enumerate(hands)
            ]
            draw_list = tuple(bs.normalize_evidence(c, "draw") for c in draw)
        except ValueError as error:
            raise ConfigError(bs.refused(error)) from None
        if len(case_list) != self.players or len(hand_list) != self.players:
            raise ConfigError(
                said("cases, hands: %(players)s of each needed", players=self.players)
            )
        if any(len(hand) > bs.HAND_SIZE for hand in hand_list):
            raise ConfigError(said("hands: at most %(most)s cards each", most=bs.HAND_SIZE))
        dealt = [*(c for c in case_list if c), *(c for h in hand_list for c in h), *draw_list]
        if len(set(dealt)) != len(dealt) or not set(dealt) <= set(self.deck):
            raise ConfigError(said("cases, hands, draw: cards of the deck, each at most once"))
        if not 0 <= start < self.players:
            raise ConfigError(said("start: %(start)s is not a seat", start=start))
        discard = tuple(c for c in self.deck if c not in set(dealt))
        return BlackStoriesState._initial(
            self, seed, tuple(case_list), tuple(hand_list), draw_list, start, discard
        )

    def _parse_action(self, text: str) -> Play | Solve | Draw:
        return parse_action(text)


@dataclass(slots=True, eq=False, repr=False)
class BlackStoriesState(State):
    """One position of Black Stories Investigation. Never mutated once returned."""

    game: BlackStoriesInvestigation
    seed: int
    cases: tuple[str | None, ...]
    hands: tuple[tuple[str, ...], ...]
    held: tuple[tuple[str, ...], ...]  # every case each seat held, for the reveal
    draw: tuple[str, ...]
    discard: tuple[str, ...]
    grids: tuple[tuple[tuple[str, str], ...], ...]
    unused: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    pool: int | None
    start: int
    turn: int
    deal: tuple[tuple[str | None, ...], tuple[tuple[str, ...], ...], tuple[str, ...]]
    placements: tuple[Placement, ...] = ()
    attempts: tuple[Attempt, ...] = ()
    reshuffles: int = 0
    # The cards each reshuffle turned from the face-up discard pile into the draw pile, in
    # the discard's order: public, and what tells a seat which pile a hidden card came from.
    reshuffled: tuple[tuple[str, ...], ...] = ()
    final: bool = False
    phase: Phase = Phase.PLAY
    last: tuple[RawEvent, ...] = ()
    _outcome: Outcome | None = None

    @classmethod
    def _initial(
        cls,
        game: BlackStoriesInvestigation,
        seed: int,
        cases: tuple[str | None, ...],
        hands: tuple[tuple[str, ...], ...],
        draw: tuple[str, ...],
        start: int,
        discard: tuple[str, ...] = (),
    ) -> BlackStoriesState:
        n = game.players
        state = cls(
            game,
            seed,
            cases,
            hands,
            held=tuple(() if case is None else (case,) for case in cases),
            draw=draw,
            discard=discard,
            grids=((),) * n,
            unused=(bs.DROPS,) * n,
            scores=(0,) * n,
            pool=game.config.point_chips or None,
            start=start,
            turn=start,
            deal=(cases, hands, draw),
        )
        events: list[RawEvent] = []  # the deal's own: no step led here
        state._begin_turn(events)
        if state._stuck():
            state._end(events, BlackStoriesEnd.STALEMATE)
        return state

    def __repr__(self) -> str:
        return (
            f"<BlackStoriesState phase={self.phase} turn={self.turn} scores={self.scores} "
            f"final={self.final}>"
        )

    @property
    def players(self) -> int:
        return self.game.players

    def targets(self, seat: int) -> tuple[int, ...]:
        """Other seats that hold a case: only they can be played to or solved (B4)."""
        if None not in self.cases:
            return self.game.others[seat]
        return tuple(t for t in self.game.others[seat] if self.cases[t] is not None)

    # --- the protocol ---------------------------------------------------------------------

    def actors(self) -> frozenset[int]:
        return frozenset() if self.phase == OVER else frozenset({self.turn})

    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def _legal_actions(self, seat: int) -> Sequence[Play | Solve | Draw]:
        if self.phase == OVER or seat != self.turn:
            return ()
        if self.phase == PLAY:
            plays = self.game.plays_to(self.targets(seat))
            legal: tuple[Play, ...] = ()
            for card in self.hands[seat]:
                legal += plays[card]
            return legal
        if self.phase == SOLVE:
            return self.game.solve_turn(self.targets(seat), self.unused[seat])  # type: ignore[return-value]
        return _DRAW_ONLY

    def _apply(self, seat: int, action: BlackStoriesAction) -> BlackStoriesState:
        # By exact type: a failed isinstance against an abstract base costs a Python call.
        if type(action) is Play:
            return self._play(seat, action)
        if type(action) is Solve:
            return self._solve(seat, action)
        return self._draw(seat)

    def _why_illegal(self, seat: int, action: BlackStoriesAction) -> str | None:
        if seat != self.turn:
            return said(
                "it is seat %(turn)s's turn, not seat %(seat)s's", turn=self.turn, seat=seat
            )
        if isinstance(action, Draw):
            return said("play a case card first: it comes before drawing")
        if isinstance(action, Play):
            if self.phase != PLAY:
                return said("a case card was played this turn already (or none can be)")
            if action.card not in self.hands[seat]:
                return said("%(card)s is not in seat %(seat)s's hand", card=action.card, seat=seat)
            return self._why_target_illegal(seat, action.target, solve=False)
        if self.phase == PLAY:
            return said("play a case card first: it comes before a solve")
        if self.phase == DRAW:
            return said("at most one solve attempt per turn")
        if action.drops not in self.unused[seat]:
            left = " ".join(map(str, self.unused[seat])) or "none"
            return said(
                "seat %(seat)s has no unused %(drops)s-drop investigation card (left: %(left)s)",
                seat=seat,
                drops=action.drops,
                left=left,
            )
        return self._why_target_illegal(seat, action.target, solve=True)

    def _why_target_illegal(self, seat: int, target: int, solve: bool) -> str:
        if not 0 <= target < self.players:
            return said(
                "target %(target)s is not a seat (0-%(last)s)", target=target, last=self.players - 1
            )
        if target == seat:
            return (
                said("a player cannot solve the case of himself")
                if solve
                else said("a player cannot play a case card to himself")
            )
        return said("seat %(target)s has no case at the moment", target=target)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def _events(self) -> tuple[Event, ...]:
        return tuple(raw[0](*raw[1:]) for raw in self.last)

    def last_events(self) -> tuple[Event, ...]:
        return self._events()

    def last_result(self) -> str:
        return notations(e for e in self._events() if e.seen_by() is None)

    def private_result(self) -> str:
        # Every private event's notation is empty (events.py): records keep their format.
        return notations(e for e in self._events() if e.seen_by() is not None and e.notation())

    def public_action(self, seat: int, action: BlackStoriesAction) -> str:
        # With guesses=private a failed guess is shown only to the guesser and his suspect.
        if isinstance(action, Solve) and self.game.config.guesses == "private":
            guess = bs.normalize_evidence(action.guess, "guess", bs.FULL_EVIDENCE)
            if guess != self.cases[action.target]:
                return f"solve {action.target} ? with {action.drops}"
        return str(action)

    def reveal(self) -> Mapping[str, JSONValue]:
        """The deal (first cases, hands, the draw pile top first) and every case held so far."""
        cases, hands, draw = self.deal
        return {
            "start": self.start,
            "cases": list(cases),
            "hands": [list(hand) for hand in hands],
            "draw": list(draw),
            "cases_held": [list(held) for held in self.held],
        }

    def view(self, seat: int | None) -> BlackStoriesView:
        return build_view(self, seat)

    def hidden_twin(self, seat: int | None, rng: random.Random) -> BlackStoriesState | None:
        return hidden_twin(self, seat, rng)

    # --- the three steps -----------------------------------------------------------------------

    def _play(self, seat: int, action: Play) -> BlackStoriesState:
        hand = self.hands[seat]
        target = action.target
        case = self.cases[target] or ""  # a legal play's target holds a case
        matches = (self.game.masks[action.card] & self.game.masks[case]).bit_count()
        field = bs.field_label(matches)
        state = self._copy()
        hands = list(self.hands)
        played = hand.index(action.card)
        hands[seat] = hand[:played] + hand[played + 1 :]
        grids = list(self.grids)
        grids[target] = (*grids[target], (action.card, field))
        state.hands, state.grids = tuple(hands), tuple(grids)
        state.placements = (*self.placements, Placement(seat, action.card, target, field))
        state.phase = SOLVE
        state.last = ((Played, seat, action.card, target, field),)
        return state

    def _solve(self, seat: int, action: Solve) -> BlackStoriesState:
        target = action.target
        guess = _CASE_OF_GUESS[action.guess]  # a checked guess is written canonically
        state = self._copy()
        unused = list(self.unused)
        mine = self.unused[seat]
        spent = mine.index(action.drops)
        unused[seat] = mine[:spent] + mine[spent + 1 :]
        state.unused = tuple(unused)
        events: list[RawEvent] = []
        points = 0
        success = guess == self.cases[target]
        if success:
            points = state._score_solve(seat, target, action.drops, events)
        elif self.game.config.guesses == "private":
            events.append((Failed, seat, target, action.drops, None))
            events.append((FailedGuess, seat, target, action.guess))
        else:
            events.append((Failed, seat, target, action.drops, action.guess))
        state.attempts = (
            *self.attempts,
            Attempt(seat, target, action.guess, action.drops, success, points),
        )
        if not unused[seat] and not self.final:
            state.final = True  # the third investigation card: finish this round
            events.append((FinalRound,))
        state.phase = DRAW
        state.last = tuple(events)
        return state

    def _score_solve(self, seat: int, target: int, drops: int, events: list[RawEvent]) -> int:
        case = self.cases[target] or ""  # a legal solve's target holds a case
        grid = self.grids[target]
        bonus = max(0, bs.SOLVE_BASE - len(grid))  # every field counts (B6)
        points = drops + bonus
        paid = points if self.pool is None else min(points, self.pool)
        if self.pool is not None:
            self.pool -= paid
        scores = list(self.scores)
        scores[seat] += paid
        self.scores = tuple(scores)
        events.append((Solved, seat, target, case, drops, bonus, paid, points - paid))
        grids = list(self.grids)
        grids[target] = ()
        self.grids = tuple(grids)
        self.discard = (*self.discard, *(card for card, _ in grid), *([case] if case else []))
        self._draw_case(target, events)
        return paid

    def _draw(self, seat: int) -> BlackStoriesState:
        state = self._copy()
        events: list[RawEvent] = []
        hand = list(self.hands[seat])
        drawn = 0
        while len(hand) < bs.HAND_SIZE:
            if not state.draw:
                if not state.discard:
                    break  # nothing left to draw: the hand stays short (B3)
                state._reshuffle(events)
            hand.append(state.draw[0])
            state.draw = state.draw[1:]
            drawn += 1
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        state.hands = tuple(hands)
        events.append((Drew, seat, drawn))
        if drawn:
            events.append((DrewCards, seat, tuple(hand[-drawn:])))
        following = (seat + 1) % self.players
        if self.final and following == self.start:
            state._end(events, BlackStoriesEnd.FINAL_ROUND)
        else:
            state.turn = following
            state._begin_turn(events)
            if state._stuck():
                state._end(events, BlackStoriesEnd.STALEMATE)
        state.last = tuple(events)
        return state

    # --- helpers that build a new state (called on a fresh copy only) ---------------------------

    def _begin_turn(self, events: list[RawEvent]) -> None:
        seat = self.turn
        if self.cases[seat] is None:
            self._draw_case(seat, events)  # B4: retry at the start of each of his turns
        if self.hands[seat] and self.targets(seat):
            self.phase = PLAY
        else:
            self.phase = SOLVE if self.game.config.solve_without_play else DRAW

    def _draw_case(self, seat: int, events: list[RawEvent]) -> None:
        """Draw until a 4-evidence card; smaller ones go face up to the discard pile."""
        full = self.game.full
        cases = list(self.cases)
        if not any(c in full for c in self.draw) and not any(c in full for c in self.discard):
            cases[seat] = None
            self.cases = tuple(cases)
            events.append((NoCase, seat))
            return
        turned: list[str] = []
        while True:
            if not self.draw:
                if turned:
                    events.append((TurnedUp, seat, tuple(turned)))
                    turned = []
                self._reshuffle(events)
            card, self.draw = self.draw[0], self.draw[1:]
            if card in full:
                break
            turned.append(card)
            self.discard = (*self.discard, card)
        if turned:
            events.append((TurnedUp, seat, tuple(turned)))
        cases[seat] = card
        self.cases = tuple(cases)
        self.held = tuple((*h, card) if s == seat else h for s, h in enumerate(self.held))
        events.append((NewCase, seat))
        events.append((CaseDrawn, seat, card))

    def _reshuffle(self, events: list[RawEvent]) -> None:
        pile = list(self.discard)
        self.reshuffled = (*self.reshuffled, self.discard)
        shuffle(make_rng(self.seed, "reshuffle", self.reshuffles), pile)
        self.draw, self.discard = (*self.draw, *pile), ()
        self.reshuffles += 1
        events.append((Reshuffled, len(pile)))

    def _stuck(self) -> bool:
        """True when no solve attempt can ever be made again (an engine guard, never B-rule).

        Only a solve moves cards off the grids, so with nobody able to solve and no
        4-evidence card in the draw or discard pile for a seat without a case, play would
        cycle forever.
        """
        full = self.game.full
        if None in self.cases and any(c in full for c in (*self.draw, *self.discard)):
            return False
        for seat in range(self.players):  # noqa: SIM110  # a loop: all() with a generator costs more
            if self.unused[seat] and self.targets(seat):
                return False
        return True

    def _end(self, events: list[RawEvent], reason: BlackStoriesEnd) -> None:
        best = max(self.scores)
        winners = tuple(s for s in range(self.players) if self.scores[s] == best)
        self.phase = OVER
        self._outcome = Outcome(self.scores, winners, reason)
        events.append((Over, self.cases))
