"""Black Vienna's refusals of a player count and of a given deal in German and Japanese
(issue #35); English word for word as before."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sleuth.core import ConfigError, make_game
from sleuth.games.black_vienna.rules import BlackVienna
from support.said_errors import refusals


def vienna(players: int = 4, **options: object) -> BlackVienna:
    made = make_game("black-vienna", players, **options)
    assert isinstance(made, BlackVienna)
    return made


HANDS = ("ACDEFG", "HIJKNO", "PQRSTU", "VWXYZÖ")
RING = "BLM"
STACKS = (
    ("AOR", "BHV", "CDE", "FGI", "JKL", "MNP", "QST", "UWX", "YZÖ", "AKÖ", "LOY", "JRZ"),
    ("ABC", "DHO", "ERV", "FJM", "GKN", "ILP", "QUY", "SWZ", "TXÖ", "BNT", "HPQ", "MSV"),
    ("AFQ", "GOS", "IRT", "BJU", "HKW", "LVX", "CMY", "DNZ", "EPÖ", "CGX", "DIU", "EFW"),
)
# Each a deal a scenario or the table assistant may give wrong.
CALLS: list[Callable[[], object]] = [
    lambda: vienna(7),
    lambda: vienna().from_deal(HANDS, "B1M", STACKS),
    lambda: vienna().from_deal(HANDS[:3], RING, STACKS),
    lambda: vienna().from_deal(("ACDEF", *HANDS[1:]), RING, STACKS),
    lambda: vienna().from_deal(HANDS, "BLA", STACKS),
    lambda: vienna().from_deal(HANDS, RING, STACKS[:2]),
]

SAID = {
    "en": [
        "players: Black Vienna takes 3-6 players, not 7",
        "ring: unknown letter(s) '1' in 'B1M' (A-Z and Ö)",
        "hands: 4 hands needed, got 3",
        "hands[0]: 5 cards, but seat 0 holds 6",
        "hands and ring must hold each of the 27 persons exactly once",
        "stacks: 3 stacks holding the whole deck once",
    ],
    "de": [
        "players: Black Vienna hat 3–6 Spielende, nicht 7",
        "ring: unbekannte(r) Buchstabe(n) '1' in 'B1M' (A-Z und Ö)",
        "hands: 4 Hände nötig, angegeben sind 3",
        "hands[0]: 5 Karten, aber Platz 0 hält 6",
        "hands und ring müssen jede der 27 Personen genau einmal enthalten",
        "stacks: 3 Stapel, die den ganzen Kartensatz genau einmal enthalten",
    ],
    "ja": [
        "players：Black Viennaは3〜6人用です（7人ではありません）",
        "ring：'B1M'に不明な文字'1'があります（A-ZとÖ）",
        "hands：手札が4組必要です（指定は3組）",
        "hands[0]：5枚ですが、席0の手札は6枚です",
        "handsとringには27人をそれぞれちょうど1回ずつ入れてください",
        "stacks：カードセット全体をちょうど1回ずつ含む3つの山です",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_refused_option_or_deal_is_said_in_the_language(language: str) -> None:
    assert refusals(lambda make: make(), CALLS, ConfigError, language) == SAID[language]
