"""Session files and the ``sleuth assist`` / ``sleuth deduce`` commands around them, on every
game with a notebook (each game's sessions: tests/games/<package>/)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.assist import EntryError, Notebook, load_notebook, notebook_from_json
from sleuth.cli.main import main
from sleuth.core import GameKit, all_kits
from sleuth.core.kit import NOTEBOOK
from sleuth.core.notebook import minimal_subset
from support.assist_command import run_assist, without_terminal
from support.game_cases import NotebookCases, cases_of
from support.game_names import built_in_kits

README = Path(__file__).resolve().parents[1] / "README.md"
WITH_NOTEBOOK = [kit for kit in all_kits() if kit.has(NOTEBOOK)]
WITHOUT_NOTEBOOK = [kit for kit in all_kits() if not kit.has(NOTEBOOK)]


def notebook_cases(kit: GameKit) -> NotebookCases:
    cases = cases_of(kit).notebook
    assert cases is not None, kit.name
    return cases


def _session(kit: GameKit, **changes: object) -> dict[str, object]:
    """A valid session of the kit's game (its cases' setup and lines), with ``changes``."""
    cases = notebook_cases(kit)
    data: dict[str, object] = {
        "format": "sleuth-assist-session",
        "version": 1,
        "game": kit.name,
        "setup": dict(cases.setup),
        "entries": list(cases.valid),
    }
    data.update(changes)
    return data


@pytest.mark.parametrize("kit", WITH_NOTEBOOK, ids=lambda kit: kit.name)
def test_a_valid_session_reads_back_as_it_was(kit: GameKit) -> None:
    notebook = notebook_from_json(_session(kit))
    assert [entry.text() for entry in notebook.entries] == list(notebook_cases(kit).valid)
    assert notebook_from_json(notebook.to_json()).entries == notebook.entries


@pytest.mark.parametrize("kit", WITH_NOTEBOOK, ids=lambda kit: kit.name)
def test_a_bad_session_is_refused_naming_the_field(kit: GameKit) -> None:
    without_entries = {k: v for k, v in _session(kit).items() if k != "entries"}
    for data, message in [
        ([], "expected a session: a JSON object"),
        (_session(kit, extra=1), "unknown key 'extra'"),
        (without_entries, "'entries' is missing"),
        (_session(kit, version=2), "version: 2 is not a version"),
        (_session(kit, game="chess"), "game: unknown game 'chess'"),
        (_session(kit, setup=[]), "setup: expected an object"),
        (_session(kit, entries="2 AOR 1"), "entries: expected a list"),
        (_session(kit, entries=[3]), "entry #1: expected a line"),
    ]:
        with pytest.raises(EntryError, match=message):
            notebook_from_json(data)
    for other in WITHOUT_NOTEBOOK:
        with pytest.raises(EntryError, match=f"{re.escape(other.game.title)} has no assistant"):
            notebook_from_json(_session(kit, game=other.name))


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
    return without_terminal(monkeypatch)


@pytest.mark.parametrize("kit", WITHOUT_NOTEBOOK, ids=lambda kit: kit.name)
def test_assist_refuses_a_game_without_an_assistant_with_one_line(
    kit: GameKit, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_terminal: list[Any]
) -> None:
    file = str(tmp_path / "s.json")
    code, err = run_assist(capsys, kit.name, "--players", "3", "--file", file)
    assert code == 2
    message = f"{kit.game.title} has no assistant"
    assert err.count("\n") == 1 and err.startswith("sleuth assist: ") and message in err, err
    assert not no_terminal
    assert not (tmp_path / "s.json").exists()


# --- README -----------------------------------------------------------------------------------


def _readme_positions() -> list[str]:
    text = README.read_text(encoding="utf-8")
    fenced = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    inline = re.findall(r"`(\{\"game\".*?\})`", text, flags=re.S)
    return fenced + inline


def test_readme_has_a_position_example_for_every_game_with_knowledge() -> None:
    from sleuth.core import find_kit
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

    # the built-in games with a notebook are those whose cases say what to type into it
    assert [kit.name for kit in built_in_kits() if kit.has(NOTEBOOK)] == [
        kit.name for kit in built_in_kits() if cases_of(kit).notebook is not None
    ]
    for kit in WITH_NOTEBOOK:
        grammar = grammar_of(kit)
        assert isinstance(grammar, Grammar)
        assert grammar.entries_help and grammar.setup_fields
        assert {f.name for f in grammar.setup_fields} >= {"players", "seat"}
