"""The ``ismcts`` bot for 13 Clues: determinized states show the seat exactly its view and
play on legally, decisions are legal and reproducible, and it wins more than ``random`` in
a short 4-player tournament."""

from __future__ import annotations

import random
import re
import statistics
import time
from collections import defaultdict

import pytest

from sleuth.agents import make_agent
from sleuth.arena import play_match
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import GameError, make_game
from sleuth.core.records import replay_record
from sleuth.games.thirteen_clues import ThirteenClues, ThirteenCluesState, ThirteenCluesView
from sleuth.games.thirteen_clues.bots import ThirteenCluesISMCTS
from sleuth.games.thirteen_clues.components import Phase
from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position
from sleuth.games.thirteen_clues.sampler import determinize
from support.streams import TEST_KEY, bot_streams

GAME = "13-clues"


def _game(players: int, **options: object) -> ThirteenClues:
    made = make_game(GAME, players, **options)
    assert isinstance(made, ThirteenClues)
    return made


def _positions(game: ThirteenClues, seed: int, bots: list[str]) -> list[ThirteenCluesState]:
    """Every position of one game, replayed from its record."""
    agents = [make_agent(bot, GAME) for bot in bots]
    result = play_match(game, agents, seed, bot_seeds=bot_streams(seed, len(agents)))
    states = []
    for state in replay_record(result.record).states():
        assert isinstance(state, ThirteenCluesState)
        states.append(state)
    return states


def _view(state: ThirteenCluesState, seat: int) -> ThirteenCluesView:
    view = state.view(seat)
    assert isinstance(view, ThirteenCluesView)
    return view


def _sample(view: ThirteenCluesView, rng: random.Random) -> ThirteenCluesState:
    deal = None
    if view.phase != "choose" and view.outcome is None:
        deal = ThirteenCluesAnalysis(thirteen_clues_position(view)).sample(rng, 1)[0]
    return determinize(view, deal, rng)


def _play_on(state: ThirteenCluesState, rng: random.Random, steps: int) -> int:
    """Random legal moves from ``state``; the number of moves made."""
    made = 0
    while state.outcome is None and made < steps:
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions(seat)
        new = state.apply(seat, legal[rng.randrange(len(legal))])
        assert isinstance(new, ThirteenCluesState)
        state = new
        made += 1
    return made


@pytest.mark.parametrize(
    "players", [3, *(pytest.param(n, marks=pytest.mark.slow) for n in (4, 5, 6))]
)
def test_determinized_views_equal_the_view_and_play_on(players: int) -> None:
    rng = random.Random(players)
    checked = moves = 0
    options: list[dict[str, object]] = [{}, {"top_secret": True, "stall_rounds": 6}]
    for seed, extra in enumerate(options):
        game = _game(players, **extra)
        bots = (["random", "deductive", "basic"] * 2)[:players]
        for state in _positions(game, seed, bots):
            for seat in range(players):
                view = _view(state, seat)
                sample = _sample(view, rng)
                assert sample.view(seat) == view
                # What the seat knows is the same; the rest is a deal of the same game.
                assert sample.hands[seat] == state.hands[seat]
                if view.phase != "choose":
                    assert sample.hidden[seat] == state.hidden[seat]
                    assert sample.mysteries[:seat] == state.mysteries[:seat]
                    assert sample.mysteries[seat + 1 :] == state.mysteries[seat + 1 :]
                    every = [c for h in sample.hands for c in h] + list(sample.informants)
                    assert sorted(every) == list(range(len(game.cards)))
                # Every answer the seat saw (and Top Secret ones it did not) holds.
                if view.phase not in ("choose",) and view.outcome is None:
                    for q in sample.questions:
                        if q.subject not in ("person", "location", "weapon"):
                            assert q.answer == sample.answer(q.witness, q.subject, q.side)
                moves += _play_on(sample, rng, 12)
                checked += 1
    assert checked > 40
    assert moves > 100


