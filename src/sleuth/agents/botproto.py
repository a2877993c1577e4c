"""The bot protocol: a bot in its own process, one JSON object per line each way.

Chess engines speak UCI to their hosts; a Sleuth bot speaks this. The engine writes to the
bot's standard input and reads its standard output (README, "Bots in their own process"):

- ``hello``: protocol name and version, the game, its config, the seat, a seed for the
  bot's own generator and the time limit; the bot answers ``{"type": "ready"}``;
- ``decide``: a decision number ``id``, the ``step`` being decided, whether it is the
  ``turn`` move the game waits on or an optional ``interrupt``, the seat's view, the legal
  actions (below) and the time limit; the bot answers
  ``{"type": "action", "id": ID, "action": TEXT}``, ``TEXT`` in the game's notation or
  ``"none"`` to decline an interrupt;
- ``end``: the outcome (``null`` if the game was abandoned); no answer; stdin closes.

Legal actions come as groups of one kind, in the engine's order: ``{"kind": "ask",
"actions": [...]}`` lists them; a family too long to list that is every well-formed action
of its kind (Black Vienna's 2,925 accusations) is ``{"kind": "accuse", "every": true,
"count": 2925, "example": "accuse ABC"}``: any action of that kind in the notation is legal.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

from sleuth.core import Action, Game, GameError, IllegalActionError, InvalidActionError, Outcome
from sleuth.core.actions import ActionList, IndexedActions
from sleuth.core.protocol import Termination
from sleuth.core.serialize import JSONValue, from_json, to_json

PROTOCOL = "sleuth-bot"
VERSION = 1
# A line from the engine: 13 Clues' views reach some 70 kB, so there is room to spare.
MAX_MESSAGE_BYTES = 4 * 1024 * 1024
# A line from the bot: an action's notation is a few dozen bytes.
MAX_ANSWER_BYTES = 64 * 1024
# A family of legal actions longer than this is sent as "every" when the game can list it.
LIST_LIMIT = 500
DECLINE = "none"
TURN, INTERRUPT = "turn", "interrupt"


class ProtocolError(GameError):
    """A message that breaks the bot protocol; the text names what was wrong."""


def bot_rng(seed: int) -> random.Random:
    """The generator a bot makes from the hello's seed."""
    return random.Random(seed)


# --- lines -------------------------------------------------------------------------------


def encode(message: dict[str, JSONValue], limit: int = MAX_MESSAGE_BYTES) -> bytes:
    """One line of compact JSON; ``ProtocolError`` if it would pass ``limit`` bytes."""
    line = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
    if len(line) > limit:
        raise ProtocolError(
            f"a {message.get('type')!r} message of {len(line)} bytes passes the "
            f"{limit}-byte line limit"
        )
    return line


def decode(line: bytes) -> dict[str, Any]:
    """The JSON object on ``line`` (without its line end), with a string ``type``."""
    try:
        data = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ProtocolError(f"not UTF-8 text ({error.reason} at byte {error.start})") from None
    except RecursionError:
        raise ProtocolError("JSON nested too deeply") from None
    except ValueError as error:
        raise ProtocolError(f"not JSON ({error}): {_excerpt(line)}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"expected a JSON object, got {type(data).__name__}: {_excerpt(line)}")
    if not isinstance(data.get("type"), str):
        raise ProtocolError(f"the object has no string 'type': {_excerpt(line)}")
    return data


def _excerpt(line: bytes, size: int = 80) -> str:
    text = line[:size].decode("utf-8", "replace")
    return repr(text + ("..." if len(line) > size else ""))


# --- what the engine sends ---------------------------------------------------------------


def hello(game: Game[Any], seat: int, seed: int, time_limit: float) -> dict[str, JSONValue]:
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "version": VERSION,
        "game": game.name,
        "rules_version": game.rules_version,
        "config": game.config_json(),
        "players": game.players,
        "seat": seat,
        "seed": seed,
        "time_limit": time_limit,
        "max_message_bytes": MAX_MESSAGE_BYTES,
        "max_answer_bytes": MAX_ANSWER_BYTES,
    }


def decide(
    ident: int,
    step: int,
    decision: str,
    time_limit: float,
    view: dict[str, JSONValue],
    legal: list[JSONValue],
) -> dict[str, JSONValue]:
    return {
        "type": "decide",
        "id": ident,
        "step": step,
        "decision": decision,
        "time_limit": time_limit,
        "view": view,
        "legal": legal,
    }


def end(outcome: Outcome | None) -> dict[str, JSONValue]:
    return {"type": "end", "outcome": None if outcome is None else to_json(outcome)}


