"""One seat of a Sleuth game as a Gymnasium environment; Sleuth bots play the other seats.

``gymnasium_env("black-vienna", players=4, opponents="deductive")``: the learner plays
``seat`` (default 0); ``opponents`` is one bot spec for every other seat or a list of specs,
one per other seat in seat order (``sleuth.agents.make_agent``: ``random``, ``basic``,
``deductive``, ``ismcts:iterations=200``...). The bots see only their own views and draw
from generators keyed under the environment's secret ``bot_key`` (HMAC of the episode's seed
and the seat, as the arena keys them), never from the seed alone, which a bot could search
back to the deal. The same environment and seed replay a whole episode; pass ``bot_key``
(bytes, e.g. another environment's ``bot_key``) to replay it elsewhere. Observations and
codes are those of the PettingZoo environment (``sleuth.envs.aec``); out-of-turn offers to
the learner come with ``wait``, and the bots are offered theirs as ``sleuth.arena`` offers
them. The reward comes at the end (the learner's score, ``reward="win-lose"`` or
``reward="margin"``, as in ``sleuth.envs.aec``).

An action outside the mask raises ``IllegalActionError`` naming it and changes nothing, by
default as in the PettingZoo environment; ``illegal="penalty"`` ends the episode with
``penalty`` instead, for learners without masks and for checkers that sample any code of
the action space (``gymnasium.utils.env_checker.check_env``, Stable-Baselines3's).
``action_masks()`` gives the mask as booleans, for maskable learners.
``interrupts="own"`` offers the learner nothing out of turn: it may take an out-of-turn
action (an accusation) only within its own moves, a restriction of the rules; the bots are
offered theirs. ``actions="factored"`` as in ``sleuth.envs.aec``.
If the bots end the game before the learner's first decision, ``reset`` returns the final
observation (an all-zero mask, ``info["over"]``) and the next ``step`` ends the episode.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from sleuth.agents import Agent, make_agent
from sleuth.core import GameError, IllegalActionError, InvalidActionError
from sleuth.core.rng import keyed_seed, secret_key

from .aec import (
    ILLEGAL_DEFAULT,
    RENDER_FPS,
    RENDER_MODES,
    ObsDict,
    action_code,
    check_env_options,
    observation_space,
)
from .table import INTERRUPTS, EnvError, Table, check_reward, make_table_game

# "own": the learner is never offered an out-of-turn action (its accusation comes only
# within its own moves); the bots are offered theirs.
LEARNER_INTERRUPTS = (*INTERRUPTS, "own")


class SleuthGymEnv(gymnasium.Env[ObsDict, np.int64]):
    """A single-agent Sleuth game (see the module's docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012  (gymnasium declares it)

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "score",
        illegal: str = ILLEGAL_DEFAULT,
        penalty: float = -1.0,
        interrupts: str = "offer",
        knowledge: bool = False,
        actions: str = "flat",
        max_steps: int | None = None,
        render_mode: str | None = None,
        bot_key: bytes | None = None,
        **options: object,
    ) -> None:
        check_env_options(illegal, render_mode, max_steps)
        if bot_key is not None and (not isinstance(bot_key, bytes) or len(bot_key) < 16):
            raise EnvError("bot_key: at least 16 bytes (a secret key for the bots' generators)")
        self.bot_key = bot_key if bot_key is not None else secret_key()
        self.game = make_table_game(game, players, dict(options))
        players = self.game.players
        if type(seat) is not int or not 0 <= seat < players:
            raise EnvError(f"seat {seat!r} is not a seat of this {players}-player game")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise EnvError(f"opponents: {players - 1} bot specs needed, got {len(specs)}")
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        self.bots: dict[int, Agent] = {
            s: make_agent(spec, self.game.name) for s, spec in zip(others, specs, strict=True)
        }
        self.opponents = dict(zip(others, specs, strict=True))
        if interrupts not in LEARNER_INTERRUPTS:
            raise EnvError(
                f"interrupts is one of {', '.join(LEARNER_INTERRUPTS)}, not {interrupts!r}"
            )
        self.table = Table(
            self.game,
            interrupts="offer" if interrupts == "own" else interrupts,
            knowledge=knowledge,
            actions=actions,
        )
        if interrupts == "own":
            self.table.unoffered = frozenset({seat})
        self.reward_kind = check_reward(reward)
        self.illegal, self.penalty = illegal, float(penalty)
        self.max_steps, self.render_mode = max_steps, render_mode
        self.observation_space = observation_space(self.table)
        self.action_space = gymnasium.spaces.Discrete(self.table.num_actions)
        self._rngs: dict[int, random.Random] = {}
        self._playing = False  # bots started and not yet finished
        self._done = True
        self._steps = 0

    # --- the action space, as in the PettingZoo environment ------------------------------

    def action_name(self, code: int) -> str:
        return self.table.action_name(operator.index(code))

    def action_index(self, text: str) -> int:
        return self.table.action_index(text)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.table.mask(self.seat).astype(bool)

    # --- the episode -----------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        self._finish_bots(None)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63))
        self.seed_used = game_seed
        self.table.reset(game_seed)
        self._rngs = {
            s: random.Random(keyed_seed(self.bot_key, "bot", game_seed, s)) for s in self.bots
        }
        for s, bot in self.bots.items():
            bot.start(self.game, s, self._rngs[s], self._step_count)
        self._playing, self._done, self._steps = True, False, 0
        self._advance()
        info: dict[str, Any] = {}
        if self.table.over:
            info = {"over": True, **self._end_info()}
        return self._observation(), info

    def step(
        self, action: np.int64 | int
    ) -> tuple[ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._done:
            raise EnvError("step: the episode is over, call reset()")
        if self.table.over:  # the bots ended it before the learner's first decision
            return self._finish(0)
        code = action_code(action)
        try:
            self.table.check(code)
        except (IllegalActionError, InvalidActionError) as error:
            if self.illegal == "raise":
                raise
            self._done = True
            self._finish_bots(None)
            return self._observation(), self.penalty, True, False, {"illegal": str(error)}
        self.table.step(code)
        self._steps += 1
        self._advance()
        if self.table.over:
            return self._finish(self._steps)
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        if truncated:
            self._done = True
            self._finish_bots(None)
        return self._observation(), 0.0, False, truncated, {}

    def _finish(self, steps: int) -> tuple[ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        self._done = True
        self._finish_bots(self.table.state.outcome)
        reward = self.table.rewards(self.reward_kind)[self.seat]
        return self._observation(), reward, True, False, self._end_info()

    def _end_info(self) -> dict[str, Any]:
        outcome = self.table.state.outcome
        if outcome is None:
            return {}
        return {
            "scores": list(outcome.scores),
            "winners": list(outcome.winners),
            "reason": str(outcome.reason),
        }

    def _advance(self) -> None:
        """Let the bots decide until the learner is asked or the game is over."""
        table = self.table
        while (decision := table.decision) is not None and decision.seat != self.seat:
            seat, bot = decision.seat, self.bots[decision.seat]
            state = table.state
            view, legal, rng = state.view(seat), state.legal_actions(seat), self._rngs[seat]
            if decision.interrupt:
                action = bot.interrupt(view, legal, rng)
                if action is None:
                    table.wait()
                    continue
            else:
                action = bot.act(view, legal, rng)
            try:
                table.play(seat, action)
            except GameError as error:
                spec = self.opponents[seat]
                raise EnvError(f"bot {spec!r} at seat {seat} chose {action}: {error}") from error

    def _observation(self) -> ObsDict:
        return {
            "observation": self.table.observe(self.seat),
            "action_mask": self.table.mask(self.seat).copy(),
        }

    def _step_count(self) -> int:
        return self.table.moves  # the game's steps, every seat's, as the arena counts them

    def _finish_bots(self, outcome: Any) -> None:
        if self._playing:
            self._playing = False
            for bot in self.bots.values():
                bot.finish(outcome)

    def render(self) -> str | None:
        text = self.table.state.view(self.seat).render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._finish_bots(None)
        super().close()
