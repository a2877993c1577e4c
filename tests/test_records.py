"""Records: commit then reveal, signatures, a strict reading, and bounded replay."""

from __future__ import annotations

import copy
import hashlib
import json
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.cli.main import main
from sleuth.core import RecordError, make_game
from sleuth.core.records import RECORD_VERSION, Recorder, replay_record, save_record
from sleuth.core.signing import canonical_bytes, commitment, sign_record
from sleuth.games.black_vienna import BlackVienna
from support.json_access import as_list, as_obj
from support.narrow import narrow
from support.records import SALT, sample_records
from support.streams import bot_streams

KEY = b"the service's signing key, 32 b."
OTHER_KEY = b"somebody else's key, 32 bytes.."
ENDING = {"seed", "salt", "private", "reveal", "outcome"}


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return sample_records()


# --- commit, then reveal -----------------------------------------------------------------


def test_the_commitment_is_sha256_of_seed_and_salt(records: dict[str, dict[str, Any]]) -> None:
    for record in records.values():
        expected = hashlib.sha256(f"{record['seed']}:{record['salt']}".encode()).hexdigest()
        assert record["commitment"] == expected
        assert record["salt"] == SALT and record["version"] == RECORD_VERSION == 2
        assert replay_record(record).signature == "unsigned"


def test_a_record_before_the_end_holds_no_seed_salt_private_part_or_reveal() -> None:
    game = make_game("13-clues", 4, top_secret=True)
    bots = [RandomAgent(0.0) for _ in range(4)]
    session = GameSession(game, 2**100 + 77, bots, salt=SALT, bot_seeds=bot_streams(1, 4))
    head = session.record()
    for _ in range(12):
        session.bot_step()
    record = session.record()
    text = json.dumps(record)
    assert not ENDING & set(record) and not ENDING & set(head)
    assert str(2**100 + 77) not in text and SALT not in text
    assert record["commitment"] == head["commitment"] == commitment(2**100 + 77, SALT)
    # The chosen mysteries are nobody's business yet: the steps say only that one was chosen.
    steps = [as_list(step) for step in as_list(record["steps"])]
    assert [step[1] for step in steps[:4]] == ["choose ?"] * 4
    assert all(
        step[1] == public
        for step, public in zip(steps, (s.public_action for s in session.steps), strict=True)
    )
    replay = replay_record(json.loads(text))
    assert replay.final is None and replay.seed is None and len(replay.steps) == 12
    with pytest.raises(RecordError, match="no seed to deal from"):
        next(replay.states())


def test_a_finished_record_reveals_and_replays() -> None:
    game = make_game("bv", 3)
    bots = [RandomAgent(0.05) for _ in range(3)]
    session = GameSession(game, 99, bots, salt=SALT, bot_seeds=bot_streams(99, 3))
    while session.bot_step() is not None:
        pass
    record = session.record()
    assert set(record) >= ENDING and record["seed"] == 99
    replay = replay_record(record)
    assert replay.final is not None and replay.final.outcome == session.outcome
    assert [s.action for s in replay.steps] == [s.action for s in session.steps]
    assert sum(1 for _ in replay.states()) == len(session.steps) + 1


def test_a_changed_seed_or_salt_breaks_the_commitment(records: dict[str, dict[str, Any]]) -> None:
    record = copy.deepcopy(records["black-vienna"])
    record["seed"] += 1
    with pytest.raises(RecordError, match=r"^commitment: the revealed seed and salt do not hash"):
        replay_record(record)
    record = copy.deepcopy(records["black-vienna"])
    record["salt"] = "0" * 32
    with pytest.raises(RecordError, match=r"^commitment:"):
        replay_record(record)


# --- a strict reading: each error names the field -------------------------------------------


