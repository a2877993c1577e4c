"""Black Vienna's rules and options in German and Japanese, as the service serves them."""

from __future__ import annotations

import asyncio

from sleuth.server.routers import games as games_route
from sleuth.server.routers import rules as rules_route


def test_black_viennas_rules_and_options_in_german_and_japanese() -> None:
    german = asyncio.run(rules_route.rules("black-vienna", "de"))
    assert [s.heading for s in german.full][:4] == [
        "Spielmaterial",
        "Spielvorbereitung",
        "Eine Frage stellen",
        "Die Sonderermittlung",
    ]
    assert german.short[1].cards == ["AOR:1", "BHV:0"]
    japanese = asyncio.run(rules_route.rules("black-vienna", "ja"))
    assert (
        japanese.short[2].paragraphs[1]
        == "マーカーの残りが3個以下になると、ゲームは打ち切られ、誰も得点しません。"
    )
    menu = asyncio.run(games_route.games("de"))
    (game,) = [g for g in menu.games if g.name == "black-vienna"]
    assert [o.label for o in game.options] == [
        "Sonderermittlung",
        "Sonderzählung",
        "Leere Stapel",
        "Tipps nach dem Sieg",
        "Kartensatz",
    ]
