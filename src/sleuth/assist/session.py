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

from sleuth.core import GameKit, find_kit
from sleuth.core.errors import EntryError, GameError
from sleuth.core.kit import NOTEBOOK
from sleuth.core.notebook import Grammar, SetupField, checked_int, whole_number

from .files import read_json_file
from .notebook import MAX_ENTRIES, MAX_ENTRY_CHARS, SESSION_FORMAT, SESSION_VERSION, Notebook

SESSION_KEYS = ("format", "version", "game", "setup", "entries")
MAX_SETUP_TEXT = 300  # a deck of 36 cards, "ABC,...", is 143 characters
MAX_SETUP_NUMBER = 10**6


def grammar_of(kit: GameKit) -> Grammar[Any, Any]:
    """The kit's notebook grammar, or an ``EntryError`` if the game has no assistant."""
    if not kit.has(NOTEBOOK):
        raise EntryError(f"{kit.game.title} has no assistant")
    grammar = kit.load(NOTEBOOK)
    if not isinstance(grammar, Grammar):
        raise EntryError(
            f"{kit.game.title}: its notebook part is a {type(grammar).__name__}, "
            "not a notebook grammar"
        )
    return grammar


def is_session(data: object) -> bool:
    """Whether parsed JSON claims to be a session file (rather than a position)."""
    return isinstance(data, Mapping) and data.get("format") == SESSION_FORMAT


def load_notebook(path: Path, kit: GameKit | None = None) -> Notebook[Any, Any]:
    """The session in ``path`` (of ``kit``'s game when given); errors name the file."""
    try:
        return notebook_from_json(read_json_file(path), path, kit)
    except EntryError as error:
        raise EntryError(f"{path}: {error}") from None


def notebook_from_json(
    data: object, path: Path | None = None, kit: GameKit | None = None
) -> Notebook[Any, Any]:
    """A notebook from a session file's parsed JSON; ``EntryError`` naming the bad field."""
    if not isinstance(data, Mapping):
        raise EntryError("expected a session: a JSON object")
    _exact_keys(data, SESSION_KEYS, "")
    if data["format"] != SESSION_FORMAT:
        raise EntryError(f"format: expected {SESSION_FORMAT!r}")
    version = checked_int(data["version"], "version", 0, MAX_SETUP_NUMBER)
    if version != SESSION_VERSION:
        raise EntryError(f"version: {version} is not a version this Sleuth reads (1)")
    name = data["game"]
    if not isinstance(name, str):
        raise EntryError("game: expected a game name")
    try:
        found = find_kit(name)
    except GameError as error:
        raise EntryError(f"game: {error}") from None
    if kit is not None and found.name != kit.name:
        raise EntryError(f"it is a {found.game.title} session, not {kit.game.title}")
    grammar = grammar_of(found)
    raw_setup = data["setup"]
    if not isinstance(raw_setup, Mapping):
        raise EntryError("setup: expected an object")
    fields = grammar.setup_fields
    optional = tuple(f.name for f in fields if f.default is not None)
    _exact_keys(raw_setup, tuple(f.name for f in fields), "setup", optional)
    values = {f.name: _setup_value(f, raw_setup[f.name]) for f in fields if f.name in raw_setup}
    values.update({f.name: f.default for f in fields if f.name not in raw_setup and f.default})
    try:
        setup = grammar.setup(values)
    except EntryError as error:
        raise EntryError(f"setup: {error}") from None
    raw_entries = data["entries"]
    if not isinstance(raw_entries, list):
        raise EntryError("entries: expected a list of lines")
    if len(raw_entries) > MAX_ENTRIES:
        raise EntryError(f"entries: a session holds at most {MAX_ENTRIES} entries")
    entries = []
    for number, line in enumerate(raw_entries, start=1):
        if not isinstance(line, str) or len(line) > MAX_ENTRY_CHARS:
            raise EntryError(
                f"entry #{number}: expected a line of at most {MAX_ENTRY_CHARS} characters"
            )
        try:
            entries.append(grammar.parse(setup, line))
        except EntryError as error:
            raise EntryError(f"entry #{number} ({line!r}): {error}") from None
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


def mismatches(notebook: Notebook[Any, Any], given: Mapping[str, object]) -> list[str]:
    """The command-line setup values that differ from the session's, in the user's words."""
    grammar = notebook.grammar
    current = grammar.setup_json(notebook.setup)
    try:
        wanted = grammar.setup_json(grammar.setup({**current, **given}))
    except EntryError as error:
        return [str(error)]
    return [
        f"--{field.name} {_shown(wanted[field.name])} (the session has "
        f"{_shown(current[field.name])})"
        for field in grammar.setup_fields
        if field.name in given and wanted[field.name] != current[field.name]
    ]


def _shown(value: object) -> str:
    return " ".join(map(str, value)) if isinstance(value, list) else str(value)


def _exact_keys(
    data: Mapping[Any, object], keys: Sequence[str], where: str, optional: Sequence[str] = ()
) -> None:
    prefix = f"{where}: " if where else ""
    for key in data:
        if key not in keys:
            shown = key[:40] if isinstance(key, str) else key
            raise EntryError(f"{prefix}unknown key {shown!r} (expected: {', '.join(keys)})")
    for key in keys:
        if key not in data and key not in optional:
            raise EntryError(f"{prefix}{key!r} is missing")


def _setup_value(field: SetupField, value: object) -> object:
    where = f"setup.{field.name}"
    if field.kind == "int":
        return checked_int(value, where, 0, MAX_SETUP_NUMBER)
    if field.kind == "list":
        if not isinstance(value, list) or len(value) != field.count:
            raise EntryError(f"{where}: expected a list of {field.count} values")
        return [_setup_text(item, where) for item in value]
    return _setup_text(value, where)


def _setup_text(value: object, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_SETUP_TEXT:
        raise EntryError(f"{where}: expected a text of at most {MAX_SETUP_TEXT} characters")
    return value
