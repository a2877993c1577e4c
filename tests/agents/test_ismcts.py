"""The ``ismcts`` bot for Alibi: exact determinizations, legal and reproducible decisions,
and a higher mean score than ``basic`` in a short tournament."""

from __future__ import annotations

import random
from collections import defaultdict

from sleuth.agents import make_agent
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import make_game
from sleuth.games.alibi import Alibi, AlibiState, AlibiView
from sleuth.games.alibi.determinize import determinize, game_from_view

GAME = "alibi"
# The 5-suspect list of tests/goldens/alibi-2p.json: two convictions end the game.
SUSPECTS = (
    "S01=female+thin+long+newspaper+glasses",
    "S02=male+fat+short+revolver+umbrella",
    "S03=female+fat+short+striped+knife",
    "S04=male+thin+long+dotted+bag",
    "S05=female+thin+short+revolver+bag",
)


def _game(players: int, short: bool = True) -> Alibi:
    made = make_game(GAME, players, suspects=SUSPECTS) if short else make_game(GAME, players)
    assert isinstance(made, Alibi)
    return made


def _positions(game: Alibi, seed: int, rng: random.Random) -> list[AlibiState]:
    """Every position of one game played at random."""
    state = game.new(seed)
    states = []
    while state.outcome is None:
        states.append(state)
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions(seat)
        new = state.apply(seat, legal[rng.randrange(len(legal))])
        assert isinstance(new, AlibiState)
        state = new
    return states


def test_determinized_views_equal_the_view() -> None:
    rng = random.Random(5)
    checked = 0
    for players in (2, 3, 5):
        for short in (True, False):
            game = _game(players, short)
            for seed in range(3):
                for state in _positions(game, seed, rng)[::3]:
                    seat = state.to_move()
                    assert seat is not None
                    view = state.view(seat)
                    assert isinstance(view, AlibiView)
                    # With the true game, and with the game the bot infers from the view.
                    for given in (game, None):
                        sample = determinize(given, view, rng)
                        assert sample.view(seat) == view
                        checked += 1
    assert checked > 500


def test_inferred_game_matches_the_short_config() -> None:
    game = _game(2)
    view = game.new(3).view(0)
    assert isinstance(view, AlibiView)
    inferred = game_from_view(view)
    assert inferred.deck == game.deck
    assert inferred.suspect_values == game.suspect_values


def test_determinized_states_play_to_the_end() -> None:
    rng = random.Random(8)
    game = _game(3)
    for state in _positions(game, 4, rng)[::5]:
        seat = state.to_move()
        assert seat is not None
        view = state.view(seat)
        assert isinstance(view, AlibiView)
        sample: AlibiState = determinize(None, view, rng)
        for _ in range(5000):
            mover = sample.to_move()
            if sample.outcome is not None or mover is None:
                break
            legal = sample.legal_actions(mover)
            new = sample.apply(mover, legal[rng.randrange(len(legal))])
            assert isinstance(new, AlibiState)
            sample = new
        assert sample.outcome is not None


def test_decisions_are_legal_and_reproducible() -> None:
    game = _game(2)
    rng = random.Random(2)
    bot = make_agent("ismcts", GAME)
    for state in _positions(game, 6, rng)[::4]:
        seat = state.to_move()
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions(seat)
        first = bot.act(view, legal, random.Random(11))
        again = make_agent("ismcts", GAME).act(view, legal, random.Random(11))
        assert first in list(legal)
        assert str(first) == str(again)


def test_ismcts_beats_basic() -> None:
    bots = ["ismcts", "basic"]
    config = _game(2).config_json()
    results = run_specs(schedule(GAME, config, bots, 60, seed=7), workers=2)
    totals: dict[str, list[int]] = defaultdict(list)
    seconds: dict[str, float] = defaultdict(float)
    decisions: dict[str, int] = defaultdict(int)
    for result in results:
        for seat, bot in enumerate(result.seating):
            totals[bot].append(result.scores[seat])
            seconds[bot] += result.think_seconds[seat]
            decisions[bot] += result.decisions[seat]
    mean = {bot: sum(s) / len(s) for bot, s in totals.items()}
    ms = {bot: 1000 * seconds[bot] / max(decisions[bot], 1) for bot in bots}
    print("Alibi 2p (5 suspects), 60 games, mean score:", mean, "ms per decision:", ms)
    assert mean["ismcts"] > mean["basic"], mean
