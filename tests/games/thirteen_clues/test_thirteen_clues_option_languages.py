"""13 Clues' refusals of its glasses, Top Secret and stall options and of a given deal in German
and Japanese (issue #35): the terminal and the lobby say them in the person's language;
English word for word as before."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sleuth.core import ConfigError, make_game
from sleuth.games.thirteen_clues.rules import ThirteenClues
from support.said_errors import refusals


def clues13(players: int = 3, **options: object) -> ThirteenClues:
    made = make_game("13-clues", players, **options)
    assert isinstance(made, ThirteenClues)
    return made


HANDS = [
    ["Officer", "Parlor", "Knife", "Duke", "Market"],
    ["Butcher", "Library", "Poison", "Countess", "Park"],
    ["Nurse", "Museum", "Blowgun", "Maid", "Harbor"],
]
INFORMANTS = ["Crossbow", "Sword", "Rifle", "Dancer", "Theater", "Gun"]
CHOSEN = [
    ["Officer", "Parlor", "Knife"],
    ["Countess", "Library", "Poison"],
    ["Maid", "Museum", "Blowgun"],
]
ODD_HAND = [HANDS[0][:4], *HANDS[1:]]
# Each a rule option a person may type wrong, then a deal a scenario may give wrong.
CALLS: list[Callable[[], object]] = [
    lambda: clues13(glasses=2),
    lambda: clues13(2, top_secret=True),
    lambda: clues13(stall_rounds=-1),
    lambda: clues13(7),
    lambda: clues13().from_deal(HANDS[:2], INFORMANTS),
    lambda: clues13().from_deal(HANDS, [*INFORMANTS[:-1], "Nobody"]),
    lambda: clues13().from_deal(ODD_HAND, INFORMANTS),
    lambda: clues13().from_deal(HANDS, [*INFORMANTS[:-1], "Officer"]),
    lambda: clues13().from_deal(HANDS, INFORMANTS, start=3),
    lambda: clues13().from_deal(HANDS, INFORMANTS, sides=[[], [], []]),
    lambda: clues13(mystery_choice="random").from_deal(HANDS, INFORMANTS),
    lambda: clues13().from_deal(HANDS, INFORMANTS, chosen=CHOSEN[:2]),
    lambda: clues13().from_deal(HANDS, INFORMANTS, chosen=[CHOSEN[1], *CHOSEN[1:]]),
    lambda: clues13().from_deal(HANDS, INFORMANTS, chosen=CHOSEN, sides=[[], []]),
    lambda: clues13().from_deal(HANDS, INFORMANTS, chosen=CHOSEN, sides=[["Duke"], [], []]),
]

SAID = {
    "en": [
        "glasses: 2 tokens, but 3 players need 3-99 (one each at the start)",
        "top_secret: the Top Secret variant is for 3-6 players (§4.6)",
        "stall_rounds: -1 is negative",
        "players: 13 Clues takes 2-6 players, not 7",
        "hands: 3 hands needed, got 2",
        "informants: 'Nobody' is not a card in play",
        "hands[0]: five cards with one of each type at least",
        "hands and informants must hold each card in play exactly once",
        "start: 3 is not a seat",
        "sides: the hidden cards lie only once the mysteries are chosen",
        "chosen: mysteries are needed with mystery_choice=random",
        "chosen: 3 mysteries needed, got 2",
        "chosen[0]: one card of each type from hands[0]",
        "sides: 3 pairs needed, got 2",
        "sides[0]: the two cards seat 0 keeps",
    ],
    "de": [
        "glasses: 2 Lupen, aber 3 Spielende brauchen 3–99 (zu Beginn eine für jede Person)",
        "top_secret: die Variante „Streng geheim“ ist für 3–6 Spielende (§4.6)",
        "stall_rounds: -1 ist negativ",
        "players: 13 Clues hat 2–6 Spielende, nicht 7",
        "hands: 3 Hände nötig, angegeben sind 2",
        "informants: 'Nobody' ist keine Karte im Spiel",
        "hands[0]: fünf Karten mit mindestens einer jeder Art",
        "hands und informants müssen jede Karte im Spiel genau einmal enthalten",
        "start: 3 ist kein Platz",
        "sides: die verdeckten Karten liegen erst, wenn die Rätsel gewählt sind",
        "chosen: mit mystery_choice=random sind die Rätsel nötig",
        "chosen: 3 Rätsel nötig, angegeben sind 2",
        "chosen[0]: eine Karte jeder Art aus hands[0]",
        "sides: 3 Paare nötig, angegeben sind 2",
        "sides[0]: die zwei Karten, die Platz 0 behält",
    ],
    "ja": [
        "glasses：虫眼鏡が2個ですが、3人では3〜99個必要です（最初に1人1個）",
        "top_secret：トップシークレット・バリアントは3〜6人用です（§4.6）",
        "stall_rounds：-1は負の数です",
        "players：13 Cluesは2〜6人用です（7人ではありません）",
        "hands：手札が3組必要です（指定は2組）",
        "informants：'Nobody'はこのゲームで使うカードではありません",
        "hands[0]：5枚で、どの種類も1枚以上です",
        "handsとinformantsには、このゲームで使うカードをそれぞれちょうど1回ずつ入れてください",
        "start：3は席ではありません",
        "sides：伏せたカードが置かれるのは解答が選ばれてからです",
        "chosen：mystery_choice=random では解答が必要です",
        "chosen：解答が3個必要です（指定は2個）",
        "chosen[0]：hands[0]から種類ごとに1枚ずつです",
        "sides：3組必要です（指定は2組）",
        "sides[0]：席0が手元に残す2枚です",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_refused_option_or_deal_is_said_in_the_language(language: str) -> None:
    assert refusals(lambda make: make(), CALLS, ConfigError, language) == SAID[language]
