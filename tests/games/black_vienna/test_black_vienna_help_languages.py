"""Black Vienna's help page (F1) in the terminal app in German and Japanese (issue #35): after the
game's rules guide, the notation: what is typed stays as typed, what it does is said in the
language. English word for word as before."""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from support.help_pages import check_english, check_notation

ENGLISH = (
    "Notation\n"
    "  ask 2 AOR        put the face-up card AOR in front of seat 2\n"
    "  ask 2 AOR+BHV    a special investigation: a face-up card and a 0-marker card\n"
    '  accuse BLM       "Black Vienna!" with three letters (any order)\n'
    "  guess BLM, pass  after someone else's correct accusation"
)
NOTATION = {
    "de": (
        "Notation (so tippst du deine Züge)\n"
        "  ask 2 AOR        die offene Karte AOR vor Platz 2 legen\n"
        "  ask 2 AOR+BHV    Sonderermittlung: eine offene Karte und eine Karte ohne Steine\n"
        "  accuse BLM       „Black Vienna!“ mit drei Buchstaben (Reihenfolge egal)\n"
        "  guess BLM, pass  nach der richtigen Anklage eines anderen: Tipp abgeben, passen"
    ),
    "ja": (
        "記法（手の入力のしかた）\n"
        "  ask 2 AOR        表向きのカードAORを席2の前に置く\n"
        "  ask 2 AOR+BHV    特別捜査：表向きのカード1枚と0マーカーのカード1枚\n"
        "  accuse BLM       3文字で「ブラック・ウィーン！」と告発する（順不同）\n"
        "  guess BLM, pass  ほかの人が正しく告発したあと：封をした推理を出す／パス"
    ),
}


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_help_says_the_notation_in_the_language(language: str) -> None:
    check_notation("black-vienna", language, ENGLISH, NOTATION[language])


def test_english_stays_as_it_was() -> None:
    check_english("black-vienna", ENGLISH)
