"""The class allocations of a model (``sleuth.deduce.allocations``) stand for exactly the
worlds brute force enumerates, and refining them by constraints (classes split, weights
adjusted) gives those of the model with them: the same world count, marginals and solution
posterior."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.deduce.allocations import Allocations, list_allocations
from sleuth.deduce.model import Constraint, Exclusion, Model, propagate

from .brute import summary
from .strategies import random_model

seeds = st.integers(min_value=0, max_value=2**32 - 1)
LIMIT = 1_000_000


def allocated(model: Model) -> Allocations:
    found = list_allocations(propagate(model), LIMIT)
    assert found is not None
    return found


def check(model: Model, found: Allocations) -> None:
    total, marg, sol = summary(model)
    assert found.worlds == total
    if total:
        assert found.marginal_counts() == marg
    assert model.solution is not None
    trios, counts = found.solution_counts(model.solution)
    assert dict(zip(map(tuple, trios.tolist()), counts, strict=True)) == sol


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_the_allocations_stand_for_the_worlds_brute_force_finds(seed: int) -> None:
    model, _ = random_model(random.Random(seed))
    check(model, allocated(model))


@settings(max_examples=80, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=8))
def test_refining_allocations_gives_those_of_the_model_with_the_constraints(
    seed: int, cut: int
) -> None:
    model, _ = random_model(random.Random(seed))
    earlier = replace(model, constraints=model.constraints[:cut])
    refined = allocated(earlier).refine(model.constraints[cut:], LIMIT)
    assert refined is not None
    check(model, refined)


def test_a_split_class_keeps_each_deal_once() -> None:
    """Four alike cards over two places of two: one allocation of 6 deals; a constraint
    naming one card splits the class in two (one allocation left), and the deals with it in
    place 0 are 3."""
    model = Model(("a", "b", "c", "d"), ("p", "q"), (2, 2), solution=1)
    found = allocated(model)
    assert (found.size, found.worlds) == (1, 6)
    refined = found.refine([Constraint(frozenset([0]), frozenset([0]), 1)], LIMIT)
    assert refined is not None
    assert (refined.size, refined.worlds) == (1, 3)
    assert refined.marginal_counts() == [[3, 0], [1, 2], [1, 2], [1, 2]]


def test_past_the_limit_nothing_is_listed() -> None:
    model = Model(tuple("abcdef"), ("p", "q", "r"), (2, 2, 2), solution=2)
    con = Constraint(frozenset([0]), frozenset([0, 1, 2]), 1)
    found = allocated(model)
    assert found.refine([con], 1) is None
    assert list_allocations(propagate(model.with_constraints([con])), 1) is None


def test_a_model_with_exclusions_is_not_listed() -> None:
    model = Model(tuple("abcd"), ("p", "q"), (2, 2), solution=1)
    ruled = replace(model, excluded=(Exclusion(frozenset([0, 1])),))
    assert list_allocations(propagate(ruled), LIMIT) is None
