"""Every Sleuth game with an encoder as an OpenSpiel Python game (the ``openspiel`` extra).

``sleuth.envs.openspiel.register()`` registers ``sleuth_<name>`` for each such kit
(``sleuth_black_vienna``, ``sleuth_13_clues``...), then ``pyspiel.load_game(
"sleuth_black_vienna(players=4)")``. Parameters: ``players``, every rule option of the game
as text (its default as ``sleuth games`` shows it), and ``reward`` (``score``, ``win-lose``
or ``margin``), ``interrupts`` (``offer`` or ``none``), ``knowledge`` (exact knowledge
features in the tensors).

The game is sequential with explicit chance: four chance nodes of 256 outcomes each draw a
32-bit deal seed, then the engine deals as ``game.new(seed)`` does (later shuffles follow
from the seed, as in the engine). Decisions, actions and ``wait`` are the research
environments' (``sleuth.envs.table``): an out-of-turn offer is a decision node of the
seat offered. Returns are the scores (or win/lose, or margins) at the end. Game objects
pickle (as their class and game string). ``max_game_length`` is a bound measured per game
with a margin (each encoder's ``longest_seen``): a game that reaches it ends there, every return 0.

Observation tensor and string: the seat's encoded view and its text, with whether the seat
is asked now. Information state: the same, plus the seat's own decisions so far (the
tensor counts each code; the string lists them in order). That is not strictly perfect
recall: the tensor loses the order of the seat's decisions, and where a view forgets (Alibi
and Black Stories drop discards shuffled back into the pile) two histories the seat could
tell apart share an information state, which algorithms that assume perfect recall (CFR)
must allow for.
``resample_from_infostate`` (and ``resampler`` for ``ISMCTSBot.set_resampler``) draws a
world consistent with the seat's view from the kit's sampler (uniform over the deals the
exact engine allows), so OpenSpiel's IS-MCTS plays Sleuth games. In a resampled world the
other seats' own decisions are unknown: their information states then omit them.
"""

from __future__ import annotations

import dataclasses
import functools
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from sleuth.core import Game, State, all_kits, find_kit, make_game
from sleuth.core.kit import ENCODER, SAMPLER, PartError

from .table import INTERRUPTS, REWARDS, Table, check_reward, encoder_for

SEED_BYTES = 4
PREFIX = "sleuth_"
ENV: dict[str, object] = {"reward": "score", "interrupts": "offer", "knowledge": False}
DEFAULT = "default"
CLASS_PREFIX = "SleuthSpielGame_"
# OpenSpiel's ``max_game_length`` is the deal's chance nodes and MARGIN times the most
# decisions a game was seen to take (each game's encoder, ``longest_seen``), and a game
# that reaches it ends there (a draw: every return 0), so that it is a true bound.
MARGIN = 2


def game_name(kit_name: str) -> str:
    """The OpenSpiel name of a Sleuth game: ``sleuth_`` and its name, ``-`` as ``_``."""
    return PREFIX + kit_name.replace("-", "_")


def register() -> list[str]:
    """Register every game whose kit has an encoder; the OpenSpiel names (idempotent)."""
    names = []
    known = set(pyspiel.registered_names())
    for kit in all_kits():
        if not kit.has(ENCODER):
            continue
        name = game_name(kit.name)
        names.append(name)
        if name not in known:
            pyspiel.register_game(_game_type(kit.name), _game_class(kit.name))
    return names


