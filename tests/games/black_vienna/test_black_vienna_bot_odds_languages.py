"""Black Vienna's bots refuse the odds they accuse from (``early``, ``late``) outside 0 to 1
when made, in the person's language: above 1 a bot never accused, and below 0 or NaN it
accused at every chance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sleuth.agents import Agent, make_agent
from sleuth.core import GameError
from sleuth.core.said import error_in
from sleuth.games.black_vienna.bots import (
    BlackViennaISMCTS,
    DeductiveBlackVienna,
    RacingBlackVienna,
)

REFUSED = [
    ("deductive:early=1.5", "early=1.5"),
    ("deductive:late=-0.25", "late=-0.25"),
    ("racing:early=-1", "early=-1.0"),
    ("ismcts:late=2", "late=2.0"),
]


@pytest.mark.parametrize(("spec", "given"), REFUSED)
def test_odds_out_of_range_are_refused_naming_them(spec: str, given: str) -> None:
    with pytest.raises(GameError) as refused:
        make_agent(spec, "black-vienna")
    assert str(refused.value) == f"bot {spec!r}: {given}: between 0 and 1"
    assert error_in(refused.value, "de") == f"Bot {spec!r}: {given}: zwischen 0 und 1"


@pytest.mark.parametrize("bot", [DeductiveBlackVienna, RacingBlackVienna, BlackViennaISMCTS])
def test_odds_that_are_no_number_are_refused_when_made(bot: Callable[..., Agent]) -> None:
    for value, shown in ((float("nan"), "nan"), ("high", "high")):
        odds: dict[str, Any] = {"late": value}
        with pytest.raises(ValueError) as refused:
            bot(**odds)
        assert str(refused.value) == f"late={shown}: between 0 and 1"
        assert error_in(refused.value, "ja") == f"late={shown}：0から1の間"
    # The ends of the range are odds a bot may take: 1.0 and 1.0 accuse only when certain.
    made: Any = bot(early=1.0, late=0.0)
    assert (made.early, made.late) == (1.0, 0.0)
