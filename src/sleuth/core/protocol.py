"""The game protocol: Game, State, View, Action, Outcome.

A ``Game`` is a frozen configuration; ``game.new(seed)`` deals a ``State`` holding the whole
truth. Everything a person or a program sees passes through ``state.view(seat)``.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar

from .errors import ConfigError, IllegalActionError, InvalidActionError
from .events import Event, Step
from .options import OptionInfo, check_option, coerce_option, option_infos
from .said import said, words_of
from .serialize import JSONValue, from_json, to_json


class Termination(StrEnum):
    """Why a game ended. Each game subclasses it with its own reasons (python-chess's
    ``Termination``); the value is the reason's text, as records and views show it."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a score per seat, the winning seats, and why it ended."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: Termination


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
T = TypeVar("T")
# The longest action any game writes is a few dozen characters.
MAX_ACTION_TEXT = 200


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
    termination_type: ClassVar[type[Termination]]

    def __init__(self, config: ConfigT) -> None:
        if not self.min_players <= config.players <= self.max_players:
            raise ConfigError(
                said(
                    "players: %(game)s takes %(low)s-%(high)s players, not %(players)s",
                    game=self.title,
                    low=self.min_players,
                    high=self.max_players,
                    players=config.players,
                )
            )
        for f in dataclasses.fields(config):
            check_option(self.name, f, getattr(config, f.name))
        self.config = config
        # A plain attribute, not a property of the config: every check and step reads it.
        self.players: int = config.players
        self._hash = hash((type(self), config))
        # The action each notation text parses to (``well_formed``), filled as texts come.
        self.parsed: dict[str, Action] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.config!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.config == self.config

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def of(cls, config: ConfigT) -> Self:
        """The game of ``config``, one object per config: a bot rebuilding its game from each
        view's config gets the same game (and its caches) every time."""
        return typing.cast(Self, _game_of(cls, config))

    @classmethod
    def options(cls) -> tuple[OptionInfo, ...]:
        return option_infos(cls.config_type)

    @classmethod
    def configure(cls, players: int, **options: object) -> Self:
        """The game for ``players`` seats with rule options given by name (text or typed)."""
        fields = {f.name: f for f in dataclasses.fields(cls.config_type)}
        values: dict[str, object] = {"players": players}
        for name, raw in options.items():
            key = name.replace("-", "_")
            if key not in fields or key == "players":
                known = ", ".join(o.name for o in cls.options())
                raise ConfigError(
                    said(
                        "%(game)s: unknown option %(option)s (options: %(known)s)",
                        game=cls.name,
                        option=repr(name),
                        known=known,
                    )
                )
            values[key] = coerce_option(cls.name, fields[key], raw)
        # The one game of that config (``of``): a server checks each table it deals, and
        # each rematch, by configuring its game, and a game may work out tables of its rules
        # when it is made.
        return cls.of(cls.config_type(**values))  # type: ignore[arg-type]  # config_type is ConfigT

    def config_json(self) -> dict[str, JSONValue]:
        data = to_json(self.config)
        if not isinstance(data, dict):
            raise TypeError("config is not a dataclass")
        return data

    @classmethod
    def from_config_json(cls, data: object) -> Self:
        if not isinstance(data, dict):
            raise ConfigError(
                said("%(where)s: %(reason)s", where="config", reason=said("expected an object"))
            )
        config = from_json(cls.config_type, data, "config")
        return cls(config)  # type: ignore[arg-type]  # config_type is ConfigT

    @abstractmethod
    def new(self, seed: int) -> State:
        """Deal a new game; the same seed always gives the same deal."""

    def first_seat(self) -> int | None:
        """The seat that plays first, or ``None`` where the deal draws it: a front names the
        first player from this, never from the game's name."""
        return 0

    def parse_action(self, text: str) -> Action:
        """The action whose notation is ``text``; ``InvalidActionError`` if there is none.

        Checked here for every game: text from a keyboard, a file or the wire may be anything.
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is text in notation, not {type(text).__name__}")
        if len(text) > MAX_ACTION_TEXT:
            raise InvalidActionError(
                said(
                    "an action is at most %(most)s characters of notation, not %(length)s",
                    most=MAX_ACTION_TEXT,
                    length=len(text),
                )
            )
        return self._parse_action(text)

    @abstractmethod
    def _parse_action(self, text: str) -> Action:
        """The game's own reading of its notation."""

    def action_from_json(self, data: object) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise InvalidActionError("action: expected an object with a 'kind'")
        fields = {k: v for k, v in data.items() if k != "kind"}
        for action_type in self.action_types:
            if action_type.kind == data["kind"]:
                try:
                    action = from_json(action_type, fields, "action")
                except (TypeError, ValueError) as error:
                    raise InvalidActionError(words_of(error) or str(error)) from error
                # Re-parse the notation so the same validation applies to both entry points.
                return self.parse_action(str(action))
        raise InvalidActionError(f"action.kind: unknown kind {data['kind']!r}")

    def view_from_json(self, data: object) -> View:
        return from_json(self.view_type, data, "view", {Termination: self.termination_type})

    def every_action(self, kind: str) -> Sequence[Action] | None:
        """Every well-formed action of ``kind``, in the order the game lists them as legal
        actions, where the game lists a whole family at once (a lazy sequence); else ``None``.

        A bot in its own process is told "every action of this kind" instead of being sent
        each one (Black Vienna's 2,925 accusations), and rebuilds the list from here.
        """
        return None


