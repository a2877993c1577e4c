"""No leak through the environments: a seat's observation and mask depend only on what the
seat may know, and the mask is exactly the engine's legal actions, at every step.

States that differ only in what a seat cannot know (the kits' hidden twins: other hands
dealt anew, the ring or a case swapped, the piles reshuffled) must give that seat equal
observations and equal masks. PettingZoo's and OpenSpiel's own environments have leaked
hidden information through observations (PettingZoo PR #233, OpenSpiel PR #1604); no
framework test would have caught that, this one would.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from envs.configs import configurations, encoded_games
from sleuth.core import find_kit, make_game
from sleuth.core.kit import KNOWLEDGE
from sleuth.envs.table import Decision, Table, random_code
from support.game_cases import cases_of


def engine_codes(table: Table, seat: int) -> set[int]:
    """The codes of the engine's legal actions of ``seat``, listed one by one."""
    legal = table.state.legal_actions(seat)
    return {table.encoder.actions.code(action) for action in legal}


def check_random_games(
    game_name: str,
    players: int,
    options: dict[str, object],
    seeds: range,
    knowledge: bool = False,
    twin_every: int = 1,
    enough: int | None = None,
) -> tuple[int, int]:
    """Play random games; check masks every step and hidden twins every ``twin_every``
    steps, stopping after the game that brings the steps to ``enough``; (steps, twins
    compared)."""
    game = make_game(game_name, players, **options)
    table = Table(game, knowledge=knowledge)
    other = Table(game, knowledge=knowledge)
    steps = twins = 0
    for seed in seeds:
        if enough is not None and steps >= enough:
            break
        table.reset(seed)
        rng, pick = random.Random(seed), np.random.default_rng(seed)
        while (decision := table.decision) is not None:
            seat = decision.seat
            mask = table.mask(seat)
            want = engine_codes(table, seat) | ({table.wait_code} if decision.interrupt else set())
            assert set(np.flatnonzero(mask).tolist()) == want, f"seed {seed} step {steps}"
            for s in range(players):
                if s != seat:
                    assert not table.mask(s).any()  # a seat not asked may do nothing
            if steps % twin_every == 0:
                twins += compare_twins(table, other, rng)
            table.step(random_code(mask, table.drastic, pick, rate=0.02))
            steps += 1
    return steps, twins


def compare_twins(table: Table, other: Table, rng: random.Random) -> int:
    """For every seat with a hidden twin of the state: equal observations and masks."""
    state, queue, decision = table.state, list(table.queue), table.decision
    compared = 0
    for seat in range(table.game.players):
        twin = state.hidden_twin(seat, rng)
        if twin is None:
            continue
        assert twin.reveal() != state.reveal()  # the twin does differ, in hidden facts
        other.set_state(twin, queue)
        asked: Decision | None = decision if decision and decision.seat == seat else None
        mine = table.observer.observe(state, seat, asked)
        theirs = other.observer.observe(twin, seat, asked)
        assert np.array_equal(mine, theirs), f"seat {seat} observes a hidden difference"
        assert np.array_equal(table.mask(seat), other.mask(seat)), f"seat {seat} mask leaks"
        compared += 1
    return compared


@pytest.mark.parametrize(("game", "players", "options"), configurations())
def test_masks_are_the_engines_legal_actions_and_twins_look_alike(
    game: str, players: int, options: dict[str, object]
) -> None:
    seeds = range(1) if cases_of(find_kit(game)).long_games else range(2)
    steps, twins = check_random_games(game, players, options, seeds)
    assert steps > 20 and twins > steps // 2


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options"), configurations())
def test_masks_and_twins_over_many_games(
    game: str, players: int, options: dict[str, object]
) -> None:
    # 30 games, or as many as make 6,000 steps: a long game is some 2,000 steps, the
    # others a few dozen to a few hundred.
    steps, twins = check_random_games(game, players, options, range(10, 40), enough=6000)
    assert steps > 20 and twins > steps // 2


KNOWLEDGE_GAMES = [name for name in encoded_games() if find_kit(name).has(KNOWLEDGE)]


@pytest.mark.parametrize("game", KNOWLEDGE_GAMES)
def test_knowledge_features_leak_nothing_either(game: str) -> None:
    kit = find_kit(game)
    assert kit.has(KNOWLEDGE)
    players = kit.game.min_players + 1
    _, twins = check_random_games(game, players, {}, range(1), knowledge=True, twin_every=7)
    assert twins >= 3
