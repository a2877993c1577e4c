"""Game records: a game's public story as it goes, and at the end the proof of its deal.

A record is JSON. From the first step it holds the game, rules version and config, the
``commitment`` (SHA-256 of seed and salt, see ``signing``) and the public steps as
``[seat, public action, public result]``: only what every seat's view shows. Once the game
is over it also holds the ``seed`` and ``salt`` (which must hash to the commitment), the
``private`` section (``[step, action, private result]`` for each step whose action or result
says more than its public text), the ``reveal`` (the hidden deal) and the ``outcome``. A
record written before the end holds none of those five. A signer may add a ``signature``.

Replaying re-deals from the seed and re-applies each whole action, checks every public and
private text, the commitment and the reveal, and names the first field that disagrees.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import GameError, RecordError
from .protocol import Action, Game, State
from .record_checks import check_json_shape, first_difference, shown
from .registry import find_game
from .rng import SEED_BITS, secret_salt
from .said import Said, SaidValue, said, words_of
from .serialize import JSONValue, to_json
from .signing import SIGNATURE, commitment, signature_matches

RECORD_FORMAT = "sleuth-record"
RECORD_VERSION = 2
HEAD = ("format", "version", "game", "rules_version", "config", "commitment", "steps")
# Revealed at the end, all together; a record written before the end holds none of them.
ENDING = ("seed", "salt", "private", "reveal", "outcome")
KEYS = (*HEAD, *ENDING, SIGNATURE)


@dataclass(frozen=True)
class Step:
    """One step: ``action`` is the whole notation, ``public_action`` what every seat sees of
    it (the whole notation unless given); ``result`` is public, ``private_result`` not."""

    seat: int
    action: str
    result: str
    public_action: str = ""
    private_result: str = ""

    def __post_init__(self) -> None:
        if not self.public_action:
            object.__setattr__(self, "public_action", self.action)

    @property
    def is_private(self) -> bool:
        return self.public_action != self.action or bool(self.private_result)


def play_step(state: State, seat: int, action: Action) -> tuple[State, Step]:
    """Apply ``action`` (checked as ``State.apply`` checks it) and describe the step."""
    after = state.apply(seat, action)
    step = Step(
        seat,
        str(action),
        after.last_result(),
        state.public_action(seat, action),
        after.private_result(),
    )
    return after, step


def check_seed(seed: int) -> int:
    if type(seed) is not int or not 0 <= seed < 2**SEED_BITS:
        raise RecordError(
            said("seed: a record's seed is a whole number 0..2^%(bits)s-1", bits=SEED_BITS)
        )
    return seed


@dataclass
class Recorder:
    """Builds a record while a game is played; ``play`` validates through the state."""

    game: Game[Any]
    seed: int
    salt: str = field(default_factory=secret_salt)
    state: State = field(init=False)
    steps: list[Step] = field(default_factory=list)

    def __post_init__(self) -> None:
        check_seed(self.seed)
        self.state = self.game.new(self.seed)

    def play(self, seat: int, action_text: str) -> State:
        self.state, step = play_step(self.state, seat, self.game.parse_action(action_text))
        self.steps.append(step)
        return self.state

    def record(self) -> dict[str, JSONValue]:
        return make_record(self.game, self.seed, self.salt, self.steps, self.state)


def make_record(
    game: Game[Any], seed: int, salt: str, steps: Sequence[Step], final: State
) -> dict[str, JSONValue]:
    """The record of a game so far: public only until ``final`` is over, then whole."""
    check_seed(seed)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game.name,
        "rules_version": game.rules_version,
        "config": game.config_json(),
        "commitment": commitment(seed, salt),
        "steps": [[s.seat, s.public_action, s.result] for s in steps],
    }
    if final.outcome is not None:
        record["seed"] = seed
        record["salt"] = salt
        record["private"] = [
            [number, s.action, s.private_result]
            for number, s in enumerate(steps, start=1)
            if s.is_private
        ]
        record["reveal"] = dict(final.reveal())
        record["outcome"] = to_json(final.outcome)
    # Plain JSON (lists, not tuples): the record equals what a file of it reads back.
    data: dict[str, JSONValue] = json.loads(json.dumps(record, ensure_ascii=False))
    return data


@dataclass(frozen=True)
class Replay:
    """A checked record. ``steps`` are whole for a finished record; an unfinished one cannot
    be replayed (its seed is not revealed yet), so its steps are the public ones and
    ``final`` is ``None``. ``signature`` is "checked", "unsigned" or "not checked"."""

    game: Game[Any]
    seed: int | None
    steps: tuple[Step, ...]
    final: State | None
    signature: str

    @property
    def finished(self) -> bool:
        return self.final is not None

    def states(self) -> Iterator[State]:
        """Every state from the deal to the end, dealt again one at a time: a replay keeps
        only its final state, so that it takes memory for one state, not one per step."""
        if self.seed is None:
            raise RecordError(said("an unfinished record has no seed to deal from"))
        state = self.game.new(self.seed)
        yield state
        for step in self.steps:
            state = state.apply(step.seat, self.game.parse_action(step.action))
            yield state

    def state_at(self, index: int) -> State:
        """The state after ``index`` steps (0: the deal)."""
        for number, state in enumerate(self.states()):
            if number == index:
                state.settle()
                return state
        raise IndexError(f"a record of {len(self.steps)} steps has no state {index}")


def replay_record(record: object, key: bytes | None = None) -> Replay:
    """Check a record; with ``key``, its signature too. ``RecordError`` names the first
    field (or step) that is wrong. Time is linear in the steps, memory one state."""
    check_json_shape(record)
    if not isinstance(record, dict):
        raise RecordError(said("record: expected a JSON object"))
    _check_head(record)
    game = _record_game(record)
    public = _public_steps(record["steps"], game.players)
    finished = _check_ending_keys(record)
    signature = _check_signature(record, key)
    if not finished:
        seen = tuple(Step(seat, text, result) for seat, text, result in public)
        return Replay(game, None, seen, None, signature)
    seed, salt = _revealed_seed(record)
    private = _private_steps(record["private"], len(public))
    state = game.new(seed)
    steps = []
    for number, (seat, shown_text, result) in enumerate(public, start=1):
        text, private_result = private.get(number, (shown_text, ""))
        state, step = _replay_step(game, state, number, seat, text)
        if number in private and not step.is_private:
            raise RecordError(
                said(
                    "its private entry hides nothing (the action is all public, with no "
                    "private result): list only steps that hide something"
                ),
                number,
            )
        if step.public_action != shown_text:
            values = {
                **_acting(seat, text),
                "public": shown(shown_text),
                "seen": shown(step.public_action),
            }
            if number in private:
                raise RecordError(
                    said(
                        "seat %(seat)s %(action)s: public text %(public)s, but the table sees "
                        "%(seen)s",
                        **values,
                    ),
                    number,
                )
            raise RecordError(
                said(
                    "seat %(seat)s %(action)s: public text %(public)s, but the table sees "
                    "%(seen)s (the rest belongs in the private section)",
                    **values,
                ),
                number,
            )
        if step.result != result:
            raise RecordError(
                said(
                    "seat %(seat)s %(action)s: recorded result %(recorded)s, but the deal "
                    "gives %(dealt)s",
                    **_acting(seat, text),
                    recorded=shown(result),
                    dealt=shown(step.result),
                ),
                number,
            )
        if step.private_result != private_result:
            raise RecordError(
                said(
                    "seat %(seat)s %(action)s: recorded private result %(recorded)s, but the "
                    "deal gives %(dealt)s",
                    **_acting(seat, text),
                    recorded=shown(private_result),
                    dealt=shown(step.private_result),
                ),
                number,
            )
        steps.append(step)
    _check_end(record, game, seed, salt, steps, state)
    state.settle()  # kept: it must not hold every state before it (``State.settle``)
    return Replay(game, seed, tuple(steps), state, signature)


def _check_head(record: dict[str, Any]) -> None:
    unknown = [key for key in record if key not in KEYS]
    if unknown:
        raise RecordError(
            said(
                "%(key)s: unknown key (a record holds %(keys)s)",
                key=shown(unknown[0]),
                keys=", ".join(KEYS),
            )
        )
    for key in HEAD:
        if key not in record:
            raise RecordError(said("%(where)s: missing", where=key))
    if record["format"] != RECORD_FORMAT:
        raise RecordError(
            said(
                "format: expected %(format)s, got %(given)s",
                format=repr(RECORD_FORMAT),
                given=shown(record["format"]),
            )
        )
    version = record["version"]
    if type(version) is not int:
        raise RecordError(
            said("version: expected a whole number, got %(given)s", given=shown(version))
        )
    if version != RECORD_VERSION:
        raise RecordError(_other_version(version))
    text = record["commitment"]
    if not _is_hex(text, 64):
        raise RecordError(
            said("commitment: expected 64 hex digits (SHA-256), got %(given)s", given=shown(text))
        )


def _other_version(version: int) -> Said:
    if 0 < version < RECORD_VERSION:
        return said(
            "version: this Sleuth reads version %(reads)s records, not %(given)s (an older "
            "format, before commitments)",
            reads=RECORD_VERSION,
            given=version,
        )
    return said(
        "version: this Sleuth reads version %(reads)s records, not %(given)s",
        reads=RECORD_VERSION,
        given=version,
    )


def _record_game(record: dict[str, Any]) -> Game[Any]:
    name = record["game"]
    if not isinstance(name, str):
        raise RecordError(said("game: expected a game name, got %(given)s", given=shown(name)))
    try:
        game_type = find_game(name)
        game = game_type.from_config_json(record["config"])
    except GameError as error:
        raise RecordError(words_of(error) or str(error)) from error
    if record["rules_version"] != game.rules_version:
        raise RecordError(
            said(
                "rules_version: record has %(recorded)s, this Sleuth plays %(plays)s",
                recorded=shown(record["rules_version"]),
                plays=repr(game.rules_version),
            )
        )
    difference = first_difference(record["config"], game.config_json(), "config")
    if difference is not None:
        raise RecordError(
            said("%(difference)s (not the config as the game writes it)", difference=difference)
        )
    return game


def _public_steps(raw: object, players: int) -> list[tuple[int, str, str]]:
    if not isinstance(raw, list):
        raise RecordError(said("steps: expected an array"))
    steps = []
    for number, item in enumerate(raw, start=1):
        if (
            not isinstance(item, list)
            or len(item) != 3
            or type(item[0]) is not int
            or not isinstance(item[1], str)
            or not isinstance(item[2], str)
        ):
            raise RecordError(said("expected [seat, action, result]"), number)
        if not 0 <= item[0] < players:
            raise RecordError(
                said(
                    "seat %(seat)s is not a seat of this %(players)s-player game",
                    seat=item[0],
                    players=players,
                ),
                number,
            )
        steps.append((item[0], item[1], item[2]))
    return steps


def _check_ending_keys(record: dict[str, Any]) -> bool:
    present = [key for key in ENDING if key in record]
    if present and len(present) < len(ENDING):
        missing = [key for key in ENDING if key not in record]
        raise RecordError(
            said(
                "%(key)s: missing (a finished record holds %(keys)s; a record written before "
                "the end holds none of them)",
                key=missing[0],
                keys=", ".join(ENDING),
            )
        )
    return bool(present)


def _check_signature(record: dict[str, Any], key: bytes | None) -> str:
    signed = SIGNATURE in record
    if signed and not _is_hex(record[SIGNATURE], 64):
        raise RecordError(
            said(
                "signature: expected 64 hex digits (HMAC-SHA256), got %(given)s",
                given=shown(record[SIGNATURE]),
            )
        )
    if key is None:
        return "not checked" if signed else "unsigned"
    if not signed:
        raise RecordError(
            said("signature: missing (the record is unsigned, so the key proves nothing)")
        )
    if not signature_matches(record, key):
        raise RecordError(
            said(
                "signature: does not match the record under this key (the record was changed "
                "after signing, or signed with another key)"
            )
        )
    return "checked"


def _revealed_seed(record: dict[str, Any]) -> tuple[int, str]:
    seed, salt = record["seed"], record["salt"]
    if type(seed) is not int or not 0 <= seed < 2**SEED_BITS:
        raise RecordError(
            said(
                "seed: expected a whole number 0..2^%(bits)s-1, got %(given)s",
                bits=SEED_BITS,
                given=shown(seed),
            )
        )
    if not _is_hex(salt, 32):
        raise RecordError(said("salt: expected 32 hex digits, got %(given)s", given=shown(salt)))
    if commitment(seed, salt) != record["commitment"]:
        raise RecordError(
            said(
                "commitment: the revealed seed and salt do not hash to it (the deal is not the "
                "one fixed before the first move)"
            )
        )
    return seed, salt


def _private_steps(raw: object, count: int) -> dict[int, tuple[str, str]]:
    if not isinstance(raw, list):
        raise RecordError(said("private: expected an array of [step, action, private result]"))
    private: dict[int, tuple[str, str]] = {}
    last = 0
    for index, item in enumerate(raw):
        where = f"private[{index}]"
        if (
            not isinstance(item, list)
            or len(item) != 3
            or type(item[0]) is not int
            or not isinstance(item[1], str)
            or not isinstance(item[2], str)
        ):
            raise RecordError(
                said("%(where)s: expected [step, action, private result]", where=where)
            )
        number = item[0]
        if not last < number <= count:
            raise RecordError(
                said(
                    "%(where)s: step %(step)s is not a step after step %(last)s (steps are "
                    "1-%(count)s, each listed once, in order)",
                    where=where,
                    step=shown(number),
                    last=last,
                    count=count,
                )
            )
        private[number] = (item[1], item[2])
        last = number
    return private


def _replay_step(
    game: Game[Any], state: State, number: int, seat: int, text: str
) -> tuple[State, Step]:
    try:
        action = game.parse_action(text)
        if str(action) != text:
            raise RecordError(
                said(
                    "seat %(seat)s %(action)s: not in canonical notation (write %(canonical)s)",
                    **_acting(seat, text),
                    canonical=repr(str(action)),
                ),
                number,
            )
        return play_step(state, seat, action)
    except RecordError:
        raise
    except GameError as error:
        reason = words_of(error) or str(error)
        raise RecordError(
            said("seat %(seat)s %(action)s: %(reason)s", **_acting(seat, text), reason=reason),
            number,
        ) from error


def _acting(seat: int, text: str) -> dict[str, SaidValue]:
    """A step's seat and action as its refusals name them."""
    return {"seat": seat, "action": shown(text)}


def _check_end(
    record: dict[str, Any],
    game: Game[Any],
    seed: int,
    salt: str,
    steps: list[Step],
    final: State,
) -> None:
    if final.outcome is None:
        raise RecordError(said("outcome: the record claims an end, but the game is not over"))
    expected = make_record(game, seed, salt, steps, final)
    for key in ("reveal", "outcome", "private"):
        difference = first_difference(record[key], expected[key], key)
        if difference is None:
            continue
        if key == "reveal":
            raise RecordError(
                said(
                    "reveal: does not match the deal of this seed and config (%(difference)s)",
                    difference=difference,
                )
            )
        if key == "private":
            raise RecordError(
                said(
                    "%(difference)s (a step hides nothing there, or its entry is wrong)",
                    difference=difference,
                )
            )
        raise RecordError(difference)
    body = {k: v for k, v in record.items() if k != SIGNATURE}
    difference = first_difference(body, expected, "record")
    if difference is not None:  # every field is checked above; this is the last word
        raise RecordError(difference)


def _is_hex(value: object, digits: int) -> bool:
    return (
        isinstance(value, str)
        and len(value) == digits
        and all(c in "0123456789abcdef" for c in value)
    )