def _edited(record: dict[str, Any], change: Any) -> dict[str, Any]:
    edited = copy.deepcopy(record)
    change(edited)
    return edited


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(winner=2), r"^'winner': unknown key"),
        (lambda r: r.pop("version"), r"^version: missing$"),
        (lambda r: r.update(version=1), r"^version: this Sleuth reads version 2 records, not 1"),
        (lambda r: r.update(version=2.0), r"^version: 2\.0 is not a whole number"),
        (lambda r: r.pop("reveal"), r"^reveal: missing \(a finished record holds"),
        (lambda r: r.pop("private"), r"^private: missing"),
        (lambda r: r["outcome"]["scores"].__setitem__(0, 1.0), r"^outcome\.scores\[0\]: 1\.0 is"),
        (lambda r: r["outcome"]["scores"].__setitem__(2, True), r"^outcome\.scores\[2\]: record"),
        (lambda r: r["steps"][0].__setitem__(1, "ask 1 cde"), r"^step 1: .*not in canonical"),
        (lambda r: r["steps"][0].__setitem__(0, True), r"^step 1: expected \[seat, action, res"),
        (lambda r: r["steps"][0].__setitem__(0, 2**200), r"steps\[0\]\[0\]: a 61-digit number"),
        (lambda r: r["private"][0].__setitem__(1, "accuse EMK"), r"^step 8: .*not in canonical"),
        (lambda r: r.update(commitment="xyz"), r"^commitment: expected 64 hex digits"),
        (lambda r: r.update(config={"players": 4, "x": 1}), r"config: unknown field"),
        (lambda r: r["reveal"].update(ring="ABC"), r"^reveal: does not match the deal"),
        (lambda r: r.update(signature="0" * 63), r"^signature: expected 64 hex digits"),
    ],
)
def test_replay_names_what_is_wrong(
    records: dict[str, dict[str, Any]], change: Any, message: str
) -> None:
    with pytest.raises(RecordError, match=message):
        replay_record(_edited(records["black-vienna"], change))


def test_private_texts_must_stay_out_of_the_public_steps(
    records: dict[str, dict[str, Any]],
) -> None:
    record = records["black-vienna"]
    number, action, _ = record["private"][0]
    assert (number, action) == (8, "accuse EKM") and record["steps"][7][1] == "accuse ?"

    def leak(r: dict[str, Any]) -> None:  # the letters in the public step, no private entry
        r["steps"][7][1] = action
        del r["private"][0]

    with pytest.raises(RecordError, match=r"^step 8: .*the table sees 'accuse \?' \(the rest"):
        replay_record(_edited(record, leak))

    def needless(r: dict[str, Any]) -> None:  # a private entry for an all-public step
        r["private"].insert(0, [1, "ask 1 CDE", ""])

    with pytest.raises(RecordError, match=r"^step 1: its private entry hides nothing"):
        replay_record(_edited(record, needless))


