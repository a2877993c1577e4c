"""Black Stories Investigation's table text and history say the cases in the page's words in
German and Japanese (issue #35), as the sheet does; the cards on the grid and in the hand stay
as typed. English word for word as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sleuth.core import make_game
from sleuth.core.events import Event
from sleuth.games.black_stories import events as ev
from sleuth.games.black_stories.words import event_words, table_text

EVENTS: list[Event] = [
    ev.Solved(seat=1, target=0, case="man+day+inside+knife", drops=2, bonus=0, points=3, short=0),
    ev.Failed(seat=0, target=2, drops=1, guess="woman/night/outside/gun"),
    ev.FailedGuess(seat=0, target=2, guess="woman/night/outside/gun"),
    ev.CaseDrawn(seat=0, case="woman+night+outside+gun"),
    ev.Over(cases=("man+day+inside+knife", None, "woman+night+outside+gun")),
]
SAID = {
    "en": {
        "case": "Your case: woman+night+outside+gun",
        "hand": "Your hand: woman+night+inside+gun, man+inside+gun, man+night+inside+gun",
        "events": [
            "seat 1 tried your case: man/day/inside/knife with the 2-drop card: solved! +3 "
            "(2 for the drops, 0 for the few cards)",
            "you tried seat 2's case: woman/night/outside/gun with the 1-drop card: wrong",
            "your guess was woman/night/outside/gun (only you and seat 2 see it)",
            "your new case: woman+night+outside+gun",
            "the game is over; the last cases: you man+day+inside+knife, seat 1 -, "
            "seat 2 woman+night+outside+gun",
        ],
    },
    "de": {
        "case": "Dein Fall: Frau/Nacht/draußen/Pistole",
        "hand": "Deine Hand: woman+night+inside+gun, man+inside+gun, man+night+inside+gun",
        "events": [
            "Platz 1 hat versucht, deinen Fall zu lösen: Mann/Tag/drinnen/Messer mit der "
            "2-Blutstropfen-Karte: gelöst! +3 (2 für die Blutstropfen, 0 für die wenigen Karten)",
            "du hast versucht, den Fall von Platz 2 zu lösen: Frau/Nacht/draußen/Pistole mit der "
            "1-Blutstropfen-Karte: falsch",
            "dein Tipp war Frau/Nacht/draußen/Pistole (nur du und Platz 2 seht ihn)",
            "dein neuer Fall: Frau/Nacht/draußen/Pistole",
            "die Partie ist vorbei; die letzten Fälle: du Mann/Tag/drinnen/Messer, Platz 1 -, "
            "Platz 2 Frau/Nacht/draußen/Pistole",
        ],
    },
    "ja": {
        "case": "あなたの事件：女性/夜/屋外/銃",
        "hand": "あなたの手札：woman+night+inside+gun, man+inside+gun, man+night+inside+gun",
        "events": [
            "席1があなたの事件の解決を試みました：男性/昼/屋内/ナイフ、血痕2のカード："
            "解決！+3（血痕で2、少ないカードで0）",
            "あなたが席2の事件の解決を試みました：女性/夜/屋外/銃、血痕1のカード：不正解",
            "あなたの推理は女性/夜/屋外/銃（あなたと席2だけが見られます）",
            "あなたの新しい事件：女性/夜/屋外/銃",
            "ゲーム終了。最後の事件：あなた 男性/昼/屋内/ナイフ, 席1 -, 席2 女性/夜/屋外/銃",
        ],
    },
}


def _play(steps: int) -> Any:
    game = make_game("black-stories-investigation", 3)
    state: Any = game.new(5)
    rng = random.Random(1)
    for _ in range(steps):
        seat = next(s for s in range(3) if state.legal_actions(s))
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    return state


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_cases_are_said_in_the_language(language: str) -> None:
    said = SAID[language]
    lines = table_text(_play(7).view(0), language).splitlines()
    assert lines[1:3] == [said["case"], said["hand"]]
    assert [event_words(event, 0, language) for event in EVENTS] == said["events"]
