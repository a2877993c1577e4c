"""Alibi's tutorial: the first turns of a game on its known deal, each learner step legal
where it stands, stopping (as it says) before the game's end; the texts in every language."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from sleuth.core import find_kit
from sleuth.core.kit import TUTORIAL, Tutorial
from sleuth.core.tutorial import TutorialError, walk
from sleuth.server.routers.tutorial import tutorial

KIT = find_kit("alibi")
SCRIPT = KIT.part(TUTORIAL, Tutorial)


def test_the_script_plays_its_first_turns_on_its_known_deal() -> None:
    walked = walk(KIT.game, SCRIPT)
    assert [(m.seat, str(m.action)) for m in walked.moves] == [
        (0, "play female"),
        (0, "pass"),
        (1, "play long"),
        (1, "pass"),
        (0, "play fat"),
        (0, "pass"),
        (1, "play knife"),
        (1, "pass"),
        (0, "bribe 1 knife"),
    ]
    view: dict[str, Any] = walked.final.view(0).to_json()
    assert view["fronts"] == [["female", "fat"], ["long"]]
    shown = {s["suspect"]: sorted(s["covered"]) for s in view["display"]}
    assert shown["S07"] == ["fat", "female", "long"]
    assert not walked.final.is_over
    for step, (_, state) in zip(SCRIPT.steps, walked.at_steps, strict=True):
        assert step.action in {str(a) for a in state.legal_actions(SCRIPT.seat)}


def test_a_tutorial_that_says_it_plays_to_the_end_must_end() -> None:
    whole = dataclasses.replace(SCRIPT, to_the_end=True)
    with pytest.raises(
        TutorialError, match=r"^the tutorial's game does not end with its last step$"
    ):
        walk(KIT.game, whole)


def test_the_service_serves_the_steps_in_each_language() -> None:
    english = asyncio.run(tutorial("alibi", "en"))
    german = asyncio.run(tutorial("alibi", "de"))
    japanese = asyncio.run(tutorial("alibi", "ja"))
    assert [s.title for s in english.steps] == [
        "Lay a clue",
        "Keep your hand",
        "Build on a suspect",
        "Keep your hand",
        "Bribe a clue away",
    ]
    assert german.steps[4].title == "Ein Indiz wegbestechen"
    assert japanese.steps[0].title == "手掛かりを出す"
    assert english.steps[4].keys == ["hand:3", "front:1:1"]
    assert english.steps[4].frame["view"]["hand"] == ["female", "revolver", "newspaper", "bribe"]
    assert english.end["status"] == "playing"
    assert "outcome" not in english.end
