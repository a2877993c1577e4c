"""A seat's beliefs read from what each position adds to its last (``Believer``) equal, at
every step of seeded games and for every seat, the beliefs counted from the position read
whole: the same world count, card probabilities and mystery posterior, exactly; whether the
last beliefs were kept (every world met the additions), the listed worlds refined or the
worlds counted afresh."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from sleuth.core import GameError, make_game
from sleuth.deduce.knowledge import SeatAnalysis
from sleuth.envs.table import Table, random_code
from sleuth.games.thirteen_clues.beliefs import Believer
from sleuth.games.thirteen_clues.knowledge import (
    KNOWLEDGE,
    ThirteenCluesAnalysis,
    ThirteenCluesPosition,
    thirteen_clues_position,
)
from sleuth.games.thirteen_clues.views import ThirteenCluesView


def same(fresh: SeatAnalysis, grown: SeatAnalysis) -> bool:
    return (fresh.consistent, fresh.worlds, fresh.cards) == (
        grown.consistent,
        grown.worlds,
        grown.cards,
    ) and sorted(fresh.solutions, key=str) == sorted(grown.solutions, key=str)


def play(players: int, seed: int, every: int, checked: bool = False) -> tuple[int, list[Believer]]:
    """A seeded game of random bots; every ``every`` steps each seat's believer is asked
    (so that a seat sees some answers one at a time, others several at once) and compared
    with fresh beliefs: (positions compared, the believers). ``checked``: the positions
    are marked as the envs' are (made from a view: their answers are read unchecked)."""
    table = Table(make_game("13-clues", players))
    table.reset(seed)
    rng = np.random.default_rng(seed)
    believers = [Believer() for _ in range(players)]
    compared = steps = 0
    while (decision := table.decision) is not None:
        for seat in range(players) if steps % every == 0 else (decision.seat,):
            view = table.state.view(seat)
            assert isinstance(view, ThirteenCluesView)
            try:
                data = thirteen_clues_position(view)
            except GameError:  # the mysteries are not chosen yet
                continue
            fresh = ThirteenCluesAnalysis(data).beliefs()
            # As the envs' positions are: made from the view, marked checked.
            position = KNOWLEDGE.from_view(view) if checked else ThirteenCluesPosition(data)
            grown = believers[seat](position)
            assert same(fresh, grown), (players, seed, steps, seat)
            compared += 1
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
        steps += 1
    return compared, believers


@pytest.mark.parametrize(
    ("players", "seed", "every", "checked"),
    [(6, 1, 1, False), (6, 2, 3, True), (2, 1, 2, False), (2, 3, 1, True)],
)
def test_grown_beliefs_equal_fresh_ones_at_every_step(
    players: int, seed: int, every: int, checked: bool
) -> None:
    compared, believers = play(players, seed, every, checked)
    grown = sum(b.grown for b in believers)
    kept = sum(b.kept for b in believers)
    refined = sum(b.refined for b in believers)
    listed = sum(b.listed for b in believers)
    # every way was taken and compared: read whole, grown, kept, refined, counted afresh,
    # and (at 6 players surely) listed without a count first
    assert 0 < grown < compared
    assert 0 < kept < grown
    assert 0 < refined < grown - kept
    assert listed < grown - kept - refined
    assert listed > 0 or players == 2


def test_a_reading_cut_short_is_read_again_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """A position whose reading failed part way (an interrupted count) is read again from
    the same last one: its answers still count as new (before, the first reading had
    already recorded them, so the second kept the last beliefs for a changed position)."""
    table = Table(make_game("13-clues", 3))
    table.reset(5)
    rng = np.random.default_rng(5)
    believer = Believer()
    refine = Believer._refine
    cut: list[int] = []
    armed = [False]  # cut short the first reading of a position whose worlds change

    def cut_short(self: Believer, last: Any, growth: Any) -> Any:
        if armed[0]:
            armed[0] = False
            cut.append(len(growth.constraints))
            raise RuntimeError("interrupted")
        return refine(self, last, growth)

    monkeypatch.setattr(Believer, "_refine", cut_short)
    worlds, questions = None, 0
    while (decision := table.decision) is not None:
        view = table.state.view(0)
        assert isinstance(view, ThirteenCluesView)
        try:
            data = thirteen_clues_position(view)
        except GameError:  # the mysteries are not chosen yet
            data = None
        if data is not None:
            position = ThirteenCluesPosition(data)
            fresh = ThirteenCluesAnalysis(data).beliefs()
            asked = len(data.get("questions", []))  # type: ignore[arg-type]
            # A new answer that changes the worlds (an accusation's constraints are not
            # recorded as the game's answers).
            armed[0] = asked > questions and fresh.worlds != worlds and len(cut) < 3
            try:
                grown = believer(position)
            except RuntimeError:
                grown = believer(position)  # read again from the same last position
            armed[0] = False
            assert same(fresh, grown)
            worlds, questions = fresh.worlds, asked
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
    assert cut == [1, 1]  # two answers, each cut short once
