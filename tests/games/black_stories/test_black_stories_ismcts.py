"""The ``ismcts`` bot for Black Stories Investigation: exact determinizations, uniform cases,
legal and reproducible decisions, and more wins than ``random`` in a short tournament."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from sleuth.agents import Agent, RandomAgent, make_agent
from sleuth.arena import play_match
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import GameError, make_game
from sleuth.core.records import replay_record
from sleuth.games.black_stories import (
    BlackStoriesInvestigation,
    BlackStoriesState,
    BlackStoriesView,
    Solve,
)
from sleuth.games.black_stories.bots import BlackStoriesISMCTS
from sleuth.games.black_stories.bots.search import known_cases
from sleuth.games.black_stories.knowledge import black_stories_position, posterior
from sleuth.games.black_stories.sampler import (
    case_candidates,
    determinize,
    sample_cases,
)
from support.streams import TEST_KEY, bot_streams

GAME = "black-stories-investigation"
OPTIONS: list[dict[str, object]] = [{}, {"guesses": "private"}, {"point_chips": 20}]


def _game(players: int, **options: object) -> BlackStoriesInvestigation:
    made = make_game(GAME, players, **options)
    assert isinstance(made, BlackStoriesInvestigation)
    return made


def _view(state: BlackStoriesState, seat: int) -> BlackStoriesView:
    view = state.view(seat)
    assert isinstance(view, BlackStoriesView)
    return view


def _positions(game: BlackStoriesInvestigation, seed: int) -> list[BlackStoriesState]:
    """Every position of one game between deductive and random bots, replayed."""
    agents: list[Agent] = [make_agent("deductive", GAME)]
    agents += [RandomAgent() for _ in range(game.players - 1)]
    states = []
    for state in replay_record(
        play_match(game, agents, seed, bot_seeds=bot_streams(seed, len(agents))).record
    ).states():
        assert isinstance(state, BlackStoriesState)
        states.append(state)
    return states


def _play_to_end(state: BlackStoriesState, rng: random.Random) -> BlackStoriesState:
    for _ in range(2000):
        seat = state.to_move()
        if seat is None:
            return state
        legal = state.legal_actions(seat)
        new = state.apply(seat, legal[rng.randrange(len(legal))])
        assert isinstance(new, BlackStoriesState)
        state = new
    raise AssertionError("no end after 2000 steps")


def test_determinized_views_equal_the_view_and_play_on() -> None:
    rng = random.Random(3)
    checked = finished = 0
    for players in (2, 3, 4):
        for options in OPTIONS:
            game = _game(players, **options)
            for seed in range(3):
                for state in _positions(game, seed)[::2]:
                    for seat in range(players):
                        view = _view(state, seat)
                        assert view.config == game.config
                        sample = determinize(view, rng)
                        assert sample.view(seat) == view
                        assert sample.hands[seat] == state.hands[seat]
                        if state.outcome is None:
                            end = _play_to_end(sample, rng)
                            assert end.outcome is not None
                            finished += 1
                        checked += 1
    assert checked > 1000
    assert finished > 900


def test_the_true_cases_are_candidates_and_the_fast_path_agrees() -> None:
    checked = 0
    for players, options in product((3, 4), OPTIONS):
        game = _game(players, **options)
        for state in _positions(game, 5):
            if state.outcome is not None:
                continue
            for seat in range(players):
                view = _view(state, seat)
                candidates = case_candidates(view)
                for target in range(players):
                    case = state.cases[target]
                    assert (case in candidates[target]) == (case is not None)
                    if target == seat or case is None:
                        continue
                    engine = ["+".join(c) for c in posterior(black_stories_position(view, target))]
                    fast = known_cases(state, seat, target)
                    assert fast == engine == candidates[target]
                    checked += 1
    assert checked > 300


def test_sampled_cases_are_uniform_over_distinct_assignments() -> None:
    # Seat 0 at the start of a 3-player game: seats 1 and 2 may hold any of the 4-evidence
    # cards it cannot see, each a different one.
    game = _game(3, start="seat0")
    view = _view(game.new(4), 0)
    candidates = case_candidates(view)
    assert candidates[1] == candidates[2]
    width = len(candidates[1])
    assert width == 16 - 1 - sum(c.count("+") == 3 for c in view.hand or ())
    rng = random.Random(9)
    counts = Counter(sample_cases(view, candidates, rng) for _ in range(20000))
    pairs = width * (width - 1)
    assert len(counts) == pairs
    assert all(case[0] == view.case and case[1] != case[2] for case in counts)
    expected = 20000 / pairs
    assert max(counts.values()) < 1.5 * expected
    assert min(counts.values()) > 0.5 * expected


def test_sampling_falls_back_to_the_exact_enumeration() -> None:
    # Two seats with the same two candidates: two assignments, drawn from the enumeration
    # when no independent draw is tried.
    game = _game(3)
    view = _view(game.new(1), 0)
    cases = [
        c
        for c in ("man+day+inside+knife", "man+night+inside+gun", "man+day+outside+gun")
        if c != view.case
    ][:2]
    candidates = [[view.case or ""], cases, list(cases)]
    counts = Counter(
        sample_cases(view, candidates, random.Random(seed), tries=0) for seed in range(200)
    )
    assert set(counts) == {(view.case, cases[0], cases[1]), (view.case, cases[1], cases[0])}
    assert min(counts.values()) > 70
    with pytest.raises(GameError, match="distinct"):
        sample_cases(view, [[view.case or ""], cases[:1], cases[:1]], random.Random(0))
    with pytest.raises(GameError, match="no case of seat 2"):
        sample_cases(view, [[view.case or ""], cases, []], random.Random(0))


def test_determinize_refuses_a_spectator_and_foreign_cases() -> None:
    game = _game(3)
    state = game.new(2)
    with pytest.raises(GameError, match="spectator"):
        determinize(_view_spectator(state), random.Random(0))
    view = _view(state, 0)
    with pytest.raises(GameError, match="own case"):
        determinize(view, random.Random(0), [None, None, None])


def _view_spectator(state: BlackStoriesState) -> BlackStoriesView:
    view = state.view(None)
    assert isinstance(view, BlackStoriesView)
    return view


def test_decisions_are_legal_and_reproducible() -> None:
    decided = 0
    for players in (2, 4):
        for state in _positions(_game(players), 7)[:30:3]:
            seat = state.to_move()
            if seat is None:
                continue
            view, legal = state.view(seat), state.legal_actions(seat)
            first = BlackStoriesISMCTS(iterations=40).act(view, legal, random.Random(11))
            again = BlackStoriesISMCTS(iterations=40).act(view, legal, random.Random(11))
            assert first in legal
            assert str(first) == str(again)
            decided += 1
    assert decided >= 15


def test_a_certain_case_is_attempted() -> None:
    """Where the seat to solve knows a case for certain (and has a card to spare), it makes
    an attempt, nearly always on a certain case."""
    positions = right = 0
    for seed in range(12):
        game = _game(3)
        for state in _positions(game, seed):
            seat = state.turn
            if state.phase != "solve" or state.outcome is not None or len(state.unused[seat]) < 2:
                continue
            if all(len(known_cases(state, seat, t)) != 1 for t in state.targets(seat)):
                continue
            bot = BlackStoriesISMCTS()
            action = bot.act(state.view(seat), state.legal_actions(seat), random.Random(seed))
            assert isinstance(action, Solve), (seed, action)
            positions += 1
            right += action.guess.replace("/", "+") == state.cases[action.target]
    assert positions >= 12
    assert right >= positions - 2


@pytest.mark.slow
def test_ismcts_wins_more_than_random() -> None:
    bots = ["ismcts", "random"]
    config = _game(2).config_json()
    wins: Counter[str] = Counter()
    for result in run_specs(schedule(GAME, config, bots, 24, seed=7, key=TEST_KEY)):
        for winner in result.winners:
            wins[result.seating[winner]] += 1
    print("BSI 2p, 24 games, wins:", dict(wins))
    assert wins["ismcts"] > wins["random"] + 8
