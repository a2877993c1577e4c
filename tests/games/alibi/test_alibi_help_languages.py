"""Alibi's help page (F1) in the terminal app in German and Japanese (issue #35): after the game's
rules guide, the notation: what is typed stays as typed, what it does is said in the language.
English word for word as before."""

from __future__ import annotations

import pytest

from sleuth.core import make_game
from sleuth.games.alibi.render import render_in

pytest.importorskip("textual")

from sleuth.tui.words import help_text

ENGLISH = (
    "Notation\n"
    "  play long, alibi S03, bribe 2 male, goodeye, exchange long+bag, swap knife,\n"
    "  convict S03 (choose or claim a completed suspect), pass"
)
NOTATION = {
    "de": (
        "Notation (so tippst du deine Züge; Karten mit ihren englischen Namen)\n"
        "  play long (Indiz auslegen), alibi S03 (Alibi), bribe 2 male (Bestechung),\n"
        "  goodeye (Gutes Auge), exchange long+bag (Karten tauschen), swap knife (eine Karte\n"
        "  mit dem Stapel tauschen), convict S03 (vollständigen Verdächtigen wählen oder\n"
        "  beanspruchen), pass (passen)"
    ),
    "ja": (
        "記法（手の入力のしかた。カードは英語名で入力）\n"
        "  play long（手がかりを出す）、alibi S03（アリバイ）、bribe 2 male（買収）、\n"
        "  goodeye（鋭い目）、exchange long+bag（手札を交換）、\n"
        "  swap knife（山札と1枚取り替え）、\n"
        "  convict S03（そろった容疑者を選ぶ・名乗り出る）、pass（パス）"
    ),
}


def parts(language: str) -> list[str]:
    return help_text(make_game("alibi", 3), render_in(language), language).split("\n\n")


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_help_says_the_notation_in_the_language(language: str) -> None:
    said = parts(language)
    assert NOTATION[language] in said
    assert not any(ENGLISH in part for part in said)


def test_english_stays_as_it_was() -> None:
    said = "\n\n".join(parts("en"))
    assert said.count(ENGLISH) == 1
