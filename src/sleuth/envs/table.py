"""The table every research environment runs on: who decides now, what they may do, as codes.

The engine lets several seats act at one moment (an accusation at any time, mysteries chosen
in any order). A framework that asks one agent at a time gets them as *decisions*: before
each move of the seat the game waits on, every other seat that may act now is offered the
move in seat order after the mover (as ``sleuth.arena`` asks its bots), with one more
action, ``wait``, to let the moment pass. A seat that acts ends the round of offers and the
game goes on from the new state; when every offered seat has waited, the mover decides,
without ``wait``. With ``interrupts="none"`` only the mover is ever asked: a restriction of
the rules (another seat's out-of-turn action is never taken), for learners that want it.

Codes are the kit encoder's (``sleuth.core.encoding``) plus ``wait`` as the last code; with
``actions="factored"`` the factored codes of ``sleuth.envs.factored`` come before ``wait``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from sleuth.core import (
    Game,
    GameError,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    State,
    find_kit,
)
from sleuth.core.encoding import Codes, Encoder
from sleuth.core.kit import ENCODER, PartError
from sleuth.core.protocol import Action
from sleuth.core.turns import interrupt_order

from .factored import Factoring, Partial
from .observe import Observer

WAIT = "wait"
INTERRUPTS = ("offer", "none")
ACTIONS = ("flat", "factored")
REWARDS = ("score", "win-lose", "margin")
MASKS_KEPT = 256  # masks a table keeps by their codes; all are dropped when it is full

Mask = npt.NDArray[np.int8]
Observation = npt.NDArray[np.float32]


class EnvError(GameError):
    """A research environment asked for something it cannot give (an option, a part)."""


@dataclass(frozen=True)
class Decision:
    """The seat asked now; ``interrupt`` if it is an out-of-turn offer (``wait`` allowed)."""

    seat: int
    interrupt: bool


def require_encoder(name: str) -> None:
    """``PartError`` naming the game if its kit has no encoder part."""
    kit = find_kit(name)
    if not kit.has(ENCODER):
        raise PartError(
            f"{kit.game.title} has no research-environment encoder (its kit lists no "
            f"{ENCODER!r} part), so it has no PettingZoo, Gymnasium or OpenSpiel environment"
        )


@functools.lru_cache(maxsize=64)
def encoder_for(game: Game[Any]) -> Encoder:
    """The kit's encoder for ``game``, built once per configuration."""
    require_encoder(game.name)
    kit = find_kit(game.name)
    loaded = kit.load(ENCODER)
    if not (isinstance(loaded, type) and issubclass(loaded, Encoder)):
        raise PartError(f"{game.title}: part {ENCODER} ({kit.parts[ENCODER]}) is not an Encoder")
    return loaded(game)


def make_table_game(name: str, players: int | None, options: dict[str, object]) -> Game[Any]:
    require_encoder(name)
    game_type = find_kit(name).game
    count = game_type.min_players if players is None else players
    return game_type.configure(count, **options)


