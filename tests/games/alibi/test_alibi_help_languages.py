"""Alibi's help page (F1) in the terminal app in German and Japanese (issue #35): after the game's
rules guide, the notation: what is typed stays as typed, what it does is said in the language.
English word for word as before."""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from support.help_pages import check_english, check_notation

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
        "  play long（手掛かりを出す）、alibi S03（アリバイ）、bribe 2 male（買収）、\n"
        "  goodeye（観察眼）、exchange long+bag（手札を交換）、\n"
        "  swap knife（山札と1枚取り替え）、\n"
        "  convict S03（そろった容疑者を選ぶ・名乗り出る）、pass（パス）"
    ),
}


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_help_says_the_notation_in_the_language(language: str) -> None:
    check_notation("alibi", language, ENGLISH, NOTATION[language])


def test_english_stays_as_it_was() -> None:
    check_english("alibi", ENGLISH)
