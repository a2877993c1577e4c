"""Tiny Deduction's words in the player's language (issue #35): its refusals of a typed
move (the notation's and the rules' reasons are words with values), its history lines and
its sheet's place, all from the game's own catalogue (``catalogue.py``), so the page says
them in German or Japanese; in English they read as before."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from tiny_deduction import TinyDeduction, TinyState
from tiny_deduction.catalogue import LOCALE
from tiny_deduction.events import Accused, Answered
from tiny_deduction.kit import KIT

from sleuth.core import ConfigError, GameError, find_kit
from sleuth.core.kit import RENDER, Move, TextRender
from sleuth.core.said import said_in
from sleuth.i18n import catalogue_at, page_catalogue
from sleuth.server.app import create_app
from sleuth.server.settings import Settings
from support.said_errors import refusals

GAME = TinyDeduction.configure(3, questions=1)
# Seat 0 holds AB and is to move, with one question to ask (FRESH) or none left (SPENT).
FRESH = TinyState(GAME, ("AB", "CD", "EF"), "G", "", asked=(0, 0, 0))
SPENT = TinyState(GAME, ("AB", "CD", "EF"), "G", "", asked=(1, 0, 0))
TYPED = ["ask 1 AZ", "ask one AB", "ask 2", "ask 1 AA", "accuse AB"]
MOVES = [(FRESH, "ask 0 CD"), (FRESH, "ask 5 CD"), (SPENT, "ask 1 CD")]
SAID = {
    "en": [
        "'ask 1 AZ': 'Z' is no suspect (suspects: ABCDEFG)",
        "'ask one AB': 'one' is not a seat number",
        "'ask 2' is not an action (try 'ask 1 AB' or 'accuse C')",
        "'ask 1 AA': a question names two different suspects",
        "'accuse AB': name one suspect",
        "seat 0 cannot ask 0 CD: a player does not ask himself",
        "seat 0 cannot ask 5 CD: there is no seat 5",
        "seat 0 cannot ask 1 CD: seat 0 has asked all 1 questions and must accuse",
    ],
    "de": [
        "'ask 1 AZ': 'Z' ist kein Verdächtiger (Verdächtige: ABCDEFG)",
        "'ask one AB': 'one' ist keine Platznummer",
        "'ask 2' ist kein Zug (zum Beispiel 'ask 1 AB' oder 'accuse C')",
        "'ask 1 AA': eine Frage nennt zwei verschiedene Verdächtige",
        "'accuse AB': nenne einen Verdächtigen",
        "Platz 0 kann nicht „ask 0 CD“ spielen: niemand befragt sich selbst",
        "Platz 0 kann nicht „ask 5 CD“ spielen: es gibt keinen Platz 5",
        "Platz 0 kann nicht „ask 1 CD“ spielen: Platz 0 hat alle 1 Fragen gestellt und muss "
        "anklagen",
    ],
    "ja": [
        "'ask 1 AZ'：'Z' は容疑者ではありません（容疑者：ABCDEFG）",
        "'ask one AB'：'one' は席番号ではありません",
        "'ask 2'は指し手ではありません（例：'ask 1 AB'、'accuse C'）",
        "'ask 1 AA'：質問では異なる2人の容疑者を指定します",
        "'accuse AB'：容疑者を1人指定してください",
        "席0には「ask 0 CD」はできません：自分自身には質問できません",
        "席0には「ask 5 CD」はできません：席5はありません",
        "席0には「ask 1 CD」はできません："
        "席0は1回の質問をすべて使ったので、告発しなければなりません",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_typed_move_is_refused_in_the_language(language: str) -> None:
    def play(move: tuple[TinyState, str]) -> object:
        state, text = move
        return state.apply(0, GAME.parse_action(text))

    said = refusals(GAME.parse_action, TYPED, GameError, language)
    said += refusals(play, MOVES, GameError, language)
    assert said == SAID[language]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "questions: 1-20, not 0"),
        ("de", "questions: 1–20, nicht 0"),
        ("ja", "questions：1〜20です（0ではなく）"),
    ],
)
def test_an_option_out_of_range_is_refused_in_the_language(language: str, words: str) -> None:
    def configure(questions: int) -> object:
        return TinyDeduction.configure(3, questions=questions)

    assert refusals(configure, [0], ConfigError, language) == [words]


# Its history lines (each event's told(), as the page says them, the seats by number here):
# from the game's own catalogue, which Sleuth's does not hold (catalogue.py).
EVENTS = [
    Answered(0, 1, "AB", 2, "count"),
    Answered(1, 2, "CD", 1, "yes-no"),
    Answered(2, 0, "EF", 0, "yes-no"),
    Accused(0, "G", True),
    Accused(1, "A", False),
]
TOLD = {
    "en": [
        "0 asked 1 about AB: 2 of them",
        "1 asked 2 about CD: yes, one or both",
        "2 asked 0 about EF: no, neither",
        "0 accused G: the culprit",
        "1 accused A: innocent",
    ],
    "de": [
        "Frage von 0 an 1 zu AB: 2 davon",
        "Frage von 1 an 2 zu CD: ja, einen oder beide",
        "Frage von 2 an 0 zu EF: nein, keinen von beiden",
        "Anklage von 0 gegen G: der Täter",
        "Anklage von 1 gegen A: unschuldig",
    ],
    "ja": [
        "0が1にABについて質問：2枚",
        "1が2にCDについて質問：はい、片方または両方を持っています",
        "2が0にEFについて質問：いいえ、どちらも持っていません",
        "0がGを告発：犯人です",
        "1がAを告発：無実です",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_history_lines_are_said_in_the_language(language: str) -> None:
    assert [said_in(event.told(), language) for event in EVENTS] == TOLD[language]


# The terminal's history of the same events read by seat 0 (the seats named as the terminal
# names them); in English as it always read.
TERMINAL = {
    "en": [
        "you asked seat 1 about AB: seat 1 holds 2 of them",
        "seat 1 asked seat 2 about CD: yes, seat 2 holds one or both",
        "seat 2 asked you about EF: no, you hold neither",
        "you accused G: G is the culprit",
        "seat 1 accused A: A is innocent",
    ],
    "de": [
        "Frage von Platz 0 (du) an Platz 1 zu AB: 2 davon",
        "Frage von Platz 1 an Platz 2 zu CD: ja, einen oder beide",
        "Frage von Platz 2 an Platz 0 (du) zu EF: nein, keinen von beiden",
        "Anklage von Platz 0 (du) gegen G: der Täter",
        "Anklage von Platz 1 gegen A: unschuldig",
    ],
    "ja": [
        "席0（あなた）が席1にABについて質問：2枚",
        "席1が席2にCDについて質問：はい、片方または両方を持っています",
        "席2が席0（あなた）にEFについて質問：いいえ、どちらも持っていません",
        "席0（あなた）がGを告発：犯人です",
        "席1がAを告発：無実です",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_terminal_history_is_said_in_the_language(language: str) -> None:
    render = find_kit("tiny").part(RENDER, TextRender)
    assert render.speaking is not None
    history = render.speaking(language).history
    assert history is not None
    view = FRESH.view(0)
    lines = [history(view, view, Move(0, "", None, (event,))) for event in EVENTS]
    assert lines == [[line] for line in TERMINAL[language]]


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=create_app(Settings()))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


@pytest.mark.parametrize(("language", "culprit"), [("de", "Täter"), ("ja", "犯人")])
async def test_the_page_at_a_table_of_the_game_has_its_words_from_its_own_catalogue(
    client: httpx.AsyncClient, language: str, culprit: str
) -> None:
    assert KIT.locale == LOCALE and find_kit("tiny").locale == LOCALE
    menu = (await client.get("/api/games")).json()["games"]
    assert [game["catalogue"] for game in menu if game["name"] == KIT.name] == [True]
    answer = await client.get(f"/api/language?lang={language}&game={KIT.name}")
    served = answer.json()["catalogue"]
    # The sheet's place, every history line's template, every refusal's.
    assert served["culprit"] == culprit
    for event, line in zip(EVENTS, TOLD[language], strict=True):
        told = event.told()
        assert str(served[told.template]) % told.values == line
    own = [m.id for m in catalogue_at(LOCALE, language) if m.id]
    assert len(own) == 39 and all(served[msgid] for msgid in own)
    # None of them in Sleuth's catalogue but those it has for words of its own.
    sleuth = page_catalogue(language)
    shared = ["%(name)s (you)", "%(text)s: %(reason)s", "seat %(seat)s"]
    assert sorted(msgid for msgid in own if msgid in sleuth) == shared
    assert (await client.get(f"/api/language?lang={language}")).json()["catalogue"] == sleuth
