"""The listed worlds of a model (``sleuth.deduce.frontier``) are exactly the worlds brute
force enumerates, and refining a listing by constraints gives the listing of the model
with them: the same worlds, marginals and solution posterior."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.deduce import kernels, listing
from sleuth.deduce.frontier import WORKING_ROWS, Frontier, list_worlds
from sleuth.deduce.model import Exclusion, Model, propagate
from sleuth.deduce.queries import Analysis

from .brute import summary, worlds
from .strategies import random_model

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def listed(model: Model) -> Frontier:
    frontier = list_worlds(propagate(model))
    assert frontier is not None
    return frontier


def check(model: Model, frontier: Frontier) -> None:
    assert sorted(map(tuple, frontier.rows.tolist())) == sorted(worlds(model))
    total, marg, sol = summary(model)
    assert frontier.worlds == total
    if total:
        assert frontier.marginal_counts() == marg
    assert model.solution is not None
    trios, counts = frontier.solution_counts(model.solution)
    assert dict(zip(map(tuple, trios.tolist()), counts, strict=True)) == sol


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_a_listing_holds_the_worlds_brute_force_finds(seed: int) -> None:
    model, _ = random_model(random.Random(seed))
    check(model, listed(model))


@settings(max_examples=80, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=8))
def test_refining_a_listing_lists_the_model_with_the_constraints(seed: int, cut: int) -> None:
    model, _ = random_model(random.Random(seed))
    earlier = replace(model, constraints=model.constraints[:cut])
    check(model, listed(earlier).refine(model.constraints[cut:]))


def with_exclusions(model: Model, rng: random.Random) -> Model:
    """``model`` with up to two solutions ruled out: contents its worlds give the solution
    location where there are some (so that worlds go), else any cards."""
    assert model.solution is not None
    size = model.capacities[model.solution]
    held = sorted(
        {frozenset(c for c, loc in enumerate(w) if loc == model.solution) for w in worlds(model)},
        key=sorted,
    )
    if not held:
        held = [frozenset(rng.sample(range(len(model.cards)), size))]
    chosen = rng.sample(held, min(len(held), rng.randint(1, 2)))
    return replace(
        model, excluded=tuple(Exclusion(cards, 90 + i) for i, cards in enumerate(chosen))
    )


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_a_listing_leaves_out_the_solutions_ruled_out(seed: int) -> None:
    rng = random.Random(seed)
    model = with_exclusions(random_model(rng)[0], rng)
    check(model, listed(model))


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_excluding_from_a_listing_lists_the_model_with_the_exclusions(seed: int) -> None:
    rng = random.Random(seed)
    model = with_exclusions(random_model(rng)[0], rng)
    assert model.solution is not None
    plain = listed(replace(model, excluded=()))
    check(model, plain.exclude(model.excluded, model.solution))


def listed_by(walk: bool, model: Model, limit: int = WORKING_ROWS) -> Frontier | None:
    """The listing of ``model`` by the compiled walk or by the levels of numpy (whatever
    this process has swept so far)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernels, "wanted", lambda: walk)
        calls: list[bool] = []
        real = listing.walk

        def walked(*args: Any) -> tuple[bool, Any]:
            ran, rows = real(*args)
            calls.append(ran)
            return ran, rows

        patch.setattr(listing, "walk", walked)
        reduced = propagate(model)
        frontier = list_worlds(reduced, limit)
    assert calls == ([walk] if reduced.ok else [])  # the way asked for was taken
    return frontier


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_the_compiled_walk_lists_the_worlds_the_levels_list(seed: int) -> None:
    if not kernels.available():
        pytest.skip("numba is not installed")
    rng = random.Random(seed)
    model = random_model(rng)[0]
    if rng.random() < 0.5:
        model = with_exclusions(model, rng)
    walked, levels = listed_by(True, model), listed_by(False, model)
    assert walked is not None and levels is not None
    check(model, walked)
    assert sorted(map(tuple, walked.rows.tolist())) == sorted(map(tuple, levels.rows.tolist()))
    # past its bound the walk gives up, as the levels do past theirs; it places no more
    # cards than the levels keep rows in all, so it gives up only where they do
    total = len(list(worlds(replace(model, excluded=()))))
    if total:
        assert listed_by(True, model, total - 1) is None
        if listed_by(False, model, total) is not None:
            assert listed_by(True, model, total) is not None


def test_the_walk_gives_up_on_many_dead_ends_as_the_levels_do() -> None:
    """Sixteen cards for two places holding 8 and 9, three for two places of one each: no
    world, yet every way of placing the sixteen looks completable place by place until
    nearly the last of them. The walk had given up only past ``limit`` worlds, so it
    walked every dead end whatever ``limit`` (review finding); the levels give up past
    ``limit`` rows at one level, and the walk now past ``limit`` times the cards placed.
    The caller then counts: no world, exactly."""
    if not kernels.available():
        pytest.skip("numba is not installed")
    n = 16
    domains = (*[frozenset({0, 1})] * n, *[frozenset({2, 3})] * 3)
    model = Model(tuple(f"c{i}" for i in range(n + 3)), ("p", "r", "x", "y"), (8, 9, 1, 1))
    model = replace(model, domains=domains)
    assert propagate(model).ok  # propagation does not see it
    assert listed_by(True, model, 100) is None
    assert listed_by(False, model, 100) is None
    walked, levels = listed_by(True, model), listed_by(False, model)
    assert walked is not None and levels is not None
    assert (walked.worlds, levels.worlds) == (0, 0)
    assert Analysis(model).worlds == 0