class Table:
    """One game in progress as decisions and codes; the engine state is ``state``."""

    def __init__(
        self,
        game: Game[Any],
        interrupts: str = "offer",
        knowledge: bool = False,
        actions: str = "flat",
    ) -> None:
        if interrupts not in INTERRUPTS:
            raise EnvError(f"interrupts is one of {', '.join(INTERRUPTS)}, not {interrupts!r}")
        if actions not in ACTIONS:
            raise EnvError(f"actions is one of {', '.join(ACTIONS)}, not {actions!r}")
        self.game = game
        self.encoder = encoder_for(game)
        self.interrupts = interrupts
        self.factoring: Factoring | None = None
        if actions == "factored":
            try:
                self.factoring = Factoring(self.encoder, game.title)
            except ValueError as error:
                raise EnvError(str(error)) from None
        self.partial: Partial | None = None
        # Seats never offered an out-of-turn action: they act only when the game waits on
        # them (the Gymnasium learner with interrupts="own").
        self.unoffered: frozenset[int] = frozenset()
        self.observer = Observer(game, self.encoder, knowledge, self.factoring)
        self.wait_code = self.factoring.stop if self.factoring else self.encoder.actions.size
        self.num_actions = self.wait_code + 1
        self.state: State = game.new(0)
        self.moves = 0  # engine actions applied since the reset, every seat's
        self.queue: list[int] = []
        self._masks: dict[int, Mask] = {}
        # The same spans and grids of codes come back step after step: each set's mask is
        # made once (read-only, so that every caller can be handed the same array).
        self._made: dict[tuple[object, ...], tuple[Mask, int]] = {}
        self._nothing: Mask = np.zeros(self.num_actions, dtype=np.int8)
        self._nothing.flags.writeable = False
        self._decision: Decision | None = None
        self._schedule()

    # --- the game -----------------------------------------------------------------------

    def reset(self, seed: int) -> None:
        self.state = self.game.new(seed)
        self.moves = 0
        self._schedule()

    def set_state(self, state: State, queue: Sequence[int] | None = None) -> None:
        """Continue from ``state`` (a sampled world, a hidden twin); ``queue`` keeps the
        seats still to be asked at this moment, else the offers start afresh."""
        self.state = state
        if queue is None:
            self._schedule()
        else:
            self.queue = list(queue)
            self._masks = {}
            self.partial = None

    def _schedule(self) -> None:
        self._masks = {}
        self.partial = None
        state = self.state
        mover = state.to_move()
        if state.outcome is not None or mover is None:
            self.queue = []
            return
        others = interrupt_order(state) if self.interrupts == "offer" else []
        if self.unoffered:
            others = [seat for seat in others if seat not in self.unoffered]
        self.queue = [*others, mover]

    @property
    def decision(self) -> Decision | None:
        queue = self.queue
        if not queue:
            return None
        key = (queue[0], len(queue) > 1)
        if self._decision is None or (self._decision.seat, self._decision.interrupt) != key:
            self._decision = Decision(*key)
        return self._decision

    @property
    def over(self) -> bool:
        return self.state.outcome is not None

    # --- what a seat sees and may do ----------------------------------------------------

    def mask(self, seat: int) -> Mask:
        """The codes ``seat`` may choose now (all 0 unless it is the seat asked)."""
        cached = self._masks.get(seat)
        if cached is not None:
            return cached
        decision = self.decision
        if decision is None or decision.seat != seat:
            mask = self._nothing
        else:
            mask = self.legal_mask(seat, decision.interrupt)
            if self.factoring is not None:
                mask = self.factoring.mask(mask, self.partial)
        self._masks[seat] = mask
        return mask

    def legal_mask(self, seat: int, interrupt: bool) -> Mask:
        """The flat codes of ``seat``'s legal actions now (and ``wait`` if ``interrupt``),
        whoever is asked: the parallel environment asks every seat that may act at once."""
        codes = Codes()
        self.encoder.legal_codes(self.state, seat, codes)
        if codes.spans or codes.grids:
            key = (codes.key(), interrupt)
            made = self._made.get(key)
            if made is None:
                made = self._make_mask(codes, interrupt)
                if len(self._made) >= MASKS_KEPT:
                    self._made.clear()
                self._made[key] = made
        else:  # a few single codes: quicker made afresh than looked up
            made = self._make_mask(codes, interrupt)
        mask, coded = made
        legal = len(self.state.legal_actions(seat))
        if coded != legal:
            raise RuntimeError(
                f"{self.game.title} encoder: {coded} codes for {legal} legal actions of seat {seat}"
            )
        return mask

    def _make_mask(self, codes: Codes, interrupt: bool) -> tuple[Mask, int]:
        """The read-only mask of ``codes`` (and ``wait`` for an interrupt), and how many
        action codes it holds."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        for start, stop in codes.spans:
            mask[start:stop] = 1
        if codes.codes:
            mask[np.array(codes.codes, dtype=np.intp)] = 1
        for base, axes in codes.grids:
            index = np.asarray(base)
            for stride, positions in axes:
                index = np.add.outer(index, stride * np.asarray(positions))
            mask[index.ravel()] = 1
        coded = int(np.count_nonzero(mask))
        if interrupt:
            mask[self.wait_code] = 1
        mask.flags.writeable = False
        return mask, coded

    def observe(self, seat: int) -> Observation:
        decision = self.decision
        asked = decision if decision is not None and decision.seat == seat else None
        observation = self.observer.observe(self.state, seat, asked)
        if asked is not None and self.partial is not None and self.factoring is not None:
            at = self.observer.factored_at
            observation[[at + i for i in self.factoring.observed(self.partial)]] = 1.0
        return observation

    @functools.cached_property
    def drastic(self) -> npt.NDArray[np.bool_]:
        """Per code, whether its action can knock its seat out (``Action.drastic``)."""
        actions = self.encoder.actions
        flags = [actions.action(code).drastic for code in range(actions.size)]
        if self.factoring is not None:
            for code in range(actions.size, self.wait_code):
                combination = self.factoring.by_code[code]
                head = code == combination.head
                flags.append(head and any(flags[combination.start : combination.stop]))
        return np.array([*flags, False], dtype=np.bool_)

    def action_name(self, code: int) -> str:
        if code == self.wait_code:
            return WAIT
        if self.factoring is not None and code >= self.factoring.base:
            return self.factoring.name(code)
        return str(self.encoder.actions.action(code))

    def action_index(self, text: str) -> int:
        if text.strip().lower() == WAIT:
            return self.wait_code
        if self.factoring is not None:
            code = self.factoring.index(" ".join(text.split()))
            if code is not None:
                return code
        return self.encoder.actions.code(self.game.parse_action(text))

    # --- acting ----------------------------------------------------------------------------

    def check(self, code: int) -> None:
        """``IllegalActionError`` naming the action if the seat asked may not take ``code``."""
        decision = self.decision
        if decision is None:
            raise IllegalActionError("the game is over: no action is taken")
        if not 0 <= code < self.num_actions:
            raise InvalidActionError(
                f"action {code} is outside the action space (0-{self.num_actions - 1})"
            )
        if self.mask(decision.seat)[code]:
            return
        seat = decision.seat
        if code == self.wait_code:
            raise IllegalActionError(
                f"seat {seat} cannot wait now (action {code}, {WAIT}): the game waits on it"
                + (f", or its {self.partial.combination.kind} is begun" if self.partial else "")
            )
        self._check_factored(seat, code)
        action = self.encoder.actions.action(code)
        try:
            self.state.check(seat, action)
        except GameError as error:
            raise IllegalActionError(f"action {code} ({action}): {error}") from None
        raise IllegalActionError(f"action {code} ({action}) is not legal for seat {seat} now")

    def _check_factored(self, seat: int, code: int) -> None:
        """The error of a code outside the mask that factored actions explain."""
        factoring = self.factoring
        if factoring is None:
            return
        if self.partial is not None:
            raise IllegalActionError(
                f"action {code} ({self.action_name(code)}) is not open to seat {seat}: its "
                f"{self.partial.combination.kind} is begun, a next part is asked"
            )
        if code >= factoring.base:
            raise IllegalActionError(
                f"action {code} ({self.action_name(code)}) is not open to seat {seat} now"
            )
        for combination in factoring.combinations:
            if combination.start <= code < combination.stop:
                raise IllegalActionError(
                    f"action {code} ({self.action_name(code)}): with factored actions an "
                    f"{combination.kind} is chosen as {combination.kind!r} and then its parts"
                )

    def step(self, code: int) -> None:
        """Take ``code`` for the seat asked; on an error nothing changes."""
        self.check(code)
        decision = self.decision
        if decision is None:  # check raised already
            raise IllegalActionError("the game is over")
        if code == self.wait_code:
            self.queue.pop(0)
            self._masks = {}
            return
        if self.factoring is not None and code >= self.factoring.base:
            self.partial, flat = self.factoring.choose(self.partial, code)
            self._masks = {}
            if flat is None:
                return
            code = flat
        self.play(decision.seat, self.encoder.actions.action(code))

    def play(self, seat: int, action: Action) -> None:
        """Apply an engine action of the seat asked (a bot's choice); the checked entry."""
        self.state = self.state.apply(seat, action)
        self.moves += 1
        self._schedule()

    def wait(self) -> None:
        """The seat asked lets an out-of-turn offer pass."""
        decision = self.decision
        if decision is None or not decision.interrupt:
            raise IllegalActionError("no out-of-turn offer to let pass now")
        self.queue.pop(0)
        self._masks = {}

    def rewards(self, reward: str) -> list[float]:
        """Each seat's reward once the game is over (``outcome_rewards``)."""
        return outcome_rewards(self.state.outcome, self.game.players, reward)


def outcome_rewards(outcome: Outcome | None, players: int, reward: str) -> list[float]:
    """Each seat's reward for ``outcome``: its score; with ``win-lose`` 1 for a winner and
    -1 for the others (0 for everyone if nobody won); with ``margin`` its score minus the
    best score of the others (so a 0-0 tie pays nothing); all 0 before the end."""
    if outcome is None:
        return [0.0] * players
    scores = [float(s) for s in outcome.scores]
    if reward == "score":
        return scores
    if reward == "margin":
        return [
            score - max(other for seat, other in enumerate(scores) if seat != mine)
            for mine, score in enumerate(scores)
        ]
    if not outcome.winners:
        return [0.0] * players
    return [1.0 if s in outcome.winners else -1.0 for s in range(players)]


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise EnvError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


def random_code(
    mask: Mask, drastic: npt.NDArray[np.bool_], rng: np.random.Generator, rate: float = 0.01
) -> int:
    """A random legal code as Sleuth's random bot plays: a drastic one (an accusation) with
    probability ``rate``, or when nothing else is legal; uniform otherwise."""
    legal = mask.astype(np.bool_)
    ordinary = np.flatnonzero(legal & ~drastic)
    risky = np.flatnonzero(legal & drastic)
    pool = risky if len(risky) and (not len(ordinary) or rng.random() < rate) else ordinary
    if not len(pool):
        raise IllegalActionError("no legal action: the seat is not asked now")
    return int(pool[rng.integers(len(pool))])
