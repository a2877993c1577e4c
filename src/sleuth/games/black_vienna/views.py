"""What each seat and a spectator may see of Black Vienna (REFERENCE.md §1.6), and no more.

A view is built field by field from the state. Never in a view before the end: another
seat's hand, the ring, the order of the stacks, the letters of another seat's accusation
or guess.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sleuth.core import Outcome, View

from . import components as bv
from .components import BlackViennaConfig

if TYPE_CHECKING:
    from .rules import BlackViennaState


@dataclass(frozen=True)
class TableCard:
    """A played investigation card lying in front of ``holder`` with its markers."""

    letters: str
    holder: int
    markers: int


@dataclass(frozen=True)
class InvestigationView:
    asker: int
    target: int
    cards: tuple[str, ...]
    answers: tuple[int, ...]
    placed: tuple[int, ...]


@dataclass(frozen=True)
class AccusationView:
    """An accusation: its result is public, its letters only the accuser's (or ``None``)."""

    seat: int
    correct: bool
    letters: str | None


@dataclass(frozen=True)
class BlackViennaView(View):
    seat: int | None
    # The rules in play: public to every seat, so bots and samplers rebuild the very game.
    config: BlackViennaConfig
    players: int
    phase: bv.Phase
    hand: str | None
    hand_sizes: tuple[int, ...]
    face_up: tuple[str | None, ...]
    stack_sizes: tuple[int, ...]
    supply: int
    asker: int
    actors: tuple[int, ...]
    questioned: tuple[int, ...]
    cards_played: int
    special_unlocked: bool
    table: tuple[TableCard, ...]
    investigations: tuple[InvestigationView, ...]
    accusations: tuple[AccusationView, ...]
    eliminated: tuple[int, ...]
    guessed: tuple[int, ...]
    own_guess: str | None
    ring: str | None
    outcome: Outcome | None

    def render(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        lines = [
            f"Black Vienna, {self.players} players, {who}: phase {self.phase}, "
            f"seat {self.asker} to ask, may act: {_seats(self.actors)}",
            f"hand: {self.hand if self.hand is not None else '(hidden)'}   "
            f"hand sizes: {' '.join(map(str, self.hand_sizes))}",
            f"face up: {' '.join(c or '---' for c in self.face_up)}   "
            f"stacks: {' '.join(map(str, self.stack_sizes))}   supply: {self.supply}",
            f"questioned: {_seats(self.questioned)}   cards played: {self.cards_played}   "
            f"special: {'unlocked' if self.special_unlocked else 'locked'}",
        ]
        if self.table:
            lines.append(
                "table: " + " ".join(f"{t.letters}@{t.holder}:{t.markers}" for t in self.table)
            )
        for number, inv in enumerate(self.investigations, start=1):
            answers = ", ".join(
                f"{card}={answer}" + (f" ({placed} placed)" if placed != answer else "")
                for card, answer, placed in zip(inv.cards, inv.answers, inv.placed, strict=True)
            )
            lines.append(f"  {number}. seat {inv.asker} asked seat {inv.target}: {answers}")
        for acc in self.accusations:
            letters = f" {acc.letters}" if acc.letters else ""
            lines.append(
                f"accusation by seat {acc.seat}{letters}: {'correct' if acc.correct else 'wrong'}"
            )
        if self.guessed:
            lines.append(f"guesses handed in: {_seats(self.guessed)}")
        if self.own_guess is not None:
            lines.append(f"own guess: {self.own_guess}")
        if self.ring is not None:
            lines.append(f"ring: {self.ring}")
        if self.outcome is not None:
            scores = " ".join(map(str, self.outcome.scores))
            lines.append(f"over ({self.outcome.reason}): scores {scores}")
        return "\n".join(lines)


def build_view(state: BlackViennaState, seat: int | None) -> BlackViennaView:
    if seat is not None and not 0 <= seat < state.players:
        from sleuth.core import GameError

        raise GameError(f"seat {seat} is not a seat of this {state.players}-player game")
    over = state.outcome is not None
    guesses = dict(state.guesses)
    own_guess = guesses.get(seat) if seat is not None else None
    public = state.shared(_public)
    return BlackViennaView(
        seat=seat,
        config=state.game.config,
        players=state.players,
        phase=state.phase,
        hand=bv.mask_letters(state.hands[seat]) if seat is not None else None,
        hand_sizes=state.game.hand_sizes,
        face_up=public.face_up,
        stack_sizes=public.stack_sizes,
        supply=state.supply,
        asker=state.asker,
        actors=public.actors,
        questioned=public.questioned,
        cards_played=state.cards_played,
        special_unlocked=public.special_unlocked,
        table=public.table,
        investigations=public.investigations,
        accusations=tuple(
            AccusationView(a.seat, a.correct, a.letters if a.seat == seat else None)
            for a in state.accusations
        ),
        eliminated=public.eliminated,
        guessed=public.guessed,
        own_guess=own_guess if own_guess != "-" else "pass",
        # §1.7: a wrong accuser "looks at the three criminal ring cards, and checks whether
        # his accusation is correct", so he knows the ring from then on.
        ring=bv.mask_letters(state.ring) if over or _has_checked(state, seat) else None,
        outcome=state.outcome,
    )


@dataclass(frozen=True)
class _Public:
    """What every seat's view of one state shares, built once per state."""

    face_up: tuple[str | None, ...]
    stack_sizes: tuple[int, ...]
    actors: tuple[int, ...]
    questioned: tuple[int, ...]
    special_unlocked: bool
    table: tuple[TableCard, ...]
    investigations: tuple[InvestigationView, ...]
    eliminated: tuple[int, ...]
    guessed: tuple[int, ...]


def _public(state: BlackViennaState) -> _Public:
    seats = range(state.players)
    investigations = state.public_log  # as far as the state played from had it
    if len(investigations) != len(state.log):
        done = state.log[len(investigations) :]
        investigations = (*investigations, *[InvestigationView(*i) for i in done])
        state.public_log = investigations
    return _Public(
        face_up=state.face_up(),
        stack_sizes=tuple(len(s) - t for s, t in zip(state.stacks, state.tops, strict=True)),
        actors=tuple(sorted(state.actors())),
        questioned=tuple(s for s in seats if state.questioned >> s & 1),
        special_unlocked=state.special_unlocked(),
        table=tuple(TableCard(card, holder, markers) for card, holder, markers in state.table),
        investigations=investigations,
        eliminated=tuple(s for s in seats if state.eliminated >> s & 1),
        guessed=tuple(s for s, g in state.guesses if g is not None),
    )


def hidden_twin(
    state: BlackViennaState, seat: int | None, rng: random.Random
) -> BlackViennaState | None:
    """A state differing from ``state`` only in what ``seat`` cannot know, or ``None``.

    Swaps two person cards between two hidden places (other seats' hands or the ring) when no
    played investigation card and no accusation names either, and reshuffles the stack cards
    not yet face up. Used by the no-leak check of the conformance harness.
    """
    if state.outcome is not None:
        return None
    named = 0
    for inv in state.log:
        for card in inv.cards:
            named |= bv.letters_mask(card)
    for acc in state.accusations:
        named |= bv.letters_mask(acc.letters)
    for _, guess in state.guesses:
        if guess and guess != "-":
            named |= bv.letters_mask(guess)
    places = [(s, h) for s, h in enumerate(state.hands) if s != seat]
    if not _has_checked(state, seat):
        places.append((-1, state.ring))
    movable = [
        (p, i)
        for p, mask in places
        for i in range(len(bv.LETTERS))
        if mask >> i & 1 and not named >> i & 1
    ]
    rng.shuffle(movable)
    pair = next(((a, b) for a in movable for b in movable if a[0] != b[0]), None)
    hidden = [
        card
        for stack, top in zip(state.stacks, state.tops, strict=True)
        for card in stack[top + 1 :]
    ]
    if pair is None and len(hidden) < 2:
        return None
    twin = state._copy()
    if pair is not None:
        (place_a, card_a), (place_b, card_b) = pair
        flip = 1 << card_a | 1 << card_b
        hands = list(state.hands)
        for place in (place_a, place_b):
            if place == -1:
                twin.ring ^= flip
            else:
                hands[place] ^= flip
        twin.hands = tuple(hands)
    rng.shuffle(hidden)
    stacks = []
    for stack, top in zip(state.stacks, state.tops, strict=True):
        keep = stack[: top + 1]
        rest_size = max(0, len(stack) - top - 1)
        stacks.append((*keep, *hidden[:rest_size]))
        hidden = hidden[rest_size:]
    twin.stacks = tuple(stacks)
    twin._face = None  # the same face-up cards, derived again rather than trusted
    unchanged = (twin.hands, twin.ring, twin.stacks) == (state.hands, state.ring, state.stacks)
    return None if unchanged else twin


def _has_checked(state: BlackViennaState, seat: int | None) -> bool:
    """Whether ``seat`` has seen the ring: it accused (and was wrong, or the game is over)."""
    return seat is not None and bool(state.eliminated >> seat & 1)


def _seats(seats: tuple[int, ...]) -> str:
    return " ".join(map(str, seats)) if seats else "none"
