"""What each seat and a spectator may see of Black Stories Investigation (REFERENCE.md §2.6).

A view is built field by field from the state. Never in a view before the end: another
seat's case or hand, the order of the draw pile, or (with guesses=private) the guess of
another seat's failed attempt unless that seat was its suspect.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sleuth.core import GameError, Outcome, View

from . import components as bs
from .components import BlackStoriesConfig, Phase

if TYPE_CHECKING:
    from .rules import Attempt, BlackStoriesState


@dataclass(frozen=True)
class PlacedCard:
    """A case card lying at a grid, with the field the engine put it on."""

    card: str
    field: str


@dataclass(frozen=True)
class PlayView:
    seat: int
    card: str
    target: int
    field: str


@dataclass(frozen=True)
class AttemptView:
    """A solve attempt; ``guess`` is ``None`` where the seat may not see it."""

    seat: int
    target: int
    guess: str | None
    drops: int
    success: bool
    points: int


@dataclass(frozen=True)
class BlackStoriesView(View):
    seat: int | None
    # The rules in play: public to every seat, so bots and samplers rebuild the very game.
    config: BlackStoriesConfig
    players: int
    phase: Phase
    turn: int
    start: int
    final_round: bool
    case: str | None
    hand: tuple[str, ...] | None
    has_case: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    draw_size: int
    discard: tuple[str, ...]
    grids: tuple[tuple[PlacedCard, ...], ...]
    unused: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    pool: int | None
    plays: tuple[PlayView, ...]
    attempts: tuple[AttemptView, ...]
    cases: tuple[str | None, ...] | None
    outcome: Outcome | None
    # Which pile each hidden card came from, as everyone at the table saw it: the cards each
    # reshuffle turned into the draw pile (the discard pile lies face up), and per seat the
    # reshuffles before it drew its current case and each card of its hand (0: from the
    # pile of the deal). A card that went into the draw pile after a case was drawn is not
    # that case (issue #33).
    reshuffled: tuple[tuple[str, ...], ...] = ()
    case_epochs: tuple[int, ...] = ()
    hand_epochs: tuple[tuple[int, ...], ...] = ()

    def render(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        final = ", final round" if self.final_round else ""
        lines = [
            f"Black Stories Investigation, {self.players} players, {who}: phase {self.phase}, "
            f"seat {self.turn} on turn, start player {self.start}{final}",
        ]
        if self.seat is not None:
            hand = " ".join(self.hand or ()) or "(empty)"
            lines.append(f"own case: {self.case or '(none)'}   hand: {hand}")
        chips = "" if self.pool is None else f"   point chips left: {self.pool}"
        lines.append(
            f"draw pile: {self.draw_size}   discard: {' '.join(self.discard) or '(empty)'}{chips}"
        )
        for seat in range(self.players):
            cards = " ".join(f"{p.card}@{p.field}" for p in self.grids[seat]) or "-"
            drops = " ".join(map(str, self.unused[seat])) or "none"
            case = "" if self.has_case[seat] else "  (no case)"
            lines.append(
                f"  seat {seat}: score {self.scores[seat]}  hand {self.hand_sizes[seat]}  "
                f"investigation cards {drops}  grid {cards}{case}"
            )
        for number, a in enumerate(self.attempts, start=1):
            guess = a.guess or "(hidden guess)"
            result = f"solved, +{a.points}" if a.success else "failed"
            lines.append(
                f"  attempt {number}: seat {a.seat} on seat {a.target}: {guess} "
                f"with {a.drops}: {result}"
            )
        if self.cases is not None:
            lines.append("cases: " + " ".join(c or "-" for c in self.cases))
        if self.outcome is not None:
            scores = " ".join(map(str, self.outcome.scores))
            lines.append(f"over ({self.outcome.reason}): scores {scores}")
        return "\n".join(lines)


def build_view(state: BlackStoriesState, seat: int | None) -> BlackStoriesView:
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < state.players):
        raise GameError(f"seat {seat} is not a seat of this {state.players}-player game")
    over = state.outcome is not None
    private = state.game.config.guesses == "private"
    case_epochs, hand_epochs = _piles_drawn_from(state)
    return BlackStoriesView(
        seat=seat,
        config=state.game.config,
        players=state.players,
        phase=state.phase,
        turn=state.turn,
        start=state.start,
        final_round=state.final,
        case=state.cases[seat] if seat is not None else None,
        hand=state.hands[seat] if seat is not None else None,
        has_case=tuple(c is not None for c in state.cases),
        hand_sizes=tuple(len(h) for h in state.hands),
        draw_size=len(state.draw),
        discard=state.discard,
        grids=tuple(tuple(PlacedCard(c, f) for c, f in grid) for grid in state.grids),
        unused=state.unused,
        scores=state.scores,
        pool=state.pool,
        plays=tuple(PlayView(p.seat, p.card, p.target, p.field) for p in state.placements),
        attempts=tuple(
            AttemptView(
                a.seat,
                a.target,
                a.guess if not private or a.success or over or seat in (a.seat, a.target) else None,
                a.drops,
                a.success,
                a.points,
            )
            for a in state.attempts
        ),
        cases=state.cases if over else None,
        outcome=state.outcome,
        reshuffled=state.reshuffled,
        case_epochs=case_epochs,
        hand_epochs=hand_epochs,
    )


def _piles_drawn_from(
    state: BlackStoriesState,
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """``case_epochs`` and ``hand_epochs``: before any reshuffle, all from the deal's pile."""
    reshuffled = state.reshuffled
    if not reshuffled:  # most views: no pile to look up
        return (0,) * len(state.cases), tuple((0,) * len(hand) for hand in state.hands)
    return (
        tuple(epoch_of(reshuffled, c) if c else 0 for c in state.cases),
        tuple(tuple(sorted(epoch_of(reshuffled, c) for c in hand)) for hand in state.hands),
    )


