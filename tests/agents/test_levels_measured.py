"""How a ladder was measured, said from ``ladder.json``'s parts; a game's own file whose
parts are not Sleuth's is shown as it is written, never a ``KeyError``."""

from __future__ import annotations

from sleuth.agents.levels import how_measured


def test_a_ladders_measure_is_said_from_its_parts() -> None:
    parts = {"games": 200, "players": 4, "seed": 1, "pairs": 0, "date": "2026-12-03"}
    assert how_measured(parts, "en") == (
        "200 games at 4 players, seed 1, 2026-12-03 (benchmarks/ladder.py)"
    )
    assert how_measured(parts, "de") == (
        "200 Partien, 4 Spielende, Seed 1, 2026-12-03 (benchmarks/ladder.py)"
    )


def test_another_games_measure_is_shown_as_written() -> None:
    assert how_measured("by hand, 2025", "en") == "by hand, 2025"
    assert how_measured({"rounds": 9}, "ja") == "{'rounds': 9}"
