"""Tiny Deduction's refusals of a typed move in the player's language (issue #35): the
notation's and the rules' reasons are words with values from the catalogues, so the page
says them in German or Japanese; in English they read as before."""

from __future__ import annotations

import pytest
from tiny_deduction import TinyDeduction, TinyState

from sleuth.core import ConfigError, GameError
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
        "席0は「ask 0 CD」を指せません：自分自身には質問できません",
        "席0は「ask 5 CD」を指せません：席5はありません",
        "席0は「ask 1 CD」を指せません：席0は1回の質問をすべて使ったので、告発しなければなりません",
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
