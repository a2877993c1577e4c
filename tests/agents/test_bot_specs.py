"""Bot specs: a name with keyword parameters, checked against the bot's factory."""

from __future__ import annotations

import random
import re

import pytest

from sleuth.agents import RandomAgent, bot_parameters, make_agent, parse_bot_spec
from sleuth.agents.ismcts import ISMCTS
from sleuth.core import GameError, make_game


def test_a_spec_sets_typed_parameters() -> None:
    bot = make_agent("ismcts:iterations=7:exploration=0.25", "black-vienna")
    assert isinstance(bot, ISMCTS)
    assert (bot.iterations, bot.exploration, bot.seconds) == (7, 0.25, None)
    plain = make_agent(" Random ", "alibi")
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
    with pytest.raises(GameError, match=re.escape(message)):
        make_agent(spec, "black-vienna")


def test_every_bot_lists_its_parameters() -> None:
    assert bot_parameters("random", "13-clues") == {"interrupt_rate": 0.01}
    assert bot_parameters("basic", "13-clues") == {"gamble": 24, "patience": 4, "last": True}


@pytest.mark.parametrize(
    "game", ["black-vienna", "black-stories-investigation", "13-clues", "alibi"]
)
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
    for game in ("bv", "13-clues", "alibi", "bsi"):
        levels = ladder(game)["levels"]
        assert isinstance(levels, dict) and list(levels) == list(LEVELS)
        assert levels["easy"] == "random" and levels["medium"] == "basic"
        for level in LEVELS:
            assert make_agent(level, game).name == make_agent(str(levels[level]), game).name
    assert make_agent("Expert", "bv").name == "racing"
