"""The lobby's bots: the ladder's levels first, with the bot behind each and its rating."""

from __future__ import annotations

import pytest

from sleuth.agents import make_agent
from sleuth.core import ConfigError, GameError, all_kits
from sleuth.server.lobby import (
    BOT_ABOUT,
    SeatPlan,
    TablePlan,
    bot_about,
    check_bot,
    check_plan,
)
from sleuth.server.routers.games import bots_out
from support.game_cases import kit_for

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


def test_a_level_set_by_knobs_says_which() -> None:
    assert bot_about("deductive:patient=true:confidence=0.4") == (
        "Exact deduction from what its seat sees; set patient=true, confidence=0.4."
    )
    assert bot_about("racing") == BOT_ABOUT["racing"]
    assert bot_about("somebody:x=1") == "A bot of this game; set x=1."
    # Every game's levels, one of them set by knobs (``deductive:patient=true:...``).
    levels = [b for kit in all_kits() for b in bots_out(kit.name) if b.level]
    assert any(":" in level.spec for level in levels)
    for level in levels:
        assert level.about == bot_about(level.spec), level


def test_a_level_takes_no_knobs_and_an_unknown_bot_lists_the_levels() -> None:
    with pytest.raises(GameError, match="a level takes no parameters; set them on its bot"):
        make_agent("expert:minimum=0.3", EXAMPLE)
    with pytest.raises(GameError, match=r"levels: easy, medium, hard, expert; bots: basic"):
        make_agent("nobody", EXAMPLE)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_a_table_takes_each_level_for_a_seat_and_for_takeover(level: str) -> None:
    plan = TablePlan(
        EXAMPLE,
        3,
        {},
        [SeatPlan("person"), SeatPlan("bot", level), SeatPlan("bot", "basic")],
        takeover_bot=level,
    )
    assert check_plan(plan)[3] == level


def test_a_bot_program_is_seated_only_by_the_operator() -> None:
    seats = [SeatPlan("person"), SeatPlan("bot", "cmd:python mybot.py"), SeatPlan("bot", "basic")]
    plan = TablePlan(EXAMPLE, 3, {}, seats)
    with pytest.raises(ConfigError, match="only the server's operator"):
        check_plan(plan)
    with pytest.raises(ConfigError, match="only the server's operator"):
        check_bot(" Cmd:python mybot.py", EXAMPLE)
    assert check_plan(plan, programs=True)[0] == EXAMPLE  # sleuth serve --bots
