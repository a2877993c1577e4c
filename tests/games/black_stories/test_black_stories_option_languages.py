"""Black Stories Investigation's refusals of a typed deck, the point chips and a given deal in
German and Japanese (issue #35), and of a typed move's evidence: the terminal and the lobby
say them in the person's language; English word for word as before."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sleuth.core import ConfigError, InvalidActionError, make_game
from sleuth.games.black_stories.components import ALL_CASES
from sleuth.games.black_stories.notation import parse_action
from sleuth.games.black_stories.rules import BlackStoriesInvestigation
from support.said_errors import refusals


def bsi(players: int = 2, **options: object) -> BlackStoriesInvestigation:
    made = make_game("bsi", players, **options)
    assert isinstance(made, BlackStoriesInvestigation)
    return made


CASES = ["man+day+inside+knife", "woman+night+outside+gun"]
HANDS = [["woman+knife"], ["man+gun"]]
# Each a rule option a person may type wrong, then a deal a scenario may give wrong.
CALLS: list[Callable[[], object]] = [
    lambda: bsi(deck=["woman++knife"]),
    lambda: bsi(deck=["woman+cat"]),
    lambda: bsi(deck=["woman+man"]),
    lambda: bsi(deck=["woman+knife", "knife/woman"]),
    lambda: bsi(deck=["woman+knife", "man+gun"]),
    lambda: bsi(deck=ALL_CASES[:7]),
    lambda: bsi(point_chips=-1),
    lambda: bsi(7),
    lambda: bsi().from_deal(["man+day"], HANDS, []),
    lambda: bsi().from_deal(CASES[:1], HANDS[:1], []),
    lambda: bsi().from_deal(CASES, [["woman+knife", "man+gun", "day+inside", "woman"], []], []),
    lambda: bsi().from_deal(CASES, [["woman+knife"], ["woman+knife"]], []),
    lambda: bsi().from_deal(CASES, HANDS, [], start=2),
]
# A typed move's evidence and numbers, refused in the words of the deck's.
MOVES = [
    "play woman+cat to 1",
    "play woman to x",
    "solve 1 woman/day with 3",
    "solve 1 woman/day/inside/knife with y",
]

SAID = {
    "en": [
        "deck[0]: 'woman++knife' is not evidence like 'woman+knife'",
        "deck[0]: unknown evidence 'cat' in 'woman+cat' (evidence: man, woman, day, "
        "night, inside, outside, knife, gun)",
        "deck[0]: 'woman+man' names one attribute twice",
        "deck: a card appears twice",
        "deck: 0 four-evidence cards cannot give 2 players a case",
        "deck: 7 cards cannot give 2 players a case and 3 cards each",
        "point_chips: -1 is negative",
        "players: Black Stories Investigation takes 2-4 players, not 7",
        "cases[0]: 'man+day' has 2 pieces of evidence, not 4",
        "cases, hands: 2 of each needed",
        "hands: at most 3 cards each",
        "cases, hands, draw: cards of the deck, each at most once",
        "start: 2 is not a seat",
    ],
    "de": [
        "deck[0]: 'woman++knife' sind keine Beweise wie 'woman+knife'",
        "deck[0]: unbekannte Beweise 'cat' in 'woman+cat' (Beweise: man, woman, day, "
        "night, inside, outside, knife, gun)",
        "deck[0]: 'woman+man' nennt ein Merkmal zweimal",
        "deck: eine Karte kommt doppelt vor",
        "deck: 0 Karten mit vier Beweisen reichen nicht, um 2 Spielenden je einen Fall zu geben",
        "deck: 7 Karten reichen nicht, um 2 Spielenden je einen Fall und 3 Karten zu geben",
        "point_chips: -1 ist negativ",
        "players: Black Stories Investigation hat 2–4 Spielende, nicht 7",
        "cases[0]: 'man+day' hat 2 Beweise, nicht 4",
        "cases, hands: je 2 nötig",
        "hands: höchstens 3 Karten je Hand",
        "cases, hands, draw: Karten des Kartensatzes, jede höchstens einmal",
        "start: 2 ist kein Platz",
    ],
    "ja": [
        "deck[0]：'woman++knife'は'woman+knife'のような証拠ではありません",
        "deck[0]：'woman+cat'に不明な証拠'cat'があります（証拠：man, woman, day, "
        "night, inside, outside, knife, gun）",
        "deck[0]：'woman+man'は同じ種類の証拠を2回指定しています",
        "deck：同じカードが2回あります",
        "deck：証拠4個のカード0枚では2人に事件を配れません",
        "deck：7枚では2人に事件1枚と3枚ずつを配れません",
        "point_chips：-1は負の数です",
        "players：Black Stories Investigationは2〜4人用です（7人ではありません）",
        "cases[0]：'man+day'の証拠は2個です（4個が必要）",
        "cases、hands：それぞれ2個必要です",
        "hands：手札はそれぞれ3枚までです",
        "cases、hands、draw：カードセットのカードを、それぞれ1回までです",
        "start：2は席ではありません",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_refused_option_or_deal_is_said_in_the_language(language: str) -> None:
    assert refusals(lambda make: make(), CALLS, ConfigError, language) == SAID[language]


MOVES_SAID = {
    "en": [
        "'play woman+cat to 1': card: unknown evidence 'cat' in 'woman+cat' (evidence: man, "
        "woman, day, night, inside, outside, knife, gun)",
        "'play woman to x': target 'x' is not a number",
        "'solve 1 woman/day with 3': guess: 'woman/day' has 2 pieces of evidence, not 4",
        "'solve 1 woman/day/inside/knife with y': drops 'y' is not a number",
    ],
    "de": [
        "'play woman+cat to 1': card: unbekannte Beweise 'cat' in 'woman+cat' (Beweise: man, "
        "woman, day, night, inside, outside, knife, gun)",
        "'play woman to x': Ziel 'x' ist keine Zahl",
        "'solve 1 woman/day with 3': guess: 'woman/day' hat 2 Beweise, nicht 4",
        "'solve 1 woman/day/inside/knife with y': Blutstropfen 'y' ist keine Zahl",
    ],
    "ja": [
        "'play woman+cat to 1'：card：'woman+cat'に不明な証拠'cat'があります（証拠：man, "
        "woman, day, night, inside, outside, knife, gun）",
        "'play woman to x'：対象'x'は数ではありません",
        "'solve 1 woman/day with 3'：guess：'woman/day'の証拠は2個です（4個が必要）",
        "'solve 1 woman/day/inside/knife with y'：血痕'y'は数ではありません",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_typed_moves_evidence_is_refused_in_the_language(language: str) -> None:
    assert refusals(parse_action, MOVES, InvalidActionError, language) == MOVES_SAID[language]
