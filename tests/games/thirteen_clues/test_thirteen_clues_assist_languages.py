"""The table assistant on 13 Clues in German and Japanese (issue #35): its title, what the
person holds, its prompts, its refusals and warnings, and the sheet, in the language; the
entries stay as typed. English word for word as before."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.core.said import error_in
from sleuth.games.thirteen_clues.notebook import GRAMMAR as THIRTEEN_CLUES

pytest.importorskip("textual")

from sleuth.tui.assist_app import AssistApp
from support.assist_keys import shown, type_entry

SETUP = {"players": 3, "seat": 0, "hidden": ["Officer", "Park"]}
MYSTERIES = ["mystery 1 Duke Museum Sword", "mystery 2 Dancer Harbor Poison"]
SAID: dict[str, dict[str, Any]] = {
    "de": {
        "title": "13 Clues, 3 Personen, du bist Platz 0",
        "lines": [
            "deine verdeckten Karten: Polizist Park",
            "noch einzutragende Rätsel: Plätze 1, 2",
        ],
        "prompt": (
            "Trag zuerst die Rätsel ein, die du siehst (Plätze 1, 2): "
            "mystery PLATZ PERSON ORT WAFFE"
        ),
        "taken": "#1: mystery 1 Duke Museum Sword; noch einzutragende Rätsel: Plätze 2",
        "sheet": [
            "72.576.000 Verteilungen passen zu dem, was Platz 0 weiß "
            "(Verteilungsmodell: gleichverteilte Wahl)",
            "meine Person: Metzger, Gräfin, Krankenschwester, Dienstmädchen",
            "mein Ort: Salon, Markt, Bibliothek, Theater",
            "meine Waffe: Messer, Armbrust, Blasrohr, Gewehr, Pistole",
        ],
        "refused": (
            "#4 (1 red 3): er widerspricht #3 (1 red 2). Verzählt oder vertippt? Berichtige den "
            "Eintrag oder häng ! an, um ihn trotzdem zu übernehmen (1 red 3 !)"
        ),
        "warning": (
            "diese Einträge widersprechen einander (verzählt oder vertippt?): "
            "#3 (1 red 2), #4 (1 red 3)"
        ),
        "left out": "(ohne #3, #4)",
        "hint": "Tippe einen Eintrag und drück Enter; help (oder F1) listet die Einträge auf.",
        "not taken": "Nicht übernommen: ",
    },
    "ja": {
        "title": "13 Clues、3人、あなたは席0",
        "lines": ["あなたの伏せ札：警官 公園", "入力する解答：席 1, 2"],
        "prompt": "まず見えている解答を入力してください（席 1, 2）：mystery 席 人 場所 武器",
        "taken": "#1: mystery 1 Duke Museum Sword。まだ入力する解答：席 2",
        "sheet": [
            "席0の知っていることに合う配り方：72,576,000通り（配り方のモデル：一様な選択）",
            "自分の解答の人：肉屋、伯爵夫人、看護師、メイド",
            "自分の解答の場所：応接間、市場、図書館、劇場",
            "自分の解答の武器：ナイフ、クロスボウ、吹き矢、ライフル、拳銃",
        ],
        "refused": (
            "#4（1 red 3）：#3 (1 red 2) と矛盾します。数え間違いか打ち間違いでは？ "
            "直すか、それでも入力するなら末尾に ! を付けてください（1 red 3 !）"
        ),
        "warning": (
            "これらの入力は互いに矛盾しています（数え間違いか打ち間違い？）："
            "#3 (1 red 2), #4 (1 red 3)"
        ),
        "left out": "（#3, #4 を除く）",
        "hint": "入力してEnterを押してください。help（またはF1）で入力の一覧を表示します。",
        "not taken": "受け付けませんでした：",
    },
}


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_notebook_speaks_the_language(language: str) -> None:
    said = SAID[language]
    notebook = Notebook.start("13-clues", THIRTEEN_CLUES, SETUP)
    notebook.speak(language)
    assert notebook.title == said["title"]
    assert notebook.lines() == said["lines"]
    assert notebook.sheet("full") == said["prompt"]
    assert notebook.enter(MYSTERIES[0]) == said["taken"]
    notebook.enter(MYSTERIES[1])
    assert notebook.sheet("facts").splitlines() == said["sheet"]
    notebook.enter("1 red 2")
    with pytest.raises(EntryError) as refused:
        notebook.enter("1 red 3")
    assert error_in(refused.value, language) == said["refused"]
    notebook.enter("1 red 3 !")
    assert notebook.warnings() == [said["warning"]]
    assert notebook.sheet("facts").splitlines() == [said["left out"], *said["sheet"]]


@pytest.mark.parametrize("language", ["de", "ja"])
async def test_the_app_says_its_prompts_and_refusals_in_the_language(language: str) -> None:
    said = SAID[language]
    app = AssistApp(Notebook.start("13-clues", THIRTEEN_CLUES, SETUP), language=language)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert shown(app, "message") == said["hint"]
        assert shown(app, "sheet") == said["prompt"]
        for entry in [*MYSTERIES, "1 red 2", "1 red 3"]:
            await type_entry(pilot, entry)
        await pilot.pause()
        assert shown(app, "message") == said["not taken"] + said["refused"]


def test_english_stays_as_it_was() -> None:
    notebook = Notebook.start("13-clues", THIRTEEN_CLUES, SETUP)
    assert notebook.title == "13 Clues, 3 players, you are seat 0"
    assert notebook.lines() == ["your hidden cards: Officer Park", "mysteries to enter: seats 1, 2"]
    for entry in [*MYSTERIES, "1 red 2"]:
        notebook.enter(entry)
    with pytest.raises(EntryError) as refused:
        notebook.enter("1 red 3")
    assert str(refused.value) == (
        "#4 (1 red 3): it contradicts #3 (1 red 2). A miscount or a typo? Fix it, or add ! at "
        "the end to take it anyway (1 red 3 !)"
    )
