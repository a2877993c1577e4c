"""The deduction engine's compiled kernels on 13 Clues' models (the engine's own tests
compare them on Black Vienna-shaped models only; review finding): for positions of seeded
games at 2 and 6 players, some with answers and accusations, the state graph's layers, the
counts and marginals (``plain_counts``), the mystery's posterior (``ring_weights``) and the
listed worlds (the compiled walk) equal those of the numpy path."""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np
import pytest

from deduce.test_frontier import listed_by
from deduce.test_kernels import _graph_of, _summary
from sleuth.core import GameError, make_game
from sleuth.deduce import kernels, transitions
from sleuth.deduce.dp import Layers
from sleuth.deduce.model import Model
from sleuth.deduce.queries import Analysis
from sleuth.envs.table import Table, random_code
from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position
from sleuth.games.thirteen_clues.views import ThirteenCluesView

pytest.importorskip("numba")

# worlds listed at most (both ways), so that an early 6-player position is not listed whole
LISTED = 20_000
# per game: positions compared, with an answer, with an accusation, listed both ways
SEEN = {
    (2, 1): (25, 24, 25, 17),
    (2, 3): (18, 17, 17, 10),
    (6, 1): (6, 6, 6, 5),
    (6, 4): (45, 45, 45, 44),
}


def positions(players: int, seed: int, every: int) -> list[dict[str, object]]:
    """Every ``every``-th step's position of one seat (the seats in turn) in a seeded game
    of random bots, once the mysteries are chosen."""
    table = Table(make_game("13-clues", players))
    table.reset(seed)
    rng = np.random.default_rng(seed)
    found, steps = [], 0
    while (decision := table.decision) is not None:
        if steps % every == 0:
            view = table.state.view(steps // every % players)
            assert isinstance(view, ThirteenCluesView)
            with contextlib.suppress(GameError):  # the mysteries are not chosen yet
                found.append(thirteen_clues_position(view))
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.05))
        steps += 1
    return found


def numpy_only(patch: pytest.MonkeyPatch) -> None:
    patch.setattr(kernels, "layer_ready", lambda: False)
    patch.setattr(kernels, "wanted", lambda: False)
    patch.setattr(transitions, "wanted", lambda: False)


def counting(patch: pytest.MonkeyPatch, name: str, calls: dict[str, int]) -> None:
    real = getattr(kernels, name)

    def call(*args: Any) -> Any:
        calls[name] = calls.get(name, 0) + 1
        return real(*args)

    patch.setattr(kernels, name, call)


def compare(model: Model, calls: dict[str, int]) -> None:
    """One model's layers (a position's and a question's), analysis and listing, compiled
    and with numpy."""
    red = Analysis(model).reduced
    if not red.ok:
        return
    open_cards = [c for c, d in enumerate(red.domains) if len(d) > 1]
    cards = frozenset(open_cards[:2])
    shapes: list[dict[str, Any]] = [{}]
    if cards:
        shapes.append({"observe": (frozenset([0]), cards), "keep": cards, "together": [cards]})
    for shape in shapes:
        with pytest.MonkeyPatch.context() as patch:
            counting(patch, "layer_moves", calls)
            compiled = Layers(red, **shape)
        with pytest.MonkeyPatch.context() as patch:
            numpy_only(patch)
            plain = Layers(red, **shape)
        assert _graph_of(compiled) == _graph_of(plain)
    with pytest.MonkeyPatch.context() as patch:
        for name in ("plain_counts", "ring_weights"):
            counting(patch, name, calls)
        fast = _summary(Analysis(model))
    with pytest.MonkeyPatch.context() as patch:
        numpy_only(patch)
        assert _summary(Analysis(model)) == fast
    walked, levels = listed_by(True, model, LISTED), listed_by(False, model, LISTED)
    assert levels is None or walked is not None  # the walk gives up only where they do
    if walked is not None and levels is not None:
        calls["walk"] = calls.get("walk", 0) + 1
        rows = sorted(map(tuple, walked.rows.tolist()))
        assert rows == sorted(map(tuple, levels.rows.tolist()))


@pytest.mark.parametrize(("players", "seed", "every"), [(2, 1, 3), (2, 3, 3), (6, 1, 9), (6, 4, 9)])
def test_the_compiled_kernels_equal_numpy_on_thirteen_clues_models(
    players: int, seed: int, every: int
) -> None:
    assert kernels.warm()
    found = positions(players, seed, every)
    calls: dict[str, int] = {}
    for data in found:
        compare(ThirteenCluesAnalysis(data).model, calls)
    answered = sum(1 for data in found if data.get("questions"))
    accused = sum(1 for data in found if data.get("accusations"))
    listed = calls.pop("walk", 0)
    assert (len(found), answered, accused, listed) == SEEN[players, seed]
    # every compiled path was taken
    assert set(calls) == {"layer_moves", "plain_counts", "ring_weights"}, calls
