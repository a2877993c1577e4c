"""13 Clues' sheet in the terminal app in German and Japanese (issue #35): the engine's lines
as whole sentences of the catalogue, the cards, colours and categories by the page's words,
the numbers by the language's custom; English word for word as before."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.games.thirteen_clues.render import sheet_text

pytest.importorskip("textual")

from textual.widgets import Static

from sleuth.tui.play_app import PlayApp

SEED = 4
# Three seats choose the mysteries, then seats 1 and 2 ask seat 0: seat 0 is to play.
STEPS = [
    (0, "choose Duke Museum Sword"),
    (1, "choose Dancer Harbor Poison"),
    (2, "choose Butcher Parlor Gun"),
    (1, "ask 0 red"),
    (2, "ask 0 male"),
]
NOTE = {
    "de": (
        "* die Plätze haben die Rätsel gewählt (mystery_choice=players): Die "
        "Wahrscheinlichkeiten nehmen an, dass jedes gleichverteilt aus der Hand der Wählenden "
        "gezogen wurde; was sicher ist, gilt, wie auch immer gewählt wurde"
    ),
    "ja": (
        "* 各席が解答を選んだ（mystery_choice=players）：確率は、どの解答も選ぶ人の手札から"
        "一様に選ばれたと仮定しています。確定したことは、どう選ばれても成り立ちます"
    ),
}
SHEET = {
    "de": [
        "72.576.000 Verteilungen passen zu dem, was Platz 0 weiß "
        "(Verteilungsmodell: gleichverteilte Wahl)",
        "meine Person: Polizist 25%*, Metzger 25%*, Krankenschwester 25%*, Dienstmädchen 25%*",
        "mein Ort: Salon 20%*, Markt 20%*, Bibliothek 20%*, Park 20%*, Theater 20%*",
        "meine Waffe: Messer 25%*, Blasrohr 25%*, Gewehr 25%*, Pistole 25%*",
        "80 mögliche Rätsel; am wahrscheinlichsten: Polizist Salon Messer 1,2%*, "
        "Polizist Salon Blasrohr 1,2%*, Polizist Salon Gewehr 1,2%*",
        "beste Frage: Platz 1 nach lila fragen (0,59 Bit*)",
        NOTE["de"],
    ],
    "ja": [
        "席0の知っていることに合う配り方：72,576,000通り（配り方のモデル：一様な選択）",
        "自分の解答の人：警官 25%*、肉屋 25%*、看護師 25%*、メイド 25%*",
        "自分の解答の場所：応接間 20%*、市場 20%*、図書館 20%*、公園 20%*、劇場 20%*",
        "自分の解答の武器：ナイフ 25%*、吹き矢 25%*、ライフル 25%*、拳銃 25%*",
        "ありうる解答：80通り。最有力：警官 応接間 ナイフ 1.2%*、"
        "警官 応接間 吹き矢 1.2%*、警官 応接間 ライフル 1.2%*",
        "最良の質問：席1に「紫」について聞く（0.59ビット*）",
        NOTE["ja"],
    ],
}
# The sheet once seat 0 has accused its mystery rightly; before the mysteries; a spectator's.
BESIDE = {
    "de": [
        "Die Partie ist vorbei. Dein Rätsel war Metzger (rot, männlich), Salon (lila, innen), "
        "Pistole (orange, Fernkampf).",
        "(noch kein Bogen: die Rätsel werden noch gewählt)",
        "(Zuschauende führen keinen Ermittlungsbogen)",
    ],
    "ja": [
        "ゲームは終了しました。あなたの解答は肉屋 (赤, 男性)、応接間 (紫, 屋内)、"
        "拳銃 (オレンジ, 遠隔)でした。",
        "（推理シートはまだありません：解答を選んでいるところです）",
        "（観戦者には推理シートがありません）",
    ],
}


def recorded() -> Recorder:
    recorder = Recorder(make_game("13-clues", 3, mystery_choice="players"), SEED)
    for seat, action in STEPS:
        recorder.play(seat, action)
    return recorder


@pytest.mark.parametrize("language", ["de", "ja"])
async def test_the_terminal_sheet_speaks_the_apps_language(language: str) -> None:
    recorder = recorded()
    session = GameSession(recorder.game, SEED, [None, RandomAgent(0.0), RandomAgent(0.0)])
    session.replay(recorder.steps)
    app = PlayApp(session, sheet="full", bot_delay=0.0, language=language)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        assert session.waiting_for_human() == 0
        sheet = str(app.query_one("#analysis", Static).render())
    assert sheet.splitlines() == SHEET[language]


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_sheets_other_lines_speak_the_language(language: str) -> None:
    recorder = recorded()
    over: Any = recorder.play(0, "accuse Butcher Parlor Gun")
    choosing: Any = recorder.game.new(SEED)
    lines = [
        sheet_text(over.view(0), "full", language),
        sheet_text(choosing.view(0), "facts", language),
        sheet_text(over.view(None), "full", language),
    ]
    assert lines == BESIDE[language]


def test_english_stays_as_it_was() -> None:
    view: Any = recorded().state.view(0)
    lines = sheet_text(view, "full").splitlines()
    assert lines[0] == "72,576,000 deals fit what seat 0 knows (deal model: uniform choice)"
    assert lines[5] == "best question: ask 1 purple (0.59 bits*)"
    assert sheet_text(view, "facts").splitlines()[1] == "my person: Officer, Butcher, Nurse, Maid"
