"""The compiled kernel of a layer's transitions gives exactly what the numpy path gives:
on random transitions and messages of every shape the sweeps use, and on whole analyses of
random small positions (counts, marginals, the solution's posterior, questions' values)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sleuth.deduce import kernels, listing, solution, transitions, warmup
from sleuth.deduce.dp import Layers
from sleuth.deduce.queries import Analysis
from sleuth.deduce.solution import Channels, solution_weights
from sleuth.deduce.transitions import Trans
from sleuth.deduce.warmup import warm_kernels

from .strategies import small_bv

pytest.importorskip("numba")


@st.composite
def layer_and_message(draw: st.DrawFn) -> tuple[Trans, np.ndarray, bool]:
    """Random transitions between small state sets, weighted or not (one weight each, or
    one per column of the message's last axis), and an integer message on their inputs
    (or outputs, backwards) of one, two or three axes."""
    n_in = draw(st.integers(1, 12))
    n_out = draw(st.integers(1, 12))
    count = draw(st.integers(0, 40))
    src = np.array(draw(st.lists(st.integers(0, n_in - 1), min_size=count, max_size=count)))
    dst = np.array(draw(st.lists(st.integers(0, n_out - 1), min_size=count, max_size=count)))
    forward = draw(st.booleans())
    rows = n_in if forward else n_out
    shape = (rows, *draw(st.lists(st.integers(1, 5), max_size=2)))
    values = st.integers(-1000, 1000)
    m = np.array(draw(st.lists(values, min_size=int(np.prod(shape)), max_size=int(np.prod(shape)))))
    m = m.reshape(shape).astype(np.float64)
    kind = draw(st.sampled_from(["none", "one", "per column"]))
    w = None
    if kind == "one" or (kind == "per column" and len(shape) == 1):
        w = np.array(draw(st.lists(values, min_size=count, max_size=count)), dtype=np.float64)
    elif kind == "per column":
        size = count * shape[-1]
        flat = draw(st.lists(values, min_size=size, max_size=size))
        w = np.array(flat, dtype=np.float64).reshape(count, shape[-1])
    t = Trans(src.astype(np.int64), dst.astype(np.int64), n_in, n_out, None, w)
    return t, m, forward


def _dense(t: Trans, m: np.ndarray, forward: bool) -> np.ndarray:
    """The same sum, one transition at a time."""
    out = np.zeros(((t.n_out if forward else t.n_in), *m.shape[1:]))
    for k, (s, d) in enumerate(zip(t.src.tolist(), t.dst.tolist(), strict=True)):
        a, b = (s, d) if forward else (d, s)
        row = m[a] if t.w is None else m[a] * t.w[k]
        out[b] += row
    return out


@settings(max_examples=300, deadline=None)
@given(layer_and_message())
def test_the_kernel_equals_the_numpy_path(case: tuple[Trans, np.ndarray, bool]) -> None:
    t, m, forward = case
    assert kernels.available()
    got = t.fwd(m) if forward else t.bwd(m)
    want = _dense(t, m, forward)
    assert got.dtype == np.float64
    assert got.shape == want.shape
    assert np.array_equal(got, want)
    with pytest.MonkeyPatch.context() as patch:  # the numpy path, on the same transitions
        patch.setattr(transitions, "wanted", lambda: False)
        plain = Trans(t.src, t.dst, t.n_in, t.n_out, None, t.w)
        assert np.array_equal(plain.fwd(m) if forward else plain.bwd(m), want)


@pytest.mark.parametrize("w", [None, np.zeros(0), np.zeros((0, 3))])
def test_a_layer_without_transitions_sums_to_zeros(w: np.ndarray | None) -> None:
    assert kernels.available()
    t = Trans(np.zeros(0, np.int64), np.zeros(0, np.int64), 2, 4, None, w)
    m = np.ones((2, 3))
    assert np.array_equal(t.fwd(m), np.zeros((4, 3)))
    assert np.array_equal(t.bwd(np.ones((4, 3))), np.zeros((2, 3)))


def _summary(an: Analysis) -> tuple[object, ...]:
    cards = range(len(an.model.cards))
    qs = [(frozenset([0]), frozenset(rng_cards)) for rng_cards in (cards[:3], cards[2:5])]
    values = [(q.answers, q.solution_bits, q.answer_entropy) for q in an.question_values(qs)]
    return an.worlds, an.marginal_counts, an.solution_posterior(), values


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_analyses_are_the_same_with_and_without_the_kernel(seed: int) -> None:
    assert kernels.available()
    sm, _, _ = small_bv(random.Random(seed))
    compiled = _summary(Analysis(sm.model))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(transitions, "wanted", lambda: False)
        patch.setattr(kernels, "wanted", lambda: False)
        patch.setattr(kernels, "layer_ready", lambda: False)
        plain = _summary(Analysis(sm.model))
    assert compiled == plain


def _graph_of(lay: Layers) -> tuple[object, ...]:
    """A layer graph as plain data: every layer's transitions (inputs, outputs, their
    order by output, moves, weights), the states per layer and the final states."""
    per_layer = [
        (t.src.tolist(), t.dst.tolist(), order, ch.tolist(), w)
        for t, ch in zip(lay.trans, lay.choices, strict=True)
        for order in [None if t._order is None else t._order.tolist()]
        for w in [None if t.w is None else t.w.tolist()]
    ]
    return per_layer, lay.sizes, lay.final_rem.tolist(), lay.final_obs.tolist()


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6))
def test_the_compiled_layers_equal_the_numpy_layers(seed: int) -> None:
    """Each layer of the state graph built by the compiled kernel: the same transitions in
    the same order, the same states, as with numpy; for a position's graph and for a
    question's (an observed slot, its cards kept apart)."""
    assert kernels.available()
    rng = random.Random(seed)
    sm, _, _ = small_bv(rng)
    red = Analysis(sm.model).reduced
    assume(red.ok)
    open_cards = [c for c, d in enumerate(red.domains) if len(d) > 1]
    cards = frozenset(rng.sample(open_cards, min(len(open_cards), rng.randint(0, 3))))
    target = frozenset([rng.randrange(len(sm.model.locations) - 1)])
    shapes: list[dict[str, Any]] = [{}]
    if cards:
        shapes.append({"observe": (target, cards), "keep": cards, "together": [cards]})
    calls = []
    real = kernels.layer_moves

    def counted(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    for shape in shapes:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(kernels, "layer_moves", counted)
            compiled = Layers(red, **shape)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(kernels, "layer_ready", lambda: False)
            plain = Layers(red, **shape)
        assert len(calls) == compiled.n  # every layer by the kernel
        calls.clear()
        assert _graph_of(compiled) == _graph_of(plain)


def test_weights_that_do_not_match_the_message_are_left_to_numpy() -> None:
    """The kernel had read past weights of 2 columns for a message of 3 (review finding):
    numpy refuses them, and the kernel now leaves them to numpy."""
    assert kernels.available()
    src, dst = np.array([0, 1], np.int64), np.array([0, 0], np.int64)
    w = np.ones((2, 2))
    m = np.ones((2, 3))
    assert kernels.scatter_sum(m, kernels.prepare(src, dst, w), True, 1) is None
    with pytest.raises(ValueError):
        Trans(src, dst, 2, 1, None, w).fwd(m)


def test_a_kernel_that_fails_at_its_first_call_leaves_numpy_to_do_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*_: object) -> None:
        raise RuntimeError("no compiler here")

    monkeypatch.setattr(kernels, "_KERNEL", broken)
    src, dst = np.array([0, 1], np.int64), np.array([0, 0], np.int64)
    m = np.arange(6, dtype=np.float64).reshape(2, 3)
    assert kernels.scatter_sum(m, kernels.prepare(src, dst, None), True, 1) is None
    assert kernels._KERNEL is None  # numpy from now on in this process
    assert np.array_equal(Trans(src, dst, 2, 1, None, None).fwd(m), np.array([[3.0, 5.0, 7.0]]))


