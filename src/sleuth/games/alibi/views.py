"""What each seat and a spectator may see of Alibi (REFERENCE.md §3.6), and no more.

A view is built field by field from the state. Never in a view before or after the end:
another seat's hand, the order of the draw pile or of the suspect pile (only their sizes).
Everything laid out, the discard pile and the scores are public.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sleuth.core import GameError, Outcome, View

from . import components as ac
from .bounds import seat_bounds
from .components import AlibiConfig, Phase

if TYPE_CHECKING:
    from .rules import AlibiState, Conviction


@dataclass(frozen=True)
class SuspectView:
    """A displayed suspect: its values, the seat whose Alibi covers it, and its coverage."""

    suspect: str
    values: tuple[str, ...]
    alibi: int | None
    covered: tuple[str, ...]


@dataclass(frozen=True)
class ConvictionView:
    number: int
    suspect: str
    how: str
    convicter: int | None
    points: tuple[int, ...]
    evidence: tuple[str, ...]


@dataclass(frozen=True)
class AlibiView(View):
    seat: int | None
    # The rules in play: public to every seat, so bots and samplers rebuild the very game.
    config: AlibiConfig
    players: int
    phase: Phase
    active: int | None
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, ...]
    display: tuple[SuspectView, ...]
    suspect_pile_size: int
    fronts: tuple[tuple[str, ...], ...]
    discard: tuple[str, ...]
    draw_pile_size: int
    extra_plays: int
    candidates: tuple[str, ...]
    scores: tuple[int, ...]
    convictions: tuple[ConvictionView, ...]
    convictions_to_end: int
    round_turns: int
    outcome: Outcome | None
    # How many clue cards of each value (in ac.VALUES order) the deck holds: public, as the
    # printed components are, and what card counting starts from.
    clue_counts: tuple[int, ...]
    # At most how many of each card (in ac.CARDS order) each other hand and then the draw
    # pile can hold, from what this seat saw (``bounds``); a spectator's is empty.
    bounds: tuple[tuple[int, ...], ...] = ()

    def render(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        turn = "over" if self.active is None else f"seat {self.active} to act ({self.phase})"
        lines = [
            f"Alibi, {self.players} players, {who}: {turn}, "
            f"convictions {len(self.convictions)}/{self.convictions_to_end}, "
            f"round turn {self.round_turns}",
            f"hand: {' '.join(self.hand) if self.hand is not None else '(hidden)'}   "
            f"hand sizes: {' '.join(map(str, self.hand_sizes))}",
            f"draw pile: {self.draw_pile_size}   suspect pile: {self.suspect_pile_size}   "
            f"discard: {' '.join(self.discard) or '-'}",
        ]
        for s in self.display:
            alibi = f"  ALIBI (seat {s.alibi})" if s.alibi is not None else ""
            lines.append(
                f"  {s.suspect}: {' '.join(s.values)}  covered {len(s.covered)}"
                f"{': ' + ' '.join(s.covered) if s.covered else ''}{alibi}"
            )
        for seat, front in enumerate(self.fronts):
            lines.append(f"  front {seat}: {' '.join(front) or '-'}")
        if self.extra_plays:
            lines.append(f"Gutes Auge: {self.extra_plays} more plays")
        if self.candidates:
            lines.append(f"completed at once, to choose: {' '.join(self.candidates)}")
        lines.append(f"scores: {' '.join(map(str, self.scores))}")
        for c in self.convictions:
            by = f" by seat {c.convicter}" if c.convicter is not None else ""
            lines.append(
                f"  {c.number}. {c.suspect} ({c.how}{by}) points {' '.join(map(str, c.points))}"
            )
        if self.outcome is not None:
            winners = " ".join(map(str, self.outcome.winners))
            lines.append(f"over ({self.outcome.reason}): winners {winners}")
        return "\n".join(lines)


def build_view(state: AlibiState, seat: int | None) -> AlibiView:
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < state.players):
        raise GameError(f"seat {seat} is not a seat of this {state.players}-player game")
    game = state.game
    ordered = game.ordered_values
    table = state.table_values()
    alibis = dict(state.alibis)
    over = state.outcome is not None
    return AlibiView(
        seat=seat,
        config=game.config,
        players=state.players,
        phase=state.phase,
        active=None if over else state.active,
        hand=tuple(state.hands[seat]) if seat is not None else None,
        hand_sizes=tuple(len(h) for h in state.hands),
        display=tuple(
            SuspectView(
                s,
                ordered[s],
                alibis.get(s),
                tuple(v for v in ordered[s] if v in table),  # state.coverage(s)
            )
            for s in state.display
        ),
        suspect_pile_size=len(state.suspect_pile),
        fronts=tuple(map(tuple, state.fronts)),
        discard=tuple(state.discard),
        draw_pile_size=len(state.pile),
        extra_plays=state.extra,
        candidates=tuple(state.candidates),
        scores=tuple(state.scores),
        convictions=tuple(map(_conviction_view, state.convictions)),
        convictions_to_end=game.total_convictions,
        round_turns=state.round_turns,
        outcome=state.outcome,
        clue_counts=game.clue_counts,
        bounds=seat_bounds(state.bounds, seat),
    )


@functools.lru_cache(maxsize=4096)
def _conviction_view(c: Conviction) -> ConvictionView:
    """A conviction as views show it, made once: a game's convictions stay in every view."""
    return ConvictionView(c.number, c.suspect, c.how, c.convicter, c.points, c.evidence)


def hidden_twin(state: AlibiState, seat: int | None, rng: random.Random) -> AlibiState | None:
    """A state differing from ``state`` only in what ``seat`` cannot know, or ``None``.

    Deals the cards of the other hands and the draw pile anew (sizes kept) and reorders the
    suspect pile. The twin's recorded deal is its own hidden facts (suspect order, hands and
    draw pile as they are now), so its reveal differs whenever any hidden fact does, also
    late in the game when the suspect pile is too short to reorder.
    """
    if state.outcome is not None:
        return None
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + list(state.pile)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(hands[s])
        hands[s] = ac.sort_cards(pool[:size])
        pool = pool[size:]
    tail = list(state.suspect_pile)
    if len(set(tail)) > 1:
        while tail == list(state.suspect_pile):
            rng.shuffle(tail)
    if (tuple(hands), tuple(pool), tuple(tail)) == (
        state.hands,
        state.pile,
        state.suspect_pile,
    ):
        return None
    twin = state._copy()
    twin.hands, twin.pile, twin.suspect_pile = tuple(hands), tuple(pool), tuple(tail)
    suspects, _, _, start = state.deal
    head = suspects[: len(suspects) - len(tail)]
    twin.deal = ((*head, *tail), twin.hands, twin.pile, start)
    return twin
