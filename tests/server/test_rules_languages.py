"""The rules for players, the option names and help and the bots' descriptions in the
person's language: ``?lang=`` on the rules route and on the lobby's menu, each text from the
game's own catalogues (or the page's, for the bots); English without it; a language we do
not have refused with 422, naming the ones there are."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from sleuth.core import all_kits
from sleuth.core.kit import RULES, RulesGuide
from sleuth.server.app import create_app
from sleuth.server.lobby import bot_about
from sleuth.server.settings import Settings

TRANSLATED = ("de", "ja")
REFUSED = "unknown language 'xx': one of en, de, ja"
# Every game whose rules have catalogues of their own.
KITS = [k for k in all_kits() if k.has(RULES) and k.part(RULES, RulesGuide).locale is not None]


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    # Neither route needs the database: the app's lifespan is never entered here.
    transport = httpx.ASGITransport(app=create_app(Settings()))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


def texts(rules: dict[str, Any]) -> list[str]:
    return [
        t
        for part in ("short", "full")
        for s in rules[part]
        for t in (s["heading"], *s["paragraphs"])
    ]


def shape(rules: dict[str, Any]) -> list[tuple[int, list[str]]]:
    return [(len(s["paragraphs"]), s["cards"]) for part in ("short", "full") for s in rules[part]]


@pytest.mark.parametrize("language", TRANSLATED)
async def test_every_games_rules_come_in_the_language_asked(
    client: httpx.AsyncClient, language: str
) -> None:
    assert len(KITS) >= 4
    for kit in KITS:
        english = (await client.get(f"/api/games/{kit.name}/rules")).json()
        answer = await client.get(f"/api/games/{kit.name}/rules", params={"lang": language})
        assert answer.status_code == 200
        rules = answer.json()
        assert (english["language"], rules["language"]) == ("en", language)
        # the same sections, paragraphs and example cards, every heading and paragraph said
        # in the language (none left in English)
        assert shape(rules) == shape(english)
        same = [t for t, e in zip(texts(rules), texts(english), strict=True) if t == e]
        assert same == [], (kit.name, language)
        assert (rules["game"], rules["reference"]) == (english["game"], english["reference"])


@pytest.mark.parametrize("language", TRANSLATED)
async def test_the_lobby_names_and_explains_the_options_and_bots_in_the_language_asked(
    client: httpx.AsyncClient, language: str
) -> None:
    english = {g["name"]: g for g in (await client.get("/api/games")).json()["games"]}
    menu = (await client.get("/api/games", params={"lang": language})).json()
    for game in menu["games"]:
        before = english[game["name"]]
        if any(kit.name == game["name"] for kit in KITS):
            pairs = zip(game["options"], before["options"], strict=True)
            same = [
                o["name"] for o, e in pairs if o["label"] == e["label"] or o["help"] == e["help"]
            ]
            assert same == [], (game["name"], language)
        assert [b["about"] for b in game["bot_levels"]] == [
            bot_about(b["spec"], language) for b in before["bot_levels"]
        ]
        bounds = [o["bounds"] for o in game["options"] if o["max_items"] is not None]
        assert all(b != "" and "items" not in b for b in bounds), bounds
    # English by default: the label is the option's name with spaces
    assert all(
        o["label"] == o["name"].replace("_", " ") for g in english.values() for o in g["options"]
    )


def test_a_bots_description_and_its_knobs_in_each_language() -> None:
    assert (
        bot_about("random", "ja")
        == "ルール上可能な手からランダムに選んでプレイします。ルールを覚えるのに向いています。"
    )
    assert bot_about("deductive:patient=true:confidence=0.4", "de") == (
        "Exakte Deduktion aus allem, was sein Platz sieht; eingestellt: patient=true, "
        "confidence=0.4."
    )
    assert bot_about("somebody:x=1", "ja") == "このゲーム専用のボットです（設定：x=1）。"
    assert bot_about("somebody:x=1") == "A bot of this game; set x=1."


async def test_a_language_we_do_not_have_is_refused_naming_the_ones_there_are(
    client: httpx.AsyncClient,
) -> None:
    kit = KITS[0]
    for url in (f"/api/games/{kit.name}/rules", "/api/games"):
        answer = await client.get(url, params={"lang": "xx"})
        assert (answer.status_code, answer.json()) == (422, {"detail": REFUSED})
    # an unknown game is still a 404, whatever the language
    answer = await client.get("/api/games/no-such-game/rules", params={"lang": "de"})
    assert answer.status_code == 404
