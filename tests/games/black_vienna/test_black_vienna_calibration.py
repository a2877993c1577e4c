"""Black Vienna's ring posterior against the game's own deal, by simulation (as
``test_thirteen_clues_deal_calibration`` does for 13 Clues).

A fixed public history is replayed in many games dealt by the game itself; a deal is kept if
seat 0 then sees exactly what it saw in the reference game, and the kept deals' rings are
compared with the engine's posterior by a chi-squared test. Each deal is first relabelled by a
map under which the game's deal is symmetric, drawn uniformly among those that show seat 0 the
reference's cards where it sees them: Black Vienna deals the 27 persons alike, so any renaming
of the letters; the investigation cards' stacks are shuffled apart from the persons, so the
reference's stacks are kept.
"""

from __future__ import annotations

import random

import pytest

from sleuth.core import State, make_game
from sleuth.games.black_vienna import BlackVienna
from sleuth.games.black_vienna.components import LETTERS, mask_letters
from sleuth.games.black_vienna.knowledge import (
    BlackViennaAnalysis,
    Position,
    black_vienna_position,
)
from sleuth.games.black_vienna.rules import BlackViennaState
from support.calibration import SEAT, SIGNIFICANCE, History, pooled_chi2, simulate

BV_SEED = 5
BV_HISTORY: History = (
    (0, "ask 1 LOY"),
    (1, "ask 2 DNZ"),
    (2, "ask 1 HKW"),
    (1, "ask 2 EFW"),
    (2, "ask 1 JKL"),
)
BV_DEALS = 40_000


@pytest.mark.slow
def test_black_vienna_ring_matches_the_games_own_deal() -> None:
    game = make_game("black-vienna", 3)
    assert isinstance(game, BlackVienna)
    reference = game.new(BV_SEED)
    own = mask_letters(reference.hands[SEAT])

    def relabel(deal: BlackViennaState, rng: random.Random) -> State:
        targets = list(own)
        rng.shuffle(targets)
        rename = dict(zip(mask_letters(deal.hands[SEAT]), targets, strict=True))
        rest = [letter for letter in LETTERS if letter not in own]
        rng.shuffle(rest)
        rename.update(zip((x for x in LETTERS if x not in rename), rest, strict=True))

        def named(mask: int) -> str:
            return "".join(rename[x] for x in mask_letters(mask))

        return game.from_deal([named(h) for h in deal.hands], named(deal.ring), reference.stacks)

    def ring(state: BlackViennaState) -> str:
        return mask_letters(state.ring)

    target, kept = simulate(game, reference, BV_HISTORY, BV_DEALS, relabel, ring)
    position = black_vienna_position(target)

    def ring_posterior(pos: Position) -> dict[str, float]:
        analysis = BlackViennaAnalysis(pos)
        return {trio: count / analysis.worlds for trio, count in analysis.ring()}

    result = pooled_chi2(ring_posterior(position), kept)
    print(f"Black Vienna, 3 players: {BV_DEALS} deals, {result}")
    assert result.samples >= 1000
    assert result.p_value > SIGNIFICANCE
    # the same deals reject the reading that leaves out the last answer
    shorter = Position(
        position.players,
        position.seat,
        position.hand,
        position.investigations[:-1],
        position.deck,
        position.face_up,
    )
    old = pooled_chi2(ring_posterior(shorter), kept)
    print(f"Black Vienna, last answer left out: {old}")
    assert old.p_value < SIGNIFICANCE
