"""The ``ismcts`` bot for Black Vienna: exact determinizations, legal and reproducible
decisions, and more wins than ``random`` in a short 4-player tournament."""

from __future__ import annotations

import random
import statistics
import time
from collections import defaultdict

from sleuth.agents import make_agent
from sleuth.arena import play_match
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import make_game
from sleuth.core.records import replay_record
from sleuth.deduce.black_vienna import BlackViennaAnalysis
from sleuth.deduce.views import black_vienna_position
from sleuth.games.black_vienna import BlackViennaState, BlackViennaView
from sleuth.games.black_vienna.determinize import determinize

GAME = "black-vienna"


def _positions(players: int, seed: int, bots: str = "random") -> list[BlackViennaState]:
    """Every position of one game played by ``bots``, replayed from its record."""
    game = make_game(GAME, players)
    result = play_match(game, [make_agent(bots, GAME) for _ in range(players)], seed)
    states = []
    for state in replay_record(result.record).states:
        assert isinstance(state, BlackViennaState)
        states.append(state)
    return states


def test_determinized_views_equal_the_view() -> None:
    rng = random.Random(3)
    checked = 0
    for players in (3, 4, 6):
        for seed in range(3):
            for bots in ("random", "basic"):
                for state in _positions(players, seed, bots)[::3]:
                    for seat in range(players):
                        view = state.view(seat)
                        assert isinstance(view, BlackViennaView)
                        analysis = BlackViennaAnalysis(black_vienna_position(view))
                        deal = analysis.sample(rng, 1)[0]
                        hands, ring = deal["hands"], deal["ring"]
                        assert isinstance(hands, list) and isinstance(ring, str)
                        sample = determinize(None, view, [str(h) for h in hands], ring, rng)
                        assert sample.view(seat) == view
                        if state.outcome is None:
                            assert sample.hands[seat] == state.hands[seat]
                        checked += 1
    assert checked > 300


def test_decisions_are_legal_and_reproducible() -> None:
    times = []
    for state in _positions(4, 5)[:40:4]:
        seat = state.to_move()
        if seat is None or state.outcome is not None:
            continue
        view, legal = state.view(seat), state.legal_actions(seat)
        started = time.perf_counter()
        first = make_agent("ismcts", GAME).act(view, legal, random.Random(11))
        times.append(time.perf_counter() - started)
        again = make_agent("ismcts", GAME).act(view, legal, random.Random(11))
        assert first in legal
        assert str(first) == str(again)
    assert times
    print("ms per decision (median):", 1000 * statistics.median(times))


def test_ismcts_wins_more_than_random() -> None:
    bots = ["ismcts", "basic", "random", "random"]
    config = make_game(GAME, 4).config_json()
    results = run_specs(schedule(GAME, config, bots, 30, seed=7), workers=4)
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    for result in results:
        for seat, bot in enumerate(result.seating):
            seats[bot] += 1
            wins[bot] += seat in result.winners
            seconds[bot] += result.think_seconds[seat]
            decisions[bot] += result.decisions[seat]
    rate = {bot: wins[bot] / seats[bot] for bot in seats}
    ms = {bot: 1000 * seconds[bot] / max(decisions[bot], 1) for bot in seats}
    print("Black Vienna 4p, 30 games, win rate:", rate, "ms per decision:", ms)
    assert rate["ismcts"] > rate["random"], rate
