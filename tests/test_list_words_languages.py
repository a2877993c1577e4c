"""Lists and the arena's column headings in the person's language (issue #35): seats and
winners listed the language's way (Japanese 「2、3と4」, German "2, 3 und 4"), and the
bot table's headings as German and Japanese name what each column counts; English as it
always was."""

from __future__ import annotations

import argparse
from types import SimpleNamespace
from typing import cast

import pytest

from sleuth.arena.session import GameSession
from sleuth.arena.stats import BotSummary, HeadToHead, format_head_to_heads, format_table
from sleuth.cli.play_cmd import filled_with_random
from sleuth.core import all_kits

LANGUAGES = ("en", "de", "ja")

FILLED = {
    "en": "seats 2, 3 and 4 play the random bot (1 bot named for 4 seats; --bots names one "
    "for each seat, e.g. --bots basic,basic,basic,basic)",
    "de": "Auf den Plätzen 2, 3 und 4 spielt der Zufalls-Bot (1 Bot für 4 Plätze genannt; "
    "--bots nennt einen für jeden Platz, z. B. --bots basic,basic,basic,basic)",
    "ja": "席2、3と4はランダムボットがプレイします（4席に対してボットの指定は1体。--botsでは"
    "席ごとに1体指定します。例：--bots basic,basic,basic,basic）",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_seats_random_bots_fill_are_listed_in_the_language(language: str) -> None:
    named = argparse.Namespace(bots="deductive")
    specs: list[str | None] = [None, "deductive", "random", "random", "random"]
    assert filled_with_random(named, specs, language) == FILLED[language]


ENDED = {
    "en": [
        "Game over: the time ran out. Winners: seat 0, seat 1 (you) and seat 3.",
        "Scores: seat 0 1, seat 1 (you) 1, seat 2 0, seat 3 1",
    ],
    "de": [
        "Partie vorbei: the time ran out. Es gewinnen Platz 0, Platz 1 (du) und Platz 3.",
        "Punkte: Platz 0 1, Platz 1 (du) 1, Platz 2 0, Platz 3 1",
    ],
    "ja": [
        "ゲーム終了：the time ran out。勝者：席0、席1（あなた）と席3。",
        "得点：席0 1、席1（あなた） 1、席2 0、席3 1",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_winners_and_scores_are_listed_in_the_language(language: str) -> None:
    pytest.importorskip("textual")
    from sleuth.tui.words import ending_lines

    # Only the outcome is read when the game brings no words of its own for its end; its
    # reason is the game's (a game's words, not the terminal's).
    outcome = SimpleNamespace(winners=(0, 1, 3), reason="the time ran out", scores=(1, 1, 0, 1))
    game = SimpleNamespace(name=all_kits()[0].name)  # any game: the reason is not its own
    session = cast(GameSession, SimpleNamespace(outcome=outcome, game=game))
    assert ending_lines(session, None, 1, language) == ENDED[language]


HEADINGS = {
    "en": ("forfeits", ["ahead", "behind"]),
    "de": ("Regelverstöße", ["vorn", "hinten"]),
    "ja": ("没収", ["上回り", "下回り"]),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_arenas_counting_columns_are_named_in_the_language(language: str) -> None:
    # A bot that lost decisions: the table gains the column counting them.
    row = BotSummary("basic", 2, 1, 0.1, 0.9, 1.0, 2.0, 1500.0, 30.0, None, None, 3)
    table = format_table([row], language).splitlines()
    pair = HeadToHead("basic", "random", 2, 0.5, None, None, 1, 1)
    pairs = format_head_to_heads([pair], language).splitlines()
    forfeits, ahead = HEADINGS[language]
    assert (table[0].split()[-1], table[1].split()[-1]) == (forfeits, "3")
    assert pairs[0].split()[-2:] == ahead
