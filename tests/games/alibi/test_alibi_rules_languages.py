"""Alibi's rules and options in German, with the German card names of the printed game
(Indizien, Bestechung, Gutes Auge), and in Japanese, as the service serves them."""

from __future__ import annotations

import asyncio

from sleuth.server.routers import games as games_route
from sleuth.server.routers import rules as rules_route


def test_alibis_rules_in_german_and_japanese() -> None:
    german = asyncio.run(rules_route.rules("alibi", "de"))
    assert german.language == "de"
    assert [s.heading for s in german.short] == [
        "Ziel des Spiels",
        "Dein Zug",
        "Wertung und Spielende",
    ]
    special = next(s for s in german.full if s.heading == "Sonderkarten")
    assert special.paragraphs[1] == (
        "Bestechung: Wähle eine Indizienkarte, die vor einem Mitspieler liegt; sie wird abgeworfen."
    )
    assert special.cards == ["alibi", "bribe", "goodeye"]
    japanese = asyncio.run(rules_route.rules("alibi", "ja"))
    assert [s.heading for s in japanese.full][-1] == "ゲームの終了"
    assert japanese.full[-1].paragraphs == [
        "9人の犯人が確定すると、残る容疑者は3人となり、ゲームは終了します。最も得点の多いプレイヤーの勝ち"
        "です。同点の場合は勝利を分け合います。"
    ]


def test_alibis_options_in_german_and_japanese() -> None:
    for language, label, bribes in (
        ("de", "Gutes-Auge-Kette", "Bestechungskarten im Stapel"),
        ("ja", "観察眼の連鎖", "山札の買収カードの枚数"),
    ):
        menu = asyncio.run(games_route.games(language))
        (game,) = [g for g in menu.games if g.name == "alibi"]
        options = {o.name: o for o in game.options}
        assert options["good_eye_chain"].label == label
        assert (options["bribes"].help, options["bribes"].bounds) == (bribes, "0-20")
    assert options["suspects"].bounds == "最大40項目"
