"""The lost decisions of the arena and the ladder said in the person's language (issue #35):
each loss's seat, step, kind and the bot that decided instead from the catalogues, its
detail as the bot's runtime gave it; English as it always was."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sleuth.agents import Forfeit
from sleuth.arena.leaderboard import Leaderboard, format_leaderboard
from sleuth.arena.stats import format_forfeits
from sleuth.arena.tournament import GameResult


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
        "Partie 3, b: Platz 1, Schritt 4 (am Zug): Zeitüberschreitung: no answer within 1 s; "
        "stattdessen entschied random",
        "Partie 3, b: Platz 1, Schritte 5 bis 8 (3 Entscheidungen): Zeitüberschreitung: not "
        "running: stopped at step 4 after repeated time-outs; stattdessen entschied random",
        "... und 1 weitere Zeilen (jede verlorene Entscheidung steht in --out)",
    ],
    "ja": [
        "ゲーム3、b：席1、手番4（自分の番）：時間切れ：no answer within 1 s。代わりにrandomが判断",
        "ゲーム3、b：席1、手番5〜8（3回の判断）：時間切れ：not running: stopped at step 4 "
        "after repeated time-outs。代わりにrandomが判断",
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