def encode_legal(game: Game[Any], legal: Sequence[Action]) -> list[JSONValue]:
    """The legal actions as groups of one kind, in order; a whole family as ``every``."""
    groups: list[JSONValue] = []
    for kind, part in _groups(legal):
        if len(part) > LIST_LIMIT and _is_every(game, kind, part):
            example = str(part[0])
            groups.append({"kind": kind, "every": True, "count": len(part), "example": example})
        else:
            groups.append({"kind": kind, "actions": [str(action) for action in part]})
    return groups


def _groups(legal: Sequence[Action]) -> Iterator[tuple[str, Sequence[Action]]]:
    """(kind, actions) runs: a lazy family stays whole, a plain list splits by kind."""
    if isinstance(legal, IndexedActions):
        if len(legal):
            yield legal.kind, legal
        return
    if isinstance(legal, ActionList):
        for part in legal.parts:
            yield from _groups(part)
        return
    run: list[Action] = []
    for action in legal:
        if run and action.kind != run[0].kind:
            yield run[0].kind, run
            run = []
        run.append(action)
    if run:
        yield run[0].kind, run


def _is_every(game: Game[Any], kind: str, part: Sequence[Action]) -> bool:
    # A legal family is a subset of the well-formed actions of its kind, so the same
    # length means the same set; the ends are compared so the order is the game's too.
    every = game.every_action(kind)
    return (
        every is not None
        and len(every) == len(part)
        and every[0] == part[0]
        and every[-1] == part[-1]
    )


# --- what the bot side rebuilds ----------------------------------------------------------


def decode_legal(game: Game[Any], groups: object) -> ActionList:
    """The legal actions the engine sent, in its order (listed groups parsed, ``every``
    families rebuilt from the game)."""
    if not isinstance(groups, list) or not groups:
        raise ProtocolError("legal: expected a non-empty array of groups")
    parts: list[Sequence[Action]] = []
    for index, group in enumerate(groups):
        where = f"legal[{index}]"
        if not isinstance(group, dict) or not isinstance(group.get("kind"), str):
            raise ProtocolError(f"{where}: expected an object with a string 'kind'")
        kind = group["kind"]
        if group.get("every") is True:
            every = game.every_action(kind)
            count = group.get("count")
            if every is None:
                raise ProtocolError(f"{where}: {game.title} has no family of every {kind!r}")
            if count != len(every):
                raise ProtocolError(f"{where}: count {count!r}, but every {kind!r} is {len(every)}")
            parts.append(every)
            continue
        texts = group.get("actions")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise ProtocolError(f"{where}: expected 'actions' as an array of notation texts")
        actions = []
        for text in texts:
            try:
                action = game.parse_action(text)
            except InvalidActionError as error:
                raise ProtocolError(f"{where}: {text!r}: {error}") from None
            if action.kind != kind:
                raise ProtocolError(f"{where}: {text!r} is not of kind {kind!r}")
            actions.append(action)
        parts.append(actions)
    return ActionList(parts)


def decode_outcome(game: Game[Any], data: object) -> Outcome | None:
    if data is None:
        return None
    return from_json(Outcome, data, "outcome", {Termination: game.termination_type})


# --- what the engine reads back ----------------------------------------------------------


def read_answer(
    message: dict[str, Any], ident: int, decision: str, game: Game[Any], legal: Sequence[Action]
) -> Action | None:
    """The action a bot's answer names: ``ProtocolError`` if the answer is malformed,
    ``IllegalActionError`` if it names an action that is not legal now."""
    if message["type"] != "action":
        raise ProtocolError(f"expected an 'action' answer, got type {message['type']!r}")
    if message.get("id") != ident or isinstance(message.get("id"), bool):
        raise ProtocolError(f"the answer's id is {message.get('id')!r}, the decision's is {ident}")
    text = message.get("action")
    if not isinstance(text, str):
        raise ProtocolError(f"'action' must be a notation text, got {type(text).__name__}")
    if text.strip() == DECLINE:
        if decision == INTERRUPT:
            return None
        raise IllegalActionError(f"{DECLINE!r} declines, but the turn move cannot be declined")
    try:
        action = game.parse_action(text)
    except InvalidActionError as error:
        raise IllegalActionError(f"{text!r} is not {game.title} notation: {error}") from None
    if action not in legal:
        kinds = ", ".join(dict.fromkeys(kind for kind, _ in _groups(legal))) or "none"
        raise IllegalActionError(f"{text!r} is not legal for this seat now (legal kinds: {kinds})")
    return action
