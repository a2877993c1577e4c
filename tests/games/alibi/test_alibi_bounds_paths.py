"""Alibi's bounds are folded only when asked, take a short path for a step that reshuffles
nothing (nearly every step) and pack a row as bytes: all must give exactly what the general
fold and the arithmetic on bytes give, at every step of seeded random games through refills
and new rounds."""

from __future__ import annotations

import itertools
import pickle

from hypothesis import given
from hypothesis import strategies as st

from games.alibi.test_alibi_sampler_bounds import _games
from sleuth.games.alibi import AlibiView
from sleuth.games.alibi.bounds import CARDS, _plain, fold, pack, step, unpack


def _unpack_by_shifts(row: int) -> tuple[int, ...]:
    return tuple((row >> (8 * i)) & 0xFF for i in range(CARDS))


def _pack_by_shifts(counts: list[int]) -> int:
    return sum(n << (8 * i) for i, n in enumerate(counts))


@given(st.lists(st.integers(0, 127), min_size=CARDS, max_size=CARDS))
def test_a_row_packs_and_unpacks_as_the_shifts_do(counts: list[int]) -> None:
    row = pack(counts)
    assert row == _pack_by_shifts(counts)
    assert unpack(row) == _unpack_by_shifts(row) == tuple(counts)


def test_every_step_gives_what_the_general_fold_gives() -> None:
    short = general = 0
    for players in (2, 3, 4, 5):
        for states in _games(players, range(3)):
            # No view was asked while playing: the last state folds the whole game at once.
            assert states[-1].unfolded is not None
            last = states[-1].bounds
            assert all(state.unfolded is None for state in states)
            for before, after in itertools.pairwise(states):
                assert after.notes is not None
                expected = fold(before, after.notes, after.counts_hidden)
                assert after.bounds == expected
                assert step(before, after.notes, after.counts_hidden) == expected
                if _plain(before, after.notes, after.counts_hidden) is None:
                    general += 1
                else:
                    short += 1
                for seat in range(players):
                    view = after.view(seat)
                    assert isinstance(view, AlibiView)
                    rows = [
                        () if s == seat else _unpack_by_shifts(r)
                        for s, r in enumerate(expected[seat])
                    ]
                    assert view.bounds == tuple(rows)
            assert states[-1].bounds is last
    # Both paths were taken: the short one nearly always, the general one at the reshuffles.
    assert short > 10 * general > 0


def test_a_state_pickles_without_the_steps_its_bounds_wait_on() -> None:
    (states,) = _games(3, range(1))
    last = states[-1]
    assert last.unfolded is not None
    copy = pickle.loads(pickle.dumps(last))
    assert copy.unfolded is None
    assert copy.bounds == last.bounds == fold(states[-2], last.notes or (), last.counts_hidden)
