"""Session files: their format, and loading them with every key and type checked.

A session file is JSON::

    {"format": "sleuth-assist-session", "version": 1, "game": "<the kit's name>",
     "setup": {"players": 4, "seat": 1, ...},
     "entries": ["<an entry line>", ...]}

``setup`` holds exactly the values the game's grammar names; ``entries`` the lines as the
notebook wrote them. Loading reads each entry again through the grammar, so a file edited by
hand is checked as strictly as entries typed at the table. ``sleuth deduce`` reads a session
file as the positions its entries amount to (``session_positions``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sleuth.core import GameKit, all_kits, find_kit
from sleuth.core.errors import EntryError, UnknownGameError
from sleuth.core.kit import NOTEBOOK
from sleuth.core.notebook import Grammar, SetupField, checked_int, whole_number
from sleuth.core.said import Said, said, words_of

from .files import read_json_file
from .notebook import MAX_ENTRIES, MAX_ENTRY_CHARS, SESSION_FORMAT, SESSION_VERSION, Notebook

SESSION_KEYS = ("format", "version", "game", "setup", "entries")
MAX_SETUP_TEXT = 300  # a deck of 36 cards, "ABC,...", is 143 characters
MAX_SETUP_NUMBER = 10**6


def grammar_of(kit: GameKit) -> Grammar[Any, Any]:
    """The kit's notebook grammar, or an ``EntryError`` if the game has no assistant."""
    if not kit.has(NOTEBOOK):
        raise EntryError(said("%(game)s has no assistant", game=kit.game.title))
    grammar = kit.load(NOTEBOOK)
    if not isinstance(grammar, Grammar):
        raise EntryError(
            said(
                "%(game)s: its notebook part is a %(kind)s, not a notebook grammar",
                game=kit.game.title,
                kind=type(grammar).__name__,
            )
        )
    return grammar


def assistant_kit(name: str) -> GameKit:
    """The kit of the game ``name`` names, refused in words naming the games that have an
    assistant when no game has that name (``sleuth assist``'s and a session file's)."""
    try:
        return find_kit(name)
    except UnknownGameError:
        games = ", ".join(kit.name for kit in all_kits() if kit.has(NOTEBOOK))
        raise EntryError(
            said(
                "unknown game %(name)s (the games with an assistant: %(games)s)",
                name=repr(name[:40]),
                games=games,
            )
        ) from None


def because(where: str, error: Exception) -> Said:
    """An error's words after what it is about (a file, a key of the session)."""
    return said("%(where)s: %(reason)s", where=where, reason=words_of(error) or str(error))


def is_session(data: object) -> bool:
    """Whether parsed JSON claims to be a session file (rather than a position)."""
    return isinstance(data, Mapping) and data.get("format") == SESSION_FORMAT


def load_notebook(path: Path, kit: GameKit | None = None) -> Notebook[Any, Any]:
    """The session in ``path`` (of ``kit``'s game when given); errors name the file."""
    try:
        return notebook_from_json(read_json_file(path), path, kit)
    except EntryError as error:
        raise EntryError(because(str(path), error)) from None


def notebook_from_json(
    data: object, path: Path | None = None, kit: GameKit | None = None
) -> Notebook[Any, Any]:
    """A notebook from a session file's parsed JSON; ``EntryError`` naming the bad field."""
    if not isinstance(data, Mapping):
        raise EntryError(said("expected a session: a JSON object"))
    _exact_keys(data, SESSION_KEYS, "")
    if data["format"] != SESSION_FORMAT:
        raise EntryError(said("format: expected %(format)s", format=repr(SESSION_FORMAT)))
    version = checked_int(data["version"], "version", 0, MAX_SETUP_NUMBER)
    if version != SESSION_VERSION:
        raise EntryError(
            said(
                "version: %(version)s is not a version this Sleuth reads (%(known)s)",
                version=version,
                known=SESSION_VERSION,
            )
        )
    name = data["game"]
    if not isinstance(name, str):
        raise EntryError(said("game: expected a game name"))
    try:
        found = assistant_kit(name)
    except EntryError as error:
        raise EntryError(because("game", error)) from None
    if kit is not None and found.name != kit.name:
        raise EntryError(
            said(
                "it is a %(found)s session, not %(game)s",
                found=found.game.title,
                game=kit.game.title,
            )
        )
    grammar = grammar_of(found)
    raw_setup = data["setup"]
    if not isinstance(raw_setup, Mapping):
        raise EntryError(said("setup: expected an object"))
    fields = grammar.setup_fields
    optional = tuple(f.name for f in fields if f.default is not None)
    _exact_keys(raw_setup, tuple(f.name for f in fields), "setup", optional)
    values = {f.name: _setup_value(f, raw_setup[f.name]) for f in fields if f.name in raw_setup}
    values.update({f.name: f.default for f in fields if f.name not in raw_setup and f.default})
    try:
        setup = grammar.setup(values)
    except EntryError as error:
        raise EntryError(because("setup", error)) from None
    raw_entries = data["entries"]
    if not isinstance(raw_entries, list):
        raise EntryError(said("entries: expected a list of lines"))
    if len(raw_entries) > MAX_ENTRIES:
        most = said("a session holds at most %(count)s entries", count=MAX_ENTRIES)
        raise EntryError(said("%(where)s: %(reason)s", where="entries", reason=most))
    entries = []
    for number, line in enumerate(raw_entries, start=1):
        if not isinstance(line, str) or len(line) > MAX_ENTRY_CHARS:
            raise EntryError(
                said(
                    "entry #%(number)s: expected a line of at most %(count)s characters",
                    number=number,
                    count=MAX_ENTRY_CHARS,
                )
            )
        try:
            entries.append(grammar.parse(setup, line))
        except EntryError as error:
            raise EntryError(
                said(
                    "entry #%(number)s (%(line)s): %(reason)s",
                    number=number,
                    line=repr(line),
                    reason=words_of(error) or str(error),
                )
            ) from None
    return Notebook(found.name, grammar, setup, entries, path)


