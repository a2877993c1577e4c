"""The 13 Clues deductive bot refuses the odds it accuses from (``confidence``, ``pressed``)
outside 0 to 1 when made, in the person's language: above 1 it never accused, and below 0
or NaN it accused at every chance."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.agents import make_agent
from sleuth.core import GameError
from sleuth.core.said import error_in
from sleuth.games.thirteen_clues.bots import DeductiveThirteenClues


@pytest.mark.parametrize(
    ("spec", "given"),
    [("deductive:confidence=1.5", "confidence=1.5"), ("deductive:pressed=-0.1", "pressed=-0.1")],
)
def test_odds_out_of_range_are_refused_naming_them(spec: str, given: str) -> None:
    with pytest.raises(GameError) as refused:
        make_agent(spec, "13-clues")
    assert str(refused.value) == f"bot {spec!r}: {given}: between 0 and 1"
    assert error_in(refused.value, "ja") == f"ボット{spec!r}：{given}：0から1の間"


def test_odds_that_are_no_number_are_refused_when_made() -> None:
    for name in ("confidence", "pressed"):
        for value, shown in ((float("nan"), "nan"), ("sure", "sure")):
            odds: dict[str, Any] = {name: value}
            with pytest.raises(ValueError) as refused:
                DeductiveThirteenClues(**odds)
            assert str(refused.value) == f"{name}={shown}: between 0 and 1"
            assert error_in(refused.value, "de") == f"{name}={shown}: zwischen 0 und 1"
    # The ends of the range are odds it may take: 1.0 and 1.0 accuse only when certain.
    assert DeductiveThirteenClues(confidence=1.0, pressed=0.0).confidence == 1.0
