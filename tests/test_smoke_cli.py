"""The command line, end to end, in-process (on every game, or the fronts' example game,
``support.example_game``; a game's own lines: tests/games/<package>/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.cli.main import main
from sleuth.core import all_kits, find_game
from support.example_game import EXAMPLE


def test_games_lists_every_game_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for kit in all_kits():
        game = kit.game
        aliases = f" (also: {', '.join(game.aliases)})" if game.aliases else ""
        players = f"{game.min_players}-{game.max_players} players"
        assert f"\n{kit.name}{aliases}: {game.title}, {players}\n" in f"\n{out}"
        for option in game.options():
            if option.choices and len(option.default) <= 40:
                line = f"  --option {option.name}={'|'.join(option.choices)}  (default "
                assert f"{line}{option.default}" in out, (kit.name, option.name)


def test_simulate_writes_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = str(min(5, find_game(EXAMPLE).max_players))
    command = ["simulate", EXAMPLE, "--players", players, "--games", "12", "--seed", "7"]
    assert main([*command, "--record-dir", str(tmp_path)]) == 0
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 12
    assert main(["replay", *map(str, records)]) == 0
    out = capsys.readouterr().out
    assert out.count(": ok, ") == 12


def test_simulate_rejects_an_unknown_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", EXAMPLE, "--players", "4", "--option", "speshul=both"]) == 2
    assert "unknown option 'speshul'" in capsys.readouterr().err


@pytest.mark.parametrize("game", [kit.name for kit in all_kits()])
def test_bots_lists_each_bot_with_its_parameters(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bots", game]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{game}:"
    assert "  random     interrupt_rate=0.01" in lines


def test_bots_names_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
