"""13 Clues' help page (F1) in the terminal app in German and Japanese (issue #35): after the
game's rules guide, the notation: what is typed stays as typed, what it does is said in the
language (and the cards in play, by the page's words). English word for word as before."""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from support.help_pages import check_english, check_notation

ENGLISH = (
    "Notation\n"
    "  choose P L W        setup: the next seat's mystery, from your five cards\n"
    "  ask 2 purple        ask seat 2 about a colour (or male, indoor, ranged, ...)\n"
    "  ask 1 purple left   two players: counting the witness's left (or right) hidden card\n"
    "  ask 2 male secret   Top Secret: only you and the witness see question and answer\n"
    "  look B              consult Secret Informant B\n"
    "  take 2              your turn, no glasses, empty supply: take a glass from seat 2\n"
    "  accuse Maid Harbor Rifle"
)
NOTATION = {
    "de": (
        "Notation (Karten, Farben und Kategorien mit ihren englischen Namen)\n"
        "  choose P L W        Vorbereitung: Rätsel des nächsten Platzes aus deinen 5 Karten\n"
        "  ask 2 purple        Platz 2 nach einer Farbe fragen (oder male, indoor, ranged, ...)\n"
        "  ask 1 purple left   zu zweit: gezählt mit der linken (rechten) verdeckten Karte\n"
        "  ask 2 male secret   streng geheim: Frage und Antwort sehen nur du und die Person\n"
        "  look B              den geheimen Informanten B ansehen\n"
        "  take 2              dein Zug, keine Lupe, Vorrat leer: Lupe von Platz 2 nehmen\n"
        "  accuse Maid Harbor Rifle   anklagen: eine Person, ein Ort, eine Waffe"
    ),
    "ja": (
        "記法（カード・色・カテゴリは英語名で入力）\n"
        "  choose P L W        準備：自分の5枚から次の席の解答を選ぶ\n"
        "  ask 2 purple        席2に色について聞く（male、indoor、ranged なども可）\n"
        "  ask 1 purple left   2人プレイ：聞いた相手の左（右）の伏せ札を数えてもらう\n"
        "  ask 2 male secret   極秘：質問と答えを見るのはあなたと相手だけ\n"
        "  look B              秘密の情報提供者Bを見る\n"
        "  take 2              手番に虫眼鏡がなくサプライも空：席2から虫眼鏡を取る\n"
        "  accuse Maid Harbor Rifle   告発：人・場所・武器を1枚ずつ"
    ),
}
# The cards of a three-player game.
LEGEND = {
    "de": (
        "Karten im Spiel (Farbe: Person, Ort, Waffe; mit ihrer Kategorie)\n"
        "  lila    Polizist (männlich), Salon (innen), Messer (Nahkampf)\n"
        "  rosa    Herzog (männlich), Markt (im Freien), Armbrust (Fernkampf)\n"
        "  rot     Metzger (männlich), Bibliothek (innen), Gift (Nahkampf)\n"
        "  grün    Gräfin (weiblich), Park (im Freien), Schwert (Nahkampf)\n"
        "  gelb    Krankenschwester (weiblich), Museum (innen), Blasrohr (Fernkampf)\n"
        "  blau    Dienstmädchen (weiblich), Hafen (im Freien), Gewehr (Fernkampf)\n"
        "  orange  Tänzerin (weiblich), Theater (innen), Pistole (Fernkampf)\n"
        "Kategorien: Personen sind weiblich oder männlich; Orte sind innen oder im Freien;"
        " Waffen sind Nahkampf oder Fernkampf"
    ),
    "ja": (
        "使うカード（色：人、場所、武器。カッコ内はカテゴリ）\n"
        "  紫       警官 (男性)、応接間 (屋内)、ナイフ (近接)\n"
        "  ピンク   公爵 (男性)、市場 (屋外)、クロスボウ (遠隔)\n"
        "  赤       肉屋 (男性)、図書館 (屋内)、毒 (近接)\n"
        "  緑       伯爵夫人 (女性)、公園 (屋外)、剣 (近接)\n"
        "  黄       看護師 (女性)、博物館 (屋内)、吹き矢 (遠隔)\n"
        "  青       メイド (女性)、港 (屋外)、ライフル (遠隔)\n"
        "  オレンジ 踊り子 (女性)、劇場 (屋内)、拳銃 (遠隔)\n"
        "カテゴリ：人は女性か男性、場所は屋内か屋外、武器は近接か遠隔"
    ),
}


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_help_says_the_notation_in_the_language(language: str) -> None:
    said = check_notation("13-clues", language, ENGLISH, NOTATION[language])
    assert LEGEND[language] in said
    assert not any(part.startswith("Cards in play") for part in said)


def test_english_stays_as_it_was() -> None:
    said = check_english("13-clues", ENGLISH)
    assert "\nCards in play (colour: person, location, weapon; with their category)\n" in said
