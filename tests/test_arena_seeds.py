"""What ``sleuth arena`` and ``sleuth simulate`` deal from (issue 31, item 5), and their
outputs that cannot be written (item 9).

A bot program sees only the protocol's JSON, yet with a known ``--seed`` it finds the deal
by dealing candidate seeds until one gives its own hand (``support/deal_hunter.py``), and
then wins every game. By default the games are dealt from a secret 128-bit seed, revealed
once they are over: the same bot finds nothing, and the revealed seed (with the bot key)
plays the very same games again.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

import sleuth
from sleuth.cli.main import main
from sleuth.core import derive_seed
from sleuth.core.record_files import load_record
from support.deal_hunter import SEEDS, candidate_seeds
from support.example_game import EXAMPLE

SRC = Path(sleuth.__file__).parent.parent
HUNTER = Path(__file__).parent / "support" / "deal_hunter.py"
GAMES = 4
WARNING = "deals games anyone can compute: a bot program can find the deal"


@pytest.fixture(autouse=True)
def _children_import_this_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]))


def hunt(tmp_path: Path, *seed: str) -> tuple[dict[str, Any], list[str], str]:
    """An arena of the hunter against two random bots: (its JSON results, the hunter's
    report, one line a game, and stderr)."""
    report = tmp_path / "hunter.txt"
    hunter = f"cmd:{shlex.join([sys.executable, str(HUNTER), str(report)])}"
    out = tmp_path / "results.json"
    args = ["arena", EXAMPLE, "--players", "3", "--bots", f"{hunter},random,random"]
    code = main([*args, "--games", str(GAMES), *seed, "--out", str(out)])
    assert code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    return data, report.read_text(encoding="utf-8").splitlines(), hunter


def test_a_bot_program_finds_a_deal_dealt_from_a_known_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, report, hunter = hunt(tmp_path, "--seed", "0")
    seeds = [game["seed"] for game in data["games"]]
    assert report == [f"found {seed}" for seed in seeds]  # every deal found
    for game in data["games"]:  # and every game won by accusing at once
        assert game["winners"] == [game["seating"].index(hunter)]
    assert (data["seed"], data["seed_secret"]) == (0, False)
    err = capsys.readouterr().err
    assert err.count("warning:") == 1
    assert f"sleuth arena: warning: --seed 0 {WARNING}" in err


def test_a_bot_program_cannot_find_a_deal_dealt_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, report, hunter = hunt(tmp_path)
    assert report == ["none"] * GAMES  # it looked in every game and found nothing
    assert data["seed_secret"] is True and data["seed"] >= SEEDS
    assert all(
        hunter not in [game["seating"][w] for w in game["winners"]] for game in data["games"]
    )
    assert "warning" not in capsys.readouterr().err


def test_the_arena_names_its_seeds_after_the_games_and_they_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, again = tmp_path / "first", tmp_path / "again"
    args = ["arena", EXAMPLE, "--players", "3", "--bots", "basic,random,deductive", "--games", "3"]
    assert main([*args, "--out", str(tmp_path / "first.json"), "--record-dir", str(first)]) == 0
    printed = capsys.readouterr().out
    data = json.loads((tmp_path / "first.json").read_text(encoding="utf-8"))
    seed, key = data["seed"], data["bot_key"]
    assert data["seed_secret"] is True and seed.bit_length() > 64
    assert f"3 games, seed {seed} (secret until now)" in printed
    assert f"bot key: {key} (with --seed {seed}, --bot-key plays" in printed
    records = [load_record(path) for path in sorted(first.glob("*.json"))]
    game_seeds = [game["seed"] for game in data["games"]]
    assert game_seeds == [record["seed"] for record in records]
    assert game_seeds == [derive_seed(seed, "arena", number) for number in range(3)]
    assert main(["replay", *map(str, sorted(first.glob("*.json")))]) == 0
    assert capsys.readouterr().out.count(": ok, ") == 3

    replay = ["--seed", str(seed), "--bot-key", key, "--record-dir", str(again)]
    assert main([*args, *replay, "--out", str(tmp_path / "again.json")]) == 0
    capsys.readouterr()
    replayed = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
    assert replayed["seed"] == seed and replayed["seed_secret"] is False
    assert [_outcome(game) for game in replayed["games"]] == [_outcome(g) for g in data["games"]]
    assert [load_record(path) for path in sorted(again.glob("*.json"))] == records


def _outcome(game: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in game.items() if name != "think_seconds"}


def test_simulate_deals_from_a_secret_seed_printed_after_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", EXAMPLE, "--players", "3", "--games", "3"]
    assert main([*args, "--record-dir", str(tmp_path / "first")]) == 0
    out, err = capsys.readouterr()
    records = [load_record(path) for path in sorted((tmp_path / "first").glob("*.json"))]
    guessable = set(candidate_seeds())
    assert records and not {record["seed"] for record in records} & guessable
    assert "warning" not in err
    header = next(line for line in out.splitlines() if " games of " in line)
    seed = int(header.split(", seed ")[1].removesuffix(" (secret until now)"))
    key = out.split("bot key: ")[1].split()[0]
    again = ["--seed", str(seed), "--bot-key", key, "--record-dir", str(tmp_path / "again")]
    assert main([*args, *again]) == 0
    assert capsys.readouterr().err.count("warning:") == 1
    assert [load_record(path) for path in sorted((tmp_path / "again").glob("*.json"))] == records


@pytest.mark.parametrize(
    ("command", "option", "target"),
    [
        ("simulate", "--record-dir", "/proc/nope"),
        ("simulate", "--record-dir", "/proc"),
        ("simulate", "--record-dir", "{file}/records"),
        ("arena", "--record-dir", "/proc/nope"),
        ("arena", "--record-dir", "{file}"),
        ("arena", "--out", "/proc/nope/results.json"),
        ("arena", "--out", "/proc/results.json"),
        ("arena", "--out", "{folder}"),
        ("arena", "--plot", "/proc/ratings.png"),
        ("arena", "--plot", "{file}/ratings.png"),
    ],
)
def test_an_output_that_cannot_be_written_is_one_line_and_no_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, option: str, target: str
) -> None:
    (tmp_path / "file").write_text("not a folder\n")
    path = target.format(file=tmp_path / "file", folder=tmp_path)
    bots = ["--bots", "random,random,random"] if command == "arena" else []
    code = main([command, EXAMPLE, "--players", "3", *bots, option, path])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""  # refused before any game was played
    assert err.endswith("\n") and err.count("\n") == 1
    assert err.startswith(f"sleuth {command}: {option} {path}: ")
    assert (tmp_path / "file").read_text() == "not a folder\n"


def test_a_plot_in_a_format_matplotlib_lacks_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "ratings.doc"
    args = ["arena", EXAMPLE, "--players", "3", "--bots", "random,random,random", "--games", "1"]
    assert main([*args, "--plot", str(plot)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"sleuth arena: --plot {plot}: no plot format 'doc' (one of: ")
    assert " png, " in err and not plot.exists()
