"""The lobby's bots: the ladder's levels first, with the bot behind each and its rating."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth.agents import make_agent
from sleuth.core import ConfigError, GameError
from sleuth.server.lobby import (
    BOT_ABOUT,
    SeatPlan,
    TablePlan,
    bot_about,
    check_bot,
    check_plan,
)
from sleuth.server.routers.games import bots_out

BOTS = Path(__file__).resolve().parents[2] / "src" / "sleuth" / "games"


def test_the_levels_come_first_with_their_bots_and_measured_ratings() -> None:
    stored = json.loads((BOTS / "black_vienna" / "bots" / "ladder.json").read_text("utf-8"))
    offered = bots_out("black-vienna")
    levels = [b for b in offered if b.level]
    assert [(b.name, b.level, b.spec) for b in levels] == [
        (name, rank, stored["levels"][name])
        for rank, name in enumerate(("easy", "medium", "hard", "expert"), start=1)
    ]
    assert [b.rating for b in levels] == [stored["ratings"][b.name] for b in levels]
    assert all(b.parameters == {} for b in levels)  # a level is its bot as measured
    assert offered[: len(levels)] == levels  # before the bots by name
    named = [b.name for b in offered if not b.level]
    assert named == ["random", "basic", "deductive", "ismcts", "racing"]
    racing = next(b for b in offered if b.name == "racing")
    assert "minimum" in racing.parameters and racing.rating is None


def test_a_level_set_by_knobs_says_which() -> None:
    assert bot_about("deductive:patient=true:confidence=0.4") == (
        "Exact deduction from what its seat sees; set patient=true, confidence=0.4."
    )
    assert bot_about("racing") == BOT_ABOUT["racing"]
    assert bot_about("somebody:x=1") == "A bot of this game; set x=1."
    expert = next(b for b in bots_out("13-clues") if b.name == "expert")
    assert expert.about == bot_about(expert.spec)


def test_a_level_takes_no_knobs_and_an_unknown_bot_lists_the_levels() -> None:
    with pytest.raises(GameError, match="a level takes no parameters; set them on its bot"):
        make_agent("expert:minimum=0.3", "black-vienna")
    with pytest.raises(GameError, match=r"levels: easy, medium, hard, expert; bots: basic"):
        make_agent("nobody", "black-vienna")


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_a_table_takes_each_level_for_a_seat_and_for_takeover(level: str) -> None:
    plan = TablePlan(
        "black-vienna",
        3,
        {},
        [SeatPlan("person"), SeatPlan("bot", level), SeatPlan("bot", "basic")],
        takeover_bot=level,
    )
    assert check_plan(plan)[3] == level


def test_a_bot_program_is_seated_only_by_the_operator() -> None:
    seats = [SeatPlan("person"), SeatPlan("bot", "cmd:python mybot.py"), SeatPlan("bot", "basic")]
    plan = TablePlan("black-vienna", 3, {}, seats)
    with pytest.raises(ConfigError, match="only the server's operator"):
        check_plan(plan)
    with pytest.raises(ConfigError, match="only the server's operator"):
        check_bot(" Cmd:python mybot.py", "black-vienna")
    assert check_plan(plan, programs=True)[0] == "black-vienna"  # sleuth serve --bots
