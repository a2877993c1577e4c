"""Alibi's refusals of its rule options (the suspects, the clues, the counts, the threshold)
and of a given deal in German and Japanese (issue #35): the terminal and the lobby say them
in the person's language; English word for word as before, but the alibis' bound."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sleuth.core import ConfigError, make_game
from sleuth.games.alibi.components import DEFAULT_SUSPECTS
from sleuth.games.alibi.rules import Alibi
from support.said_errors import refusals


def alibi(players: int = 2, **options: object) -> Alibi:
    made = make_game("alibi", players, **options)
    assert isinstance(made, Alibi)
    return made


FEW = {"alibis": 0, "bribes": 0, "good_eyes": 0}
DISPLAY = ("S01", "S02", "S03", "S04")
REST = tuple(f"S{n:02}" for n in range(5, 13))
# Each a rule option a person may type wrong, then a deal a scenario may give wrong.
CALLS: list[Callable[[], object]] = [
    lambda: alibi(suspects=["S01"]),
    lambda: alibi(suspects=["S01=female+cat"]),
    lambda: alibi(suspects=["S01=female+female+thin+long+bag"]),
    lambda: alibi(suspects=["S01=female+thin"]),
    lambda: alibi(suspects=[DEFAULT_SUSPECTS[0]] * 5),
    lambda: alibi(suspects=DEFAULT_SUSPECTS[:4]),
    lambda: alibi(clues=["male"]),
    lambda: alibi(clues=["male=21"]),
    lambda: alibi(clues=["male=1", "male=2"]),
    lambda: alibi(clues=["male=2"], **FEW),
    lambda: alibi(alibis=4),
    lambda: alibi(bribes=-1),
    lambda: alibi(threshold=7),
    lambda: alibi(9),
    lambda: alibi().from_deal(DISPLAY[:3], REST, [[], []], []),
    lambda: alibi().from_deal(DISPLAY, REST, [[]], []),
    lambda: alibi().from_deal(DISPLAY, REST, [["male"] * 5, []], []),
    lambda: alibi().from_deal(DISPLAY, REST, [[], []], ["cat"]),
    lambda: alibi().from_deal(DISPLAY, REST, [[], []], [], start=2),
]

SAID = {
    "en": [
        "suspects[0]: expected ID=value+value+..., not 'S01'",
        "suspects[0]: unknown clue value(s) cat",
        "suspects[0]: a value appears twice in 'S01=female+female+thin+long+bag'",
        "suspects[0]: 2 values, fewer than threshold 5",
        "suspects: a suspect id appears twice",
        "suspects: more than 4 suspects needed, got 4",
        "clues[0]: expected value=count with a known value, not 'male'",
        "clues[0]: at most 20 cards of male",
        "clues[1]: value male listed twice",
        "clues: 2 cards cannot deal 4 to 2 players and leave a draw pile",
        "alibis: fewer than the 4 suspects on display, not 4",
        "bribes: must not be negative",
        "threshold: 1-5, not 7",
        "players: Alibi takes 2-5 players, not 9",
        "display: 4 suspects, and with the pile all of them once",
        "hands: 2 hands needed, got 1",
        "hands[0]: at most 4 known cards",
        "pile: unknown card",
        "start: 2 is not a seat",
    ],
    "de": [
        "suspects[0]: erwartet wird ID=Wert+Wert+... (ID=value+value+...), nicht 'S01'",
        "suspects[0]: unbekannte(r) Indizwert(e) cat",
        "suspects[0]: ein Wert kommt in 'S01=female+female+thin+long+bag' doppelt vor",
        "suspects[0]: 2 Werte, weniger als die Schwelle 5",
        "suspects: die Kennung eines Verdächtigen kommt doppelt vor",
        "suspects: mehr als 4 Verdächtige nötig, angegeben sind 4",
        "clues[0]: erwartet wird Wert=Anzahl (value=count) mit einem bekannten Wert, nicht 'male'",
        "clues[0]: höchstens 20 Karten mit male",
        "clues[1]: der Wert male steht zweimal da",
        "clues: 2 Karten reichen nicht, um 2 Spielenden je 4 zu geben und einen "
        "Nachziehstapel übrig zu lassen",
        "alibis: weniger als die 4 ausliegenden Verdächtigen, nicht 4",
        "bribes: darf nicht negativ sein",
        "threshold: 1–5, nicht 7",
        "players: Alibi hat 2–5 Spielende, nicht 9",
        "display: 4 Verdächtige, und mit dem Stapel alle genau einmal",
        "hands: 2 Hände nötig, angegeben sind 1",
        "hands[0]: höchstens 4 bekannte Karten",
        "pile: unbekannte Karte",
        "start: 2 ist kein Platz",
    ],
    "ja": [
        "suspects[0]：ID=値+値+...（ID=value+value+...）の形にしてください（'S01'ではありません）",
        "suspects[0]：不明な手掛かりの値があります：cat",
        "suspects[0]：'S01=female+female+thin+long+bag'に同じ値が2回あります",
        "suspects[0]：値が2個で、しきい値5より少ないです",
        "suspects：同じ容疑者IDが2回あります",
        "suspects：容疑者は4人より多く必要です（指定は4人）",
        "clues[0]：既知の値で 値=枚数（value=count）の形にしてください（'male'ではありません）",
        "clues[0]：maleのカードは20枚までです",
        "clues[1]：値maleが2回あります",
        "clues：2枚では2人に4枚ずつ配って山札を残すことができません",
        "alibis：場の容疑者4人より少なくします（4ではありません）",
        "bribes：負の数にはできません",
        "threshold：1〜5です（7ではありません）",
        "players：Alibiは2〜5人用です（9人ではありません）",
        "display：容疑者4人で、山と合わせて全員をちょうど1回ずつです",
        "hands：手札が2組必要です（指定は1組）",
        "hands[0]：既知のカードは4枚までです",
        "pile：不明なカードです",
        "start：2は席ではありません",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_refused_option_or_deal_is_said_in_the_language(language: str) -> None:
    assert refusals(lambda make: make(), CALLS, ConfigError, language) == SAID[language]
