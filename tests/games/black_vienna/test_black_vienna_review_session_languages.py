"""The review of an assistant's session of Black Vienna in the person's language (issue #35):
what the session is and the first step's words (the seat's hand) from the catalogues."""

from __future__ import annotations

import pytest

from sleuth.assist import Notebook
from sleuth.core.records import replay_record
from sleuth.games.black_vienna import BlackViennaState
from sleuth.games.black_vienna import components as bv
from sleuth.games.black_vienna.notebook import GRAMMAR
from sleuth.review import render, review_notebook
from support.narrow import narrow
from support.review_oracle import deductive_record

WORDS = {
    "en": ("a physical game as entered at the table; steps are its entries", "(your hand)"),
    "de": (
        "eine Partie am echten Tisch, wie eingetragen; die Schritte sind ihre Einträge",
        "(deine Hand)",
    ),
    "ja": ("実際の卓で記入されたゲーム。ステップはその記入です", "（あなたの手札）"),
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_sessions_review_says_what_it_is_in_the_language(language: str) -> None:
    record = deductive_record("black-vienna", 3, 1)
    final = narrow(BlackViennaState, replay_record(record).final)
    hand = bv.mask_letters(final.hands[0])
    notebook = Notebook.start("black-vienna", GRAMMAR, {"players": 3, "seat": 0, "hand": hand})
    notebook.enter(f"solution {bv.mask_letters(final.ring)}")
    review = review_notebook(notebook)
    text = render(review) if language == "en" else render(review, language=language)
    lines = text.splitlines()
    summary, deal = WORDS[language]
    assert lines[1] == summary
    first_step = next(line for line in lines if line.lstrip().startswith("0 "))
    assert first_step.split()[1] == deal.split()[0]
    assert deal in first_step
