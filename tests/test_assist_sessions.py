"""Session files and the ``sleuth assist`` / ``sleuth deduce`` commands around them."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.assist import EntryError, Notebook, load_notebook, notebook_from_json
from sleuth.assist import notebook as notebook_module
from sleuth.cli.main import main
from sleuth.core.notebook import minimal_subset
from sleuth.deduce.api import analyze_position
from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA
from sleuth.games.black_vienna.notebook import BlackViennaGrammar
from sleuth.games.thirteen_clues.notebook import GRAMMAR as THIRTEEN_CLUES

README = Path(__file__).resolve().parents[1] / "README.md"


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
        ([], "expected a session: a JSON object"),
        (_session(extra=1), "unknown key 'extra'"),
        ({k: v for k, v in _session().items() if k != "entries"}, "'entries' is missing"),
        (_session(version=2), "version: 2 is not a version"),
        (_session(game="chess"), "game: unknown game 'chess'"),
        (_session(game="alibi"), "Alibi has no assistant"),
        (_session(setup=[]), "setup: expected an object"),
        (_session(setup={"players": 4, "seat": 1}), "setup: 'hand' is missing"),
        (_session(setup={"players": "4", "seat": 1, "hand": "AFKPTX"}), "setup.players"),
        (_session(setup={"players": True, "seat": 1, "hand": "AFKPTX"}), "setup.players"),
        (_session(setup={"players": 9, "seat": 1, "hand": "AFKPTX"}), "players: 9 is out"),
        (_session(entries="2 AOR 1"), "entries: expected a list"),
        (_session(entries=[3]), "entry #1: expected a line"),
        (_session(entries=["2 AOR 1", "2 AOR 9"]), "entry #2 \\('2 AOR 9'\\): 9 markers"),
        (_session(entries=["up AOR", "2 AOR 1", "up AOR"]), "#3: AOR was answered in #2"),
        (
            {
                **_session(game="13-clues", entries=[]),
                "setup": {"players": 4, "seat": 0},
            },
            "setup: 'hidden' is missing",
        ),
        (
            {
                **_session(game="13-clues", entries=[]),
                "setup": {"players": 4, "seat": 0, "hidden": ["Officer", "Bow"]},
            },
            "Bow is not in play at 4 players",
        ),
        (
            {**_session(game="bsi", entries=[]), "setup": {"seat": 0}},
            "setup: 'players' is missing",
        ),
        (
            {**_session(game="bsi", entries=[]), "setup": {"players": 3, "seat": []}},
            "setup.seat: expected a whole number",
        ),
    ],
)
def test_a_bad_session_is_refused_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(EntryError, match=message):
        notebook_from_json(data)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe{}", "not UTF-8 text"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"format": 1' + b"1" * 5000 + b"}", "a number of 5001 digits"),
        (b'{"format": 1.5}', "whole numbers only"),
        (b'{"format": NaN}', "NaN"),
        (b'{"format": 1, "format": 2}', "the key 'format' twice"),
        (b'{"format": ', "not JSON"),
        (b" " * 1_000_001, "larger than 1,000,000 bytes"),
    ],
)
def test_an_unreadable_file_is_refused_and_left_alone(
    tmp_path: Path, raw: bytes, message: str
) -> None:
    path = tmp_path / "s.json"
    path.write_bytes(raw)
    with pytest.raises(EntryError, match=message):
        load_notebook(path)
    assert path.read_bytes() == raw


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


def test_deduce_reads_a_black_stories_session_as_one_position_per_opponent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.json"
    notebook = Notebook.start(
        "black-stories-investigation", BLACK_STORIES, {"players": 3, "seat": 0}, path
    )
    notebook.enter("1 woman+knife 2")
    assert main(["deduce", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["positions"]) == {"seat 1", "seat 2"}
    assert out["positions"]["seat 1"]["worlds"] == "4"  # woman, knife: 2 x 2 cases left
    assert out["positions"]["seat 2"]["worlds"] == "16"


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


def test_minimal_subset_finds_an_irreducible_subset_within_its_budget() -> None:
    calls: list[frozenset[int]] = []

    def holds(chosen: Any) -> bool:
        calls.append(frozenset(chosen))
        return {3, 17}.issubset(chosen) or {5, 6, 7}.issubset(chosen)

    # the search keeps the conflict that closes first in entry order: {5, 6, 7} by #7
    found, irreducible = minimal_subset(range(40), holds, 100)
    assert found == [5, 6, 7] and irreducible
    assert len(calls) <= 3 * 7 + 1
    calls.clear()
    found, irreducible = minimal_subset(range(40), holds, 3)
    assert not irreducible and holds(found) and len(calls) == 3 + 1


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.frozensets(st.integers(0, 29), min_size=1, max_size=4), min_size=1, max_size=4),
    st.integers(1, 200),
)
def test_minimal_subset_is_irreducible_or_says_so(
    witnesses: list[frozenset[int]], budget: int
) -> None:
    calls = 0

    def holds(chosen: Any) -> bool:
        nonlocal calls
        calls += 1
        return any(w.issubset(chosen) for w in witnesses)

    found, irreducible = minimal_subset(range(30), holds, budget)
    used = calls
    assert used <= budget
    assert holds(found)
    if irreducible:
        assert all(not holds([x for x in found if x != drop]) for drop in found)


# --- the command ------------------------------------------------------------------------------


@pytest.fixture
def no_terminal(monkeypatch: pytest.MonkeyPatch) -> list[Notebook[Any, Any]]:
    """Run ``sleuth assist`` without the terminal app: record the notebook it would show."""
    pytest.importorskip("textual")
    from sleuth.tui.assist_app import AssistApp

    shown: list[Notebook[Any, Any]] = []
    monkeypatch.setattr(AssistApp, "run", lambda self: shown.append(self.notebook))
    return shown


def _assist(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["assist", *argv])
    captured = capsys.readouterr()
    return code, captured.err


def test_assist_refuses_bad_arguments_at_once_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_terminal: list[Any]
) -> None:
    file = str(tmp_path / "s.json")
    for argv, message in [
        (
            ["13-clues", "--players", "4", "--seat", "0", "--hidden", "Officer", "Bow"],
            "hidden: Bow is not in play at 4 players (no gray cards)",
        ),
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
        (["alibi", "--players", "3"], "Alibi has no assistant"),
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


def test_assist_lists_the_games_own_setup_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_code:
        main(["assist", "13-clues", "--help"])
    assert exit_code.value.code == 0
    out = capsys.readouterr().out
    assert "--hidden CARD CARD" in out and "--players N" in out and "--resume" in out
    assert "--hand" not in out  # Black Vienna's, not 13 Clues'
    assert "Type 'help' in the assistant for the game's entries." in out


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


# --- README -----------------------------------------------------------------------------------


def _readme_positions() -> list[str]:
    text = README.read_text(encoding="utf-8")
    fenced = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    inline = re.findall(r"`(\{\"game\".*?\})`", text, flags=re.S)
    return fenced + inline


def test_readme_has_a_position_example_for_every_game_with_knowledge() -> None:
    from sleuth.core import all_kits, find_kit
    from sleuth.core.kit import KNOWLEDGE

    games = {find_kit(json.loads(example)["game"]).name for example in _readme_positions()}
    assert games == {kit.name for kit in all_kits() if kit.has(KNOWLEDGE)}


@pytest.mark.parametrize("example", _readme_positions())
def test_readme_position_examples_run_through_deduce(
    example: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "position.json"
    path.write_text(example, encoding="utf-8")
    assert main(["deduce", str(path), "--json"]) == 0, capsys.readouterr().err
    out = json.loads(capsys.readouterr().out)
    assert out["consistent"] is True
    assert int(out["worlds"]) > 1


def test_every_kit_with_a_notebook_gives_a_grammar_with_setup_and_help() -> None:
    from sleuth.assist import Grammar, grammar_of
    from sleuth.core import all_kits
    from sleuth.core.kit import NOTEBOOK

    kits = [kit for kit in all_kits() if kit.has(NOTEBOOK)]
    assert {kit.name for kit in kits} >= {"black-vienna", "13-clues", "black-stories-investigation"}
    for kit in kits:
        grammar = grammar_of(kit)
        assert isinstance(grammar, Grammar)
        assert grammar.entries_help and grammar.setup_fields
        assert {f.name for f in grammar.setup_fields} >= {"players", "seat"}
