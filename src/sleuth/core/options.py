"""A game's rule options: what ``sleuth games`` and the lobby list of each (its bounds in a
person's words), and a value given as text or typed read into the game's config, or refused
by name."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sleuth.i18n import N_, translate

from .errors import ConfigError
from .said import said

AT_MOST_ITEMS = N_("at most %(count)d items")


@dataclass(frozen=True)
class OptionInfo:
    """One rule option of a game, as ``sleuth games`` lists it."""

    name: str
    default: str
    choices: tuple[str, ...]
    help: str
    bounds: str = ""  # "0-20", "at most 60 items": every option has a documented bound
    # What a form needs to ask for the value: yes/no, a whole number in [low, high], a
    # list (comma-separated, at most ``max_items``) or text; ``presets`` are named values.
    kind: str = "text"
    low: int | None = None
    high: int | None = None
    max_items: int | None = None
    presets: tuple[str, ...] = ()

    def bounds_in(self, language: str) -> str:
        """The bounds as a person reads them: ``0-20``, ``at most 60 items`` (in
        ``language``), or nothing."""
        if self.low is not None and self.high is not None:
            return f"{self.low}-{self.high}"
        if self.max_items is not None:
            return translate(language, AT_MOST_ITEMS) % {"count": self.max_items}
        return ""

    @property
    def label(self) -> str:
        """The option's name as people read it (``good eye chain``), which catalogues
        translate and the rules for players use."""
        return self.name.replace("_", " ")


def option_infos(config_type: type[Any]) -> tuple[OptionInfo, ...]:
    """Each rule option of a game's config (``players`` apart), as listed."""
    infos = []
    for f in dataclasses.fields(config_type):
        if f.name == "players":
            continue
        choices = tuple(str(c) for c in f.metadata.get("choices", ()))
        names = f.metadata.get("names", {})
        default = next((n for n, v in names.items() if v == f.default), None)
        text = default if default is not None else _option_text(f.default)
        low, high = f.metadata.get("range", (None, None))
        infos.append(
            OptionInfo(
                f.name,
                text,
                choices,
                f.metadata["help"],
                _bounds_text(f),
                _option_kind(f.default),
                low,
                high,
                f.metadata.get("max_items"),
                tuple(names),
            )
        )
    return tuple(infos)


def check_option(game: str, field: dataclasses.Field[Any], value: object) -> None:
    """The option's documented bounds, for configs read from records as from the command
    line: a choice among ``choices``, a number in ``range``, at most ``max_items`` items."""
    choices = field.metadata.get("choices")
    if choices and value not in choices:
        raise ConfigError(_not_a_choice(game, field.name, choices, value))
    bounds = field.metadata.get("range")
    if bounds is not None:
        low, high = bounds
        if type(value) is not int or not low <= value <= high:
            raise ConfigError(
                said(
                    "%(game)s: option %(option)s is a whole number %(low)s-%(high)s, not %(value)s",
                    game=game,
                    option=field.name,
                    low=low,
                    high=high,
                    value=repr(value),
                )
            )
    most = field.metadata.get("max_items")
    if most is not None and isinstance(value, tuple) and len(value) > most:
        raise ConfigError(
            said(
                "%(game)s: option %(option)s holds at most %(most)s items, not %(count)s",
                game=game,
                option=field.name,
                most=most,
                count=len(value),
            )
        )


def _bounds_text(field: dataclasses.Field[Any]) -> str:
    if "range" in field.metadata:
        low, high = field.metadata["range"]
        return f"{low}-{high}"
    if "max_items" in field.metadata:
        return f"at most {field.metadata['max_items']} items"
    return ""


def _option_kind(default: object) -> str:
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, tuple):
        return "list"
    return "text"


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def coerce_option(game: str, field: dataclasses.Field[Any], raw: object) -> object:
    """The option's value from text (or typed): a named value (a deck by its name) first."""
    names: Mapping[str, object] = field.metadata.get("names", {})
    if isinstance(raw, str) and raw.strip().lower() in names:
        return names[raw.strip().lower()]
    default = field.default
    choices = field.metadata.get("choices")
    if isinstance(default, bool):
        value: object = _coerce_bool(game, field.name, raw)
    elif isinstance(default, int):
        text = str(raw).strip()
        digits = text.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
            raise ConfigError(
                said(
                    "%(game)s: option %(option)s takes a whole number, not %(value)s",
                    game=game,
                    option=field.name,
                    value=repr(str(raw)[:20]),
                )
            )
        value = int(text)
    elif isinstance(default, tuple):
        value = tuple(raw) if isinstance(raw, list | tuple) else tuple(str(raw).split(","))
    else:
        value = str(raw)
    if choices and value not in choices:
        raise ConfigError(_not_a_choice(game, field.name, choices, raw))
    return value


def _not_a_choice(game: str, option: str, choices: Sequence[object], value: object) -> str:
    return said(
        "%(game)s: option %(option)s is one of %(choices)s, not %(value)s",
        game=game,
        option=option,
        choices=", ".join(map(str, choices)),
        value=repr(value),
    )


def _coerce_bool(game: str, name: str, raw: object) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).lower()
    if text in ("yes", "true", "on", "1"):
        return True
    if text in ("no", "false", "off", "0"):
        return False
    raise ConfigError(
        said(
            "%(game)s: option %(option)s is yes or no, not %(value)s",
            game=game,
            option=name,
            value=repr(raw),
        )
    )
