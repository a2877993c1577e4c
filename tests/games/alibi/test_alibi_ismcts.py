"""The ``ismcts`` bot for Alibi: exact determinizations, legal and reproducible decisions,
a choice among the deductive bot's best moves, and a clearly higher score than ``basic``
in a short tournament."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from sleuth.agents import make_agent
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import make_game
from sleuth.games.alibi import Alibi, AlibiState, AlibiView, PlayClue
from sleuth.games.alibi.bots import AlibiISMCTS
from sleuth.games.alibi.bots.search import expected_points
from sleuth.games.alibi.sampler import determinize
from support.streams import TEST_KEY

GAME = "alibi"
# Short games (two convictions) are noisy: enough of them for a clear margin, under a minute.
GAMES = 48
# The 5-suspect list of goldens/alibi-2p.json: two convictions end the game.
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


@pytest.mark.slow
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
                    sample = determinize(view, rng)
                    assert sample.game == game  # the view carries the rules in play
                    assert sample.view(seat) == view
                    checked += 1
    assert checked > 500


def test_the_view_carries_the_short_config() -> None:
    game = _game(2)
    view = game.new(3).view(0)
    assert isinstance(view, AlibiView)
    assert view.config == game.config
    assert Alibi.of(view.config).suspect_values == game.suspect_values


def test_determinized_states_play_to_the_end() -> None:
    rng = random.Random(8)
    game = _game(3)
    for state in _positions(game, 4, rng)[::5]:
        seat = state.to_move()
        assert seat is not None
        view = state.view(seat)
        assert isinstance(view, AlibiView)
        sample: AlibiState = determinize(view, rng)
        for _ in range(5000):
            mover = sample.to_move()
            if sample.outcome is not None or mover is None:
                break
            legal = sample.legal_actions(mover)
            new = sample.apply(mover, legal[rng.randrange(len(legal))])
            assert isinstance(new, AlibiState)
            sample = new
        assert sample.outcome is not None


@pytest.mark.slow
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


def test_decisions_are_among_the_deductive_best() -> None:
    # The tree holds only the ``width`` moves deductive values highest: so does the choice.
    game = _game(3, short=False)
    rng = random.Random(4)
    bot = AlibiISMCTS(iterations=40)
    checked = 0
    for state in _positions(game, 2, rng)[::9]:
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions(seat)
        if len(legal) < 2 * bot.width:
            continue
        best = [str(a) for a in bot.ranked(state, seat)[: bot.width]]
        assert str(bot.act(state.view(seat), legal, random.Random(checked))) in best
        checked += 1
    assert checked >= 5


def test_expected_points_add_the_likely_conviction() -> None:
    state = _game(2).new(1)
    # Nothing on the table yet: no front card to count, only the scores (all zero).
    assert expected_points(state) == [0.0, 0.0]
    seat = state.to_move()
    assert seat is not None
    clue = next(a for a in state.legal_actions(seat) if isinstance(a, PlayClue))
    after = state.apply(seat, clue)
    assert isinstance(after, AlibiState)
    points = expected_points(after)
    # The clue fits a displayed suspect: its player expects a share of a point, the other none.
    assert 0.0 < points[seat] <= 1.0
    assert points[1 - seat] == 0.0


@pytest.mark.slow
def test_ismcts_beats_basic() -> None:
    # Clearly, not just on average: the 95% interval of the per-game margin lies above zero.
    bots = ["ismcts", "basic"]
    config = _game(2).config_json()
    results = run_specs(schedule(GAME, config, bots, GAMES, seed=7, key=TEST_KEY), workers=2)
    margins = []
    for result in results:
        by_bot = dict(zip(result.seating, result.scores, strict=True))
        margins.append(by_bot["ismcts"] - by_bot["basic"])
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    print(f"Alibi 2p (5 suspects), {GAMES} games: ismcts - basic {mean:+.2f} +- {half:.2f}")
    assert mean - half > 0, (mean, half)
