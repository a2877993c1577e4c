"""Black Stories Investigation's tutorial: the first turns of a game on its known deal, each
learner step legal where it stands, the case solved for 8 points; the texts in every language."""

from __future__ import annotations

import asyncio

from sleuth.core import find_kit
from sleuth.core.kit import TUTORIAL, Tutorial
from sleuth.core.tutorial import walk
from sleuth.server.routers.tutorial import tutorial

KIT = find_kit("black-stories-investigation")
SCRIPT = KIT.part(TUTORIAL, Tutorial)


def test_the_script_plays_its_first_turns_on_its_known_deal() -> None:
    walked = walk(KIT.game, SCRIPT)
    assert [(m.seat, str(m.action)) for m in walked.moves] == [
        (0, "play woman+day+inside+knife to 1"),
        (0, "solve 1 woman/day/outside/knife with 3"),
        (0, "draw"),
        (1, "play man+night+outside+gun to 0"),
        (1, "draw"),
    ]
    view = walked.final.view(0).to_json()
    assert view["scores"] == [8, 0]
    assert view["unused"] == [[1, 2], [1, 2, 3]]
    assert not walked.final.is_over
    for step, (_, state) in zip(SCRIPT.steps, walked.at_steps, strict=True):
        assert step.action in {str(a) for a in state.legal_actions(SCRIPT.seat)}


def test_the_service_serves_the_steps_in_each_language() -> None:
    english = asyncio.run(tutorial("black-stories-investigation", "en"))
    german = asyncio.run(tutorial("black-stories-investigation", "de"))
    japanese = asyncio.run(tutorial("black-stories-investigation", "ja"))
    assert [s.title for s in english.steps] == [
        "Play a case card",
        "Solve a case",
        "Draw and end your turn",
    ]
    assert [s.title for s in german.steps] == [
        "Eine Fallkarte spielen",
        "Einen Fall lösen",
        "Ziehen und den Zug beenden",
    ]
    assert [s.title for s in japanese.steps] == [
        "事件カードを出す",
        "事件を解決する",
        "引いて手番を終える",
    ]
    first = english.steps[0].frame["view"]
    # the learner's own view: their case and hand
    assert first["case"] == "woman+night+inside+gun"
    assert first["hand"][2] == "woman+day+inside+knife"
    assert first["seat"] == 0
    assert first["has_case"] == [True, True]
