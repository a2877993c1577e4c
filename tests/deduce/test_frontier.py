"""The listed worlds of a model (``sleuth.deduce.frontier``) are exactly the worlds brute
force enumerates, and refining a listing by constraints gives the listing of the model
with them: the same worlds, marginals and solution posterior."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.deduce.frontier import Frontier, list_worlds
from sleuth.deduce.model import Exclusion, Model, propagate

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
