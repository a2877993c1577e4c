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
from sleuth.core.said import Said, said, words_of
from sleuth.core.serialize import JSONValue
from sleuth.i18n import N_

SAVE_FORMAT = "sleuth-saved-game"
WHERE_REASON = "%(where)s: %(reason)s"  # a decoder's words: where in the JSON, then what
SAVE_VERSION = 1
WARNING = (
    "A game in progress. This file holds the whole deal (every hand, the solution, the "
    "piles) for every seat: reading or decoding it before the game ends spoils the game. "
    "Resume it with: sleuth play --resume FILE"
)
# A seed has 39 digits at most (128 bits); a game has a few thousand steps at most.
OUTER = Bounds(max_bytes=4_000_000, max_digits=12, kind=N_("saved game"))
INNER = Bounds(max_bytes=16_000_000, max_digits=40, kind=N_("saved game"))


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
        raise SaveError(
            said(
                "cannot save in %(file)s: the folder %(folder)s does not exist",
                file=str(path),
                folder=str(path.parent),
            )
        )
    write_atomically(path, json.dumps(outer, indent=1) + "\n", SaveError)


def read_save(path: Path) -> SavedGame:
    """The saved game in ``path``, or a ``SaveError`` naming what is wrong with it."""
    try:
        return _read(path)
    except SaveError as error:
        raise SaveError(
            said("%(where)s: %(reason)s", where=str(path), reason=_reason(error))
        ) from None


def _read(path: Path) -> SavedGame:
    outer = read_json_file(path, OUTER, SaveError)
    if not isinstance(outer, dict) or outer.get("format") != SAVE_FORMAT:
        raise SaveError(
            said("format: not a saved game (expected format %(format)s)", format=repr(SAVE_FORMAT))
        )
    if outer.get("version") != SAVE_VERSION:
        raise SaveError(
            said(
                "version: %(version)s, this Sleuth reads %(known)s",
                version=repr(outer.get("version"))[:40],
                known=SAVE_VERSION,
            )
        )
    payload, digest = outer.get("payload"), outer.get("sha256")
    if not isinstance(payload, str) or not isinstance(digest, str):
        raise SaveError(said("payload, sha256: missing"))
    try:
        packed = base64.b64decode(payload.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise SaveError(said("payload: not base64")) from None
    if hashlib.sha256(packed).hexdigest() != digest:
        raise SaveError(said("sha256: the payload does not match its checksum (a damaged file)"))
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, INNER.max_bytes)
    except zlib.error:
        raise SaveError(said("payload: not compressed data")) from None
    if inflater.unconsumed_tail:
        raise SaveError(
            said("payload: larger than %(bytes)s bytes", bytes=format(INNER.max_bytes, ","))
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(said("payload: not UTF-8 text")) from None
    inner = parse_json_text(text, INNER, SaveError)
    if not isinstance(inner, dict):
        raise SaveError(said("%(where)s: expected an object", where="payload"))
    return _saved_game(inner)


def _saved_game(data: Mapping[str, object]) -> SavedGame:
    known = {"game", "config", "seed", "salt", "bots", "steps", "front"}
    for key in data:
        if key not in known:
            raise SaveError(said("%(where)s: unknown key", where=str(key)[:40]))
    name = data.get("game")
    if not isinstance(name, str):
        raise SaveError(said("game: expected a game name"))
    try:
        kind = find_game(name)
    except GameError as error:
        raise SaveError(said("game: %(reason)s", reason=_reason(error))) from None
    try:
        game = kind.from_config_json(data.get("config"))
    except GameError as error:
        raise SaveError(said("config: %(reason)s", reason=_reason(error, "config: "))) from None
    seed = data.get("seed")
    if type(seed) is not int:
        raise SaveError(said("seed: expected a whole number"))
    try:
        check_seed(seed)
    except RecordError as error:
        raise SaveError(_reason(error)) from None
    salt = data.get("salt")
    if (
        not isinstance(salt, str)
        or len(salt) != 32
        or any(c not in "0123456789abcdef" for c in salt)
    ):
        raise SaveError(said("salt: expected 32 hex digits"))
    bots = data.get("bots")
    if not isinstance(bots, list) or len(bots) != game.players:
        raise SaveError(
            said("bots: expected one entry per seat (%(players)s)", players=game.players)
        )
    if not all(b is None or isinstance(b, str) for b in bots):
        raise SaveError(said("bots: each is a bot spec or null (a person)"))
    if all(b is not None for b in bots):
        raise SaveError(said("bots: no person plays in this game"))
    for seat, spec in enumerate(bots):
        if spec is not None:
            _check_bot(seat, spec, game.name)
    steps = data.get("steps")
    if not isinstance(steps, list):
        raise SaveError(said("%(where)s: expected a list", where="steps"))
    front = data.get("front", {})
    if not isinstance(front, dict):
        raise SaveError(said("%(where)s: expected an object", where="front"))
    return SavedGame(game, seed, salt, tuple(bots), tuple(_steps(steps, game.players)), front)


def _check_bot(seat: int, spec: str, game: str) -> None:
    """A saved bot spec names a bot of the game; a program (``cmd:``) is refused: anyone may
    write a save file, and resuming one must not run what it says."""
    if spec.strip().lower().startswith("cmd:"):
        raise SaveError(
            said(
                "bots: seat %(seat)s is a bot program (%(spec)s); a saved game starts no program",
                seat=seat,
                spec=repr(spec),
            )
        )
    from sleuth.agents import make_agent

    try:
        make_agent(spec, game)
    except GameError as error:
        raise SaveError(
            said("bots: seat %(seat)s: %(reason)s", seat=seat, reason=_reason(error))
        ) from None


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
            raise SaveError(
                said("steps[%(number)s]: expected [seat, action, result]", number=number)
            )
        out.append(Step(step[0], step[1], step[2]))
    return out


def _reason(error: GameError, prefix: str = "") -> Said | str:
    """What ``error`` said, in words another language can say where it was raised so
    (losing a ``prefix`` it would otherwise repeat: "config: " before a decoder's words
    about the config as a whole)."""
    words = words_of(error)
    if words is None:
        return str(error).removeprefix(prefix)
    where = words.values.get("where")
    reason = words.values.get("reason")
    if words.template == WHERE_REASON and f"{where}: " == prefix and reason is not None:
        return reason if isinstance(reason, Said) else str(reason)
    return words