def epoch_of(reshuffled: tuple[tuple[str, ...], ...], card: str) -> int:
    """The reshuffles before ``card`` was drawn from the pile it came from, for a card held
    since (in a hand, a case): the last reshuffle that turned it into the draw pile, else 0
    (the pile of the deal). Public: the discard pile lies face up, and every draw is seen."""
    for epoch in range(len(reshuffled), 0, -1):
        if card in reshuffled[epoch - 1]:
            return epoch
    return 0


def hidden_twin(
    state: BlackStoriesState, seat: int | None, rng: random.Random
) -> BlackStoriesState | None:
    """A state differing from ``state`` only in what ``seat`` cannot know, or ``None``.

    Reshuffles the draw pile, swaps a card between two hidden places (other seats' hands,
    the draw pile), and swaps another seat's case for a hidden 4-evidence card that puts
    every card at that seat's grid on the same field and no failed guess on that seat right.
    With guesses=private it also changes the failed guesses that ``seat`` may not see.
    The twin's reveal records its own hidden facts, since its deal is not reconstructed.
    """
    if state.outcome is not None:
        return None
    masks, full = state.game.masks, state.game.full
    hands = [list(h) for h in state.hands]
    draw = list(state.draw)
    rng.shuffle(draw)
    others = [s for s in range(state.players) if s != seat]
    places: list[list[str]] = [hands[s] for s in others if hands[s]]
    if draw:
        places.append(draw)

    # Only cards from the same pile are interchangeable: which pile each came from is public.
    def epoch(card: str) -> int:
        return epoch_of(state.reshuffled, card)

    if len(places) >= 2:
        a, b = rng.sample(places, 2)
        pairs = [(i, j) for i in range(len(a)) for j in range(len(b)) if epoch(a[i]) == epoch(b[j])]
        if pairs:
            i, j = pairs[rng.randrange(len(pairs))]
            a[i], b[j] = b[j], a[i]
    cases = list(state.cases)
    suspects = [s for s in others if cases[s] is not None]
    if suspects:
        suspect = rng.choice(suspects)
        old = cases[suspect]
        failed = {a.guess.replace("/", "+") for a in state.attempts if a.target == suspect}
        same = epoch(old) if old is not None else None
        spots = [
            (p, k)
            for p in places
            for k, card in enumerate(p)
            if card in full and (same is None or epoch(card) == same)
        ]
        rng.shuffle(spots)
        for place, k in spots:
            new = place[k]
            if new not in failed and all(
                bs.field_label((masks[card] & masks[new]).bit_count()) == field
                for card, field in state.grids[suspect]
            ):
                cases[suspect], place[k] = new, old if old is not None else new
                break
    twin = state._copy()
    if state.game.config.guesses == "private":
        twin.attempts = tuple(_other_guess(state, a, seat, rng) for a in state.attempts)
    twin.hands = tuple(tuple(h) for h in hands)
    twin.draw, twin.cases = tuple(draw), tuple(cases)
    twin.deal = (twin.cases, twin.hands, twin.draw)
    if twin.reveal() == state.reveal() or (twin.hands, twin.draw, twin.cases) == (
        state.hands,
        state.draw,
        state.cases,
    ):
        return None
    return twin


def _other_guess(
    state: BlackStoriesState, attempt: Attempt, seat: int | None, rng: random.Random
) -> Attempt:
    """A failed attempt with its guess changed to another wrong one, unless ``seat`` saw it."""
    if attempt.success or seat in (attempt.seat, attempt.target):
        return attempt
    held = {state.cases[attempt.target]} | {
        a.guess.replace("/", "+")
        for a in state.attempts
        if a.success and a.target == attempt.target
    }
    wrong = [c for c in bs.ALL_CASES if c not in held]
    return attempt._replace(guess=bs.guess_text(rng.choice(wrong)))
