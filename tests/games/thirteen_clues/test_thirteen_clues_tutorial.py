"""13 Clues' tutorial: its script plays on its deal to the learner's win, each learner step
legal where it stands, the texts in every language; a broken script fails with its move named."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from sleuth.core import find_kit
from sleuth.core.kit import TUTORIAL, Tutorial
from sleuth.core.tutorial import TutorialError, walk
from sleuth.server.routers.tutorial import tutorial

KIT = find_kit("13-clues")
SCRIPT = KIT.part(TUTORIAL, Tutorial)


def test_the_script_plays_to_the_learners_win_on_its_known_deal() -> None:
    walked = walk(KIT.game, SCRIPT)
    reveal = dict(walked.final.reveal())
    assert reveal["mysteries"] == [["Maid", "Park", "Blowgun"], ["Butcher", "Library", "Knife"]]
    assert [(m.seat, str(m.action)) for m in walked.moves] == [
        (0, "ask 1 female left"),
        (1, "ask 0 red left"),
        (0, "look A"),
        (1, "look B"),
        (0, "accuse Maid Park Blowgun"),
    ]
    assert walked.final.outcome is not None
    assert walked.final.outcome.winners == (0,)
    for step, (_, state) in zip(SCRIPT.steps, walked.at_steps, strict=True):
        legal = {str(a) for a in state.legal_actions(SCRIPT.seat)}
        assert step.action in legal


def test_the_service_serves_the_steps_in_each_language() -> None:
    english = asyncio.run(tutorial("13-clues", "en"))
    german = asyncio.run(tutorial("13-clues", "de"))
    japanese = asyncio.run(tutorial("13-clues", "ja"))
    assert [s.title for s in english.steps] == [
        "Question a witness",
        "Consult an informant",
        "Accuse",
    ]
    assert [s.title for s in german.steps] == [
        "Einen Zeugen befragen",
        "Einen Informanten befragen",
        "Anklagen",
    ]
    assert [s.title for s in japanese.steps] == ["目撃者に質問する", "情報提供者を調べる", "告発"]
    assert japanese.names == ["探偵", "レストレード警部"]
    first = english.steps[0].frame
    assert first["log"] == [] and first["actors"] == [0]
    assert "ask 1 female left" in first["legal"]["actions"]
    # the learner's own view only: their mystery is hidden from them, the inspector's hidden
    # cards too
    assert first["view"]["seats"][0]["mystery"] is None
    assert first["view"]["seats"][1]["hidden"] is None
    assert english.end["status"] == "finished"
    assert english.end["outcome"]["winners"] == [0]


def test_a_script_with_an_illegal_move_fails_naming_it() -> None:
    broken = dataclasses.replace(
        SCRIPT, steps=(dataclasses.replace(SCRIPT.steps[0], action="look Z"), *SCRIPT.steps[1:])
    )
    with pytest.raises(TutorialError, match="'look Z' by seat 0"):
        walk(KIT.game, broken)


def test_a_script_that_stops_before_the_end_fails() -> None:
    short = dataclasses.replace(SCRIPT, steps=SCRIPT.steps[:2])
    with pytest.raises(TutorialError, match="does not end with its last step"):
        walk(KIT.game, short)
