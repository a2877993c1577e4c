"""The game protocol: Game, State, View, Action, Outcome.

A ``Game`` is a frozen configuration; ``game.new(seed)`` deals a ``State`` holding the whole
truth. Everything a person or a program sees passes through ``state.view(seat)``.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from .errors import ConfigError, InvalidActionError
from .serialize import JSONValue, from_json, to_json


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a score per seat, the winning seats, and why it ended."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


class Action:
    """Base of every game's actions: frozen dataclasses whose ``str`` is their notation.

    ``kind`` names the action type in JSON; the game's ``parse_action`` inverts ``str``.
    """

    kind: ClassVar[str] = "action"
    # An action that can knock its seat out of the game (Black Vienna's accusation): a
    # random bot takes such actions only rarely, so that its games show the whole rules.
    drastic: ClassVar[bool] = False

    def to_json(self) -> dict[str, JSONValue]:
        data = to_json(self)
        if not isinstance(data, dict):
            raise TypeError(f"{type(self).__name__} is not a dataclass")
        return {"kind": self.kind, **data}


class View(ABC):
    """What one seat (or a spectator, seat ``None``) may see: a frozen dataclass."""

    seat: int | None

    @abstractmethod
    def render(self) -> str:
        """A plain-text picture of the view, for terminals, logs and golden files."""

    def to_json(self) -> dict[str, JSONValue]:
        data = to_json(self)
        if not isinstance(data, dict):
            raise TypeError(f"{type(self).__name__} is not a dataclass")
        return data


@dataclass(frozen=True)
class Config:
    """Base of every game's configuration: the player count plus named rule options.

    Subclasses add fields whose ``metadata`` carries ``help`` and, for choices, ``choices``.
    """

    players: int


ConfigT = TypeVar("ConfigT", bound=Config)


@dataclass(frozen=True)
class OptionInfo:
    """One rule option of a game, as ``sleuth games`` lists it."""

    name: str
    default: str
    choices: tuple[str, ...]
    help: str


class Game(ABC, Generic[ConfigT]):
    """One game's rules under one configuration."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    config_type: ClassVar[type[Config]]
    action_types: ClassVar[tuple[type[Action], ...]]
    view_type: ClassVar[type[View]]

    def __init__(self, config: ConfigT) -> None:
        if not self.min_players <= config.players <= self.max_players:
            raise ConfigError(
                f"players: {self.title} takes {self.min_players}-{self.max_players} players, "
                f"not {config.players}"
            )
        for f in dataclasses.fields(config):
            choices = f.metadata.get("choices")
            if choices and getattr(config, f.name) not in choices:
                raise ConfigError(
                    f"{self.name}: option {f.name} is one of {', '.join(choices)}, "
                    f"not {getattr(config, f.name)!r}"
                )
        self.config = config

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.config!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.config == self.config

    def __hash__(self) -> int:
        return hash((type(self), self.config))

    @property
    def players(self) -> int:
        return self.config.players

    @classmethod
    def options(cls) -> tuple[OptionInfo, ...]:
        infos = []
        for f in dataclasses.fields(cls.config_type):
            if f.name == "players":
                continue
            choices = tuple(str(c) for c in f.metadata.get("choices", ()))
            infos.append(OptionInfo(f.name, _option_text(f.default), choices, f.metadata["help"]))
        return tuple(infos)

    @classmethod
    def configure(cls, players: int, **options: object) -> Game[Any]:
        """The game for ``players`` seats with rule options given by name (text or typed)."""
        fields = {f.name: f for f in dataclasses.fields(cls.config_type)}
        values: dict[str, object] = {"players": players}
        for name, raw in options.items():
            key = name.replace("-", "_")
            if key not in fields or key == "players":
                known = ", ".join(o.name for o in cls.options())
                raise ConfigError(f"{cls.name}: unknown option {name!r} (options: {known})")
            values[key] = _coerce_option(cls.name, fields[key], raw)
        return cls(cls.config_type(**values))  # type: ignore[arg-type]

    def config_json(self) -> dict[str, JSONValue]:
        data = to_json(self.config)
        if not isinstance(data, dict):
            raise TypeError("config is not a dataclass")
        return data

    @classmethod
    def from_config_json(cls, data: object) -> Game[Any]:
        if not isinstance(data, dict):
            raise ConfigError("config: expected an object")
        config = from_json(cls.config_type, data, "config")
        return cls(config)  # type: ignore[arg-type]

    @abstractmethod
    def new(self, seed: int) -> State:
        """Deal a new game; the same seed always gives the same deal."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action whose notation is ``text``; ``InvalidActionError`` if there is none."""

    def action_from_json(self, data: object) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise InvalidActionError("action: expected an object with a 'kind'")
        fields = {k: v for k, v in data.items() if k != "kind"}
        for action_type in self.action_types:
            if action_type.kind == data["kind"]:
                try:
                    action = from_json(action_type, fields, "action")
                except (TypeError, ValueError) as error:
                    raise InvalidActionError(str(error)) from error
                # Re-parse the notation so the same validation applies to both entry points.
                return self.parse_action(str(action))
        raise InvalidActionError(f"action.kind: unknown kind {data['kind']!r}")

    def view_from_json(self, data: object) -> View:
        return from_json(self.view_type, data, "view")


class State(ABC):
    """The whole truth of one game in progress. Immutable: ``apply`` returns a new state."""

    game: Game[Any]

    @abstractmethod
    def actors(self) -> frozenset[int]:
        """Seats that may act now (several where anyone may interrupt, none once over)."""

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat the game waits for (``None`` once over); other actors may interrupt."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """That seat's legal actions in a fixed order (possibly a lazy sequence)."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> State:
        """The next state; raises ``IllegalActionError`` and leaves this state as it was."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator)."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else ``None``."""

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @abstractmethod
    def last_result(self) -> str:
        """The public effect of the action that led here ("" at the start), for records."""

    @abstractmethod
    def reveal(self) -> Mapping[str, JSONValue]:
        """The hidden deal (hands, solution, pile orders) as JSON, for records after the end."""

    @abstractmethod
    def hidden_twin(self, seat: int | None, rng: random.Random) -> State | None:
        """A state that differs from this one only in facts ``seat`` cannot know, if any.

        The conformance harness checks that ``seat`` gets equal views of both.
        """


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def _coerce_option(game: str, field: dataclasses.Field[Any], raw: object) -> object:
    default = field.default
    choices = field.metadata.get("choices")
    if isinstance(default, bool):
        value: object = _coerce_bool(game, field.name, raw)
    elif isinstance(default, int):
        try:
            value = int(str(raw))
        except ValueError:
            raise ConfigError(f"{game}: option {field.name} takes a number, not {raw!r}") from None
    elif isinstance(default, tuple):
        value = tuple(raw) if isinstance(raw, list | tuple) else tuple(str(raw).split(","))
    else:
        value = str(raw)
    if choices and value not in choices:
        raise ConfigError(
            f"{game}: option {field.name} is one of {', '.join(map(str, choices))}, not {raw!r}"
        )
    return value


def _coerce_bool(game: str, name: str, raw: object) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).lower()
    if text in ("yes", "true", "on", "1"):
        return True
    if text in ("no", "false", "off", "0"):
        return False
    raise ConfigError(f"{game}: option {name} is yes or no, not {raw!r}")