def __getattr__(name: str) -> type:
    """A registered game's class by its name, so that pickle finds it: a game object is
    pickled as its class and its game string (as OpenSpiel's own Python games are), and
    unpickling in a fresh process registers the games first."""
    if name.startswith(CLASS_PREFIX):
        register()
        for kit in all_kits():
            if kit.has(ENCODER) and _class_name(kit.name) == name:
                return _game_class(kit.name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _class_name(kit_name: str) -> str:
    return CLASS_PREFIX + game_name(kit_name)


def _parameters(kit_name: str) -> dict[str, object]:
    game_type = find_kit(kit_name).game
    params: dict[str, object] = {"players": game_type.min_players}
    typed = {f.name: f.default for f in dataclasses.fields(game_type.config_type)}
    for option in game_type.options():
        default = typed[option.name]
        if isinstance(default, bool | int):
            params[option.name] = default  # a game string reads numbers and booleans typed
        else:
            # A game string splits parameters at commas: a list's default is "default", and
            # a list is given with ";" between its items.
            params[option.name] = DEFAULT if "," in option.default else option.default
    params.update(ENV)
    return params


def _options(merged: dict[str, object]) -> dict[str, object]:
    """The rule options among the parameters, as ``Game.configure`` takes them."""
    options = {}
    for key, value in merged.items():
        if key == "players" or key in ENV or value == DEFAULT:
            continue
        options[key] = value.replace(";", ",") if isinstance(value, str) else value
    return options


def _game_type(kit_name: str) -> Any:
    game_type = find_kit(kit_name).game
    kinds = pyspiel.GameType
    return pyspiel.GameType(
        short_name=game_name(kit_name),
        long_name=f"Sleuth {game_type.title}",
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kinds.Information.IMPERFECT_INFORMATION,
        utility=kinds.Utility.GENERAL_SUM,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=game_type.max_players,
        min_num_players=game_type.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(kit_name),
    )


@functools.cache
def _game_class(kit_name: str) -> type:
    game_type = _game_type(kit_name)

    class _Game(SleuthSpielGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, params or {})

    _Game.kit_name = kit_name
    _Game.__name__ = _Game.__qualname__ = _class_name(kit_name)
    return _Game


@dataclasses.dataclass(frozen=True)
class Context:
    """What every state of one configured game shares: the engine's game, and a table used
    as a scratch pad to compute masks and observations of any state."""

    engine: Game[Any]
    table: Table
    reward_kind: str
    kit_name: str
    key: tuple[tuple[str, object], ...]


@functools.lru_cache(maxsize=64)
def _context(kit_name: str, params: tuple[tuple[str, object], ...]) -> Context:
    merged = {**_parameters(kit_name), **dict(params)}
    engine = make_game(kit_name, int(str(merged["players"])), **_options(merged))
    interrupts = str(merged["interrupts"])
    if interrupts not in INTERRUPTS:
        raise pyspiel.SpielError(f"interrupts is one of {', '.join(INTERRUPTS)}")
    table = Table(engine, interrupts=interrupts, knowledge=bool(merged["knowledge"]))
    return Context(engine, table, check_reward(str(merged["reward"])), kit_name, params)


def context_of(game: Any) -> Context:
    """The shared context of a game object. OpenSpiel may hand a state a game object
    rebuilt from its parameters (its Python attributes gone): the class and the
    parameters are all that is read."""
    kit_name: str = type(game).kit_name
    return _context(kit_name, tuple(sorted(game.get_parameters().items())))


class SleuthSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs
    """One configured Sleuth game (``kit_name`` is set on each registered subclass)."""

    kit_name = ""

    def __init__(self, game_type: Any, params: dict[str, Any]) -> None:
        merged = {**_parameters(self.kit_name), **params}
        context = _context(self.kit_name, tuple(sorted(merged.items())))
        encoder = encoder_for(context.engine)
        low, high = encoder.score_bounds()
        scores = {"score": (low, high), "margin": (low - high, high - low)}.get(
            context.reward_kind, (-1.0, 1.0)
        )
        players = context.engine.players
        info = pyspiel.GameInfo(
            num_distinct_actions=context.table.num_actions,
            max_chance_outcomes=256,
            num_players=players,
            min_utility=float(scores[0]),
            max_utility=float(scores[1]),
            max_game_length=SEED_BYTES
            + _decision_limit(context, encoder.max_moves, encoder.longest_seen),
        )
        super().__init__(game_type, info, merged)

    def new_initial_state(self) -> SleuthSpielState:
        return SleuthSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SleuthObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SleuthObserver(context_of(self), perfect_recall)


def _decision_limit(context: Context, max_moves: int, seen: int | None) -> int:
    """The most decisions a game of this configuration is let run (``seen``: the encoder's
    ``longest_seen``):
    MARGIN times the longest seen, or the encoder's own bound on moves if it is lower."""
    # Between two moves every other seat may be offered one out-of-turn decision.
    offers = context.engine.players if context.table.interrupts == "offer" else 1
    bound = max_moves * offers
    return bound if seen is None else min(bound, MARGIN * seen)


class Shared:
    """An immutable engine state and the game's context, shared by a state and its clones:
    OpenSpiel clones a Python state by deep-copying its attributes, and these need none.

    ``seed`` and ``moves`` (the codes played since the deal) rebuild it where OpenSpiel
    serializes a state (by pickling its attributes); a resampled world has no such past.
    """

    __slots__ = ("context", "engine", "moves", "seed")

    def __init__(
        self,
        context: Context,
        engine: State | None,
        seed: int | None = None,
        moves: tuple[int, ...] | None = (),
    ) -> None:
        self.context, self.engine, self.seed, self.moves = context, engine, seed, moves

    def __deepcopy__(self, memo: dict[int, object]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if self.moves is None:
            raise pickle.PicklingError("a resampled world has no past to serialize it by")
        return _replayed, (self.context.kit_name, self.context.key, self.seed, self.moves)

    def then(self, engine: State, code: int) -> Shared:
        moves = None if self.moves is None else (*self.moves, code)
        return Shared(self.context, engine, self.seed, moves)


def _replayed(
    kit_name: str, key: tuple[tuple[str, object], ...], seed: int | None, moves: tuple[int, ...]
) -> Shared:
    context = _context(kit_name, key)
    if seed is None:
        return Shared(context, None)
    table = context.table
    table.reset(seed)
    for code in moves:
        table.step(code)
    return Shared(context, table.state, seed, moves)


class SleuthSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no stubs
    """A pyspiel state over an immutable engine state, the seats still to be asked, and each
    seat's own decisions (``None``: unknown, in a resampled world)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        context = context_of(game)
        self.shared = Shared(context, None)
        self.seed_bytes: list[int] = []
        self.queue: list[int] = []
        self.own: list[list[int] | None] = [[] for _ in range(context.engine.players)]
        self.decisions, self.limit = 0, int(game.max_game_length()) - SEED_BYTES

    @property
    def engine(self) -> State | None:
        return self.shared.engine

    @property
    def context(self) -> Context:
        return self.shared.context

    # --- the state ---------------------------------------------------------------------------

    def current_player(self) -> int:
        engine = self.shared.engine
        if engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if engine.outcome is not None or not self.queue or self.decisions >= self.limit:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.queue[0]

    def is_terminal(self) -> bool:
        engine = self.shared.engine
        if engine is None:
            return False
        return engine.outcome is not None or self.decisions >= self.limit

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1 / 256) for byte in range(256)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.shared.engine is None or player != self.current_player():
            return []
        codes: list[int] = np.flatnonzero(self.table().mask(player)).tolist()
        return codes

    def _apply_action(self, action: int) -> None:
        context = self.shared.context
        if self.shared.engine is None:
            self.seed_bytes.append(int(action))
            if len(self.seed_bytes) == SEED_BYTES:
                table, seed = context.table, int.from_bytes(bytes(self.seed_bytes), "big")
                table.reset(seed)
                self.shared = Shared(context, table.state, seed)
                self.queue = list(table.queue)
            return
        seat = self.queue[0]
        table = self.table()
        table.step(int(action))
        self.shared = self.shared.then(table.state, int(action))
        self.queue = list(table.queue)
        self.decisions += 1
        own = self.own[seat]
        if own is not None:
            own.append(int(action))

    def table(self) -> Table:
        """The shared table, set to this state."""
        table, engine = self.shared.context.table, self.shared.engine
        if engine is None:
            raise pyspiel.SpielError("the deal is not made yet")
        if table.state is not engine or table.queue != self.queue:
            table.set_state(engine, self.queue)
        return table

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return self.shared.context.table.action_name(int(action))

    def returns(self) -> list[float]:
        engine, context = self.shared.engine, self.shared.context
        if engine is None or engine.outcome is None:
            return [0.0] * context.engine.players
        return self.table().rewards(context.reward_kind)

    def __str__(self) -> str:
        engine = self.shared.engine
        if engine is None:
            return f"dealing: {len(self.seed_bytes)} of {SEED_BYTES} seed bytes drawn"
        return engine.view(None).render()

    # --- resampling for IS-MCTS ------------------------------------------------------------------

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> Any:
        """A state ``player`` cannot tell from this one, its hidden facts drawn by the kit's
        sampler; ``probability_sampler()`` (a number in [0, 1)) seeds the draw."""
        seed = int(float(probability_sampler()) * 2**53)
        return self.resampled(player, random.Random(seed))

    def resampled(self, player: int, rng: random.Random) -> Any:
        twin = self.clone()
        engine = self.shared.engine
        if engine is None or engine.outcome is not None:
            return twin
        sample = _sampler(self.shared.context)
        twin.shared = Shared(self.shared.context, sample(engine.view(player), rng), None, None)
        twin.own = [own if seat == player else None for seat, own in enumerate(twin.own)]
        return twin


def resampler(seed: int) -> Callable[[Any, int], Any]:
    """For ``ISMCTSBot.set_resampler``: a function giving a world ``player`` cannot tell
    from ``state``, drawn from its own generator seeded with ``seed``."""
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> Any:
        return state.resampled(player, rng)

    return resample


def _sampler(context: Context) -> Callable[[Any, random.Random], State]:
    kit, title = find_kit(context.kit_name), context.engine.title
    if not kit.has(SAMPLER):
        raise PartError(f"{title} has no sampler: its states cannot be resampled")
    loaded = kit.load(SAMPLER)
    if not callable(loaded):
        raise PartError(f"{title}: part {SAMPLER} is not callable")
    sample: Callable[[Any, random.Random], State] = loaded
    return sample


class SleuthObserver:
    """OpenSpiel's Python observer: ``tensor``, ``dict`` of named slices, ``set_from`` and
    ``string_from``. With perfect recall the seat's own decisions are added."""

    def __init__(self, context: Context, perfect_recall: bool) -> None:
        self.context, self.perfect_recall = context, perfect_recall
        layout = context.table.observer.layout
        self.history_size = context.table.num_actions
        size = layout.size + (self.history_size if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {
            segment.name: self.tensor[segment.start : segment.stop] for segment in layout.segments
        }
        if perfect_recall:
            self.dict["own_decisions"] = self.tensor[layout.size :]

    def set_from(self, state: SleuthSpielState, player: int) -> None:
        self.tensor.fill(0)
        if state.engine is None:
            return
        table = state.table()
        self.tensor[: table.observer.size] = table.observe(player)
        own = state.own[player]
        if self.perfect_recall and own:
            counts = np.bincount(np.asarray(own, dtype=np.int64), minlength=self.history_size)
            self.dict["own_decisions"][:] = counts

    def string_from(self, state: SleuthSpielState, player: int) -> str:
        if state.engine is None:
            return str(state)
        table = state.table()
        decision = table.decision
        asked = ""
        if decision is not None and decision.seat == player:
            asked = "asked: out of turn" if decision.interrupt else "asked: its move"
        lines = [_view_text(state.engine, player), asked]
        if self.perfect_recall:
            own = state.own[player]
            if own is None:
                lines.append("own decisions: unknown (a resampled world)")
            else:
                lines.append("own decisions: " + "; ".join(map(table.action_name, own)))
        return "\n".join(lines)


def _view_text(engine: State, seat: int) -> str:
    """The view's text and every field of it: ``render`` may leave a field out."""
    view = engine.view(seat)
    fields = ", ".join(
        f"{f.name}={getattr(view, f.name)!r}"
        for f in dataclasses.fields(view)  # type: ignore[arg-type]  # views are dataclasses
        if f.name != "config"
    )
    return f"{view.render()}\n[{fields}]"


def load(name: str, players: int | None = None, **params: object) -> Any:
    """``register()``, then the OpenSpiel game of the Sleuth game ``name`` (any alias)."""
    register()
    kit = find_kit(name)
    settings: dict[str, object] = dict(params)
    if players is not None:
        settings["players"] = players
    return pyspiel.load_game(game_name(kit.name), settings)


__all__ = ["REWARDS", "SleuthSpielGame", "SleuthSpielState", "load", "register", "resampler"]
