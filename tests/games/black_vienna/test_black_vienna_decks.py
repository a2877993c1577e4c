"""Black Vienna's named decks (REFERENCE.md A1, Appendix A and A2), wherever a deck matters."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from sleuth.assist import Notebook, grammar_of
from sleuth.core import EntryError, find_kit, make_game
from sleuth.games.black_vienna import BlackVienna
from sleuth.games.black_vienna.components import (
    DEFAULT_DECK,
    LETTERS,
    TRANSCRIBED_DECK,
    deck_name,
)
from support.narrow import narrow


def test_the_transcribed_deck_is_a_design_like_the_generated_one() -> None:
    # Appendix A2: every letter on 4 cards, no two cards sharing two letters, BLM and BHV in.
    assert len(TRANSCRIBED_DECK) == 36 and {"BLM", "BHV"} <= set(TRANSCRIBED_DECK)
    assert "AOR" not in TRANSCRIBED_DECK and "AOS" in TRANSCRIBED_DECK
    assert Counter("".join(TRANSCRIBED_DECK)) == dict.fromkeys(LETTERS, 4)
    for i, a in enumerate(TRANSCRIBED_DECK):
        for b in TRANSCRIBED_DECK[i + 1 :]:
            assert len(set(a) & set(b)) <= 1


def test_a_deck_is_named_in_options_and_in_sleuth_games() -> None:
    game = make_game("bv", 4, deck="transcribed")
    assert game.config.deck == TRANSCRIBED_DECK and deck_name(game.config.deck) == "transcribed"
    assert make_game("bv", 4).config.deck == DEFAULT_DECK
    assert deck_name(DEFAULT_DECK) == "generated" and deck_name(DEFAULT_DECK[:33]) == "custom"
    option = next(o for o in find_kit("bv").game.options() if o.name == "deck")
    assert option.default == "generated" and "transcribed" in option.help
    # The game asks with the deck's cards: BLM lies face up in some deal.
    transcribed = narrow(BlackVienna, make_game("bv", 3, deck="transcribed"))
    assert any("BLM" in transcribed.new(s).face_up() for s in range(40))


def test_the_assistant_takes_the_box_on_the_table(tmp_path: Path) -> None:
    grammar = grammar_of(find_kit("bv"))
    setup = {"players": 4, "seat": 1, "hand": "AFKPTX", "deck": "transcribed"}
    notebook = Notebook.start("black-vienna", grammar, setup, tmp_path / "s.json")
    notebook.enter("2 BLM 1")  # a card of the transcribed deck only
    assert "(deck: transcribed)" in notebook.sheet("facts")
    plain = Notebook.start("black-vienna", grammar, {**setup, "deck": "generated"}, None)
    with pytest.raises(EntryError, match="not a card of the investigation deck"):
        plain.enter("2 BLM 1")
    with pytest.raises(EntryError, match="deck:"):
        Notebook.start("black-vienna", grammar, {**setup, "deck": "ABC,DEF"}, None)
