"""Black Vienna's assistant says why an answer cannot be true, with the person's own hand,
in German and Japanese (issue #35); the entries as typed, English word for word as before."""

from __future__ import annotations

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.core.said import error_in
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA

SETUP = {"players": 4, "seat": 1, "hand": "AFKPTX"}
LINES = ["1 AFK 2", "0 AFG 3", "0 AFK 1"]
REASONS = {
    "en": [
        "you hold 3 of AFK, not 2",
        "A and F are in your hand, so seat 0 has at most 1 of AFG",
        "A and F and K are in your hand, so seat 0 has at most 0 of AFK",
    ],
    "de": [
        "du hast 3 von AFK auf der Hand, nicht 2",
        "A und F sind auf deiner Hand, also hat Platz 0 höchstens 1 von AFG",
        "A und F und K sind auf deiner Hand, also hat Platz 0 höchstens 0 von AFK",
    ],
    "ja": [
        "あなたの手札にあるAFKの容疑者カードは3枚で、2枚ではありません",
        "AとFはあなたの手札にあるので、席0が持つAFGの容疑者カードは多くても1枚です",
        "AとFとKはあなたの手札にあるので、席0が持つAFKの容疑者カードは多くても0枚です",
    ],
}
REFUSED = {
    "en": "#1 ({line}): {reason}. A miscount or a typo? Fix it, or add ! at the end to take it "
    "anyway ({line} !)",
    "de": "#1 ({line}): {reason}. Verzählt oder vertippt? Berichtige den Eintrag oder häng ! an, "
    "um ihn trotzdem zu übernehmen ({line} !)",
    "ja": "#1（{line}）：{reason}。数え間違いか打ち間違いでは？ 直すか、それでも入力するなら"
    "末尾に ! を付けてください（{line} !）",
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_an_impossible_answer_is_refused_with_its_reason_in_the_language(language: str) -> None:
    for line, reason in zip(LINES, REASONS[language], strict=True):
        notebook = Notebook.start("black-vienna", BLACK_VIENNA, SETUP)
        notebook.speak(language)
        with pytest.raises(EntryError) as refused:
            notebook.enter(line)
        assert error_in(refused.value, language) == REFUSED[language].format(
            line=line, reason=reason
        )
        if language == "en":
            assert str(refused.value) == REFUSED["en"].format(line=line, reason=reason)
