"""What one seat knows about Black Vienna's ring, exactly, summed up for bots.

The deduction engine gives the ring's posterior as classes of trios with equal world counts;
a bot needs only a few numbers of it: how many trios are left, their entropy, the likeliest
trio and its probability. ``ring_knowledge`` reads them off a seat's view; ``seat_knowledge``
off a full state for any seat (the search asks it of every seat of a sampled deal, so it
builds the engine's position straight from the state, without a view).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb, log2

from sleuth.games.black_vienna import LETTERS, BlackViennaState, BlackViennaView
from sleuth.games.black_vienna import components as bv
from sleuth.games.black_vienna.knowledge import (
    BlackViennaAnalysis,
    Investigation,
    Position,
    black_vienna_position,
)


@dataclass(frozen=True)
class RingKnowledge:
    """``trios``: ring trios still possible; ``entropy``: bits; ``best``: the likeliest trio
    (alphabet order, ties broken by the alphabet) and ``p_best`` its probability."""

    trios: int
    entropy: float
    best: str
    p_best: float

    @property
    def certain(self) -> bool:
        return self.trios == 1


def knowledge_of(analysis: BlackViennaAnalysis, name_best: bool = True) -> RingKnowledge:
    """The summary of an analysis; a position no deal fits (never from a real game) is
    summed up as knowing nothing. Naming the likeliest trio spells out the posterior, which
    costs as much again: ``name_best=False`` leaves ``best`` empty."""
    if not analysis.consistent:
        return RingKnowledge(0, log2(comb(len(LETTERS), bv.RING_SIZE)), "", 0.0)
    engine = analysis.analysis
    layers = engine.layers
    free = len(layers.free) if layers is not None else 0
    total = engine.worlds
    classes = engine.solution_classes
    trios = sum(comb(free, c.free_count) for c in classes)
    entropy = analysis.ring_entropy
    top = max(c.count for c in classes)
    best = ""
    if name_best:
        best = min(canonical_ring(trio) for trio, count in analysis.ring() if count == top)
    return RingKnowledge(trios, max(0.0, entropy), best, top / total)


def ring_knowledge(view: BlackViennaView) -> RingKnowledge:
    return knowledge_of(BlackViennaAnalysis(black_vienna_position(view)))


def seat_knowledge(state: BlackViennaState, seat: int) -> RingKnowledge:
    """What ``seat`` knows in ``state``: its own hand and every answer given so far (the
    likeliest trio left unnamed)."""
    answers = tuple(
        Investigation(inv.target, card, answer)
        for inv in state.log
        for card, answer in zip(inv.cards, inv.answers, strict=True)
    )
    hand = bv.mask_letters(state.hands[seat])
    seen = bv.mask_letters(state.ring) if state.eliminated >> seat & 1 else None  # §1.7
    position = Position(state.players, seat, hand, answers, state.game.deck, ring=seen)
    return knowledge_of(BlackViennaAnalysis(position), name_best=False)


def canonical_ring(letters: str) -> str:
    """A trio's letters in alphabet order, as accusations name it."""
    return "".join(sorted(letters, key=LETTERS.index))
