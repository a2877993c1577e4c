"""The knowledge features the envs compute fast (a game's ``beliefs``, a seat's unchanged
position reusing its last analysis) equal, at every step of seeded games, the features of
the full analysis made from scratch from the seat's view: exactly, not approximately (the
observation, and where a game gives ``beliefs``, its numbers in float64)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from envs.configs import encoded_games
from sleuth.core import GameError, find_kit, make_game
from sleuth.core.encoding import Features
from sleuth.core.kit import KNOWLEDGE
from sleuth.deduce import kernels, transitions
from sleuth.envs.table import Table, random_code

KNOWING = [name for name in encoded_games() if find_kit(name).has(KNOWLEDGE)]
SEEDS = (3, 11)


def from_scratch(table: Table, seat: int) -> np.ndarray:
    """The knowledge segments of ``seat`` from ``analyze`` on its view, nothing kept."""
    observer = table.observer
    knowledge = observer.knowledge
    assert knowledge is not None
    view = table.state.view(seat)
    features = Features()
    try:
        position = knowledge.from_view(view)
    except GameError:
        position = None
    if position is not None:
        full = knowledge.analyze(position, None, False)
        if knowledge.beliefs is not None:
            # In float64, before the observation's float32 could hide a last-bit difference.
            fast = knowledge.beliefs(position)
            assert (fast.consistent, fast.worlds) == (full.consistent, full.worlds)
            assert fast.cards == full.cards
            assert sorted(fast.solutions, key=str) == sorted(full.solutions, key=str)
        observer.place(full, view, features)
    out = np.zeros(observer.size, dtype=np.float32)
    out[np.array(features.indices, dtype=np.intp)] = np.array(features.values, dtype=np.float32)
    return out[observer.valid_at :]


def tables(game: str) -> list[int]:
    kit = find_kit(game)
    return sorted({kit.game.min_players, kit.game.max_players})


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    ("game", "players"), [(game, players) for game in KNOWING for players in tables(game)]
)
def test_the_features_equal_a_fresh_analysis_at_every_step(
    game: str, players: int, seed: int
) -> None:
    table = Table(make_game(game, players), knowledge=True)
    table.reset(seed)
    rng = np.random.default_rng(seed)
    start = table.observer.valid_at
    steps = valid = 0
    seats = {
        asked: (
            sorted(range(players), key=lambda s: s != asked)
            if seed == SEEDS[0]
            else [asked, (asked + 1) % players]
        )
        for asked in range(players)
    }
    while (decision := table.decision) is not None:
        # With the first seed every seat, the one asked now first: its position grows by one
        # answer at a time (a game's believer may keep, refine or count afresh), or is
        # unchanged since its own last observation (its kept analysis is read). With the
        # other, the seat asked now and the one after it: positions grown by several answers.
        for seat in seats[decision.seat]:
            fast = table.observe(seat)[start:]
            assert np.array_equal(fast, from_scratch(table, seat)), (seed, steps, seat)
            valid += int(fast[0] == 1.0)
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
        steps += 1
    assert valid >= 2  # the comparisons above include analyses, not only empty segments
    # a game's reader of a seat's views (where it gives one) made the positions compared
    knowledge = table.observer.knowledge
    assert knowledge is not None
    assert bool(table.observer.readers) == (knowledge.reader is not None)


def carrying(game: str) -> bool:
    """Whether the game's knowledge layout writes from a writer kept per seat (which
    carries what it counted for a seat's last position over to the next)."""
    table = Table(make_game(game, tables(game)[0]))
    layout = table.encoder.knowledge
    return layout is not None and layout.seat_features is not None


CARRYING = [game for game in KNOWING if carrying(game)]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    ("game", "players"), [(game, players) for game in CARRYING for players in tables(game)]
)
def test_every_seat_at_every_step_equals_a_fresh_analysis(
    game: str, players: int, seed: int
) -> None:
    """Every seat observed after every step: each answer reaches every seat's writer one at
    a time (the test above skips seats, so that several answers reach it at once)."""
    table = Table(make_game(game, players), knowledge=True)
    table.reset(seed)
    rng = np.random.default_rng(seed)
    start = table.observer.valid_at
    steps = valid = 0
    while (decision := table.decision) is not None:
        for seat in range(players):
            fast = table.observe(seat)[start:]
            assert np.array_equal(fast, from_scratch(table, seat)), (seed, steps, seat)
            valid += int(fast[0] == 1.0)
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
        steps += 1
    assert valid >= 2 * players


KERNELS = ("layer_moves", "composition_plan", "expand_rows", "ring_weights", "plain_counts")


def _numpy_only(patch: pytest.MonkeyPatch) -> None:
    """The deduction engine's numpy path alone, no compiled kernel."""
    patch.setattr(kernels, "layer_ready", lambda: False)
    patch.setattr(kernels, "wanted", lambda: False)
    patch.setattr(transitions, "wanted", lambda: False)


@pytest.mark.parametrize("game", CARRYING)
def test_compiled_features_equal_a_fresh_numpy_analysis(game: str) -> None:
    """With the compiled kernels loaded from the start (as in a long run), every seat's
    features at every step of a seeded game at the largest table equal those of a fresh
    analysis made with numpy alone: the compiled layers, composition plan, expansion and
    posterior sweep checked against the path that does not use them."""
    pytest.importorskip("numba")
    assert kernels.warm()
    players = tables(game)[-1]
    table = Table(make_game(game, players), knowledge=True)
    table.reset(SEEDS[0])
    rng = np.random.default_rng(SEEDS[0])
    start = table.observer.valid_at
    calls = dict.fromkeys(KERNELS, 0)

    def counting(name: str) -> Any:
        real = getattr(kernels, name)

        def call(*args: Any) -> Any:
            calls[name] += 1
            return real(*args)

        return call

    steps = 0
    while (decision := table.decision) is not None and steps < 120:
        for seat in range(players):
            with pytest.MonkeyPatch.context() as patch:
                for name in KERNELS:
                    patch.setattr(kernels, name, counting(name))
                fast = table.observe(seat)[start:]
            with pytest.MonkeyPatch.context() as patch:
                _numpy_only(patch)
                assert np.array_equal(fast, from_scratch(table, seat)), (steps, seat)
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
        steps += 1
    assert min(calls.values()) > 0, calls  # every compiled path was taken
