"""Black Vienna's tutorial: its script plays on its deal to the learner's win, each learner
step legal where it stands, the texts in every language, every view the learner's own."""

from __future__ import annotations

import asyncio

from sleuth.core import find_kit
from sleuth.core.kit import TUTORIAL, Tutorial
from sleuth.core.tutorial import walk
from sleuth.server.routers.tutorial import tutorial

KIT = find_kit("black-vienna")
SCRIPT = KIT.part(TUTORIAL, Tutorial)


def test_the_script_plays_to_the_learners_win_on_its_known_deal() -> None:
    walked = walk(KIT.game, SCRIPT)
    assert dict(walked.final.reveal())["ring"] == "NWÖ"
    assert [(m.seat, str(m.action), m.after.last_result()) for m in walked.moves] == [
        (0, "ask 1 AOR", "AOR@1=2"),
        (1, "ask 2 JKL", "JKL@2=1"),
        (2, "ask 0 CDE", "CDE@0=2"),
        (0, "ask 2 CGX", "CGX@2=0"),
        (2, "ask 1 ABC", "ABC@1=1"),
        (1, "ask 0 MSV", "MSV@0=1"),
        (0, "accuse NWÖ", "correct"),
        (1, "pass", ""),
        (2, "pass", ""),
    ]
    assert walked.final.outcome is not None
    assert walked.final.outcome.winners == (0,)
    assert walked.final.outcome.scores == (99, 0, 0)
    for step, (_, state) in zip(SCRIPT.steps, walked.at_steps, strict=True):
        assert step.action in {str(a) for a in state.legal_actions(SCRIPT.seat)}


def test_the_service_serves_the_steps_in_each_language() -> None:
    english = asyncio.run(tutorial("black-vienna", "en"))
    german = asyncio.run(tutorial("black-vienna", "de"))
    japanese = asyncio.run(tutorial("black-vienna", "ja"))
    assert [s.title for s in english.steps] == [
        "Ask a question",
        "Hunt for a zero",
        "Black Vienna!",
    ]
    assert [s.title for s in german.steps] == [
        "Eine Frage stellen",
        "Auf eine Null aus sein",
        "Black Vienna!",
    ]
    assert [s.title for s in japanese.steps] == ["質問する", "0を狙う", "ブラック・ウィーン！"]
    assert german.names == ["Detektiv", "Inspektor Novak", "Inspektorin Huber"]
    second = english.steps[1].frame
    assert second["view"]["face_up"] == ["CGX", "ABC", "MSV"]
    assert second["view"]["hand"] == "CDIJQVYZ"
    # the learner's view only: the gang and the others' hands stay hidden until the end
    assert second["view"]["ring"] is None
    assert "ask 2 CGX" in second["legal"]["actions"]
    assert [entry[1:3] for entry in second["log"]] == [
        ["ask 1 AOR", "AOR@1=2"],
        ["ask 2 JKL", "JKL@2=1"],
        ["ask 0 CDE", "CDE@0=2"],
    ]
    assert english.end["reveal"]["ring"] == "NWÖ"
