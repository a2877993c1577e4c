"""Fuzzing the assistant: entries and session files of every game with a notebook (what
is typed into each: ``notebook`` in its cases, tests/games/<package>/).

Whatever is typed or found in a file, the notebook raises nothing but ``EntryError``, and a
refused entry or file leaves the session and the file on disk exactly as they were.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sleuth.assist import EntryError, Notebook, load_notebook
from sleuth.core import GameKit, all_kits
from sleuth.core.kit import NOTEBOOK
from sleuth.deduce.api import analyze_position
from support.entry_fuzz import join, seats
from support.game_cases import NotebookCases, cases_of

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

junk = st.text(max_size=30)


def notebook_cases(kit: GameKit) -> NotebookCases:
    cases = cases_of(kit).notebook
    if cases is None:
        raise TypeError(f"{kit.name} has a notebook but no NotebookCases in its cases")
    return cases


# Every game with a notebook: its grammar, its setup and what to type into it.
GAMES: dict[str, tuple[Any, dict[str, object], NotebookCases]] = {
    kit.name: (kit.load(NOTEBOOK), dict(notebook_cases(kit).setup), notebook_cases(kit))
    for kit in all_kits()
    if kit.has(NOTEBOOK)
}


def _lines(entry: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    command = st.one_of(
        st.sampled_from(["undo", "list", "help", "delete", "edit", "why"]),
        join(st.just("delete"), seats),
        st.tuples(seats, entry).map(lambda pair: f"edit {pair[0]} {pair[1]}"),
    )
    return st.one_of(entry, entry, entry, command, junk)


sessions = st.sampled_from(sorted(GAMES)).flatmap(
    lambda game: st.tuples(
        st.just(game),
        st.booleans(),
        st.lists(_lines(GAMES[game][2].entries), max_size=14),
    )
)


@pytest.mark.slow
@FUZZ
@given(sessions)
def test_fuzzed_entries_raise_only_entry_errors_and_a_refusal_changes_nothing(
    session: tuple[str, bool, list[str]],
) -> None:
    game, table, lines = session
    grammar, values, cases = GAMES[game]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.json"
        notebook = Notebook.start(game, grammar, values, path)
        notebook.save()
        if table:
            for line in cases.table:
                notebook.enter(line)
        for line in lines:
            entries, saved = notebook.entries, path.read_bytes()
            try:
                notebook.enter(line)
            except EntryError:
                assert notebook.entries == entries
                assert path.read_bytes() == saved
            else:
                written = json.loads(path.read_text(encoding="utf-8"))["entries"]
                assert written == [entry.text() for entry in notebook.entries]
            notebook.warnings()
        notebook.sheet("facts")
        for entry in notebook.entries:  # the canonical text reads back as the same entry
            assert grammar.parse(notebook.setup, entry.text()) == entry
        assert load_notebook(path).entries == notebook.entries
        _positions_go_through_the_engine(notebook)


def _positions_go_through_the_engine(notebook: Notebook[Any, Any]) -> None:
    try:
        positions = notebook.positions()
    except EntryError:
        return  # a game before its table is entered (no mysteries yet): no position, said so
    for position in positions.values():
        analysis = analyze_position(position)
        assert analysis["consistent"] is notebook.review().consistent or len(positions) > 1


def _valid_session(game: str) -> dict[str, Any]:
    grammar, values, cases = GAMES[game]
    notebook = Notebook.start(game, grammar, values)
    for line in cases.valid:
        notebook.enter(line)
    return notebook.to_json()


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**8), 10**8), st.text(max_size=12)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def mutated_sessions(draw: st.DrawFn) -> bytes:
    game = draw(st.sampled_from(sorted(GAMES)))
    data = _valid_session(game)
    # a path to a value somewhere in the session, then one change there
    target: Any = data
    while isinstance(target, dict | list) and target and draw(st.booleans()):
        key = draw(
            st.sampled_from(
                sorted(target) if isinstance(target, dict) else list(range(len(target)))
            )
        )
        if not isinstance(target[key], dict | list) or not target[key]:
            break
        target = target[key]
    change = draw(st.sampled_from(["replace", "delete", "add", "bytes", "none"]))
    if isinstance(target, dict) and target and change in ("replace", "delete"):
        key = draw(st.sampled_from(sorted(target)))
        if change == "delete":
            del target[key]
        else:
            target[key] = draw(json_values)
    elif isinstance(target, list) and target and change == "replace":
        target[draw(st.integers(0, len(target) - 1))] = draw(json_values)
    elif isinstance(target, dict) and change == "add":
        target[draw(st.text(max_size=8))] = draw(json_values)
    raw = json.dumps(data, ensure_ascii=draw(st.booleans())).encode("utf-8")
    if change == "bytes":
        cut = draw(st.integers(0, len(raw)))
        raw = raw[:cut] + draw(st.binary(max_size=8)) + raw[cut:]
    return raw


@FUZZ
@given(mutated_sessions())
def test_fuzzed_session_files_load_or_raise_an_entry_error_and_stay_as_they_are(
    raw: bytes,
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.json"
        path.write_bytes(raw)
        try:
            notebook = load_notebook(path)
        except EntryError as error:
            assert str(error).startswith(f"{path}: ")
        else:
            notebook.warnings()
            notebook.sheet("facts")
            assert load_notebook(path).to_json() == notebook.to_json()
        assert path.read_bytes() == raw
