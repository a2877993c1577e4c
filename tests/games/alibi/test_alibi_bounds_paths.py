"""Alibi's bounds are folded only when asked, take a short path for a step that reshuffles
nothing (nearly every step) and pack a row as bytes: all must give exactly what the general
fold and the arithmetic on bytes give, at every step of seeded random games through refills
and new rounds."""

from __future__ import annotations

import itertools
import pickle
import random
import types
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games.alibi.test_alibi_sampler_bounds import _games
from sleuth.core import State, make_game
from sleuth.core.records import Recorder, Replay, replay_record
from sleuth.games.alibi import AlibiState, AlibiView
from sleuth.games.alibi.bounds import CARDS, _plain, fold, pack, step, unpack
from sleuth.server.live import LiveTable, SeatState
from sleuth.server.models import StepRow


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


def _waiting(state: State | None) -> int:
    """How many states before ``state`` it holds, their steps still to fold into its bounds."""
    assert isinstance(state, AlibiState)
    count, at = 0, state.unfolded
    while at is not None:
        count, at = count + 1, at.unfolded
    return count


def _played(seed: int) -> Recorder:
    """A seeded random game of three to its end, recorded, and no view asked for on the way."""
    game = make_game("alibi", 3)
    recorder = Recorder(game, seed, "5a" * 16)
    rng = random.Random(seed)
    while (seat := recorder.state.to_move()) is not None:
        legal = recorder.state.legal_actions(seat)
        recorder.play(seat, str(legal[rng.randrange(len(legal))]))
    return recorder


def test_a_table_loaded_from_its_stored_steps_holds_no_chain_of_states() -> None:
    """The service replays a table's stored steps when it loads it: the state it keeps then
    holds none of the states before it (about 1.1 KB each), a view built or not."""
    recorder = _played(0)
    steps = recorder.steps[: len(recorder.steps) // 2]
    assert len(steps) == 793
    rows = [
        StepRow(table_id="t", number=n, seat=s.seat, action=s.action, result=s.result, at=0.0)
        for n, s in enumerate(steps, start=1)
    ]
    game = recorder.game
    row: Any = types.SimpleNamespace(id="t", status="playing")
    seats = [SeatState(s, "person", None, False, f"p{s}", 0.0, {}, None) for s in range(3)]
    live = LiveTable(row, game, 0, 0, game.new(0), [], seats)
    live.extend(rows)
    assert live.step == 793
    assert _waiting(live.state) == 0
    # As folded: what a game played to that step folds its bounds into at once.
    again = Replay(game, 0, tuple(steps), None, "not checked").states()
    unsettled = list(again)[-1]
    assert _waiting(unsettled) == 793
    assert isinstance(live.state, AlibiState) and isinstance(unsettled, AlibiState)
    assert live.state.bounds == unsettled.bounds


def test_a_record_read_back_holds_no_chain_of_states() -> None:
    recorder = _played(1)
    assert _waiting(recorder.state) == len(recorder.steps) == 1627
    replay = replay_record(recorder.record())
    assert _waiting(replay.final) == 0
    assert _waiting(replay.state_at(800)) == 0
