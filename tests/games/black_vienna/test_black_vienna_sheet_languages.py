"""Black Vienna's text sheet in the terminal app in German and Japanese (issue #35): each line
a whole sentence of the catalogue, the grid's columns named in the language (the ring by the
game's own name for it), numbers by the language's custom; English word for word as before."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.games.black_vienna.render import render_in, sheet_text

SEED = 3
STEPS = [
    (0, "ask 2 AFQ"),
    (2, "ask 0 AKÖ"),
    (0, "ask 1 CDE"),
    (1, "ask 0 JKL"),
    (0, "ask 1 CGX"),
    (1, "ask 2 ILP"),
]
# Seat 2's sheet at full, seat 2 to ask: the lines above and below the grid, and the grid's
# first rows.
SHEET = {
    "de": (
        [
            "171.864 Verteilungen passen zu dem, was Platz 2 weiß (Kartensatz: erzeugt)",
            "Karte    P0   P1   P2 Black Vienna",
            "  A       ·   73    ·           27",
            "  B       ·    ·    ✓            ·",
        ],
        [
            "sicher in Black Vienna: noch keiner",
            "816 mögliche Banden; am wahrscheinlichsten: AJK 0,5%, AJÖ 0,5%, AKÖ 0,5%, "
            "JKÖ 0,5%, ACJ 0,5%",
            "beste Frage: YZÖ an Platz 1 (0,36 Bit über Black Vienna)",
        ],
    ),
    "ja": (
        [
            "席2の知っていることに合う配り方：171,864通り（カードセット：生成）",
            "カード   席0  席1  席2 ブラック・ウィーン",
            "  A        ·   73    ·                 27",
            "  B        ·    ·    ✓                  ·",
        ],
        [
            "ブラック・ウィーンに確定：まだなし",
            "ありうるブラック・ウィーン：816通り。最有力：AJK 0.5%、AJÖ 0.5%、AKÖ 0.5%、"
            "JKÖ 0.5%、ACJ 0.5%",
            "最良の質問：YZÖを席1に（ブラック・ウィーンについて0.36ビット）",
        ],
    ),
}
# Seat 0 once it has accused ABC wrongly (the ring is FQZ); a spectator's.
BESIDE = {
    "de": [
        "sicher in Black Vienna: FQZ",
        "Du hast falsch angeklagt und Black Vienna gesehen: FQZ. Du darfst nicht noch einmal "
        "anklagen.",
        "(Zuschauende führen keinen Ermittlungsbogen)",
    ],
    "ja": [
        "ブラック・ウィーンに確定：FQZ",
        "告発に失敗し、ブラック・ウィーンを見ました：FQZ。もう告発はできません。",
        "（観戦者には推理シートがありません）",
    ],
}


def recorded() -> Recorder:
    recorder = Recorder(make_game("black-vienna", 3), SEED)
    for seat, action in STEPS:
        recorder.play(seat, action)
    return recorder


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_sheet_speaks_the_language(language: str) -> None:
    view: Any = recorded().state.view(2)
    lines = render_in(language).sheet(view, "full").splitlines()
    top, bottom = SHEET[language]
    assert len(lines) == 1 + 1 + 27 + 3
    assert lines[:4] == top
    assert lines[-3:] == bottom


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_sheets_other_lines_speak_the_language(language: str) -> None:
    recorder = recorded()
    accused: Any = recorder.play(0, "accuse ABC")
    lines = sheet_text(accused.view(0), "facts", language).splitlines()[-2:]
    lines.append(sheet_text(accused.view(None), "full", language))
    assert lines == BESIDE[language]


def test_english_stays_as_it_was() -> None:
    view: Any = recorded().state.view(2)
    lines = sheet_text(view, "full").splitlines()
    assert lines[:3] == [
        "171,864 deals fit what seat 2 knows (deck: generated)",
        "card    s0   s1   s2 ring",
        "  A      ·   73    ·   27",
    ]
    assert lines[-3:] == [
        "certainly in the ring: none yet",
        "816 possible rings; likeliest: AJK 0.5%, AJÖ 0.5%, AKÖ 0.5%, JKÖ 0.5%, ACJ 0.5%",
        "best question: YZÖ to seat 1 (0.36 bits about the ring)",
    ]
