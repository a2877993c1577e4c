"""A record that does not replay is refused in the person's language (issue #35): the
replay's reasons (a step's result, the rules' version, a tampered config, a field that
differs, a review asked of a game not over) are words with values, so the review route's
409 and ``sleuth review`` say them in German or Japanese; in English they read as before."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import find_game, make_game
from sleuth.core.errors import RecordError
from sleuth.core.records import replay_record
from sleuth.review.record import review_replay
from support.game_cases import kit_for
from support.said_errors import refusals

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
PLAYERS = find_game(EXAMPLE).min_players
Edit = Callable[[dict[str, Any]], None]


def _record() -> dict[str, Any]:
    agents = [RandomAgent(0.0) for _ in range(PLAYERS)]
    game = make_game(EXAMPLE, PLAYERS)
    seeds = list(range(PLAYERS))
    return dict(play_match(game, agents, 2**100 + 7, bot_seeds=seeds, salt="0" * 32).record)


EDITS: list[Edit] = [
    lambda record: record["steps"][0].__setitem__(2, "x"),
    lambda record: record["config"].update(extra=1),
    lambda record: record.update(rules_version="0"),
    lambda record: record["outcome"].update(reason="nope"),
    lambda record: record["outcome"].update(extra=1),
]
SAID = {
    "en": [
        "step 1: seat {seat} {action}: recorded result 'x', but the deal gives {result}",
        "config: unknown field(s) ['extra'] for {config}",
        "rules_version: record has '0', this Sleuth plays {rules}",
        "outcome.reason: record has 'nope', the replay gives {reason}",
        "outcome.extra: not a field here",
    ],
    "de": [
        "Schritt 1: Platz {seat} {action}: protokolliertes Ergebnis 'x', aber das Geben "
        "ergibt {result}",
        "config: unbekannte Felder ['extra'] für {config}",
        "rules_version: das Protokoll hat '0', dieses Sleuth spielt {rules}",
        "outcome.reason: das Protokoll hat 'nope', das Nachspielen ergibt {reason}",
        "outcome.extra: hier kein Feld",
    ],
    "ja": [
        "手番1：席 {seat} {action}：記録された結果は 'x' ですが、配りからは {result} になります",
        "config：{config} に不明なフィールド ['extra'] があります",
        "rules_version：記録は '0' ですが、このSleuthは {rules} で遊びます",
        "outcome.reason：記録は 'nope' ですが、再現では {reason} です",
        "outcome.extra：ここにはないフィールドです",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_record_that_does_not_replay_is_refused_in_the_language(language: str) -> None:
    record = _record()
    tampered = []
    for edit in EDITS:
        tampered.append(copy.deepcopy(record))
        edit(tampered[-1])
    seat, action, result = record["steps"][0]
    values = {
        "seat": seat,
        "action": repr(action),
        "result": repr(result),
        "config": find_game(EXAMPLE).config_type.__name__,
        "rules": repr(record["rules_version"]),
        "reason": repr(record["outcome"]["reason"]),
    }
    wanted = [words.format(**values) for words in SAID[language]]
    assert refusals(replay_record, tampered, RecordError, language) == wanted


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            "the review is of a finished game: this record is not over yet (its seed and deal "
            "come at the end)",
        ),
        (
            "de",
            "die Auswertung gilt einer beendeten Partie: dieses Protokoll ist noch nicht "
            "vorbei (Seed und Geben kommen am Ende)",
        ),
        (
            "ja",
            "振り返りは終わったゲームが対象です：この記録はまだ終わっていません"
            "（シード値と配りは最後に明かされます）",
        ),
    ],
)
def test_a_review_of_a_game_not_over_is_refused_in_the_language(language: str, words: str) -> None:
    record = _record()
    unfinished = {k: v for k, v in record.items() if k not in ("seed", "salt", "reveal")}
    unfinished = {k: v for k, v in unfinished.items() if k not in ("outcome", "private")}
    replay = replay_record(unfinished)
    assert refusals(review_replay, [replay], RecordError, language) == [words]
