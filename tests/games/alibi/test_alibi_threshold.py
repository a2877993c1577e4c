"""Alibi's ``threshold`` option reaches every consumer through the view's config: each bot's
choices, the sheet and the rules in short (all three had assumed five)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from sleuth.agents import make_agent
from sleuth.core import State, make_game
from sleuth.core.kit import TextRender
from sleuth.games.alibi import AlibiView
from sleuth.games.alibi.render import sheet_text
from sleuth.games.alibi.words import rules_text
from sleuth.tui.words import help_text


def decisions(threshold: int, seeds: range, steps: int = 60) -> Iterator[State]:
    """The states of random games of three at which a seat is to move."""
    game = make_game("alibi", 3, threshold=threshold)
    for seed in seeds:
        state, rng = game.new(seed=seed), random.Random(seed)
        for _ in range(steps):
            if state.outcome is not None:
                break
            yield state
            seat = mover(state)
            state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))


def mover(state: State) -> int:
    seat = state.to_move()
    if seat is None:
        raise AssertionError("an Alibi game under way always waits on a seat")
    return seat


def alibi_view(state: State, seat: int) -> AlibiView:
    view = state.view(seat)
    if not isinstance(view, AlibiView):
        raise AssertionError(f"not an Alibi view: {type(view).__name__}")
    return view


def choice(spec: str, view: Any, legal: Any) -> str:
    return str(make_agent(spec, "alibi").act(view, legal, random.Random(7)))


@pytest.mark.parametrize(
    ("bot", "tries"),
    [("basic", 3000), ("deductive", 600), ("lookahead", 300), ("ismcts:iterations=40", 150)],
)
def test_each_bot_plays_by_the_tables_threshold(bot: str, tries: int) -> None:
    """Somewhere in a few games at threshold 4, the bot chooses otherwise than it would if
    its view said 5: it reads the rule from the view (a bot with five built in never does)."""
    for checked, state in enumerate(decisions(4, range(40), steps=150)):
        seat = mover(state)
        view, legal = alibi_view(state, seat), state.legal_actions(seat)
        as_five = dataclasses.replace(view, config=dataclasses.replace(view.config, threshold=5))
        if choice(bot, view, legal) != choice(bot, as_five, legal):
            return
        if checked >= tries:
            break
    pytest.fail(f"{bot} chose alike at threshold 4 and 5 in every position tried")


def test_the_sheet_counts_to_the_tables_threshold() -> None:
    state = next(s for n, s in enumerate(decisions(4, range(3, 4))) if n == 12)
    lines = sheet_text(alibi_view(state, 0), "full").splitlines()
    assert [line for line in lines if not line.startswith(" ")] == [
        "S05 (alibi: safe this round): needs 4 more of female thin short revolver bag",
        "S09 (0 of 4 covered): needs 4 more of female fat short dotted glasses",
        "S06 (1 of 4 covered): needs 3 more of fat long plain glasses",
        "S03 (0 of 4 covered): needs 4 more of female fat short striped knife",
    ]
    five = next(s for n, s in enumerate(decisions(5, range(3, 4))) if n == 12)
    assert "S06 (1 of 5 covered): needs 4 more of fat long plain glasses" in sheet_text(
        alibi_view(five, 0), "facts"
    )


def test_the_rules_in_short_say_the_tables_threshold() -> None:
    four, five = make_game("alibi", 3, threshold=4), make_game("alibi", 3)
    assert "A suspect with any four of its five attributes covered" in rules_text(four)
    assert "A suspect with all five attributes covered" in rules_text(five)
    render = TextRender(sheet=sheet_text, rules=rules_text)
    assert "any four of its five attributes" in help_text(four, render)
