"""Black Vienna's sample record (its golden scripted game) read strictly, each error naming
the field, its private accusation kept out of the public steps, and a forged record."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from sleuth.core import RecordError, find_kit, make_game
from sleuth.core.records import Recorder, replay_record
from sleuth.core.signing import sign_record
from sleuth.games.black_vienna import BlackVienna
from support.json_access import as_obj
from support.narrow import narrow
from support.records import SALT, sample_record

KEY = b"the service's signing key, 32 b."
OTHER_KEY = b"somebody else's key, 32 bytes.."


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return {"black-vienna": sample_record(find_kit("black-vienna"))}


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


def test_a_forged_record_is_rejected() -> None:
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
