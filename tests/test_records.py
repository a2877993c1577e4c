"""Records: commit then reveal, signatures, a strict reading, and bounded replay (on every
game's sample record, or the fronts' example game; a game's own: tests/games/<package>/)."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.cli.main import main
from sleuth.core import RecordError, make_game
from sleuth.core.record_files import save_record
from sleuth.core.records import RECORD_VERSION, replay_record
from sleuth.core.signing import canonical_bytes, sign_record
from support.example_game import EXAMPLE
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


def test_a_finished_record_reveals_and_replays() -> None:
    game = make_game(EXAMPLE, 3)
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
    for original in records.values():
        record = copy.deepcopy(original)
        record["seed"] += 1
        with pytest.raises(RecordError, match=r"^commitment: the revealed seed and salt do not"):
            replay_record(record)
        record = copy.deepcopy(original)
        record["salt"] = "0" * 32
        with pytest.raises(RecordError, match=r"^commitment:"):
            replay_record(record)


# --- a strict reading: each error names the field -------------------------------------------


def _edited(record: dict[str, Any], change: Any) -> dict[str, Any]:
    edited = copy.deepcopy(record)
    change(edited)
    return edited


def test_files_too_deep_or_with_too_many_digits_are_rejected_and_the_rest_checked(
    tmp_path: Path, records: dict[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    record = records[EXAMPLE]
    save_record(record, good)
    digits = tmp_path / "digits.json"
    digits.write_text(json.dumps(record).replace('"seed": ', '"seed": 1' + "0" * 5000))
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


def test_an_unsigned_record_is_rejected_under_a_key(records: dict[str, dict[str, Any]]) -> None:
    for record in records.values():
        with pytest.raises(RecordError, match=r"^signature: missing"):
            replay_record(record, KEY)


def test_simulate_signs_and_replay_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key, other = tmp_path / "key", tmp_path / "other"
    key.write_text(KEY.hex() + "\n")
    other.write_text(OTHER_KEY.hex() + "\n")
    folder = tmp_path / "records"
    args = ["simulate", EXAMPLE, "--players", "3", "--games", "2", "--seed", "1"]
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


# --- reading a record before its end ------------------------------------------------------


def test_replay_reads_an_unfinished_record_without_checking_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = [RandomAgent(0.0) for _ in range(3)]
    session = GameSession(make_game(EXAMPLE, 3), 8, bots, bot_seeds=bot_streams(8, 3))
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