class State(ABC):
    """The whole truth of one game in progress. Immutable: ``apply`` returns a new state.

    A game's state is a dataclass (``slots=True, eq=False``): each field is declared once,
    the constructor is generated, and so is ``_copy``.
    """

    # Legal actions by seat, filled on first use: a bot asks for them, then apply checks
    # the choice against them; and what every seat's view shares (``shared``). The copy for
    # the next state starts without either.
    __slots__ = ("_legal", "_shared")
    game: Game[Any]

    @abstractmethod
    def actors(self) -> frozenset[int]:
        """Seats that may act now (several where anyone may interrupt, none once over)."""

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat the game waits for (``None`` once over); other actors may interrupt."""

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """That seat's legal actions in a fixed order (possibly a lazy sequence); none for a
        seat that may not act now."""
        cache: dict[int, Sequence[Action]] | None = getattr(self, "_legal", None)
        if cache is not None:
            legal = cache.get(seat)
            if legal is not None and type(seat) is int:  # True hashes as seat 1
                return legal
        if type(seat) is not int or not 0 <= seat < self.game.players:
            return ()  # no seat of this game: nothing to ask the rules
        legal = self._legal_actions(seat)
        if cache is None:  # the first seat asked of this state (a playout asks one)
            self._legal = {seat: legal}
        else:
            cache[seat] = legal
        return legal

    def shared(self, make: Callable[[Self], T]) -> T:
        """``make(self)``, computed once per state: the part of a view that is the same for
        every seat (a server builds every seat's view at every step)."""
        cache: dict[object, Any] | None = getattr(self, "_shared", None)
        if cache is None:
            cache = self._shared = {}  # type: ignore[var-annotated]
        if make not in cache:
            cache[make] = make(self)
        result: T = cache[make]
        return result

    @abstractmethod
    def _legal_actions(self, seat: int) -> Sequence[Action]:
        """The game's own list for ``legal_actions``."""

    def apply(self, seat: int, action: Action) -> Self:
        """The next state after ``check``: the door for an action from outside (a person, a
        program, a file, a bot's answer); this state is never changed."""
        return self._apply(seat, self.check(seat, action))

    def apply_legal(self, seat: int, action: Action) -> Self:
        """The next state for an action that ``legal_actions(seat)`` of this very state
        handed out (a playout, a search), not checked again: the trusted door, as OpenSpiel
        has ``apply_action`` beside ``apply_action_with_legality_check`` and python-chess
        ``push`` beside ``push_uci``. Anything else goes through ``apply``."""
        return self._apply(seat, action)

    def check(self, seat: int, action: Action) -> Action:
        """Every action is checked here: ``action`` in its canonical form, or a ``GameError``
        naming what is wrong (the game is over, no such seat, not this seat's move, not an
        action of this game, malformed, or against the rules). The usual case is asked
        first: an action the seat's legal list just handed out is accepted by identity,
        sparing the parse and the field-by-field comparison."""
        game = self.game
        if self.outcome is not None:
            raise IllegalActionError(said("the game is over"))
        if type(seat) is not int or not 0 <= seat < game.players:
            raise IllegalActionError(
                f"seat {seat!r} is not a seat of this {game.players}-player game"
            )
        legal = self.legal_actions(seat)  # empty for a seat that may not act
        if handed_out(legal, action):
            return action
        if not isinstance(action, game.action_types):
            raise InvalidActionError(f"{action!r} is not an action of {game.title}")
        action = well_formed(game, action)
        if action not in legal:
            reason = self._why_illegal(seat, action)
            if reason is None:
                reason = (
                    said("it is seat %(seat)s's turn", seat=str(self.to_move()))
                    if seat not in self.actors()
                    else said("the rules do not allow it now")
                )
            raise IllegalActionError(
                said(
                    "seat %(seat)s cannot %(action)s: %(reason)s",
                    seat=seat,
                    action=str(action),
                    reason=reason,
                )
            )
        return action

    @abstractmethod
    def _apply(self, seat: int, action: Any) -> Self:
        """The game's own transition, for a checked, canonical, legal action."""

    def _why_illegal(self, seat: int, action: Any) -> str | None:
        """Which rule forbids ``action`` now, for the error message: ``check`` asks when
        ``seat`` may not act at all or ``action`` is not among its legal actions."""
        return None

    def _copy(self) -> Self:
        """A field-by-field copy for ``_apply`` to change (never this state itself)."""
        new: Self = _copier(type(self))(self)
        return new

    def settle(self) -> None:
        """Work out now whatever this state leaves for later. A game may put off work only
        a view needs (what each seat can prove, worked out when first asked), and its state
        then holds the states before it until then: a state kept after a replay of many
        steps (a table loaded from its stored steps, a record read back) is settled once,
        so that it holds no chain of them. Nothing to do by default."""
        return None

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

    def last_events(self) -> tuple[Event, ...]:
        """The typed events of the step that led here (none at the start), each marked with
        who may see it (``core.events``): every front's history is built from them."""
        return ()

    def step(self, seat: int, action: Action) -> tuple[Self, Step]:
        """``apply``, and the step it took as data: the checked action and its events."""
        after = self.apply(seat, action)
        return after, Step(seat, action, after.last_events())

    @abstractmethod
    def last_result(self) -> str:
        """The public effect of the action that led here ("" at the start), for records: only
        what every seat's view shows of it."""

    def public_action(self, seat: int, action: Any) -> str:
        """What every seat's view shows of ``action`` by ``seat``, asked of the state before a
        legal action: its notation, unless the rules keep a part of it from some seats (a Top
        Secret subject, an accusation's letters); a hidden part is written ``?``. A record's
        public steps hold this text, its private section the whole notation."""
        return str(action)

    def private_result(self) -> str:
        """The effect of the action that led here as the referee states it, where that says
        more than ``last_result`` (what some seats may not know); "" when the public result
        says it all. A record keeps it in its private section until the end."""
        return ""

    @abstractmethod
    def reveal(self) -> Mapping[str, JSONValue]:
        """The hidden deal (hands, solution, pile orders) as JSON, for records after the end."""

    @abstractmethod
    def hidden_twin(self, seat: int | None, rng: random.Random) -> Self | None:
        """A state that differs from this one only in facts ``seat`` cannot know, if any.

        The conformance harness checks that ``seat`` gets equal views of both.
        """


@functools.lru_cache(maxsize=256)
def _game_of(cls: type[Game[Any]], config: Config) -> Game[Any]:
    return cls(config)


@functools.cache
def _copier(cls: type[State], changed: tuple[str, ...] = ()) -> Callable[..., Any]:
    # Generated like the dataclass's own methods: a copy spelled out field by field is ten
    # times faster than copy.copy or dataclasses.replace, and a playout copies every step.
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    body = "".join(
        f"    new.{name} = {name}\n" if name in changed else f"    new.{name} = self.{name}\n"
        for name in names
    )
    # The caches start empty but set: looking up an unset slot raises inside getattr,
    # which costs ten times a set one, at every step.
    body += "    new._legal = None\n    new._shared = None\n"
    given = "".join(f", {name}" for name in changed)
    source = f"def copy(self{', *' if changed else ''}{given}):\n"
    source += f"    new = new_object(cls)\n{body}    return new\n"
    namespace: dict[str, Any] = {"new_object": object.__new__, "cls": cls}
    exec(source, namespace)
    copy: Callable[[State], Any] = namespace["copy"]
    return copy


StateT = TypeVar("StateT", bound=State)


def copier(cls: type[StateT], *changed: str) -> Callable[..., StateT]:
    """``cls``'s ``_copy`` as a plain function, for a game's step to call without the
    method's own call around it (a playout copies at every step). With field names, it
    takes those fields' new values as keywords instead of copying them: a step that changes
    them anyway then stores each once."""
    return _copier(cls, changed)


def handed_out(legal: Sequence[Action], action: object) -> bool:
    """Whether ``action`` is the very object ``legal`` holds (or, for a lazy list, the item
    it made last): one of the rules' own legal actions, well formed by construction (the
    conformance harness round-trips them), so ``check`` need not parse nor compare it.

    A bot picks its action from the legal list and ``apply`` checks it at once: asking by
    identity spares comparing frozen dataclasses field by field, the most of a check.
    """
    kind = type(legal)
    if kind is list or kind is tuple:
        for item in legal:  # noqa: SIM110  # a loop: any() with a generator costs more
            if item is action:
                return True
        return False
    made = getattr(legal, "handed_out", None)  # a lazy list knows what it made
    return made is not None and bool(made(action))


def well_formed(game: Game[Any], action: ActionT) -> ActionT:
    """``action`` if its notation parses back to it, else ``InvalidActionError``.

    ``apply`` may be handed an action built directly (not parsed): wrong field types, an
    empty card list or cards out of type order must not slip past the notation's checks.
    Each game remembers what it parsed: playouts and searches apply the same few actions
    over and over (in one game parsing took a sixth of a playout).
    """
    try:
        text = str(action)
    except (TypeError, ValueError) as error:  # a field of the wrong type breaks the notation
        raise InvalidActionError(f"malformed action {action!r}: {error}") from None
    parsed = game.parsed
    canonical = parsed.get(text)
    if canonical is None:
        try:
            canonical = parsed[text] = game.parse_action(text)
        except InvalidActionError as error:
            raise InvalidActionError(f"malformed action {action!r}: {error}") from None
    if canonical is not action and (canonical != action or not _same_types(canonical, action)):
        raise InvalidActionError(
            f"malformed action {action!r}: its notation {text!r} reads {canonical!r}"
        )
    return canonical


def _same_types(a: object, b: object) -> bool:
    """Equal values of equal types all the way down: ``0 == False``, but a bool field given
    a 0 is a malformed action all the same (``a == b`` is known already)."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind in _SCALARS:
        return True
    if isinstance(a, tuple) and isinstance(b, tuple):
        return all(map(_same_types, a, b))
    names = _FIELD_NAMES.get(kind)
    if names is None:
        fields = dataclasses.fields(a) if dataclasses.is_dataclass(a) else ()
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields)
    return all(_same_types(getattr(a, n), getattr(b, n)) for n in names)


_SCALARS = frozenset({int, str, bool, float, type(None)})
# Each action type's field names, looked up once: the check runs at every step of a playout.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


ActionT = TypeVar("ActionT", bound=Action)
