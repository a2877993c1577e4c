"""Black Stories Investigation's text sheet in the terminal app in German and Japanese
(issue #35): each opponent's line a whole sentence of the catalogue, the cases and evidence by
the page's words, the odds by the language's custom; English word for word as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sleuth.core import make_game
from sleuth.games.black_stories.render import render_in, sheet_text

SEED = 5
# Seat 0's sheet at full, seven steps into the game of SEED.
SHEET = {
    "de": [
        "Platz 1: 3 mögliche Fälle; sicher: Nacht/draußen",
        "    Frau/Nacht/draußen/Messer  38%",
        "    Mann/Nacht/draußen/Pistole  31%",
        "    Mann/Nacht/draußen/Messer  31%",
        "Platz 2: 6 mögliche Fälle; sicher: noch nichts",
        "    Mann/Tag/drinnen/Pistole  19%",
        "    Mann/Tag/drinnen/Messer  19%",
        "    Frau/Tag/draußen/Pistole  19%",
        "    Frau/Tag/draußen/Messer  19%",
        "    Mann/Nacht/draußen/Pistole  12%",
        "    Mann/Nacht/draußen/Messer  12%",
    ],
    "ja": [
        "席1：ありうる事件3通り。確定：夜/屋外",
        "    女性/夜/屋外/ナイフ  38%",
        "    男性/夜/屋外/銃  31%",
        "    男性/夜/屋外/ナイフ  31%",
        "席2：ありうる事件6通り。確定：まだなし",
        "    男性/昼/屋内/銃  19%",
        "    男性/昼/屋内/ナイフ  19%",
        "    女性/昼/屋外/銃  19%",
        "    女性/昼/屋外/ナイフ  19%",
        "    男性/夜/屋外/銃  12%",
        "    男性/夜/屋外/ナイフ  12%",
    ],
}
SPECTATOR = {
    "de": "(Zuschauende führen keinen Ermittlungsbogen)",
    "ja": "（観戦者には推理シートがありません）",
}


def _play(steps: int) -> Any:
    game = make_game("black-stories-investigation", 3)
    state: Any = game.new(SEED)
    rng = random.Random(1)
    for _ in range(steps):
        seat = next(s for s in range(3) if state.legal_actions(s))
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    return state


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_sheet_speaks_the_language(language: str) -> None:
    state = _play(7)
    assert render_in(language).sheet(state.view(0), "full").splitlines() == SHEET[language]
    assert sheet_text(state.view(None), "full", language) == SPECTATOR[language]


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_facts_sheet_shows_no_odds(language: str) -> None:
    lines = sheet_text(_play(7).view(0), "facts", language).splitlines()
    assert lines == [SHEET[language][0], SHEET[language][4]]


def test_english_stays_as_it_was() -> None:
    lines = sheet_text(_play(7).view(0), "full").splitlines()
    assert lines[:2] == [
        "seat 1: 3 possible cases; certain: night/outside",
        "    woman/night/outside/knife  38%",
    ]
    assert lines[4] == "seat 2: 6 possible cases; certain: nothing yet"
