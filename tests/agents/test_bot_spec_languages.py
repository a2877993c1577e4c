"""A bot's spec refused in the person's language (issue #35): `sleuth play --bots`, the
arena and the lobby say what is wrong with a typed bot in German or Japanese; in English
the words are as before."""

from __future__ import annotations

import pytest

from sleuth.agents import agent_names, make_agent
from sleuth.core import GameError, find_kit
from support.game_cases import kit_for
from support.said_errors import refusals

GAME = kit_for(lambda cases: cases.fronts.example).name
TITLE = find_kit(GAME).game.title
BOTS = ", ".join(agent_names(GAME))
SPECS = [
    "random:x=1",
    "random:interrupt_rate",
    "random:interrupt_rate=1:interrupt_rate=2",
    "random:interrupt_rate=often",
    "wizard",
]
SAID = {
    "en": [
        "bot 'random' has no parameter 'x' (its parameters: interrupt_rate)",
        "bot 'random:interrupt_rate': parameter 'interrupt_rate' is not NAME=VALUE",
        "bot 'random:interrupt_rate=1:interrupt_rate=2': parameter 'interrupt_rate' is given twice",
        "bot 'random': interrupt_rate='often' is not a finite number",
        f"unknown bot 'wizard' for {TITLE} (levels: easy, medium, hard, expert; bots: {BOTS})",
    ],
    "de": [
        "Bot 'random' hat keinen Parameter 'x' (seine Parameter: interrupt_rate)",
        "Bot 'random:interrupt_rate': der Parameter 'interrupt_rate' hat nicht die Form NAME=WERT",
        "Bot 'random:interrupt_rate=1:interrupt_rate=2': der Parameter 'interrupt_rate' ist "
        "zweimal angegeben",
        "Bot 'random': interrupt_rate='often', erwartet wird eine endliche Zahl",
        f"unbekannter Bot 'wizard' für {TITLE} (Stufen: easy, medium, hard, expert; Bots: {BOTS})",
    ],
    "ja": [
        "ボット'random'にパラメーター'x'はありません（パラメーター：interrupt_rate）",
        "ボット'random:interrupt_rate'：パラメーター'interrupt_rate'がNAME=VALUEの形ではありません",
        "ボット'random:interrupt_rate=1:interrupt_rate=2'：パラメーター'interrupt_rate'が2回指定"
        "されています",
        "ボット'random'：interrupt_rate='often'は有限の数ではありません",
        f"{TITLE}に不明なボット'wizard'です（レベル：easy, medium, hard, expert、ボット：{BOTS}）",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_typed_bot_is_refused_in_the_language(language: str) -> None:
    def make(spec: str) -> object:
        return make_agent(spec, GAME)

    assert refusals(make, SPECS, GameError, language) == SAID[language]
