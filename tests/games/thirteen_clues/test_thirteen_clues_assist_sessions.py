"""13 Clues' assistant sessions: a session file's setup read strictly, ``sleuth deduce``
before every mystery is in, and the ``sleuth assist`` command's options and refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sleuth.assist import EntryError, Notebook, notebook_from_json
from sleuth.cli.main import main
from sleuth.games.thirteen_clues.notebook import GRAMMAR as THIRTEEN_CLUES
from support.assist_command import run_assist, without_terminal


def _session(**setup: object) -> dict[str, object]:
    return {
        "format": "sleuth-assist-session",
        "version": 1,
        "game": "13-clues",
        "setup": setup,
        "entries": [],
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_session(players=4, seat=0), "setup: 'hidden' is missing"),
        (_session(players=4, seat=0, hidden=["Officer", "Bow"]), "Bow is not in play at 4 players"),
    ],
)
def test_a_bad_session_is_refused_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(EntryError, match=message):
        notebook_from_json(data)


def test_deduce_refuses_a_thirteen_clues_session_without_every_mystery(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.json"
    values = {"players": 4, "seat": 0, "hidden": ["Officer", "Park"]}
    Notebook.start("13-clues", THIRTEEN_CLUES, values, path).enter("mystery 1 Duke Market Sword")
    assert main(["deduce", str(path)]) == 2
    assert capsys.readouterr().err == (
        "sleuth deduce: invalid session: no position yet: enter the mysteries of seats 2, 3 first\n"
    )


@pytest.fixture
def no_terminal(monkeypatch: pytest.MonkeyPatch) -> list[Notebook[Any, Any]]:
    return without_terminal(monkeypatch)


def test_assist_refuses_a_hidden_card_not_in_play_at_once_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_terminal: list[Any]
) -> None:
    argv = ["13-clues", "--players", "4", "--seat", "0", "--hidden", "Officer", "Bow"]
    code, err = run_assist(capsys, *argv, "--file", str(tmp_path / "s.json"))
    assert code == 2
    message = "hidden: Bow is not in play at 4 players (no gray cards)"
    assert err.count("\n") == 1 and err.startswith("sleuth assist: ") and message in err, err
    assert not no_terminal
    assert not (tmp_path / "s.json").exists()


def test_assist_lists_the_games_own_setup_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_code:
        main(["assist", "13-clues", "--help"])
    assert exit_code.value.code == 0
    out = capsys.readouterr().out
    assert "--hidden CARD CARD" in out and "--players N" in out and "--resume" in out
    assert "--hand" not in out  # Black Vienna's, not 13 Clues'
    assert "Type 'help' in the assistant for the game's entries." in out
