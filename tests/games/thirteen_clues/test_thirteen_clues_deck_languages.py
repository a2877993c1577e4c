"""13 Clues' refusals of a typed deck in German and Japanese (issue #35): the lobby's answer
carries the template and values the page says in its language; English as before."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from sleuth.core import ConfigError, find_kit
from sleuth.games.thirteen_clues.components import DEFAULT_DECK
from sleuth.server.app import create_app
from sleuth.server.settings import Settings
from support.said_errors import refusals

DECKS = [
    ["red/person/Ann"],
    ["red/animal/Ann/male"],
    ["red/person/Ann/big"],
    ["red/person/Ann Lee/male"],
    ["red/person/Ann/male", "red/person/Bob/female"],
    ["red/person/Ann/male", "blue/person/Ann/female"],
    ["red/person/red/male"],
    ["red/person/Ann/male"],
    list(DEFAULT_DECK[:27]),
]
SAID = {
    "en": [
        "deck[0]: 'red/person/Ann' is not colour/type/name/category",
        "deck[0]: type 'animal' is not one of person, location, weapon",
        "deck[0]: a person is male or female, not 'big'",
        "deck[0]: colour and name must be single words: 'red/person/Ann Lee/male'",
        "deck[1]: a second red person",
        "deck[1]: the name 'Ann' is taken",
        "deck: a colour is also a card name",
        "deck: colour red needs exactly a person, location and weapon",
        "deck: 9 colours, but 6 players need 10",
    ],
    "de": [
        "deck[0]: 'red/person/Ann' ist nicht Farbe/Art/Name/Kategorie (colour/type/name/category)",
        "deck[0]: die Art 'animal' ist keine von person, location, weapon",
        "deck[0]: person hat die Kategorie male oder female, nicht 'big'",
        "deck[0]: Farbe und Name müssen je ein Wort sein: 'red/person/Ann Lee/male'",
        "deck[1]: eine zweite Karte red person",
        "deck[1]: der Name 'Ann' ist schon vergeben",
        "deck: eine Farbe ist zugleich der Name einer Karte",
        "deck: die Farbe red braucht genau eine Person, einen Ort und eine Waffe",
        "deck: 9 Farben, aber 6 Personen brauchen 10",
    ],
    "ja": [
        "deck[0]：'red/person/Ann'は 色/種類/名前/カテゴリ（colour/type/name/category）の形では"
        "ありません",
        "deck[0]：種類'animal'はperson, location, weaponのどれでもありません",
        "deck[0]：personのカテゴリはmaleかfemaleです（'big'ではありません）",
        "deck[0]：色と名前はそれぞれ1語にしてください：'red/person/Ann Lee/male'",
        "deck[1]：redのpersonが2枚目です",
        "deck[1]：名前'Ann'はすでに使われています",
        "deck：ある色がカードの名前にも使われています",
        "deck：色redには人・場所・武器がちょうど1枚ずつ必要です",
        "deck：色が9色ですが、6人では10色必要です",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_typed_deck_is_refused_in_the_language(language: str) -> None:
    game = find_kit("13-clues").game

    def configure(deck: list[str]) -> object:
        return game.configure(3, deck=deck)

    assert refusals(configure, DECKS, ConfigError, language) == SAID[language]


async def test_the_lobby_answers_a_typed_deck_with_its_words(tmp_path: Path) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key")
    app = create_app(settings)
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(
            transport=transport,
            base_url="http://testserver",
            headers={"origin": "http://testserver"},
        ) as ann,
    ):
        assert (await ann.post("/api/people", json={"name": "Ann"})).status_code == 200
        plan = {
            "game": "13-clues",
            "players": 3,
            "seats": [{"kind": "person"}] * 3,
            "options": {"deck": ["red/person/Ann/big"]},
        }
        refused = await ann.post("/api/tables", json=plan)
    assert (refused.status_code, refused.json()) == (
        400,
        {
            "detail": "deck[0]: a person is male or female, not 'big'",
            "template": "deck[%(index)s]: a %(kind)s is %(first)s or %(second)s, not %(category)s",
            "values": {
                "index": 0,
                "kind": "person",
                "first": "male",
                "second": "female",
                "category": "'big'",
            },
        },
    )