def session_positions(data: object) -> dict[str, dict[str, object]]:
    """The ``sleuth deduce`` positions of a session file's parsed JSON, by label."""
    return notebook_from_json(data).positions()


def setup_from_text(
    grammar: Grammar[Any, Any], given: Mapping[str, str | Sequence[str]]
) -> dict[str, object]:
    """Setup values typed on the command line (text), as values of each field's kind."""
    out: dict[str, object] = {}
    for field in grammar.setup_fields:
        if field.name not in given:
            continue
        raw = given[field.name]
        if field.kind == "int":
            text = raw if isinstance(raw, str) else " ".join(raw)
            out[field.name] = whole_number(text, f"--{field.name}", 0, MAX_SETUP_NUMBER)
        elif field.kind == "list":
            out[field.name] = [raw] if isinstance(raw, str) else list(raw)
        else:
            out[field.name] = raw if isinstance(raw, str) else " ".join(raw)
    return out


def mismatches(notebook: Notebook[Any, Any], given: Mapping[str, object]) -> list[Said | str]:
    """The command-line setup values that differ from the session's, in the user's words."""
    grammar = notebook.grammar
    current = grammar.setup_json(notebook.setup)
    try:
        wanted = grammar.setup_json(grammar.setup({**current, **given}))
    except EntryError as error:
        return [words_of(error) or str(error)]
    return [
        said(
            "--%(name)s %(wanted)s (the session has %(current)s)",
            name=field.name,
            wanted=_shown(wanted[field.name]),
            current=_shown(current[field.name]),
        )
        for field in grammar.setup_fields
        if field.name in given and wanted[field.name] != current[field.name]
    ]


def _shown(value: object) -> str:
    return " ".join(map(str, value)) if isinstance(value, list) else str(value)


def _exact_keys(
    data: Mapping[Any, object], keys: Sequence[str], where: str, optional: Sequence[str] = ()
) -> None:
    for key in data:
        if key not in keys:
            shown = key[:40] if isinstance(key, str) else key
            wrong = said(
                "unknown key %(key)s (expected: %(keys)s)", key=repr(shown), keys=", ".join(keys)
            )
            raise EntryError(
                said("%(where)s: %(reason)s", where=where, reason=wrong) if where else wrong
            )
    for key in keys:
        if key not in data and key not in optional:
            missing = said("%(key)s is missing", key=repr(key))
            raise EntryError(
                said("%(where)s: %(reason)s", where=where, reason=missing) if where else missing
            )


def _setup_value(field: SetupField, value: object) -> object:
    where = f"setup.{field.name}"
    if field.kind == "int":
        return checked_int(value, where, 0, MAX_SETUP_NUMBER)
    if field.kind == "list":
        if not isinstance(value, list) or len(value) != field.count:
            raise EntryError(
                said(
                    "%(where)s: expected a list of %(count)s values", where=where, count=field.count
                )
            )
        return [_setup_text(item, where) for item in value]
    return _setup_text(value, where)


def _setup_text(value: object, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_SETUP_TEXT:
        raise EntryError(
            said(
                "%(where)s: expected a text of at most %(count)s characters",
                where=where,
                count=MAX_SETUP_TEXT,
            )
        )
    return value
