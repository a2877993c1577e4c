"""PettingZoo AEC environments for every registered game that has an encoder.

``pettingzoo_env("black-vienna", players=4, **options)`` plays one game of the engine per
episode. Agents are ``seat_0``, ``seat_1``... Each observation is ``{"observation":
float32[n], "action_mask": int8[A]}``: the seat's view encoded by the kit's encoder (named
slices: ``env.layout``), and the codes it may choose (all 0 unless it is the seat asked).
Seats are asked as ``sleuth.envs.table`` describes: out-of-turn actions (Black Vienna's
accusations, 13 Clues' mystery choices) are offered before each move, ``wait`` lets them
pass. Rewards come at the end: each seat's score, with ``reward="win-lose"`` 1 for a
winner and -1 for the others (0 for all when nobody wins), or with ``reward="margin"`` the
seat's score minus the best other score. An action outside the mask raises
``IllegalActionError`` naming it and changes nothing (the default of both this and the
Gymnasium environment); with ``illegal="penalty"`` (PettingZoo's classic convention) it ends
the game instead, ``penalty`` for the seat that took it and 0 for the others.
``actions="factored"`` offers combinations (Black Vienna's accusation and guess) a part at a
time (``sleuth.envs.factored``); the flat codes, the engine's actions one to one, are the
default.
"""

from __future__ import annotations

import operator
import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from sleuth.core import IllegalActionError, InvalidActionError
from sleuth.core.encoding import Layout

from .table import EnvError, Mask, Observation, Table, check_reward, make_table_game

ILLEGAL = ("raise", "penalty")
# Both APIs refuse an illegal action by default: nothing changes and the error names it, so a
# learner that ignores the mask fails loudly instead of learning from a made-up ending.
ILLEGAL_DEFAULT = "raise"
RENDER_MODES = ("ansi", "human")
RENDER_FPS = 1  # the renderings are text, one frame a decision


def check_env_options(illegal: str, render_mode: str | None, max_steps: int | None) -> None:
    """The options every Sleuth environment takes, each refused by name when wrong."""
    if illegal not in ILLEGAL:
        raise EnvError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
    if render_mode not in (None, *RENDER_MODES):
        raise EnvError(f"render_mode is ansi, human or None, not {render_mode!r}")
    if max_steps is not None and max_steps < 1:
        raise EnvError(f"max_steps is a positive number of steps, not {max_steps!r}")


ObsDict = dict[str, Any]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class SleuthAECEnv(AECEnv[str, ObsDict, int]):  # type: ignore[misc]  # untyped library
    """One Sleuth game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        reward: str = "score",
        illegal: str = ILLEGAL_DEFAULT,
        penalty: float = -1.0,
        interrupts: str = "offer",
        knowledge: bool = False,
        actions: str = "flat",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        check_env_options(illegal, render_mode, max_steps)
        self.game = make_table_game(game, players, dict(options))
        self.table = Table(self.game, interrupts=interrupts, knowledge=knowledge, actions=actions)
        self.reward_kind = check_reward(reward)
        self.illegal, self.penalty = illegal, float(penalty)
        self.max_steps, self.render_mode = max_steps, render_mode
        self.possible_agents = [agent_name(s) for s in range(self.game.players)]
        self.seat_of = {name: s for s, name in enumerate(self.possible_agents)}
        self.observation_spaces = {
            name: observation_space(self.table) for name in self.possible_agents
        }
        self.action_spaces = {
            name: gymnasium.spaces.Discrete(self.table.num_actions) for name in self.possible_agents
        }
        self._seeds = random.Random()
        self._steps = 0
        self._reset_done = False
        self.agents: list[str] = []

    # --- what the environment is -------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """The observation's named slices (``env.layout.describe()`` prints them)."""
        return self.table.observer.layout

    @property
    def wait_action(self) -> int:
        return self.table.wait_code

    def action_name(self, code: int) -> str:
        """The notation of action ``code`` (``wait`` for the last code)."""
        return self.table.action_name(operator.index(code))

    def action_index(self, text: str) -> int:
        """The code of an action in the game's notation (``"ask 2 AOR"``, ``"wait"``)."""
        return self.table.action_index(text)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[ObsDict]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self.action_spaces[agent]

    # --- the episode -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``seed`` is the engine's deal seed (the same seed, the same deal);
        without one the next seed comes from the environment's own generator."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self.table.reset(game_seed)
        self.seed_used = game_seed
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._steps = 0
        self._reset_done = True
        self._select()

    def _select(self) -> None:
        decision = self.table.decision
        if decision is not None:
            self.agent_selection = self.possible_agents[decision.seat]

    def observe(self, agent: str) -> ObsDict:
        self._need_reset("observe")
        seat = self._seat(agent)
        observation: Observation = self.table.observe(seat)
        mask: Mask = self.table.mask(seat)
        return {"observation": observation, "action_mask": mask.copy()}

    def step(self, action: int | None) -> None:
        self._need_reset("step")
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)  # None, or PettingZoo's error
            return
        code = action_code(action)
        try:
            self.table.check(code)
        except (IllegalActionError, InvalidActionError) as error:
            if self.illegal == "raise":
                raise
            self._end_illegal(agent, str(error))
            return
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        self.table.step(code)
        self._steps += 1
        if self.table.over:
            outcome = self.table.state.outcome
            for name, value in zip(self.agents, self.table.rewards(self.reward_kind), strict=True):
                self.rewards[name] = value
                self.terminations[name] = True
                if outcome is not None:
                    self.infos[name] = {
                        "scores": list(outcome.scores),
                        "winners": list(outcome.winners),
                        "reason": str(outcome.reason),
                    }
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def _end_illegal(self, agent: str, message: str) -> None:
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        for name in self.agents:
            self.rewards[name] = self.penalty if name == agent else 0.0
            self.terminations[name] = True
        self.infos[agent] = {"illegal": message}
        self._accumulate_rewards()

    def __str__(self) -> str:
        return f"sleuth_{self.game.name}"

    def render(self) -> str | None:
        self._need_reset("render")
        text = self.table.state.view(None).render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the engine holds no resource."""

    def _seat(self, agent: str) -> int:
        seat = self.seat_of.get(agent)
        if seat is None:
            raise EnvError(f"no agent {agent!r} (agents: {', '.join(self.possible_agents)})")
        return seat

    def _need_reset(self, what: str) -> None:
        if not self._reset_done:
            raise EnvError(f"{what}: call reset() first")


def action_code(action: object) -> int:
    """An agent's action as a code: an integer (never a bool), else a clear error."""
    if action is None:
        raise InvalidActionError("the agent asked must act: None is only for a finished agent")
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise InvalidActionError(f"an action is an integer code, not {action!r}")
    return operator.index(action)


def observation_space(table: Table) -> gymnasium.spaces.Dict:
    """The space of one seat's observations: the encoded view and the action mask."""
    box = gymnasium.spaces.Box
    return gymnasium.spaces.Dict(
        {
            "observation": box(0.0, 1.0, (table.observer.size,), np.float32),
            "action_mask": box(0, 1, (table.num_actions,), np.int8),
        }
    )


def pettingzoo_env(game: str, players: int | None = None, **kwargs: Any) -> SleuthAECEnv:
    """The PettingZoo AEC environment of ``game`` (any name or alias) for ``players`` seats
    (default: the fewest), with rule options and environment options by keyword."""
    return SleuthAECEnv(game, players, **kwargs)
