"""13 Clues' rules and options in Japanese in the Japanese edition's words (解答, 虫眼鏡,
秘密情報カード, 目撃者に質問する), and in German, as the service serves them."""

from __future__ import annotations

import asyncio

from sleuth.server.routers import games as games_route
from sleuth.server.routers import rules as rules_route


def test_thirteen_clues_rules_in_japanese_and_german() -> None:
    japanese = asyncio.run(rules_route.rules("13-clues", "ja"))
    assert [s.heading for s in japanese.full][3:6] == [
        "目撃者に質問する",
        "秘密の情報提供者に相談する",
        "告発する",
    ]
    assert japanese.full[4].paragraphs[0] == (
        "裏向きの秘密情報カードを1枚こっそり見て、裏向きに戻します。どのカードを見たかは全員にわかりますが、"
        "その中身はわかりません。"
    )
    german = asyncio.run(rules_route.rules("13-clues", "de"))
    assert german.short[2].heading == "Sieg"
    assert german.full[-1].heading == "Wenn es niemand findet"


def test_thirteen_clues_options_in_japanese() -> None:
    menu = asyncio.run(games_route.games("ja"))
    (game,) = [g for g in menu.games if g.name == "13-clues"]
    options = {o.name: o for o in game.options}
    assert (options["mystery_choice"].label, options["glasses"].label) == ("解答の選び方", "虫眼鏡")
    assert options["glasses"].help == "ゲームで使う虫眼鏡の数（3〜6人）"
    assert options["mystery_choice"].choices == ["players", "random"]
