"""Games saved in progress, to be resumed later (``sleuth play --resume FILE``).

A saved game holds what rebuilds the State exactly: the game, its config, the seed and every
step, plus who sat where (the people's seats, each bot's spec) and what the front keeps for
the people (their hand-kept notes, the sheet level). It therefore holds the whole deal:
anyone who decodes the file learns every hand, the solution and the order of the piles,
and in a hot-seat game every seat's secrets at once. There is no one to keep the secret for
the people at one terminal, so the file only keeps it out of sight: the part with the seed
is compressed and base64-encoded under a warning, so that opening the file by mistake shows
nothing of the deal (it is not encryption), and a checksum catches a damaged file.
Resuming re-deals from the seed and re-applies every step, checking each result, so an
edited file is refused at the first step that no longer fits.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sleuth.core import Game, GameError, find_game
from sleuth.core.errors import RecordError
from sleuth.core.jsonfile import Bounds, parse_json_text, read_json_file, write_atomically
from sleuth.core.records import Step, check_seed
from sleuth.core.serialize import JSONValue

SAVE_FORMAT = "sleuth-saved-game"
SAVE_VERSION = 1
WARNING = (
    "A game in progress. This file holds the whole deal (every hand, the solution, the "
    "piles) for every seat: reading or decoding it before the game ends spoils the game. "
    "Resume it with: sleuth play --resume FILE"
)
# A seed has 39 digits at most (128 bits); a game has a few thousand steps at most.
OUTER = Bounds(max_bytes=4_000_000, max_digits=12, kind="saved game")
INNER = Bounds(max_bytes=16_000_000, max_digits=40, kind="saved game")


class SaveError(GameError):
    """A saved game that cannot be written, read or resumed; it names what was wrong."""


@dataclass(frozen=True)
class SavedGame:
    """``bots[seat]`` is the bot spec of that seat, ``None`` for a person; ``front`` is what
    the front keeps for the people (JSON), returned as it was given."""

    game: Game[Any]
    seed: int
    salt: str  # the record's commitment is made of both: a resumed game keeps it
    bots: tuple[str | None, ...]
    steps: tuple[Step, ...]
    front: Mapping[str, JSONValue] = field(default_factory=dict)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, bot in enumerate(self.bots) if bot is None)


def write_save(path: Path, saved: SavedGame) -> None:
    """Write ``saved`` to ``path`` atomically (a failed write leaves an old save whole)."""
    inner: dict[str, JSONValue] = {
        "game": saved.game.name,
        "config": saved.game.config_json(),
        "seed": saved.seed,
        "salt": saved.salt,
        "bots": list(saved.bots),
        "steps": [[s.seat, s.action, s.result] for s in saved.steps],
        "front": dict(saved.front),
    }
    packed = zlib.compress(json.dumps(inner, ensure_ascii=False, sort_keys=True).encode())
    outer = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "warning": WARNING,
        "game": saved.game.name,
        "players": saved.game.players,
        "people": list(saved.seats),
        "steps": len(saved.steps),
        "sha256": hashlib.sha256(packed).hexdigest(),
        "payload": base64.b64encode(packed).decode("ascii"),
    }
    if path.parent != Path() and not path.parent.exists():
        raise SaveError(f"cannot save in {path}: the folder {path.parent} does not exist")
    write_atomically(path, json.dumps(outer, indent=1) + "\n", SaveError)


def read_save(path: Path) -> SavedGame:
    """The saved game in ``path``, or a ``SaveError`` naming what is wrong with it."""
    try:
        return _read(path)
    except SaveError as error:
        raise SaveError(f"{path}: {error}") from None


def _read(path: Path) -> SavedGame:
    outer = read_json_file(path, OUTER, SaveError)
    if not isinstance(outer, dict) or outer.get("format") != SAVE_FORMAT:
        raise SaveError(f"format: not a saved game (expected format {SAVE_FORMAT!r})")
    if outer.get("version") != SAVE_VERSION:
        raise SaveError(f"version: {outer.get('version')!r}, this Sleuth reads {SAVE_VERSION}")
    payload, digest = outer.get("payload"), outer.get("sha256")
    if not isinstance(payload, str) or not isinstance(digest, str):
        raise SaveError("payload, sha256: missing")
    try:
        packed = base64.b64decode(payload.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise SaveError("payload: not base64") from None
    if hashlib.sha256(packed).hexdigest() != digest:
        raise SaveError("sha256: the payload does not match its checksum (a damaged file)")
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, INNER.max_bytes)
    except zlib.error:
        raise SaveError("payload: not compressed data") from None
    if inflater.unconsumed_tail:
        raise SaveError(f"payload: larger than {INNER.max_bytes:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("payload: not UTF-8 text") from None
    inner = parse_json_text(text, INNER, SaveError)
    if not isinstance(inner, dict):
        raise SaveError("payload: expected an object")
    return _saved_game(inner)


def _saved_game(data: Mapping[str, object]) -> SavedGame:
    known = {"game", "config", "seed", "salt", "bots", "steps", "front"}
    for key in data:
        if key not in known:
            raise SaveError(f"{key}: unknown key")
    name = data.get("game")
    if not isinstance(name, str):
        raise SaveError("game: expected a game name")
    try:
        kind = find_game(name)
    except GameError as error:
        raise SaveError(f"game: {error}") from None
    try:
        game = kind.from_config_json(data.get("config"))
    except GameError as error:
        raise SaveError(f"config: {str(error).removeprefix('config: ')}") from None
    seed = data.get("seed")
    if type(seed) is not int:
        raise SaveError("seed: expected a whole number")
    try:
        check_seed(seed)
    except RecordError as error:
        raise SaveError(str(error)) from None
    salt = data.get("salt")
    if (
        not isinstance(salt, str)
        or len(salt) != 32
        or any(c not in "0123456789abcdef" for c in salt)
    ):
        raise SaveError("salt: expected 32 hex digits")
    bots = data.get("bots")
    if not isinstance(bots, list) or len(bots) != game.players:
        raise SaveError(f"bots: expected one entry per seat ({game.players})")
    if not all(b is None or isinstance(b, str) for b in bots):
        raise SaveError("bots: each is a bot spec or null (a person)")
    if all(b is not None for b in bots):
        raise SaveError("bots: no person plays in this game")
    for seat, spec in enumerate(bots):
        if spec is not None:
            _check_bot(seat, spec, game.name)
    steps = data.get("steps")
    if not isinstance(steps, list):
        raise SaveError("steps: expected a list")
    front = data.get("front", {})
    if not isinstance(front, dict):
        raise SaveError("front: expected an object")
    return SavedGame(game, seed, salt, tuple(bots), tuple(_steps(steps, game.players)), front)


def _check_bot(seat: int, spec: str, game: str) -> None:
    """A saved bot spec names a bot of the game; a program (``cmd:``) is refused: anyone may
    write a save file, and resuming one must not run what it says."""
    if spec.strip().lower().startswith("cmd:"):
        raise SaveError(
            f"bots: seat {seat} is a bot program ({spec!r}); a saved game starts no program"
        )
    from sleuth.agents import make_agent

    try:
        make_agent(spec, game)
    except GameError as error:
        raise SaveError(f"bots: seat {seat}: {error}") from None


def _steps(steps: Sequence[object], players: int) -> list[Step]:
    out = []
    for number, step in enumerate(steps, start=1):
        if (
            not isinstance(step, list)
            or len(step) != 3
            or type(step[0]) is not int
            or not 0 <= step[0] < players
            or not isinstance(step[1], str)
            or not isinstance(step[2], str)
        ):
            raise SaveError(f"steps[{number}]: expected [seat, action, result]")
        out.append(Step(step[0], step[1], step[2]))
    return out