def test_determinizing_a_two_player_game_and_the_setup() -> None:
    rng = random.Random(2)
    game = _game(2)
    checked = 0
    for state in _positions(game, 1, ["deductive", "random"]):
        for seat in range(2):
            view = _view(state, seat)
            sample = _sample(view, rng)
            assert sample.view(seat) == view
            _play_on(sample, rng, 6)
            checked += 1
    # Setup: a seat that has chosen and one that has not.
    state = _game(4).new(9)
    legal = state.legal_actions(0)
    chosen = state.apply(0, legal[0])
    assert isinstance(chosen, ThirteenCluesState)
    for seat in (0, 1):
        view = _view(chosen, seat)
        sample = _sample(view, rng)
        assert sample.view(seat) == view
        # The three choices left, then play (a lucky random accusation may end it early).
        assert _play_on(sample, rng, 10) >= 4
        checked += 1
    assert checked > 10


def test_the_view_carries_the_options() -> None:
    game = _game(5, top_secret=True, type_questions=True, stall_rounds=4, glasses=9)
    view = _view(game.new(1), 2)
    assert view.config == game.config
    assert ThirteenClues.of(view.config) == game


def test_a_spectator_cannot_be_determinized() -> None:
    state = _game(3).new(1)
    view = state.view(None)
    assert isinstance(view, ThirteenCluesView)
    with pytest.raises(ValueError, match="spectator"):
        determinize(view, None, random.Random(1))


def test_decisions_are_legal_and_reproducible() -> None:
    times = []
    game = _game(4)
    states = _positions(game, 5, ["deductive", "basic", "random", "basic"])
    assert len(states) > 12
    for state in states[4:40:3]:
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
    assert len(times) >= 4
    print("ms per decision (median):", 1000 * statistics.median(times))


def test_a_certain_mystery_is_accused_at_once() -> None:
    # Six players (no informants): the seat asks every other seat about every colour, the
    # turn handed back to it each time, until the engine is certain of its mystery.
    game = _game(6)
    state = game.new(4)
    while state.phase == "choose":
        chooser = state.to_move()
        assert chooser is not None
        new = state.apply(chooser, state.legal_actions(chooser)[0])
        assert isinstance(new, ThirteenCluesState)
        state = new
    seat = state.turn
    truth = state.mysteries[seat]
    assert truth is not None

    def certain(state: ThirteenCluesState) -> bool:
        analysis = ThirteenCluesAnalysis(thirteen_clues_position(_view(state, seat)))
        return len(analysis.analysis.solution_posterior()) == 1

    questions = [(w, c) for w in range(6) if w != seat for c in game.colours]
    while not certain(state):
        witness, subject = questions.pop(0)
        new = state.apply(seat, game.parse_action(f"ask {witness} {subject}"))
        assert isinstance(new, ThirteenCluesState)
        new.turn, new.phase = seat, Phase.PLAY
        new.glasses = tuple(1 if s == seat else g for s, g in enumerate(new.glasses))
        state = new
    assert questions  # certainty came before the list ran out
    view = _view(state, seat)
    action = make_agent("ismcts", GAME).act(view, state.legal_actions(seat), random.Random(1))
    names = [c.name for c in game.cards]
    assert str(action) == "accuse " + " ".join(names[c] for c in truth)


@pytest.mark.slow
def test_ismcts_wins_more_than_random() -> None:
    bots = ["ismcts", "basic", "random", "random"]
    config = _game(4).config_json()
    results = run_specs(schedule(GAME, config, bots, 16, seed=7, key=TEST_KEY), workers=1)
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
    print("13 Clues 4p, 16 games, win rate:", rate, "ms per decision:", ms)
    assert rate["ismcts"] > rate["random"], rate
    assert rate["ismcts"] > rate["basic"], rate


def test_parameters_come_from_a_bot_spec_and_are_checked() -> None:
    bot = make_agent("ismcts:iterations=40:horizon=1:discount=0.6", GAME)
    assert isinstance(bot, ThirteenCluesISMCTS)
    assert (bot.iterations, bot.horizon, bot.discount, bot.depth) == (40, 1, 0.6, 0)
    for spec, message in (
        ("ismcts:horizon=0", "horizon=0: at least 1"),
        ("ismcts:discount=1.5", "discount=1.5: a chance in (0, 1]"),
        ("ismcts:spread=-1", "spread=-1.0: a weight in [0, 1]"),
    ):
        with pytest.raises(GameError, match=re.escape(message)):
            make_agent(spec, GAME)
