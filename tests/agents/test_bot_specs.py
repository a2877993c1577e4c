"""Bot specs: a name with keyword parameters, checked against the bot's factory."""

from __future__ import annotations

import random
import re

import pytest

from sleuth.agents import RandomAgent, agent_names, bot_parameters, make_agent, parse_bot_spec
from sleuth.agents.ismcts import ISMCTS
from sleuth.core import GameError, all_kits, make_game
from support.game_names import built_in_kits

# The games with a search bot (``ismcts``): every built-in game has one.
ISMCTS_GAMES = [kit.name for kit in all_kits() if "ismcts" in agent_names(kit.name)]


def test_a_spec_sets_typed_parameters() -> None:
    assert len(ISMCTS_GAMES) >= len(built_in_kits())
    for game in ISMCTS_GAMES:
        bot = make_agent("ismcts:iterations=7:exploration=0.25", game)
        assert isinstance(bot, ISMCTS)
        assert (bot.iterations, bot.exploration, bot.seconds) == (7, 0.25, None)
    for kit in all_kits():
        plain = make_agent(" Random ", kit.name)
        assert isinstance(plain, RandomAgent)
        assert plain.interrupt_rate == 0.01


def test_parse_bot_spec() -> None:
    assert parse_bot_spec("ismcts:iterations=800: depth = 3") == (
        "ismcts",
        {"iterations": "800", "depth": "3"},
    )
    assert parse_bot_spec("basic") == ("basic", {})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:foo=1", "bot 'ismcts' has no parameter 'foo' (its parameters: iterations"),
        ("ismcts:iterations", "parameter 'iterations' is not NAME=VALUE"),
        ("ismcts:iterations=many", "iterations='many' is not a whole number"),
        ("ismcts:seconds=inf", "seconds='inf' is not a finite number"),
        ("ismcts:exploration=nan", "exploration='nan' is not a finite number"),
        ("ismcts:iterations=0", "iterations=0: at least 1"),
        ("ismcts:depth=1:depth=2", "parameter 'depth' is given twice"),
        ("ismcts:seconds=-1", "seconds=-1.0: a time budget must be positive"),
        ("wizard", "unknown bot 'wizard'"),
    ],
)
def test_bad_specs_are_named(spec: str, message: str) -> None:
    for game in ISMCTS_GAMES:
        with pytest.raises(GameError, match=re.escape(message)):
            make_agent(spec, game)


def test_every_bot_lists_its_parameters() -> None:
    # each game's own bots' parameters are checked in its folder
    for kit in all_kits():
        assert bot_parameters("random", kit.name) == {"interrupt_rate": 0.01}


@pytest.mark.parametrize("game", ISMCTS_GAMES)
def test_every_ismcts_takes_a_time_budget(game: str) -> None:
    table = make_game(game, 3)
    state = table.new(3)
    rng = random.Random(2)
    while True:  # the first position where the seat to move has a real choice
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            break
        state = state.apply(seat, legal[0])
    bot = make_agent("ismcts:seconds=0.05", game)
    assert isinstance(bot, ISMCTS) and bot.seconds == 0.05
    assert bot.act(state.view(seat), legal, rng) in list(legal)


def test_levels_name_the_games_bots_from_easy_to_expert() -> None:
    from sleuth.agents.levels import LEVELS, ladder

    assert LEVELS == ("easy", "medium", "hard", "expert")
    for kit in built_in_kits():
        game = kit.name
        levels = ladder(game)["levels"]
        assert isinstance(levels, dict) and list(levels) == list(LEVELS)
        assert levels["easy"] == "random" and levels["medium"] == "basic"
        for level in LEVELS:
            assert make_agent(level, game).name == make_agent(str(levels[level]), game).name
        # a level is named in any case
        assert make_agent("Expert", game).name == make_agent(str(levels["expert"]), game).name