def test_files_too_deep_or_with_too_many_digits_are_rejected_and_the_rest_checked(
    tmp_path: Path, records: dict[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    save_record(records["alibi"], good)
    digits = tmp_path / "digits.json"
    digits.write_text(json.dumps(records["alibi"]).replace('"seed": ', '"seed": 1' + "0" * 5000))
    deep = tmp_path / "deep.json"
    deep.write_text('{"steps": ' + "[" * 100_000 + "]" * 100_000 + "}")
    nested = tmp_path / "nested.json"
    nested.write_text('{"config": ' + "[" * 500 + "]" * 500 + "}")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b'{"game": "\xff"}')
    missing = tmp_path / "missing.json"
    files = [digits, good, deep, nested, binary, missing, good]
    assert main(["replay", *map(str, files)]) == 2
    captured = capsys.readouterr()
    errors = captured.err.splitlines()
    assert errors == [
        f"{digits}: REJECTED: {digits}: a number has more than 4300 digits",
        f"{deep}: REJECTED: {deep}: JSON nested too deeply to be a record",
        f"{nested}: REJECTED: config[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: "
        "nested deeper than any record (16 levels)",
        f"{binary}: REJECTED: {binary}: not UTF-8 text (byte 10)",
        f"{missing}: REJECTED: {missing}: cannot read: No such file or directory",
    ]
    lines = captured.out.splitlines()
    assert len(lines) == 2 and all(line.startswith(f"{good}: ok, ") for line in lines)
    assert all(line.endswith("; unsigned: authenticity not checked") for line in lines)


# --- signatures ------------------------------------------------------------------------------


def test_the_canonical_form_is_sorted_compact_utf8_without_the_signature() -> None:
    record = {"b": [1, "Ö"], "a": {"d": None, "c": True}, "signature": "f" * 64}
    assert canonical_bytes(record) == '{"a":{"c":true,"d":null},"b":[1,"Ö"]}'.encode()
    signed = sign_record({"x": 1}, KEY)
    assert signed["signature"] == sign_record(signed, KEY)["signature"]  # the old one ignored


def _leaf_edits(value: Any, path: str = "") -> list[tuple[str, Any]]:
    """(path, edit) for every field at every depth: each value changed, each key deleted,
    each array shortened and lengthened."""
    edits: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for key in value:
            edits.append((f"{path}.{key} deleted", lambda r, p=path, k=key: _at(r, p).pop(k)))
            edits += _leaf_edits(value[key], f"{path}.{key}")
        edits.append((f"{path}.extra added", lambda r, p=path: _at(r, p).update(extra=0)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            edits += _leaf_edits(item, f"{path}[{index}]")
        if value:
            edits.append((f"{path} shortened", lambda r, p=path: _at(r, p).pop()))
            edits.append((f"{path} lengthened", lambda r, p=path: _at(r, p).append(_at(r, p)[-1])))
    else:
        for other in _others(value):
            edits.append((f"{path} = {other!r}", lambda r, p=path, o=other: _set(r, p, o)))
    return edits


def _others(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value, int(value)]
    if isinstance(value, int):
        return [value + 1, float(value), value == 1]
    if isinstance(value, str):
        flipped = value[:-1] + ("0" if value[-1:] != "0" else "1") if value else "x"
        return [flipped, value + " "]
    return [0]


def _steps(path: str) -> list[str | int]:
    parts: list[str | int] = []
    for chunk in path.replace("]", "").replace("[", ".").split(".")[1:]:
        parts.append(int(chunk) if chunk.isdigit() else chunk)
    return parts


def _at(record: Any, path: str) -> Any:
    for part in _steps(path):
        record = record[part]
    return record


def _set(record: Any, path: str, value: Any) -> None:
    *parents, last = _steps(path)
    for part in parents:
        record = record[part]
    record[last] = value


@pytest.mark.slow
def test_every_single_field_edit_of_a_signed_record_is_rejected(
    records: dict[str, dict[str, Any]],
) -> None:
    checked = 0
    caught_by_signature_alone: list[str] = []
    for name, record in records.items():
        signed = sign_record(record, KEY)
        assert replay_record(copy.deepcopy(signed), KEY).signature == "checked"
        edits = _leaf_edits(signed)
        assert len(edits) > 100, name
        for where, change in edits:
            edited = _edited(signed, change)
            with pytest.raises(RecordError):
                replay_record(edited, KEY)
            try:
                replay_record(edited)
            except RecordError:
                pass
            else:  # a change that is still a legal game of this deal: only the key sees it
                caught_by_signature_alone.append(f"{name}{where}")
            checked += 1
    assert checked > 1000
    # Without the key, the replay alone catches nearly every edit; what it cannot catch is
    # another legal game that says the same (an option that never came into play, a deck
    # entry the game reads alike, a card played to another seat with the same result):
    # that is what the signature is for.
    assert len(caught_by_signature_alone) < checked // 10, caught_by_signature_alone


def test_a_forged_record_is_rejected(records: dict[str, dict[str, Any]]) -> None:
    """The issue's forgery, a legal game in which seat 2 wins at once, signed with another
    key; and a genuine record re-signed with another key."""
    game = make_game("bv", 3, post_win_guesses=False)
    truth = game.new(5).reveal()["ring"]
    forger = Recorder(game, 5, SALT)
    forger.play(0, "ask 1 " + str(narrow(BlackVienna, game).new(5).view(0).face_up[0]))
    forger.play(2, f"accuse {truth}")
    forged = sign_record(forger.record(), OTHER_KEY)
    assert as_obj(forged["outcome"])["winners"] == [2]
    replay_record(copy.deepcopy(forged))  # as a game it is legal ...
    with pytest.raises(RecordError, match=r"^signature: does not match the record under this"):
        replay_record(forged, KEY)  # ... but not the service's
    with pytest.raises(RecordError, match=r"^signature: missing"):
        replay_record(records["alibi"], KEY)


def test_simulate_signs_and_replay_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key, other = tmp_path / "key", tmp_path / "other"
    key.write_text(KEY.hex() + "\n")
    other.write_text(OTHER_KEY.hex() + "\n")
    folder = tmp_path / "records"
    args = ["simulate", "13-clues", "--players", "3", "--games", "2", "--seed", "1"]
    assert main([*args, "--record-dir", str(folder), "--key", str(key)]) == 0
    files = sorted(map(str, folder.glob("*.json")))
    capsys.readouterr()
    assert main(["replay", "--key", str(key), *files]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all(line.endswith("; signature checked") for line in lines)
    assert main(["replay", *files]) == 0
    assert capsys.readouterr().out.count("signed, but the signature is not checked") == 2
    assert main(["replay", "--key", str(other), *files]) == 2
    assert capsys.readouterr().err.count("REJECTED: signature: does not match") == 2
    short = tmp_path / "short"
    short.write_text("abc")
    assert main(["replay", "--key", str(short), *files]) == 2
    assert "a key needs at least 16 bytes, this one has 3" in capsys.readouterr().err


# --- bounded replay ------------------------------------------------------------------------------


def _long_record(questions: int) -> dict[str, Any]:
    """A two-player 13 Clues game of ``questions`` questions, then a correct accusation."""
    game = make_game("13-clues", 2, mystery_choice="random")
    recorder = Recorder(game, 3, SALT)
    state: Any = recorder.state
    while state.phase == "choose":
        recorder.play(state.to_move(), str(state.legal_actions(state.to_move())[0]))
        state = recorder.state
    for number in range(questions):
        seat = state.to_move()
        witness, side = 1 - seat, ("left", "right")[number % 2]
        recorder.play(seat, f"ask {witness} {state.game.subjects[number % 5]} {side}")
        state = recorder.state
    seat = state.to_move()
    names = [state.game.cards[c].name for c in state.mysteries[seat]]
    recorder.play(seat, "accuse " + " ".join(names))
    return recorder.record()


@pytest.mark.slow
def test_replay_time_and_memory_grow_linearly() -> None:
    measured = []
    for questions in (2_000, 8_000):
        record = _long_record(questions)
        tracemalloc.start()
        started = time.perf_counter()
        replay = replay_record(record)
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert replay.final is not None and len(replay.steps) == questions + 1
        measured.append((seconds, peak))
    (time_small, peak_small), (time_large, peak_large) = measured
    # Four times the steps, about four times the memory: a replay keeps one state (keeping
    # every state, as replays did, made memory grow with the square: sixteen times).
    assert peak_large < 6 * peak_small, measured
    assert peak_large < 20_000_000, measured
    # Time grows somewhat faster than the steps: a 13 Clues state copies (and frees) its
    # whole question log at every step, a cost of the game's state, not of the replay.
    assert time_large < 16 * time_small + 1.0, measured


def test_replay_reads_an_unfinished_record_without_checking_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = [RandomAgent(0.0) for _ in range(3)]
    session = GameSession(make_game("bv", 3), 8, bots, bot_seeds=bot_streams(8, 3))
    for _ in range(5):
        session.bot_step()
    path = tmp_path / "unfinished.json"
    save_record(session.record(), path)
    signed = tmp_path / "signed.json"
    save_record(sign_record(session.record(), KEY), signed)
    key = tmp_path / "key"
    key.write_bytes(KEY)
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == (
        f"{path}: ok so far, 5 public steps, not over (the seed is revealed only at the end: "
        "no step can be checked before); unsigned: authenticity not checked\n"
    )
    assert main(["replay", "--key", str(key), str(signed)]) == 0
    assert capsys.readouterr().out.endswith("; signature checked\n")
