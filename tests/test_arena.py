"""The arena: seat rotation, exact statistics, and backend-independent results (on the
fronts' example game, ``support.example_game``)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from sleuth.arena.stats import head_to_head, ratings, summarize, wilson_interval
from sleuth.arena.tournament import GameResult, run_specs, schedule
from sleuth.core import make_game
from support.example_game import EXAMPLE
from support.streams import TEST_KEY


def test_schedule_rotates_every_bot_through_every_seat() -> None:
    specs = schedule(EXAMPLE, {"players": 3}, ["a", "b", "c"], 6, seed=1)
    assert [s.seating for s in specs[:3]] == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")]
    for bot in "abc":
        assert sorted(s.seating.index(bot) for s in specs) == [0, 0, 1, 1, 2, 2]
    assert len({s.seed for s in specs}) == 6


def test_wilson_interval_exact_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.40383, abs=1e-5)
    assert high == pytest.approx(0.59617, abs=1e-5)
    assert wilson_interval(0, 10)[0] == 0.0


def _result(
    index: int, seating: tuple[str, ...], scores: tuple[int, ...], winners: tuple[int, ...]
) -> GameResult:
    n = len(seating)
    return GameResult(index, seating, scores, winners, "test", 1, (1,) * n, (0.0,) * n, {})


def test_ratings_do_not_depend_on_the_order_of_the_games() -> None:
    # The case: a bot winning 47 of 81 meetings, its wins coming early, was rated
    # below the bot it beat by an Elo updated game by game.
    games = [_result(i, ("a", "b"), (9, 0), (0,)) for i in range(47)]
    games += [_result(47 + i, ("a", "b"), (0, 9), (1,)) for i in range(34)]
    forward, backward = ratings(games), ratings(games[::-1])
    assert forward == pytest.approx(backward, abs=1e-9)
    assert forward["a"] > forward["b"]
    # Bradley-Terry: odds 47:34 are 400 * log10(47 / 34) Elo points apart (the prior aside).
    assert forward["a"] - forward["b"] == pytest.approx(400 * math.log10(47 / 34), abs=1.0)
    assert (forward["a"] + forward["b"]) / 2 == pytest.approx(1500.0)


def test_a_tie_is_half_a_win_each_way_and_a_bot_that_never_wins_stays_finite() -> None:
    tied = ratings([_result(0, ("a", "b"), (5, 5), (0, 1))])
    assert tied["a"] == pytest.approx(tied["b"])
    lopsided = ratings([_result(i, ("a", "b", "c"), (9, 3, 0), (0,)) for i in range(20)])
    assert lopsided["a"] > lopsided["b"] > lopsided["c"] > 0


def test_summary_counts_wins_and_scores_per_bot() -> None:
    results = [
        _result(0, ("a", "b"), (9, 0), (0,)),
        _result(1, ("b", "a"), (3, 6), (1,)),
        _result(2, ("a", "b"), (0, 3), (1,)),
    ]
    rows = {row.bot: row for row in summarize(results, bootstrap=10)}
    assert (rows["a"].games, rows["a"].wins, rows["a"].mean_score) == (3, 2, 5.0)
    assert (rows["b"].games, rows["b"].wins, rows["b"].mean_score) == (3, 1, 2.0)
    assert rows["a"].rating > rows["b"].rating


def test_head_to_head_pairs_scores_game_by_game() -> None:
    results = [
        _result(0, ("a", "b", "b"), (9, 0, 2), (0,)),  # a 9, b's mean 1: +8
        _result(1, ("b", "a", "b"), (3, 6, 5), (1,)),  # +2
        _result(2, ("b", "b", "a"), (4, 4, 0), (0, 1)),  # -4
        _result(3, ("b", "b", "c"), (4, 4, 0), (0, 1)),  # no a: left out
    ]
    pair = head_to_head(results, "a", "b")
    assert (pair.games, pair.first_ahead, pair.second_ahead) == (3, 2, 1)
    assert pair.mean_difference == 2.0
    # Sample s.d. of (8, 2, -4) is 6; half-width 1.96 * 6 / sqrt(3).
    assert pair.high is not None and pair.low is not None
    assert pair.high - pair.mean_difference == pytest.approx(6.78951, abs=1e-5)
    assert pair.low == pytest.approx(2.0 - 6.78951, abs=1e-5)
    single = head_to_head(results[:1], "a", "b")
    assert (single.games, single.mean_difference, single.low, single.high) == (1, 8.0, None, None)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    game = make_game(EXAMPLE, 3)
    specs = schedule(game.name, game.config_json(), ["random"] * 3, 8, seed=4, key=TEST_KEY)
    one = run_specs(specs, workers=1)
    two = run_specs(specs, workers=2)
    assert [(r.index, r.scores, r.reason, r.steps) for r in one] == [
        (r.index, r.scores, r.reason, r.steps) for r in two
    ]
    assert [r.record for r in one] == [r.record for r in two]


@pytest.mark.slow
def test_ray_backend_matches_the_process_backend() -> None:
    pytest.importorskip("ray")
    game = make_game(EXAMPLE, 3)
    specs = schedule(game.name, game.config_json(), ["random"] * 3, 4, seed=4, key=TEST_KEY)
    assert [r.record for r in run_specs(specs, 1, "ray")] == [r.record for r in run_specs(specs)]


def test_questions_before_the_winning_accusation() -> None:
    from sleuth.arena.tournament import questions_before_win
    from sleuth.core.records import Step

    steps = [
        Step(0, "ask 1 AOR", "AOR@1=0"),
        Step(2, "accuse ABC", "wrong"),
        Step(1, "ask 2 BHV", "BHV@2=1"),
        Step(1, "accuse BLM", "correct"),
        Step(0, "guess BLM", "guessed"),
    ]
    assert questions_before_win(steps, (1,)) == (2, 1)
    assert questions_before_win(steps, ()) is None


@pytest.mark.slow
def test_arena_command_prints_the_table_and_draws_the_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sleuth.cli.main import main

    plot = tmp_path / "ratings.png"
    out = tmp_path / "results.json"
    code = main(
        [
            "arena",
            EXAMPLE,
            "--players",
            "3",
            "--bots",
            "deductive,basic,random",
            "--games",
            "6",
            "--seed",
            "2",
            "--plot",
            str(plot),
            "--out",
            str(out),
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "questions to win" in text
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(json.loads(out.read_text())["games"]) == 6
