"""Black Stories' bots refuse a ``risk`` below 0 and an ``ismcts`` ``scale`` that is not
positive when made, in the person's language: a scale of 0 divided by zero at the first
evaluation, and a NaN risk never risked a case."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sleuth.agents import Agent, make_agent
from sleuth.core import GameError
from sleuth.core.said import error_in
from sleuth.games.black_stories.bots import BlackStoriesISMCTS, DeductiveBlackStories

GAME = "black-stories-investigation"
REFUSED = [
    ("deductive:risk=-0.5", "risk=-0.5: not below 0", "risk=-0.5: nicht unter 0"),
    ("ismcts:risk=-1", "risk=-1.0: not below 0", "risk=-1.0: nicht unter 0"),
    ("ismcts:scale=0", "scale=0.0: must be positive", "scale=0.0: muss positiv sein"),
    ("ismcts:scale=-2", "scale=-2.0: must be positive", "scale=-2.0: muss positiv sein"),
]


@pytest.mark.parametrize(("spec", "english", "german"), REFUSED)
def test_a_value_out_of_range_is_refused_naming_it(spec: str, english: str, german: str) -> None:
    with pytest.raises(GameError) as refused:
        make_agent(spec, GAME)
    assert str(refused.value) == f"bot {spec!r}: {english}"
    assert error_in(refused.value, "de") == f"Bot {spec!r}: {german}"


@pytest.mark.parametrize(
    ("bot", "name", "english", "japanese"),
    [
        (DeductiveBlackStories, "risk", "not below 0", "0未満にはできません"),
        (BlackStoriesISMCTS, "risk", "not below 0", "0未満にはできません"),
        (BlackStoriesISMCTS, "scale", "must be positive", "正の数でなければなりません"),
    ],
)
def test_a_value_that_is_no_number_is_refused_when_made(
    bot: Callable[..., Agent], name: str, english: str, japanese: str
) -> None:
    for value, shown in ((float("nan"), "nan"), ("big", "big")):
        given: dict[str, Any] = {name: value}
        with pytest.raises(ValueError) as refused:
            bot(**given)
        assert str(refused.value) == f"{name}={shown}: {english}"
        assert error_in(refused.value, "ja") == f"{name}={shown}：{japanese}"


def test_a_risk_above_1_is_taken_it_risks_certain_cases_only() -> None:
    assert DeductiveBlackStories(risk=2.0).risk == 2.0
    assert BlackStoriesISMCTS(risk=0.0, scale=0.5).risk == 0.0