def _channels(rng: random.Random, lay: Layers, cards: list[int], nl: int) -> Channels:
    """Columns as the questions' sweeps make them: each on some of ``cards``' layers, with a
    set of the seats' locations and a point z of 0, -1 or 2."""
    layers, locations, zs = [], [], []
    for _ in range(rng.randint(1, 6)):
        on = rng.sample(cards, rng.randint(1, len(cards)))
        layers.append(frozenset(lay.layer_of[c] for c in on))
        locations.append(frozenset(rng.sample(range(nl - 1), rng.randint(1, min(2, nl - 1)))))
        zs.append(rng.choice([0.0, -1.0, 2.0]))
    return Channels(tuple(layers), tuple(locations), np.array(zs))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6))
def test_the_compiled_sweep_equals_the_numpy_sweep(seed: int) -> None:
    """A question's whole sweep in one compiled call: the same W of every composition, for
    every column, as the sweep made layer by layer with numpy."""
    assert kernels.available()
    rng = random.Random(seed)
    sm, _, _ = small_bv(rng)
    model = sm.model
    red = Analysis(model).reduced
    open_cards = [c for c, d in enumerate(red.domains) if len(d) > 1] if red.ok else []
    assume(open_cards)
    cards = rng.sample(open_cards, min(len(open_cards), rng.randint(1, 3)))

    def weights(compiled: bool) -> tuple[np.ndarray, int]:
        lay = Layers(red, keep=frozenset(cards), together=[frozenset(cards)])
        assume(lay.exact_float and lay.n > 0)
        chan = _channels(random.Random(seed), lay, cards, len(model.locations))
        final = np.repeat(lay.tail(drop=model.solution)[:, None], len(chan.z), axis=1)
        calls = []
        real = kernels.channel_sweep

        def counted(*args: object) -> object:
            calls.append(1)
            return real(*args)  # type: ignore[arg-type]

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(kernels, "channel_sweep", counted)
            if not compiled:
                patch.setattr(kernels, "wanted", lambda: False)
            comp = solution_weights(lay, final, chan, keep_zeros=True)
        return comp.weights, len(calls)

    got, calls = weights(True)
    want, none = weights(False)
    assert (calls, none) == (1, 0)
    assert got.dtype == np.float64
    assert np.array_equal(got, want)


