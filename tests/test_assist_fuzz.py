"""Fuzzing the assistant: entries and session files of every game with a notebook.

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
from sleuth.deduce.api import analyze_position
from sleuth.games.black_stories.knowledge import ATTRIBUTES
from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES
from sleuth.games.black_vienna import DEFAULT_DECK
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA
from sleuth.games.thirteen_clues.knowledge import CATEGORIES, COLOURS, cards_for
from sleuth.games.thirteen_clues.notebook import GRAMMAR as THIRTEEN_CLUES
from sleuth.games.thirteen_clues.notebook import KINDS

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

odd_numbers = st.sampled_from(["²", "٣", "-1", "1" * 40, "9" * 300, "0x1", "1.5", ""])
table_seats = st.integers(0, 3).map(str)
# mostly seats at a table of 3-4, so that most entries are taken and the engine works
seats = st.one_of(table_seats, table_seats, table_seats, odd_numbers, st.integers(4, 9).map(str))
junk = st.text(max_size=30)


def _join(*parts: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(*parts).map(" ".join)


bv_card = st.one_of(
    st.sampled_from(DEFAULT_DECK[:12]),  # few cards, so answers meet (and contradict)
    st.sampled_from(DEFAULT_DECK),
    st.sampled_from(["aor", "ROA", "AOQ", "Ö"]),
)
bv_markers = st.one_of(st.integers(0, 3).map(str), st.integers(0, 3).map(str), odd_numbers)
bv_entry = st.one_of(
    _join(seats, bv_card, bv_markers),
    _join(seats, bv_card, bv_markers),
    st.lists(bv_card, max_size=4).map(lambda cards: " ".join(["up", *cards])),
    _join(st.just("new"), bv_card),
    _join(st.just("why"), st.sampled_from(["A", "B", "Ö", "7", "AB"])),
)

tc_names = [name for name, _, _ in cards_for(6)]
tc_card = st.one_of(st.sampled_from(tc_names), st.sampled_from(["nurse", "Nobody", "²"]))
tc_kinds = [[name for name, _, kind in cards_for(4) if kind == k] for k in KINDS]
tc_trio = st.tuples(*(st.sampled_from(names) for names in tc_kinds)).map(" ".join)
tc_about = st.sampled_from([*COLOURS, *CATEGORIES, "left", "person", "²"])
tc_in_play = st.sampled_from([*COLOURS[:8], *CATEGORIES])
tc_entry = st.one_of(
    _join(st.just("mystery"), seats, tc_card, tc_card, tc_card),
    _join(st.just("mystery"), table_seats, tc_trio),
    _join(seats, tc_in_play, st.integers(0, 3).map(str)),
    _join(seats, tc_in_play, st.integers(0, 3).map(str)),
    _join(seats, tc_about, st.integers(0, 9).map(str)),
    _join(seats, tc_about, st.sampled_from(["left", "right"]), st.integers(0, 3).map(str)),
    _join(st.just("look"), st.sampled_from(["A", "b", "E", "Z", "²"]), tc_card),
    _join(st.just("accuse"), seats, tc_card, tc_card, tc_card),
    _join(st.just("accuse"), table_seats, tc_trio),
    _join(st.just("why"), tc_card),
)

bs_values = ["man", "woman", "day", "night", "inside", "outside", "knife", "gun", "cat"]
bs_card = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 1)),
    min_size=2,
    max_size=4,
    unique_by=lambda kind: kind[0],
).map(lambda kinds: [ATTRIBUTES[kind][value] for kind, value in kinds])
bs_case = st.tuples(*(st.sampled_from(pair) for pair in ATTRIBUTES)).map(list)
bs_evidence = st.one_of(
    bs_card, bs_card, bs_case, st.lists(st.sampled_from(bs_values), min_size=1, max_size=5)
)
bs_field = st.sampled_from(["0/1", "2", "3", "0/1", "2", "4", "²"])
bs_entry = st.one_of(
    _join(seats, bs_evidence.map("+".join), bs_field),
    _join(seats, bs_evidence.map("+".join), bs_field),
    _join(st.just("fail"), seats, bs_case.map("/".join)),
    _join(st.just("fail"), seats, bs_evidence.map("/".join)),
    _join(st.just("solved"), seats),
    _join(st.just("seen"), bs_case.map("+".join)),
    _join(st.just("seen"), bs_evidence.map("+".join)),
    _join(st.just("why"), seats, st.sampled_from(bs_values)),
)

GAMES: dict[str, tuple[Any, dict[str, object], st.SearchStrategy[str]]] = {
    "black-vienna": (BLACK_VIENNA, {"players": 4, "seat": 1, "hand": "AFKPTX"}, bv_entry),
    "13-clues": (
        THIRTEEN_CLUES,
        {"players": 4, "seat": 0, "hidden": ["Officer", "Park"]},
        tc_entry,
    ),
    "black-stories-investigation": (BLACK_STORIES, {"players": 3, "seat": 0}, bs_entry),
}


def _lines(entry: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    command = st.one_of(
        st.sampled_from(["undo", "list", "help", "delete", "edit", "why"]),
        _join(st.just("delete"), seats),
        st.tuples(seats, entry).map(lambda pair: f"edit {pair[0]} {pair[1]}"),
    )
    return st.one_of(entry, entry, entry, command, junk)


# Lines of a 13 Clues table where every mystery is known, so the engine gets involved.
TC_TABLE = [
    "mystery 1 Duke Market Sword",
    "mystery 2 Maid Plaza Gun",
    "mystery 3 Nurse Museum Candlestick",
]

sessions = st.sampled_from(sorted(GAMES)).flatmap(
    lambda game: st.tuples(
        st.just(game),
        st.booleans(),
        st.lists(_lines(GAMES[game][2]), max_size=14),
    )
)


@pytest.mark.slow
@FUZZ
@given(sessions)
def test_fuzzed_entries_raise_only_entry_errors_and_a_refusal_changes_nothing(
    session: tuple[str, bool, list[str]],
) -> None:
    game, table, lines = session
    grammar, values, _ = GAMES[game]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.json"
        notebook = Notebook.start(game, grammar, values, path)
        notebook.save()
        if game == "13-clues" and table:
            for line in TC_TABLE:
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
        return  # 13 Clues before every mystery is in: no position yet, said as such
    for position in positions.values():
        analysis = analyze_position(position)
        assert analysis["consistent"] is notebook.review().consistent or len(positions) > 1


def _valid_session(game: str) -> dict[str, Any]:
    grammar, values, _ = GAMES[game]
    notebook = Notebook.start(game, grammar, values)
    for line in {
        "black-vienna": ["up AOR BHV CDE", "2 AOR 1"],
        "13-clues": [*TC_TABLE, "2 purple 1"],
        "black-stories-investigation": ["1 woman+knife 2", "solved 2"],
    }[game]:
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
