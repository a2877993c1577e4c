"""Exact agreement with brute-force enumeration on small instances."""

from __future__ import annotations

import random
from math import log2

from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.deduce import dp
from sleuth.deduce.explain import conflicts, explain
from sleuth.deduce.model import Constraint, Model
from sleuth.deduce.queries import Analysis

from .brute import summary, worlds
from .strategies import random_model, small_bv

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def check_against_brute(model_an: Analysis) -> None:
    model = model_an.model
    total, marg, sol = summary(model)
    assert model_an.worlds == total
    if total == 0:
        return
    assert model_an.marginal_counts == marg
    probs = model_an.probabilities()
    for c in range(len(model.cards)):
        for loc in range(len(model.locations)):
            assert abs(probs[c].get(loc, 0.0) - marg[c][loc] / total) < 1e-9
    if model.solution is not None:
        assert dict(model_an.solution_posterior()) == sol
        assert sum(sol.values()) == total


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_general_models_match_brute_force(seed: int) -> None:
    model, _ = random_model(random.Random(seed))
    check_against_brute(Analysis(model))


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_object_arithmetic_matches_brute_force(seed: int) -> None:
    model, _ = random_model(random.Random(seed))
    old = dp._EXACT_FLOAT
    dp._EXACT_FLOAT = 0
    try:
        check_against_brute(Analysis(model))
    finally:
        dp._EXACT_FLOAT = old


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_small_black_vienna_matches_brute_force(seed: int) -> None:
    sm, _hands, ring = small_bv(random.Random(seed))
    an = Analysis(sm.model)
    check_against_brute(an)
    # the true deal is always possible
    assert an.worlds > 0
    cards = sm.model.cards
    post = {"".join(cards[c] for c in t): n for t, n in an.solution_posterior()}
    assert post.get(ring, 0) > 0


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_certain_facts_and_sampling(seed: int) -> None:
    model, _ = random_model(random.Random(seed))
    an = Analysis(model)
    all_worlds = list(worlds(model))
    if not all_worlds:
        return
    certain = set(an.certain())
    for c in range(len(model.cards)):
        locs = {w[c] for w in all_worlds}
        if len(locs) == 1:
            assert (c, next(iter(locs))) in certain
        else:
            assert all(cc != c for cc, _ in certain)
    rng = random.Random(seed)
    valid = set(all_worlds)
    for w in an.sample(rng, 5):
        assert tuple(w) in valid


def test_sampling_is_uniform() -> None:
    sm, _, _ = small_bv(random.Random(7), answers=3)
    an = Analysis(sm.model)
    all_worlds = list(worlds(sm.model))
    assert len(all_worlds) == an.worlds
    rng = random.Random(1)
    n = 200 * len(all_worlds)
    seen: dict[tuple[int, ...], int] = {}
    for w in an.sample(rng, n):
        seen[tuple(w)] = seen.get(tuple(w), 0) + 1
    assert set(seen) == set(all_worlds)
    expect = n / len(all_worlds)
    chi2 = sum((v - expect) ** 2 / expect for v in seen.values())
    assert chi2 < len(all_worlds) + 6 * len(all_worlds) ** 0.5 + 30


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_question_value_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    sm, _, _ = small_bv(rng)
    model = sm.model
    an = Analysis(model)
    if an.worlds == 0:
        return
    loc = rng.randrange(len(model.locations) - 1)
    cards = frozenset(rng.sample(range(len(model.cards)), min(3, len(model.cards))))
    qv = an.question_value(frozenset([loc]), cards)
    joint: dict[tuple[int, tuple[int, ...]], int] = {}
    ans: dict[int, int] = {}
    ring: dict[tuple[int, ...], int] = {}
    for w in worlds(model):
        a = sum(1 for c in cards if w[c] == loc)
        r = tuple(c for c, x in enumerate(w) if x == model.solution)
        joint[(a, r)] = joint.get((a, r), 0) + 1
        ans[a] = ans.get(a, 0) + 1
        ring[r] = ring.get(r, 0) + 1
    total = an.worlds
    assert qv.answers == ans
    mi = sum(n / total * log2(n * total / (ans[a] * ring[r])) for (a, r), n in joint.items())
    assert abs(qv.solution_bits - mi) < 1e-9
    h = -sum(n / total * log2(n / total) for n in ans.values())
    assert abs(qv.answer_entropy - h) < 1e-9


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_explanations_are_smallest(seed: int) -> None:
    rng = random.Random(seed)
    sm, _, _ = small_bv(rng, answers=rng.randint(2, 7))
    model = sm.model
    an = Analysis(model)
    if an.worlds == 0:
        return
    from itertools import combinations

    for c, loc in an.certain()[:3]:
        tags, smallest = explain(model, c, loc)
        assert smallest

        def implies(sub: tuple[int, ...] | list[int], c: int = c, loc: int = loc) -> bool:
            m = model.with_constraints(k for k in model.constraints if k.tag in sub)
            return all(w[c] == loc for w in worlds(m))

        assert implies(tags)
        alltags = sorted({k.tag for k in model.constraints})
        for sub in combinations(alltags, len(tags) - 1) if tags else []:
            assert not implies(sub)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_conflicts_are_smallest(seed: int) -> None:
    rng = random.Random(seed)
    sm, _, _ = small_bv(rng, answers=rng.randint(2, 7), wrong=0.3)
    model = sm.model
    if Analysis(model).worlds > 0:
        return
    tags, smallest = conflicts(model)
    assert smallest

    def empty(sub: tuple[int, ...] | list[int]) -> bool:
        m = model.with_constraints(k for k in model.constraints if k.tag in sub)
        return next(iter(worlds(m)), None) is None

    assert empty(tags)
    from itertools import combinations

    alltags = sorted({k.tag for k in model.constraints})
    for sub in combinations(alltags, len(tags) - 1) if tags else []:
        assert not empty(sub)