def test_warming_loads_each_kernel_with_the_types_of_a_real_analysis() -> None:
    """A bot's start loads the kernels (numba loads them at their first call): the
    analyses after it find each kernel's compiled code ready, with no new specialization."""
    assert warm_kernels()
    assert kernels._RING is not None
    compiled: list[Any] = [kernels._KERNEL, kernels._SWEEP, kernels._LAYER, kernels._PLAN]
    compiled += [kernels._EXPAND, *kernels._RING, listing._WALK]
    assert all(kernel is not None for kernel in compiled)
    ready = [list(kernel.signatures) for kernel in compiled]
    assert all(len(signatures) >= 1 for signatures in ready)
    for seed in range(5):
        sm, _, _ = small_bv(random.Random(seed))
        _summary(Analysis(sm.model))
    assert [list(kernel.signatures) for kernel in compiled] == ready


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.booleans(), min_size=4, max_size=4), max_size=12))
def test_the_compiled_composition_plan_equals_numpy(has: list[list[bool]]) -> None:
    """Which compositions a sweep's products give, compiled and with numpy, for any
    layers with or without moves of 1, 2 or 3 solution cards."""
    assert kernels.available()

    class Parts:
        def has(self, j: int, a: int) -> bool:
            return has[j][a]

    class Caches:
        def __init__(self) -> None:
            self.plan_cache: dict[int, object] = {}

    n = len(has)
    labels = [[(p, c) for p in range(q) for c in (1, 2) if has[p][c]] for q in range(n + 1)]
    calls = []
    real = kernels.composition_plan

    def counted(arg: Any) -> Any:
        calls.append(1)
        return real(arg)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernels, "composition_plan", counted)
        got = solution._composition_plan(Caches(), Parts(), labels, n, 0)  # type: ignore[arg-type]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernels, "composition_plan", lambda _: None)
        want = solution._composition_plan(Caches(), Parts(), labels, n, 0)  # type: ignore[arg-type]
    assert calls == [1]
    assert [(q, a, f.tolist()) for q, a, f in got.picks] == [
        (q, a, f.tolist()) for q, a, f in want.picks
    ]
    assert got.layers.tolist() == want.layers.tolist()
    assert got.counts.tolist() == want.counts.tolist()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_the_compiled_expansion_equals_numpy(seed: int) -> None:
    """A solution posterior's specific card sets, compiled and with numpy: the same rows in
    the same order, with the same counts."""
    assert kernels.available()
    sm, _, _ = small_bv(random.Random(seed))
    an = Analysis(sm.model)
    lay = an.layers
    assume(lay is not None and an.plain_worlds > 0)
    assert lay is not None
    comp = solution.solution_weights(lay, lay.tail(drop=sm.model.solution)[:, None])
    w = comp.weights[:, 0]
    calls = []
    real = kernels.expand_rows

    def counted(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernels, "expand_rows", counted)
        got = solution.expand_compositions(lay, comp.layers, comp.counts, w)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernels, "expand_rows", lambda *_: None)
        want = solution.expand_compositions(lay, comp.layers, comp.counts, w)
    assert calls == [1]
    assert got[0].tolist() == want[0].tolist()
    assert got[1].tolist() == want[1].tolist()


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6))
def test_the_compiled_posterior_sweep_equals_numpy(seed: int) -> None:
    """The solution's posterior without channels in one compiled call: the same W of every
    composition, in the same order, as the sweep made layer by layer with numpy."""
    assert kernels.available()
    sm, _, _ = small_bv(random.Random(seed))
    an = Analysis(sm.model)
    assume(an.layers is not None and an.layers.exact_float)
    assert an.layers is not None
    final = an.layers.tail(drop=sm.model.solution)[:, None]
    calls = []
    real = kernels.ring_weights

    def counted(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    def sweep(compiled: bool) -> solution.Compositions:
        lay = Layers(an.reduced)  # a graph of its own: no sweep's caches shared
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(kernels, "ring_weights", counted)
            if not compiled:
                patch.setattr(kernels, "layer_ready", lambda: False)
            return solution.solution_weights(lay, final, keep_zeros=True)

    got = sweep(True)
    want = sweep(False)
    assert calls == [1]
    assert got.weights.dtype == np.float64
    assert got.layers.tolist() == want.layers.tolist()
    assert got.counts.tolist() == want.counts.tolist()
    assert got.weights.tolist() == want.weights.tolist()


def test_warming_is_once_a_process_and_loads_the_listing_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An env's writer warms the kernels per episode: the small analysis had run at every
    call (review finding); now at the first only. The warm-up lists its worlds too, so that
    the compiled walk's load falls there as well."""
    monkeypatch.setattr(warmup, "_warmed", None, raising=False)  # as in a new process
    analyses, walks = [], []
    real_analysis, real_walk = warmup.Analysis, listing.walk

    def analysis(*args: Any) -> Analysis:
        analyses.append(1)
        return real_analysis(*args)

    def walk(*args: Any) -> Any:
        ran, rows = real_walk(*args)
        walks.append((ran, None if rows is None else rows.shape[0]))
        return ran, rows

    monkeypatch.setattr(warmup, "Analysis", analysis)
    monkeypatch.setattr(listing, "walk", walk)
    assert warm_kernels()
    assert warm_kernels()
    assert analyses == [1]
    assert walks == [(True, 48)]  # the warm-up model's 48 worlds, by the compiled walk
