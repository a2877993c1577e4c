"""The lost decisions of the arena and the ladder said in the person's language (issue #35):
each loss's seat, step, kind, detail and the bot that decided instead from the catalogues
(what a program wrote itself as it wrote it); English as it always was."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sleuth.agents import Forfeit
from sleuth.arena.leaderboard import Leaderboard, format_leaderboard
from sleuth.arena.stats import format_forfeits
from sleuth.arena.tournament import GameResult
from sleuth.cli.main import main
from support.example_game import EXAMPLE


def lost_decisions() -> GameResult:
    down = "not running: stopped at step 4 after repeated time-outs"
    lost = (
        Forfeit(1, 4, "turn", "timeout", "no answer within 1 s"),
        *(Forfeit(1, step, "interrupt", "timeout", down) for step in (5, 6, 8)),
        Forfeit(2, 9, "turn", "illegal", "'dance' is not this game's notation"),
    )
    result = GameResult(3, ("a", "b", "c"), (0, 0, 0), (), "x", 9, (1,) * 3, (0.0,) * 3, {})
    return replace(result, forfeits=lost)


FORFEITS = {
    "en": [
        "game 3, b: seat 1, step 4 (turn): timeout: no answer within 1 s; random decided instead",
        "game 3, b: seat 1, steps 5 to 8 (3 decisions): timeout: not running: stopped at step 4 "
        "after repeated time-outs; random decided instead",
        "... and 1 more lines (every forfeit is in --out)",
    ],
    "de": [
        "Partie 3, b: Platz 1, Schritt 4 (am Zug): Zeitüberschreitung: keine Antwort innerhalb "
        "von 1 s; stattdessen entschied random",
        "Partie 3, b: Platz 1, Schritte 5 bis 8 (3 Entscheidungen): Zeitüberschreitung: läuft "
        "nicht: in Schritt 4 nach wiederholten Zeitüberschreitungen angehalten; stattdessen "
        "entschied random",
        "... und 1 weitere Zeilen (jede verlorene Entscheidung steht in --out)",
    ],
    "ja": [
        "ゲーム3、b：席1、手番4（自分の番）：時間切れ：1秒以内に回答がありませんでした。"
        "代わりにrandomが判断",
        "ゲーム3、b：席1、手番5〜8（3回の判断）：時間切れ：停止中：時間切れが続いたため手番4で"
        "停止しました。代わりにrandomが判断",
        "...ほか1行（没収はすべて--outにあります）",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_forfeits_are_said_in_the_language(language: str) -> None:
    # English is the default: the words as they always were
    said = {} if language == "en" else {"language": language}
    assert format_forfeits([lost_decisions()], 2, **said).splitlines() == FORFEITS[language]


def test_the_leaderboards_forfeits_are_said_in_its_language() -> None:
    board = Leaderboard((), (lost_decisions(),), format_forfeits([lost_decisions()]))
    assert format_leaderboard(board, "ja").splitlines()[1:] == [
        "",
        "負けと記録したゲーム（判断を1つ失い、ゲームは続行）：",
        *FORFEITS["ja"][:2],
        "ゲーム3、c：席2、手番9（自分の番）：不正な手：'dance' is not this game's notation。"
        "代わりにrandomが判断",
    ]


DOWN = "not running: it ended at the hello: exited with code 1; its last error output: 'boom'"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", DOWN),
        (
            "de",
            "läuft nicht: es endete bei der Begrüßung: beendet mit Code 1; seine letzte "
            "Fehlerausgabe: 'boom'",
        ),
        (
            "ja",
            "停止中：hello の時点で終了しました：終了コード1で終了しました。"
            "最後のエラー出力：'boom'",
        ),
    ],
)
def test_a_nested_detail_is_said_part_by_part(language: str, words: str) -> None:
    from sleuth.arena.forfeit_words import detail_words

    assert detail_words(DOWN, language) == words
    # what a program or the rules wrote themselves stays as written
    assert detail_words("'dance' is not this game's notation", language) == (
        "'dance' is not this game's notation"
    )


def test_a_program_that_will_not_start_is_said_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = ["arena", EXAMPLE, "--players", "3", "--bots", "cmd:false,random,random"]
    assert main([*words, "--games", "1", "--seed", "5", "--lang", "ja"]) == 0
    lines = capsys.readouterr().out.splitlines()
    lost = [line for line in lines if line.startswith("ゲーム0、cmd:false：席0、")]
    assert lost and all(
        line.endswith(
            "：クラッシュ：停止中：hello の時点で終了しました：終了コード1で終了しました。"
            "代わりにrandomが判断"
        )
        for line in lost
    )
