"""Excluded solutions in the generic engine, against brute-force enumeration that checks
every world against the exclusions directly (``brute.worlds``)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations
from math import comb, log2

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.deduce.explain import conflicts, explain
from sleuth.deduce.model import Exclusion, Model, PositionError
from sleuth.deduce.queries import Analysis

from .brute import summary, worlds
from .strategies import random_model, small_bv

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def with_exclusions(model: Model, rng: random.Random, first_tag: int = 100) -> Model:
    """The model with one to four solutions ruled out: likely ones (from the worlds), the
    truth sometimes, random ones and repeats."""
    sol = model.solution
    assert sol is not None
    size = model.capacities[sol]
    seen = Counter(frozenset(c for c, loc in enumerate(w) if loc == sol) for w in worlds(model))
    pool = [s for s, _ in seen.most_common(6)]
    pool += [frozenset(rng.sample(range(len(model.cards)), size)) for _ in range(2)]
    chosen = [rng.choice(pool) for _ in range(rng.randint(1, 4))]
    excluded = tuple(Exclusion(cards, first_tag + i) for i, cards in enumerate(chosen))
    return replace(model, excluded=excluded)


def brute_question(
    model: Model, locs: frozenset[int], cards: frozenset[int]
) -> tuple[dict[int, int], float, float]:
    joint: Counter[tuple[int, frozenset[int]]] = Counter()
    for w in worlds(model):
        answer = sum(1 for c in cards if w[c] in locs)
        joint[answer, frozenset(c for c, x in enumerate(w) if x == model.solution)] += 1
    total = sum(joint.values())
    answers: Counter[int] = Counter()
    solutions: Counter[frozenset[int]] = Counter()
    for (a, s), n in joint.items():
        answers[a] += n
        solutions[s] += n
    h = -sum(n / total * log2(n / total) for n in answers.values())
    mi = sum(
        n / total * log2(n * total / (answers[a] * solutions[s])) for (a, s), n in joint.items()
    )
    return dict(answers), h, mi


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_exclusions_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    sm, _, _ = small_bv(rng, answers=rng.randint(0, 6))
    model = with_exclusions(sm.model, rng)
    an = Analysis(model)
    total, marg, sol = summary(model)
    assert an.worlds == total
    assert an.consistent == (total > 0)
    if total == 0:
        return
    assert an.marginal_counts == marg
    assert dict(an.solution_posterior()) == {tuple(sorted(s)): n for s, n in sol.items()}
    for ex in model.excluded:
        assert tuple(sorted(ex.cards)) not in dict(an.solution_posterior())
    assert set(an.certain()) == {
        (c, loc) for c, row in enumerate(marg) for loc, n in enumerate(row) if n == total
    }
    # the classes spell out the same solutions
    lay = an.layers
    free = lay.free if lay is not None else []
    spelled = {
        tuple(sorted((*cls.cards, *extra))): cls.count
        for cls in an.solution_classes
        for extra in combinations(free, cls.free_count)
    }
    assert spelled == dict(an.solution_posterior())
    h = -sum(n / total * log2(n / total) for n in sol.values())
    assert an.solution_entropy() == pytest.approx(h, abs=1e-9)
    questions = []
    for _ in range(3):
        loc = rng.randrange(len(model.locations) - 1)
        cards = frozenset(rng.sample(range(len(model.cards)), min(3, len(model.cards))))
        questions.append((frozenset([loc]), cards))
    batch = an.question_values(questions)
    dists = an.answer_distributions(questions)
    for (locs, cards), qv, dist in zip(questions, batch, dists, strict=True):
        answers, h_ans, mi = brute_question(model, locs, cards)
        single = an.question_value(locs, cards)
        for value in (single, qv):
            assert value.answers == answers
            assert value.answer_entropy == pytest.approx(h_ans, abs=1e-9)
            assert value.solution_bits == pytest.approx(mi, abs=1e-9)
        assert dist == answers


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_general_models_with_exclusions_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    model, _ = random_model(rng)
    if model.solution is None or model.capacities[model.solution] == 0:
        return
    model = with_exclusions(model, rng)
    an = Analysis(model)
    total, marg, sol = summary(model)
    assert an.worlds == total
    if total:
        assert an.marginal_counts == marg
        assert dict(an.solution_posterior()) == {tuple(sorted(s)): n for s, n in sol.items()}


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_explanations_and_conflicts_name_exclusions(seed: int) -> None:
    """Tags of exclusions take part in explanations and conflicts like those of answers."""
    rng = random.Random(seed)
    sm, _, _ = small_bv(rng, answers=rng.randint(1, 5))
    model = with_exclusions(sm.model, rng)
    an = Analysis(model)
    all_tags = sorted({c.tag for c in model.constraints} | {e.tag for e in model.excluded})

    def restricted(tags: tuple[int, ...] | list[int]) -> Model:
        return model.with_constraints(
            (c for c in model.constraints if c.tag in tags),
            (e for e in model.excluded if e.tag in tags),
        )

    if an.worlds == 0:
        tags, smallest = conflicts(model)
        assert smallest
        assert not list(worlds(restricted(tags)))
        for sub in combinations(all_tags, len(tags) - 1) if tags else []:
            assert list(worlds(restricted(sub)))
        return
    for c, loc in an.certain()[:3]:
        tags, smallest = explain(model, c, loc)
        assert smallest
        assert all(w[c] == loc for w in worlds(restricted(tags)))
        for sub in combinations(all_tags, len(tags) - 1) if tags else []:
            assert not all(w[c] == loc for w in worlds(restricted(sub)))


def _uniform_chi2(model: Model, draws: int, seed: int) -> tuple[float, int]:
    an = Analysis(model)
    every = set(worlds(model))
    seen = Counter(tuple(w) for w in an.sample(random.Random(seed), draws))
    assert set(seen) <= every
    expect = draws / len(every)
    return sum((seen.get(w, 0) - expect) ** 2 / expect for w in every), len(every) - 1


@pytest.mark.parametrize("excluded_share", ["few", "most"])
def test_sampling_with_exclusions_is_uniform(excluded_share: str) -> None:
    """Both ways of sampling: by rejection when few worlds are excluded, by solution when
    most are. Four cards in two hands of one and a ring of two: 12 worlds, 6 rings."""
    model = Model(("a", "b", "c", "d"), ("h0", "h1", "ring"), (1, 1, 2), (), None, 2)
    rings = [frozenset(p) for p in combinations(range(4), 2)]
    drop = rings[:1] if excluded_share == "few" else rings[:5]
    model = replace(model, excluded=tuple(Exclusion(r) for r in drop))
    an = Analysis(model)
    assert an.plain_worlds == 12
    assert an.worlds == 12 - 2 * len(drop)
    assert (2 * an.worlds >= an.plain_worlds) == (excluded_share == "few")
    chi2, dof = _uniform_chi2(model, 4000, 7)
    # chi-squared with dof <= 9 degrees of freedom; 30 is beyond its 0.9995 quantile
    assert chi2 < 30, (chi2, dof)


def test_exclusion_checks_its_size_and_the_solution() -> None:
    with pytest.raises(PositionError, match="excluded\\[0\\]: 2 cards, but the solution holds 3"):
        Model(("a", "b", "c"), ("ring",), (3,), (), None, 0, (Exclusion(frozenset([0, 1])),))
    with pytest.raises(PositionError, match="needs a solution location"):
        Model(("a",), ("h",), (1,), (), None, None, (Exclusion(frozenset([0])),))
    with pytest.raises(PositionError, match="card index out of range"):
        Model(("a",), ("ring",), (1,), (), None, 0, (Exclusion(frozenset([5])),))


def test_excluding_every_solution_leaves_no_world() -> None:
    model = Model(("a", "b", "c"), ("h", "ring"), (1, 2), (), None, 1)
    every = tuple(Exclusion(frozenset(p), i) for i, p in enumerate(combinations(range(3), 2)))
    an = Analysis(replace(model, excluded=every))
    assert (an.plain_worlds, an.worlds, an.consistent) == (3, 0, False)
    assert an.solution_posterior() == []
    assert an.probabilities() == [{}, {}, {}]
    tags, smallest = conflicts(replace(model, excluded=every))
    assert (tags, smallest) == ([0, 1, 2], True)
    assert comb(3, 2) == len(every)


def test_a_contradiction_among_thousands_of_answers_is_found_in_few_checks() -> None:
    # Issue: the search for the answers that cannot all hold took one check per answer
    # (4,000 answers: 53 s). A monotone check lets whole chunks go at once.
    from sleuth.deduce.explain import _minimal_subset

    calls = 0

    def holds(tags: frozenset[int]) -> bool:
        nonlocal calls
        calls += 1
        return {17, 3001, 3999} <= tags

    subset, smallest = _minimal_subset(list(range(4000)), holds)
    assert subset == [17, 3001, 3999] and not smallest  # proving smallest costs C(4000, 2)
    assert calls < 150
