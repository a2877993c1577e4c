"""Black Vienna's assistant sessions: a session file read strictly, round trips and what
``sleuth deduce`` reads, a failed save, the contradiction search over its entries, and the
``sleuth assist`` command on it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from sleuth.assist import EntryError, Notebook, load_notebook, notebook_from_json
from sleuth.assist import notebook as notebook_module
from sleuth.cli.main import main
from sleuth.deduce.api import analyze_position
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA
from sleuth.games.black_vienna.notebook import BlackViennaGrammar
from support.assist_command import run_assist, without_terminal


def black_vienna_session(path: Path) -> Notebook[Any, Any]:
    notebook = Notebook.start(
        "black-vienna", BLACK_VIENNA, {"players": 4, "seat": 1, "hand": "AFKPTX"}, path
    )
    for entry in ("up AOR BHV CDE", "2 AOR 1", "new FGI", "3 CDE 2"):
        notebook.enter(entry)
    return notebook


def _session(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "format": "sleuth-assist-session",
        "version": 1,
        "game": "black-vienna",
        "setup": {"players": 4, "seat": 1, "hand": "AFKPTX"},
        "entries": ["2 AOR 1"],
    }
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_session(setup={"players": 4, "seat": 1}), "setup: 'hand' is missing"),
        (_session(setup={"players": "4", "seat": 1, "hand": "AFKPTX"}), "setup.players"),
        (_session(setup={"players": True, "seat": 1, "hand": "AFKPTX"}), "setup.players"),
        (_session(setup={"players": 9, "seat": 1, "hand": "AFKPTX"}), "players: 9 is out"),
        (_session(entries=["2 AOR 1", "2 AOR 9"]), "entry #2 \\('2 AOR 9'\\): 9 markers"),
        (_session(entries=["up AOR", "2 AOR 1", "up AOR"]), "#3: AOR was answered in #2"),
    ],
)
def test_a_bad_session_is_refused_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(EntryError, match=message):
        notebook_from_json(data)


def test_a_session_file_round_trips_and_is_what_deduce_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.json"
    notebook = black_vienna_session(path)
    loaded = load_notebook(path)
    assert loaded.entries == notebook.entries
    assert loaded.lines() == notebook.lines()
    assert loaded.folded.position == notebook.folded.position
    position = notebook.positions()["position"]
    assert position["face_up"] == ["BHV", "FGI"]  # AOR and CDE were answered
    assert main(["deduce", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == analyze_position(position)


def test_a_failed_save_keeps_the_old_file_and_the_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.json"
    notebook = black_vienna_session(path)
    before, entries = path.read_bytes(), notebook.entries

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(EntryError, match=r"cannot save in .*s\.json: No space left on device"):
        notebook.enter("0 BHV 1")
    assert path.read_bytes() == before
    assert notebook.entries == entries
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]  # no temporary file left
    monkeypatch.undo()
    notebook.enter("0 BHV 1")
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][-1] == "0 BHV 1"


class CountingGrammar(BlackViennaGrammar):
    """The Black Vienna grammar, counting the engine's consistency checks and sheets."""

    def __init__(self) -> None:
        self.checks = 0
        self.sheets = 0

    def consistent(self, setup: Any, folded: Any) -> bool:
        self.checks += 1
        return super().consistent(setup, folded)

    def sheet(self, setup: Any, folded: Any, level: str) -> str:
        self.sheets += 1
        return super().sheet(setup, folded, level)


def test_the_contradiction_search_runs_once_per_change_and_is_bounded() -> None:
    grammar = CountingGrammar()
    notebook = Notebook.start("black-vienna", grammar, {"players": 4, "seat": 1, "hand": "AFKPTX"})
    # 60 answers that agree (0-marker cards asked again), then two that cannot both be true,
    # the second taken on purpose
    for _ in range(30):
        notebook.enter("1 BHV 0")
        notebook.enter("1 GIJ 0")
    notebook.enter("2 CDE 3")
    notebook.enter("3 CDG 2 !")
    grammar.checks = grammar.sheets = 0
    for _ in range(5):  # five redraws
        warnings = notebook.warnings()
        sheet = notebook.sheet("full")
    assert warnings == [
        "these entries contradict each other (a miscount or a typo?): #61 (2 CDE 3), #62 (3 CDG 2)"
    ]
    assert sheet.startswith("(leaving out #61, #62)\n")
    assert grammar.sheets == 1
    # the binary search: about 2 * log2(62) folds, far below the bound, and once only
    assert 2 <= grammar.checks <= 20
    assert grammar.checks <= notebook_module.CONFLICT_CHECKS + 2


