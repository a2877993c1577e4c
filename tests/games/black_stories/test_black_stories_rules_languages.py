"""Black Stories Investigation's rules and options in Japanese and German, as the service
serves them."""

from __future__ import annotations

import asyncio

from sleuth.server.routers import games as games_route
from sleuth.server.routers import rules as rules_route


def test_black_stories_rules_and_options_in_japanese_and_german() -> None:
    japanese = asyncio.run(rules_route.rules("black-stories-investigation", "ja"))
    assert [s.heading for s in japanese.full][2:5] == [
        "1. 事件カードを出す",
        "2. 事件の解決を試みる（任意）",
        "3. カードを引く",
    ]
    german = asyncio.run(rules_route.rules("black-stories-investigation", "de"))
    assert german.full[1].paragraphs[1] == (
        "Der Stapel wird erneut gemischt, und jeder zieht drei Karten auf die Hand."
    )
    menu = asyncio.run(games_route.games("ja"))
    (game,) = [g for g in menu.games if g.name == "black-stories-investigation"]
    options = {o.name: o for o in game.options}
    assert options["point_chips"].label == "得点チップ"
    assert options["deck"].bounds == "最大64項目"
