"""The bot's side of the protocol: a built-in bot served on stdin/stdout.

``sleuth bot serve deductive`` reads the hello, makes the bot for the game it names, and
answers each decision. The bot sees the view rebuilt from its JSON by the game's
``view_from_json`` and the legal actions rebuilt from their notation: this process never
deals a game, so there is no State in it to find.
"""

from __future__ import annotations

from typing import IO, Any

from sleuth.core import Game, find_game
from sleuth.core.serialize import JSONValue

from . import botproto as proto
from .registry import make_agent, parse_bot_spec


def serve(spec: str, stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """Play ``spec`` for one game; returns at the ``end`` message or the end of input.
    A message that breaks the protocol raises a ``GameError`` naming it."""
    parse_bot_spec(spec)  # a malformed spec fails before the hello
    hello = _read(stdin)
    if hello is None:
        raise proto.ProtocolError("the input ended before the hello")
    game, seat, seed = _hello(hello)
    agent = make_agent(spec, game.name)
    rng = proto.bot_rng(seed)
    step = 0
    agent.start(game, seat, rng, lambda: step)
    _write(stdout, {"type": "ready", "name": spec.strip()})
    while (message := _read(stdin)) is not None:
        kind = message["type"]
        if kind == "end":
            agent.finish(proto.decode_outcome(game, message.get("outcome")))
            return
        if kind != "decide":
            raise proto.ProtocolError(f"expected a 'decide' or 'end' message, got {kind!r}")
        ident, step, decision = _decision(message)
        view = game.view_from_json(message.get("view"))
        legal = proto.decode_legal(game, message.get("legal"))
        if decision == proto.TURN:
            text = str(agent.act(view, legal, rng))
        else:
            action = agent.interrupt(view, legal, rng)
            text = proto.DECLINE if action is None else str(action)
        _write(stdout, {"type": "action", "id": ident, "action": text})
    agent.finish(None)


def _hello(message: dict[str, Any]) -> tuple[Game[Any], int, int]:
    if message["type"] != "hello":
        raise proto.ProtocolError(f"expected a 'hello' first, got {message['type']!r}")
    if message.get("protocol") != proto.PROTOCOL or message.get("version") != proto.VERSION:
        raise proto.ProtocolError(
            f"this bot speaks {proto.PROTOCOL} version {proto.VERSION}, the engine "
            f"{message.get('protocol')!r} version {message.get('version')!r}"
        )
    name = message.get("game")
    if not isinstance(name, str):
        raise proto.ProtocolError("hello: 'game' must be a game name")
    game = find_game(name).from_config_json(message.get("config"))
    seat, seed = message.get("seat"), message.get("seed")
    if type(seat) is not int or not 0 <= seat < game.players:
        raise proto.ProtocolError(f"hello: seat {seat!r} is not a seat of {game.players}")
    if type(seed) is not int:
        raise proto.ProtocolError(f"hello: seed {seed!r} is not an integer")
    return game, seat, seed


def _decision(message: dict[str, Any]) -> tuple[int, int, str]:
    ident, step, decision = message.get("id"), message.get("step"), message.get("decision")
    if type(ident) is not int or type(step) is not int:
        raise proto.ProtocolError("decide: 'id' and 'step' must be integers")
    if decision not in (proto.TURN, proto.INTERRUPT):
        raise proto.ProtocolError(f"decide: decision {decision!r} is not turn or interrupt")
    return ident, step - 1, str(decision)


def _read(stdin: IO[bytes]) -> dict[str, Any] | None:
    line = stdin.readline(proto.MAX_MESSAGE_BYTES + 1)
    if not line:
        return None
    if len(line) > proto.MAX_MESSAGE_BYTES:
        raise proto.ProtocolError(f"a line longer than {proto.MAX_MESSAGE_BYTES} bytes")
    return proto.decode(line.rstrip(b"\r\n"))


def _write(stdout: IO[bytes], message: dict[str, JSONValue]) -> None:
    stdout.write(proto.encode(message, proto.MAX_ANSWER_BYTES))
    stdout.flush()
