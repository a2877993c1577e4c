"""Black Stories Investigation's help page (F1) in the terminal app in German and Japanese (issue
#35): after the game's rules guide, the notation: what is typed stays as typed, what it does is
said in the language. English word for word as before."""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from support.help_pages import check_english, check_notation

ENGLISH = (
    "Notation\n"
    "  play woman+knife to 2               a case card in front of seat 2\n"
    "  solve 2 woman/day/inside/knife with 3   a solve attempt with the 3-drop card\n"
    "  draw                                end the turn"
)
NOTATION = {
    "de": (
        "Notation (so tippst du deine Züge)\n"
        "  play woman+knife to 2               eine Fallkarte vor Platz 2 legen\n"
        "  solve 2 woman/day/inside/knife with 3   Lösungsversuch mit 3 Blutstropfen\n"
        "  draw                                den Zug beenden"
    ),
    "ja": (
        "記法（手の入力のしかた）\n"
        "  play woman+knife to 2               事件カードを席2の前に出す\n"
        "  solve 2 woman/day/inside/knife with 3   血痕3つのカードで解決を試みる\n"
        "  draw                                手番を終える"
    ),
}


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_help_says_the_notation_in_the_language(language: str) -> None:
    check_notation("black-stories-investigation", language, ENGLISH, NOTATION[language])


def test_english_stays_as_it_was() -> None:
    check_english("black-stories-investigation", ENGLISH)
