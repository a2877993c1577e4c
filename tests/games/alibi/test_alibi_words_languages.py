"""Alibi's history lines in German and Japanese, as the terminal shows them: whole sentences
of the catalogue for the reader's own deed and another seat's, the cards by the page's words
(the printed cards' German names in German)."""

from __future__ import annotations

import pytest

from sleuth.core.events import Event
from sleuth.games.alibi import words as alibi_words
from sleuth.games.alibi.events import Bribed, Convicted, DrewCards, KeptHand, Played

SAID: dict[str, list[tuple[Event, int | None, str]]] = {
    "de": [
        (Played(0, "long"), 0, "Du hast langes Haar ausgelegt"),
        (Played(0, "bag"), 1, "Platz 0 hat Einkaufstüte ausgelegt"),
        (KeptHand(1), 0, "Platz 1 hat die Hand behalten"),
        (
            Bribed(2, 1, "male"),
            1,
            "Platz 2 hat bestochen: Das Indiz männlich von dir wird abgeworfen",
        ),
        (DrewCards(1, ("goodeye", "knife")), 1, "Neue Karten von dir: Gutes Auge, Messer"),
        (
            Convicted(3, "S02", "stall", 0, (2, 0, 1)),
            2,
            "S02 überführt (Stillstand) von Platz 0: Platz 0 +2, du +1",
        ),
    ],
    "ja": [
        (Played(0, "long"), 0, "あなたは長髪を出した"),
        (Played(0, "bag"), 1, "席0が買い物袋を出した"),
        (KeptHand(1), 0, "席1は手札をそのままにした"),
        (Bribed(2, 1, "male"), 1, "席2が買収：あなたの手掛かり「男性」が捨てられた"),
        (DrewCards(1, ("goodeye", "knife")), 1, "あなたの新しいカード：観察眼、ナイフ"),
        (
            Convicted(3, "S02", "stall", 0, (2, 0, 1)),
            2,
            "S02が犯人と確定（膠着、席0による）：席0 +2, あなた +1",
        ),
    ],
}


@pytest.mark.parametrize("language", ["de", "ja"])
def test_history_lines_in_the_readers_language(language: str) -> None:
    for event, reader, line in SAID[language]:
        assert alibi_words.event_words(event, reader, language) == line


def test_english_stays_as_it_was() -> None:
    assert alibi_words.event_words(Played(0, "long"), 1) == "seat 0 played long"
    assert alibi_words.event_words(DrewCards(1, ("goodeye",)), 1, "en") == "your new card: goodeye"