def test_two_separate_contradictions_are_both_named() -> None:
    notebook = Notebook.start(
        "black-vienna", BLACK_VIENNA, {"players": 4, "seat": 1, "hand": "AFKPTX"}
    )
    for entry in ("2 CDE 3", "0 BHV 1", "3 CDG 2 !", "2 JKL 3 !", "0 GKN 2"):
        notebook.enter(entry)
    assert notebook.warnings() == [
        "these entries contradict each other (a miscount or a typo?): #1 (2 CDE 3), #3 (3 CDG 2)",
        "this entry cannot be true (a miscount or a typo?): #4 (2 JKL 3)",  # K is seat 1's
    ]
    sheet = notebook.sheet("facts")
    assert sheet.startswith("(leaving out #1, #3, #4)\n")
    assert sheet == "(leaving out #1, #3, #4)\n" + BLACK_VIENNA.sheet(
        notebook.setup,
        BLACK_VIENNA.fold(notebook.setup, [(2, notebook.entries[1]), (5, notebook.entries[4])]),
        "facts",
    )


def test_a_search_out_of_budget_says_so_and_shows_no_sheet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(notebook_module, "CONFLICT_CHECKS", 3)
    grammar = CountingGrammar()
    notebook = Notebook.start("black-vienna", grammar, {"players": 4, "seat": 1, "hand": "AFKPTX"})
    for entry in ("0 BHV 1", "0 GKN 2", "2 CDE 3", "0 LOY 1", "3 CDG 2 !"):
        notebook.enter(entry)
    grammar.checks = 0
    warnings = notebook.warnings()
    assert warnings[-1] == "(the search stopped before narrowing them down further)"
    assert notebook.sheet() == (
        "The entries contradict each other: edit or delete one to see the sheet."
    )
    assert grammar.checks <= 1 + 3  # the whole list, then at most the budget
    with pytest.raises(EntryError, match="the entries contradict each other: fix them first"):
        notebook.why("C")


@pytest.fixture
def no_terminal(monkeypatch: pytest.MonkeyPatch) -> list[Notebook[Any, Any]]:
    return without_terminal(monkeypatch)


_assist = run_assist


def test_assist_refuses_bad_arguments_at_once_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_terminal: list[Any]
) -> None:
    file = str(tmp_path / "s.json")
    for argv, message in [
        (
            ["bv", "--players", "4", "--seat", "1", "--hand", "AFKPT"],
            "hand: seat 1 of 4 holds 6 cards, not 5",
        ),
        (
            ["bv", "--players", "x", "--seat", "1", "--hand", "AFKPTX"],
            "--players: 'x' is not a whole number",
        ),
        (["bv", "--players", "4", "--hands", "AFKPTX"], "unrecognized arguments: --hands AFKPTX"),
        (["bv", "--seat", "1", "--hand", "AFKPTX"], "a new session needs --players"),
        (["bv", "--resume"], "--resume: there is no session in"),
        (
            [
                "bv",
                "--file",
                str(tmp_path / "no" / "s.json"),
                "--players",
                "4",
                "--seat",
                "1",
                "--hand",
                "AFKPTX",
            ],
            "cannot save in",
        ),
    ]:
        code, err = (
            _assist(capsys, *argv, "--file", file)
            if "--file" not in argv
            else _assist(capsys, *argv)
        )
        assert code == 2, argv
        assert err.count("\n") == 1 and err.startswith("sleuth assist: ") and message in err, err
    assert not no_terminal
    assert not (tmp_path / "s.json").exists()


def test_assist_reopens_a_session_only_when_asked_and_only_if_it_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_terminal: list[Any]
) -> None:
    path = tmp_path / "s.json"
    setup = ["--players", "4", "--seat", "1", "--hand", "AFKPTX"]
    assert _assist(capsys, "bv", "--file", str(path), *setup)[0] == 0
    no_terminal[-1].enter("2 AOR 1")
    saved = path.read_bytes()
    code, err = _assist(capsys, "bv", "--file", str(path), *setup)
    assert code == 2
    assert err == (
        f"sleuth assist: {path} holds a session (Black Vienna, 4 players, you are seat 1, "
        "1 entry): add --resume to go on with it, or --new to start over\n"
    )
    code, err = _assist(
        capsys, "bv", "--file", str(path), "--resume", "--seat", "2", "--hand", "AFKPTY"
    )
    assert code == 2
    assert err == (
        f"sleuth assist: --seat 2 (the session has 1); --hand AFKPTY (the session has AFKPTX) "
        f"does not match the session in {path}: leave it out to resume, or start over with "
        "--new\n"
    )
    code, err = _assist(capsys, "bv", "--file", str(path), "--resume", "--hand", "xtpkfa")
    assert (code, err) == (0, "")  # the same hand, in another order and case
    assert no_terminal[-1].entries == no_terminal[0].entries
    assert path.read_bytes() == saved
    code, _ = _assist(
        capsys,
        "bv",
        "--new",
        "--file",
        str(path),
        "--players",
        "5",
        "--seat",
        "0",
        "--hand",
        "AFKP",
    )
    assert code == 0
    assert json.loads(path.read_text(encoding="utf-8"))["entries"] == []
    path.write_bytes(b"\xff")
    code, err = _assist(capsys, "bv", "--file", str(path), "--resume")
    assert (code, err) == (
        2,
        f"sleuth assist: {path}: it is not UTF-8 text (bad byte at offset 0)\n",
    )
    assert path.read_bytes() == b"\xff"