def test_inconsistent_background_is_reported() -> None:
    model, _ = random_model(random.Random(3))
    bad = model.with_constraints(
        (*model.constraints, Constraint(frozenset([0]), frozenset([0]), 2, 99))
    )
    assert Analysis(bad).worlds == 0
    assert conflicts(bad)[0] == [99]


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_batched_question_values_equal_single(seed: int) -> None:
    rng = random.Random(seed)
    sm, _, _ = small_bv(rng)
    model = sm.model
    an = Analysis(model)
    if an.worlds == 0:
        return
    qs = []
    for _ in range(4):
        loc = rng.randrange(len(model.locations) - 1)
        k = rng.randint(1, min(3, len(model.cards)))
        qs.append((frozenset([loc]), frozenset(rng.sample(range(len(model.cards)), k))))
    assert_batch_equals_single(an, qs)


def assert_batch_equals_single(
    an: Analysis, qs: list[tuple[frozenset[int], frozenset[int]]]
) -> None:
    """The questions valued together as one question at a time values each."""
    batch = an.question_values(qs)
    for (locs, cards), qv in zip(qs, batch, strict=True):
        single = an.question_value(locs, cards)
        assert qv.answers == single.answers
        assert abs(qv.solution_bits - single.solution_bits) < 1e-9
        assert abs(qv.answer_entropy - single.answer_entropy) < 1e-9


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_independent_parts_match_brute_force(seed: int) -> None:
    """Two parts that share no location: counted one after the other, still exact."""
    rng = random.Random(seed)
    doms = tuple(frozenset({0, 1}) if c < 4 else frozenset({2, 3}) for c in range(8))
    cons = []
    deal = [0, 0, 1, 1, 2, 2, 3, 3]
    rng.shuffle(deal[:4])
    part = deal[4:]
    rng.shuffle(part)
    deal[4:] = part
    for t in range(rng.randint(0, 4)):
        loc = rng.choice([0, 2])
        cs = frozenset(rng.sample(range(4) if loc == 0 else range(4, 8), 2))
        cons.append(Constraint(frozenset([loc]), cs, sum(deal[c] == loc for c in cs), t))
    model = Model(
        tuple(f"c{c}" for c in range(8)), ("a", "b", "c", "s"), (2, 2, 2, 2), tuple(cons), doms, 3
    )
    an = Analysis(model)
    check_against_brute(an)
    assert an.worlds > 0


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_answer_distributions_equal_question_values(seed: int) -> None:
    rng = random.Random(seed)
    sm, _, _ = small_bv(rng)
    an = Analysis(sm.model)
    if an.worlds == 0:
        return
    qs = []
    for _ in range(3):
        loc = rng.randrange(len(sm.model.locations) - 1)
        k = rng.randint(1, min(3, len(sm.model.cards)))
        qs.append((frozenset([loc]), frozenset(rng.sample(range(len(sm.model.cards)), k))))
    for (locs, cards), dist in zip(qs, an.answer_distributions(qs), strict=True):
        assert dist == an.question_value(locs, cards).answers
